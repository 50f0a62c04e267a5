package xiangqi;

/**
 * Perft ("performance test"): count the leaves of the legal move tree to a fixed depth.
 * The counts for well-known positions are published, so matching them proves the move
 * generator, including every rare rule, far better than any hand-written test could.
 */
public final class Perft {
    private final int[][] moveStack;

    public Perft(int maxDepth) {
        moveStack = new int[Math.max(maxDepth, 1) + 1][MoveGenerator.MAX_MOVES];
    }

    /**
     * Leaf count with <em>bulk counting</em>: one ply above the leaves we count the legal
     * moves instead of making each of them, as the Stockfish family's perft does. Same
     * numbers, far less work.
     */
    public long count(Position position, int depth) {
        int[] moves = moveStack[depth];
        int n = MoveGenerator.generateLegal(position, moves);
        if (depth <= 1) {
            return depth == 1 ? n : 1;
        }
        long leaves = 0;
        for (int i = 0; i < n; i++) {
            position.makeMove(moves[i]);
            leaves += count(position, depth - 1);
            position.unmakeMove(moves[i]);
        }
        return leaves;
    }

    /** The same count, but every leaf is made and taken back: the slower convention. */
    public long countMakingLeaves(Position position, int depth) {
        if (depth == 0) {
            return 1;
        }
        int[] moves = moveStack[depth];
        int n = MoveGenerator.generateLegal(position, moves);
        long leaves = 0;
        for (int i = 0; i < n; i++) {
            position.makeMove(moves[i]);
            leaves += countMakingLeaves(position, depth - 1);
            position.unmakeMove(moves[i]);
        }
        return leaves;
    }

    /**
     * Shows {@code visitor} every node of the legal move tree to {@code depth}, the root and
     * the leaves included, and returns how many there were. Slower than counting: it is for
     * experiments that look at each position (chapter 3 counts the repeated ones).
     */
    public long visit(Position position, int depth, java.util.function.Consumer<Position> visitor) {
        visitor.accept(position);
        if (depth == 0) {
            return 1;
        }
        int[] moves = moveStack[depth];
        int n = MoveGenerator.generateLegal(position, moves);
        long nodes = 1;
        for (int i = 0; i < n; i++) {
            position.makeMove(moves[i]);
            nodes += visit(position, depth - 1, visitor);
            position.unmakeMove(moves[i]);
        }
        return nodes;
    }
}
