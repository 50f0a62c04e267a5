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
    static final String METHOD = "ordered moves + repetition rules";
    /** What "compare" sets beside it: chapter 5's search, blind to repetitions. */
    static final String EARLIER = "ordered search (chapter 5)";
    /** The deepest search the page asks for; a time a move goes deeper if it can. */
    static final int DEEPEST = 12;
    /** The deepest "compare" runs the earlier method to. */
    static final int DEEPEST_EARLIER = 12;
    /** Whether a move can be given a time: yes, since iterative deepening always has a move. */
    static final boolean TIMED = true;
    /** Whether stop cuts "compare" short: yes, chapter 5's search ends when its clock is stopped. */
    static final boolean EARLIER_STOPS = true;

    /** The running search's clock, which {@link #stop} stops: its own, or the earlier method's. */
    private volatile TimeControl time = TimeControl.none();

    /**
     * Searches {@code position} depth by depth, one line each: to {@code depth}, or, when
     * {@code millis} is above 0, as deep as that many milliseconds allow.
     */
    Search.Result think(Position position, int depth, int millis, Consumer<Search.Result> eachDepth) {
        time = millis > 0 ? TimeControl.moveTime(millis) : TimeControl.none();
        return Search.standard().search(position, millis > 0 ? Search.MAX_DEPTH : depth, time, eachDepth);
    }

    /** Ends the running search now; it answers as a search cut by the clock does (see {@link Search}). */
    boolean stop() {
        time.stop();
        return true;
    }

    /**
     * The earlier method's node count for {@code position} at {@code depth}, searched with
     * this object's clock, so that {@link #stop} cuts it short (the board runs each comparison
     * on a WebSearch of its own, made before it starts, so that stop reaches it at any moment).
     */
    long earlier(Position position, int depth) {
        TranspositionTable table = new TranspositionTable(TranspositionTable.DEFAULT_MB, TranspositionTable.Scheme.TWO_TIER);
        return Search.ordered(table).search(position, depth, time, iteration -> { }).nodes();
    }

    /**
     * What ends a game here besides mate and 困毙: the repetition ruling (perpetual check or
     * chase loses, other repetitions draw), as {@code judge --why} prints it, in {@code language}
     * as {@code judge --why --lang} does; null if none.
     */
    String ruling(Position position, java.util.Locale language) {
        if (Repetition.judge(position).outcome() == Repetition.Outcome.NONE) {
            return null;
        }
        String title = language.getLanguage().equals("zh") ? "重复局面：" : "repetition: ";
        return title + String.join("\n", Repetition.explain(position, language));
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
}
