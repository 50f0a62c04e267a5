package xiangqi;

/**
 * Fixed-depth minimax in negamax form.
 *
 * <p>Minimax lets red pick the child with the largest score and black the child with the
 * smallest. Negamax writes both as one rule by always scoring from the side to move's
 * point of view: a position is worth the best of its children's values negated,
 * {@code value(p) = max over moves m of -value(p after m)}. One function, no colour test.
 *
 * <p><b>A node</b> is one call of {@link #minimax}: the root, interior nodes and the
 * leaves all count. A <b>leaf</b> is a node that searches no child: one at the horizon
 * (depth 0), where the static evaluation is called, or one whose side to move has no
 * legal move (mated). With no mate inside the horizon, minimax's leaves are exactly
 * perft's leaves: it visits the whole legal move tree. Every chapter keeps both
 * definitions, so their counts compare.
 */
public final class Search {
    /** The deepest search the command line accepts. */
    public static final int MAX_DEPTH = 32;
    /** Depth for a UCI {@code go} without {@code depth}: a few seconds of minimax. */
    public static final int DEFAULT_DEPTH = 4;

    private final int[][] moveStack = new int[Score.MAX_PLY][MoveGenerator.MAX_MOVES];
    // The triangular PV table: pv[ply] holds the best line found from that ply on.
    private final int[][] pv = new int[Score.MAX_PLY + 1][Score.MAX_PLY + 1];
    private final int[] pvLength = new int[Score.MAX_PLY + 1];
    private long nodes;
    private long leaves;
    /** UCI's {@code go searchmoves}: the only moves the root may play; null for every move. */
    private int[] rootMoves;
    /** Who watches the nodes, such as the {@code tree} command's picture; {@link SearchListener#NONE} if no one. */
    private final SearchListener listener;

    private Search(SearchListener listener) {
        this.listener = listener;
    }

    /** Minimax: every move of every position, to the full depth. */
    public static Search minimax() {
        return new Search(SearchListener.NONE);
    }

    /** The same search, reporting every node it visits to {@code listener}, such as the picture of the tree. */
    public Search reportingTo(SearchListener listener) {
        return new Search(listener);
    }

    /** The search as this chapter's command line, bench and README run it. */
    public static Search standard() {
        return minimax();
    }

    /** What one search found, and what it cost. */
    public record Result(int depth, int score, int[] pv, long nodes, long leaves, long millis) {
        public int bestMove() {
            return pv.length > 0 ? pv[0] : Move.NONE;
        }
    }

    /** For the searches that follow, from UCI's {@code go searchmoves}: the root tries only {@code rootMoves} (null: every move). */
    public void restrict(int[] rootMoves) {
        this.rootMoves = rootMoves;
    }

    /** Searches {@code position} to {@code depth} plies; the position is left unchanged. */
    public Result search(Position position, int depth) {
        nodes = 0;
        leaves = 0;
        long start = System.nanoTime();
        int score = minimax(position, depth, 0);
        listener.root(depth, score);
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new Result(depth, score, java.util.Arrays.copyOf(pv[0], pvLength[0]), nodes, leaves, millis);
    }

    /**
     * The value of the position for the side to move, looking {@code depth} plies ahead;
     * {@code ply} is the distance from the root. Each node asks every child for its value
     * from the child's side and keeps the best negation.
     */
    private int minimax(Position position, int depth, int ply) {
        nodes++;
        pvLength[ply] = ply;
        if (depth == 0) {
            leaves++;
            return Evaluation.evaluate(position);
        }
        int[] moves = moveStack[ply];
        int count = MoveGenerator.generateLegal(position, moves);
        if (count == 0) {
            leaves++;
            return Score.matedIn(ply); // checkmate or stalemate: the side to move has lost
        }
        int best = -Score.INFINITE;
        for (int i = 0; i < count; i++) {
            int move = moves[i];
            if (ply == 0 && !allowedAtRoot(move)) {
                continue;
            }
            position.makeMove(move);
            int score = -minimax(position, depth - 1, ply + 1);
            listener.searched(ply + 1, move, score);
            position.unmakeMove(move);
            if (score > best) {
                best = score;
                updatePv(ply, move);
            }
        }
        return best;
    }

    /** May the root play {@code move}? Every move may, unless {@link #restrict} said otherwise. */
    private boolean allowedAtRoot(int move) {
        if (rootMoves == null) {
            return true;
        }
        for (int allowed : rootMoves) {
            if (allowed == move) {
                return true;
            }
        }
        return false;
    }

    /** The best line from {@code ply} is {@code move} followed by the child's best line. */
    private void updatePv(int ply, int move) {
        pv[ply][ply] = move;
        System.arraycopy(pv[ply + 1], ply + 1, pv[ply], ply + 1, pvLength[ply + 1] - ply - 1);
        pvLength[ply] = pvLength[ply + 1];
    }

    public long nodes() {
        return nodes;
    }
}
