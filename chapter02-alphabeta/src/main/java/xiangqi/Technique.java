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
}
