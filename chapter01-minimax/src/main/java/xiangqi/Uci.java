package xiangqi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The UCI protocol as Xiangqi GUIs speak it (the dialect of Pikafish: FEN with
 * {@code rnbakabnr}, moves such as {@code h2e2}). Supported: {@code uci}, {@code isready},
 * {@code ucinewgame}, {@code position startpos|fen FEN [moves ...]}, {@code go depth N}
 * (any other {@code go} searches to {@link Search#DEFAULT_DEPTH}), {@code d} (draw the
 * board) and {@code quit}. A bad line is answered with {@code info string error: ...} and
 * the loop goes on, as GUIs expect.
 */
final class Uci {
    private final PrintStream out;
    private Position position = Position.startPosition();
    private Search search = Search.standard();

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
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Handles one command; returns false on {@code quit}. */
    boolean handle(String line) {
        String[] words = line.split("\\s+");
        try {
            switch (words[0]) {
                case "" -> { }
                case "uci" -> {
                    out.println("id name Xiangqi tutorial " + Examples.CHAPTER);
                    out.println("id author the Xiangqi search tutorial");
                    out.println("uciok");
                }
                case "isready" -> out.println("readyok");
                case "ucinewgame" -> search = Search.standard(); // forget everything learnt in the last game
                case "position" -> position = parsePosition(words);
                case "go" -> go(words);
                case "d" -> out.println(position.diagram() + "\nfen " + position.toFen());
                case "stop", "ponderhit" -> { } // the search is synchronous: nothing runs to stop
                case "quit" -> {
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

    private void go(String[] words) {
        int depth = Search.DEFAULT_DEPTH;
        int at = indexOf(words, "depth");
        if (at < words.length) {
            if (at + 1 == words.length) {
                throw new IllegalArgumentException("go depth needs a number");
            }
            try {
                depth = Integer.parseInt(words[at + 1]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("go depth '" + words[at + 1] + "' is not a whole number");
            }
            if (depth < 1 || depth > Search.MAX_DEPTH) {
                throw new IllegalArgumentException("go depth " + depth + " is out of range 1.." + Search.MAX_DEPTH);
            }
        }
        Main.printResult(position, search.search(position, depth), out);
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
