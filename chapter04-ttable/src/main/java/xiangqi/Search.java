package xiangqi;

/**
 * Fixed-depth alpha-beta search (α-β 剪枝) in negamax form, with a transposition table
 * (置换表): before searching a node, look it up; after searching it, write it down.
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
 * legal move (mated). These are chapter 1's definitions, kept so the counts compare: a
 * node answered by the table still counts, since the function was called.
 */
public final class Search {
    /** The deepest search the command line accepts. */
    public static final int MAX_DEPTH = 32;
    /** Depth for a UCI {@code go} without {@code depth}: a few seconds with the table. */
    public static final int DEFAULT_DEPTH = 6;

    /** Chapter 1's search: no technique at all, every move of every node. */
    static final Techniques MINIMAX = Techniques.of();
    /** Chapter 2's search: minimax with the cut-off. */
    static final Techniques ALPHA_BETA = Techniques.of(Technique.ALPHA_BETA_CUTOFF);
    /** This chapter's search: alpha-beta with the table. */
    public static final Techniques WITH_TABLE = ALPHA_BETA.with(Technique.TABLE);

    private final Techniques techniques;
    /** The transposition table; unused (and may be null) without {@link Technique#TABLE}. */
    private final TranspositionTable table;
    /** Who watches the nodes, such as the {@code tree} command's picture; {@link SearchListener#NONE} if no one. */
    private final SearchListener listener;
    /** Cut-offs taken from the table, by bound: index EXACT, LOWER, UPPER. */
    private final long[] tableCutoffs = new long[4];

    private final int[][] moveStack = new int[Score.MAX_PLY][MoveGenerator.MAX_MOVES];
    // The triangular PV table: pv[ply] holds the best line found from that ply on.
    private final int[][] pv = new int[Score.MAX_PLY + 1][Score.MAX_PLY + 1];
    private final int[] pvLength = new int[Score.MAX_PLY + 1];
    private long nodes;
    private long leaves;
    /** UCI's {@code go searchmoves}: the only moves the root may play; null for every move. */
    private int[] rootMoves;
    private long cutoffs;

    public Search(Techniques techniques, TranspositionTable table) {
        this(techniques, table, SearchListener.NONE);
    }

    private Search(Techniques techniques, TranspositionTable table, SearchListener listener) {
        if ((techniques.has(Technique.TABLE) || techniques.has(Technique.TABLE_AT_HORIZON)) && table == null) {
            throw new IllegalArgumentException("a search with the table needs a table");
        }
        this.techniques = techniques;
        this.table = table;
        this.listener = listener;
    }

    /** The same search, reporting every node it visits to {@code listener}, such as the picture of the tree. */
    public Search reportingTo(SearchListener listener) {
        return new Search(techniques, table, listener);
    }

    /** Chapter 1's minimax: this search with the cut-off switched off. */
    public static Search minimax() {
        return new Search(MINIMAX, null);
    }

    /** Chapter 2's alpha-beta: no table, the moves in the generator's order. */
    public static Search withAlphaBeta() {
        return new Search(ALPHA_BETA, null);
    }

    /** Alpha-beta with {@code table}, which may be shared with other searches (a warm table). */
    public static Search withTable(TranspositionTable table) {
        return new Search(WITH_TABLE, table);
    }

    /** The search as this chapter's command line, bench and README run it: with a fresh 16 MB table. */
    public static Search standard() {
        return withTable(new TranspositionTable(TranspositionTable.DEFAULT_MB, TranspositionTable.Scheme.TWO_TIER));
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
        java.util.Arrays.fill(tableCutoffs, 0);
        long start = System.nanoTime();
        int score = alphaBeta(position, -Score.INFINITE, Score.INFINITE, depth, 0);
        listener.root(depth, -Score.INFINITE, Score.INFINITE, score);
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new Result(depth, score, wholeLine(position, depth), nodes, leaves, cutoffs, millis);
    }

    /**
     * The principal variation, whole. The search collects the line in {@link #pv}, but a node
     * that the table answers searches no move, so it has no line to give, and the collected
     * line stops there: on a second search of the same position it can be one move long. The
     * table's best moves carry it on, up to the search's depth, each checked legal: they are
     * the moves that the searches which stored those entries found best. (Stockfish keeps
     * exact table answers away from such nodes instead; here that would cost nodes and change
     * every count of this chapter, while this costs none: it runs once, after the search.)
     */
    private int[] wholeLine(Position position, int depth) {
        int[] line = java.util.Arrays.copyOf(pv[0], depth);
        int length = pvLength[0];
        if (techniques.has(Technique.TABLE)) {
            for (int i = 0; i < length; i++) {
                position.makeMove(line[i]);
            }
            while (length < depth && isLegal(position, tableMove(position))) {
                line[length] = tableMove(position);
                position.makeMove(line[length++]);
            }
            for (int i = length - 1; i >= 0; i--) {
                position.unmakeMove(line[i]);
            }
        }
        return java.util.Arrays.copyOf(line, length);
    }

    /** The table's best move for {@code position}, or {@link Move#NONE}. */
    private int tableMove(Position position) {
        return table.bestMove(position.key());
    }

    /** Is {@code move} legal here? A table's move may not be, if two positions share a key (a collision). */
    private boolean isLegal(Position position, int move) {
        int count = MoveGenerator.generateLegal(position, moveStack[0]);
        for (int i = 0; i < count; i++) {
            if (moveStack[0][i] == move) {
                return true;
            }
        }
        return false;
    }

    /**
     * The value of the position for the side to move, looking {@code depth} plies ahead,
     * as far as it matters inside the window ({@code alpha}, {@code beta}); {@code ply} is
     * the distance from the root. The moves are tried in the generator's order, except
     * that the table's best move for this position, if it has one, goes first.
     */
    public int alphaBeta(Position position, int alpha, int beta, int depth, int ply) {
        nodes++;
        pvLength[ply] = ply;
        if (depth == 0) {
            leaves++;
            return techniques.has(Technique.TABLE_AT_HORIZON) ? evaluateThroughTable(position, ply) : Evaluation.evaluate(position);
        }
        int entry = probe(position);
        if (entry != TranspositionTable.MISSING && ply > 0 && tableDecides(entry, alpha, beta, depth, ply)) {
            listener.answeredByTable(ply, table.bound(entry));
            return table.score(entry, ply); // 完全利用: the stored result answers this node
        }
        int[] moves = moveStack[ply];
        int count = MoveGenerator.generateLegal(position, moves);
        if (count == 0) {
            leaves++;
            return Score.matedIn(ply); // checkmate or stalemate: the side to move has lost
        }
        if (entry != TranspositionTable.MISSING) {
            putFirst(table.move(entry), moves, count); // 部分利用: the stored best move goes first
        }
        int originalAlpha = alpha;
        int bestMove = Move.NONE;
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
                    bestMove = move;
                    updatePv(ply, move);
                }
                if (score >= beta && techniques.has(Technique.ALPHA_BETA_CUTOFF)) {
                    cutoffs++;              // the opponent will avoid this position: stop
                    break;
                }
            }
        }
        store(position, depth, boundOf(best, originalAlpha, beta), best, bestMove, ply);
        return best;
    }

    /** The table's entry for this position, or MISSING (always, for a search without a table). */
    private int probe(Position position) {
        return techniques.has(Technique.TABLE) ? table.probe(position.key()) : TranspositionTable.MISSING;
    }

    /** Writes the node's result down, for a search with a table. */
    private void store(Position position, int depth, int bound, int score, int move, int ply) {
        if (ply == 0 && rootMoves != null) {
            return; // searched with only some of its moves, the root's score is not the position's
        }
        if (techniques.has(Technique.TABLE)) {
            table.store(position.key(), depth, bound, score, move, ply);
        }
    }

    /**
     * Can the table's entry answer this node without a search? Only if it was searched at
     * least as deep as we need now, and its bound settles the question for our window: an
     * exact value always does, a lower bound only if it already reaches beta, an upper
     * bound only if it is already at most alpha.
     */
    private boolean tableDecides(int entry, int alpha, int beta, int depth, int ply) {
        int stored = table.depth(entry);
        if (techniques.has(Technique.TABLE_EQUAL_DEPTH_ONLY) ? stored != depth : stored < depth) {
            return false;
        }
        int score = table.score(entry, ply);
        int bound = table.bound(entry);
        boolean decides = bound == TranspositionTable.EXACT
                || bound == TranspositionTable.LOWER && score >= beta
                || bound == TranspositionTable.UPPER && score <= alpha;
        if (decides) {
            tableCutoffs[bound]++;
        }
        return decides;
    }

    /** A leaf's evaluation, looked up in the table first and stored there after. */
    private int evaluateThroughTable(Position position, int ply) {
        int entry = table.probe(position.key());
        if (entry != TranspositionTable.MISSING && table.bound(entry) == TranspositionTable.EXACT) {
            return table.score(entry, ply);
        }
        int score = Evaluation.evaluate(position);
        table.store(position.key(), 0, TranspositionTable.EXACT, score, Move.NONE, ply);
        return score;
    }

    /** What a fail-soft result means, given the window the node was searched with. */
    static int boundOf(int score, int alpha, int beta) {
        return score >= beta ? TranspositionTable.LOWER
                : score <= alpha ? TranspositionTable.UPPER : TranspositionTable.EXACT;
    }

    /** Moves {@code move} to the front, keeping the others in generator order. */
    private static void putFirst(int move, int[] moves, int count) {
        for (int i = 0; i < count; i++) {
            if (moves[i] == move) {
                System.arraycopy(moves, 0, moves, 1, i);
                moves[0] = move;
                return;
            }
        }
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

    /** How many nodes of the last search an entry with this bound answered. */
    public long tableCutoffs(int bound) {
        return tableCutoffs[bound];
    }
}
