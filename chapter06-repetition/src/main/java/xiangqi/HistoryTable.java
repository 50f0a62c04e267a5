package xiangqi;

/**
 * The history table (历史表, Schaeffer 1989): for every piece and destination square, a
 * score of how often, and how deep, that move cut off. A quiet move that refuted one
 * position tends to refute others that differ elsewhere on the board, anywhere in the tree.
 *
 * <p>A cut-off at remaining depth d adds d²: a cut-off high in the tree saved a large
 * subtree, one near the leaves a few nodes. The scores only ever grow, so they are kept
 * bounded: when one passes {@link #LIMIT}, every score is halved. That keeps their order
 * and lets new cut-offs count for more than old ones, over a game of any length.
 */
final class HistoryTable {
    /** Halve everything when one score passes this: far below where an int overflows. */
    static final int LIMIT = 1 << 20;

    private final int[] scores = new int[16 * Square.COUNT];

    /** The score of {@code move} in {@code position}, before the move is made. */
    int score(Position position, int move) {
        return scores[index(position, move)];
    }

    /** {@code move} cut off a node searched {@code depth} plies deep. */
    void reward(Position position, int move, int depth) {
        int index = index(position, move);
        scores[index] += depth * depth;
        if (scores[index] > LIMIT) {
            for (int i = 0; i < scores.length; i++) {
                scores[i] /= 2;
            }
        }
    }

    void clear() {
        java.util.Arrays.fill(scores, 0);
    }

    private static int index(Position position, int move) {
        return position.pieceAt(Move.from(move)) * Square.COUNT + Move.to(move);
    }
}
