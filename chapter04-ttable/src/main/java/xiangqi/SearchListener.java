package xiangqi;

/**
 * Whoever watches a search node by node, such as the picture of the tree it visited (the
 * {@code tree} command). The search reports each child after it returns, with the move
 * that led there, the window it was searched with and the score it came back with; and
 * the root once it is searched. The search knows only this interface, so the tools that
 * draw or show a search depend on the search, and never the other way round.
 *
 * <p>It is called at every node, so {@link #NONE}, the listener of every search that no
 * one watches, does nothing: it changes no count and costs no time that a clock can see.
 */
public interface SearchListener {
    /** Does nothing: the listener of every search that no one watches. */
    SearchListener NONE = new SearchListener() {
        @Override
        public void searched(int ply, int move, int alpha, int beta, int score) {
        }

        @Override
        public void root(int depth, int alpha, int beta, int score) {
        }
    };

    /**
     * A child at {@code ply}: reached by {@code move} and searched with the window
     * ({@code alpha}, {@code beta}), it returned a value that its parent sees as
     * {@code score} (negamax: the child's value negated).
     */
    void searched(int ply, int move, int alpha, int beta, int score);

    /** The root: searched to {@code depth} with ({@code alpha}, {@code beta}), it returned {@code score}. */
    void root(int depth, int alpha, int beta, int score);

    /**
     * The table answered the node at {@code ply} without a search, with an entry of
     * {@code bound} ({@link TranspositionTable#EXACT}, {@code LOWER} or {@code UPPER}): whether
     * the value it gave is the node's value or only a bound on it. Only a picture of the tree
     * needs it, so by default it does nothing.
     */
    default void answeredByTable(int ply, int bound) {
    }
}
