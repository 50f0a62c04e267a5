package xiangqi.app;

import java.io.PrintStream;
import java.util.List;
import xiangqi.*;

/**
 * Chapter 4's report: alpha-beta (chapter 3) beside alpha-beta with the transposition table,
 * and mate scores read back at another distance from the root; with {@code --all}, the
 * replacement schemes, the table's size, the horizon's leaves, and which bounds answered.
 */
final class Demo {
    static final String INTRODUCTION = """
            Chapter 4: the transposition table (置换表), 16 bytes an entry, two-tier scheme, 2^20 entries
            unless said. A node the table answers still counts as a node: the function was called.""";

    static final List<Report.Part> PARTS = List.of(
            new Report.Part("Alpha-beta (chapter 3) beside alpha-beta + table, start position.", true,
                    out -> nodeCounts(out, Examples.START)),
            new Report.Part("Mate-score adjustment (杀棋分数调整): one table, two searches.", true, Demo::mateDistances),
            new Report.Part("The replacement schemes in a small table: 2^12 entries, depth 5.", false, Demo::schemes),
            new Report.Part("Table size and hit rate, start position, depth 5, two-tier.", false, Demo::sizes),
            new Report.Part("Storing the horizon's leaves too, or not. Start position, depth 6.", false, Demo::horizon),
            new Report.Part("Which bound answered: cut-offs by the entry's bound.", false, Demo::bounds),
            new Report.Part("The other demo positions, depths 1-6.", false, Demo::otherPositions));

    static final int MAX_DEPTH = 5;

    private Demo() {
    }

    private static TranspositionTable table(int log2Entries, TranspositionTable.Scheme scheme) {
        return new TranspositionTable(1L << log2Entries, scheme, true);
    }

    /**
     * Part 1. cold: a new table for each search, the table's own effect. warm: one table kept
     * from each depth to the next, as a game keeps it from move to move.
     */
    private static String nodeCounts(PrintStream out, Examples.Example example, int maxDepth) {
        Position position = example.position();
        out.println("== " + example.name() + " ==");
        TextTable table = new TextTable(out, "depth", "alpha-beta", "+ table", "ratio", "ab ms", "tt ms", "hit rate",
                "warm table", "ratio", "score").widths(5, 10, 7, 5, 5, 5, 8, 10, 6, 5);
        TranspositionTable warm = table(20, TranspositionTable.Scheme.TWO_TIER);
        String headline = null;
        for (int depth = 1; depth <= maxDepth; depth++) {
            Search.Result plain = Report.searching("depth " + depth + ", alpha-beta", Search.alphaBeta(), position, depth);
            TranspositionTable cold = table(20, TranspositionTable.Scheme.TWO_TIER);
            Search.Result result = Report.searching("depth " + depth + ", with the table", Search.withTable(cold),
                    position, depth);
            Search.Result warmResult = Report.searching("depth " + depth + ", warm table", Search.withTable(warm),
                    position, depth);
            String ratio = String.format("%.2fx", (double) plain.nodes() / result.nodes());
            table.row(depth, plain.nodes(), result.nodes(), ratio, plain.millis(), result.millis(), percent(cold),
                    warmResult.nodes(), String.format("%.2fx", (double) plain.nodes() / warmResult.nodes()),
                    Score.toShortText(result.score()));
            headline = "Headline: " + example.name() + ", depth " + depth + ": " + ratio + " fewer nodes with the table ("
                    + result.nodes() + ", not " + plain.nodes() + ").";
        }
        out.println("warm: the shallower search's best moves are tried first. That is iterative deepening, the");
        out.println("lesson of chapter 5; here the table only keeps them.");
        return headline;
    }

    private static String nodeCounts(PrintStream out, Examples.Example example) {
        return nodeCounts(out, example, MAX_DEPTH + 1);
    }

    /**
     * Part 2. Search a mate in three, play two plies as the game would, and search again with
     * the same table. Without the adjustment the second search reads mate scores stored two
     * plies further from the old root and reports the wrong distance.
     */
    private static String mateDistances(PrintStream out) {
        out.println(Examples.MATE_IN_THREE.fen() + " at depth 6, then after d0e0 e8f7 at depth 4.");
        TextTable table = new TextTable(out, "adjustment", "first search", "after d0e0 e8f7", "without a table")
                .widths(-10, -12, -15, -15);
        String headline = null;
        for (boolean adjust : new boolean[] {true, false}) {
            TranspositionTable shared = new TranspositionTable(1L << 16, TranspositionTable.Scheme.TWO_TIER, adjust);
            Position position = Examples.MATE_IN_THREE.position();
            Search.Result first = Search.withTable(shared).search(position, 6);
            position.makeMove(MoveGenerator.parseLegal(position, "d0e0"));
            position.makeMove(MoveGenerator.parseLegal(position, "e8f7"));
            Search.Result second = Search.withTable(shared).search(position, 4);
            Search.Result truth = Search.alphaBeta().search(position, 4);
            boolean right = second.score() == truth.score();
            table.row(adjust ? "on" : "off", Score.toUci(first.score()), Score.toUci(second.score()) + (right ? "" : " (wrong)"),
                    Score.toUci(truth.score()));
            headline = headline != null ? headline : "Headline: with the adjustment the second search reports "
                    + Score.toUci(second.score()) + (right ? ", as a search without a table does." : ", which is wrong.");
        }
        return headline;
    }

    /** Part 3. The three schemes in a table far too small for the search. */
    private static String schemes(PrintStream out) {
        TextTable table = new TextTable(out, "scheme", "nodes", "time ms", "probes", "hits", "hit rate")
                .widths(-15, 7, 7, 6, 5, 8);
        for (TranspositionTable.Scheme scheme : TranspositionTable.Scheme.values()) {
            TranspositionTable small = table(12, scheme);
            Search.Result result = Report.searching(scheme.label(), Search.withTable(small), Position.startPosition(),
                    MAX_DEPTH);
            table.row(scheme.label(), result.nodes(), result.millis(), small.probes(), small.hits(), percent(small));
        }
        return "Headline: in a crowded table, two-tier keeps both the deep entries and the recent ones.";
    }

    /** Part 4. Hit rate against table size: the Baidu Baike article reports about +7% a doubling in chess. */
    private static String sizes(PrintStream out) {
        out.println("(Baidu Baike's 置换表 article: about +7% hit rate a doubling, in chess.)");
        TextTable table = new TextTable(out, "entries", "nodes", "probes", "hits", "hit rate", "change")
                .widths(-7, 7, 6, 5, 8, -6);
        double previous = Double.NaN;
        for (int log2 = 10; log2 <= 22; log2++) {
            TranspositionTable sized = table(log2, TranspositionTable.Scheme.TWO_TIER);
            Search.Result result = Report.searching("2^" + log2 + " entries", Search.withTable(sized),
                    Position.startPosition(), MAX_DEPTH);
            double rate = 100.0 * sized.hits() / sized.probes();
            table.row("2^" + log2, result.nodes(), sized.probes(), sized.hits(), percent(sized),
                    Double.isNaN(previous) ? "" : String.format("%+.1f", rate - previous));
            previous = rate;
        }
        return "Headline: the hit rate grows with each doubling until the table holds the whole search.";
    }

    /** Part 5. The Baidu Baike article advises not to store the horizon's nodes; both ways, measured. */
    private static String horizon(PrintStream out) {
        TextTable table = new TextTable(out, "scheme", "leaves stored", "nodes", "time ms", "hit rate")
                .widths(-14, -13, 8, 7, 8);
        for (TranspositionTable.Scheme scheme : new TranspositionTable.Scheme[] {
            TranspositionTable.Scheme.TWO_TIER, TranspositionTable.Scheme.ALWAYS_REPLACE}) {
            for (boolean atHorizon : new boolean[] {false, true}) {
                TranspositionTable sized = table(20, scheme);
                Techniques techniques = atHorizon ? Search.WITH_TABLE.with(Technique.TABLE_AT_HORIZON) : Search.WITH_TABLE;
                Search.Result result = Report.searching(scheme.label() + (atHorizon ? ", leaves stored" : ""),
                        new Search(techniques, sized), Position.startPosition(), MAX_DEPTH + 1);
                table.row(scheme.label(), atHorizon ? "yes" : "no", result.nodes(), result.millis(), percent(sized));
            }
        }
        return "Headline: storing the leaves costs nodes with every scheme: they evict the deeper entries.";
    }

    /** Part 6. Which entries answered nodes, by bound, start position, depths 1-5. */
    private static String bounds(PrintStream out) {
        TextTable table = new TextTable(out, "depth", "nodes", "probes", "hits", "cut by exact", "cut by lower",
                "cut by upper").widths(5, 7, 6, 5, 12, 12, 12);
        for (int depth = 1; depth <= MAX_DEPTH; depth++) {
            TranspositionTable cold = table(20, TranspositionTable.Scheme.TWO_TIER);
            Search search = Search.withTable(cold);
            Search.Result result = search.search(Position.startPosition(), depth);
            table.row(depth, result.nodes(), cold.probes(), cold.hits(), search.tableCutoffs(TranspositionTable.EXACT),
                    search.tableCutoffs(TranspositionTable.LOWER), search.tableCutoffs(TranspositionTable.UPPER));
        }
        return "Headline: most answers are bounds, not exact values: alpha-beta rarely learns a node's value.";
    }

    /** Part 7: the same table as part 1 for the other positions. */
    private static String otherPositions(PrintStream out) {
        for (Examples.Example example : Examples.ALL.subList(1, Examples.ALL.size())) {
            out.println();
            nodeCounts(out, example);
        }
        return "Headline: the other positions show the same pattern.";
    }

    private static String percent(TranspositionTable table) {
        return String.format("%.1f%%", 100.0 * table.hits() / table.probes());
    }
}
