package xiangqi;

/**
 * Pieces are small ints so the board can be a plain {@code int[]}.
 *
 * <p>The low three bits hold the type (1..7), bit 3 the colour: red pieces are 1..7, black
 * pieces 9..15, and 0 is an empty square. So {@code type(p)} is {@code p & 7} and
 * {@code color(p)} is {@code p >> 3}, with no lookup and no branch.
 */
final class Piece {
    static final int EMPTY = 0;

    static final int KING = 1;      // 帥/將 general
    static final int ADVISOR = 2;   // 仕/士 advisor
    static final int ELEPHANT = 3;  // 相/象 elephant
    static final int HORSE = 4;     // 傌/馬 horse
    static final int CHARIOT = 5;   // 俥/車 chariot
    static final int CANNON = 6;    // 炮/砲 cannon
    static final int PAWN = 7;      // 兵/卒 soldier

    static final int RED = 0;
    static final int BLACK = 1;

    /** FEN letters indexed by piece code; '.' marks codes that are not pieces. */
    private static final String FEN_LETTERS = ".KABNRCP.kabnrcp";

    /**
     * Chinese names indexed by piece code. We use the traditional set, in which every red
     * piece has a different character from its black counterpart, so a board diagram is
     * readable without colour.
     */
    private static final String CHINESE = "　帥仕相傌俥炮兵　將士象馬車砲卒";

    private Piece() {
    }

    static int of(int color, int type) {
        return color << 3 | type;
    }

    static int type(int piece) {
        return piece & 7;
    }

    static int color(int piece) {
        return piece >> 3;
    }

    static char fenLetter(int piece) {
        return FEN_LETTERS.charAt(piece);
    }

    static char chinese(int piece) {
        return CHINESE.charAt(piece);
    }

    /**
     * The piece for a FEN letter, or {@link #EMPTY} if the letter names no piece. Besides the
     * standard letters, {@code h}/{@code e} are accepted for horse/elephant as some tools
     * write them.
     */
    static int fromFenLetter(char letter) {
        char lower = Character.toLowerCase(letter);
        int type = switch (lower) {
            case 'k' -> KING;
            case 'a' -> ADVISOR;
            case 'b', 'e' -> ELEPHANT;
            case 'n', 'h' -> HORSE;
            case 'r' -> CHARIOT;
            case 'c' -> CANNON;
            case 'p' -> PAWN;
            default -> EMPTY;
        };
        if (type == EMPTY) {
            return EMPTY;
        }
        return of(Character.isUpperCase(letter) ? RED : BLACK, type);
    }
}
