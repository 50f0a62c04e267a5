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

    static final List<Report.Part> PARTS = List.of(
            new Report.Part("Minimax on the start position.", true, out -> nodeCounts(out, Examples.START)),
            new Report.Part("The other demo positions: where a mate comes before the horizon.", false, Demo::otherPositions));

    static final int MAX_DEPTH = 4;

    private Demo() {
    }

    /** Part 1: minimax beside perft, depth by depth. */
    private static String nodeCounts(PrintStream out, Examples.Example example) {
        Position position = example.position();
        out.println("== " + example.name() + " ==");
        out.println("fen " + example.fen());
        out.println(position.diagram());
        TextTable table = new TextTable(out, "depth", "nodes", "leaves", "perft", "time ms", "nodes/s", "score", "best move")
                .widths(5, 7, 7, 7, 7, 7, 5, -9);
        Search.Result result = null;
        boolean leavesArePerft = true;
        for (int depth = 1; depth <= MAX_DEPTH; depth++) {
            result = Report.searching("depth " + depth + ", minimax", Search.standard(), position, depth);
            Report.progress("depth " + depth + ", perft", null);
            long perft = new Perft(depth).count(position, depth);
            leavesArePerft &= result.leaves() == perft;
            table.row(depth, result.nodes(), result.leaves(), perft, result.millis(),
                    result.nodes() * 1000 / Math.max(result.millis(), 1), Score.toShortText(result.score()),
                    Move.toUci(result.bestMove()) + " " + Notation.chinese(position, result.bestMove()));
        }
        out.println(leavesArePerft
                ? "leaves = perft at every depth: minimax looked at every legal line."
                : "leaves > perft: some lines end in mate before the horizon; such a node is a leaf of the\n"
                + "search, but perft finds no move below it to count.");
        return "Headline: " + example.name() + ", depth " + MAX_DEPTH + ": minimax " + result.nodes() + " nodes.";
    }

    /** Part 2: the same table for the other positions. */
    private static String otherPositions(PrintStream out) {
        for (Examples.Example example : Examples.ALL.subList(1, Examples.ALL.size())) {
            out.println();
            nodeCounts(out, example);
        }
        return "Headline: the other positions show the same pattern.";
    }
}
