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
 * {@code depth N}, {@code mate N}, {@code searchmoves m1 m2 ...} or {@code infinite} (any
 * other {@code go} searches to {@link Search#DEFAULT_DEPTH}), {@code stop}, {@code ponderhit}
 * (ignored: this engine does not ponder), {@code d} (draw the board) and {@code quit}. A
 * bad line is answered with {@code info string error: ...} and the loop goes on, as GUIs
 * expect.
 *
 * <p><b>Two threads.</b> This one only reads: it answers {@code isready} at once while a
 * search runs, acts on {@code stop} and {@code quit} at once, answers an unknown command
 * with its error line, and queues every other command for the worker thread, which runs
 * them in order; a search runs there, so a queued command waits for it to end. The end of
 * the input is a {@code quit}. Every {@code go} is answered with one {@code bestmove}; that
 * of {@code go infinite} only after {@code stop} or {@code quit}, as UCI requires.
 *
 * <p><b>A search that only quit can end.</b> This chapter's search has a fixed depth and no
 * clock: the limits it cannot honour ({@code wtime}, {@code movetime}, {@code nodes} ...)
 * get an error line, and the search goes to its depth, and {@code stop} cannot cut it short
 * (its bestmove comes when it ends). {@code quit}, or the end of the input, ends it at once,
 * as in Stockfish: a GUI that dies mid-search must not leave a core busy for good. The
 * search is watched through its {@link SearchListener} ({@link RootWatch}), which remembers
 * the best root move searched to the end and, once quit is read, unwinds the search at the
 * next node. That move is the answer; if no root move was searched to the end yet, a
 * depth-1 search gives it. Every {@code go} queued before {@code quit} is answered so too,
 * each with one bestmove, and then the engine ends.
 */
public final class Uci {
    /** The worker's sign to end: every command before it has been handled. */
    private static final Command END = new Command("", 0);
    private static final List<String> GO_WORDS = List.of("searchmoves", "ponder", "wtime", "btime", "winc", "binc",
            "movestogo", "depth", "nodes", "mate", "movetime", "infinite");

    /** A line for the worker; {@code go} numbers the {@code go} commands from 1, 0 for the others. */
    private record Command(String line, long go) { }

    /** What one {@code go} asks for. */
    private record Limits(int depth, int[] rootMoves, boolean infinite) { }

    private final PrintStream out;
    private final BlockingQueue<Command> commands = new LinkedBlockingQueue<>();

    // Read and written by the worker thread only.
    /** The position to search; null after a refused {@code position}, until a valid one. */
    private Position position = Position.startPosition();
    private Search search = Search.standard();

    // Shared by the two threads.
    /** How many {@code go} the reader has queued (the reader's count). */
    private long goSent;
    /** How many {@code go} the worker has answered with a bestmove. */
    private volatile long goAnswered;
    /** Every {@code go} up to this number has been stopped: a {@code go infinite} no longer waits (guarded by {@code this}). */
    private long stoppedThrough;
    /** Set once {@code quit} (or the end of the input) is read: the running search ends at its next node. */
    private volatile boolean quitting;

    public Uci(PrintStream out) {
        this.out = out;
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
        quitting = true; // the running search ends at its next node
        stopSearches(); // quit, or the end of the input: a go infinite answers at once
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
            case "", "ponderhit" -> { } // this engine does not ponder
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
            case "uci", "ucinewgame", "position", "d" -> commands.add(new Command(line, 0));
            case "go" -> commands.add(new Command(line, ++goSent));
            default -> out.println(error("unknown command '" + command + "'"));
        }
        return true;
    }

    /**
     * {@code stop}: every {@code go} read so far ends. A search cannot be cut short: one still
     * running or queued answers when it ends, and a {@code go infinite} no longer waits.
     */
    private synchronized void stopSearches() {
        stoppedThrough = goSent;
        notifyAll(); // a go infinite that has finished waits for this
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
                out.println("uciok");
            }
            case "isready" -> out.println("readyok");
            case "ucinewgame" -> search = Search.standard(); // forget everything learnt in the last game
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
                    : position.diagram() + "\nfen " + position.toFen());
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
     * {@code bestmove}, always, after {@code quit} too. A refused {@code go} gets its error
     * line and the move of a depth-1 search; without a position, {@code bestmove (none)}.
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
                limits = new Limits(1, null, false);
            }
            if (quitting) {
                answerQuit(Move.NONE, 0, limits); // queued behind quit: no deep search starts
                return;
            }
            RootWatch watch = new RootWatch();
            Search watched = search.reportingTo(watch);
            watched.restrict(limits.rootMoves());
            Search.Result result;
            try {
                // A copy: a search ended by quit leaves its position in the middle of the tree.
                result = watched.search(Position.fromFen(position.toFen()), limits.depth());
            } catch (Quit quit) {
                answerQuit(watch.bestMove, watch.searchedToTheEnd, limits);
                return;
            }
            printInfo(result, out);
            if (limits.infinite()) {
                awaitStop(number);
            }
            printBestMove(position, result, out);
        } finally {
            goAnswered = number;
        }
    }

    /**
     * The answer of a search that {@code quit} ended: the best root move it searched to the
     * end, or, if it finished none (or a go queued behind quit never started), the move of
     * a depth-1 search.
     */
    private void answerQuit(int bestMove, int searchedToTheEnd, Limits limits) {
        if (bestMove == Move.NONE) {
            Search quick = search.reportingTo(SearchListener.NONE);
            quick.restrict(limits.rootMoves());
            Search.Result result = quick.search(position, 1);
            out.println("info string quit: no root move searched to the end; the move of a depth-1 search");
            printBestMove(position, result, out);
        } else {
            out.println("info string quit: the search was ended; root moves searched to the end: "
                    + searchedToTheEnd + ", the best of them:");
            out.println("bestmove " + Move.toUci(bestMove));
        }
    }

    /** Thrown by {@link RootWatch} at the first node after {@code quit}: it unwinds the search. */
    private static final class Quit extends RuntimeException {
        Quit() {
            super("quit", null, false, false); // no stack trace: it is caught at once, never shown
        }
    }

    /**
     * Watches a search for {@code quit}. The search reports every child when it returns; a
     * child of the root ({@code ply} 1) that scores above the best so far is the new best root
     * move, searched to the end. After quit, the next report throws {@link Quit}: the search
     * calls its listener at every node, so it ends within one node, and this chapter's
     * lesson needs no stop of its own.
     */
    private final class RootWatch implements SearchListener {
        private int bestMove = Move.NONE;
        private int bestScore = -Score.INFINITE;
        private int searchedToTheEnd;

        @Override
        public void searched(int ply, int move, int alpha, int beta, int score) {
            if (ply == 1) {
                searchedToTheEnd++;
                if (score > bestScore) {
                    bestScore = score;
                    bestMove = move;
                }
            }
            if (quitting) {
                throw new Quit();
            }
        }

        @Override
        public void root(int depth, int alpha, int beta, int score) {
        }
    }

    /** {@code go infinite} answers only after {@code stop} or {@code quit}, even when its search ended first. */
    private synchronized void awaitStop(long number) {
        while (stoppedThrough < number) {
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
     * {@code searchmoves}; {@code infinite}. A limit this chapter cannot honour gets an error
     * line, and the search goes to the depth given, or to {@link Search#DEFAULT_DEPTH}.
     */
    private Limits parseGo(String[] words) {
        int depth = Search.DEFAULT_DEPTH;
        int[] rootMoves = null;
        boolean infinite = false;
        List<String> unsupported = new ArrayList<>();
        for (int i = 1; i < words.length; i++) {
            switch (words[i]) {
                case "infinite" -> infinite = true;
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
        return new Limits(depth, rootMoves, infinite);
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
