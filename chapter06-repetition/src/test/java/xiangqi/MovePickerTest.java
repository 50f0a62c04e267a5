package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static xiangqi.Fixtures.legalMoves;
import static xiangqi.Fixtures.uci;
import static xiangqi.Technique.CAPTURES_FIRST;
import static xiangqi.Technique.HASH_MOVE;
import static xiangqi.Technique.HISTORY_HEURISTIC;
import static xiangqi.Technique.KILLERS;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import xiangqi.MovePicker.Stage;
import xiangqi.app.Examples;

/**
 * The move picker: every legal move exactly once, whatever it is told, and in the order of
 * its stages (hash move, captures by MVV/LVA, killers, quiet moves by history).
 */
class MovePickerTest {

    /**
     * Red to move, five captures, each victim taken by a different attacker, the black chariot
     * by two: the c5 soldier and the a6 chariot take the c6 chariot, the f3 horse the g5
     * cannon, the e2 cannon (over the e7 elephant) the e8 horse, the i0 chariot the i6 soldier.
     */
    static final String FIVE_CAPTURES = "5k3/4n4/4b4/R1r5p/2P3c2/9/5N3/4C4/9/4K3R w - - 0 1";
    /** Those captures, most valuable victim first, and least valuable attacker first among equal victims. */
    static final List<String> MVV_LVA_ORDER = List.of("c5c6", "a6c6", "f3g5", "e2e8", "i0i6");

    private static final Techniques ORDERED = Search.ORDERED;

    static Stream<Arguments> variants() {
        return Stream.of(
                Arguments.of("everything on (ORDERED)", ORDERED),
                Arguments.of("no hash move", ORDERED.without(HASH_MOVE)),
                Arguments.of("no MVV/LVA captures", ORDERED.without(CAPTURES_FIRST)),
                Arguments.of("no killers", ORDERED.without(KILLERS)),
                Arguments.of("no history", ORDERED.without(HISTORY_HEURISTIC)),
                Arguments.of("none of them (chapter 4's order)",
                        ORDERED.without(HASH_MOVE, CAPTURES_FIRST, KILLERS, HISTORY_HEURISTIC)));
    }

    /** Everything the picker hands out, in order, with the stage each move came from. */
    private record Picked(List<Integer> moves, List<Stage> stages) {
        List<String> text() {
            return uci(moves.stream().mapToInt(Integer::intValue).toArray());
        }
    }

    private static Picked pickAll(Position position, Techniques techniques, int hashMove, int killer1, int killer2,
            HistoryTable history) {
        MovePicker picker = new MovePicker();
        picker.start(position, techniques, hashMove, killer1, killer2, history);
        List<Integer> moves = new ArrayList<>();
        List<Stage> stages = new ArrayList<>();
        for (int move = picker.next(); move != Move.NONE; move = picker.next()) {
            moves.add(move);
            stages.add(picker.lastStage());
            if (moves.size() > MoveGenerator.MAX_MOVES) {
                fail("the picker does not stop: " + moves.size() + " moves handed out");
            }
        }
        assertThat(picker.next()).as("after the last move, next() keeps answering NONE").isEqualTo(Move.NONE);
        return new Picked(moves, stages);
    }

    private static Picked pickAll(String fen, int hashMove, int killer1, int killer2, HistoryTable history) {
        return pickAll(Position.fromFen(fen), ORDERED, hashMove, killer1, killer2, history);
    }

    private static int move(String text) {
        return Move.parseUci(text);
    }

    private static int[] generate(Position position, int kind) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        return Arrays.copyOf(moves, MoveGenerator.generateLegal(position, moves, kind));
    }

    private static List<String> sorted(List<String> moves) {
        return moves.stream().sorted().toList();
    }

    // ------------------------------------------------------------------ every move exactly once

    /**
     * A candidate for the hash move or a killer, from every kind the picker must survive:
     * nothing, a legal move (quiet or capture), a random pair of squares, a move of the other
     * side (legal where it was played, one ply ago), or the hash move again.
     */
    private static int candidate(Random random, int[] legal, int[] otherSide, int hashMove) {
        return switch (random.nextInt(7)) {
            case 0 -> Move.NONE;
            case 1, 2 -> legal.length == 0 ? Move.NONE : legal[random.nextInt(legal.length)];
            case 3 -> Move.of(random.nextInt(Square.COUNT), random.nextInt(Square.COUNT));
            case 4 -> otherSide.length == 0 ? Move.NONE : otherSide[random.nextInt(otherSide.length)];
            case 5 -> hashMove;
            default -> {
                // A square next to a legal move's destination: often a piece of either side, or off its rules.
                int base = legal.length == 0 ? Move.of(0, 1) : legal[random.nextInt(legal.length)];
                int to = Math.floorMod(Move.to(base) + random.nextInt(3) - 1, Square.COUNT);
                yield Move.of(Move.from(base), to);
            }
        };
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    @DisplayName("the picker hands out every legal move exactly once, whatever hash move and killers it is given "
            + "(250 random positions, legal and illegal candidates, captures as killers, the hash move as a killer)")
    void everyLegalMoveExactlyOnce(String name, Techniques techniques) {
        Random random = new Random(20_240_505);
        HistoryTable history = new HistoryTable();
        int positions = 0;
        int legalHashMoves = 0;
        int captureKillers = 0;
        for (Examples.Example example : Examples.ALL) {
            for (int game = 0; game < 50; game++) {
                Position position = Position.fromFen(example.fen());
                int[] played = Fixtures.playRandomGame(position, random.nextInt(60), random, visited -> { });
                int[] otherSide = new int[0];
                if (played.length > 0) { // the moves the other side had one ply ago
                    int last = played[played.length - 1];
                    position.unmakeMove(last);
                    otherSide = generate(position, MoveGenerator.ALL);
                    position.makeMove(last);
                }
                int[] legal = generate(position, MoveGenerator.ALL);
                for (int move : legal) { // some history, so that the quiet moves have an order
                    if (random.nextInt(4) == 0) {
                        history.reward(position, move, 1 + random.nextInt(Search.MAX_DEPTH));
                    }
                }
                int hashMove = candidate(random, legal, otherSide, Move.NONE);
                int killer1 = candidate(random, legal, otherSide, hashMove);
                int killer2 = candidate(random, legal, otherSide, hashMove);
                String fen = position.toFen();
                long key = position.key();

                Picked picked = pickAll(position, techniques, hashMove, killer1, killer2, history);

                String where = fen + " hash " + Move.toUci(hashMove) + " killers " + Move.toUci(killer1)
                        + " " + Move.toUci(killer2);
                assertThat(sorted(picked.text())).as(where).isEqualTo(sorted(uci(legal)));
                assertThat(position.toFen()).as("the position is left as it was").isEqualTo(fen);
                assertThat(position.key()).isEqualTo(key);
                positions++;
                legalHashMoves += Arrays.stream(legal).anyMatch(m -> m == hashMove) ? 1 : 0;
                captureKillers += isLegalCapture(position, killer1, legal) || isLegalCapture(position, killer2, legal) ? 1 : 0;
            }
        }
        assertThat(positions).isGreaterThanOrEqualTo(200);
        assertThat(legalHashMoves).as("legal hash moves tried").isGreaterThan(50);
        assertThat(captureKillers).as("legal captures given as killers").isGreaterThan(10);
    }

    private static boolean isLegalCapture(Position position, int move, int[] legal) {
        return Arrays.stream(legal).anyMatch(m -> m == move) && position.pieceAt(Move.to(move)) != Piece.EMPTY;
    }

    @Test
    @DisplayName("a legal capture given as a killer is still handed out, once, among the captures")
    void captureAsKiller() {
        HistoryTable history = new HistoryTable();
        for (String capture : MVV_LVA_ORDER) {
            Picked picked = pickAll(FIVE_CAPTURES, Move.NONE, move(capture), Move.NONE, history);

            assertThat(sorted(picked.text())).as("killer " + capture).isEqualTo(sorted(legalMoves(FIVE_CAPTURES)));
            assertThat(picked.text().subList(0, 5)).as("killer " + capture).isEqualTo(MVV_LVA_ORDER);
            assertThat(picked.stages()).doesNotContain(Stage.KILLER_1, Stage.KILLER_2);
        }
    }

    // ------------------------------------------------------------------ the order of the stages

    @Test
    @DisplayName("a legal hash move comes first, from the HASH stage, and is not handed out again")
    void hashMoveFirst() {
        HistoryTable history = new HistoryTable();
        for (String hash : List.of("h2e2", "b2b9", "h0g2", "e3e4")) { // quiet and capture
            Picked picked = pickAll(Position.START_FEN, move(hash), Move.NONE, Move.NONE, history);

            assertThat(picked.text().get(0)).isEqualTo(hash);
            assertThat(picked.stages().get(0)).isEqualTo(Stage.HASH);
            assertThat(picked.stages().subList(1, picked.stages().size())).doesNotContain(Stage.HASH);
            assertThat(picked.text()).containsOnlyOnce(hash).hasSize(44);
        }
    }

    @Test
    @DisplayName("an illegal hash move is skipped: no HASH stage, every legal move still comes")
    void illegalHashMoveSkipped() {
        HistoryTable history = new HistoryTable();
        // a0a5 jumps its own soldier, h9g7 is black's, e5e6 starts on an empty square.
        for (String hash : List.of("a0a5", "h9g7", "e5e6")) {
            Picked picked = pickAll(Position.START_FEN, move(hash), Move.NONE, Move.NONE, history);

            assertThat(picked.stages()).doesNotContain(Stage.HASH);
            assertThat(picked.text()).doesNotContain(hash).hasSize(44);
        }
    }

    @Test
    @DisplayName("captures come by MVV/LVA: most valuable victim first, least valuable attacker first among equal victims")
    void capturesByMvvLva() {
        Position position = Position.fromFen(FIVE_CAPTURES);
        assertThat(uci(generate(position, MoveGenerator.CAPTURES)))
                .as("the constructed position has exactly these captures").containsExactlyInAnyOrderElementsOf(MVV_LVA_ORDER);

        Picked picked = pickAll(FIVE_CAPTURES, Move.NONE, Move.NONE, Move.NONE, new HistoryTable());

        assertThat(picked.text().subList(0, 5)).isEqualTo(MVV_LVA_ORDER);
        assertThat(picked.stages().subList(0, 5)).containsOnly(Stage.CAPTURES);
        assertThat(picked.stages().subList(5, picked.stages().size())).containsOnly(Stage.QUIETS);
    }

    @Test
    @DisplayName("a capture as hash move comes first, and the other captures keep their MVV/LVA order after it")
    void captureHashMoveThenTheOtherCaptures() {
        Picked picked = pickAll(FIVE_CAPTURES, move("i0i6"), Move.NONE, Move.NONE, new HistoryTable());

        assertThat(picked.text().subList(0, 5)).containsExactly("i0i6", "c5c6", "a6c6", "f3g5", "e2e8");
        assertThat(picked.stages().subList(0, 2)).containsExactly(Stage.HASH, Stage.CAPTURES);
    }

    @Test
    @DisplayName("without MVV/LVA the captures are not a stage: they come among the quiet moves, in the generator's order")
    void capturesOffMeansGeneratorOrder() {
        Techniques noCaptures = ORDERED.without(HASH_MOVE, CAPTURES_FIRST, KILLERS, HISTORY_HEURISTIC);
        Position position = Position.fromFen(FIVE_CAPTURES);

        Picked picked = pickAll(position, noCaptures, Move.NONE, Move.NONE, Move.NONE, new HistoryTable());

        assertThat(picked.text()).isEqualTo(legalMoves(position));
        assertThat(picked.stages()).containsOnly(Stage.QUIETS);
    }

    @Test
    @DisplayName("killers come after the captures and before the other quiet moves, first killer first")
    void killersBeforeQuiets() {
        // The start position has two captures: the cannons take the horses.
        Picked picked = pickAll(Position.START_FEN, Move.NONE, move("h0g2"), move("c3c4"), new HistoryTable());

        assertThat(picked.text().subList(0, 4)).containsExactly("b2b9", "h2h9", "h0g2", "c3c4");
        assertThat(picked.stages().subList(0, 4))
                .containsExactly(Stage.CAPTURES, Stage.CAPTURES, Stage.KILLER_1, Stage.KILLER_2);
        assertThat(picked.stages().subList(4, 44)).containsOnly(Stage.QUIETS);
        assertThat(picked.text()).containsOnlyOnce("h0g2", "c3c4").hasSize(44);
    }

    @Test
    @DisplayName("a killer is tried only if it is a legal quiet move here; the hash move is not tried twice as a killer")
    void onlyLegalQuietKillers() {
        HistoryTable history = new HistoryTable();
        // Illegal here: jumps its own soldier, black's move, empty origin; a capture is not a killer.
        for (String killer : List.of("a0a5", "h9g7", "e5e6", "b2b9")) {
            Picked picked = pickAll(Position.START_FEN, Move.NONE, move(killer), move(killer), history);

            assertThat(picked.stages()).as(killer).doesNotContain(Stage.KILLER_1, Stage.KILLER_2);
            assertThat(picked.text()).as(killer).hasSize(44);
        }
        // The hash move as first killer: the second killer takes its turn.
        Picked picked = pickAll(Position.START_FEN, move("h0g2"), move("h0g2"), move("b0c2"), history);
        assertThat(picked.text().subList(0, 4)).containsExactly("h0g2", "b2b9", "h2h9", "b0c2");
        assertThat(picked.stages().subList(0, 4))
                .containsExactly(Stage.HASH, Stage.CAPTURES, Stage.CAPTURES, Stage.KILLER_2);
        assertThat(picked.text()).containsOnlyOnce("h0g2", "b0c2");
        // The same move as both killers comes once.
        picked = pickAll(Position.START_FEN, Move.NONE, move("b0c2"), move("b0c2"), history);
        assertThat(picked.stages()).containsOnlyOnce(Stage.KILLER_1).doesNotContain(Stage.KILLER_2);
        assertThat(picked.text()).containsOnlyOnce("b0c2").hasSize(44);
    }

    @Test
    @DisplayName("the quiet moves come by history score: the most rewarded first, unrewarded ones in the generator's order")
    void quietsByHistory() {
        Position position = Position.startPosition();
        HistoryTable history = new HistoryTable();
        history.reward(position, move("g3g4"), 3);  // 9
        history.reward(position, move("i0i1"), 5);  // 25
        history.reward(position, move("g3g4"), 2);  // 9 + 4 = 13

        Picked picked = pickAll(position, ORDERED, Move.NONE, Move.NONE, Move.NONE, history);

        List<String> quiets = picked.text().subList(2, 44);
        assertThat(quiets.subList(0, 2)).containsExactly("i0i1", "g3g4");
        List<String> generated = new ArrayList<>(uci(generate(position, MoveGenerator.QUIETS)));
        generated.removeAll(List.of("i0i1", "g3g4"));
        assertThat(quiets.subList(2, quiets.size())).as("ties keep the generator's order").isEqualTo(generated);
    }

    @Test
    @DisplayName("with the history off, the quiet moves keep the generator's order, rewarded or not")
    void historyOff() {
        Position position = Position.startPosition();
        HistoryTable history = new HistoryTable();
        history.reward(position, move("i0i1"), 30);

        Picked picked = pickAll(position, ORDERED.without(HISTORY_HEURISTIC), Move.NONE, Move.NONE, Move.NONE, history);

        assertThat(picked.text().subList(2, 44)).isEqualTo(uci(generate(position, MoveGenerator.QUIETS)));
    }

    @Test
    @DisplayName("with a heuristic off, its input is ignored: no hash move, no killers")
    void switchedOffInputsIgnored() {
        Picked noHash = pickAll(Position.startPosition(), ORDERED.without(HASH_MOVE), move("h0g2"), Move.NONE,
                Move.NONE, new HistoryTable());
        assertThat(noHash.stages()).doesNotContain(Stage.HASH);
        assertThat(noHash.text().get(0)).isEqualTo("b2b9");

        Picked noKillers = pickAll(Position.startPosition(), ORDERED.without(KILLERS), Move.NONE, move("h0g2"),
                move("c3c4"), new HistoryTable());
        assertThat(noKillers.stages()).doesNotContain(Stage.KILLER_1, Stage.KILLER_2);
        assertThat(noKillers.text()).hasSize(44);
    }

    // ------------------------------------------------------------------ laziness

    @Test
    @DisplayName("a legal hash move is handed out before anything is generated: the moves after it are generated later")
    void hashMoveBeforeGeneration() {
        Position position = Position.startPosition();
        MovePicker picker = new MovePicker();
        picker.start(position, ORDERED, move("h2e2"), Move.NONE, Move.NONE, new HistoryTable());

        assertThat(Move.toUci(picker.next())).isEqualTo("h2e2");
        assertThat(picker.lastStage()).isEqualTo(Stage.HASH);

        // Had start() or the first next() generated the moves, they would be red's. Play h2e2
        // now: the captures are generated only at the next call, so they are black's.
        position.makeMove(move("h2e2"));
        int next = picker.next();
        assertThat(picker.lastStage()).isEqualTo(Stage.CAPTURES);
        assertThat(Piece.color(position.pieceAt(Move.from(next)))).as("a black piece").isEqualTo(Piece.BLACK);
        assertThat(uci(generate(position, MoveGenerator.CAPTURES))).contains(Move.toUci(next));
    }

    @Test
    @DisplayName("the quiet moves are generated only when the captures and killers are used up")
    void quietsGeneratedLast() {
        Position position = Position.fromFen(FIVE_CAPTURES);
        MovePicker picker = new MovePicker();
        picker.start(position, ORDERED, Move.NONE, Move.NONE, Move.NONE, new HistoryTable());
        for (int i = 0; i < 5; i++) {
            picker.next();
            assertThat(picker.lastStage()).isEqualTo(Stage.CAPTURES);
        }

        // Had the captures' generation produced the quiet moves too, they would be red's.
        position.makeMove(move("e0f0"));
        int next = picker.next();
        assertThat(picker.lastStage()).isEqualTo(Stage.QUIETS);
        assertThat(Piece.color(position.pieceAt(Move.from(next)))).as("a black piece").isEqualTo(Piece.BLACK);
    }
}
