package xiangqi;

/**
 * One idea a search may use beyond chapter 1's minimax. Each chapter adds the names of what
 * it teaches, so this file's diff from one chapter to the next is the list of its lessons;
 * {@link Techniques} holds the set one search is made with.
 */
public enum Technique {
    /**
     * Chapter 2: stop searching a node's moves as soon as one of them reaches beta, the
     * cut-off. Without it alpha still rises and may pass beta, but no move is skipped: the
     * search is chapter 1's minimax again, with the same tree, scores and node counts.
     */
    ALPHA_BETA_CUTOFF,
    /**
     * Chapter 4: look each node up in the transposition table (置换表) before searching it,
     * and write its result down after.
     */
    TABLE,
    /**
     * An experiment of the tests: an entry answers a node only if it was searched to exactly
     * the depth needed now, not deeper. Then the table cannot change the root score, at the
     * price of fewer answers.
     */
    TABLE_EQUAL_DEPTH_ONLY,
    /** Chapter 4, and the first stage of this chapter's move picker: the table's best move first. */
    HASH_MOVE,
    /** Chapter 5: then the captures, most valuable victim first (MVV/LVA). */
    CAPTURES_FIRST,
    /** Chapter 5: then the two killer moves of this distance from the root. */
    KILLERS,
    /** Chapter 5: then the quiet moves, by their history score. */
    HISTORY_HEURISTIC,
    /** Chapter 5: search depth 1, 2, ... up to the depth asked, not only that one. */
    ITERATIVE_DEEPENING,
    /**
     * Chapter 6: rule on repeated positions (perpetual check and chase lose, other cycles
     * draw), by the fold rule. Without it the search is chapter 5's, blind to repetition.
     */
    REPETITIONS,
    /**
     * Chapter 6: score a line that reaches the move limit (60 moves by each side without a
     * capture) as a draw; UCI's {@code MoveLimit} option turns it off.
     */
    MOVE_LIMIT,
}
