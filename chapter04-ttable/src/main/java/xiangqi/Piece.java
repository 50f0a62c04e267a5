package xiangqi;

/**
 * Pieces are small ints so the board can be a plain {@code int[]}.
 *
 * <p>The low three bits hold the type (1..7), bit 3 the colour: red pieces are 1..7, black
 * pieces 9..15, and 0 is an empty square. So {@code type(p)} is {@code p & 7} and
 * {@code color(p)} is {@code p >> 3}, with no lookup and no branch.
 */
public final class Piece {
    public static final int EMPTY = 0;

    static final int GENERAL = 1;   // 帅/将
    static final int ADVISOR = 2;   // 仕/士
    static final int ELEPHANT = 3;  // 相/象
    static final int HORSE = 4;     // 马 (傌 in red's diagrams)
    static final int CHARIOT = 5;   // 车 (俥 in red's diagrams)
    static final int CANNON = 6;    // 炮 (砲 in black's diagrams)
    static final int SOLDIER = 7;   // 兵/卒

    public static final int RED = 0;
    public static final int BLACK = 1;

    /** FEN letters indexed by piece code; '.' marks codes that are not pieces. */
    private static final String FEN_LETTERS = ".KABNRCP.kabnrcp";

    /**
     * Chinese names for board diagrams, indexed by piece code. Simplified characters, as in
     * the notation, except that red's chariot and horse are drawn 俥 and 傌 and black's
     * cannon 砲: the usual convention for a diagram without colour, in which no red piece
     * may look like its black counterpart.
     */
    private static final String DIAGRAM = "　帅仕相傌俥炮兵　将士象马车砲卒";
    /** Chinese names for move notation (炮二平五, 马8进7): here the sides share 车, 马 and 炮. */
    private static final String NOTATION = "　帅仕相马车炮兵　将士象马车炮卒";

    private Piece() {
    }

    static int of(int color, int type) {
        return color << 3 | type;
    }

    public static int type(int piece) {
        return piece & 7;
    }

    public static int color(int piece) {
        return piece >> 3;
    }

    public static char fenLetter(int piece) {
        return FEN_LETTERS.charAt(piece);
    }

    static char diagramName(int piece) {
        return DIAGRAM.charAt(piece);
    }

    public static char notationName(int piece) {
        return NOTATION.charAt(piece);
    }

    /**
     * The piece for a FEN letter, or {@link #EMPTY} if the letter names no piece. Besides the
     * standard letters, {@code h}/{@code e} are accepted for horse/elephant as some tools
     * write them.
     */
    static int fromFenLetter(char letter) {
        if (letter > 'z') {
            return EMPTY; // only ASCII letters: toLowerCase would read the Kelvin sign K as k
        }
        char lower = Character.toLowerCase(letter);
        int type = switch (lower) {
            case 'k' -> GENERAL;
            case 'a' -> ADVISOR;
            case 'b', 'e' -> ELEPHANT;
            case 'n', 'h' -> HORSE;
            case 'r' -> CHARIOT;
            case 'c' -> CANNON;
            case 'p' -> SOLDIER;
            default -> EMPTY;
        };
        if (type == EMPTY) {
            return EMPTY;
        }
        return of(Character.isUpperCase(letter) ? RED : BLACK, type);
    }
}
