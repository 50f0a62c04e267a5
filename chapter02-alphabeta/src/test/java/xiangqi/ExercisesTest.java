package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The checks of chapter 2's exercises (README, "Exercises"). Each fails until its exercise
 * is solved, and checks what the solution does, never how its code looks:
 *
 * <ul>
 *   <li>2.1 fail-hard: on positions from random games, a fail-hard alpha-beta finds the same
 *       root score and best move as this chapter's fail-soft one, with no more nodes; and
 *       searched with windows below, around and above the true value, it returns alpha when
 *       it fails low, beta when it fails high, and the true value inside the window.
 *   <li>2.2 the minimal tree: alpha-beta over uniform trees that this test builds, branching
 *       b and depth d, finds the minimax value and evaluates exactly Knuth and Moore's
 *       b^ceil(d/2) + b^floor(d/2) - 1 leaves when the best move always comes first, and
 *       never fewer, nor more than all b^d, in any other order.
 *   <li>2.3 cut-offs by move: the search counts its cut-offs by the number of the move that
 *       caused them, as a listener that watches every node counts them.
 * </ul>
 */
@DisplayName("Chapter 2's exercises")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the README's order, so "not yet" lines come in it
final class ExercisesTest {

    // ------------------------------------------------------------------ 2.1 fail-hard

    @Order(1)
    @Exercise(value = "2.1 fail-hard (不超出边界) against fail-soft (超出边界)", zh = "2.1 不超出边界与超出边界",
            hint = "copy alphaBeta under the new name; fail-hard differs in two places only: what a node returns when a "
                    + "move reaches beta, and what it returns when no move raised alpha",
            hintZh = "把 alphaBeta 复制一份、换上新名字；不超出边界只在两处不同："
                    + "一步着法达到 beta 时节点返回什么，没有一步着法超过 alpha 时又返回什么")
    @DisplayName("fail-hard alpha-beta: the same root score, and results clamped to the window")
    void failHard() {
        Search failHard = reach(Exercises.say("add Search.failHard(), alpha-beta whose result never leaves the"
                + " window: alpha when every move fails low, beta at a cut-off", "加上 Search.failHard()，结果不超出窗口的"
                + " Alpha-Beta 搜索：每步着法都低于窗口时返回 alpha，截断时返回 beta"),
                () -> (Search) Exercises.callStatic(Search.class, "failHard"));
        List<Position> positions = new ArrayList<>(Fixtures.randomPositions(2023, 6, 30));
        for (String fen : DEGENERATE) {
            positions.add(Position.fromFen(fen));
        }
        for (Position position : positions) {
            String fen = position.toFen();
            for (int depth = 1; depth <= 3; depth++) {
                Search.Result soft = Search.withAlphaBeta().search(position, depth);
                Search.Result hard = failHard.search(position, depth);
                assertThat(hard.score()).as(Exercises.say("on %s at depth %d fail-hard's root score is %d, fail-soft's %d",
                        "在 %s 上搜索深度 %d，不超出边界的根节点分值是 %d，超出边界的是 %d"), fen, depth, hard.score(),
                        soft.score()).isEqualTo(soft.score());
                assertThat(hard.bestMove()).as(Exercises.say("on %s at depth %d fail-hard plays %s, fail-soft %s",
                        "在 %s 上搜索深度 %d，不超出边界的走 %s，超出边界的走 %s"), fen, depth,
                        Move.toUci(hard.bestMove()), Move.toUci(soft.bestMove())).isEqualTo(soft.bestMove());
                assertThat(hard.nodes()).as(Exercises.say("on %s at depth %d fail-hard searches %,d nodes, more than"
                        + " fail-soft's %,d", "在 %s 上搜索深度 %d，不超出边界的搜了 %,d 个节点，比超出边界的 %,d 个还多"),
                        fen, depth, hard.nodes(), soft.nodes()).isLessThanOrEqualTo(soft.nodes());
                List<int[]> windows = new ArrayList<>();
                windows.add(new int[] {-Score.INFINITE, Score.INFINITE});
                windows.addAll(windowsAround(soft.score()));
                for (int[] window : windows) {
                    compareNodeByNode(failHard, position, depth, window[0], window[1]);
                }
            }
        }
    }

    /**
     * Positions where a search meets the edge cases: a root with no legal move (checkmated,
     * and 困毙), mates one and two moves deep, and a side with nothing left but its general
     * and an advisor, with each side to move.
     */
    static final List<String> DEGENERATE = List.of(Fixtures.CHECKMATED, Fixtures.STALEMATED, Fixtures.MATE_IN_ONE,
            Fixtures.MATE_IN_TWO, "3k5/9/9/9/9/9/9/9/4A4/4K1R2 w - - 0 1", "3k5/9/9/9/9/9/9/9/4A4/4K1R2 b - - 0 1");

    /**
     * Searches {@code position} with the window ({@code alpha}, {@code beta}) both ways and
     * compares them node by node, as the listener sees them: the same tree with the same
     * windows, and every node's result fail-soft's clamped into its window. A leaf (the
     * horizon, or a side with no legal move) may return its own value unclamped, as most
     * textbooks write fail-hard: its parent clamps what matters.
     */
    private static void compareNodeByNode(Search failHard, Position position, int depth, int alpha, int beta) {
        NodeRecorder softNodes = new NodeRecorder();
        NodeRecorder hardNodes = new NodeRecorder();
        int softRoot = Search.withAlphaBeta().reportingTo(softNodes).alphaBeta(position, alpha, beta, depth, 0);
        int hardRoot = failHard.reportingTo(hardNodes).alphaBeta(position, alpha, beta, depth, 0);
        String fen = position.toFen();
        String where = Exercises.say("fail-hard on %s, depth %d, window (%d, %d)", "不超出边界的搜索，局面 %s，深度 %d，"
                + "窗口 (%d, %d)", fen, depth, alpha, beta);
        assertThat(hardNodes.nodes.size()).as(Exercises.say("%s: the search told its listener of %d nodes, where fail-soft"
                + " tells of %d: does Search.failHard().reportingTo(listener) report every child, as alphaBeta does?",
                "%s：搜索向监听器报告了 %d 个节点，而超出边界的搜索报告了 %d 个：Search.failHard().reportingTo(listener)"
                + " 是不是像 alphaBeta 那样报告每个子节点？"), where, hardNodes.nodes.size(), softNodes.nodes.size())
                .isEqualTo(softNodes.nodes.size());
        for (int i = 0; i < softNodes.nodes.size(); i++) {
            int[] soft = softNodes.nodes.get(i);
            int[] hard = hardNodes.nodes.get(i);
            String line = softNodes.line(i);
            assertThat(new int[] {hard[0], hard[1], hard[2], hard[3]}).as(Exercises.say("%s: the node after %s was"
                    + " searched with the window (%d, %d), where fail-soft searches it with (%d, %d): does a node"
                    + " raise alpha when a move scores above it, and search each child with (-beta, -alpha)?", "%s："
                    + "%s 之后的节点是用窗口 (%d, %d) 搜索的，而超出边界的搜索用的是 (%d, %d)：一步着法的分值高于 alpha"
                    + " 时，alpha 提高了吗？每个子节点都是用 (-beta, -alpha) 搜索的吗？"), where, line, hard[2], hard[3],
                    soft[2], soft[3]).isEqualTo(new int[] {soft[0], soft[1], soft[2], soft[3]});
            // The listener reports a child's value as its parent sees it, negated: the child's own is -score.
            assertNodeResult(where, Exercises.say("the node after %s", "%s 之后的节点", line), soft[5] == 1, soft[2], soft[3], -soft[4], -hard[4]);
        }
        boolean rootIsLeaf = depth == 0 || softNodes.nodes.isEmpty();
        assertNodeResult(where, Exercises.say("the root", "根节点"), !rootIsLeaf, alpha, beta, softRoot, hardRoot);
    }

    /**
     * One node's result, fail-hard's against fail-soft's: inside the window the same, below it
     * alpha, above it beta; a leaf may keep its own value.
     */
    private static void assertNodeResult(String where, String node, boolean interior, int alpha, int beta, int soft,
            int hard) {
        int expected = Math.min(Math.max(soft, alpha), beta);
        if (hard == expected || !interior && hard == soft) {
            return;
        }
        String kind = soft <= alpha ? "alpha" : soft >= beta ? "beta" : Exercises.say("the value", "真实值");
        String question = soft <= alpha ? Exercises.say(": does a node whose every move failed low return alpha?",
                "：每步着法都低于窗口的节点，返回的是 α 吗？")
                : soft >= beta ? Exercises.say(": does a cut-off return beta?", "：截断时返回的是 β 吗？")
                : Exercises.say(": inside the window a node returns its exact value", "：在窗口之内，节点应当返回它的精确值");
        throw new AssertionError(Exercises.say("%s: %s, searched with the window (%d, %d), returned %d, where it should"
                + " return %s, %d (fail-soft's %d%s)%s", "%s：%s用窗口 (%d, %d) 搜索，返回了 %d，而应当返回 %7$d（%6$s；"
                + "超出边界的结果是 %8$d%9$s）%10$s", where, node, alpha, beta, hard, kind, expected, soft,
                interior ? "" : Exercises.say(", or that itself: it is a leaf", "，它是叶子节点，返回这个值本身也可以"),
                question));
    }

    /** Every child the search reports, in order: ply, move, window, score, and whether it searched children itself. */
    static final class NodeRecorder implements SearchListener {
        final List<int[]> nodes = new ArrayList<>();

        @Override
        public void searched(int ply, int move, int alpha, int beta, int score) {
            // Children are reported before their parent: a node searched children if the last report was one ply deeper.
            boolean interior = !nodes.isEmpty() && nodes.get(nodes.size() - 1)[0] == ply + 1;
            nodes.add(new int[] {ply, move, alpha, beta, score, interior ? 1 : 0});
        }

        @Override
        public void root(int depth, int alpha, int beta, int score) {
        }

        /** The moves from the root to the node reported {@code index}-th, "e.g. h2e2 h9g7". */
        String line(int index) {
            List<String> moves = new ArrayList<>(List.of(Move.toUci(nodes.get(index)[1])));
            int ply = nodes.get(index)[0];
            for (int i = index + 1; i < nodes.size() && ply > 1; i++) {
                // The node's ancestors are the first later reports one ply nearer the root each.
                if (nodes.get(i)[0] == ply - 1) {
                    moves.add(0, Move.toUci(nodes.get(i)[1]));
                    ply--;
                }
            }
            return String.join(" ", moves);
        }
    }

    /** Windows below the true value (it fails high), around it (exact) and above it (it fails low). */
    static List<int[]> windowsAround(int truth) {
        return List.of(new int[] {truth - 60, truth - 20}, new int[] {truth - 10, truth + 10},
                new int[] {truth + 20, truth + 60}, new int[] {truth, truth + 1}, new int[] {truth - 1, truth});
    }

    // ------------------------------------------------------------------ 2.2 the minimal tree

    @Order(2)
    @Exercise(value = "2.2 the minimal tree (最小树) of a uniform tree", zh = "2.2 均匀树的最小树",
            hint = "number the leaves left to right: child i of a node at depth d whose first leaf is f starts at leaf f "
                    + "+ i * b^(d-1); search as the chapter's negamax alpha-beta does, and count each leaf read",
            hintZh = "把叶子节点从左到右编号：深度为 d、第一个叶子是 f 的节点，"
                    + "它的第 i 个子节点从叶子 f + i × b^(d-1) 开始；"
                    + "像本章的负极大值 Alpha-Beta 搜索那样搜，每读一个叶子节点就计一次数")
    @DisplayName("alpha-beta over a uniform tree: b^ceil(d/2) + b^floor(d/2) - 1 leaves best first, more otherwise")
    void minimalTree() {
        int[][] shapes = {{2, 1}, {2, 2}, {2, 5}, {2, 8}, {3, 3}, {3, 6}, {5, 4}, {8, 3}, {40, 3}};
        Random random = new Random(1975);
        for (int[] shape : shapes) {
            int branching = shape[0];
            int depth = shape[1];
            int[] leaves = distinctLeaves(branching, depth, random);
            int value = negamax(branching, depth, leaves, 0, leaves.length);
            long all = leaves.length;
            long minimal = power(branching, (depth + 1) / 2) + power(branching, depth / 2) - 1;

            Object best = search(branching, depth, ordered(branching, depth, leaves, true));
            Object worst = search(branching, depth, ordered(branching, depth, leaves, false));
            Object unordered = search(branching, depth, leaves);
            String tree = "b = " + branching + ", d = " + depth;
            String bestFirst = Exercises.say("best move first", "最好的着法排在最前");
            String bestLast = Exercises.say("best move last", "最好的着法排在最后");
            String randomOrder = Exercises.say("random order", "随机顺序");
            for (Object[] order : new Object[][] {{best, bestFirst}, {worst, bestLast}, {unordered, randomOrder}}) {
                long found = number(order[0], "value");
                assertThat(found).as(Exercises.say("the value of the tree, %s, %s: %d, where minimax finds %d%s",
                        "树的值，%s，%s：%d，而极大极小搜索得到 %d%s"), tree, order[1], found, value,
                        depth % 2 == 1 && found == -negamax(branching, depth, negated(leaves), 0, leaves.length)
                                ? Exercises.say(": is each leaf's value taken as given, for the side to move at that leaf,"
                                        + " with no sign changed there?", "：每个叶子节点的值是不是原样使用（它已经是"
                                        + "那个叶子节点上走子一方的值），在那里没有改变符号？")
                                : Exercises.say(": is each child searched with the window (-beta, -alpha), and its value"
                                        + " negated?", "：每个子节点都是用窗口 (-beta, -alpha) 搜索、再把它的值取负的吗？"))
                        .isEqualTo(value);
            }
            long bestLeaves = number(best, "leaves");
            assertThat(bestLeaves).as(Exercises.say("leaves evaluated, %s, best move first: %d, where Knuth and Moore's"
                    + " b^ceil(d/2) + b^floor(d/2) - 1 is %d%s", "评价过的叶子节点，%s，最好的着法排在最前：%d 个，"
                    + "而 Knuth 和 Moore 的 b^ceil(d/2) + b^floor(d/2) - 1 是 %d%s"), tree, bestLeaves, minimal,
                    bestLeaves == nodesOfMinimalTree(branching, depth) ? Exercises.say(": is only a leaf counted (depth"
                            + " 0), not every node the search reaches?", "：是不是只数叶子节点（深度 0），"
                            + "而不是搜索到的每个节点都数？")
                    : bestLeaves > minimal ? Exercises.say(": is alpha raised when a move scores above it, and each child"
                            + " searched with the window (-beta, -alpha)?", "：一步着法的分值高于 alpha 时，alpha 提高了吗？"
                            + "每个子节点都是用窗口 (-beta, -alpha) 搜索的吗？") : "").isEqualTo(minimal);
            for (Object[] order : new Object[][] {{worst, bestLast}, {unordered, randomOrder}}) {
                long found = number(order[0], "leaves");
                assertThat(found).as(Exercises.say("leaves evaluated, %s, %s: %d, outside the minimal tree's %d to all"
                        + " %d", "评价过的叶子节点，%s，%s：%d 个，不在最小树的 %d 个到全部 %d 个之间"), tree, order[1],
                        found, minimal, all).isBetween(minimal, all);
            }
            assertSameLeaves(branching, depth, leaves, number(unordered, "leaves"), randomOrder);
        }
        // Ties: leaves of three values, or all alike. A move that only equals beta cuts off too,
        // so the counts fall below the formula; this chapter's alpha-beta, counted here, says by how much.
        int[][] tied = {{2, 8}, {3, 6}, {5, 4}, {8, 3}, {40, 3}};
        for (int[] shape : tied) {
            int branching = shape[0];
            int depth = shape[1];
            int[] leaves = new int[Math.toIntExact(power(branching, depth))];
            for (int i = 0; i < leaves.length; i++) {
                leaves[i] = random.nextInt(3) - 1;
            }
            String threeValues = Exercises.say("leaves -1, 0 and 1 in random order", "叶子节点的值是随机排列的 -1、0 和 1");
            String tree = "b = " + branching + ", d = " + depth;
            Object unordered = search(branching, depth, leaves);
            assertThat(number(unordered, "value")).as(Exercises.say("the value of the tree, %s, %s: %d, where minimax"
                    + " finds %d", "树的值，%s，%s：%d，而极大极小搜索得到 %d"), tree, threeValues, number(unordered, "value"),
                    negamax(branching, depth, leaves, 0, leaves.length)).isEqualTo(negamax(branching, depth, leaves, 0,
                    leaves.length));
            assertSameLeaves(branching, depth, leaves, number(unordered, "leaves"), threeValues);
            int[] best = ordered(branching, depth, leaves, true);
            assertSameLeaves(branching, depth, best, number(search(branching, depth, best), "leaves"),
                    Exercises.say("leaves -1, 0 and 1, best move first", "叶子节点的值是 -1、0 和 1，最好的着法排在最前"));
            int[] alike = new int[leaves.length];
            assertSameLeaves(branching, depth, alike, number(search(branching, depth, alike), "leaves"),
                    Exercises.say("every leaf 0", "每个叶子节点都是 0"));
        }
    }

    /** Every leaf's value with its sign changed: the tree as the other side sees it. */
    private static int[] negated(int[] leaves) {
        return Arrays.stream(leaves).map(value -> -value).toArray();
    }

    /** The nodes, leaves and inner nodes, that alpha-beta visits in the minimal tree: one per ply along each line it reads. */
    private static long nodesOfMinimalTree(int branching, int depth) {
        long nodes = 0;
        for (int height = 0; height <= depth; height++) {
            // Above the leaves, the minimal tree of depth - height plies reaches this many nodes at that height.
            int plies = depth - height;
            nodes += power(branching, (plies + 1) / 2) + power(branching, plies / 2) - 1;
        }
        return nodes;
    }

    /**
     * The leaves a solution evaluated on one tree against this chapter's alpha-beta counted
     * here: the same tree, children in order, a cut-off as soon as a move reaches beta.
     */
    private static void assertSameLeaves(int branching, int depth, int[] leaves, long found, String which) {
        long[] counted = new long[1];
        alphaBeta(branching, depth, leaves, 0, leaves.length, -Integer.MAX_VALUE, Integer.MAX_VALUE, counted);
        String tree = "b = " + branching + ", d = " + depth;
        assertThat(found).as(Exercises.say("leaves evaluated, %s, %s: %d, where this chapter's alpha-beta evaluates %d%s",
                "评价过的叶子节点，%s，%s：%d 个，而本章的 Alpha-Beta 搜索评价 %d 个%s"), tree, which, found, counted[0],
                found > counted[0] ? Exercises.say(": does a move that only equals beta cut off too (score >= beta), and"
                        + " is alpha raised when a move scores above it?", "：一步着法的分值刚好等于 beta 时也截断了吗"
                        + "（score >= beta）？分值高于 alpha 时，alpha 提高了吗？")
                        : Exercises.say(": is a cut-off made only when a move reaches beta, each child searched with"
                                + " the window (-beta, -alpha)?", "：是不是只有一步着法达到 beta 时才截断？每个子节点都是用"
                                + "窗口 (-beta, -alpha) 搜索的吗？")).isEqualTo(counted[0]);
    }

    /** This chapter's alpha-beta over a uniform tree, counting the leaves it reads in {@code counted[0]}. */
    static int alphaBeta(int branching, int depth, int[] leaves, int first, int size, int alpha, int beta,
            long[] counted) {
        if (depth == 0) {
            counted[0]++;
            return leaves[first];
        }
        int child = size / branching;
        int best = -Integer.MAX_VALUE;
        for (int i = 0; i < branching; i++) {
            int score = -alphaBeta(branching, depth - 1, leaves, first + i * child, child, -beta, -alpha, counted);
            best = Math.max(best, score);
            alpha = Math.max(alpha, score);
            if (score >= beta) {
                break;
            }
        }
        return best;
    }

    /** The solution's alpha-beta over the uniform tree whose leaves, left to right, are {@code leaves}. */
    static Object search(int branching, int depth, int[] leaves) {
        Class<?> type = reach(Exercises.say("add a class UniformTree, a uniform game tree given by its leaf"
                + " values, with search(branching, depth, leaves) returning the value and the leaves evaluated",
                "加上类 UniformTree，一棵由叶子节点的值给出的均匀博弈树，search(branching, depth, leaves)"
                + " 返回它的值和评价过的叶子节点数"),
                () -> {
                    try {
                        return Class.forName("xiangqi.UniformTree");
                    } catch (ClassNotFoundException e) {
                        throw new AssertionError(Exercises.say("there is no class xiangqi.UniformTree yet",
                                "还没有类 xiangqi.UniformTree"));
                    }
                });
        return reach(Exercises.say("add UniformTree.search(branching, depth, leaves), alpha-beta over the tree,"
                + " which returns a record with value() and leaves()", "加上 UniformTree.search(branching, depth, leaves)，"
                + "在这棵树上做 Alpha-Beta 搜索，返回一个带 value() 和 leaves() 的记录"),
                () -> Exercises.callStatic(type, "search", branching, depth, leaves));
    }

    /** The {@code value()} or {@code leaves()} of what {@link #search} returned. */
    private static long number(Object result, String name) {
        return ((Number) reach(Exercises.say("add " + name + "() to what UniformTree.search returns",
                "给 UniformTree.search 返回的记录加上 " + name + "()"),
                () -> Exercises.call(result, name))).longValue();
    }

    /**
     * Leaf values for a uniform tree, each from the side to move at that leaf, all different
     * (a tie could end a node early and make the count smaller than the formula's), and
     * spread wider than the scores' +-32000: a uniform tree's leaves may be any int.
     */
    static int[] distinctLeaves(int branching, int depth, Random random) {
        int count = Math.toIntExact(power(branching, depth));
        int[] values = new int[count];
        for (int i = 0; i < count; i++) {
            values[i] = 7 * (i - count / 2);
        }
        for (int i = count - 1; i > 0; i--) { // Fisher-Yates: every order equally likely
            int j = random.nextInt(i + 1);
            int swap = values[i];
            values[i] = values[j];
            values[j] = swap;
        }
        return values;
    }

    /** Minimax in negamax form over the {@code size} leaves from {@code first}: a node is worth its best child negated. */
    static int negamax(int branching, int depth, int[] leaves, int first, int size) {
        if (depth == 0) {
            return leaves[first];
        }
        int child = size / branching;
        int best = Integer.MIN_VALUE;
        for (int i = 0; i < branching; i++) {
            best = Math.max(best, -negamax(branching, depth - 1, leaves, first + i * child, child));
        }
        return best;
    }

    /**
     * The same tree with the children of every node reordered: the best move for the side to
     * move there first ({@code bestFirst}), or last. The leaves are a new array.
     */
    static int[] ordered(int branching, int depth, int[] leaves, boolean bestFirst) {
        int[] result = new int[leaves.length];
        order(branching, depth, leaves, 0, leaves.length, bestFirst, result, 0);
        return result;
    }

    private static void order(int branching, int depth, int[] leaves, int first, int size, boolean bestFirst,
            int[] result, int to) {
        if (depth == 0) {
            result[to] = leaves[first];
            return;
        }
        int child = size / branching;
        Integer[] children = new Integer[branching];
        int[] valueForUs = new int[branching];
        for (int i = 0; i < branching; i++) {
            children[i] = i;
            valueForUs[i] = -negamax(branching, depth - 1, leaves, first + i * child, child);
        }
        Comparator<Integer> best = Comparator.comparingInt(i -> -valueForUs[i]);
        Arrays.sort(children, bestFirst ? best : best.reversed());
        for (int i = 0; i < branching; i++) {
            order(branching, depth - 1, leaves, first + children[i] * child, child, bestFirst, result, to + i * child);
        }
    }

    static long power(int base, int exponent) {
        long result = 1;
        for (int i = 0; i < exponent; i++) {
            result *= base;
        }
        return result;
    }

    // ------------------------------------------------------------------ 2.3 cut-offs by move

    @Order(3)
    @Exercise(value = "2.3 cut-offs (截断) by move number", zh = "2.3 按着法序号统计截断",
            hint = "in alphaBeta's loop over the moves, count at the index where the break happens; clear the counts when "
                    + "a search starts, not at each node",
            hintZh = "在 alphaBeta 遍历着法的循环里，在发生 break 的那个序号上计数；"
                    + "每次搜索开始时清零，而不是每个节点清零")
    @DisplayName("the cut-offs counted by the number of the move that caused them, as the tree shows them")
    void cutoffsByMove() {
        List<Position> positions = new java.util.ArrayList<>(Fixtures.randomPositions(1958, 4, 30));
        positions.add(Position.startPosition());
        for (Position position : positions) {
            // One search for every depth, as the bench and the demo use one: each count is the last search's own.
            CutoffWatcher watcher = new CutoffWatcher();
            Search search = Search.withAlphaBeta().reportingTo(watcher);
            for (int depth = 1; depth <= 4; depth++) {
                watcher.clear();
                Search.Result result = search.search(position, depth);
                long[] byMove = reach(Exercises.say("add Search.cutoffsByMove(), the last search's cut-offs counted by"
                        + " the number of the move that caused them (index 0: the first move tried)",
                        "加上 Search.cutoffsByMove()：上一次搜索的截断，按引起截断的着法序号计数（序号 0：第一个尝试的着法）"),
                        () -> (long[]) Exercises.call(search, "cutoffsByMove"));
                String where = Exercises.say("%s at depth %d", "局面 %s、深度 %d 的搜索", position.toFen(), depth);
                long sum = Arrays.stream(byMove).sum();
                assertThat(sum).as(Exercises.say("the cut-offs by move of %s add up to %d, where the search made %d%s",
                        "%s中，按着法统计的截断加起来是 %d 次，而搜索实际截断了 %d 次%s"), where, sum, result.cutoffs(),
                        sum > result.cutoffs() ? Exercises.say(": are the counts cleared when a search starts?",
                                "：每次搜索开始时，计数清零了吗？")
                                : Exercises.say(": is every cut-off counted, at every ply, and are the counts cleared"
                                        + " only when a search starts, not at each node?", "：是不是每一层的每次截断都计数了？"
                                        + "计数是不是只在每次搜索开始时清零，而不是每个节点都清零？"))
                        .isEqualTo(result.cutoffs());
                int length = Math.max(byMove.length, watcher.byMove.length);
                long[] found = Arrays.copyOf(byMove, length);
                long[] seen = Arrays.copyOf(watcher.byMove, length);
                assertThat(found).as(Exercises.say("cut-offs by move on %s, from the first move on: %s, where the tree"
                        + " shows %s%s", "%s中，按着法统计的截断，从第一步着法起：%s，而搜索树上是 %s%s"), where,
                        Arrays.toString(Arrays.copyOf(found, 6)).replace("]", ", ...]"),
                        Arrays.toString(Arrays.copyOf(seen, 6)).replace("]", ", ...]"),
                        shiftedByOne(found, seen) ? Exercises.say(": is a node's first move counted at index 0?",
                                "：节点的第一步着法是记在序号 0 上的吗？") : "")
                        .isEqualTo(seen);
            }
        }
    }

    /**
     * Counts the cut-offs from what the search reports: a child whose score reaches its
     * parent's beta (the negated alpha of the child's window) ends the parent's move loop.
     */
    static final class CutoffWatcher implements SearchListener {
        long[] byMove = new long[MoveGenerator.MAX_MOVES];
        private final int[] childrenSeen = new int[Score.MAX_PLY + 2];

        /** Forgets the last search's cut-offs, before the next search. */
        void clear() {
            Arrays.fill(byMove, 0);
            Arrays.fill(childrenSeen, 0);
        }

        @Override
        public void searched(int ply, int move, int alpha, int beta, int score) {
            int index = childrenSeen[ply]++;
            if (score >= -alpha) {
                byMove[index]++;
            }
            childrenSeen[ply + 1] = 0; // this node is done: the next node at this ply starts its children afresh
        }

        @Override
        public void root(int depth, int alpha, int beta, int score) {
        }
    }

    // ------------------------------------------------------------------ shared

    /** Whether {@code found} is {@code seen} moved up one index: the moves counted from one, not from zero. */
    private static boolean shiftedByOne(long[] found, long[] seen) {
        if (found[0] != 0) {
            return false;
        }
        for (int i = 0; i + 1 < found.length; i++) {
            if (found[i + 1] != seen[i]) {
                return false;
            }
        }
        return true;
    }

    /** Reaches what a solution adds; when it is not there, fails with one line: what is missing, and {@code hint}. */
    private static <T> T reach(String hint, Supplier<T> reaching) {
        try {
            return reaching.get();
        } catch (AssertionError | ClassCastException missing) {
            throw new AssertionError(missing.getMessage() + Exercises.say(": ", "：") + hint, missing);
        }
    }
}
