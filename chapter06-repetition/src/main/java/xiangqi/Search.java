package xiangqi;

/**
 * Alpha-beta search (α-β 剪枝) in negamax form, with a transposition table (置换表), moves
 * in a good order (着法排序), iterative deepening: depth 1, 2, ... until the depth or
 * the time runs out, and the rules of repetition (重复局面).
 *
 * <p><b>Why repetitions matter.</b> A search blind to a line that returns to a position
 * takes the cycle for progress: it checks for ever where perpetual check (长将) loses, and
 * misses the draw that saves a lost game. So each node first asks {@link Repetition} whether
 * its position repeats one of the path or the game before it, and if so scores it by the
 * rules ({@link #repetitionScore}): a path's score, which the table does not keep.
 *
 * <p><b>Why order matters.</b> A node is cut off as soon as one move reaches beta, so the
 * tree alpha-beta searches depends on which move comes first. Tried in the best order it
 * is close to the Knuth-Moore minimal tree; in the generator's order it is far above it
 * (chapter 2). {@link MovePicker} gives the table's move first, then captures, killers and
 * the quiet moves by history; {@link #rememberCutoff} feeds the killers and the history.
 *
 * <p><b>Iterative deepening</b> looks like waste (every depth repeats the ones before) but
 * pays twice: each iteration leaves best moves in the table, so the next one finds its cut
 * -offs sooner, and a search that must stop can answer with the last finished iteration.
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
    /** Depth for the bench and for a bare UCI {@code go}: about a second with ordering. */
    public static final int DEFAULT_DEPTH = 7;

    /** Chapter 1's search: no technique at all, every move of every node. */
    static final Techniques MINIMAX = Techniques.of();
    /** Chapter 2's search: minimax with the cut-off. */
    static final Techniques ALPHA_BETA = Techniques.of(Technique.ALPHA_BETA_CUTOFF);
    /** Chapter 4's search: the table, and its move first; otherwise the generator's order. */
    public static final Techniques WITH_TABLE = ALPHA_BETA.with(Technique.TABLE, Technique.HASH_MOVE);
    /** Chapter 5's search: moves in a good order, and iterative deepening. */
    public static final Techniques ORDERED = WITH_TABLE.with(Technique.CAPTURES_FIRST, Technique.KILLERS,
            Technique.HISTORY_HEURISTIC, Technique.ITERATIVE_DEEPENING);
    /** This chapter's search: chapter 5's, plus the repetition rules and the move limit. */
    public static final Techniques WITH_REPETITIONS = ORDERED.with(Technique.REPETITIONS, Technique.MOVE_LIMIT);

    private final Techniques techniques;
    /** The transposition table; unused (and may be null) without {@link Technique#TABLE}. */
    private final TranspositionTable table;
    /** Who watches the nodes, such as the {@code tree} command's picture; {@link SearchListener#NONE} if no one. */
    private final SearchListener listener;
    /** Cut-offs taken from the table, by bound: index EXACT, LOWER, UPPER. */
    private final long[] tableCutoffs = new long[4];
    /** Cut-offs by the stage of the move that made them, and how many came from the first move tried. */
    private final long[] stageCutoffs = new long[MovePicker.Stage.values().length];
    private long firstMoveCutoffs;

    private final MovePicker[] pickers = new MovePicker[Score.MAX_PLY];
    private final Killers killers = new Killers();
    private final HistoryTable historyTable = new HistoryTable();
    /** Rules on the repetitions in the tree, with arrays of its own: a ruling allocates nothing. */
    private final Repetition arbiter = new Repetition();
    private TimeControl time = TimeControl.none();
    /** False until the first iteration has finished: until then there is no move to fall back on. */
    private boolean mayStop;
    /** The root has reached the move limit (see {@link #moveLimitReached}). */
    private boolean limitAtRoot;
    private boolean abandoned;
    /** The running iteration's root: its first move searched to the end, and how many were. */
    private int rootFirstMove;
    private int rootMovesSearched;
    /** Its best score among the root moves searched to the end, and when the last of them ended. */
    private int rootBest;
    private long rootSettledNanos;
    /** When the last search's answer was settled: the end of the last root move searched to the end. */
    private long settledNanos;
    /** UCI's {@code go searchmoves}: the only moves the root may play; null for every move. */
    private int[] rootMoves;
    /** UCI's {@code go nodes}: no new node after about this many (the first iteration still finishes). */
    private long nodeLimit = Long.MAX_VALUE;

    // The triangular PV table: pv[ply] holds the best line found from that ply on.
    private final int[][] pv = new int[Score.MAX_PLY + 1][Score.MAX_PLY + 1];
    private final int[] pvLength = new int[Score.MAX_PLY + 1];
    private long nodes;
    private long leaves;
    /** Losses by the rule scored so far: a result that one of them helped to make is not stored. */
    private long lossesByRule;
    private long cutoffs;

    public Search(Techniques techniques, TranspositionTable table) {
        this(techniques, table, SearchListener.NONE);
    }

    private Search(Techniques techniques, TranspositionTable table, SearchListener listener) {
        if (techniques.has(Technique.TABLE) && table == null) {
            throw new IllegalArgumentException("a search with the table needs a table");
        }
        this.techniques = techniques;
        this.table = table;
        this.listener = listener;
        for (int ply = 0; ply < pickers.length; ply++) {
            pickers[ply] = new MovePicker();
        }
    }

    /** The same search, reporting every node it visits to {@code listener}, such as the picture of the tree. */
    public Search reportingTo(SearchListener listener) {
        return new Search(techniques, table, listener);
    }

    /** Chapter 1's minimax: this search with the cut-off switched off. */
    public static Search minimax() {
        return new Search(MINIMAX, null);
    }

    /** Chapter 2's alpha-beta: no table, no deepening, the moves in the generator's order. */
    public static Search withAlphaBeta() {
        return new Search(ALPHA_BETA, null);
    }

    /** Chapter 4's search with {@code table}: the table's move first, then the generator's order. */
    public static Search withTable(TranspositionTable table) {
        return new Search(WITH_TABLE, table);
    }

    /** Chapter 5's search with {@code table}: ordered moves, iterative deepening. */
    public static Search ordered(TranspositionTable table) {
        return new Search(ORDERED, table);
    }

    /** This chapter's search with {@code table}: chapter 5's, plus the repetition rules. */
    public static Search withRepetitions(TranspositionTable table) {
        return new Search(WITH_REPETITIONS, table);
    }

    /** The search as this chapter's command line, bench and README run it: with a fresh 16 MB table. */
    public static Search standard() {
        return withRepetitions(new TranspositionTable(TranspositionTable.DEFAULT_MB, TranspositionTable.Scheme.TWO_TIER));
    }

    /**
     * What one search found, and what it cost. A {@code partial} result is an iteration the
     * clock cut short after some of its root moves were searched to the end: its move is the
     * best of those, its score that move's value and so only a lower bound of the root's
     * (the moves not searched might be better), and its line that move's line.
     */
    public record Result(int depth, int score, int[] pv, long nodes, long leaves, long cutoffs, long millis, boolean partial) {
        public Result(int depth, int score, int[] pv, long nodes, long leaves, long cutoffs, long millis) {
            this(depth, score, pv, nodes, leaves, cutoffs, millis, false);
        }

        public int bestMove() {
            return pv.length > 0 ? pv[0] : Move.NONE;
        }
    }

    /**
     * Limits for the searches that follow, from UCI's {@code go}: the root tries only
     * {@code rootMoves} (null: every move), and the search stops after about
     * {@code nodeLimit} nodes, as it stops when the time is up.
     */
    public void restrict(int[] rootMoves, long nodeLimit) {
        this.rootMoves = rootMoves;
        this.nodeLimit = nodeLimit;
    }

    /** Searches {@code position} to {@code depth} plies; the position is left unchanged. */
    public Result search(Position position, int depth) {
        return search(position, depth, TimeControl.none(), iteration -> { });
    }

    /**
     * Iterative deepening: searches depth 1, 2, ... {@code maxDepth} (only {@code maxDepth}
     * without deepening), showing each iteration to {@code eachIteration}, until
     * {@code time} says stop. Returns the last iteration; its node count is the sum of all
     * of them. The first iteration always finishes, so there is always a move.
     *
     * <p>An iteration the clock cuts short is not thrown away if it searched its first root
     * move to the end and that move was the last iteration's best (the table's move, tried
     * first). Every root move it finished was searched as deep as the new depth asks, so the
     * best of them is at least as good as the old best by the deeper search: the result is
     * that move, {@link Result#partial() partial}. A root move whose search the clock cut is
     * never among them: its score is the 0 of an abandoned node.
     */
    public Result search(Position position, int maxDepth, TimeControl time, java.util.function.Consumer<Result> eachIteration) {
        this.time = time;
        nodes = 0;
        leaves = 0;
        cutoffs = 0;
        firstMoveCutoffs = 0;
        java.util.Arrays.fill(tableCutoffs, 0);
        java.util.Arrays.fill(stageCutoffs, 0);
        killers.clear();
        mayStop = false;
        limitAtRoot = techniques.has(Technique.MOVE_LIMIT) && Repetition.moveLimitReached(position);
        long start = System.nanoTime();
        Result last = null;
        for (int depth = techniques.has(Technique.ITERATIVE_DEEPENING) ? 1 : maxDepth; depth <= maxDepth; depth++) {
            abandoned = false;
            rootFirstMove = Move.NONE;
            rootMovesSearched = 0;
            int score = alphaBeta(position, -Score.INFINITE, Score.INFINITE, depth, 0);
            listener.root(depth, -Score.INFINITE, Score.INFINITE, score);
            long now = System.nanoTime();
            long millis = (now - start) / 1_000_000;
            if (abandoned) {
                if (last != null && rootMovesSearched > 0 && rootFirstMove == last.bestMove()) {
                    last = new Result(depth, rootBest, wholeLine(position, depth), nodes, leaves, cutoffs, millis, true);
                    settledNanos = rootSettledNanos - start;
                    eachIteration.accept(last);
                }
                break; // out of time: the rest of this iteration is not searched
            }
            last = new Result(depth, score, wholeLine(position, depth), nodes, leaves, cutoffs, millis);
            settledNanos = now - start;
            eachIteration.accept(last);
            mayStop = true;
            time.iterationFinished();
            if (time.noTimeForAnotherIteration() || time.limited() && mateProved(score, depth)) {
                break; // a clock's search answers once a deeper iteration cannot change the answer
            }
        }
        return last;
    }

    /**
     * Has an iteration to {@code depth} proved a mate, for either side: a mate score whose
     * distance the depth searched already covers? Every line within that distance was searched,
     * so a deeper iteration finds the same mate; a clock that waited for it would only burn time.
     */
    public static boolean mateProved(int score, int depth) {
        return Score.isMate(score) && Score.MATE - Math.abs(score) <= depth;
    }

    /**
     * How long the last search took to settle its answer, in nanoseconds: to the end of the
     * last root move it searched to the end, in the iteration it answered with. What came
     * after bought nothing; the bench prints the share.
     */
    public long settledNanos() {
        return settledNanos;
    }

    /**
     * A root move searched to the end: if the clock cuts this iteration short, the root's
     * best so far (in {@link #pv}, {@code best}) may still answer.
     */
    private void rootMoveSearched(int move, int best) {
        if (rootMovesSearched++ == 0) {
            rootFirstMove = move;
        }
        rootBest = best;
        rootSettledNanos = System.nanoTime();
    }

    /**
     * The principal variation, whole. The search collects the line in {@link #pv}, but a node
     * that the table answers searches no move, so it has no line to give, and the collected
     * line stops there: on a second search of the same position it can be one move long. The
     * table's best moves carry it on, up to the search's depth, each checked legal: they are
     * the moves that the searches which stored those entries found best. It stops where the
     * rules end the line: at a repetition that the search would rule on. (Stockfish keeps
     * exact table answers away from such nodes instead; here that would cost nodes and change
     * every count of this chapter, while this costs none: it runs once per iteration, after it.)
     */
    private int[] wholeLine(Position position, int depth) {
        int[] line = java.util.Arrays.copyOf(pv[0], depth);
        int length = pvLength[0];
        if (techniques.has(Technique.TABLE)) {
            int[] scratch = new int[MoveGenerator.MAX_MOVES];
            for (int i = 0; i < length; i++) {
                position.makeMove(line[i]);
            }
            while (length < depth && MoveGenerator.isLegal(position, table.bestMove(position.key()), scratch)) {
                position.makeMove(line[length++] = table.bestMove(position.key()));
                if (Repetition.ruledInSearch(position, length)) {
                    break; // the rules end the line here, as they ended it in the search
                }
            }
            for (int i = length - 1; i >= 0; i--) {
                position.unmakeMove(line[i]);
            }
        }
        return java.util.Arrays.copyOf(line, length);
    }

    /**
     * The value of the position for the side to move, looking {@code depth} plies ahead,
     * as far as it matters inside the window ({@code alpha}, {@code beta}); {@code ply} is
     * the distance from the root. The {@link MovePicker} hands out the moves in stages: the
     * table's best move, the captures by MVV/LVA, the killers, then the quiet moves by history.
     */
    public int alphaBeta(Position position, int alpha, int beta, int depth, int ply) {
        nodes++;
        pvLength[ply] = ply;
        if (outOfTime()) {
            return 0;
        }
        if (ply > 0 && techniques.has(Technique.REPETITIONS) && Repetition.ruledInSearch(position, ply)) {
            leaves++;
            return repetitionScore(position, ply); // the game's rules end this line, not the horizon
        }
        if (ply > 0 && techniques.has(Technique.MOVE_LIMIT) && moveLimitReached(position, ply)) {
            leaves++;
            return Score.DRAW; // a path score too: the table never keeps it
        }
        if (depth == 0) {
            leaves++;
            return evaluate(position);
        }
        int entry = probe(position);
        if (entry != TranspositionTable.MISSING && ply > 0 && tableDecides(entry, alpha, beta, depth, ply)) {
            listener.answeredByTable(ply, table.bound(entry));
            return table.score(entry, ply); // 完全利用: the stored result answers this node
        }
        MovePicker picker = pickers[ply];
        int hashMove = entry == TranspositionTable.MISSING ? Move.NONE : table.move(entry);
        picker.start(position, techniques, hashMove, killers.first(ply), killers.second(ply), historyTable);
        int originalAlpha = alpha;
        long lossesByRuleBefore = lossesByRule;
        int bestMove = Move.NONE;
        int best = -Score.INFINITE;
        int tried = 0;
        for (int move = picker.next(); move != Move.NONE; move = picker.next()) {
            if (ply == 0 && !allowedAtRoot(move)) {
                continue;
            }
            tried++;
            position.makeMove(move);
            int score = -alphaBeta(position, -beta, -alpha, depth - 1, ply + 1);
            listener.searched(ply + 1, move, -beta, -alpha, score, picker.lastStage());
            position.unmakeMove(move);
            if (abandoned) {
                return 0; // out of time: nothing here may be trusted or stored
            }
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;          // a better line for us: the window narrows
                    bestMove = move;
                    updatePv(ply, move);
                }
                if (score >= beta && techniques.has(Technique.ALPHA_BETA_CUTOFF)) {
                    rememberCutoff(position, move, depth, ply, tried, picker.lastStage());
                    break;                  // the opponent will avoid this position: stop
                }
            }
            if (ply == 0) {
                rootMoveSearched(move, best);
            }
        }
        if (tried == 0) {
            leaves++;
            return Score.matedIn(ply); // checkmate or stalemate: the side to move has lost
        }
        store(position, depth, boundOf(best, originalAlpha, beta), best, bestMove, ply, lossesByRule != lossesByRuleBefore);
        return best;
    }

    /**
     * A repeated position that the fold rule ({@link Repetition#ruledInSearch}) rules on, scored
     * by the rules: a draw, or a loss for the side that forced the repetition, scored as being
     * mated here, so that a later loss is preferred to an earlier one, by mate or by the rule.
     * The root itself is never ruled on: the search is asked for a move there, not a verdict.
     */
    private int repetitionScore(Position position, int ply) {
        int loser = arbiter.loser(position);
        if (loser == -1) {
            return Score.DRAW;
        }
        lossesByRule++;
        return loser == position.sideToMove() ? Score.matedIn(ply) : -Score.matedIn(ply);
    }

    /**
     * The static evaluation, with one change when repetitions are scored: it never returns
     * {@link Score#DRAW}, which is kept for a repetition (an evaluation of 0 becomes 1). So
     * every score of exactly 0 in the tree comes from a repetition, and {@link #store} can
     * keep it out of the table (XQWLight does the same).
     */
    private int evaluate(Position position) {
        int score = Evaluation.evaluate(position);
        return techniques.has(Technique.REPETITIONS) && score == Score.DRAW ? score + 1 : score;
    }

    /**
     * Has this line reached the move limit? The count never falls along a line without a capture:
     * below a root past the limit such a line is past it too, with no replay of a long game.
     */
    private boolean moveLimitReached(Position position, int ply) {
        if (limitAtRoot && position.halfmoveClock() >= ply) {
            return MoveGenerator.generateLegal(position, new int[MoveGenerator.MAX_MOVES]) > 0; // a mate still wins
        }
        return Repetition.moveLimitReached(position);
    }

    /**
     * A cut-off: count it, and remember the move if it is quiet. It becomes this distance's
     * first killer, and its history score grows by depth²: a cut-off far from the leaves
     * saved much more work than one next to them.
     */
    private void rememberCutoff(Position position, int move, int depth, int ply, int tried, MovePicker.Stage stage) {
        cutoffs++;
        firstMoveCutoffs += tried == 1 ? 1 : 0;
        stageCutoffs[stage.ordinal()]++;
        if (position.pieceAt(Move.to(move)) == Piece.EMPTY) {
            if (techniques.has(Technique.KILLERS)) {
                killers.remember(ply, move);
            }
            if (techniques.has(Technique.HISTORY_HEURISTIC)) {
                historyTable.reward(position, move, depth);
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

    /**
     * Checks the clock (and the node limit) every 1024 nodes, and never in the first iteration, which must
     * finish so that there is a move to play. Once out of time, every node returns at once.
     */
    private boolean outOfTime() {
        if ((nodes & 1023) == 0 && mayStop && (time.mustStop() || nodes >= nodeLimit)) {
            abandoned = true;
        }
        return abandoned;
    }

    /** The table's entry for this position, or MISSING (always, for a search without a table). */
    private int probe(Position position) {
        return techniques.has(Technique.TABLE) ? table.probe(position.key()) : TranspositionTable.MISSING;
    }

    /**
     * Writes the node's result down, for a search with a table: always its best move, which
     * the next search of the position tries first (the next iteration's root among them), and
     * its score unless the score is not the position's. A root searched with only some of its
     * moves has such a score: it is stored as a lower bound of -{@link Score#INFINITE}, true of
     * every position, which answers no node and keeps the move. So has a result that a
     * repetition below made, true only of the path that led here: a draw (a score of exactly
     * {@link Score#DRAW}, or a bound made of one), or anything a loss by the rule took part in
     * ({@code ruledBelow}: a mate's score, which only the search can tell apart). Reached by
     * another path, the position may repeat nothing.
     */
    private void store(Position position, int depth, int bound, int score, int move, int ply, boolean ruledBelow) {
        if (!techniques.has(Technique.TABLE)) {
            return;
        }
        boolean pathScore = ply == 0 && rootMoves != null
                || techniques.has(Technique.REPETITIONS) && (score == Score.DRAW || ruledBelow);
        if (pathScore) {
            table.store(position.key(), depth, TranspositionTable.LOWER, -Score.INFINITE, move, 0);
        } else {
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

    /** What a fail-soft result means, given the window the node was searched with. */
    static int boundOf(int score, int alpha, int beta) {
        return score >= beta ? TranspositionTable.LOWER
                : score <= alpha ? TranspositionTable.UPPER : TranspositionTable.EXACT;
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

    /** Of the last search's cut-offs, how many the first move tried made. */
    public long firstMoveCutoffs() {
        return firstMoveCutoffs;
    }

    /** Of the last search's cut-offs, how many a move from this stage of the picker made. */
    public long cutoffs(MovePicker.Stage stage) {
        return stageCutoffs[stage.ordinal()];
    }

    /** How many nodes of the last search an entry with this bound answered. */
    public long tableCutoffs(int bound) {
        return tableCutoffs[bound];
    }
}
