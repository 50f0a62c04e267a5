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
    static final String METHOD = "ordered moves, iterative deepening";
    /** What "compare" sets beside it: chapter 4's search, the table's move first and no more order. */
    static final String EARLIER = "alpha-beta + table (chapter 4)";
    /** The deepest search the page asks for; a time a move goes deeper if it can. */
    static final int DEEPEST = 12;
    /** The deepest "compare" runs the earlier method to. */
    static final int DEEPEST_EARLIER = 7;
    /** Whether a move can be given a time: yes, since iterative deepening always has a move. */
    static final boolean TIMED = true;
    /**
     * Whether stop cuts "compare" short: no, the earlier method has no clock to stop. Stop
     * leaves it to finish in the background, unread, and the board is free at once.
     */
    static final boolean EARLIER_STOPS = false;

    /** The running search's clock, which {@link #stop} stops. */
    private volatile TimeControl time = TimeControl.none();

    /**
     * Searches {@code position} depth by depth, one line each: to {@code depth}, and, when
     * {@code millis} is above 0, no longer than that many milliseconds (the board bounds every
     * search by both: a move by time to the deepest the board allows, a move by depth to the
     * board's time).
     */
    Search.Result think(Position position, int depth, int millis, Consumer<Search.Result> eachDepth) {
        time = millis > 0 ? TimeControl.moveTime(millis) : TimeControl.none();
        return Search.standard().search(position, depth, time, eachDepth);
    }

    /** Ends the running search now; it answers as a search cut by the clock does (see {@link Search}). */
    boolean stop() {
        time.stop();
        return true;
    }

    /** The earlier method's node count for {@code position} at {@code depth}. */
    long earlier(Position position, int depth) {
        return earlierSearch().search(position, depth).nodes();
    }

    /** Chapter 4's search, with a fresh table of its own: the table's move first, then the generator's order. */
    private static Search earlierSearch() {
        TranspositionTable table = new TranspositionTable(TranspositionTable.DEFAULT_MB, TranspositionTable.Scheme.TWO_TIER);
        return Search.withTable(table);
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
