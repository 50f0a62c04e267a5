package xiangqi;

/**
 * Fixed-depth alpha-beta search (α-β 剪枝) in negamax form.
 *
 * <p>Minimax (chapter 1) asks every child for its exact value. Alpha-beta passes a window
 * down instead: {@code alpha}, the score the side to move is already sure of, and
 * {@code beta}, the score the opponent is already sure of one level up. As soon as one
 * move reaches {@code beta} the opponent will never allow this position, so the remaining
 * moves need not be searched: a <b>cut-off</b>. In the max/min form this is two rules, the
 * "alpha cut-off" at one level and the "beta cut-off" at the next; in negamax the window
 * is negated and swapped at each level, {@code (-beta, -alpha)}, and one rule serves both.
 *
 * <p>This search is <b>fail-soft</b>: it returns the best score it saw even when that lies
 * outside the window. A result {@code <= alpha} is an upper bound of the true value, a
 * result {@code >= beta} a lower bound, and a result strictly inside is exact.
 *
 * <p><b>A node</b> is one call of {@link #alphaBeta}: the root, interior nodes and the
 * leaves all count. A <b>leaf</b> is a node that searches no child: one at the horizon
 * (depth 0), where the static evaluation is called, or one whose side to move has no
 * legal move (mated). These are chapter 1's definitions, kept so the counts compare.
 */
public final class Search {
    /** The deepest search the command line accepts. */
    public static final int MAX_DEPTH = 32;
    /** Depth for a UCI {@code go} without {@code depth}: a few seconds of alpha-beta. */
    public static final int DEFAULT_DEPTH = 5;

    /** Chapter 1's search: no technique at all, every move of every node. */
    static final Techniques MINIMAX = Techniques.of();
    /** This chapter's search: minimax with the cut-off. */
    static final Techniques ALPHA_BETA = Techniques.of(Technique.ALPHA_BETA_CUTOFF);

    private final Techniques techniques;

    private final int[][] moveStack = new int[Score.MAX_PLY][MoveGenerator.MAX_MOVES];
    // The triangular PV table: pv[ply] holds the best line found from that ply on.
    private final int[][] pv = new int[Score.MAX_PLY + 1][Score.MAX_PLY + 1];
    private final int[] pvLength = new int[Score.MAX_PLY + 1];
    private long nodes;
    private long leaves;
    /** UCI's {@code go searchmoves}: the only moves the root may play; null for every move. */
    private int[] rootMoves;
    private long cutoffs;

    /** Who watches the nodes, such as the {@code tree} command's picture; {@link SearchListener#NONE} if no one. */
    private final SearchListener listener;

    private Search(Techniques techniques, SearchListener listener) {
        this.techniques = techniques;
        this.listener = listener;
    }

    /** Chapter 1's minimax: this search with the cut-off switched off. */
    public static Search minimax() {
        return new Search(MINIMAX, SearchListener.NONE);
    }

    /** Alpha-beta, the moves in the generator's order. */
    public static Search withAlphaBeta() {
        return new Search(ALPHA_BETA, SearchListener.NONE);
    }

    /** The same search, reporting every node it visits to {@code listener}, such as the picture of the tree. */
    public Search reportingTo(SearchListener listener) {
        return new Search(techniques, listener);
    }

    /** The search as this chapter's command line, bench and README run it. */
    public static Search standard() {
        return withAlphaBeta();
    }

    /** What one search found, and what it cost. */
    public record Result(int depth, int score, int[] pv, long nodes, long leaves, long cutoffs, long millis) {
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
        cutoffs = 0;
        long start = System.nanoTime();
        int score = alphaBeta(position, -Score.INFINITE, Score.INFINITE, depth, 0);
        listener.root(depth, -Score.INFINITE, Score.INFINITE, score);
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new Result(depth, score, java.util.Arrays.copyOf(pv[0], pvLength[0]), nodes, leaves, cutoffs, millis);
    }

    /**
     * The value of the position for the side to move, looking {@code depth} plies ahead,
     * as far as it matters inside the window ({@code alpha}, {@code beta}); {@code ply} is
     * the distance from the root. The moves are tried in the generator's order.
     */
    public int alphaBeta(Position position, int alpha, int beta, int depth, int ply) {
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
            int score = -alphaBeta(position, -beta, -alpha, depth - 1, ply + 1);
            listener.searched(ply + 1, move, -beta, -alpha, score);
            position.unmakeMove(move);
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;          // a better line for us: the window narrows
                    updatePv(ply, move);
                }
                if (score >= beta && techniques.has(Technique.ALPHA_BETA_CUTOFF)) {
                    cutoffs++;              // the opponent will avoid this position: stop
                    break;
                }
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
