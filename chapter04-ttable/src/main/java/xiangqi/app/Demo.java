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
    static final String INTRODUCTION_ZH = """
            第 4 章：置换表（transposition table），每个表项 16 字节，双层替换策略，若无说明则有 2^20 个
            表项。由置换表直接给出结果的节点仍算一个节点：搜索函数被调用过了。""";

    static final List<Report.Part> PARTS = List.of(
            new Report.Part("Alpha-beta (chapter 3) beside alpha-beta + table, start position.",
                    "Alpha-Beta（第 3 章）与 Alpha-Beta + 置换表并列，初始局面。", true,
                    out -> nodeCounts(out, Examples.START)),
            new Report.Part("Mate-score adjustment (杀棋分数调整): one table, two searches.",
                    "杀棋分数调整（mate-score adjustment）：一张置换表，两次搜索。", true, Demo::mateDistances),
            new Report.Part("The replacement schemes in a small table: 2^12 entries, depth 5.",
                    "小置换表中的替换策略：2^12 个表项，深度 5。", false, Demo::schemes),
            new Report.Part("Table size and hit rate, start position, depth 5, two-tier.",
                    "置换表大小与命中率：初始局面，深度 5，双层。", false, Demo::sizes),
            new Report.Part("Storing the horizon's leaves too, or not. Start position, depth 6.",
                    "水平线上的叶子存不存入置换表。初始局面，深度 6。", false, Demo::horizon),
            new Report.Part("Which bound answered: cut-offs by the entry's bound.",
                    "哪种边界给出了答案：按表项的边界类型统计截断。", false, Demo::bounds),
            new Report.Part("The other demo positions, depths 1-6.", "其他演示局面，深度 1-6。", false, Demo::otherPositions));

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
        out.println("== " + example.title() + " ==");
        TextTable table = new TextTable(out, Report.say("depth", "深度"), Report.say("alpha-beta", "Alpha-Beta"),
                Report.say("+ table", "+置换表"), Report.say("ratio", "倍数"), Report.say("ab ms", "α-β 毫秒"),
                Report.say("tt ms", "置换表 毫秒"), Report.say("hit rate", "命中率"), Report.say("warm table", "沿用的表"),
                Report.say("ratio", "倍数"), Report.say("score", "分值"))
                // widths no wider than the English headers (that layout stays): the Chinese ones are narrower
                .widths(5, 10, 7, 5, 5, 5, 6, 7, 6, 5).fits(9, Report.widestScore());
        TranspositionTable warm = table(20, TranspositionTable.Scheme.TWO_TIER);
        String headline = null;
        for (int depth = 1; depth <= maxDepth; depth++) {
            Search.Result plain = Report.searching(Report.atDepth(depth, "alpha-beta", "Alpha-Beta"), Search.withAlphaBeta(),
                    position, depth);
            TranspositionTable cold = table(20, TranspositionTable.Scheme.TWO_TIER);
            Search.Result result = Report.searching(Report.atDepth(depth, "with the table", "用置换表"),
                    Search.withTable(cold), position, depth);
            Search.Result warmResult = Report.searching(Report.atDepth(depth, "warm table", "沿用的表"),
                    Search.withTable(warm), position, depth);
            String ratio = String.format("%.2f×", (double) plain.nodes() / result.nodes());
            table.row(depth, plain.nodes(), result.nodes(), ratio, plain.millis(), result.millis(), percent(cold),
                    warmResult.nodes(), String.format("%.2f×", (double) plain.nodes() / warmResult.nodes()),
                    Report.score(result.score()));
            headline = Report.say("Headline: " + example.name() + ", depth " + depth + ": " + ratio
                    + " fewer nodes with the table (" + result.nodes() + ", not " + plain.nodes() + ").",
                    "要点：" + example.nameZh() + "，深度 " + depth + "：用置换表只要 " + result.nodes() + " 个节点，不用时要 "
                    + plain.nodes() + " 个，是前者的 " + ratio.replace("×", " 倍") + "。");
        }
        out.println(Report.say("warm: the shallower search's best moves are tried first. That is iterative deepening, the",
                "沿用的表：先试较浅一层搜索的最佳着法。这就是迭代加深，第 5 章的内容；"));
        out.println(Report.say("lesson of chapter 5; here the table only keeps them.", "这里只是由置换表把它们保留下来。"));
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
        Position start = Examples.MATE_IN_THREE.position();
        int[] played = {MoveGenerator.parseLegal(start, "d0e0"), 0};
        start.makeMove(played[0]);
        played[1] = MoveGenerator.parseLegal(start, "e8f7");
        start.unmakeMove(played[0]);
        String twoPlies = Report.say("d0e0 e8f7", Notation.chineseLine(start, played, 0, 2));
        out.println(Report.say(Examples.MATE_IN_THREE.fen() + " at depth 6, then after " + twoPlies + " at depth 4.",
                Report.fen(Examples.MATE_IN_THREE.fen()) + "\n先搜索到深度 6，走完两步（" + twoPlies + "）后再搜索到深度 4。"));
        TextTable table = new TextTable(out, Report.say("adjustment", "调整"), Report.say("first search", "第一次搜索"),
                Report.say("after " + twoPlies, "走完两步之后"), Report.say("without a table", "不用置换表"))
                .widths(-10, -12, -15, -15);
        String headline = null;
        for (boolean adjust : new boolean[] {true, false}) {
            TranspositionTable shared = new TranspositionTable(1L << 16, TranspositionTable.Scheme.TWO_TIER, adjust);
            Position position = Examples.MATE_IN_THREE.position();
            Search.Result first = Search.withTable(shared).search(position, 6);
            position.makeMove(played[0]);
            position.makeMove(played[1]);
            Search.Result second = Search.withTable(shared).search(position, 4);
            Search.Result truth = Search.withAlphaBeta().search(position, 4);
            boolean right = second.score() == truth.score();
            table.row(adjust ? Report.say("on", "开") : Report.say("off", "关"), Report.scoreInWords(first.score()),
                    Report.scoreInWords(second.score()) + (right ? "" : Report.say(" (wrong)", "（错误）")),
                    Report.scoreInWords(truth.score()));
            headline = headline != null ? headline : Report.say("Headline: with the adjustment the second search reports "
                    + Report.scoreInWords(second.score()) + (right ? ", as a search without a table does." : ", which is wrong."),
                    "要点：有了调整，第二次搜索报告 " + Report.scoreInWords(second.score())
                    + (right ? "，与不用置换表的搜索一致。" : "，这是错误的。"));
        }
        return headline;
    }

    /** Part 3. The three schemes in a table far too small for the search. */
    private static String schemes(PrintStream out) {
        TextTable table = new TextTable(out, Report.say("scheme", "替换策略"), Report.say("nodes", "节点"),
                Report.say("time ms", "毫秒"), Report.say("probes", "探测"), Report.say("hits", "命中"),
                Report.say("hit rate", "命中率")).widths(-15, 7, 7, 6, 5, 8);
        for (TranspositionTable.Scheme scheme : TranspositionTable.Scheme.values()) {
            TranspositionTable small = table(12, scheme);
            Search.Result result = Report.searching(name(scheme), Search.withTable(small), Position.startPosition(),
                    MAX_DEPTH);
            table.row(name(scheme), result.nodes(), result.millis(), small.probes(), small.hits(), percent(small));
        }
        return Report.say("Headline: in a crowded table, two-tier keeps both the deep entries and the recent ones.",
                "要点：在拥挤的置换表中，双层策略既留住了深的表项，也留住了新近的表项。");
    }

    /** Part 4. Hit rate against table size: the Baidu Baike article reports about +7% a doubling in chess. */
    private static String sizes(PrintStream out) {
        out.println(Report.say("(Baidu Baike's 置换表 article: about +7% hit rate a doubling, in chess.)",
                "（百度百科“置换表”词条：在国际象棋中，表的大小每翻一倍，命中率约 +7%。）"));
        TextTable table = new TextTable(out, Report.say("entries", "表项数"), Report.say("nodes", "节点"),
                Report.say("probes", "探测"), Report.say("hits", "命中"), Report.say("hit rate", "命中率"),
                Report.say("change", "变化")).widths(-7, 7, 6, 5, 8, -6);
        double previous = Double.NaN;
        for (int log2 = 10; log2 <= 22; log2++) {
            TranspositionTable sized = table(log2, TranspositionTable.Scheme.TWO_TIER);
            Search.Result result = Report.searching(Report.say("2^" + log2 + " entries", "2^" + log2 + " 个表项"),
                    Search.withTable(sized), Position.startPosition(), MAX_DEPTH);
            double rate = 100.0 * sized.hits() / sized.probes();
            table.row("2^" + log2, result.nodes(), sized.probes(), sized.hits(), percent(sized),
                    Double.isNaN(previous) ? "" : String.format("%+.1f", rate - previous));
            previous = rate;
        }
        return Report.say("Headline: the hit rate grows with each doubling until the table holds the whole search.",
                "要点：表的大小每翻一倍，命中率就上升，直到置换表装得下整个搜索。");
    }

    /** Part 5. The Baidu Baike article advises not to store the horizon's nodes; both ways, measured. */
    private static String horizon(PrintStream out) {
        TextTable table = new TextTable(out, Report.say("scheme", "替换策略"), Report.say("leaves stored", "存入叶子"),
                Report.say("nodes", "节点"), Report.say("time ms", "毫秒"), Report.say("hit rate", "命中率"))
                .widths(-14, -13, 8, 7, 8);
        for (TranspositionTable.Scheme scheme : new TranspositionTable.Scheme[] {
            TranspositionTable.Scheme.TWO_TIER, TranspositionTable.Scheme.ALWAYS_REPLACE}) {
            for (boolean atHorizon : new boolean[] {false, true}) {
                TranspositionTable sized = table(20, scheme);
                Techniques techniques = atHorizon ? Search.WITH_TABLE.with(Technique.TABLE_AT_HORIZON) : Search.WITH_TABLE;
                String what = name(scheme) + (atHorizon ? Report.say(", leaves stored", "，存入叶子") : "");
                Search.Result result = Report.searching(what, new Search(techniques, sized), Position.startPosition(),
                        MAX_DEPTH + 1);
                table.row(name(scheme), atHorizon ? Report.say("yes", "是") : Report.say("no", "否"), result.nodes(),
                        result.millis(), percent(sized));
            }
        }
        return Report.say("Headline: storing the leaves costs nodes with every scheme: they evict the deeper entries.",
                "要点：无论哪种替换策略，存入叶子都要多花节点：它们挤掉了更深的表项。");
    }

    /** Part 6. Which entries answered nodes, by bound, start position, depths 1-5. */
    private static String bounds(PrintStream out) {
        TextTable table = new TextTable(out, Report.say("depth", "深度"), Report.say("nodes", "节点"),
                Report.say("probes", "探测"), Report.say("hits", "命中"), Report.say("cut by exact", "精确值截断"),
                Report.say("cut by lower", "下界截断"), Report.say("cut by upper", "上界截断")).widths(5, 7, 6, 5, 12, 12, 12);
        for (int depth = 1; depth <= MAX_DEPTH; depth++) {
            TranspositionTable cold = table(20, TranspositionTable.Scheme.TWO_TIER);
            Search search = Search.withTable(cold);
            Search.Result result = search.search(Position.startPosition(), depth);
            table.row(depth, result.nodes(), cold.probes(), cold.hits(), search.tableCutoffs(TranspositionTable.EXACT),
                    search.tableCutoffs(TranspositionTable.LOWER), search.tableCutoffs(TranspositionTable.UPPER));
        }
        return Report.say("Headline: most answers are bounds, not exact values: alpha-beta rarely learns a node's value.",
                "要点：大多数答案是边界而不是精确值：Alpha-Beta 很少得知一个节点的确切值。");
    }

    /** Part 7: the same table as part 1 for the other positions. */
    private static String otherPositions(PrintStream out) {
        for (Examples.Example example : Examples.ALL.subList(1, Examples.ALL.size())) {
            out.println();
            nodeCounts(out, example);
        }
        return Report.say("Headline: the other positions show the same pattern.", "要点：其他局面呈现同样的规律。");
    }

    /**
     * A replacement scheme's name in the report's language (its label is what the command
     * line takes). A scheme added later (exercise 4.2) shows its label until it is named here.
     */
    private static String name(TranspositionTable.Scheme scheme) {
        return Report.say(scheme.label(), switch (scheme) {
            case DEPTH_PREFERRED -> "深度优先替换";
            case ALWAYS_REPLACE -> "始终替换";
            case TWO_TIER -> "双层";
            default -> scheme.label();
        });
    }

    private static String percent(TranspositionTable table) {
        return String.format("%.1f%%", 100.0 * table.hits() / table.probes());
    }
}
