package xiangqi.web;

import java.util.List;
import java.util.function.Consumer;
import xiangqi.*;
import xiangqi.picture.SearchTree;
import xiangqi.picture.Visit;

/**
 * What the web board ({@link WebBoard}, the same in every chapter) plays in this chapter:
 * the search that answers the player, the earlier method that the page's "compare" switch
 * sets beside it, and how deep the page may ask. The search is the command line's, so the
 * page's numbers are the ones {@code search --fen .. --moves .. --depth D} prints.
 */
final class WebSearch {
    /** This chapter's search, as the page names it. */
    static final String METHOD = "alpha-beta, with Zobrist keys";
    /** What "compare" sets beside it: chapter 2's search. Keys change no node count yet: the ratio is 1. */
    static final String EARLIER = "alpha-beta (chapter 2)";
    /** The deepest search the page asks for: beyond it alpha-beta takes minutes. */
    static final int DEEPEST = 6;
    /** The deepest "compare" runs the earlier method to. */
    static final int DEEPEST_EARLIER = 5;
    /** Whether a move can be given a time: not before iterative deepening (chapter 5). */
    static final boolean TIMED = false;
    /**
     * Whether stop cuts "compare" short: no, the earlier method has no clock to stop. Stop
     * leaves it to finish in the background, unread, and the board is free at once.
     */
    static final boolean EARLIER_STOPS = false;

    /** Searches {@code position} to {@code depth} (no clock yet: {@code millis} is unused); one line. */
    Search.Result think(Position position, int depth, int millis, Consumer<Search.Result> eachDepth) {
        Search.Result result = Search.standard().search(position, depth);
        eachDepth.accept(result);
        return result;
    }

    /** Ends the running search now if this chapter's search can be ended; it cannot yet. */
    boolean stop() {
        return false;
    }

    /** The earlier method's node count for {@code position} at {@code depth}. */
    long earlier(Position position, int depth) {
        return earlierSearch().search(position, depth).nodes();
    }

    /** Chapter 2's alpha-beta, which has no keys: the same tree as this chapter's. */
    private static Search earlierSearch() {
        return Search.withAlphaBeta();
    }

    /** What ends a game here besides mate and 困毙, with its reasons, in a language; nothing yet. */
    String ruling(Position position, java.util.Locale language) {
        return null;
    }

    /** A note on a repeated position that the game goes on from, in a language; none yet. */
    String repetitionNote(Position position, java.util.Locale language) {
        return null;
    }

    /**
     * The tree this chapter's search visits from {@code position} to {@code depth}, node by
     * node, recorded as the {@code tree} command records it (the same search, with the same
     * table), for the page's watch mode. Over {@link SearchTree#MAX_NODES} nodes, the
     * recorder gives up with an IllegalArgumentException.
     */
    static List<Visit> watch(Position position, int depth) {
        SearchTree tree = SearchTree.recorder();
        Search.standard().reportingTo(tree).search(position, depth);
        return tree.visits(position);
    }

    /**
     * The tree the earlier method visits from {@code position} to {@code depth}, recorded as
     * {@link #watch} records this chapter's, for watch mode's "compare": the same search as
     * {@link #earlier}, so it has {@link #earlier}'s node count. Over {@link SearchTree#MAX_NODES}
     * nodes, the recorder gives up with an IllegalArgumentException, soon: the search is abandoned.
     */
    static List<Visit> watchEarlier(Position position, int depth) {
        SearchTree tree = SearchTree.recorder();
        earlierSearch().reportingTo(tree).search(position, depth);
        return tree.visits(position);
    }
}
