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

    static final List<Report.Part> PARTS = List.of(
            new Report.Part("Alpha-beta beside minimax on the start position.", true, out -> nodeCounts(out, Examples.START)),
            new Report.Part("The other demo positions.", false, Demo::otherPositions));

    /** Minimax stops here: one more ply costs it about forty times as much. */
    static final int MINIMAX_DEPTH = 4;
    static final int MAX_DEPTH = 5;

    private Demo() {
    }

    /** Part 1: minimax beside alpha-beta, depth by depth; both must agree on score and move. */
    private static String nodeCounts(PrintStream out, Examples.Example example) {
        Position position = example.position();
        out.println("== " + example.name() + " ==");
        out.println("fen " + example.fen());
        TextTable table = new TextTable(out, "depth", "minimax", "alpha-beta", "ratio", "cutoffs", "minimal",
                "mm ms", "ab ms", "score", "move").widths(5, 7, 10, 5, 7, 7, 5, 5, 5, -4);
        String headline = null;
        for (int depth = 1; depth <= MAX_DEPTH; depth++) {
            Search.Result pruned = Report.searching("depth " + depth + ", alpha-beta", Search.alphaBeta(), position, depth);
            Report.progress("depth " + depth + ", perft", null);
            double branching = Math.pow(new Perft(depth).count(position, depth), 1.0 / depth);
            Search.Result all = depth > MINIMAX_DEPTH ? null
                    : Report.searching("depth " + depth + ", minimax", Search.minimax(), position, depth);
            if (all != null && (all.score() != pruned.score() || all.bestMove() != pruned.bestMove())) {
                throw new IllegalStateException("alpha-beta disagrees with minimax at depth " + depth);
            }
            String ratio = all == null ? "-" : String.format("%.1fx", (double) all.nodes() / pruned.nodes());
            table.row(depth, all == null ? "-" : all.nodes(), pruned.nodes(), ratio, pruned.cutoffs(),
                    minimalLeaves(branching, depth), all == null ? "-" : all.millis(), pruned.millis(),
                    Score.toShortText(pruned.score()),
                    Move.toUci(pruned.bestMove()) + " " + Notation.chinese(position, pruned.bestMove()));
            if (depth == MINIMAX_DEPTH) {
                headline = "Headline: " + example.name() + ", depth " + depth + ": alpha-beta " + pruned.nodes()
                        + " nodes, minimax " + all.nodes() + ", " + ratio + " fewer.";
            }
        }
        out.println("Same score and best move as minimax at every depth (checked while printing).");
        return headline;
    }

    /** Part 2: the same table for the other positions. */
    private static String otherPositions(PrintStream out) {
        for (Examples.Example example : Examples.ALL.subList(1, Examples.ALL.size())) {
            out.println();
            nodeCounts(out, example);
        }
        return "Headline: the other positions show the same pattern.";
    }

    /** Knuth and Moore (1975): the leaves of alpha-beta's tree when the best move comes first. */
    static long minimalLeaves(double branching, int depth) {
        return Math.round(Math.pow(branching, (depth + 1) / 2) + Math.pow(branching, depth / 2) - 1);
    }
}
