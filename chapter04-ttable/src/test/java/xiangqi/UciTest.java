package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static xiangqi.Fixtures.CHECKMATED;
import static xiangqi.Fixtures.HANGING_CHARIOT;
import static xiangqi.Fixtures.MATE_IN_ONE;
import static xiangqi.Fixtures.MATE_IN_THREE;
import static xiangqi.Fixtures.MATE_IN_TWO;
import static xiangqi.Fixtures.after;
import static xiangqi.Fixtures.runWithInput;
import static xiangqi.Fixtures.uciSession;

import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import xiangqi.Fixtures.Run;

class UciTest {

    @Test
    @DisplayName("'uci' is answered with the engine's id, its options if any, then uciok")
    void handshake() {
        Run session = uciSession("uci");

        assertThat(session.status()).isZero();
        assertThat(session.err()).isEmpty();
        List<String> lines = session.lines();
        assertThat(lines.get(0)).startsWith("id name ").hasSizeGreaterThan("id name ".length());
        assertThat(lines.get(1)).startsWith("id author ");
        assertThat(lines.subList(2, lines.size() - 1)).allMatch(line -> line.startsWith("option name "));
        assertThat(lines.get(lines.size() - 1)).isEqualTo("uciok");
    }

    @Test
    @DisplayName("'isready' is answered with readyok")
    void isready() {
        assertThat(uciSession("isready").lines()).containsExactly("readyok");
    }

    @Test
    @DisplayName("position startpos with moves, then go depth 2: an info line and a legal red move")
    void positionStartposMoves() {
        Run session = uciSession("position startpos moves h2e2 h9g7", "go depth 2");

        assertThat(session.lines().get(0)).matches("info depth 2 score (cp|mate) -?\\d+ nodes \\d+ time \\d+ pv .*");
        assertThat(session.lines()).last().asString().matches("bestmove [a-i]\\d[a-i]\\d");
        Position position = after(Position.START_FEN, "h2e2", "h9g7");
        int best = MoveGenerator.parseLegal(position, session.bestmove()); // throws if not legal here
        assertThat(Piece.color(position.pieceAt(Move.from(best)))).as("a red piece moves").isEqualTo(Piece.RED);
    }

    @Test
    @DisplayName("position fen, then go depth 1: the search runs on that position")
    void positionFen() {
        Run session = uciSession("position fen " + HANGING_CHARIOT, "go depth 1");

        assertThat(session.lines().get(0)).startsWith("info depth 1 ");
        assertThat(session.bestmove()).as("take the hanging chariot").isEqualTo("a0a5");
    }

    @Test
    @DisplayName("position fen also takes moves after the FEN")
    void positionFenMoves() {
        Run session = uciSession("position fen " + MATE_IN_ONE + " moves i0i9", "d");

        assertThat(session.lines()).contains("fen 3k4R/R8/9/9/9/9/9/9/9/4K4 b - - 1 1");
    }

    @Test
    @DisplayName("before any position command, the engine is at the start position")
    void defaultPosition() {
        Run session = uciSession("go depth 1");

        MoveGenerator.parseLegal(Position.startPosition(), session.bestmove());
    }

    @Test
    @DisplayName("go with clock times, which this chapter cannot honour: an error line, then a search to Search.DEFAULT_DEPTH")
    void goWithClock() {
        Run session = uciSession("position fen " + MATE_IN_TWO, "go wtime 1000 btime 1000");

        assertThat(session.lines().get(0)).startsWith("info string error: go wtime, btime: ").contains("fixed depth");
        assertThat(session.lines().get(1)).startsWith("info depth " + Search.DEFAULT_DEPTH + " ")
                .as("depth 4 is enough to see this mate").contains("score mate 2");
        assertThat(session.lines()).last().asString().startsWith("bestmove ");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "go frobnicate",
        "go depth 3 frobnicate",
        "go depth x",
        "go depth",
        "go depth 0",
        "go depth 33",
        "go depth \uFF12",
        "go depth \u0662",
        "go searchmoves",
        "go searchmoves a0a5",
        "go mate 0",
        "go ponder",
    })
    @DisplayName("a refused go is answered with one 'info string error:' line and still a bestmove, from a depth-1 search")
    void badGoWord(String bad) {
        Run session = uciSession(bad, "isready");

        List<String> lines = session.lines();
        assertThat(session.err()).isEmpty();
        assertThat(lines).hasSize(5);
        assertThat(lines.get(0)).startsWith("info string error: ").endsWith("(searching to depth 1 instead)");
        assertThat(lines.get(1)).startsWith("info depth 1 ");
        MoveGenerator.parseLegal(Position.startPosition(), session.bestmove());
        assertThat(lines.get(4)).isEqualTo("readyok");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"go nodes 1000 depth 2", "go movetime 0 depth 2", "go movestogo 0 depth 2",
        "go wtime 3000000000 btime 3000000000 depth 2", "go wtime 1000 btime 1000 winc 2000 binc 2000 depth 2"})
    @DisplayName("a limit this chapter cannot honour: an error line that says so, and a legal bestmove from the depth")
    void limitsThisChapterCannotHonour(String go) {
        Run session = uciSession(go);

        assertThat(session.lines().get(0)).startsWith("info string error: go ").contains("searching to depth 2");
        assertThat(session.lines().get(1)).startsWith("info depth 2 ");
        MoveGenerator.parseLegal(Position.startPosition(), session.bestmove());
    }

    @Test
    @DisplayName("go searchmoves: the root plays only those moves; go mate 2 searches 4 plies and finds the mate")
    void searchmovesAndMate() {
        assertThat(uciSession("go depth 2 searchmoves c3c4 g3g4").bestmove()).isIn("c3c4", "g3g4");
        assertThat(uciSession("go searchmoves b0c2 depth 1").bestmove()).isEqualTo("b0c2");
        Run mate = uciSession("position fen " + MATE_IN_TWO, "go mate 2");
        assertThat(mate.lines().get(0)).startsWith("info depth 4 ").contains("score mate 2");
    }

    @Test
    @DisplayName("go infinite answers only after stop; isready is answered meanwhile; commands sent before stop wait "
            + "for it and run after it, in order; an unknown line is answered at once")
    void infiniteWaitsForStop() {
        Run session = uciSession("go infinite depth 2", "isready", "blah", "position startpos moves h2e2", "d", "stop", "isready");

        List<String> lines = session.lines();
        assertThat(lines.get(0)).isEqualTo("readyok");
        assertThat(lines.get(1)).isEqualTo("info string error: unknown command 'blah'");
        assertThat(lines.get(2)).startsWith("info depth 2 ");
        MoveGenerator.parseLegal(Position.startPosition(), lines.get(4).substring("bestmove ".length()));
        assertThat(lines).contains("fen " + after(Position.START_FEN, "h2e2").toFen());
        assertThat(lines.indexOf("fen " + after(Position.START_FEN, "h2e2").toFen())).isGreaterThan(4);
        assertThat(lines).last().isEqualTo("readyok");
    }

    @Test
    @DisplayName("quit or the end of the input answers a held go infinite")
    void endOfInputAnswersInfinite() {
        assertThat(uciSession("go infinite depth 1").lines()).last().asString().startsWith("bestmove ");
        assertThat(uciSession("go depth 1 infinite", "quit", "isready").lines()).last().asString().startsWith("bestmove ");
    }

    @Test
    @DisplayName("go in a position with no legal move answers bestmove (none)")
    void goWhenMated() {
        Run session = uciSession("position fen " + CHECKMATED, "go depth 3");

        assertThat(session.lines()).hasSize(2);
        assertThat(session.lines().get(0)).matches("info depth 3 score mate 0 nodes 1 time \\d+");
        assertThat(session.lines().get(1)).isEqualTo("bestmove (none)");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "position fen garbage",
        "position",
        "position fen",
        "position startpos moves a0a5",
        "position startpos moves h2e2 h2e2",
        "position startpos moves z9",
        "foo",
    })
    @DisplayName("a bad line is answered with 'info string error' and the session goes on")
    void badLineKeepsSessionAlive(String bad) {
        Run session = uciSession(bad, "isready");

        assertThat(session.status()).isZero();
        assertThat(session.err()).isEmpty();
        assertThat(session.lines()).hasSize(2);
        assertThat(session.lines().get(0)).startsWith("info string error");
        assertThat(session.lines().get(1)).isEqualTo("readyok");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "position startpos moves h2e2 h9g7 h0g2x",
        "position startpos moves h2e2 h2e2",
        "position fen " + HANGING_CHARIOT + " h2e2",
        "position fen 3k5/9/9/9/r8/9/9/9/9/R3K4 w a0a5",
        "position fen garbage",
    })
    @DisplayName("a refused position leaves no position: the engine does not guess, go answers bestmove (none) "
            + "until a valid position comes")
    void refusedPositionLeavesNone(String refused) {
        // The older position is one where a0a5 and h9g7 are legal: a search must not answer from it.
        Run session = uciSession("position fen " + HANGING_CHARIOT, refused, "go depth 2", "d",
                "position startpos moves h2e2", "go depth 2");

        List<String> lines = session.lines();
        assertThat(lines.get(0)).startsWith("info string error: ").contains("no position");
        assertThat(lines.get(1)).startsWith("info string error: no position");
        assertThat(lines.get(2)).isEqualTo("bestmove (none)");
        assertThat(lines.get(3)).startsWith("info string error: no position");
        Position position = after(Position.START_FEN, "h2e2");
        int best = MoveGenerator.parseLegal(position, session.bestmove());
        assertThat(Piece.color(position.pieceAt(Move.from(best)))).as("black to move").isEqualTo(Piece.BLACK);
    }

    @Test
    @DisplayName("an error line quotes only a short prefix of the bad input: a 100 KB FEN, a 1 MB word")
    void errorLinesAreShort() {
        Run session = uciSession("position fen " + "x".repeat(100_000), "y".repeat(1_000_000), "go depth " + "9".repeat(50_000));

        assertThat(session.lines()).filteredOn(line -> line.startsWith("info string error: ")).hasSize(3);
        assertThat(session.lines()).allSatisfy(line -> assertThat(line.length()).isLessThan(400));
    }

    @Test
    @DisplayName("ucinewgame is accepted silently and the next search works")
    void ucinewgame() {
        Run session = uciSession("ucinewgame", "isready", "position startpos", "go depth 1");

        assertThat(session.lines().get(0)).isEqualTo("readyok");
        assertThat(session.lines()).last().asString().startsWith("bestmove ");
    }

    @Test
    @DisplayName("empty lines, stop and ponderhit produce no answer; spaces around a command are ignored")
    void silentLines() {
        Run session = uciSession("", "   ", "stop", "ponderhit", "  isready  ");

        assertThat(session.lines()).containsExactly("readyok");
    }

    @Test
    @DisplayName("'d' draws the board and prints the FEN of the current position")
    void drawBoard() {
        Run session = uciSession("position startpos moves h2e2", "d");

        String fen = after(Position.START_FEN, "h2e2").toFen();
        assertThat(session.lines()).contains("fen " + fen);
        assertThat(session.lines()).anyMatch(line -> line.contains("炮"));
    }

    @Test
    @DisplayName("quit ends the session at once: later lines are not read, and the exit status is 0")
    void quit() {
        Run session = uciSession("isready", "quit", "isready", "go depth 1");

        assertThat(session.status()).isZero();
        assertThat(session.lines()).containsExactly("readyok");
    }

    @Test
    @DisplayName("the end of input ends the session cleanly, like quit")
    void endOfInput() {
        Run session = uciSession("isready", "position startpos", "go depth 1");

        assertThat(session.status()).isZero();
        assertThat(session.err()).isEmpty();
        assertThat(session.lines()).first().isEqualTo("readyok");
        assertThat(session.lines()).last().asString().startsWith("bestmove ");
    }

    @Test
    @DisplayName("an empty input stream is a session with nothing to say")
    void emptyInput() {
        Run session = runWithInput("", "uci");

        assertThat(session.status()).isZero();
        assertThat(session.out()).isEmpty();
    }

    @Test
    @DisplayName("the uci command takes no options: exit status 2 before reading any input")
    void uciWithOption() {
        Run run = runWithInput("isready\n", "uci", "--depth", "3");

        assertThat(run.status()).isEqualTo(2);
        assertThat(run.out()).as("readyok must not be answered").isEmpty();
        assertThat(run.err()).startsWith("error: ").contains("--depth");
    }

    // ------------------------------------------------------------------ the transposition table

    @Test
    @DisplayName("'uci' offers the Hash option; setoption resizes the table; a bad size is an error line")
    void hashOption() {
        Run session = uciSession("uci", "setoption name Hash value 1", "setoption name Hash value 0",
                "setoption name Threads value 2", "isready");

        assertThat(session.lines()).contains("option name Hash type spin default 16 min 1 max "
                + TranspositionTable.largestMegabytes());
        assertThat(session.lines()).filteredOn(line -> line.startsWith("info string error")).hasSize(2);
        assertThat(session.lines().get(session.lines().size() - 1)).isEqualTo("readyok");
    }

    @Test
    @DisplayName("a Hash too large for the Java heap is one error line; a table of the old size comes back and the next search works")
    void hashTooLargeForTheHeap() {
        Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() < 15L << 30, "a heap too small for a 16 GB table");

        Run session = uciSession("setoption name Hash value 16384", "go depth 2");

        assertThat(session.status()).isZero();
        assertThat(session.err()).isEmpty();
        assertThat(session.lines().get(0)).startsWith("info string error: ").contains("does not fit");
        assertThat(session.lines()).filteredOn(line -> line.startsWith("info string error")).hasSize(1);
        assertThat(session.lines()).anyMatch(line -> line.startsWith("info depth 2 "));
        MoveGenerator.parseLegal(Position.startPosition(), session.bestmove()); // throws if not legal here
    }

    @Test
    @DisplayName("the table lives from one go to the next: two plies into a mate in three, mate in two")
    void warmTableGivesTheRightDistance() {
        String fen = "position fen " + MATE_IN_THREE;
        Run session = uciSession(fen, "go depth 6", fen + " moves d0e0 e8f7", "go depth 4");

        List<String> info = session.lines().stream().filter(line -> line.startsWith("info depth")).toList();
        assertThat(info).hasSize(2);
        assertThat(info.get(0)).contains("score mate 3");
        assertThat(info.get(1)).contains("score mate 2");
        assertThat(session.bestmove()).isEqualTo("a0a9");
    }

    @Test
    @DisplayName("ucinewgame empties the table: the same search costs as many nodes as the first time")
    void newGameClearsTheTable() {
        Run session = uciSession("go depth 4", "go depth 4", "ucinewgame", "go depth 4");

        List<Long> nodes = session.lines().stream().filter(line -> line.startsWith("info depth"))
                .map(line -> Long.parseLong(line.replaceAll(".* nodes (\\d+) .*", "$1"))).toList();
        assertThat(nodes.get(1)).as("warm").isLessThan(nodes.get(0));
        assertThat(nodes.get(2)).as("after ucinewgame").isEqualTo(nodes.get(0));
    }
}
