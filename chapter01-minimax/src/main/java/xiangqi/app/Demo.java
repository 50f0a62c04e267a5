package xiangqi.app;

import java.io.PrintStream;
import java.util.List;
import xiangqi.*;

/**
 * Chapter 1's report. Minimax visits every legal line, so its leaf count equals perft's
 * whenever no mate ends a line before the horizon: this is the full tree that the next
 * chapter learns to prune.
 */
final class Demo {
    static final String INTRODUCTION = """
            Chapter 1: minimax. One row per depth; nodes = calls of the search function,
            leaves = nodes that search no further, perft = leaves of the legal move tree.""";
    static final String INTRODUCTION_ZH = """
            第 1 章：极大极小搜索（minimax）。每个深度一行；节点 = 搜索函数被调用的次数，
            叶子 = 不再往下搜索的节点，perft = 合法着法树的叶子数。""";

    static final List<Report.Part> PARTS = List.of(
            new Report.Part("Minimax on the start position.", "初始局面上的极大极小搜索。", true,
                    out -> nodeCounts(out, Examples.START)),
            new Report.Part("The other demo positions: where a mate comes before the horizon.",
                    "其他演示局面：杀棋出现在水平线之前的情形。", false, Demo::otherPositions));

    static final int MAX_DEPTH = 4;

    private Demo() {
    }

    /** Part 1: minimax beside perft, depth by depth. */
    private static String nodeCounts(PrintStream out, Examples.Example example) {
        Position position = example.position();
        out.println("== " + example.title() + " ==");
        out.println(Report.fen(example.fen()));
        out.println(Report.diagram(position));
        TextTable table = new TextTable(out, Report.say("depth", "深度"), Report.say("nodes", "节点"),
                Report.say("leaves", "叶子"), "perft", Report.say("time ms", "毫秒"), Report.say("nodes/s", "节点/秒"),
                Report.say("score", "分值"), Report.say("best move", "最佳着法")).widths(5, 7, 7, 7, 7, 7, 5, -9).fits(6, Report.widestScore());
        Search.Result result = null;
        boolean leavesArePerft = true;
        for (int depth = 1; depth <= MAX_DEPTH; depth++) {
            result = Report.searching(Report.atDepth(depth, "minimax", "极大极小"), Search.standard(), position,
                    depth);
            Report.progress(Report.atDepth(depth, "perft", "perft"), null);
            long perft = new Perft(depth).count(position, depth);
            leavesArePerft &= result.leaves() == perft;
            table.row(depth, result.nodes(), result.leaves(), perft, result.millis(),
                    result.nodes() * 1000 / Math.max(result.millis(), 1), Report.score(result.score()),
                    Report.move(position, result.bestMove()));
        }
        out.println(leavesArePerft
                ? Report.say("leaves = perft at every depth: minimax looked at every legal line.",
                        "每个深度上都是 叶子 = perft：极大极小搜索走遍了每一条合法的变例。")
                : Report.say("leaves > perft: some lines end in mate before the horizon; such a node is a leaf of the\n"
                        + "search, but perft finds no move below it to count.",
                        "叶子 > perft：有些变例在水平线之前就以杀棋结束；这样的节点是搜索的叶子，\n"
                        + "但 perft 在它下面找不到可以计数的着法。"));
        return Report.say("Headline: " + example.name() + ", depth " + MAX_DEPTH + ": minimax " + result.nodes() + " nodes.",
                "要点：" + example.nameZh() + "，深度 " + MAX_DEPTH + "：极大极小搜索 " + result.nodes() + " 个节点。");
    }

    /** Part 2: the same table for the other positions. */
    private static String otherPositions(PrintStream out) {
        for (Examples.Example example : Examples.ALL.subList(1, Examples.ALL.size())) {
            out.println();
            nodeCounts(out, example);
        }
        return Report.say("Headline: the other positions show the same pattern.", "要点：其他局面呈现同样的规律。");
    }
}
