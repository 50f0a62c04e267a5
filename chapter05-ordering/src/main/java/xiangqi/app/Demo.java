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
            Chapter 5: move ordering (走法排序) and iterative deepening. Chapter 4's search (the table's
            move first, then the generator's order, one depth) beside this chapter's (hash move, captures
            by MVV/LVA, killers, history; depths 1, 2, ... D). Nodes count every iteration.""";

    static final List<Report.Part> PARTS = List.of(
            new Report.Part("Chapter 4's search beside chapter 5's, start position.", true,
                    out -> nodeCounts(out, Examples.START)),
            new Report.Part("Where the cut-offs came from: the picker's stages, start position, depth 7.", true,
                    Demo::stages),
            new Report.Part("Ablation: each heuristic switched off in turn, depth 6, the five demo positions.", true,
                    Demo::ablation),
            new Report.Part("The ideal: alpha-beta with an oracle that knows the best move at every node.", false,
                    Demo::oracle),
            new Report.Part("The other demo positions.", false, Demo::otherPositions));

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
        out.println("== " + example.name() + " ==");
        TextTable table = new TextTable(out, "depth", "nodes 4", "nodes 5", "ratio", "time 4 ms", "time 5 ms", "1st 4",
                "1st 5", "score", "move").widths(5, 7, 7, 5, 9, 9, 6, 6, 5, -4);
        String headline = null;
        for (int depth = 1; depth <= MAX_DEPTH; depth++) {
            Search before = depth <= CHAPTER4_DEPTH ? Search.withTable(table()) : null;
            Search.Result old = before == null ? null
                    : Report.searching("depth " + depth + ", chapter 4", before, position, depth);
            Search search = Search.ordered(table());
            Search.Result result = Report.searching("depth " + depth + ", chapter 5", search, position, depth);
            String ratio = old == null ? "-" : String.format("%.1fx", (double) old.nodes() / result.nodes());
            String firstMove = firstMoveRate(search, result);
            table.row(depth, old == null ? "-" : old.nodes(), result.nodes(), ratio, old == null ? "-" : old.millis(),
                    result.millis(), old == null ? "-" : firstMoveRate(before, old), firstMove,
                    Score.toShortText(result.score()),
                    Move.toUci(result.bestMove()) + " " + Notation.chinese(position, result.bestMove()));
            if (old != null) {
                headline = "Headline: " + example.name() + ", depth " + depth + ": " + ratio
                        + " fewer nodes than chapter 4; first-move cut-offs " + firstMove + ".";
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
        Search.Result result = Report.searching("depth " + MAX_DEPTH, search, Position.startPosition(), MAX_DEPTH);
        TextTable table = new TextTable(out, "stage", "cut-offs", "share").widths(-8, 8, 6);
        for (MovePicker.Stage stage : MovePicker.Stage.values()) {
            if (stage != MovePicker.Stage.DONE) {
                long cuts = search.cutoffs(stage);
                table.row(stage.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '), cuts,
                        String.format("%.1f%%", 100.0 * cuts / result.cutoffs()));
            }
        }
        table.row("all", result.cutoffs(), "100.0%");
        return "Headline: of " + result.cutoffs() + " cut-offs, " + search.cutoffs(MovePicker.Stage.HASH)
                + " came from the table's move.";
    }

    /** One line of the ablation: a search with some heuristics switched off. */
    private record Variant(String label, String what, Techniques techniques) {
    }

    /** Part 3: the search with each heuristic switched off in turn. */
    private static String ablation(PrintStream out) {
        int depth = MAX_DEPTH - 1;
        List<Variant> variants = List.of(
                new Variant("everything on", "nothing", Search.ORDERED),
                new Variant("no hash move", "the hash move", Search.ORDERED.without(Technique.HASH_MOVE)),
                new Variant("no MVV/LVA: captures among the quiets", "MVV/LVA",
                        Search.ORDERED.without(Technique.CAPTURES_FIRST)),
                new Variant("no killers", "the killers", Search.ORDERED.without(Technique.KILLERS)),
                new Variant("no history", "the history", Search.ORDERED.without(Technique.HISTORY)),
                new Variant("no iterative deepening", "iterative deepening",
                        Search.ORDERED.without(Technique.ITERATIVE_DEEPENING)),
                new Variant("chapter 4: none of them", "everything", Search.WITH_TABLE));
        TextTable table = new TextTable(out, "search", "start position", "all five", "times more", "time ms")
                .widths(-37, 14, 8, 10, 7);
        long base = 0;
        Variant worst = null;
        double worstRatio = 0;
        for (Variant variant : variants) {
            long start = 0;
            long total = 0;
            long millis = 0;
            for (Examples.Example example : Examples.ALL) {
                Search.Result result = Report.searching(variant.label() + ", " + example.name().split(":")[0],
                        new Search(variant.techniques(), table()), example.position(), depth);
                start = example == Examples.START ? result.nodes() : start;
                total += result.nodes();
                millis += result.millis();
            }
            base = base == 0 ? total : base;
            double ratio = (double) total / base;
            table.row(variant.label(), start, total, String.format("%.2fx", ratio), millis);
            boolean single = variant != variants.get(0) && variant != variants.get(variants.size() - 1);
            if (single && ratio > worstRatio) {
                worstRatio = ratio;
                worst = variant;
            }
        }
        return "Headline: depth " + depth + ", five positions: without " + worst.what() + " the search costs most, "
                + String.format("%.2fx", worstRatio) + " the nodes.";
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
        TextTable table = new TextTable(out, "depth", "smallest tree", "oracle tree", "chapter 5", "ratio to oracle",
                "Knuth-Moore leaves", "score");
        String headline = null;
        Oracle oracle = new Oracle();
        for (int depth = 2; depth <= 5; depth++) {
            long smallest = oracle.smallest(position, -Score.INFINITE, Score.INFINITE, depth, 0, Long.MAX_VALUE);
            oracle.nodes = 0;
            int score = oracle.search(position, -Score.INFINITE, Score.INFINITE, depth, 0);
            Search.Result result = Search.ordered(table()).search(position, depth);
            double branching = Math.pow(new Perft(depth).count(position, depth), 1.0 / depth);
            long knuthMoore = Math.round(Math.pow(branching, (depth + 1) / 2) + Math.pow(branching, depth / 2) - 1);
            String ratio = String.format("%.2fx", (double) result.nodes() / oracle.nodes);
            table.row(depth, smallest, oracle.nodes, result.nodes(), ratio, knuthMoore, Score.toShortText(score));
            headline = "Headline: depth " + depth + ": chapter 5 searches " + ratio + " the oracle's tree ("
                    + result.nodes() + " nodes against " + oracle.nodes + ").";
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
        return "Headline: the other positions show the same pattern.";
    }
}
