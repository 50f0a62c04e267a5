package xiangqi;

/**
 * The static evaluation: material plus piece-square tables, in centipawns (a soldier
 * before the river is worth 100), from the point of view of the side to move.
 *
 * <p>It is deliberately simple and never changes in later chapters: every chapter's
 * search sees the same scores, so node counts can be compared fairly.
 */
public final class Evaluation {
    /** Material by piece type (index = {@link Piece} type). The general is priceless: 0. */
    static final int[] MATERIAL = {0, 0, 200, 200, 400, 900, 450, 100};

    // Piece-square bonuses for red, drawn as on a printed board: the first row is rank 9
    // (black's back rank), the last row is rank 0 (red's back rank). Black uses the same
    // tables turned upside down. Every table is symmetric left to right.

    private static final int[] GENERAL = {
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, -20, -30, -20, 0, 0, 0,   // an exposed general on the top palace rank
        0, 0, 0, -10, -10, -10, 0, 0, 0,
        0, 0, 0, 0, 10, 0, 0, 0, 0,        // safest at home on the central file
    };

    private static final int[] ADVISOR_ELEPHANT = {
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 10, 0, 0, 0, 0,        // a central elephant guards both wings
        0, 0, 0, 0, 10, 0, 0, 0, 0,        // so does a central advisor
        0, 0, 0, 0, 0, 0, 0, 0, 0,
    };

    private static final int[] HORSE = {
        0, 0, 10, 20, 10, 20, 10, 0, 0,
        0, 20, 30, 30, 20, 30, 30, 20, 0,
        10, 20, 30, 40, 30, 40, 30, 20, 10,
        10, 30, 30, 40, 40, 40, 30, 30, 10,
        0, 20, 20, 30, 30, 30, 20, 20, 0,
        0, 10, 20, 20, 20, 20, 20, 10, 0,
        0, 10, 10, 20, 20, 20, 10, 10, 0,
        0, 0, 10, 10, 10, 10, 10, 0, 0,
        -10, 0, 0, 0, -10, 0, 0, 0, -10,   // a horse on the edge of its own camp does little
        -20, -10, 0, 0, 0, 0, 0, -10, -20,
    };

    private static final int[] CHARIOT = {
        10, 20, 10, 20, 20, 20, 10, 20, 10,
        10, 20, 10, 30, 30, 30, 10, 20, 10,
        10, 20, 10, 20, 20, 20, 10, 20, 10,
        10, 20, 10, 20, 20, 20, 10, 20, 10,
        10, 20, 10, 20, 20, 20, 10, 20, 10,
        10, 20, 10, 20, 20, 20, 10, 20, 10,
        0, 10, 0, 10, 10, 10, 0, 10, 0,
        0, 10, 0, 10, 10, 10, 0, 10, 0,
        0, 10, 0, 10, 0, 10, 0, 10, 0,
        -10, 0, 0, 0, 0, 0, 0, 0, -10,    // a chariot still in the corner is undeveloped
    };

    private static final int[] CANNON = {
        10, 10, 0, 0, 0, 0, 0, 10, 10,
        0, 10, 0, 0, 0, 0, 0, 10, 0,
        0, 0, 0, 0, 10, 0, 0, 0, 0,
        0, 0, 0, 0, 10, 0, 0, 0, 0,
        0, 0, 0, 0, 10, 0, 0, 0, 0,
        0, 0, 0, 0, 10, 0, 0, 0, 0,
        0, 0, 0, 0, 10, 0, 0, 0, 0,
        0, 0, 0, 0, 20, 0, 0, 0, 0,        // the central cannon (中炮) aims at the general
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
    };

    private static final int[] SOLDIER = {
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        30, 60, 90, 110, 120, 110, 90, 60, 30,   // near the palace: most dangerous
        30, 60, 90, 110, 120, 110, 90, 60, 30,
        30, 50, 70, 90, 100, 90, 70, 50, 30,
        20, 40, 60, 70, 80, 70, 60, 40, 20,      // just across the river: may move sideways
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
    };

    private static final int[][] TABLES = {
        null, GENERAL, ADVISOR_ELEPHANT, ADVISOR_ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER,
    };

    private Evaluation() {
    }

    /** The value of one piece on one square, from its owner's point of view. */
    static int pieceValue(int piece, int square) {
        int type = Piece.type(piece);
        int rank = Square.rank(square);
        int row = Piece.color(piece) == Piece.RED ? 9 - rank : rank; // table rows start at the far side
        return MATERIAL[type] + TABLES[type][row * Square.FILES + Square.file(square)];
    }

    /** Material and placement of red minus black, negated when black is to move. */
    public static int evaluate(Position position) {
        int redMinusBlack = 0;
        for (int square = 0; square < Square.COUNT; square++) {
            int piece = position.pieceAt(square);
            if (piece != Piece.EMPTY) {
                int value = pieceValue(piece, square);
                redMinusBlack += Piece.color(piece) == Piece.RED ? value : -value;
            }
        }
        return position.sideToMove() == Piece.RED ? redMinusBlack : -redMinusBlack;
    }
}
