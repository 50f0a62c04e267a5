package xiangqi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The UCI protocol as Xiangqi GUIs speak it (the dialect of Pikafish: FEN with
 * {@code rnbakabnr}, moves such as {@code h2e2}). Supported: {@code uci}, {@code isready},
 * {@code ucinewgame}, {@code position startpos|fen FEN [moves ...]}, {@code go} with
 * {@code depth N}, {@code mate N}, {@code searchmoves m1 m2 ...} or {@code infinite} (any
 * other {@code go} searches to {@link Search#DEFAULT_DEPTH}), {@code stop}, {@code d} (draw
 * the board), {@code setoption name Hash value MB} and {@code quit}. The transposition
 * table lives from one {@code go} to the next, as in a game, until {@code ucinewgame}. A
 * bad line is answered with {@code info string error: ...} and the loop goes on, as GUIs
 * expect.
 *
 * <p>This chapter's search has a fixed depth and no clock: it runs on the reading thread,
 * and a line sent during it is read when it ends. The limits it cannot honour
 * ({@code wtime}, {@code movetime}, {@code nodes} ...) get an error line, and the search
 * goes to {@link Search#DEFAULT_DEPTH}. Every {@code go} is answered with one
 * {@code bestmove}; that of {@code go infinite} only after {@code stop} or {@code quit}
 * (or the end of the input), as UCI requires, and the commands sent before then wait for it.
 */
final class Uci {
    /** The commands that wait while a {@code go infinite} holds its answer. */
    private static final List<String> WAITING_COMMANDS = List.of("uci", "ucinewgame", "setoption", "position", "go", "d");
    private static final List<String> GO_WORDS = List.of("searchmoves", "ponder", "wtime", "btime", "winc", "binc",
            "movestogo", "depth", "nodes", "mate", "movetime", "infinite");

    private final PrintStream out;
    /** The position to search; null after a refused {@code position}, until a valid one. */
    private Position position = Position.startPosition();
    private TranspositionTable table = new TranspositionTable(TranspositionTable.DEFAULT_MB, TranspositionTable.Scheme.TWO_TIER);
    /** The answer of a {@code go infinite}, held until {@code stop}; null when none is held. */
    private Runnable heldAnswer;
    /** Commands that came while an answer was held: they run after {@code stop}, in order. */
    private final List<String> waiting = new ArrayList<>();

    Uci(PrintStream out) {
        this.out = out;
    }

    /** Reads commands until {@code quit} or the end of the input, which is a {@code quit}. */
    void run(InputStream in) {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        try {
            for (String line = reader.readLine(); line != null && handle(line.trim()); line = reader.readLine()) {
                // handle() has done it
            }
        } catch (IOException e) {
            // the GUI is gone: as at the end of the input
        }
        answerHeld();
    }

    /** Handles one command; returns false on {@code quit}. */
    boolean handle(String line) {
        String[] words = line.split("\\s+");
        if (heldAnswer != null && WAITING_COMMANDS.contains(words[0])) {
            waiting.add(line); // after stop, in order
            return true;
        }
        try {
            switch (words[0]) {
                case "" -> { }
                case "uci" -> {
                    out.println("id name Xiangqi tutorial " + Examples.CHAPTER);
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
                case "go" -> go(words);
                case "d" -> out.println(position == null ? error("no position: the last position command was refused")
                        : position.diagram() + "\nfen " + position.toFen() + "\nkey " + Long.toHexString(position.key()));
                case "stop" -> {
                    answerHeld();
                    List<String> lines = new ArrayList<>(waiting);
                    waiting.clear();
                    for (String waited : lines) {
                        handle(waited); // may hold a new answer: the rest then waits again
                    }
                }
                case "ponderhit" -> { } // this engine does not ponder
                case "quit" -> {
                    return false;
                }
                default -> out.println(error("unknown command '" + words[0] + "'"));
            }
        } catch (IllegalArgumentException e) {
            out.println(error(e.getMessage()));
        }
        out.flush();
        return true;
    }

    /** Prints the answer a {@code go infinite} held, if any. */
    private void answerHeld() {
        if (heldAnswer != null) {
            heldAnswer.run();
            heldAnswer = null;
            out.flush();
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
     * {@code go}: searches and answers {@code bestmove}, always. {@code depth N} sets the
     * depth, {@code mate N} 2N plies (a mate in N is seen once the mated side's node is
     * searched), {@code searchmoves} the root's moves. A limit this chapter cannot honour
     * gets an error line and the search goes to {@link Search#DEFAULT_DEPTH}; a refused
     * {@code go} gets its error line and the move of a depth-1 search; without a position,
     * {@code bestmove (none)}.
     */
    private void go(String[] words) {
        if (position == null) {
            out.println(error("no position to search: the last position command was refused"));
            out.println("bestmove (none)");
            return;
        }
        int depth = Search.DEFAULT_DEPTH;
        int[] rootMoves = null;
        boolean infinite = false;
        try {
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
        } catch (IllegalArgumentException e) {
            out.println(error(e.getMessage() + " (searching to depth 1 instead)"));
            depth = 1;
            rootMoves = null;
            infinite = false;
        }
        Search search = Search.withTable(table);
        search.restrict(rootMoves);
        Position root = position;
        Search.Result result = search.search(root, depth);
        if (infinite) {
            heldAnswer = () -> Main.printResult(root, result, out); // UCI: not before stop
        } else {
            Main.printResult(root, result, out);
        }
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
        System.gc(); // the old table is garbage now: let the heap count it as free
        try {
            table = new TranspositionTable(megabytes, scheme);
        } catch (IllegalArgumentException e) {
            table = new TranspositionTable(oldMegabytes, scheme);
            throw e;
        }
    }

    private static String error(String message) {
        return "info string error: " + Main.clip(message);
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
