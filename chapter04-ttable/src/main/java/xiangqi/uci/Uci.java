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
import xiangqi.*;
import xiangqi.common.Chapter;
import xiangqi.common.ErrorLine;

/**
 * The UCI protocol as Xiangqi GUIs speak it (the dialect of Pikafish: FEN with
 * {@code rnbakabnr}, moves such as {@code h2e2}). Supported: {@code uci}, {@code isready},
 * {@code ucinewgame}, {@code position startpos|fen FEN [moves ...]}, {@code go} with
 * {@code depth N}, {@code mate N}, {@code searchmoves m1 m2 ...}, {@code infinite} or
 * {@code ponder} (any other {@code go} searches to {@link Search#DEFAULT_DEPTH}),
 * {@code stop}, {@code ponderhit}, {@code d} (draw the board),
 * {@code setoption name Hash value MB} and {@code quit}. The transposition table lives from
 * one {@code go} to the next, as in a game, until {@code ucinewgame}. A bad line is answered
 * with {@code info string error: ...} and the loop goes on, as GUIs expect.
 *
 * <p><b>Two threads.</b> This one only reads: it answers {@code isready} at once while a
 * search runs, acts on {@code stop} and {@code quit} at once, answers an unknown command
 * with its error line, and queues every other command for the worker thread, which runs
 * them in order; a search runs there, so a queued command waits for it to end. The end of
 * the input is a {@code quit}. Every {@code go} is answered with one {@code bestmove}; that
 * of {@code go infinite} only after {@code stop} or {@code quit}, as UCI requires.
 *
 * <p><b>Pondering.</b> {@code go ponder} comes with a position that ends in the move the GUI
 * expects the opponent to play: the engine thinks on the opponent's time. Its search runs as
 * any other, but its {@code bestmove} waits, as {@code go infinite}'s does, for
 * {@code ponderhit} (the opponent played that move: the answer counts, and it comes when the
 * search ends) or {@code stop} (the opponent played another: the answer is thrown away, and
 * it comes at once). This chapter has no clock, so there is no clock to start at
 * {@code ponderhit}; chapter 5's starts there.
 *
 * <p><b>A search that stop and quit end.</b> This chapter's search has a fixed depth and no
 * clock: the limits it cannot honour ({@code wtime}, {@code movetime}, {@code nodes} ...)
 * get an error line, and the search goes to its depth. {@code stop} ends it at once, and so
 * does {@code quit}, or the end of the input, as in Stockfish: a GUI that dies mid-search
 * must not leave a core busy for good. The search has no stop of its own: it is watched
 * through its {@link SearchListener} ({@link RootWatch}), which remembers the best root move
 * searched to the end and, once stop or quit is read, unwinds the search at the next node.
 * That move is the answer; if no root move was searched to the end yet, a depth-1 search
 * gives it. Every {@code go} queued before {@code stop} or {@code quit} is answered so too,
 * each with one bestmove (after quit, the engine ends).
 */
public final class Uci {
    /** The worker's sign to end: every command before it has been handled. */
    private static final Command END = new Command("", 0);
    private static final List<String> GO_WORDS = List.of("searchmoves", "ponder", "wtime", "btime", "winc", "binc",
            "movestogo", "depth", "nodes", "mate", "movetime", "infinite");

    /** A line for the worker; {@code go} numbers the {@code go} commands from 1, 0 for the others. */
    private record Command(String line, long go) { }

    /** What one {@code go} asks for. */
    private record Limits(int depth, int[] rootMoves, boolean infinite, boolean ponder) { }

    private final PrintStream out;
    private final BlockingQueue<Command> commands = new LinkedBlockingQueue<>();

    // Read and written by the worker thread only.
    /** The position to search; null after a refused {@code position}, until a valid one. */
    private Position position = Position.startPosition();
    private TranspositionTable table = new TranspositionTable(TranspositionTable.DEFAULT_MB, TranspositionTable.Scheme.TWO_TIER);
    private Search search = newSearch(table);

    // Shared by the two threads.
    /** How many {@code go} the reader has queued (the reader's count). */
    private long goSent;
    /** How many {@code go} the worker has answered with a bestmove. */
    private volatile long goAnswered;
    /**
     * Every {@code go} up to this number has been stopped: its search ends at the next node, and
     * a {@code go infinite} no longer waits (written under {@code this}, read by the search).
     */
    private volatile long stoppedThrough;
    /** Every {@code go ponder} up to this number has had its {@code ponderhit} (guarded by {@code this}). */
    private long ponderhitThrough;
    /** Set once {@code quit} (or the end of the input) is read: what the answer of a stopped search says. */
    private volatile boolean quitting;

    public Uci(PrintStream out) {
        this.out = out;
    }

    /** This chapter's search, on {@code table}. */
    private static Search newSearch(TranspositionTable table) {
        return Search.withTable(table);
    }

    /**
     * Reads commands until {@code quit} or the end of the input, then ends the running search
     * and waits for the worker to answer the commands before it: no {@code go} is left
     * without its bestmove.
     */
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
        quitting = true;
        stopSearches(); // quit, or the end of the input: the running search ends at its next node
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

    /**
     * {@code stop}: every {@code go} read so far ends. The running search ends at its next node
     * ({@link RootWatch}), one still queued answers at once, and a {@code go infinite} or
     * {@code go ponder} no longer waits.
     */
    private synchronized void stopSearches() {
        stoppedThrough = goSent;
        notifyAll(); // a go infinite or ponder that has finished waits for this
    }

    /** {@code ponderhit}: every {@code go ponder} read so far is an ordinary {@code go} now. */
    private synchronized void ponderhit() {
        ponderhitThrough = goSent;
        notifyAll(); // a go ponder that has finished waits for this
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
                out.println("uciok");
            }
            case "isready" -> out.println("readyok");
            case "ucinewgame" -> table.clear(); // forget everything learnt in the last game
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
     * {@code bestmove}, always, after {@code stop} and {@code quit} too. A refused {@code go}
     * gets its error line and the move of a depth-1 search; without a position,
     * {@code bestmove (none)}.
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
                limits = new Limits(1, null, false, false);
            }
            if (number <= stoppedThrough) {
                answerStopped(Move.NONE, 0, limits); // queued behind stop or quit: no deep search starts
                return;
            }
            RootWatch watch = new RootWatch(number);
            Search watched = search.reportingTo(watch);
            watched.restrict(limits.rootMoves());
            Search.Result result;
            try {
                // A copy: a search ended by stop leaves its position in the middle of the tree.
                result = watched.search(Position.fromFen(position.toFen()), limits.depth());
            } catch (Stopped stopped) {
                answerStopped(watch.bestMove, watch.searchedToTheEnd, limits);
                return;
            }
            printInfo(result, out);
            if (limits.infinite() || limits.ponder()) {
                awaitRelease(number, !limits.infinite());
            }
            printBestMove(position, result, out);
        } finally {
            goAnswered = number;
        }
    }

    /**
     * The answer of a search that {@code stop} or {@code quit} ended: the best root move it
     * searched to the end, or, if it finished none (or a go queued behind stop or quit never
     * started), the move of a depth-1 search.
     */
    private void answerStopped(int bestMove, int searchedToTheEnd, Limits limits) {
        String why = quitting ? "quit" : "stop";
        if (bestMove == Move.NONE) {
            Search quick = search.reportingTo(SearchListener.NONE);
            quick.restrict(limits.rootMoves());
            Search.Result result = quick.search(position, 1);
            out.println("info string " + why + ": no root move searched to the end; the move of a depth-1 search");
            printBestMove(position, result, out);
        } else {
            out.println("info string " + why + ": the search was ended; root moves searched to the end: "
                    + searchedToTheEnd + ", the best of them:");
            out.println("bestmove " + Move.toUci(bestMove));
        }
    }

    /** Thrown by {@link RootWatch} at the first node after {@code stop} or {@code quit}: it unwinds the search. */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super("stopped", null, false, false); // no stack trace: it is caught at once, never shown
        }
    }

    /**
     * Watches the search of {@code go} number {@code go} for {@code stop} and {@code quit}. The
     * search reports every child when it returns; a child of the root ({@code ply} 1) that
     * scores above the best so far is the new best root move, searched to the end. Once that
     * go is stopped, the next report throws {@link Stopped}: the search calls its listener at
     * every node, so it ends within one node, and this chapter's lesson needs no stop of its own.
     */
    private final class RootWatch implements SearchListener {
        private final long go;
        private int bestMove = Move.NONE;
        private int bestScore = -Score.INFINITE;
        private int searchedToTheEnd;

        RootWatch(long go) {
            this.go = go;
        }

        @Override
        public void searched(int ply, int move, int alpha, int beta, int score) {
            if (ply == 1) {
                searchedToTheEnd++;
                if (score > bestScore) {
                    bestScore = score;
                    bestMove = move;
                }
            }
            if (stoppedThrough >= go) {
                throw new Stopped();
            }
        }

        @Override
        public void root(int depth, int alpha, int beta, int score) {
        }
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
     * The limits of a {@code go}: {@code depth N}; {@code mate N} searches 2N plies (a mate in
     * N moves is seen once the mated side's node is searched and found to have no move);
     * {@code searchmoves}; {@code infinite}; {@code ponder}. A limit this chapter cannot honour gets an error
     * line, and the search goes to the depth given, or to {@link Search#DEFAULT_DEPTH}.
     */
    private Limits parseGo(String[] words) {
        int depth = Search.DEFAULT_DEPTH;
        int[] rootMoves = null;
        boolean infinite = false;
        boolean ponder = false;
        List<String> unsupported = new ArrayList<>();
        for (int i = 1; i < words.length; i++) {
            switch (words[i]) {
                case "infinite" -> infinite = true;
                case "ponder" -> ponder = true;
                case "depth" -> depth = (int) number(words, ++i, 1, Search.MAX_DEPTH);
                case "mate" -> depth = (int) Math.min(2 * number(words, ++i, 1, Search.MAX_DEPTH), Search.MAX_DEPTH);
                case "wtime", "btime", "winc", "binc", "movestogo", "movetime", "nodes" -> {
                    number(words, ++i, Long.MIN_VALUE, Long.MAX_VALUE);
                    unsupported.add(words[i - 1]);
                }
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
        if (!unsupported.isEmpty()) {
            out.println(error("go " + String.join(", ", unsupported) + ": this chapter's search has a fixed depth and no clock;"
                    + " searching to depth " + depth));
        }
        return new Limits(depth, rootMoves, infinite, ponder);
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
            throw new IllegalArgumentException("go " + name + " " + value + " is out of range " + min + ".." + max);
        }
        return value;
    }

    /**
     * {@code setoption name Hash value MB}: a new, empty table of that size; the old one is
     * let go first, so that it does not count against the new one. If the new one does not
     * fit, a table of the old size comes back.
     */
    private void setOption(String[] words) {
        int value = indexOf(words, "value");
        if (words.length < 3 || !words[1].equals("name") || value + 1 >= words.length) {
            throw new IllegalArgumentException("expected 'setoption name NAME value VALUE'");
        }
        String name = String.join(" ", java.util.Arrays.copyOfRange(words, 2, value));
        if (!name.equalsIgnoreCase("Hash")) {
            throw new IllegalArgumentException("unknown option '" + name + "' (this engine has: Hash)");
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
     * UCI's report of a finished search: depth, score, nodes, time in ms, and the PV.
     * The command line's {@code search} and {@code tree} print it too.
     */
    public static void printInfo(Search.Result result, PrintStream out) {
        StringBuilder line = new StringBuilder("info depth ").append(result.depth())
                .append(" score ").append(Score.toUci(result.score()))
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
