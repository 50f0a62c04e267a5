package xiangqi.app;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import xiangqi.*;

/**
 * Chapter 3's report: how many nodes of the tree are a position already met by another move
 * order (a transposition, 置换), and how often different positions share part of a key.
 */
final class Demo {
    static final String INTRODUCTION = """
            Chapter 3: Zobrist keys (Zobrist 键值). A key is the XOR of one random 64-bit number per piece
            and square, and one for black to move; a move updates it with three or four XORs. Alpha-beta
            is chapter 2's, unchanged: same nodes. The keys count what the next chapter can save.""";

    static final List<Report.Part> PARTS = List.of(
            new Report.Part("Transpositions in the legal move tree of the start position.", true,
                    out -> nodeCounts(out, Examples.START)),
            new Report.Part("Collisions among the distinct positions of that tree, depth 4.", true, Demo::collisions),
            new Report.Part("The other demo positions.", false, Demo::otherPositions));

    static final int MAX_DEPTH = 4;

    private Demo() {
    }

    /** Part 1: tree nodes beside distinct positions, depth by depth. */
    private static String nodeCounts(PrintStream out, Examples.Example example) {
        Position position = example.position();
        out.println("== " + example.name() + " ==");
        out.println("fen " + example.fen() + "   key " + Long.toHexString(position.key()));
        TextTable table = new TextTable(out, "depth", "tree nodes", "distinct", "repeat share", "alpha-beta");
        String headline = null;
        for (int depth = 1; depth <= MAX_DEPTH; depth++) {
            Set<Long> keys = new HashSet<>();
            Report.progress("depth " + depth + ", the legal move tree", null);
            long nodes = new Perft(depth).visit(position, depth, node -> keys.add(node.key()));
            String share = String.format("%.1f%%", 100.0 * (nodes - keys.size()) / nodes);
            table.row(depth, nodes, keys.size(), share, Search.alphaBeta().search(position, depth).nodes());
            headline = "Headline: " + example.name() + ", depth " + depth + ": " + share
                    + " of the tree's nodes repeat a position.";
        }
        out.println("tree nodes = the legal move tree (chapter 1's minimax); repeat share = the nodes whose position");
        out.println("was met before in the same tree by another move order: work a table of results can save.");
        return headline;
    }

    /** Part 2: positions sharing low key bits, beside random keys' (1 - (1 - 1/m)^(n-1)) n in m slots. */
    private static String collisions(PrintStream out) {
        Set<Long> keys = new HashSet<>();
        Set<String> boards = new HashSet<>();
        Report.progress("depth " + MAX_DEPTH + ", the legal move tree", null);
        new Perft(MAX_DEPTH).visit(Position.startPosition(), MAX_DEPTH, node -> {
            keys.add(node.key());
            boards.add(node.toFen().replaceAll(" - .*", "")); // the board and side to move, not the clocks
        });
        int n = boards.size();
        TextTable table = new TextTable(out, "positions sharing", "found", "expected for random keys").widths(-17, 6, 24);
        for (int bits : new int[] {20, 24, 32}) {
            Map<Long, Integer> perSlot = new HashMap<>();
            keys.forEach(key -> perSlot.merge(key & ((1L << bits) - 1), 1, Integer::sum));
            long sharing = perSlot.values().stream().filter(count -> count > 1).mapToLong(Integer::longValue).sum();
            table.row("the low " + bits + " bits", sharing, Math.round(n * (1 - Math.pow(1 - Math.pow(2, -bits), n - 1))));
        }
        table.row("all 64 bits", n - keys.size(), 0);
        out.println("The low bits only choose a slot: the table must keep the whole key as a lock (校验码) and");
        out.println("compare it. 32 bits are not enough; 64 are: " + n + " boards, " + keys.size() + " keys.");
        return "Headline: " + n + " distinct boards, " + keys.size() + " distinct 64-bit keys: no collision.";
    }

    /** Part 3: the same table for the other positions. */
    private static String otherPositions(PrintStream out) {
        for (Examples.Example example : Examples.ALL.subList(1, Examples.ALL.size())) {
            out.println();
            nodeCounts(out, example);
        }
        return "Headline: the other positions show the same pattern.";
    }
}
