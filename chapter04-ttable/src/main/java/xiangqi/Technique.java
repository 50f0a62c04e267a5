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
     * write its result down after, and try the stored best move first.
     */
    TABLE,
    /**
     * An experiment of this chapter's demo: also look up and store the horizon's leaves. The
     * Baidu Baike article 置换表 advises against it: a leaf's evaluation is cheap, while
     * millions of leaves evict the deeper entries that save whole subtrees.
     */
    TABLE_AT_HORIZON,
    /**
     * An experiment of the tests: an entry answers a node only if it was searched to exactly
     * the depth needed now, not deeper. Then the table cannot change the root score, at the
     * price of fewer answers.
     */
    TABLE_EQUAL_DEPTH_ONLY,
}
