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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import xiangqi.Fixtures.Run;
import xiangqi.*;
import xiangqi.app.Main;

class UciTest {

    /** The "info depth" lines of a session: one per finished iteration. */
    private static List<String> infoLines(Run session) {
        return session.lines().stream().filter(line -> line.startsWith("info depth ")).toList();
    }

    /** For each search of the session (each bestmove), the info line of its last finished iteration. */
    private static List<String> finalInfoLines(Run session) {
        List<String> finals = new ArrayList<>();
        String lastInfo = null;
        for (String line : session.lines()) {
            if (line.startsWith("info depth ")) {
                lastInfo = line;
            } else if (line.startsWith("bestmove ")) {
                finals.add(lastInfo);
                lastInfo = null;
            }
        }
        return finals;
    }

    private static long nodes(String infoLine) {
        return Long.parseLong(infoLine.replaceAll(".* nodes (\\d+) .*", "$1"));
    }

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
    @DisplayName("position startpos with moves, then go depth 2: an info line per iteration and a legal red move")
    void positionStartposMoves() {
        Run session = uciSession("position startpos moves h2e2 h9g7", "go depth 2");

        List<String> info = infoLines(session);
        assertThat(info).hasSize(2);
        assertThat(info.get(0)).matches("info depth 1 score (cp|mate) -?\\d+ nodes \\d+ time \\d+ pv .*");
        assertThat(info.get(1)).matches("info depth 2 score (cp|mate) -?\\d+ nodes \\d+ time \\d+ pv .*");
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
    @DisplayName("a bare go searches to Search.DEFAULT_DEPTH, one info line per iteration")
    void bareGo() {
        Run session = uciSession("position fen " + MATE_IN_TWO, "go");

        List<String> info = infoLines(session);
        assertThat(info).hasSize(Search.DEFAULT_DEPTH);
        for (int depth = 1; depth <= Search.DEFAULT_DEPTH; depth++) {
            assertThat(info.get(depth - 1)).startsWith("info depth " + depth + " ");
        }
        assertThat(info.get(Search.DEFAULT_DEPTH - 1)).as("depth 4 is enough to see this mate").contains("score mate 2");
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // fail, not hang
    @DisplayName("go with clock times but no depth searches while the clock allows, and answers once a mate is proved")
    void goWithClock() {
        // Fifteen minutes on the clock: the move's share is 30 s, so only a search that answers
        // once the mate is proved (Search.mateProved) answers within the 20 s this test allows;
        // and a loaded machine has all the time it needs to reach depth 4, where the mate in two
        // is proved. A search that waits out its share, or that ignores the clock, fails.
        Run session = uciSession("position fen " + MATE_IN_TWO, "go wtime 900000 btime 900000");

        assertThat(finalInfoLines(session)).singleElement().asString().contains("score mate 2");
        assertThat(infoLines(session)).as("well short of the deepest search").hasSizeLessThan(Search.MAX_DEPTH);
    }

    @Test
    @DisplayName("go in a position with no legal move answers bestmove (none)")
    void goWhenMated() {
        Run session = uciSession("position fen " + CHECKMATED, "go depth 3");

        assertThat(session.lines()).hasSize(4);
        // One node per iteration, the root, which has no move; the nodes are summed over the iterations.
        for (int depth = 1; depth <= 3; depth++) {
            assertThat(session.lines().get(depth - 1)).matches("info depth " + depth + " score mate 0 nodes " + depth + " time \\d+");
        }
        assertThat(session.lines().get(3)).isEqualTo("bestmove (none)");
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
        assertThat(session.lines()).contains("option name Move Overhead type spin default 30 min 0 max 5000");
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

        List<String> info = finalInfoLines(session);
        assertThat(info).hasSize(2);
        assertThat(info.get(0)).startsWith("info depth 6 ").contains("score mate 3");
        assertThat(info.get(1)).startsWith("info depth 4 ");
        assertThat(info.get(1)).contains("score mate 2");
        assertThat(session.bestmove()).isEqualTo("a0a9");
    }

    @Test
    @DisplayName("ucinewgame empties the table: the same search costs as many nodes as the first time")
    void newGameClearsTheTable() {
        Run session = uciSession("go depth 4", "go depth 4", "ucinewgame", "go depth 4");

        List<Long> nodes = finalInfoLines(session).stream().map(UciTest::nodes).toList();
        assertThat(nodes).hasSize(3);
        assertThat(nodes.get(1)).as("warm").isLessThan(nodes.get(0));
        assertThat(nodes.get(2)).as("after ucinewgame").isEqualTo(nodes.get(0));
    }

    // ------------------------------------------------------------------ the search thread and the clock

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

        /** The text of every line awaited so far. */
        List<String> texts() {
            return seen.stream().map(Line::text).toList();
        }

        /** Starts the engine's clock only once it is up (its table allocated): isready, readyok. */
        Engine ready() throws Exception {
            send("isready");
            await("readyok", 10_000);
            return this;
        }

        @Override
        public void close() throws Exception {
            try {
                send("quit"); // stops a search still running
                toEngine.close();
            } catch (IOException engineAlreadyGone) {
                // the engine thread has ended: nothing left to tell it
            }
            thread.join(10_000);
            assertThat(thread.isAlive()).as("the engine ends after quit").isFalse();
            assertThat(status).as("exit status").isZero();
            assertThat(err.toString(StandardCharsets.UTF_8)).as("stderr").isEmpty();
        }
    }

    private static long millisBetween(long fromNanos, long toNanos) {
        return (toNanos - fromNanos) / 1_000_000;
    }

    @Test
    @DisplayName("go movetime 200 answers bestmove within 200 ms plus a margin, after several iterations")
    void goMovetime() throws Exception {
        try (Engine engine = new Engine().ready()) {
            long sent = engine.send("go movetime 200");
            Engine.Line best = engine.await("bestmove", 10_000);

            long millis = millisBetween(sent, best.nanos());
            assertThat(millis).as("a search that ignored the limit would run to depth 32").isLessThan(200 + 300);
            assertThat(engine.texts()).as("several iterations, not one").filteredOn(line -> line.startsWith("info depth 3 "))
                    .isNotEmpty();
            MoveGenerator.parseLegal(Position.startPosition(), best.text().substring("bestmove ".length()));
        }
    }

    @Test
    @DisplayName("go infinite searches until stop; isready during the search is answered at once, before the bestmove; "
            + "stop brings the bestmove promptly")
    void goInfiniteThenStop() throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("go infinite");
            Thread.sleep(300);
            long isreadySent = engine.send("isready");
            Engine.Line ready = engine.await("readyok", 10_000);

            assertThat(engine.texts()).as("still searching").noneMatch(line -> line.startsWith("bestmove"));
            assertThat(millisBetween(isreadySent, ready.nanos())).as("isready does not wait for the search").isLessThan(300);

            long stopSent = engine.send("stop");
            Engine.Line best = engine.await("bestmove", 10_000);

            assertThat(best.nanos()).as("the bestmove came only after stop").isGreaterThan(stopSent);
            assertThat(millisBetween(stopSent, best.nanos())).as("stop ends the search promptly").isLessThan(1000);
            assertThat(engine.texts()).filteredOn(line -> line.startsWith("info depth ")).hasSizeGreaterThanOrEqualTo(2);
            MoveGenerator.parseLegal(Position.startPosition(), best.text().substring("bestmove ".length()));
        }
    }

    @Test
    @DisplayName("during go infinite a stray line gets its error line at once and changes nothing; isready is answered "
            + "at once; the search goes on until stop, and the engine still answers after it")
    void strayLinesDuringASearch() throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("go infinite");
            engine.await("info depth 2 ", 10_000);
            engine.send("blah");
            engine.await("info string error: unknown command 'blah'", 10_000);
            engine.send("isready");
            engine.await("readyok", 10_000);
            assertThat(engine.texts()).as("still searching").noneMatch(line -> line.startsWith("bestmove"));

            engine.send("stop");
            Engine.Line best = engine.await("bestmove", 10_000);
            MoveGenerator.parseLegal(Position.startPosition(), best.text().substring("bestmove ".length()));
            engine.send("isready");
            engine.await("readyok", 10_000);
        }
    }

    @Test
    @DisplayName("position, go, ucinewgame, setoption and d sent during go infinite wait for its end: after stop, "
            + "each is handled in order")
    void commandsDuringASearchWaitForIt() throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("go infinite");
            engine.await("info depth 2 ", 10_000);
            for (String command : List.of("ucinewgame", "setoption name Hash value 1", "position startpos moves h2e2", "d",
                    "go depth 2")) {
                engine.send(command);
            }
            engine.send("isready");
            engine.await("readyok", 10_000);
            assertThat(engine.texts()).as("nothing queued has run yet").noneMatch(line -> line.startsWith("bestmove")
                    || line.startsWith("fen ") || line.startsWith("info string error"));

            engine.send("stop");
            Engine.Line first = engine.await("bestmove", 10_000);
            MoveGenerator.parseLegal(Position.startPosition(), first.text().substring("bestmove ".length()));
            engine.await("fen " + after(Position.START_FEN, "h2e2").toFen(), 10_000);
            Engine.Line second = engine.await("bestmove", 10_000);
            Position position = after(Position.START_FEN, "h2e2");
            int move = MoveGenerator.parseLegal(position, second.text().substring("bestmove ".length()));
            assertThat(Piece.color(position.pieceAt(Move.from(move)))).isEqualTo(Piece.BLACK);
            assertThat(engine.texts()).noneMatch(line -> line.startsWith("info string error"));
        }
    }

    @Test
    @DisplayName("go ponder thinks without the clock: no bestmove though its movetime has long passed; ponderhit "
            + "starts the clock, and the move comes within that movetime, but not at once")
    void ponderhitStartsTheClock() throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("go ponder movetime 1000");
            engine.await("info depth 3 ", 10_000);
            Thread.sleep(1_500); // longer than the movetime: a clock started at go would have run out
            engine.send("isready");
            engine.await("readyok", 10_000);
            assertThat(engine.texts()).as("still pondering, and go ponder is not refused")
                    .noneMatch(line -> line.startsWith("bestmove") || line.startsWith("info string error"));

            long ponderhitSent = engine.send("ponderhit");
            Engine.Line best = engine.await("bestmove", 10_000);

            long millis = millisBetween(ponderhitSent, best.nanos());
            assertThat(millis).as("the movetime counts from ponderhit: the move does not come at once").isGreaterThan(100);
            assertThat(millis).as("and it is kept").isLessThan(1000 + 1000);
            MoveGenerator.parseLegal(Position.startPosition(), best.text().substring("bestmove ".length()));
        }
    }

    @Test
    @DisplayName("stop while pondering (the opponent played another move) answers at once, though the clock it was "
            + "given never started")
    void stopWhilePondering() throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("go ponder wtime 1000 btime 1000");
            engine.await("info depth 2 ", 10_000);
            Thread.sleep(1_000); // the clock, had it started, would allow far less
            engine.send("isready");
            engine.await("readyok", 10_000);
            assertThat(engine.texts()).noneMatch(line -> line.startsWith("bestmove"));

            long stopSent = engine.send("stop");
            Engine.Line best = engine.await("bestmove", 10_000);

            assertThat(millisBetween(stopSent, best.nanos())).as("stop ends the pondering promptly").isLessThan(1000);
            MoveGenerator.parseLegal(Position.startPosition(), best.text().substring("bestmove ".length()));
        }
    }

    @Test
    @DisplayName("a pondering search that reached its depth waits for ponderhit, then answers at once, without "
            + "searching again")
    void ponderReachesItsDepth() throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("position fen " + MATE_IN_TWO);
            engine.send("go ponder depth 4");
            engine.await("info depth 4 ", 10_000);
            engine.send("isready");
            engine.await("readyok", 10_000);
            assertThat(engine.texts()).noneMatch(line -> line.startsWith("bestmove"));

            long ponderhitSent = engine.send("ponderhit");
            Engine.Line best = engine.await("bestmove", 10_000);

            assertThat(best.nanos()).isGreaterThan(ponderhitSent);
            assertThat(engine.texts()).filteredOn(line -> line.startsWith("info depth ")).hasSize(4);
            assertThat(engine.texts()).filteredOn(line -> line.startsWith("info depth 4 ")).singleElement().asString()
                    .contains("score mate 2");
        }
    }

    @Test
    @DisplayName("ponderhit with no go pondering changes nothing: a running search goes on to its depth")
    void strayPonderhit() {
        Run session = uciSession("go depth 6", "ponderhit");

        assertThat(infoLines(session)).hasSize(6);
        assertThat(session.lines()).noneMatch(line -> line.startsWith("info string error") || line.startsWith("info string ponderhit"));
    }

    @Test
    @DisplayName("isready during a timed search is answered before its bestmove")
    void isreadyDuringATimedSearch() throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("go movetime 2000");
            engine.await("info depth 1 ", 10_000);
            engine.send("isready");
            engine.await("readyok", 10_000);
            assertThat(engine.texts()).noneMatch(line -> line.startsWith("bestmove"));
            engine.await("bestmove", 10_000);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {CHECKMATED, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"})
    @DisplayName("go infinite whose search ends by itself (no move; depth 32 reached) answers only after stop")
    void infiniteAnswersOnlyAfterStop(String fen) throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("position fen " + fen);
            engine.send("go infinite");
            engine.await("info depth 1 ", 10_000);
            engine.send("isready");
            engine.await("readyok", 10_000);
            assertThat(engine.texts()).noneMatch(line -> line.startsWith("bestmove"));

            long stopSent = engine.send("stop");
            assertThat(engine.await("bestmove", 10_000).nanos()).isGreaterThan(stopSent);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "uci|position startpos|go depth 3",
        "uci|position startpos|go depth 3|quit",
        "position startpos|go depth 3|go depth 2",
        "position startpos|go depth 3|go depth 2|quit",
        "go depth 2|isready|go depth 1|quit|go depth 1",
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
    @ValueSource(strings = {"go depth 32", "go wtime 900000 btime 900000", "go infinite", "go nodes 1000000000000"})
    @Timeout(value = 20, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // fail, not hang
    @DisplayName("the end of the input ends a search at once, as quit does: its bestmove comes and the engine ends")
    void endOfInputEndsASearch(String go) {
        Run session = runWithInput(go + "\n", "uci");

        assertThat(session.status()).isZero();
        assertThat(session.lines()).filteredOn(line -> line.startsWith("info depth ")).hasSizeLessThan(10);
        MoveGenerator.parseLegal(Position.startPosition(), session.bestmove());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"go wtime 1000 btime 1000 winc 2000 binc 2000", "go wtime 500 btime 500 winc 5000 binc 5000",
        "go wtime 500 btime 500 winc 100000 binc 100000"})
    @DisplayName("however large the increment, the move comes well before the clock runs out")
    void incrementDoesNotOverrunTheClock(String go) throws Exception {
        try (Engine engine = new Engine().ready()) {
            long sent = engine.send(go);
            Engine.Line best = engine.await("bestmove", 10_000);

            long clock = Long.parseLong(go.split(" ")[2]);
            assertThat(millisBetween(sent, best.nanos())).isLessThan(clock);
        }
    }

    @Test
    @DisplayName("fuzz: 300 random lines sent during a search; then isready is answered and the last go answers "
            + "a legal bestmove")
    void fuzzDuringASearch() throws Exception {
        String[] words = {"go", "position", "startpos", "fen", "moves", "depth", "movetime", "infinite", "nodes",
            "mate", "searchmoves", "wtime", "winc", "movestogo", "setoption", "name", "Hash", "Move", "Overhead", "value",
            "isready", "ucinewgame", "d", "ponderhit", "h2e2", "h9g7", "a0a5", "0", "1", "2", "-1", "99999999999", "\uFF12",
            "K", "\u212A", "x".repeat(300), "'", "\t", HANGING_CHARIOT};
        java.util.Random random = new java.util.Random(15);
        try (Engine engine = new Engine().ready()) {
            engine.send("go infinite");
            engine.await("info depth 1 ", 10_000);
            int gos = 1;
            for (int i = 0; i < 300; i++) {
                StringBuilder line = new StringBuilder();
                int length = 1 + random.nextInt(6);
                for (int w = 0; w < length; w++) {
                    line.append(words[random.nextInt(words.length)]).append(w + 1 < length ? " " : "");
                }
                String text = line.toString().replace("go infinite", "go depth 1").replace("movetime 99999999999", "movetime 1")
                        .replace("Hash value 99999999999", "Hash value 1");
                gos += text.trim().split("\\s+")[0].equals("go") ? 1 : 0;
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
            assertThat(engine.texts()).noneMatch(line -> line.contains("Exception"));
        }
    }

    @Test
    @DisplayName("go wtime 1000 btime 1000 answers well inside the clock")
    void goWithAShortClock() throws Exception {
        try (Engine engine = new Engine().ready()) {
            long sent = engine.send("go wtime 1000 btime 1000");
            Engine.Line best = engine.await("bestmove", 10_000);

            assertThat(millisBetween(sent, best.nanos())).isLessThan(500);
            MoveGenerator.parseLegal(Position.startPosition(), best.text().substring("bestmove ".length()));
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource(delimiter = '|', value = {
        "position startpos             | go wtime 1000 btime 100000 winc 0 binc 10000",
        "position startpos moves h2e2  | go wtime 100000 btime 1000 winc 10000 binc 0"})
    @DisplayName("the side to move's clock and increment decide, not the other side's")
    void sideToMovesClock(String position, String go) throws Exception {
        // Red's, then black's, is the 1-second clock without increment; the other side's
        // clock or increment would let the search take seconds.
        try (Engine engine = new Engine().ready()) {
            engine.send(position);
            long sent = engine.send(go);
            Engine.Line best = engine.await("bestmove", 20_000);

            assertThat(millisBetween(sent, best.nanos())).isLessThan(500);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "go depth x",
        "go movetime -5",
        "go movetime 0",
        "go movetime",
        "go movetime soon",
        "go wtime",
        "go winc -1",
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
        "go nodes 0",
    })
    @DisplayName("a refused go is answered with one 'info string error:' line and still a bestmove, from a depth-1 search")
    void badGoWord(String bad) {
        Run session = uciSession(bad, "isready");

        assertThat(session.status()).isZero();
        assertThat(session.err()).isEmpty();
        List<String> lines = session.lines();
        assertThat(lines.get(0)).startsWith("info string error: ").endsWith("(searching to depth 1 instead)");
        assertThat(lines).filteredOn(line -> line.startsWith("info string error")).hasSize(1);
        assertThat(infoLines(session)).singleElement().asString().startsWith("info depth 1 ");
        MoveGenerator.parseLegal(Position.startPosition(), session.bestmove());
        assertThat(lines).last().isEqualTo("readyok");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "go nodes 1000                          | ",
        "go mate 2                              | ",
        "go searchmoves h2e2                    | h2e2",
        "go searchmoves c3c4 g3g4 depth 3       | ",
        "go depth 2 searchmoves b0c2            | b0c2",
        "go movetime 1                          | ",
        "go movestogo 0 wtime 1000 btime 1000   | ",
        "go wtime 3000000000 btime 3000000000 movetime 50 | ",
        "go wtime -50 btime 1000                | ",
    })
    @DisplayName("the standard go limits are honoured, each answered with a legal bestmove")
    void goLimits(String go, String only) {
        Run session = uciSession(go);

        assertThat(session.lines()).noneMatch(line -> line.startsWith("info string error"));
        MoveGenerator.parseLegal(Position.startPosition(), session.bestmove());
        if (only != null) {
            assertThat(session.bestmove()).isEqualTo(only);
        }
    }

    @Test
    @DisplayName("go searchmoves: the root plays only those moves; go nodes stops the deepening soon after the budget")
    void searchmovesAndNodes() {
        Run restricted = uciSession("go depth 3 searchmoves c3c4 g3g4");
        Run budget = uciSession("go nodes 3000");

        assertThat(restricted.bestmove()).isIn("c3c4", "g3g4");
        long last = nodes(finalInfoLines(budget).get(0));
        assertThat(last).as("the last finished iteration within the budget and its 1024-node check").isLessThan(3000 + 1024);
        assertThat(infoLines(budget)).hasSizeLessThan(Search.MAX_DEPTH);
    }

    @Test
    @DisplayName("an iteration cut short after a root move beat the old best is reported with 'lowerbound', "
            + "and its move is played")
    void partialIterationReported() {
        // TimeControlTest#partialIterationKeepsABetterMove: this budget stops depth 5 after b2b9
        // (400) has beaten depth 4's b2c2.
        Run session = uciSession("position startpos moves h2e2 h9g7 h0g2 i9h9", "go nodes 27745");

        assertThat(infoLines(session)).hasSize(5);
        assertThat(infoLines(session).get(3)).startsWith("info depth 4 score cp -30 nodes ").contains(" pv b2c2 ");
        assertThat(finalInfoLines(session).get(0)).startsWith("info depth 5 score cp 400 lowerbound nodes 28672 ")
                .contains(" pv b2b9 ");
        assertThat(session.bestmove()).isEqualTo("b2b9");
    }

    @Test
    @DisplayName("go mate 2 searches 4 plies, deep enough for a mate in two")
    void goMate() {
        Run session = uciSession("position fen " + MATE_IN_TWO, "go mate 2");

        assertThat(infoLines(session)).hasSize(4);
        assertThat(finalInfoLines(session).get(0)).contains("score mate 2");
    }

    @Test
    @DisplayName("quit stops an infinite search; its bestmove still comes, from the last finished iteration")
    void quitStopsAnInfiniteSearch() {
        Run session = uciSession("go infinite", "quit", "isready");

        assertThat(session.status()).isZero();
        assertThat(session.lines()).last().asString().startsWith("bestmove ");
        assertThat(session.lines()).doesNotContain("readyok");
        MoveGenerator.parseLegal(Position.startPosition(), session.bestmove());
    }

    @Test
    @DisplayName("quit during a deep search answers with the last finished iteration's move: here the mate, "
            + "where a depth-1 search would take the chariot")
    void quitDuringADeepSearch() throws Exception {
        try (Engine engine = new Engine().ready()) {
            engine.send("position fen " + MATE_OR_CHARIOT);
            engine.send("go depth 32");
            engine.await("info depth 2 ", 10_000); // from depth 2 on, the search sees the mate
            engine.send("quit");
            assertThat(engine.await("bestmove", 10_000).text()).isEqualTo("bestmove b1b9");
        } // and the engine has ended (close() checks it)
    }

    @Test
    @DisplayName("the end of input stops an infinite search; its bestmove still comes")
    void endOfInputStopsAnInfiniteSearch() {
        Run session = uciSession("position fen " + HANGING_CHARIOT, "go infinite");

        assertThat(session.status()).isZero();
        assertThat(session.lines()).last().asString().startsWith("bestmove ");
        assertThat(infoLines(session)).isNotEmpty();
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // fail, not hang
    @DisplayName("a command other than stop or isready waits for the running search: 'd' answers after the bestmove")
    void otherCommandsWaitForTheSearch() {
        Run session = uciSession("go movetime 100", "position startpos moves h2e2", "d");

        List<String> lines = session.lines();
        int bestmove = lines.indexOf(lines.stream().filter(line -> line.startsWith("bestmove ")).findFirst().orElseThrow());
        int fen = lines.indexOf("fen " + after(Position.START_FEN, "h2e2").toFen());
        assertThat(fen).as("the board of the new position").isGreaterThan(bestmove);
        // The search ran on the position it was given, the start position.
        MoveGenerator.parseLegal(Position.startPosition(), session.bestmove());
    }

    @Test
    @DisplayName("go depth 4 reports iterations 1, 2, 3, 4 in order, the nodes summed, then the PV in Chinese and bestmove")
    void iterationsInOrder() {
        Run session = uciSession("go depth 4");

        List<String> info = infoLines(session);
        assertThat(info).hasSize(4);
        for (int depth = 1; depth <= 4; depth++) {
            assertThat(info.get(depth - 1)).startsWith("info depth " + depth + " ");
        }
        assertThat(info.stream().map(UciTest::nodes).toList()).isSorted().doesNotHaveDuplicates();
        List<String> lines = session.lines();
        assertThat(lines.get(lines.size() - 2)).startsWith("info string pv ");
        assertThat(info.get(3)).contains(" pv " + session.bestmove());
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
            assertThat(lines.get(1).split(" "));
        }
    }
}
