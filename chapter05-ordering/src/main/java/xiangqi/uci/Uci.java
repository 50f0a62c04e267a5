package xiangqi.uci;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Supplier;
import xiangqi.*;
import xiangqi.common.Chapter;
import xiangqi.common.ErrorLine;

/**
 * The UCI protocol as Xiangqi GUIs speak it (the dialect of Pikafish: FEN with
 * {@code rnbakabnr}, moves such as {@code h2e2}). Supported: {@code uci}, {@code isready},
 * {@code ucinewgame}, {@code position startpos|fen FEN [moves ...]}, {@code go} with
 * {@code depth N}, {@code mate N}, {@code nodes N}, {@code movetime MS},
 * {@code wtime/btime/winc/binc/movestogo}, {@code searchmoves m1 m2 ...},
 * {@code infinite} or {@code ponder} (a bare {@code go} searches to
 * {@link Search#DEFAULT_DEPTH}), {@code stop}, {@code ponderhit}, {@code d} (draw
 * the board), {@code setoption name Hash|Move Overhead value N} and {@code quit}. The
 * transposition table and the history table live from one {@code go} to the next, as in a
 * game, until {@code ucinewgame}. A bad line is answered with {@code info string error: ...}
 * and the loop goes on, as GUIs expect.
 *
 * <p><b>Two threads.</b> This one only reads: it answers {@code isready} at once while a
 * search runs, acts on {@code stop} and {@code quit} at once, answers an unknown command
 * with its error line, and queues every other command for the worker thread, which runs
 * them in order; a search runs there, so a queued command waits for it to end. The end of
 * the input is a {@code quit}. Every {@code go} is answered with one {@code bestmove}; that
 * of {@code go infinite} only after {@code stop} or {@code quit}, as UCI requires.
 *
 * <p><b>Pondering.</b> {@code go ponder} comes with a position that ends in the move the GUI
 * expects the opponent to play: the engine thinks on the opponent's time, and its own clock
 * has not started. So that search has no limit but its depth and {@code stop}, and its
 * {@code bestmove} waits, as {@code go infinite}'s does. {@code stop} (the opponent played
 * another move) answers at once, and the GUI throws the answer away. {@code ponderhit} (the
 * opponent played that move) starts the clock: the go's limits count from there. The
 * pondering search ends, and a search with those limits starts on the same table, whose
 * entries answer the iterations already searched in a few nodes each; a pondering search
 * that had already reached its depth answers at once.
 */
public final class Uci {
    /** The worker's sign to end: every command before it has been handled. */
    private static final Command END = new Command("", 0);
    private static final List<String> GO_WORDS = List.of("searchmoves", "ponder", "wtime", "btime", "winc", "binc",
            "movestogo", "depth", "nodes", "mate", "movetime", "infinite");

    /** A line for the worker; {@code go} numbers the {@code go} commands from 1, 0 for the others. */
    private record Command(String line, long go) { }

    /** What one {@code go} asks for. */
    private record Limits(int depth, Supplier<TimeControl> clock, long nodes, int[] rootMoves, boolean infinite,
            boolean ponder) { }

    private final PrintStream out;
    private final BlockingQueue<Command> commands = new LinkedBlockingQueue<>();

    // Read and written by the worker thread only.
    /** The position to search; null after a refused {@code position}, until a valid one. */
    private Position position = Position.startPosition();
    private TranspositionTable table = new TranspositionTable(TranspositionTable.DEFAULT_MB, TranspositionTable.Scheme.TWO_TIER);
    private Search search = newSearch(table);
    private long moveOverhead = TimeControl.SAFETY_MILLIS;
    private boolean warm;

    // Shared by the two threads.
    /** How many {@code go} the reader has queued (the reader's count). */
    private long goSent;
    /** How many {@code go} the worker has answered with a bestmove. */
    private volatile long goAnswered;
    /** Every {@code go} up to this number must stop (guarded by {@code this}). */
    private long stoppedThrough;
    /** Every {@code go ponder} up to this number has had its {@code ponderhit} (guarded by {@code this}). */
    private long ponderhitThrough;
    /** The running search's limits, for {@code stop}; null between searches. */
    private volatile TimeControl running;
    /** The pondering search's limits, for {@code ponderhit}; null when no search ponders. */
    private volatile TimeControl pondering;

    public Uci(PrintStream out) {
        this.out = out;
    }

    /** This chapter's search, on {@code table}. */
    private static Search newSearch(TranspositionTable table) {
        return Search.ordered(table);
    }

    /** Reads commands until {@code quit} or the end of the input, then waits for the worker to finish. */
    public void run(InputStream in) {
        Thread worker = new Thread(this::work, "uci-worker");
        worker.start();
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        try {
            for (String line = reader.readLine(); line != null && read(line.trim()); line = reader.readLine()) {
                // read() has done it
            }
        } catch (IOException e) {
            // the GUI is gone: as at the end of the input
        }
        stopSearches(); // quit, or the end of the input: nobody is left to wait for an answer
        commands.add(END);
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Handles one line as it is read: at once, or by queuing it. Returns false on {@code quit}. */
    private boolean read(String line) {
        String command = line.split("\\s", 2)[0];
        switch (command) {
            case "" -> { }
            case "ponderhit" -> ponderhit();
            case "isready" -> {
                if (goAnswered < goSent) {
                    out.println("readyok"); // during a search: at once, and the search goes on
                } else {
                    commands.add(new Command(line, 0)); // after the commands before it
                }
            }
            case "stop" -> stopSearches();
            case "quit" -> {
                return false;
            }
            case "uci", "ucinewgame", "setoption", "position", "d" -> commands.add(new Command(line, 0));
            case "go" -> commands.add(new Command(line, ++goSent));
            default -> out.println(error("unknown command '" + command + "'"));
        }
        return true;
    }

    /** {@code stop}: every {@code go} read so far ends, the running search at once. */
    private void stopSearches() {
        synchronized (this) {
            stoppedThrough = goSent;
            notifyAll(); // a go infinite that has finished waits for this
        }
        TimeControl time = running;
        if (time != null) {
            time.stop();
        }
    }

    /** {@code ponderhit}: every {@code go ponder} read so far stops pondering, and its clock starts. */
    private void ponderhit() {
        synchronized (this) {
            ponderhitThrough = goSent;
            notifyAll(); // a go ponder that has finished waits for this
        }
        TimeControl time = pondering;
        if (time != null) {
            time.stop();
        }
    }

    /** The worker: handles the queued commands in order until {@link #END}. */
    private void work() {
        try {
            for (Command command = commands.take(); command != END; command = commands.take()) {
                try {
                    handle(command);
                } catch (IllegalArgumentException e) {
                    out.println(error(e.getMessage()));
                }
                out.flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(Command command) {
        String[] words = command.line().split("\\s+");
        switch (words[0]) {
            case "uci" -> {
                out.println("id name Xiangqi tutorial " + Chapter.NAME);
                out.println("id author the Xiangqi search tutorial");
                out.println("option name Hash type spin default " + TranspositionTable.DEFAULT_MB
                        + " min 1 max " + TranspositionTable.largestMegabytes());
                out.println("option name Move Overhead type spin default " + TimeControl.SAFETY_MILLIS + " min 0 max 5000");
                warmUp();
                out.println("uciok");
            }
            case "isready" -> {
                warmUp();
                out.println("readyok");
            }
            case "ucinewgame" -> { // forget everything learnt in the last game
                table.clear();
                search = newSearch(table);
            }
            case "setoption" -> setOption(words);
            case "position" -> {
                position = null; // refused, it leaves no position: the engine must not guess
                try {
                    position = parsePosition(words);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(e.getMessage() + " (no position now: go answers bestmove (none))");
                }
            }
            case "go" -> go(words, command.go());
            case "d" -> out.println(position == null ? error("no position: the last position command was refused")
                    : position.diagram() + "\nfen " + position.toFen() + "\nkey " + Long.toHexString(position.key()));
            default -> throw new IllegalStateException("not a queued command: " + words[0]);
        }
    }

    private static Position parsePosition(String[] words) {
        int movesAt = indexOf(words, "moves");
        Position result;
        if (words.length > 1 && words[1].equals("startpos") && movesAt <= 2) {
            result = Position.startPosition();
        } else if (words.length > 2 && words[1].equals("fen")) {
            result = Position.fromFen(String.join(" ", java.util.Arrays.copyOfRange(words, 2, movesAt)));
        } else {
            throw new IllegalArgumentException("expected 'position startpos' or 'position fen FEN', optionally followed by 'moves ...'");
        }
        for (int i = movesAt + 1; i < words.length; i++) {
            result.makeMove(MoveGenerator.parseLegal(result, words[i]));
        }
        return result;
    }

    /**
     * {@code go} number {@code number}: searches with the limits it gives and answers
     * {@code bestmove}, always. A refused {@code go} gets its error line and the move of a
     * depth-1 search; without a position, {@code bestmove (none)}.
     */
    private void go(String[] words, long number) {
        try {
            if (position == null) {
                out.println(error("no position to search: the last position command was refused"));
                out.println("bestmove (none)");
                return;
            }
            Limits limits;
            try {
                limits = parseGo(words);
            } catch (IllegalArgumentException e) {
                out.println(error(e.getMessage() + " (searching to depth 1 instead)"));
                limits = new Limits(1, TimeControl::none, Long.MAX_VALUE, null, false, false);
            }
            if (limits.ponder()) {
                Search.Result pondered = ponder(limits, number);
                if (pondered != null) {
                    printBestMove(position, pondered, out);
                    return;
                }
                out.println("info string ponderhit: the clock starts; the search goes on from the table");
            }
            TimeControl time = limits.clock().get(); // the clock starts now
            running = time;
            synchronized (this) {
                if (number <= stoppedThrough) {
                    time.stop(); // stop came before the search started
                }
            }
            search.restrict(limits.rootMoves(), limits.nodes());
            Search.Result result = search.search(position, limits.depth(), time, iteration -> printInfo(iteration, out));
            if (limits.infinite()) {
                awaitRelease(number, false);
            }
            running = null;
            printBestMove(position, result, out);
        } finally {
            goAnswered = number;
        }
    }

    /**
     * The thinking of a {@code go ponder}, on the opponent's time: a search with no limit but
     * its depth and {@code stop}, whose answer waits for {@code ponderhit} or {@code stop}.
     * Returns the answer, or null when {@code ponderhit} came before the search reached its
     * depth: then the go's own limits start, on the clock, with the table this search filled.
     */
    private Search.Result ponder(Limits limits, long number) {
        TimeControl thinking = TimeControl.none();
        running = thinking;
        pondering = thinking;
        synchronized (this) {
            if (number <= stoppedThrough || number <= ponderhitThrough) {
                thinking.stop(); // stop or ponderhit came before the search started
            }
        }
        search.restrict(limits.rootMoves(), Long.MAX_VALUE);
        Search.Result result = search.search(position, limits.depth(), thinking, iteration -> printInfo(iteration, out));
        pondering = null;
        running = null;
        awaitRelease(number, true); // one that reached its depth still waits, as UCI asks
        boolean stopped;
        synchronized (this) {
            stopped = number <= stoppedThrough;
        }
        return stopped || result.depth() == limits.depth() && !result.partial() ? result : null;
    }

    /**
     * Waits for {@code stop} (or {@code quit}) of {@code go} number {@code number}, or for its
     * {@code ponderhit} if {@code ponderhitIsEnough}: {@code go infinite} and {@code go ponder}
     * answer only then, even when their search ended first.
     */
    private synchronized void awaitRelease(long number, boolean ponderhitIsEnough) {
        while (stoppedThrough < number && !(ponderhitIsEnough && ponderhitThrough >= number)) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * The limits of a {@code go}. With a game clock, the side to move's time and increment
     * decide (see {@link TimeControl#clock}); {@code movetime} takes precedence over a clock,
     * and {@code infinite} over both; with {@code ponder} the clock starts only at
     * {@code ponderhit}. {@code mate N} searches 2N plies: a mate in N moves
     * is seen once the mated side's node is searched and found to have no move. A
     * {@code go} that gives no limit at all searches to {@link Search#DEFAULT_DEPTH}.
     */
    private Limits parseGo(String[] words) {
        boolean red = position.sideToMove() == Piece.RED;
        int depth = 0;
        long nodes = Long.MAX_VALUE;
        long moveTime = -1;
        long remaining = Long.MIN_VALUE;
        long increment = 0;
        int movesToGo = 0;
        int[] rootMoves = null;
        boolean infinite = false;
        boolean ponder = false;
        for (int i = 1; i < words.length; i++) {
            switch (words[i]) {
                case "infinite" -> infinite = true;
                case "ponder" -> ponder = true;
                case "depth" -> depth = (int) number(words, ++i, 1, Search.MAX_DEPTH);
                case "mate" -> depth = (int) Math.min(2 * number(words, ++i, 1, Search.MAX_DEPTH), Search.MAX_DEPTH);
                case "nodes" -> nodes = number(words, ++i, 1, Long.MAX_VALUE);
                case "movetime" -> moveTime = number(words, ++i, 1, Long.MAX_VALUE);
                case "wtime", "btime" -> {
                    long millis = number(words, ++i, Long.MIN_VALUE, Long.MAX_VALUE);
                    remaining = words[i - 1].equals(red ? "wtime" : "btime") ? millis : remaining;
                }
                case "winc", "binc" -> {
                    long millis = number(words, ++i, 0, Long.MAX_VALUE);
                    increment = words[i - 1].equals(red ? "winc" : "binc") ? millis : increment;
                }
                case "movestogo" -> movesToGo = (int) number(words, ++i, 0, 1000); // 0: not given
                case "searchmoves" -> {
                    List<Integer> moves = new ArrayList<>();
                    while (i + 1 < words.length && !GO_WORDS.contains(words[i + 1])) {
                        moves.add(MoveGenerator.parseLegal(position, words[++i]));
                    }
                    if (moves.isEmpty()) {
                        throw new IllegalArgumentException("go searchmoves needs at least one legal move");
                    }
                    rootMoves = moves.stream().mapToInt(Integer::intValue).toArray();
                }
                default -> throw new IllegalArgumentException("go: unknown word '" + words[i] + "'");
            }
        }
        Supplier<TimeControl> clock = clock(infinite, moveTime, remaining, increment, movesToGo);
        boolean unlimited = !infinite && moveTime < 0 && remaining == Long.MIN_VALUE && nodes == Long.MAX_VALUE;
        int maxDepth = depth > 0 ? depth : unlimited ? Search.DEFAULT_DEPTH : Search.MAX_DEPTH;
        return new Limits(maxDepth, clock, nodes, rootMoves, infinite, ponder);
    }

    /** A go's time limits, which start when asked for: at {@code go}, or at {@code ponderhit}. */
    private Supplier<TimeControl> clock(boolean infinite, long moveTime, long remaining, long increment, int movesToGo) {
        long overhead = moveOverhead;
        return () -> infinite ? TimeControl.none()
                : moveTime > 0 ? TimeControl.moveTime(moveTime, overhead, System::nanoTime)
                : remaining != Long.MIN_VALUE ? TimeControl.clock(remaining, increment, movesToGo, overhead, System::nanoTime)
                : TimeControl.none();
    }

    /** The number after {@code words[at - 1]}, in ASCII digits, within min..max. */
    private static long number(String[] words, int at, long min, long max) {
        String name = words[at - 1];
        if (at >= words.length) {
            throw new IllegalArgumentException("go " + name + " needs a number");
        }
        long value;
        try {
            if (!words[at].matches("-?[0-9]{1,19}")) {
                throw new NumberFormatException();
            }
            value = Long.parseLong(words[at]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("go " + name + " '" + words[at] + "' is not a whole number");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException("go " + name + " " + value + " is out of range " + min + ".."
                    + (max == Long.MAX_VALUE ? "" : max));
        }
        return value;
    }

    /**
     * A cold JVM loads classes and interprets before it compiles: the first search would
     * be slow, and a short first {@code go} would overrun its time. So {@code uci} and the
     * first {@code isready} run a small search on a table of their own first.
     */
    private void warmUp() {
        if (!warm) {
            warm = true;
            Position start = Position.startPosition();
            Search.Result result = newSearch(new TranspositionTable(1L << 12, TranspositionTable.Scheme.TWO_TIER, true))
                    .search(start, 4);
            Notation.chineseLine(start, result.pv(), 0, result.pv().length);
        }
    }

    /**
     * {@code setoption name Hash value MB}: a new, empty table of that size; the old one is
     * let go first, so that it does not count against the new one. If the new one does not
     * fit, a table of the old size comes back. {@code setoption name Move Overhead value MS}:
     * the milliseconds every time limit keeps back for the GUI and the pipe.
     */
    private void setOption(String[] words) {
        int value = indexOf(words, "value");
        if (words.length < 3 || !words[1].equals("name") || value + 1 >= words.length) {
            throw new IllegalArgumentException("expected 'setoption name NAME value VALUE'");
        }
        String name = String.join(" ", java.util.Arrays.copyOfRange(words, 2, value));
        if (name.equalsIgnoreCase("Move Overhead")) {
            String text = words[value + 1];
            if (!text.matches("[0-9]{1,4}") || Integer.parseInt(text) > 5000) {
                throw new IllegalArgumentException("Move Overhead '" + text + "' is not a whole number of ms from 0 to 5000");
            }
            moveOverhead = Integer.parseInt(text);
            return;
        }
        if (!name.equalsIgnoreCase("Hash")) {
            throw new IllegalArgumentException("unknown option '" + name + "' (this engine has: Hash, Move Overhead)");
        }
        int megabytes = TranspositionTable.parseMegabytes(words[value + 1]);
        int oldMegabytes = (int) (table.entries() * (long) TranspositionTable.BYTES_PER_ENTRY >> 20);
        TranspositionTable.Scheme scheme = table.scheme();
        table = null;
        search = null;
        System.gc(); // the old table is garbage now: let the heap count it as free
        try {
            table = new TranspositionTable(megabytes, scheme);
        } catch (IllegalArgumentException e) {
            table = new TranspositionTable(oldMegabytes, scheme);
            throw e;
        } finally {
            search = newSearch(table);
        }
    }

    /**
     * UCI's report of one iteration: depth, score, nodes, time in ms, and the PV. A partial
     * iteration, cut short by the clock after some root moves, says {@code lowerbound} after
     * its score, as UCI has it: the root is worth at least that, and may be worth more by the
     * moves not searched. The command line's {@code search} and {@code tree} print it too.
     */
    public static void printInfo(Search.Result result, PrintStream out) {
        StringBuilder line = new StringBuilder("info depth ").append(result.depth())
                .append(" score ").append(Score.toUci(result.score())).append(result.partial() ? " lowerbound" : "")
                .append(" nodes ").append(result.nodes())
                .append(" time ").append(result.millis());
        if (result.pv().length > 0) {
            line.append(" pv");
            for (int move : result.pv()) {
                line.append(' ').append(Move.toUci(move));
            }
        }
        out.println(line);
    }

    /** The end of a search: the PV in Chinese, then {@code bestmove}. */
    public static void printBestMove(Position position, Search.Result result, PrintStream out) {
        if (result.pv().length > 0) {
            out.println("info string pv " + Notation.chineseLine(position, result.pv(), 0, result.pv().length));
            out.println("bestmove " + Move.toUci(result.bestMove()));
        } else {
            out.println("bestmove (none)"); // no legal move: the side to move has already lost
        }
    }

    private static String error(String message) {
        return "info string error: " + ErrorLine.clip(message);
    }

    private static int indexOf(String[] words, String word) {
        for (int i = 0; i < words.length; i++) {
            if (words[i].equals(word)) {
                return i;
            }
        }
        return words.length;
    }
}
