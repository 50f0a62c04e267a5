package xiangqi;

import java.io.PrintStream;
import java.util.List;

/**
 * Chapter 1's report: minimax on a few positions, depth by depth, with perft beside it.
 * Minimax visits every legal line, so its leaf count equals perft's whenever no mate ends a
 * line before the horizon: this is the full tree that the next chapter learns to prune.
 */
final class Demo {
    static final String CHAPTER = "chapter01-minimax";

    record Example(String name, String fen) {
    }

    static final List<Example> EXAMPLES = List.of(
            new Example("the start position", Position.START_FEN),
            new Example("a middlegame: horses out, central files open",
                    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"),
            new Example("an attack: red has few moves, black's cannons bear down",
                    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1"),
            new Example("困毙: a general with no move loses, even when not in check",
                    "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1"),
            new Example("two chariots: mate in two, found at depth 4",
                    "3k5/4a4/3a5/9/9/9/9/9/R8/4K3R w - - 0 1"));
    static final int MAX_DEPTH = 4;

    private Demo() {
    }

    static void run(PrintStream out) {
        out.println("Chapter 1: minimax. One row per depth; nodes = calls of the search function,");
        out.println("leaves = nodes at the horizon, perft = leaves of the legal move tree.");
        long totalNodes = 0;
        for (Example example : EXAMPLES) {
            Position position = Position.fromFen(example.fen());
            out.println();
            out.println("== " + example.name() + " ==");
            out.println("fen " + example.fen());
            out.println(position.diagram());
            out.println("depth |     nodes |    leaves |     perft | time ms |   nodes/s |  score | best move");
            boolean leavesArePerft = true;
            for (int depth = 1; depth <= MAX_DEPTH; depth++) {
                Search.Result result = new Search().search(position, depth);
                long perft = new Perft(depth).count(position, depth);
                leavesArePerft &= result.leaves() == perft;
                totalNodes += result.nodes();
                out.printf("%5d | %9d | %9d | %9d | %7d | %9d | %6s | %s %s%n", depth, result.nodes(), result.leaves(),
                        perft, result.millis(), perSecond(result.nodes(), result.millis()), scoreText(result.score()),
                        Move.toUci(result.bestMove()), Notation.chinese(position, result.bestMove()));
            }
            out.println(leavesArePerft
                    ? "leaves = perft at every depth: minimax looked at every legal line."
                    : "leaves > perft: some lines end in mate before the horizon; such a node is a leaf of the\n"
                    + "search, but perft finds no move below it to count.");
        }
        out.println();
        out.println("minimax nodes, all positions and depths: " + totalNodes);
    }

    static long perSecond(long count, long millis) {
        return count * 1000 / Math.max(millis, 1);
    }

    /** A score as the demo tables show it: centipawns, or M3 / -M2 for mates in moves. */
    static String scoreText(int score) {
        String uci = Score.toUci(score);
        return uci.startsWith("mate ") ? "M" + uci.substring(5) : uci.substring(3);
    }
}
