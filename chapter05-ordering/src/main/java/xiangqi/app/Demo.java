package xiangqi.app;

import java.io.PrintStream;
import java.util.List;
import xiangqi.*;

/**
 * Chapter 5's report: chapter 4's search beside this chapter's, depth by depth; where the
 * cut-offs came from; what each heuristic is worth; and how far from the ideal tree.
 */
final class Demo {
    static final String INTRODUCTION = """
            Chapter 5: move ordering (着法排序) and iterative deepening. Chapter 4's search (the table's
            move first, then the generator's order, one depth) beside this chapter's (hash move, captures
            by MVV/LVA, killers, history; depths 1, 2, ... D). Nodes count every iteration.""";
    static final String INTRODUCTION_ZH = """
            第 5 章：着法排序（move ordering）与迭代加深（iterative deepening）。第 4 章的搜索（先试置换表
            着法，再按着法生成器的顺序，只搜一个深度）与本章的搜索（置换表着法、按 MVV/LVA 排序的吃子
            着法、杀手着法、历史表；深度 1、2、... D）并列。节点数计入每一次迭代。""";

    static final List<Report.Part> PARTS = List.of(
            new Report.Part("Chapter 4's search beside chapter 5's, start position.",
                    "第 4 章的搜索与第 5 章的并列，初始局面。", true, out -> nodeCounts(out, Examples.START)),
            new Report.Part("Where the cut-offs came from: the picker's stages, start position, depth 7.",
                    "截断从何而来：着法挑选器的各个阶段，初始局面，深度 7。", true, Demo::stages),
            new Report.Part("Ablation: each heuristic switched off in turn, depth 6, the five demo positions.",
                    "消融实验：依次关掉每一种启发，深度 6，五个演示局面。", true, Demo::ablation),
            new Report.Part("The ideal: alpha-beta with an oracle that knows the best move at every node.",
                    "理想情况：Alpha-Beta 借助一个神谕（oracle），它在每个节点都知道最佳着法。", false, Demo::oracle),
            new Report.Part("The other demo positions.", "其他演示局面。", false, Demo::otherPositions));

    static final int MAX_DEPTH = 7;
    /** Chapter 4's search stops here in the demo: one more ply costs it too long. */
    static final int CHAPTER4_DEPTH = 6;

    private Demo() {
    }

    private static TranspositionTable table() {
        return new TranspositionTable(1L << 20, TranspositionTable.Scheme.TWO_TIER, true);
    }

    /**
     * Part 1: both searches, depth by depth, with the share of cut-offs made by the first
     * move tried ("1st 4", "1st 5").
     */
    private static String nodeCounts(PrintStream out, Examples.Example example) {
        Position position = example.position();
        out.println("== " + example.title() + " ==");
        TextTable table = new TextTable(out, Report.say("depth", "深度"), Report.say("nodes 4", "节点 4"),
                Report.say("nodes 5", "节点 5"), Report.say("ratio", "倍数"), Report.say("time 4 ms", "毫秒 4"),
                Report.say("time 5 ms", "毫秒 5"), Report.say("1st 4", "首着 4"), Report.say("1st 5", "首着 5"),
                Report.say("score", "分值"), Report.say("move", "着法"))
                // widths no wider than the English headers (that layout stays): the Chinese ones are narrower
                .widths(5, 7, 7, 5, 6, 6, 6, 6, 5, -4).fits(8, Report.widestScore());
        String headline = null;
        for (int depth = 1; depth <= MAX_DEPTH; depth++) {
            Search before = depth <= CHAPTER4_DEPTH ? Search.withTable(table()) : null;
            Search.Result old = before == null ? null
                    : Report.searching(Report.atDepth(depth, "chapter 4", "第 4 章"), before, position, depth);
            Search search = Search.ordered(table());
            Search.Result result = Report.searching(Report.atDepth(depth, "chapter 5", "第 5 章"), search, position,
                    depth);
            String ratio = old == null ? "-" : String.format("%.1f×", (double) old.nodes() / result.nodes());
            String firstMove = firstMoveRate(search, result);
            table.row(depth, old == null ? "-" : old.nodes(), result.nodes(), ratio, old == null ? "-" : old.millis(),
                    result.millis(), old == null ? "-" : firstMoveRate(before, old), firstMove,
                    Report.score(result.score()), Report.move(position, result.bestMove()));
            if (old != null) {
                headline = Report.say("Headline: " + example.name() + ", depth " + depth + ": " + ratio
                        + " fewer nodes than chapter 4; first-move cut-offs " + firstMove + ".",
                        "要点：" + example.nameZh() + "，深度 " + depth + "：第 4 章的节点数是本章的 " + ratio.replace("×", " 倍")
                        + "；首着截断率 " + firstMove + "。");
            }
        }
        return headline;
    }

    /** Of a search's cut-offs, the share the first move tried made: 100% is perfect ordering. */
    private static String firstMoveRate(Search search, Search.Result result) {
        return result.cutoffs() == 0 ? "-" : String.format("%.1f%%", 100.0 * search.firstMoveCutoffs() / result.cutoffs());
    }

    /** Part 2: cut-offs by the stage of the move that made them. */
    private static String stages(PrintStream out) {
        Search search = Search.ordered(table());
        Search.Result result = Report.searching(Report.atDepth(MAX_DEPTH, "", ""), search, Position.startPosition(),
                MAX_DEPTH);
        TextTable table = new TextTable(out, Report.say("stage", "阶段"), Report.say("cut-offs", "截断"),
                Report.say("share", "比例")).widths(-8, 8, 6);
        for (MovePicker.Stage stage : MovePicker.Stage.values()) {
            if (stage != MovePicker.Stage.DONE) {
                long cuts = search.cutoffs(stage);
                table.row(name(stage), cuts,
                        String.format("%.1f%%", 100.0 * cuts / result.cutoffs()));
            }
        }
        table.row(Report.say("all", "合计"), result.cutoffs(), "100.0%");
        return Report.say("Headline: of " + result.cutoffs() + " cut-offs, " + search.cutoffs(MovePicker.Stage.HASH)
                + " came from the table's move.",
                "要点：" + result.cutoffs() + " 次截断中，有 " + search.cutoffs(MovePicker.Stage.HASH) + " 次来自置换表着法。");
    }

    /** A stage of the move picker in the report's language: "killer 1", 杀手着法 1. */
    private static String name(MovePicker.Stage stage) {
        return Report.say(stage.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '), switch (stage) {
            case HASH -> "置换表";
            case CAPTURES -> "吃子";
            case KILLER_1 -> "杀手 1";
            case KILLER_2 -> "杀手 2";
            case QUIETS -> "不吃子";
            case DONE -> "完成";
        });
    }

    /** One line of the ablation: a search with some heuristics switched off. */
    private record Variant(String label, String labelZh, String what, String whatZh, Techniques techniques) {
    }

    /** Part 3: the search with each heuristic switched off in turn. */
    private static String ablation(PrintStream out) {
        int depth = MAX_DEPTH - 1;
        List<Variant> variants = List.of(
                new Variant("everything on", "全部开启", "nothing", "无", Search.ORDERED),
                new Variant("no hash move", "不用置换表着法", "the hash move", "置换表着法",
                        Search.ORDERED.without(Technique.HASH_MOVE)),
                new Variant("no MVV/LVA: captures among the quiets", "不用 MVV/LVA：吃子混在不吃子着法中", "MVV/LVA",
                        "MVV/LVA", Search.ORDERED.without(Technique.CAPTURES_FIRST)),
                new Variant("no killers", "不用杀手着法", "the killers", "杀手着法", Search.ORDERED.without(Technique.KILLERS)),
                new Variant("no history", "不用历史表", "the history", "历史表", Search.ORDERED.without(Technique.HISTORY_HEURISTIC)),
                new Variant("no iterative deepening", "不用迭代加深", "iterative deepening", "迭代加深",
                        Search.ORDERED.without(Technique.ITERATIVE_DEEPENING)),
                new Variant("chapter 4: none of them", "第 4 章：以上全都不用", "everything", "全部", Search.WITH_TABLE));
        TextTable table = new TextTable(out, Report.say("search", "搜索"), Report.say("start position", "初始局面"),
                Report.say("all five", "五个合计"), Report.say("times more", "倍数"), Report.say("time ms", "毫秒"))
                .widths(-37, 14, 8, 10, 7);
        long base = 0;
        Variant worst = null;
        double worstRatio = 0;
        for (Variant variant : variants) {
            long start = 0;
            long total = 0;
            long millis = 0;
            for (Examples.Example example : Examples.ALL) {
                String what = Report.say(variant.label() + ", " + example.name().split(":")[0],
                        variant.labelZh() + "，" + example.nameZh().split("：")[0]);
                Search.Result result = Report.searching(what, new Search(variant.techniques(), table()), example.position(),
                        depth);
                start = example == Examples.START ? result.nodes() : start;
                total += result.nodes();
                millis += result.millis();
            }
            base = base == 0 ? total : base;
            double ratio = (double) total / base;
            table.row(Report.say(variant.label(), variant.labelZh()), start, total, String.format("%.2f×", ratio), millis);
            boolean single = variant != variants.get(0) && variant != variants.get(variants.size() - 1);
            if (single && ratio > worstRatio) {
                worstRatio = ratio;
                worst = variant;
            }
        }
        return Report.say("Headline: depth " + depth + ", five positions: without " + worst.what() + " the search costs most, "
                + String.format("%.2f×", worstRatio) + " the nodes.",
                "要点：深度 " + depth + "，五个局面：去掉" + worst.whatZh() + "时搜索代价最大，节点数是全部打开时的 "
                + String.format("%.2f", worstRatio) + " 倍。");
    }

    /**
     * Part 4. The ideal, measured two ways, both knowing every child's exact value from
     * searches made beforehand (not counted). The oracle tree: alpha-beta trying first, at
     * every node, the move with the best value (at a cut node it refutes). The smallest
     * tree: the same, but at every cut node the refutation whose own tree is smallest.
     * Beside them chapter 5's count, all iterations, and chapter 2's Knuth-Moore estimate
     * of the minimal tree's leaves.
     */
    private static String oracle(PrintStream out) {
        Position position = Position.startPosition();
        TextTable table = new TextTable(out, Report.say("depth", "深度"), Report.say("smallest tree", "最小的树"),
                Report.say("oracle tree", "神谕树"), Report.say("chapter 5", "第 5 章"), Report.say("ratio to oracle", "与神谕树之比"),
                Report.say("Knuth-Moore leaves", "Knuth-Moore 叶子"), Report.say("score", "分值"))
                .widths(5, 13, 11, 9, 15, 18, 5); // the English headers' widths: the same layout in both languages
        String headline = null;
        Oracle oracle = new Oracle();
        for (int depth = 2; depth <= 5; depth++) {
            long smallest = oracle.smallest(position, -Score.INFINITE, Score.INFINITE, depth, 0, Long.MAX_VALUE);
            oracle.nodes = 0;
            int score = oracle.search(position, -Score.INFINITE, Score.INFINITE, depth, 0);
            Search.Result result = Search.ordered(table()).search(position, depth);
            double branching = Math.pow(new Perft(depth).count(position, depth), 1.0 / depth);
            long knuthMoore = Math.round(Math.pow(branching, (depth + 1) / 2) + Math.pow(branching, depth / 2) - 1);
            String ratio = String.format("%.2f×", (double) result.nodes() / oracle.nodes);
            table.row(depth, smallest, oracle.nodes, result.nodes(), ratio, knuthMoore, Report.score(score));
            headline = Report.say("Headline: depth " + depth + ": chapter 5 searches " + ratio + " the oracle's tree ("
                    + result.nodes() + " nodes against " + oracle.nodes + ").",
                    "要点：深度 " + depth + "：第 5 章搜索的树是神谕树的 " + ratio.replace("×", " 倍") + "（" + result.nodes() + " 个节点对 "
                    + oracle.nodes + " 个）。");
        }
        return headline;
    }

    /** Alpha-beta with perfect knowledge of every child's value, for part 4. */
    private static final class Oracle {
        /** Exact values, from the equal-depth table rule, which never changes a score. */
        private final Search exact = new Search(
                Search.ORDERED.with(Technique.TABLE_EQUAL_DEPTH_ONLY).without(Technique.ITERATIVE_DEEPENING),
                new TranspositionTable(1L << 22, TranspositionTable.Scheme.TWO_TIER, true));
        long nodes;

        /** The value of every move of {@code position}, from the mover's side, best first; empty if none. */
        private int[][] valuedMoves(Position position, int depth, int ply) {
            int[] moves = new int[MoveGenerator.MAX_MOVES];
            int count = MoveGenerator.generateLegal(position, moves);
            int[][] valued = new int[count][];
            for (int i = 0; i < count; i++) {
                position.makeMove(moves[i]);
                valued[i] = new int[] {moves[i], -exact.alphaBeta(position, -Score.INFINITE, Score.INFINITE, depth - 1, ply + 1)};
                position.unmakeMove(moves[i]);
            }
            java.util.Arrays.sort(valued, (a, b) -> Integer.compare(b[1], a[1])); // stable: ties keep generator order
            return valued;
        }

        /** Fail-soft alpha-beta, best move first; counts its nodes. */
        int search(Position position, int alpha, int beta, int depth, int ply) {
            nodes++;
            if (depth == 0) {
                return Evaluation.evaluate(position);
            }
            int[][] valued = valuedMoves(position, depth, ply);
            int best = valued.length == 0 ? Score.matedIn(ply) : -Score.INFINITE;
            for (int[] move : valued) {
                position.makeMove(move[0]);
                int score = -search(position, -beta, -alpha, depth - 1, ply + 1);
                position.unmakeMove(move[0]);
                best = Math.max(best, score);
                alpha = Math.max(alpha, score);
                if (score >= beta) {
                    break;
                }
            }
            return best;
        }

        /**
         * The node count of the same search if every cut node tried its cheapest refutation
         * (each candidate's tree is counted, up to {@code budget}: beyond it, it cannot win).
         */
        long smallest(Position position, int alpha, int beta, int depth, int ply, long budget) {
            int[][] valued = depth == 0 ? new int[0][] : valuedMoves(position, depth, ply);
            if (valued.length == 0) {
                return 1;
            }
            long total = 1;
            if (valued[0][1] >= beta) { // a cut node: one refutation is enough, the cheapest
                long cheapest = budget;
                for (int i = 0; i < valued.length && valued[i][1] >= beta; i++) {
                    position.makeMove(valued[i][0]);
                    cheapest = Math.min(cheapest, 1 + smallest(position, -beta, -alpha, depth - 1, ply + 1, cheapest - 1));
                    position.unmakeMove(valued[i][0]);
                }
                return cheapest;
            }
            for (int[] move : valued) { // every move is searched; the best first narrows the window most
                position.makeMove(move[0]);
                total += smallest(position, -beta, -alpha, depth - 1, ply + 1, budget - total);
                position.unmakeMove(move[0]);
                alpha = Math.max(alpha, move[1]);
                if (total >= budget) {
                    return budget;
                }
            }
            return total;
        }
    }

    /** The same table for the other positions. */
    private static String otherPositions(PrintStream out) {
        for (Examples.Example example : Examples.ALL.subList(1, Examples.ALL.size())) {
            out.println();
            nodeCounts(out, example);
        }
        return Report.say("Headline: the other positions show the same pattern.", "要点：其他局面呈现同样的规律。");
    }
}
