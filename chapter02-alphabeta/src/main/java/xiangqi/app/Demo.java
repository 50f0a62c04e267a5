package xiangqi.app;

import java.io.PrintStream;
import java.util.List;
import xiangqi.*;

/**
 * Chapter 2's report: minimax beside alpha-beta, same positions, depths and move order, and
 * the fewest leaves any alpha-beta search could visit (the Knuth-Moore minimal tree).
 */
final class Demo {
    static final String INTRODUCTION = """
            Chapter 2: alpha-beta. Minimax (chapter 1: the same search, pruning off) beside alpha-beta,
            same positions, same move order. Nodes count every call of the search function.
            minimal = Knuth and Moore's fewest leaves, b^ceil(d/2) + b^floor(d/2) - 1, with b the
            branching factor of a uniform tree as large as the real one, b = perft(d)^(1/d).""";
    static final String INTRODUCTION_ZH = """
            第 2 章：Alpha-Beta 搜索（alpha-beta）。极大极小搜索（第 1 章：同一个搜索，关掉截断）与
            Alpha-Beta 并列，局面相同，着法顺序相同。节点数计入搜索函数的每一次调用。
            最小树 = Knuth 和 Moore 给出的最少叶子数 b^⌈d/2⌉ + b^⌊d/2⌋ − 1；b 是一棵均匀树的
            分枝因子，这棵树与真实的树一样大：b = perft(d)^(1/d)。""";

    static final List<Report.Part> PARTS = List.of(
            new Report.Part("Alpha-beta beside minimax on the start position.",
                    "Alpha-Beta 与极大极小搜索并列，初始局面。", true, out -> nodeCounts(out, Examples.START)),
            new Report.Part("The other demo positions.", "其他演示局面。", false, Demo::otherPositions));

    /** Minimax stops here: one more ply costs it about forty times as much. */
    static final int MINIMAX_DEPTH = 4;
    static final int MAX_DEPTH = 5;

    private Demo() {
    }

    /** Part 1: minimax beside alpha-beta, depth by depth; both must agree on score and move. */
    private static String nodeCounts(PrintStream out, Examples.Example example) {
        Position position = example.position();
        out.println("== " + example.title() + " ==");
        out.println(Report.fen(example.fen()));
        TextTable table = new TextTable(out, Report.say("depth", "深度"), Report.say("minimax", "极大极小"),
                Report.say("alpha-beta", "α-β"), Report.say("ratio", "倍数"), Report.say("cutoffs", "截断"),
                Report.say("minimal", "最小树"), Report.say("mm ms", "极大极小 毫秒"), Report.say("ab ms", "α-β 毫秒"),
                Report.say("score", "分值"), Report.say("move", "着法"))
                // widths no wider than the English headers (that layout stays): the Chinese ones are narrower
                .widths(5, 7, 7, 5, 6, 6, 5, 5, 5, -4).fits(8, Report.widestScore());
        String headline = null;
        for (int depth = 1; depth <= MAX_DEPTH; depth++) {
            Search.Result pruned = Report.searching(Report.atDepth(depth, "alpha-beta", "Alpha-Beta"), Search.withAlphaBeta(),
                    position, depth);
            Report.progress(Report.atDepth(depth, "perft", "perft"), null);
            double branching = Math.pow(new Perft(depth).count(position, depth), 1.0 / depth);
            Search.Result all = depth > MINIMAX_DEPTH ? null
                    : Report.searching(Report.atDepth(depth, "minimax", "极大极小"), Search.minimax(), position,
                            depth);
            if (all != null && (all.score() != pruned.score() || all.bestMove() != pruned.bestMove())) {
                throw new IllegalStateException("alpha-beta disagrees with minimax at depth " + depth);
            }
            String ratio = all == null ? "-" : String.format("%.1f×", (double) all.nodes() / pruned.nodes());
            table.row(depth, all == null ? "-" : all.nodes(), pruned.nodes(), ratio, pruned.cutoffs(),
                    minimalLeaves(branching, depth), all == null ? "-" : all.millis(), pruned.millis(),
                    Report.score(pruned.score()), Report.move(position, pruned.bestMove()));
            if (depth == MINIMAX_DEPTH) {
                headline = Report.say("Headline: " + example.name() + ", depth " + depth + ": alpha-beta " + pruned.nodes()
                        + " nodes, minimax " + all.nodes() + ", " + ratio + " fewer.",
                        "要点：" + example.nameZh() + "，深度 " + depth + "：Alpha-Beta " + pruned.nodes()
                        + " 个节点，极大极小搜索 " + all.nodes() + " 个，是它的 " + ratio.replace("×", " 倍") + "。");
            }
        }
        out.println(Report.say("Same score and best move as minimax at every depth (checked while printing).",
                "每个深度的分值和最佳着法都与极大极小搜索相同（打印时已核对）。"));
        return headline;
    }

    /** Part 2: the same table for the other positions. */
    private static String otherPositions(PrintStream out) {
        for (Examples.Example example : Examples.ALL.subList(1, Examples.ALL.size())) {
            out.println();
            nodeCounts(out, example);
        }
        return Report.say("Headline: the other positions show the same pattern.", "要点：其他局面呈现同样的规律。");
    }

    /** Knuth and Moore (1975): the leaves of alpha-beta's tree when the best move comes first. */
    static long minimalLeaves(double branching, int depth) {
        return Math.round(Math.pow(branching, (depth + 1) / 2) + Math.pow(branching, depth / 2) - 1);
    }
}
