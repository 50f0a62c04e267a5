package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The checks of this chapter's exercises (see the README's "Exercises"). Each asserts what
 * the search does once the exercise is solved, by playing it on named positions against
 * this chapter's ordered search: quiescence search (5.1) must stop the horizon's blunders
 * and the odd/even swing of the root score, at a modest cost in nodes; principal variation
 * search (5.2) must search every move after the first with a null window exactly one wide,
 * at every node with a full window and not only the root, search it again when it lands
 * inside the window, find the same root scores as alpha-beta, and with the table fewer
 * nodes; null-move pruning (5.3) must halve the nodes, keep the scores near the plain
 * search's and still find the short mates. As shipped, each fails with one line that says
 * what to add. Each rejects the wrong solutions in {@code solutions/wrong/}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExercisesTest {

    /** The chapter's search with these techniques, and a fresh 16 MB table. */
    private static Search searchWith(Techniques techniques) {
        return new Search(techniques, new TranspositionTable(TranspositionTable.DEFAULT_MB,
                TranspositionTable.Scheme.TWO_TIER));
    }

    /**
     * The technique an exercise adds, or the one line that says it is missing and what it is
     * for.
     */
    private static Technique technique(String name, String whatFor, String whatForZh) {
        try {
            return Exercises.constant(Technique.class, name);
        } catch (AssertionError missing) {
            throw new AssertionError(missing.getMessage()
                    + Exercises.say(": add it, and " + whatFor, "：加上它，" + whatForZh));
        }
    }

    @Order(1)
    @Exercise(value = "5.1 quiescence search (静态搜索)", zh = "5.1 静态搜索",
            hint = "at depth 0, instead of evaluating at once: may the side to move stop here (stand pat), or should it "
                    + "capture first? alphaBeta's depth-0 branch is the place",
            hintZh = "深度为 0 时先别急着评价：走子方可以就此站定（stand pat），"
                    + "还是该先吃子？要改的是 alphaBeta 里深度为 0 的那一支")
    void quiescence() {
        Technique quiescence = technique("QUIESCENCE", "search the captures at the horizon",
                "在水平线处接着搜索吃子着法");
        Techniques techniques = Search.ORDERED.with(quiescence);

        // At depth 1 the plain search takes a horse with the cannon (b2b9) and stops: it does not
        // see the chariot take the cannon back. Quiescence sees the recapture.
        Search.Result start = searchWith(techniques).search(Position.startPosition(), 1);
        assertThat(Move.toUci(start.bestMove()))
                .as(Exercises.say("5.1: depth 1 from the start still plays b2b9, the cannon taking a defended horse,"
                        + " and scores %d: are the captures below the horizon searched?", "从初始局面搜索深度 1，"
                        + "仍然走 b2b9，用炮去吃有保护的马，得 %d 分：水平线以下的吃子着法搜索了吗？"), start.score()).isNotEqualTo("b2b9");
        assertThat(Math.abs(start.score())).as(Exercises.say("5.1: depth 1 from the start scores %d, where a quiet search"
                + " stays within a soldier (100) of 0: may the side to move stand pat, not capture?", "从初始局面"
                + "搜索深度 1，得 %d 分，而加了静态搜索，分值离 0 不会超过一个兵（100）：走子方可以不吃子、就此站定（stand pat）吗？"),
                start.score())
                .isLessThan(100);

        // The red chariot must not take the soldier that the black chariot defends...
        Search.Result defended = searchWith(techniques).search(Position.fromFen(Fixtures.DEFENDED_SOLDIER), 1);
        assertThat(Move.toUci(defended.bestMove()))
                .as(Exercises.say("5.1: depth 1 on %s, the chariot still takes the defended soldier (a0a5), scoring"
                        + " %d, where the recapture should keep it home: is each capture's score negated for the side"
                        + " that made it?", "在 %s 上搜索深度 1，车仍然去吃有保护的兵（a0a5），得 %d 分，"
                        + "而对方能吃回来，车应当留在原处：每个吃子着法的分值，都为走这步的一方取负了吗？"),
                        Fixtures.DEFENDED_SOLDIER, defended.score()).isNotEqualTo("a0a5");
        // ... and must still take the chariot that nothing defends.
        Search.Result hanging = searchWith(techniques).search(Position.fromFen(Fixtures.HANGING_CHARIOT), 1);
        assertThat(Move.toUci(hanging.bestMove()))
                .as(Exercises.say("5.1: depth 1 on %s plays %s, where it should take the hanging chariot (a0a5)",
                        "在 %s 上搜索深度 1，走的是 %s，而应当吃掉没有保护的车（a0a5）"),
                        Fixtures.HANGING_CHARIOT, Move.toUci(hanging.bestMove())).isEqualTo("a0a5");

        // The root score from the start no longer swings between odd and even depths.
        List<Integer> scores = new ArrayList<>();
        for (int depth = 1; depth <= 4; depth++) {
            scores.add(searchWith(techniques).search(Position.startPosition(), depth).score());
        }
        for (int depth = 2; depth <= 4; depth++) {
            assertThat(Math.abs(scores.get(depth - 1) - scores.get(depth - 2)))
                    .as(Exercises.say("5.1: the score from the start swings by a soldier or more between depths %d and"
                            + " %d: %s, where it should stay within 100", "初始局面的分值在深度 %d 和 %d 之间"
                            + "摆动了一个兵或更多：%s，而摆动应当在 100 以内"), depth - 1, depth, scores)
                    .isLessThan(100);
        }

        // And it is cheap: a stand-pat score at or above beta cuts off at once, so the captures below
        // the horizon cost less than the plain search's own nodes (the reference: a third more).
        long plain = searchWith(Search.ORDERED).search(Position.startPosition(), 5).nodes();
        long quiet = searchWith(techniques).search(Position.startPosition(), 5).nodes();
        assertThat(quiet).as(Exercises.say("5.1: depth 5 from the start takes %,d nodes with quiescence, not less than twice"
                + " the %,d without: does standing pat at or above beta cut off at once?", "从初始局面搜索深度 5，"
                + "加上静态搜索用了 %,d 个节点，不少于不加时 %,d 个的两倍：站定的分值达到或超过 beta 时，"
                + "是立即截断的吗？"), quiet, plain)
                .isLessThan(2 * plain);
    }

    @Order(2)
    @Exercise(value = "5.2 principal variation search (主要变例搜索)", zh = "5.2 主要变例搜索",
            hint = "alphaBeta's loop searches every child with (-beta, -alpha); after the first move, which window only "
                    + "asks \"better than alpha?\", and when must the question be asked again?",
            hintZh = "alphaBeta 的着法循环对每个子节点都用 (-beta, -alpha)；"
                    + "第一步之后，哪个窗口只问“比 alpha 好吗？”，什么时候要重新再问？")
    void principalVariation() {
        Technique pvs = technique("PRINCIPAL_VARIATION", "search every move after the first with a null window",
                "第一步之后的每步着法都用零窗口搜索");

        // What a listener sees of the windows, at every node and not only the root: each move
        // after the first of a node with a full window is searched first with the null window
        // (alpha, alpha + 1), exactly one wide, and searched again if it lands inside the window.
        for (String fen : List.of(Position.START_FEN, Fixtures.MIDDLEGAME)) {
            Windows windows = new Windows();
            searchWith(Search.ORDERED.with(pvs)).reportingTo(windows).search(Position.fromFen(fen), 5);
            assertThat(windows.wrongWindow).as(Exercises.say("5.2: %s", "%s"), windows.wrongWindow).isNull();
            assertThat(windows.notSearchedAgain).as(Exercises.say("5.2: %s", "%s"), windows.notSearchedAgain).isNull();
            for (int ply = 0; ply < windows.nullWindows.length; ply++) {
                int nulls = windows.nullWindows[ply];
                int full = windows.fullWindows[ply];
                assertThat(nulls > full || nulls + full == 0).as(Exercises.say("5.2: %s, depth 5: at the nodes of ply %d with a"
                        + " full window, the moves after the first were searched %d times with the full window and %d"
                        + " with a null window, where nearly all should have the null window%s", "局面 %s，深度 5："
                        + "在第 %d 层带完整窗口的节点上，第一步之后的着法用完整窗口搜索了 %d 次，用零窗口搜索了 %d 次，"
                        + "而几乎都应当用零窗口%s"), fen, ply, full, nulls, ply > 0 && nulls == 0
                                ? Exercises.say(": are the null windows used below the root too?",
                                        "：根节点以下也用零窗口了吗？") : "").isTrue();
            }
        }

        // Without the table nothing but the window can change the root score: it must stay the same.
        Techniques noTable = Search.ORDERED.without(Technique.TABLE, Technique.HASH_MOVE);
        for (Position position : Fixtures.randomPositions(23, 4, 40)) {
            for (int depth = 1; depth <= 4; depth++) {
                int plain = new Search(noTable, null).search(position, depth).score();
                int principal = new Search(noTable.with(pvs), null).search(position, depth).score();
                assertThat(principal).as(Exercises.say("5.2: the root score of %s at depth %d, without the table: %d,"
                        + " where plain alpha-beta finds %d", "局面 %s 在深度 %d、不用置换表时的根节点分值：%d，"
                        + "而普通的 Alpha-Beta 搜索得到 %d"), position.toFen(), depth, principal, plain).isEqualTo(plain);
            }
        }

        // With the table, on the demo's positions at depth 6: the same scores, fewer nodes in all.
        long plainNodes = 0;
        long principalNodes = 0;
        for (String fen : List.of(Position.START_FEN, Fixtures.MIDDLEGAME, Fixtures.ATTACK)) {
            Search.Result plain = searchWith(Search.ORDERED).search(Position.fromFen(fen), 6);
            Search.Result principal = searchWith(Search.ORDERED.with(pvs)).search(Position.fromFen(fen), 6);
            assertThat(principal.score()).as(Exercises.say("5.2: the root score of %s at depth 6: %d, where plain"
                    + " alpha-beta finds %d", "局面 %s 在深度 6 的根节点分值：%d，而普通的 Alpha-Beta 搜索得到 %d"), fen,
                    principal.score(), plain.score()).isEqualTo(plain.score());
            plainNodes += plain.nodes();
            principalNodes += principal.nodes();
        }
        assertThat(principalNodes).as(Exercises.say("5.2: the nodes of the three positions at depth 6: %,d, not fewer"
                + " than %,d plain", "三个局面在深度 6 的节点数：%,d，并不比普通搜索的 %,d 少"), principalNodes,
                plainNodes).isLessThan(plainNodes);
    }

    /**
     * The windows of a search, as a listener sees them. The search reports each child after
     * it returns, with the window its parent would give it in plain alpha-beta, (-beta,
     * -alpha); the window the child was really searched with is the one its own children
     * are reported with, negated back: so a child's first report after its children tells
     * its real window, in its parent's terms. Reports come children first, each with its
     * ply, so the tree can be rebuilt node by node. A node searched twice (a re-search) has
     * the children of both searches before its one report; a new search starts where the
     * window its children report grows again, since within one search it only narrows.
     */
    private static final class Windows implements SearchListener {
        /** A child as its parent saw it, and the real window(s) it was searched with, from its own children. */
        private record Node(int move, int alpha, int beta, int score, int firstAlpha, int firstBeta, int searches) {
        }

        /** The children reported at each ply that wait for their parent's report. */
        private final List<List<Node>> waiting = new ArrayList<>();
        /** By the parent's ply: its later moves searched with the null window, and with the full one. */
        final int[] nullWindows = new int[Score.MAX_PLY];
        final int[] fullWindows = new int[Score.MAX_PLY];
        /** The first later move searched with a window neither full nor the null window, in words; null if none. */
        String wrongWindow;
        /** The first later move that landed inside the window from its null window and was not searched again. */
        String notSearchedAgain;

        Windows() {
            for (int ply = 0; ply <= Score.MAX_PLY + 1; ply++) {
                waiting.add(new ArrayList<>());
            }
        }

        @Override
        public void searched(int ply, int move, int alpha, int beta, int score, MovePicker.Stage stage) {
            List<Node> children = waiting.set(ply + 1, new ArrayList<>());
            int searches = 0;
            for (int i = 0; i < children.size(); i++) {
                searches += newSearch(children, i) ? 1 : 0;
            }
            int firstAlpha = children.isEmpty() ? 0 : children.get(0).alpha();
            int firstBeta = children.isEmpty() ? 0 : children.get(0).beta();
            waiting.get(ply).add(new Node(move, alpha, beta, score, firstAlpha, firstBeta, searches));
            examine(ply, children);
        }

        @Override
        public void root(int depth, int alpha, int beta, int score) {
            examine(0, waiting.set(1, new ArrayList<>()));
        }

        /** Whether the i-th report of one node's children begins a new search of that node. */
        private static boolean newSearch(List<Node> children, int i) {
            return i == 0 || children.get(i).alpha() != children.get(i - 1).alpha()
                    || children.get(i).beta() > children.get(i - 1).beta();
        }

        /** The children of a node at {@code ply}: each after the first of its search, with a full window. */
        private void examine(int ply, List<Node> children) {
            for (int i = 0; i < children.size(); i++) {
                Node child = children.get(i);
                // In the parent's terms: alpha = -child.beta(), beta = -child.alpha().
                int alpha = -child.beta();
                int beta = -child.alpha();
                if (newSearch(children, i) || beta - alpha <= 1 || child.searches() == 0) {
                    continue; // the first move, a move at a null-window node, or a leaf: nothing to see
                }
                String where = Exercises.say("at ply %d, the move %s after the first", "第 %d 层上第一步之后的着法 %s",
                        ply + 1, Move.toUci(child.move()));
                if (child.firstAlpha() == alpha && child.firstBeta() == beta) {
                    fullWindows[ply]++;
                } else if (child.firstAlpha() == alpha && child.firstBeta() == alpha + 1) {
                    nullWindows[ply]++;
                    if (child.score() > alpha && child.score() < beta && child.searches() < 2 && notSearchedAgain == null) {
                        notSearchedAgain = Exercises.say("%s scored %d with the null window (%d, %d), inside the"
                                + " window (%d, %d), and was not searched again with it for its value", "%s 用零窗口"
                                + " (%3$d, %4$d) 搜得 %2$d 分，落在窗口 (%5$d, %6$d) 之内，却没有用这个窗口重新搜索以求出它的值",
                                where, child.score(), alpha, alpha + 1, alpha, beta);
                    }
                } else if (wrongWindow == null) {
                    wrongWindow = Exercises.say("%s was searched with the window (%d, %d), where the null window"
                            + " (alpha, alpha + 1) is (%d, %d)", "%s 用窗口 (%d, %d) 搜索，而零窗口 (alpha, alpha + 1)"
                            + " 是 (%d, %d)", where, child.firstAlpha(), child.firstBeta(), alpha, alpha + 1);
                }
            }
        }
    }

    @Order(3)
    @Exercise(value = "5.3 null-move pruning (空着裁剪)", zh = "5.3 空着裁剪",
            hint = "before a node's moves, pass (flip the side to move and its key) and search the opponent with the null "
                    + "window at beta, a few plies shallower; if even that reaches beta, cut off; never in check",
            hintZh = "搜索一个节点的着法之前先走一步空着（翻转走子方和它的键值），用 beta 处的零窗口、少搜几层来搜对手；"
                    + "连这样都能达到 beta，就截断；被将军时不走空着")
    void nullMove() {
        Technique nullMove = technique("NULL_MOVE", "let the opponent move twice before searching a node's moves",
                "搜索一个节点的着法之前，先让对手连走两步");

        // The demo's three positions at depth 6: less than half the nodes, and scores near the plain
        // search's (a pruned search is another search, but a pass only prunes, it does not judge).
        long plainNodes = 0;
        long pruningNodes = 0;
        for (String fen : List.of(Position.START_FEN, Fixtures.MIDDLEGAME, Fixtures.ATTACK)) {
            Search.Result plain = searchWith(Search.ORDERED).search(Position.fromFen(fen), 6);
            Search.Result pruning = searchWith(Search.ORDERED.with(nullMove)).search(Position.fromFen(fen), 6);
            plainNodes += plain.nodes();
            pruningNodes += pruning.nodes();
            assertThat(Math.abs(pruning.score() - plain.score())).as(Exercises.say("5.3: %s at depth 6 scores %d with"
                    + " null-move pruning and %d without: more than three soldiers apart, where a pass should only prune"
                    + " moves, not change what the position is worth: is the pass's score negated?", "局面 %s 在深度 6，"
                    + "用空着裁剪得 %d 分，不用时得 %d 分：相差超过三个兵，而空着只应当剪掉着法，不应当改变局面的价值："
                    + "空着之后的分值取负了吗？"), fen, pruning.score(), plain.score())
                    .isLessThanOrEqualTo(300);
        }
        assertThat(pruningNodes).as(Exercises.say("5.3: the three positions at depth 6 take %,d nodes with null-move pruning,"
                + " not less than half of the %,d without: is the pass searched R = 2 plies shallower, with the null"
                + " window at beta?", "三个局面在深度 6 用空着裁剪共搜了 %,d 个节点，不少于不用时 %,d 个的一半："
                + "空着之后是少搜 R = 2 层、用 beta 处的零窗口搜索的吗？"), pruningNodes, plainNodes).isLessThan(plainNodes / 2);

        // Short mates are still found: a pass is never tried in check, nor with a mate score at stake.
        for (String fen : List.of(Fixtures.MATE_IN_ONE, Fixtures.MATE_IN_TWO)) {
            int plain = searchWith(Search.ORDERED).search(Position.fromFen(fen), 4).score();
            int pruning = searchWith(Search.ORDERED.with(nullMove)).search(Position.fromFen(fen), 4).score();
            assertThat(pruning).as(Exercises.say("5.3: %s at depth 4 scores %d with null-move pruning, where the plain search"
                    + " finds the mate, %d: is a pass tried in check, or with a mate score at stake?", "局面 %s 在深度 4，"
                    + "用空着裁剪得 %d 分，而普通的搜索找到了杀棋，%d 分：是不是在被将军时、或者分值关系到杀棋时也走了空着？"),
                    fen, pruning, plain)
                    .isEqualTo(plain);
        }
    }
}

