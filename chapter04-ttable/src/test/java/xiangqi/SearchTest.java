package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Named.named;
import static xiangqi.Fixtures.ATTACK;
import static xiangqi.Fixtures.CHECKMATED;
import static xiangqi.Fixtures.DEFENDED_SOLDIER;
import static xiangqi.Fixtures.HANGING_CHARIOT;
import static xiangqi.Fixtures.MATE_IN_ONE;
import static xiangqi.Fixtures.MATE_IN_TWO;
import static xiangqi.Fixtures.MIDDLEGAME;
import static xiangqi.Fixtures.STALEMATED;
import static xiangqi.Fixtures.after;
import static xiangqi.Fixtures.legalMoveCount;
import static xiangqi.Fixtures.uci;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class SearchTest {

    /** The search these tests specify: chapter 3's, without the table (TranspositionTableTest covers the table). */
    private static Search newSearch() {
        return Search.withAlphaBeta();
    }

    private static Search.Result search(String fen, int depth) {
        return newSearch().search(Position.fromFen(fen), depth);
    }

    // ------------------------------------------------------------------ mate scores

    @ParameterizedTest(name = "depth {0}")
    @ValueSource(ints = {1, 2, 4})
    @DisplayName("a checkmated side to move scores -MATE at the root and has no best move")
    void checkmatedRoot(int depth) {
        Position position = Position.fromFen(CHECKMATED);
        assertThat(position.inCheck()).as("the general is in check").isTrue();
        assertThat(legalMoveCount(position)).as("and there is no way out").isZero();

        Search.Result result = newSearch().search(position, depth);

        assertThat(result.score()).isEqualTo(Score.matedIn(0)).isEqualTo(-Score.MATE);
        assertThat(result.pv()).as("no move, no principal variation").isEmpty();
        assertThat(result.bestMove()).isEqualTo(Move.NONE);
        assertThat(result.nodes()).as("the root is the only node").isEqualTo(1);
    }

    @ParameterizedTest(name = "depth {0}")
    @ValueSource(ints = {1, 2, 4})
    @DisplayName("stalemate (困毙) loses in Xiangqi: it scores exactly like checkmate")
    void stalematedRoot(int depth) {
        Position position = Position.fromFen(STALEMATED);
        assertThat(position.inCheck()).as("the general is not attacked").isFalse();
        assertThat(legalMoveCount(position)).as("but no move is legal").isZero();

        Search.Result result = newSearch().search(position, depth);

        assertThat(result.score()).isEqualTo(-Score.MATE);
        assertThat(result.pv()).isEmpty();
        assertThat(result.bestMove()).isEqualTo(Move.NONE);
    }

    @Test
    @DisplayName("mate in one needs depth 2: the mover's ply, then the node that finds no reply")
    void mateInOne() {
        Search.Result result = search(MATE_IN_ONE, 2);

        assertThat(result.score()).isEqualTo(Score.MATE - 1);
        assertThat(Score.toUci(result.score())).isEqualTo("mate 1");
        assertThat(uci(result.pv())).hasSize(1).first().isIn("i0i9", "e0e1");
        Position mated = after(MATE_IN_ONE, Move.toUci(result.bestMove()));
        assertThat(legalMoveCount(mated)).as("black has no move after " + Move.toUci(result.bestMove())).isZero();
    }

    @Test
    @DisplayName("at depth 1 the mate stays behind the horizon: the leaf is evaluated, not searched")
    void mateInOneIsBeyondDepthOne() {
        Search.Result result = search(MATE_IN_ONE, 1);

        assertThat(Score.isMate(result.score())).as("score %d", result.score()).isFalse();
    }

    @Test
    @DisplayName("mate in two is found at depth 4 (three plies plus the mated node), not at depth 3")
    void mateInTwo() {
        assertThat(Score.isMate(search(MATE_IN_TWO, 3).score())).as("depth 3").isFalse();

        Search.Result result = search(MATE_IN_TWO, 4);

        assertThat(result.score()).isEqualTo(Score.MATE - 3);
        assertThat(Score.toUci(result.score())).isEqualTo("mate 2");
        String[] line = uci(result.pv()).toArray(String[]::new);
        assertThat(line).as("red, black, red").hasSize(3);
        assertThat(legalMoveCount(after(MATE_IN_TWO, line))).as("black is mated at the end of the PV").isZero();
    }

    @Test
    @DisplayName("a mate score seen one ply deeper is one ply shorter: child score = -(root score) - 1")
    void mateScoresShiftByOnePly() {
        Search.Result root = search(MATE_IN_ONE, 2);
        Position child = after(MATE_IN_ONE, Move.toUci(root.bestMove()));

        Search.Result fromChild = newSearch().search(child, 1);

        assertThat(fromChild.score()).isEqualTo(Score.matedIn(0));
        assertThat(root.score()).isEqualTo(-fromChild.score() - 1);
    }

    // ------------------------------------------------------------------ minimax choices

    @Test
    @DisplayName("depth 1 takes an undefended chariot")
    void takesHangingChariot() {
        Search.Result result = search(HANGING_CHARIOT, 1);

        assertThat(Move.toUci(result.bestMove())).isEqualTo("a0a5");
        // One ply: the score is the static evaluation after the capture, seen by red.
        assertThat(result.score()).isEqualTo(-Evaluation.evaluate(after(HANGING_CHARIOT, "a0a5")));
        assertThat(result.score()).as("a chariot up").isGreaterThan(Evaluation.MATERIAL[Piece.CHARIOT] - 100);
    }

    @Test
    @DisplayName("depth 1 grabs a defended soldier with the chariot; depth 2 sees the recapture and declines")
    void depthTwoSeesRecapture() {
        Search.Result shallow = search(DEFENDED_SOLDIER, 1);
        Search.Result deeper = search(DEFENDED_SOLDIER, 2);

        assertThat(Move.toUci(shallow.bestMove())).as("depth 1, blind to the reply").isEqualTo("a0a5");
        assertThat(Move.toUci(deeper.bestMove())).as("depth 2").isNotEqualTo("a0a5");
        // The capture line, valued at depth 2, is worse than what depth 2 chose.
        int captureLine = -newSearch().search(after(DEFENDED_SOLDIER, "a0a5"), 1).score();
        assertThat(captureLine).isLessThan(deeper.score());
        assertThat(captureLine).as("a chariot given for a soldier")
                .isLessThan(deeper.score() - (Evaluation.MATERIAL[Piece.CHARIOT] - 2 * Evaluation.MATERIAL[Piece.SOLDIER]));
    }

    // ------------------------------------------------------------------ node and leaf counts

    @ParameterizedTest(name = "{0} at depth {1}")
    @CsvSource({
        "start, 1", "start, 2", "start, 3",
        "middlegame, 1", "middlegame, 2", "middlegame, 3",
    })
    @DisplayName("with no mate inside the horizon, minimax's leaves are perft's leaves")
    void leavesEqualPerft(String name, int depth) {
        Position position = Position.fromFen(name.equals("start") ? Position.START_FEN : MIDDLEGAME);

        Search.Result result = Search.minimax().search(position, depth);

        assertThat(result.leaves()).isEqualTo(new Perft(depth).count(position, depth));
    }

    @ParameterizedTest(name = "{0} at depth {1}")
    @CsvSource({"start, 1", "start, 2", "start, 3", "middlegame, 1", "middlegame, 2", "middlegame, 3"})
    @DisplayName("nodes count every level of the tree: 1 + perft(1) + ... + perft(depth)")
    void nodesAreTheWholeTree(String name, int depth) {
        Position position = Position.fromFen(name.equals("start") ? Position.START_FEN : MIDDLEGAME);
        long expected = 0;
        for (int level = 0; level <= depth; level++) {
            expected += new Perft(level).count(position, level); // perft(0) = 1, the root
        }

        assertThat(Search.minimax().search(position, depth).nodes()).isEqualTo(expected);
    }

    @Test
    @DisplayName("at depth 1 the nodes are the root plus one per legal move")
    void depthOneNodes() {
        Position position = Position.startPosition();

        Search.Result result = newSearch().search(position, 1);

        assertThat(result.nodes()).isEqualTo(legalMoveCount(position) + 1).isEqualTo(45);
        assertThat(result.leaves()).isEqualTo(44);
    }

    @Test
    @DisplayName("a line ending in mate is a search leaf but not a perft leaf")
    void mateLeavesAreExtra() {
        Position position = Position.fromFen(MATE_IN_ONE);

        Search.Result result = newSearch().search(position, 2);

        assertThat(result.leaves()).isGreaterThan(new Perft(2).count(position, 2));
    }

    // ------------------------------------------------------------------ the search's contract

    static Stream<Named<String>> positionsToLeaveUnchanged() {
        return Stream.of(named("start", Position.START_FEN), named("middlegame", MIDDLEGAME),
                named("mate in two", MATE_IN_TWO), named("checkmated", CHECKMATED),
                named("middlegame, black to move, clocks 17 42", MIDDLEGAME.replace(" w - - 0 1", " b - - 17 42")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("positionsToLeaveUnchanged")
    @DisplayName("the search leaves the position exactly as it found it, move clocks included")
    void positionUnchanged(String fen) {
        Position position = Position.fromFen(fen);
        String before = position.toFen();

        newSearch().search(position, 3);

        assertThat(position.toFen()).isEqualTo(before);
        assertThat(legalMoveCount(position)).isEqualTo(legalMoveCount(Position.fromFen(fen)));
    }

    static Stream<Named<String>> startMiddlegameAndDefendedSoldier() {
        return Stream.of(named("start", Position.START_FEN), named("middlegame", MIDDLEGAME),
                named("defended soldier", DEFENDED_SOLDIER));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("startMiddlegameAndDefendedSoldier")
    @DisplayName("the principal variation is a legal line as long as the depth")
    void pvIsLegal(String fen) {
        Search.Result result = search(fen, 3);

        List<String> line = uci(result.pv());
        assertThat(line).hasSize(3);
        after(fen, line.toArray(String[]::new)); // throws if a move is not legal where the line has arrived
        assertThat(result.bestMove()).isEqualTo(result.pv()[0]);
    }

    static Stream<Named<String>> startMiddlegameAndHangingChariot() {
        return Stream.of(named("start", Position.START_FEN), named("middlegame", MIDDLEGAME),
                named("hanging chariot", HANGING_CHARIOT));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("startMiddlegameAndHangingChariot")
    @DisplayName("negamax: the child after the best move, searched one ply less, scores -root and continues the PV")
    void negamaxConsistency(String fen) {
        Search.Result root = search(fen, 3);
        List<String> line = uci(root.pv());
        Position child = after(fen, line.get(0));

        Search.Result fromChild = newSearch().search(child, 2);

        assertThat(fromChild.score()).isEqualTo(-root.score());
        assertThat(uci(fromChild.pv())).isEqualTo(line.subList(1, line.size()));
    }

    @Test
    @DisplayName("no child scores better than the root: the root keeps the best negation")
    void rootIsTheMaximum() {
        Position position = Position.fromFen(MIDDLEGAME);
        int root = newSearch().search(position, 2).score();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.generateLegal(position, moves);

        int best = -Score.INFINITE;
        for (int i = 0; i < count; i++) {
            position.makeMove(moves[i]);
            best = Math.max(best, -newSearch().search(position, 1).score());
            position.unmakeMove(moves[i]);
        }

        assertThat(root).isEqualTo(best);
    }

    @Test
    @DisplayName("one Search object can be reused: a second search gives the same result")
    void reusable() {
        Search search = newSearch();
        Search.Result first = search.search(Position.fromFen(MIDDLEGAME), 2);
        search.search(Position.fromFen(MATE_IN_TWO), 4);

        Search.Result again = search.search(Position.fromFen(MIDDLEGAME), 2);

        assertThat(again.score()).isEqualTo(first.score());
        assertThat(again.pv()).isEqualTo(first.pv());
        assertThat(again.nodes()).isEqualTo(first.nodes()).isEqualTo(search.nodes());
    }

    // ------------------------------------------------------------------ Score

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "35, cp 35",
        "0, cp 0",
        "-35, cp -35",
        "29999, mate 1",      // MATE - 1: mate with our next move
        "29997, mate 2",      // MATE - 3
        "29998, mate 1",      // MATE - 2 (a mate in plies rounds up to whole moves)
        "-29998, mate -1",    // -MATE + 2: mated after one move of ours
        "-29996, mate -2",    // -MATE + 4
        "-30000, mate 0",     // -MATE: mated right now
        "29936, cp 29936",    // MATE_BOUND itself is still a normal score
        "29937, mate 32",     // MATE_BOUND + 1 is the longest mate: 63 plies
        "-29936, cp -29936",
        "-29937, mate -32",
    })
    @DisplayName("toUci writes centipawns, or mates in whole moves of the side to move")
    void toUci(int score, String expected) {
        assertThat(Score.toUci(score)).isEqualTo(expected);
    }

    @Test
    @DisplayName("the constants used above are the ones the code defines")
    void constants() {
        assertThat(Score.MATE).isEqualTo(30_000);
        assertThat(Score.MATE_BOUND).isEqualTo(Score.MATE - Score.MAX_PLY).isEqualTo(29_936);
        assertThat(Score.INFINITE).isGreaterThan(Score.MATE);
    }

    @Test
    @DisplayName("isMate starts strictly above MATE_BOUND, on both sides")
    void mateBoundary() {
        assertThat(Score.isMate(Score.MATE_BOUND)).isFalse();
        assertThat(Score.isMate(Score.MATE_BOUND + 1)).isTrue();
        assertThat(Score.isMate(-Score.MATE_BOUND)).isFalse();
        assertThat(Score.isMate(-Score.MATE_BOUND - 1)).isTrue();
        assertThat(Score.isMate(Score.matedIn(Score.MAX_PLY - 1))).as("the deepest mate the search can see").isTrue();
    }

    @Test
    @DisplayName("matedIn grows with the distance: a later mate is a smaller loss")
    void matedIn() {
        assertThat(Score.matedIn(0)).isEqualTo(-Score.MATE);
        assertThat(Score.matedIn(3)).isEqualTo(-Score.MATE + 3).isGreaterThan(Score.matedIn(1));
    }

    // ------------------------------------------------------------------ Evaluation

    /** The same position with colours swapped: ranks flipped, case swapped, the other side to move. */
    private static String colourFlipped(String fen) {
        String[] fields = fen.split(" ");
        List<String> ranks = new ArrayList<>(Arrays.asList(fields[0].split("/")));
        java.util.Collections.reverse(ranks);
        StringBuilder board = new StringBuilder();
        for (char c : String.join("/", ranks).toCharArray()) {
            board.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
        }
        return board + (fields[1].equals("w") ? " b" : " w") + " - - 0 1";
    }

    /** The same position seen in a mirror: files a..i become i..a. */
    private static String leftRightMirrored(String fen) {
        String[] fields = fen.split(" ");
        List<String> ranks = new ArrayList<>();
        for (String rank : fields[0].split("/")) {
            StringBuilder squares = new StringBuilder();
            for (char c : rank.toCharArray()) {
                squares.append(Character.isDigit(c) ? "1".repeat(c - '0') : String.valueOf(c));
            }
            ranks.add(squares.reverse().toString());
        }
        return String.join("/", ranks) + " " + fields[1] + " - - 0 1";
    }

    @ParameterizedTest(name = "side to move {0}")
    @ValueSource(strings = {"w", "b"})
    @DisplayName("the start position is symmetric, so it evaluates to 0 whoever moves")
    void startIsZero(String side) {
        Position position = Position.fromFen(Position.START_FEN.replace(" w ", " " + side + " "));

        assertThat(Evaluation.evaluate(position)).isZero();
    }

    static Stream<Named<String>> unevenPositions() {
        return Stream.of(named("middlegame", MIDDLEGAME), named("hanging chariot", HANGING_CHARIOT),
                named("defended soldier", DEFENDED_SOLDIER), named("mate in two", MATE_IN_TWO), named("attack", ATTACK));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unevenPositions")
    @DisplayName("swapping the colours (and the side to move) does not change the evaluation")
    void colourSymmetry(String fen) {
        Position flipped = Position.fromFen(colourFlipped(fen));

        assertThat(Evaluation.evaluate(flipped)).as(flipped.toFen()).isEqualTo(Evaluation.evaluate(Position.fromFen(fen)));
    }

    static Stream<Named<String>> middlegameHangingChariotAndAttack() {
        return Stream.of(named("middlegame", MIDDLEGAME), named("hanging chariot", HANGING_CHARIOT), named("attack", ATTACK));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("middlegameHangingChariotAndAttack")
    @DisplayName("the tables are symmetric left to right, so a mirrored board evaluates the same")
    void leftRightSymmetry(String fen) {
        Position mirrored = Position.fromFen(leftRightMirrored(fen));

        assertThat(Evaluation.evaluate(mirrored)).as(mirrored.toFen()).isEqualTo(Evaluation.evaluate(Position.fromFen(fen)));
    }

    @Test
    @DisplayName("every piece is worth the same on a square and on its left-right mirror image")
    void pieceValuesSymmetricLeftRight() {
        for (int piece = 1; piece < 16; piece++) {
            if (Piece.type(piece) == Piece.EMPTY) {
                continue;
            }
            for (int square = 0; square < Square.COUNT; square++) {
                int mirror = Square.of(Square.FILES - 1 - Square.file(square), Square.rank(square));
                assertThat(Evaluation.pieceValue(piece, mirror))
                        .as("%c on %s and %s", Piece.fenLetter(piece), Square.name(square), Square.name(mirror))
                        .isEqualTo(Evaluation.pieceValue(piece, square));
            }
        }
    }

    @Test
    @DisplayName("a black piece is worth what the red piece is worth on the square seen from red's side")
    void pieceValuesSymmetricBetweenColours() {
        for (int type = Piece.GENERAL; type <= Piece.SOLDIER; type++) {
            for (int square = 0; square < Square.COUNT; square++) {
                int flipped = Square.of(Square.file(square), Square.RANKS - 1 - Square.rank(square));
                assertThat(Evaluation.pieceValue(Piece.of(Piece.BLACK, type), flipped))
                        .as("%s on %s and %s", Position.typeName(type), Square.name(square), Square.name(flipped))
                        .isEqualTo(Evaluation.pieceValue(Piece.of(Piece.RED, type), square));
            }
        }
    }

    @Test
    @DisplayName("the evaluation is from the side to move's view: the other side sees its negation")
    void sideToMovePerspective() {
        int red = Evaluation.evaluate(Position.fromFen(MIDDLEGAME));
        int black = Evaluation.evaluate(Position.fromFen(MIDDLEGAME.replace(" w ", " b ")));

        assertThat(black).isEqualTo(-red).isNotZero();
    }

    @Test
    @DisplayName("removing an active black chariot gains red its material and more")
    void removingDevelopedChariot() {
        String without = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"; // HANGING_CHARIOT minus the a5 chariot
        int gain = Evaluation.evaluate(Position.fromFen(without)) - Evaluation.evaluate(Position.fromFen(HANGING_CHARIOT));

        assertThat(gain).isEqualTo(Evaluation.pieceValue(Piece.of(Piece.BLACK, Piece.CHARIOT), Square.of(0, 5)));
        assertThat(gain).isGreaterThanOrEqualTo(Evaluation.MATERIAL[Piece.CHARIOT]);
    }

    @Test
    @DisplayName("a chariot still in its corner is worth a little less than its material (-10)")
    void removingCornerChariot() {
        String without = MIDDLEGAME.replaceFirst("^r1ba1a3", "2ba1a3"); // black's a9 chariot gone
        int gain = Evaluation.evaluate(Position.fromFen(without)) - Evaluation.evaluate(Position.fromFen(MIDDLEGAME));

        assertThat(gain).isEqualTo(Evaluation.pieceValue(Piece.of(Piece.BLACK, Piece.CHARIOT), Square.of(0, 9)))
                .isEqualTo(Evaluation.MATERIAL[Piece.CHARIOT] - 10);
    }
}
