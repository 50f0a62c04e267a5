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
    static final String INTRODUCTION_ZH = """
            第 3 章：Zobrist 键值（Zobrist keys）。键值是若干 64 位随机数的异或：每个棋子在每个交叉点上
            各有一个，黑方走棋再加一个；走一步只需三到四次异或就能更新它。Alpha-Beta 仍是第 2 章的，
            没有改动：节点数相同。这些键值统计出下一章能省下多少工作。""";

    static final List<Report.Part> PARTS = List.of(
            new Report.Part("Transpositions in the legal move tree of the start position.",
                    "初始局面的合法着法树中的置换。", true, out -> nodeCounts(out, Examples.START)),
            new Report.Part("Collisions among the distinct positions of that tree, depth 4.",
                    "这棵树（深度 4）的不同局面之间的键值冲突。", true, Demo::collisions),
            new Report.Part("The other demo positions.", "其他演示局面。", false, Demo::otherPositions));

    static final int MAX_DEPTH = 4;

    private Demo() {
    }

    /** Part 1: tree nodes beside distinct positions, depth by depth. */
    private static String nodeCounts(PrintStream out, Examples.Example example) {
        Position position = example.position();
        out.println("== " + example.title() + " ==");
        out.println(Report.fen(example.fen()) + Report.say("   key ", "   键值 ") + Long.toHexString(position.key()));
        TextTable table = new TextTable(out, Report.say("depth", "深度"), Report.say("tree nodes", "树的节点"),
                Report.say("distinct", "不同局面"), Report.say("repeat share", "重复比例"), Report.say("alpha-beta", "Alpha-Beta"))
                .widths(5, 10, 8, 12, 10); // the English headers' widths: the same layout in both languages
        String headline = null;
        for (int depth = 1; depth <= MAX_DEPTH; depth++) {
            Set<Long> keys = new HashSet<>();
            Report.progress(Report.atDepth(depth, "the legal move tree", "合法着法树"), null);
            long nodes = new Perft(depth).visit(position, depth, node -> keys.add(node.key()));
            String share = String.format("%.1f%%", 100.0 * (nodes - keys.size()) / nodes);
            table.row(depth, nodes, keys.size(), share, Search.withAlphaBeta().search(position, depth).nodes());
            headline = Report.say("Headline: " + example.name() + ", depth " + depth + ": " + share
                    + " of the tree's nodes repeat a position.",
                    "要点：" + example.nameZh() + "，深度 " + depth + "：树中 " + share + " 的节点重复了已出现过的局面。");
        }
        out.println(Report.say("tree nodes = the legal move tree (chapter 1's minimax); repeat share = the nodes whose position",
                "树的节点 = 合法着法树（第 1 章的极大极小搜索）；重复比例 = 局面已经在同一棵树中经由另一种"));
        out.println(Report.say("was met before in the same tree by another move order: work a table of results can save.",
                "着法顺序出现过的节点所占的比例：这正是一张保存结果的表能省下的工作。"));
        return headline;
    }

    /** Part 2: positions sharing low key bits, beside random keys' (1 - (1 - 1/m)^(n-1)) n in m slots. */
    private static String collisions(PrintStream out) {
        Set<Long> keys = new HashSet<>();
        Set<String> boards = new HashSet<>();
        Report.progress(Report.atDepth(MAX_DEPTH, "the legal move tree", "合法着法树"), null);
        new Perft(MAX_DEPTH).visit(Position.startPosition(), MAX_DEPTH, node -> {
            keys.add(node.key());
            boards.add(node.toFen().replaceAll(" - .*", "")); // the board and side to move, not the clocks
        });
        int n = boards.size();
        TextTable table = new TextTable(out, Report.say("positions sharing", "共用这些位的局面"), Report.say("found", "实测"),
                Report.say("expected for random keys", "随机键值的期望值")).widths(-17, 6, 24);
        for (int bits : new int[] {20, 24, 32}) {
            Map<Long, Integer> perSlot = new HashMap<>();
            keys.forEach(key -> perSlot.merge(key & ((1L << bits) - 1), 1, Integer::sum));
            long sharing = perSlot.values().stream().filter(count -> count > 1).mapToLong(Integer::longValue).sum();
            table.row(Report.say("the low " + bits + " bits", "低 " + bits + " 位"), sharing, Math.round(n * (1 - Math.pow(1 - Math.pow(2, -bits), n - 1))));
        }
        table.row(Report.say("all 64 bits", "全部 64 位"), n - keys.size(), 0);
        out.println(Report.say("The low bits only choose a slot: the table must keep the whole key as a lock (校验码) and",
                "低位只用来选择槽位：置换表必须把整个键值作为校验码（lock）保存下来，"));
        out.println(Report.say("compare it. 32 bits are not enough; 64 are: " + n + " boards, " + keys.size() + " keys.",
                "并加以比较。32 位不够，64 位够了：" + n + " 个棋盘，" + keys.size() + " 个键值。"));
        return Report.say("Headline: " + n + " distinct boards, " + keys.size() + " distinct 64-bit keys: no collision.",
                "要点：" + n + " 个不同的棋盘，" + keys.size() + " 个不同的 64 位键值：没有冲突。");
    }

    /** Part 3: the same table for the other positions. */
    private static String otherPositions(PrintStream out) {
        for (Examples.Example example : Examples.ALL.subList(1, Examples.ALL.size())) {
            out.println();
            nodeCounts(out, example);
        }
        return Report.say("Headline: the other positions show the same pattern.", "要点：其他局面呈现同样的规律。");
    }
}
