package xiangqi;

/**
 * Zobrist keys (Zobrist 键值): a 64-bit name for every position.
 *
 * <p>Every (piece, square) pair gets a fixed random 64-bit number, and so does "black to
 * move". A position's key is the XOR of the numbers of all its pieces on their squares,
 * and of the side number when black is to move. Because XOR undoes itself, a move changes
 * the key with three XORs instead of a fresh computation (see {@link Position#makeMove}):
 * the mover leaves its square, a captured piece leaves the board, the mover arrives.
 *
 * <p>The numbers come from SplitMix64 with a fixed seed, written here rather than taken
 * from {@code java.util.Random}, so every machine and JDK computes the same keys and the
 * tests can pin them.
 */
final class Zobrist {
    private static final long SEED = 0x5EED_C0DE_2026_1121L;

    /** PIECE_SQUARE[piece][square], for every piece code of {@link Piece} (rows 0 and 8 stay 0). */
    static final long[][] PIECE_SQUARE = new long[16][Square.COUNT];
    /** XORed in when black is to move, so the same board with the other side to move differs. */
    static final long BLACK_TO_MOVE;

    static {
        SplitMix64 random = new SplitMix64(SEED);
        for (int color = Piece.RED; color <= Piece.BLACK; color++) {
            for (int type = Piece.GENERAL; type <= Piece.SOLDIER; type++) {
                for (int square = 0; square < Square.COUNT; square++) {
                    PIECE_SQUARE[Piece.of(color, type)][square] = random.next();
                }
            }
        }
        BLACK_TO_MOVE = random.next();
    }

    private Zobrist() {
    }

    /** The key computed from scratch: what the incremental updates must always agree with. */
    static long compute(Position position) {
        long key = 0;
        for (int square = 0; square < Square.COUNT; square++) {
            key ^= PIECE_SQUARE[position.pieceAt(square)][square];
        }
        return position.sideToMove() == Piece.BLACK ? key ^ BLACK_TO_MOVE : key;
    }

    /** Steele, Lea and Flood's SplitMix64: tiny, fast, and well mixed in all 64 bits. */
    static final class SplitMix64 {
        private long state;

        SplitMix64(long seed) {
            state = seed;
        }

        long next() {
            state += 0x9E37_79B9_7F4A_7C15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
            return z ^ (z >>> 31);
        }
    }
}
