package xiangqi;

/**
 * Squares are the indices 0..89 of a flat board array: {@code square = rank * 9 + file}.
 *
 * <p>Files a..i run from red's left to red's right; ranks 0..9 run from red's back rank
 * up to black's. Red's half is ranks 0..4, the river lies between ranks 4 and 5.
 * This is the coordinate system of UCI move strings such as {@code h2e2}.
 */
public final class Square {
    static final int FILES = 9;
    static final int RANKS = 10;
    public static final int COUNT = FILES * RANKS;

    private Square() {
    }

    static int of(int file, int rank) {
        return rank * FILES + file;
    }

    public static int file(int square) {
        return square % FILES;
    }

    public static int rank(int square) {
        return square / FILES;
    }

    static boolean onBoard(int file, int rank) {
        return file >= 0 && file < FILES && rank >= 0 && rank < RANKS;
    }

    /** True if the square is on the given side's half of the board (before the river). */
    static boolean onOwnSide(int square, int color) {
        return color == Piece.RED ? rank(square) <= 4 : rank(square) >= 5;
    }

    /** True if the square is inside the given side's palace (files d..f, three ranks). */
    static boolean inPalace(int square, int color) {
        int file = file(square);
        int rank = rank(square);
        boolean palaceRank = color == Piece.RED ? rank <= 2 : rank >= 7;
        return palaceRank && file >= 3 && file <= 5;
    }

    public static String name(int square) {
        return "" + (char) ('a' + file(square)) + (char) ('0' + rank(square));
    }
}
