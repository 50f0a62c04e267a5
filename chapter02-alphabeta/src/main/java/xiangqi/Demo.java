package xiangqi;

import java.io.PrintStream;
import java.util.List;

/**
 * Chapter 2's report: minimax (chapter 1's method, here the same search with pruning
 * switched off) beside alpha-beta, on the same positions, depths and move order. Beside
 * them the Knuth–Moore minimal tree: the fewest leaves any alpha-beta search could visit,
 * reached only if the best move were always tried first.
 */
final class Demo {
    static final String CHAPTER = "chapter02-alphabeta";

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
    /** Minimax stops here: one more ply costs it about forty times as much. */
    static final int MINIMAX_DEPTH = 4;
    static final int MAX_DEPTH = 5;

    private Demo() {
    }

    static void run(PrintStream out) {
        out.println("Chapter 2: alpha-beta. Minimax (chapter 1: the same search, pruning off) beside");
        out.println("alpha-beta, same positions, same move order. Nodes count every call of the search.");
        out.println("minimal = Knuth-Moore's fewest leaves b^ceil(d/2) + b^floor(d/2) - 1, with b the branching");
        out.println("factor of a uniform tree as large as the real one, b = perft(d)^(1/d): perfect ordering.");
        long minimaxTotal = 0;
        long alphaBetaTotal = 0;
        for (Example example : EXAMPLES) {
            Position position = Position.fromFen(example.fen());
            Search minimax = Search.minimax();
            Search alphaBeta = new Search();
            out.println();
            out.println("== " + example.name() + " ==");
            out.println("fen " + example.fen());
            out.println("depth |   minimax | alpha-beta |  ratio | cut-offs |  ab leaves |    b |  minimal "
                    + "| time mm | time ab | minimax: score move  | alpha-beta: score move");
            for (int depth = 1; depth <= MAX_DEPTH; depth++) {
                Search.Result pruned = alphaBeta.search(position, depth);
                double branching = Math.pow(new Perft(depth).count(position, depth), 1.0 / depth);
                String nodes = "-";
                String ratio = "-";
                String millis = "-";
                String choice = "-";
                if (depth <= MINIMAX_DEPTH) {
                    Search.Result all = minimax.search(position, depth);
                    minimaxTotal += all.nodes();
                    alphaBetaTotal += pruned.nodes();
                    nodes = String.valueOf(all.nodes());
                    ratio = String.format("%.1fx", (double) all.nodes() / pruned.nodes());
                    millis = String.valueOf(all.millis());
                    choice = choice(position, all);
                }
                out.printf("%5d | %9s | %10d | %6s | %8d | %10d | %4.1f | %8d | %7s | %7d | %-20s | %s%n",
                        depth, nodes, pruned.nodes(), ratio, pruned.cutoffs(), pruned.leaves(), branching,
                        minimalLeaves(branching, depth), millis, pruned.millis(), choice, choice(position, pruned));
            }
        }
        out.println();
        out.printf("all positions, depths 1-%d: minimax %d nodes, alpha-beta %d nodes (%.1fx fewer)%n",
                MINIMAX_DEPTH, minimaxTotal, alphaBetaTotal, (double) minimaxTotal / alphaBetaTotal);
    }

    /** Knuth and Moore (1975): the leaves of alpha-beta's tree when the best move comes first. */
    static long minimalLeaves(double branching, int depth) {
        return Math.round(Math.pow(branching, (depth + 1) / 2) + Math.pow(branching, depth / 2) - 1);
    }

    private static String choice(Position position, Search.Result result) {
        return scoreText(result.score()) + " " + Move.toUci(result.bestMove()) + " "
                + (result.bestMove() == Move.NONE ? "" : Notation.chinese(position, result.bestMove()));
    }

    /** A score as the demo tables show it: centipawns, or M3 / -M2 for mates in moves. */
    static String scoreText(int score) {
        String uci = Score.toUci(score);
        return uci.startsWith("mate ") ? "M" + uci.substring(5) : uci.substring(3);
    }
}
