package xiangqi.web;

import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import xiangqi.*;
import xiangqi.common.RulingText;
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

    /**
     * The earlier method's node count for {@code position} at {@code depth}, searched with
     * this object's clock, so that {@link #stop} cuts it short (the board runs each comparison
     * on a WebSearch of its own, made before it starts, so that stop reaches it at any moment).
     */
    long earlier(Position position, int depth) {
        return earlierSearch().search(position, depth, time, iteration -> { }).nodes();
    }

    /** Chapter 5's search, with a fresh table of its own: blind to repetitions. */
    private static Search earlierSearch() {
        TranspositionTable table = new TranspositionTable(TranspositionTable.DEFAULT_MB, TranspositionTable.Scheme.TWO_TIER);
        return Search.ordered(table);
    }

    /**
     * What ends a game here besides mate and 困毙: an arbiter's ruling, where the rules end the
     * game ({@link Repetition.Verdict#endsTheGame}, as {@code match} and the demo end theirs): a
     * position standing for the third time (perpetual check or chase loses, other repetitions
     * draw) or the move limit. The reasons as {@code judge --why} prints them, in
     * {@code language} as {@code judge --why --lang} does, then the verdict in that language's
     * words; null while the game goes on.
     */
    String ruling(Position position, Locale language) {
        Repetition.Verdict verdict = Repetition.judge(position);
        if (!verdict.endsTheGame()) {
            return null;
        }
        boolean zh = language.getLanguage().equals("zh");
        return reasons(position, verdict, language) + (zh ? "裁决：" : "verdict: ") + result(verdict.outcome(), zh);
    }

    /**
     * A repeated position the game goes on from (its second occurrence): the same reasons, then
     * what the arbiter will rule if the same cycle brings the position back a third time, so
     * that the players know what repeating it would cost; null where the rules end the game or
     * nothing has come back.
     */
    String repetitionNote(Position position, Locale language) {
        Repetition.Verdict verdict = Repetition.judge(position);
        if (verdict.outcome() == Repetition.Outcome.NONE || verdict.endsTheGame()) {
            return null;
        }
        boolean zh = language.getLanguage().equals("zh");
        return reasons(position, verdict, language) + (zh ? "同一循环再走一遍，此局面第三次出现时：" : "if the same cycle brings it back a third time: ")
                + result(verdict.outcome(), zh);
    }

    /** An outcome in the page's words: who loses and who wins, or a draw. */
    private static String result(Repetition.Outcome outcome, boolean zh) {
        return switch (outcome) {
            case RED_LOSES -> zh ? "红方判负，黑方胜" : "red loses, black wins";
            case BLACK_LOSES -> zh ? "黑方判负，红方胜" : "black loses, red wins";
            case MOVE_LIMIT -> zh ? "自然限着，判和" : "a draw by the move limit";
            case DRAW, NONE -> zh ? "判和" : "a draw";
        };
    }

    /**
     * A title, then the lines of {@code judge --why} but its last: the verdict's word
     * ({@code red-loses}) is for a program to read, and would be English on the Chinese page.
     */
    private static String reasons(Position position, Repetition.Verdict verdict, Locale language) {
        boolean zh = language.getLanguage().equals("zh");
        String title = verdict.outcome() == Repetition.Outcome.MOVE_LIMIT ? (zh ? "自然限着：" : "move limit: ")
                : zh ? "重复局面：" : "repetition: ";
        List<String> lines = RulingText.explain(position, language);
        return title + String.join("\n", lines.subList(0, lines.size() - 1)) + "\n";
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
     * nodes, the recorder gives up with an IllegalArgumentException, soon: the search is abandoned. It
     * has no clock: a tree this small is searched at once, and stop has nothing to cut short. Its
     * recorder is blind to repetitions, as chapter 5's search is: no line of it ends in a ruling.
     */
    static List<Visit> watchEarlier(Position position, int depth) {
        SearchTree tree = SearchTree.recorderBlindToRepetitions();
        earlierSearch().reportingTo(tree).search(position, depth);
        return tree.visits(position);
    }
}
