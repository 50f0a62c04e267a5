package xiangqi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The UCI protocol as Xiangqi GUIs speak it (the dialect of Pikafish: FEN with
 * {@code rnbakabnr}, moves such as {@code h2e2}). Supported: {@code uci}, {@code isready},
 * {@code ucinewgame}, {@code position startpos|fen FEN [moves ...]}, {@code go} with
 * {@code depth N}, {@code movetime MS}, {@code wtime/btime/winc/binc/movestogo} or
 * {@code infinite} (a bare {@code go} searches to {@link Search#DEFAULT_DEPTH}),
 * {@code stop}, {@code d} (draw the board), {@code setoption name Hash value MB},
 * {@code setoption name MoveLimit value true|false} (the draw after 60 moves each without a
 * capture, on by default) and {@code quit}. The transposition table and the history table live from one {@code go} to
 * the next, as in a game, until {@code ucinewgame}. A bad line is answered with
 * {@code info string error: ...} and the loop goes on, as GUIs expect.
 *
 * <p>A search runs on its own thread, so that this one keeps reading: {@code stop} and
 * {@code isready} are answered while it runs. Any other command first waits for the search
 * to end, and so does the end of the input (an infinite search is stopped then).
 * {@code bestmove} always comes, from the last finished iteration.
 */
final class Uci {
    private final PrintStream out;
    private Position position = Position.startPosition();
    private TranspositionTable table = new TranspositionTable(TranspositionTable.DEFAULT_MB, TranspositionTable.Scheme.TWO_TIER);
    /** This chapter's search; {@code setoption name MoveLimit value false} takes the move limit out. */
    private Techniques techniques = Search.WITH_REPETITIONS;
    private Search search = new Search(techniques, table);
    private Thread searching;
    private TimeControl time = TimeControl.none();
    private boolean infinite;

    Uci(PrintStream out) {
        this.out = out;
    }

    void run(InputStream in) {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        try {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!handle(line.trim())) {
                    return;
                }
            }
            if (infinite) {
                time.stop(); // nobody is left to send stop
            }
            waitForSearch();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Handles one command; returns false on {@code quit}. */
    boolean handle(String line) {
        String[] words = line.split("\\s+");
        if (!List.of("", "isready", "stop", "ponderhit", "quit").contains(words[0])) {
            waitForSearch(); // the search reads the position and the table: let it finish first
        }
        try {
            switch (words[0]) {
                case "" -> { }
                case "uci" -> {
                    out.println("id name Xiangqi tutorial " + Examples.CHAPTER);
                    out.println("id author the Xiangqi search tutorial");
                    out.println("option name Hash type spin default " + TranspositionTable.DEFAULT_MB
                            + " min 1 max " + TranspositionTable.MAX_MB);
                    out.println("option name MoveLimit type check default true"); // 60 moves each without a capture: a draw
                    out.println("uciok");
                }
                case "isready" -> out.println("readyok");
                case "ucinewgame" -> { // forget everything learnt in the last game
                    table.clear();
                    search = new Search(techniques, table);
                }
                case "setoption" -> setOption(words);
                case "position" -> position = parsePosition(words);
                case "go" -> go(words);
                case "d" -> out.println(position.diagram() + "\nfen " + position.toFen()
                        + "\nkey " + Long.toHexString(position.key()));
                case "stop" -> {
                    time.stop();
                    waitForSearch();
                }
                case "ponderhit" -> { } // this engine does not ponder
                case "quit" -> {
                    time.stop();
                    waitForSearch();
                    return false;
                }
                default -> out.println("info string error: unknown command '" + words[0] + "'");
            }
        } catch (IllegalArgumentException e) {
            out.println("info string error: " + e.getMessage());
        }
        out.flush();
        return true;
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
     * {@code go}: reads the limits, then starts the search on its own thread. With a game
     * clock, the side to move's time and increment decide (see {@link TimeControl#clock}).
     */
    private void go(String[] words) {
        int depth = words.length == 1 ? Search.DEFAULT_DEPTH : Search.MAX_DEPTH;
        boolean red = position.sideToMove() == Piece.RED;
        long remaining = -1;
        long increment = 0;
        int movesToGo = 0;
        time = TimeControl.none();
        infinite = false;
        for (int i = 1; i < words.length; i++) {
            switch (words[i]) {
                case "infinite" -> infinite = true;
                case "depth" -> depth = (int) number(words, ++i, 1, Search.MAX_DEPTH);
                case "movetime" -> time = TimeControl.moveTime(number(words, ++i, 1, Integer.MAX_VALUE));
                case "wtime", "btime" -> {
                    long millis = number(words, ++i, Integer.MIN_VALUE, Integer.MAX_VALUE);
                    remaining = words[i - 1].equals(red ? "wtime" : "btime") ? millis : remaining;
                }
                case "winc", "binc" -> {
                    long millis = number(words, ++i, 0, Integer.MAX_VALUE);
                    increment = words[i - 1].equals(red ? "winc" : "binc") ? millis : increment;
                }
                case "movestogo" -> movesToGo = (int) number(words, ++i, 1, 1000);
                default -> throw new IllegalArgumentException("go: unknown word '" + words[i] + "'");
            }
        }
        if (remaining != -1) {
            time = TimeControl.clock(Math.max(remaining, 1), increment, movesToGo);
        }
        Position root = position;
        Search searcher = search;
        TimeControl limits = time;
        int maxDepth = depth;
        searching = new Thread(() -> {
            Search.Result result = searcher.search(root, maxDepth, limits, iteration -> Main.printInfo(iteration, out));
            Main.printBestMove(root, result, out);
            out.flush();
        }, "search");
        searching.start();
    }

    /** The number after {@code words[at - 1]}, within min..max. */
    private static long number(String[] words, int at, long min, long max) {
        String name = words[at - 1];
        if (at >= words.length) {
            throw new IllegalArgumentException("go " + name + " needs a number");
        }
        long value;
        try {
            value = Long.parseLong(words[at]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("go " + name + " '" + words[at] + "' is not a whole number");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException("go " + name + " " + value + " is out of range " + min + ".." + max);
        }
        return value;
    }

    /** Blocks until the running search, if any, has printed its bestmove. */
    private void waitForSearch() {
        if (searching == null) {
            return;
        }
        try {
            searching.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        searching = null;
    }

    /**
     * {@code setoption name Hash value MB}: a new, empty table of that size;
     * {@code setoption name MoveLimit value false}: a search that does not score the move limit.
     */
    private void setOption(String[] words) {
        int value = indexOf(words, "value");
        if (words.length < 3 || !words[1].equals("name") || value + 1 >= words.length) {
            throw new IllegalArgumentException("expected 'setoption name NAME value VALUE'");
        }
        String name = String.join(" ", java.util.Arrays.copyOfRange(words, 2, value));
        if (name.equalsIgnoreCase("MoveLimit")) {
            String flag = words[value + 1];
            if (!flag.equals("true") && !flag.equals("false")) {
                throw new IllegalArgumentException("MoveLimit takes true or false, got '" + flag + "'");
            }
            techniques = flag.equals("true") ? Search.WITH_REPETITIONS : Search.WITH_REPETITIONS.without(Technique.MOVE_LIMIT);
            search = new Search(techniques, table);
            return;
        }
        if (!name.equalsIgnoreCase("Hash")) {
            throw new IllegalArgumentException("unknown option '" + name + "' (this engine has: Hash, MoveLimit)");
        }
        table = new TranspositionTable(TranspositionTable.parseMegabytes(words[value + 1]), table.scheme());
        search = new Search(techniques, table);
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
