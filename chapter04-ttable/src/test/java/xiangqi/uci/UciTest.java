package xiangqi.uci;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static xiangqi.Fixtures.ATTACK;
import static xiangqi.Fixtures.CHECKMATED;
import static xiangqi.Fixtures.HANGING_CHARIOT;
import static xiangqi.Fixtures.MATE_IN_ONE;
import static xiangqi.Fixtures.MATE_OR_CHARIOT;
import static xiangqi.Fixtures.MATE_IN_THREE;
import static xiangqi.Fixtures.MATE_IN_TWO;
import static xiangqi.Fixtures.after;
import static xiangqi.Fixtures.runWithInput;
import static xiangqi.Fixtures.uciSession;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import xiangqi.Fixtures.Run;
import xiangqi.*;
import xiangqi.app.Main;

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

    // ------------------------------------------------------------------ the reader and the worker

    /**
     * The engine as a GUI sees it: {@code Main.run("uci")} on its own thread, fed line by line
     * through a pipe, every line it prints stamped with the moment it arrived. Closing sends
     * {@code quit} and the end of input, and waits for the engine to end.
     */
    private static final class Engine implements AutoCloseable {
        record Line(String text, long nanos) { }

        private final PipedOutputStream toEngine = new PipedOutputStream();
        private final BlockingQueue<Line> arriving = new LinkedBlockingQueue<>();
        /** Every line taken from {@link #arriving} so far, in order. */
        private final List<Line> seen = new ArrayList<>();
        private final ByteArrayOutputStream err = new ByteArrayOutputStream();
        private final Thread thread;
        private volatile int status = -1;

        Engine() throws IOException {
            PipedInputStream in = new PipedInputStream(toEngine, 1 << 16);
            OutputStream stamping = new OutputStream() {
                private final ByteArrayOutputStream line = new ByteArrayOutputStream();

                @Override
                public synchronized void write(int b) {
                    if (b == '\n') {
                        arriving.add(new Line(line.toString(StandardCharsets.UTF_8).stripTrailing(), System.nanoTime()));
                        line.reset();
                    } else {
                        line.write(b);
                    }
                }
            };
            PrintStream out = new PrintStream(stamping, true, StandardCharsets.UTF_8);
            PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
            thread = new Thread(() -> status = Main.run(new String[] {"uci"}, in, out, errStream), "engine");
            thread.setDaemon(true);
            thread.start();
        }

        /** Sends one line, as a GUI does; returns the moment it was sent. */
        long send(String command) throws IOException {
            long sent = System.nanoTime(); // before writing: the engine may answer before write() returns
            toEngine.write((command + "\n").getBytes(StandardCharsets.UTF_8));
            toEngine.flush();
            return sent;
        }

        /** Ends the input without a quit, as a GUI that dies does; returns the moment it ended. */
        long endInput() throws IOException {
            long ended = System.nanoTime();
            toEngine.close();
            return ended;
        }

        /** Waits for the next line that starts with {@code prefix}; fails if none comes within {@code millis}. */
        Line await(String prefix, long millis) throws InterruptedException {
            long deadline = System.nanoTime() + millis * 1_000_000;
            while (true) {
                Line line = arriving.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                if (line == null) {
                    fail("no line starting with '" + prefix + "' within " + millis + " ms; seen " + texts());
                }
                seen.add(line);
                if (line.text().startsWith(prefix)) {
                    return line;
                }
            }
        }

        /** Waits for {@code Main.run} to return; fails if it has not within {@code millis}. Returns the moment it ended. */
        long awaitEnd(long millis) throws InterruptedException {
            thread.join(millis);
            long ended = System.nanoTime();
            assertThat(thread.isAlive()).as("the engine ended within " + millis + " ms").isFalse();
            return ended;
        }

        /** The text of every line awaited so far. */
        List<String> texts() {
            return seen.stream().map(Line::text).toList();
        }

        /** The text of every line printed so far, awaited or not. */
        List<String> allTexts() {
            arriving.drainTo(seen);
            return texts();
        }

        /** Answers once the engine is up: isready, readyok. */
        Engine ready() throws Exception {
            send("isready");
            await("readyok", 10_000);
            return this;
        }

        @Override
        public void close() throws Exception {
            try {
                send("quit"); // ends a search still running
                toEngine.close();
            } catch (IOException engineAlreadyGone) {
                // the engine has stopped reading: nothing left to tell it
            }
            awaitEnd(10_000);
            assertThat(status).as("exit status").isZero();
            assertThat(err.toString(StandardCharsets.UTF_8)).as("stderr").isEmpty();
        }
    }

    @Test
    @DisplayName("go infinite answers only after stop, though its search ended long before; meanwhile isready is answered, "
            + "an unknown line gets its error line at once, and the commands sent wait for stop, then run in order")
    void infiniteWaitsForStop() throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("go infinite depth 2");
            engine.await("info depth 2 ", 10_000); // the search has ended: only its bestmove waits
            engine.send("position startpos moves h2e2");
            engine.send("d");
            engine.send("blah");
            engine.await("info string error: unknown command 'blah'", 10_000);
            engine.send("isready");
            engine.await("readyok", 10_000);
            assertThat(engine.texts()).as("nothing queued has run yet")
                    .noneMatch(line -> line.startsWith("bestmove") || line.startsWith("fen "));

            long stopSent = engine.send("stop");
            Engine.Line best = engine.await("bestmove", 10_000);
            assertThat(best.nanos()).as("the bestmove came only after stop").isGreaterThan(stopSent);
            MoveGenerator.parseLegal(Position.startPosition(), best.text().substring("bestmove ".length()));
            engine.await("fen " + after(Position.START_FEN, "h2e2").toFen(), 10_000);
            engine.send("isready");
            engine.await("readyok", 10_000);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"quit", "the end of the input"})
    @DisplayName("quit or the end of the input answers a go infinite whose search has ended, then the engine ends")
    void quitAnswersInfinite(String how) throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("go infinite depth 1");
            engine.await("info depth 1 ", 10_000);
            if (how.equals("quit")) {
                engine.send("quit");
            } else {
                engine.endInput();
            }
            MoveGenerator.parseLegal(Position.startPosition(), engine.await("bestmove", 10_000).text().substring("bestmove ".length()));
            engine.awaitEnd(10_000);
        }
    }

    @Test
    @DisplayName("isready during a search is answered at once, before the bestmove, and the search goes on to its bestmove")
    void isreadyDuringASearch() throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("go"); // to Search.DEFAULT_DEPTH: a second or more
            engine.send("isready");
            Engine.Line ready = engine.await("readyok", 10_000);
            assertThat(engine.texts()).as("still searching").noneMatch(line -> line.startsWith("bestmove"));

            Engine.Line best = engine.await("bestmove", 60_000);
            assertThat(best.nanos()).isGreaterThan(ready.nanos());
            MoveGenerator.parseLegal(Position.startPosition(), best.text().substring("bestmove ".length()));
        }
    }

    @Test
    @DisplayName("quit during a search ends it at once: the answer is the best root move searched to the end "
            + "(here the mate, searched first), not a depth-1 search's capture, and then the engine ends")
    void quitDuringASearch() throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("position fen " + MATE_OR_CHARIOT);
            engine.send("go searchmoves b1b9 g3h5 depth 32"); // b1b9 mates at once; g3h5's tree takes years
            Thread.sleep(1_000); // the mate is searched in microseconds, then g3h5's tree begins
            engine.send("quit");
            assertThat(engine.await("bestmove", 10_000).text()).isEqualTo("bestmove b1b9");
            engine.awaitEnd(10_000);
            assertThat(engine.allTexts()).filteredOn(line -> line.startsWith("bestmove")).hasSize(1);
            assertThat(engine.texts()).contains("info string quit: the search was ended; root moves searched to the end: 1,"
                    + " the best of them:");
        }
    }

    @Test
    @DisplayName("quit before any root move is searched to the end: the move of a depth-1 search, at once")
    void quitBeforeAnyRootMove() throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("position fen " + MATE_OR_CHARIOT);
            engine.send("go depth 32"); // the first root move's tree alone takes years
            engine.send("quit");
            assertThat(engine.await("bestmove", 10_000).text()).isEqualTo("bestmove " + Move.toUci(
                    Search.standard().search(Position.fromFen(MATE_OR_CHARIOT), 1).bestMove()));
            engine.awaitEnd(10_000);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"go infinite", "go", "go ponder"})
    @DisplayName("stop during a search ends it at once, as quit does: the answer is the best root move searched to "
            + "the end (here the mate, searched first), not a depth-1 search's capture, and the engine goes on")
    void stopDuringASearch(String go) throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("position fen " + MATE_OR_CHARIOT);
            engine.send(go + " searchmoves b1b9 g3h5 depth 32"); // b1b9 mates at once; g3h5's tree takes years
            Thread.sleep(500); // the mate is searched in microseconds, then g3h5's tree begins
            long stopSent = engine.send("stop");
            Engine.Line best = engine.await("bestmove", 5_000); // a stop that waited for the depth: never

            assertThat(best.text()).isEqualTo("bestmove b1b9");
            assertThat((best.nanos() - stopSent) / 1_000_000).as("ms from stop to bestmove").isLessThan(2_000);
            assertThat(engine.texts()).contains("info string stop: the search was ended; root moves searched to the end: 1,"
                    + " the best of them:");
            engine.send("go depth 1");
            assertThat(engine.await("bestmove", 10_000).text()).as("the next go is searched as usual")
                    .isEqualTo("bestmove g3h5");
        }
    }

    @Test
    @DisplayName("go ponder searches, but its bestmove waits for ponderhit, even when the search has ended; "
            + "then it comes at once")
    void ponderhitReleasesTheAnswer() throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("position fen " + MATE_IN_TWO);
            engine.send("go ponder depth 4");
            engine.await("info depth 4 ", 10_000); // the search has ended: only its bestmove waits
            engine.send("isready");
            engine.await("readyok", 10_000);
            assertThat(engine.texts()).as("no answer yet, and go ponder is not refused")
                    .noneMatch(line -> line.startsWith("bestmove") || line.startsWith("info string error"));

            long ponderhitSent = engine.send("ponderhit");
            Engine.Line best = engine.await("bestmove", 10_000);
            assertThat(best.nanos()).as("the bestmove came only after ponderhit").isGreaterThan(ponderhitSent);
            assertThat(engine.texts()).filteredOn(line -> line.startsWith("info depth 4 ")).singleElement().asString()
                    .contains("score mate 2");
            engine.send("ponderhit"); // no go is pondering: nothing to answer
            engine.send("isready");
            engine.await("readyok", 10_000);
            assertThat(engine.allTexts()).filteredOn(line -> line.startsWith("bestmove")).hasSize(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "uci|position startpos|go depth 3",
        "uci|position startpos|go depth 3|quit",
        "position startpos|go depth 3|go depth 2",
        "position startpos|go depth 3|go depth 2|quit",
        "go depth 2|isready|go depth 1|quit|go depth 1",
        "position startpos|go ponder depth 2|ponderhit|go depth 1",
        "position startpos|go ponder depth 2|go depth 1",
    })
    @DisplayName("commands piped all at once, then the end of the input or quit: every go read before it is "
            + "answered with one legal bestmove, then the engine ends; a line after quit is not read")
    void pipedGoIsAnswered(String input) {
        List<String> sent = List.of(input.split("\\|"));
        List<String> read = sent.contains("quit") ? sent.subList(0, sent.indexOf("quit")) : sent;
        Run session = runWithInput(String.join("\n", sent) + "\n", "uci");

        assertThat(session.status()).isZero();
        assertThat(session.err()).isEmpty();
        List<String> bestmoves = session.lines().stream().filter(line -> line.startsWith("bestmove ")).toList();
        assertThat(bestmoves).hasSize((int) read.stream().filter(line -> line.startsWith("go ")).count());
        bestmoves.forEach(best -> MoveGenerator.parseLegal(Position.startPosition(), best.substring("bestmove ".length())));
        assertThat(session.lines()).filteredOn(line -> line.equals("readyok"))
                .hasSize((int) read.stream().filter(line -> line.equals("isready")).count());
        assertThat(session.lines()).last().asString().startsWith("bestmove ");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"go depth 3", "go depth 3\nquit", "go infinite depth 2", "go wtime 900000 btime 900000 depth 2",
        "go depth 3\ngo depth 2\nquit", "go depth 32\nquit", "go depth 32"})
    @DisplayName("in a process of its own, as a script pipes it: after the end of the input or quit, each go is "
            + "answered with its bestmove, and then the process ends")
    void pipedGoInAProcessOfItsOwn(String input, @TempDir Path dir) throws Exception {
        Path classes = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process engine = new ProcessBuilder(java.toString(), "-cp", classes.toString(), "xiangqi.app.Main", "uci")
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try (OutputStream toEngine = engine.getOutputStream()) {
            toEngine.write(("uci\nposition startpos\n" + input + "\n").getBytes(StandardCharsets.UTF_8));
            toEngine.flush();
            if (!input.endsWith("quit")) {
                toEngine.close(); // the end of the input; after quit, the input stays open
            }
            assertThat(engine.waitFor(60, TimeUnit.SECONDS)).as("the engine ended within 60 s").isTrue();
            assertThat(engine.exitValue()).isZero();
            assertThat(Files.readString(err)).isEmpty();
            List<String> bestmoves = Files.readAllLines(out).stream().filter(line -> line.startsWith("bestmove ")).toList();
            assertThat(bestmoves).hasSize(input.split("go ", -1).length - 1);
            bestmoves.forEach(best -> MoveGenerator.parseLegal(Position.startPosition(), best.substring("bestmove ".length())));
        } finally {
            engine.destroyForcibly();
        }
    }

    @Test
    @DisplayName("fuzz: 300 random lines sent during a search; then isready is answered, every go gets exactly one "
            + "bestmove, and the last is legal")
    void fuzzDuringASearch() throws Exception {
        String[] words = {"go", "position", "startpos", "fen", "moves", "depth", "movetime", "infinite", "nodes",
            "mate", "searchmoves", "wtime", "winc", "movestogo", "setoption", "name", "Hash", "value",
            "isready", "ucinewgame", "d", "ponderhit", "h2e2", "h9g7", "a0a5", "0", "1", "2", "-1", "99999999999", "\uFF12",
            "K", "\u212A", "x".repeat(300), "'", "\t", HANGING_CHARIOT};
        java.util.Random random = new java.util.Random(15);
        try (Engine engine = new Engine().ready()) {
            engine.send("go infinite"); // to Search.DEFAULT_DEPTH, then it holds its bestmove until stop
            int gos = 1;
            for (int i = 0; i < 300; i++) {
                StringBuilder line = new StringBuilder();
                int length = 1 + random.nextInt(6);
                for (int w = 0; w < length; w++) {
                    line.append(words[random.nextInt(words.length)]).append(w + 1 < length ? " " : "");
                }
                String text = line.toString().replace("go infinite", "go depth 1").replace("Hash value 99999999999", "Hash value 1");
                if (text.trim().split("\\s+")[0].equals("go")) {
                    gos++;
                    text += " depth 1"; // the last word, or a refused go: either way a depth-1 search
                }
                engine.send(text);
            }
            engine.send("position startpos moves h2e2");
            engine.send("go depth 3");
            gos++;
            engine.send("stop");
            engine.send("isready");
            engine.await("readyok", 60_000);
            for (int i = 0; i < gos; i++) {
                engine.await("bestmove", 60_000);
            }
            String last = engine.texts().get(engine.texts().size() - 1).substring("bestmove ".length());
            MoveGenerator.parseLegal(after(Position.START_FEN, "h2e2"), last);
            engine.send("isready");
            engine.await("readyok", 60_000);
            assertThat(engine.texts()).filteredOn(line -> line.startsWith("bestmove")).hasSize(gos);
            assertThat(engine.texts()).noneMatch(line -> line.contains("Exception"));
        }
    }

    @Test
    @DisplayName("two go depth 6 in one session print the same line, whole, six legal moves: the second search,"
            + " whose table answers the root's children, no longer shows a line of one move")
    void principalVariationIsWhole() throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("position fen " + ATTACK);
            List<String> lines = new ArrayList<>();
            for (int go = 0; go < 2; go++) {
                engine.send("go depth 6");
                lines.add(engine.await("info depth 6 ", 60_000).text().replaceFirst(".* pv ", ""));
                engine.await("bestmove", 10_000);
            }
            assertThat(lines.get(1)).isEqualTo(lines.get(0));
            Position line = Position.fromFen(ATTACK);
            for (String move : lines.get(1).split(" ")) {
                line.makeMove(MoveGenerator.parseLegal(line, move));
            }
            assertThat(lines.get(1).split(" "))
                .containsExactly("f4d5", "b9b0", "d0e1", "b0h0", "e2c4", "g5g4"); // the README quotes it
        }
    }
}
