package xiangqi;

/**
 * A move is an {@code int}: {@code from << 7 | to}. Squares fit in seven bits, so a move
 * needs no object, and 0 (a0 to a0) can mean "no move".
 *
 * <p>The text form is the coordinate notation of UCI Xiangqi engines and GUIs: file a-i,
 * rank 0-9, origin then destination, e.g. {@code h2e2} for red's central cannon.
 */
public final class Move {
    public static final int NONE = 0;

    private Move() {
    }

    static int of(int from, int to) {
        return from << 7 | to;
    }

    public static int from(int move) {
        return move >>> 7;
    }

    public static int to(int move) {
        return move & 127;
    }

    public static String toUci(int move) {
        return move == NONE ? "0000" : Square.name(from(move)) + Square.name(to(move));
    }

    /**
     * Parses the coordinate form. This checks only the syntax; whether the move is legal
     * in a position is {@link MoveGenerator#parseLegal}'s business.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    static int parseUci(String text) {
        if (text.length() != 4) {
            throw new IllegalArgumentException("malformed move '" + text
                    + "': expected four characters like h2e2 (file a-i, rank 0-9, twice)");
        }
        int from = parseSquare(text, 0);
        int to = parseSquare(text, 2);
        if (from == to) {
            throw new IllegalArgumentException("malformed move '" + text + "': origin and destination are the same square");
        }
        return of(from, to);
    }

    private static int parseSquare(String text, int at) {
        char file = text.charAt(at);
        char rank = text.charAt(at + 1);
        if (file < 'a' || file > 'i' || rank < '0' || rank > '9') {
            throw new IllegalArgumentException("malformed move '" + text
                    + "': '" + file + rank + "' is not a square (file a-i, rank 0-9)");
        }
        return Square.of(file - 'a', rank - '0');
    }
}
