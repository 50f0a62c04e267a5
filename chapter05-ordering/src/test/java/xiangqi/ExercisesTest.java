package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The checks of this chapter's exercises (see the README's "Exercises"). Each asserts the
 * properties of the idea, on the chapter's positions and on positions from random games,
 * against an oracle the chapter has: quiescence search (5.1) must stop the horizon's
 * blunders and the odd/even swing, never score below standing pat, find the value of the
 * captures searched to the end in any window (fail-hard or fail-soft) and try the most
 * valuable victim first; principal variation search (5.2) must search every move after the
 * first with a null window exactly one wide, at every node with a full window, search it
 * again with the whole window when, and only when, it lands inside, and find alpha-beta's
 * scores and principal variation with and without a table; null-move pruning (5.3) must
 * pass only where the exercise allows, flip the key, search the pass R = 2 plies shallower,
 * store no cut-off as EXACT, halve the nodes and still find the short mates. As shipped,
 * each fails with one line that says what to add. Each rejects the wrong solutions in
 * {@code solutions/wrong/} and accepts the correct ones in {@code solutions/alternative/}.
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

        // Its properties, on the chapter's positions and positions from random games (both sides to
        // move; a side in check is left out, since the exercise does not say what it does there):
        // never worse than standing pat, and the value of the captures searched to the end, whatever
        // the order they come in and whatever the window (fail-hard or fail-soft).
        for (Position position : quiescencePositions()) {
            if (position.inCheck()) {
                continue;
            }
            String fen = position.toFen();
            int standPat = Evaluation.evaluate(position);
            int value = quiescenceOracle(position, -Score.INFINITE, Score.INFINITE, 1);
            int full = searchWith(techniques).alphaBeta(position, -Score.INFINITE, Score.INFINITE, 0, 1);
            assertThat(position.toFen() + " " + position.key()).as(Exercises.say("5.1: %s after a search at depth 0,"
                    + " the position and its key: is every capture taken back?", "%s 在深度 0 搜索之后的局面和键值："
                    + "每个吃子着法都退回了吗？"), fen).isEqualTo(fen + " " + Position.fromFen(fen).key());
            assertThat(full).as(Exercises.say("5.1: %s at depth 0 scores %d, below the %d of standing pat: may the side"
                    + " to move decline every capture, the stand-pat score being the least it gets?", "%s 在深度 0 得 %d 分，"
                    + "比站定（stand pat）的 %d 分还低：走子方可以一个子都不吃吗？站定的分值是它至少能得到的"), fen, full,
                    standPat).isGreaterThanOrEqualTo(standPat);
            assertThat(full).as(Exercises.say("5.1: %s at depth 0 scores %d, where standing pat or capturing, each"
                    + " capture answered the same way until no capture is left, gives %d (stand pat %d): is every"
                    + " capture's position searched the same way in turn, and its score negated for the side that"
                    + " made it?", "%s 在深度 0 得 %d 分，而站定或吃子、每个吃子都同样应对直到没有吃子可走，得 %d 分"
                    + "（站定 %d 分）：每个吃子之后的局面也同样接着搜索了吗？分值为走这步的一方取负了吗？"), fen, full,
                    value, standPat).isEqualTo(value);
            int[][] windows = {{value - 1, value + 1}, {value, value + 100}, {value - 100, value},
                {value + 1, value + 200}, {value - 200, value - 1}};
            for (int[] window : windows) {
                int score = searchWith(techniques).alphaBeta(position, window[0], window[1], 0, 1);
                boolean right = score <= window[0] ? value <= score
                        : score >= window[1] ? value >= score : score == value;
                assertThat(right).as(Exercises.say("5.1: %s at depth 0 with the window (%d, %d) scores %d, where its value"
                        + " is %d: at or below alpha only if the value is too, at or above beta only if the value is, and"
                        + " inside the window the value itself", "%s 在深度 0、窗口 (%d, %d) 下得 %d 分，而它的值是 %d："
                        + "值不高于 alpha 时才能不高于 alpha，值不低于 beta 时才能不低于 beta，在窗口之内就得是值本身"),
                        fen, window[0], window[1], score, value).isTrue();
            }
        }

        // Most valuable victim first, as the exercise asks: where red may take a chariot or a soldier
        // and only the chariot reaches beta, the chariot is taken first and the soldier never tried.
        // The nodes tell: as many as where the soldier is not on the board at all, whichever of the
        // two captures the generator makes first (the two positions are mirror images).
        for (String[] pair : List.of(new String[] {MVV_BOTH, MVV_CHARIOT_ONLY},
                new String[] {mirror(MVV_BOTH), mirror(MVV_CHARIOT_ONLY)})) {
            long both = quiescenceNodes(techniques, pair[0]);
            long chariotOnly = quiescenceNodes(techniques, pair[1]);
            assertThat(chariotOnly).as(Exercises.say("5.1: %s at depth 0, one capture to try, counts %d node(s): does"
                    + " each node below the horizon count as a node?", "%s 在深度 0、只有一个吃子可试，只数了 %d 个节点："
                    + "水平线以下的每个节点都算作节点了吗？"), pair[1], chariotOnly).isGreaterThan(1);
            assertThat(both).as(Exercises.say("5.1: %s at depth 0 with the window (stand pat, stand pat + 500) takes %d"
                    + " nodes, where taking the chariot first cuts off at once, as in %s, %d nodes: are the captures"
                    + " tried most valuable victim first?", "%s 在深度 0、窗口为（站定分，站定分 + 500）时用了 %d 个节点，"
                    + "而先吃车立即就截断，和 %s 一样是 %d 个节点：吃子着法是按被吃子价值从高到低试的吗？"), pair[0], both,
                    pair[1], chariotOnly).isEqualTo(chariotOnly);
        }

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
                            + " %d: %s, where it should stay within 100: does every node at the horizon stand pat or"
                            + " capture, each capture answered the same way until none is left?", "初始局面的分值在深度 %d"
                            + " 和 %d 之间摆动了一个兵或更多：%s，而摆动应当在 100 以内：水平线上的每个节点都是站定或吃子、"
                            + "每个吃子都同样应对直到无子可吃吗？"), depth - 1, depth, scores)
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

    /** Red may take a chariot (a0a5) or a soldier (i0i3); the black chariot, left alone, takes back on a0. */
    static final String MVV_BOTH = "3k5/9/9/9/r8/9/8p/9/9/R3K3R w - - 0 1";
    /** The same without the soldier: one capture to try. */
    static final String MVV_CHARIOT_ONLY = "3k5/9/9/9/r8/9/9/9/9/R3K3R w - - 0 1";

    /** The position mirrored file by file (a to i): the generator meets its pieces in the other order. */
    private static String mirror(String fen) {
        String[] fields = fen.split(" ", 2);
        StringBuilder board = new StringBuilder();
        for (String rank : fields[0].split("/")) {
            board.append(board.length() == 0 ? "" : "/").append(new StringBuilder(rank).reverse());
        }
        return board + " " + fields[1];
    }

    /** The nodes a fresh search counts at depth 0 on {@code fen} with the window (stand pat, stand pat + 500). */
    private static long quiescenceNodes(Techniques techniques, String fen) {
        Position position = Position.fromFen(fen);
        int standPat = Evaluation.evaluate(position);
        Search search = searchWith(techniques);
        search.alphaBeta(position, standPat, standPat + 500, 0, 1);
        return search.nodes();
    }

    /** The chapter's positions, and positions from random games from them (a fixed seed), either side to move. */
    private static List<Position> quiescencePositions() {
        List<Position> positions = new ArrayList<>();
        for (String fen : List.of(Position.START_FEN, Fixtures.MIDDLEGAME, Fixtures.ATTACK, Fixtures.DEFENDED_SOLDIER,
                Fixtures.HANGING_CHARIOT, MVV_BOTH, mirror(MVV_BOTH))) {
            positions.add(Position.fromFen(fen));
        }
        positions.addAll(Fixtures.randomPositions(51, 6, 80));
        return positions;
    }

    /**
     * What quiescence search must find, written as plainly as it can be: the side to move stands
     * pat or takes the best of its captures, each answered the same way, every capture in the
     * generator's order (alpha-beta with the whole window finds the same value in any order).
     */
    private static int quiescenceOracle(Position position, int alpha, int beta, int ply) {
        int best = Evaluation.evaluate(position);
        if (best >= beta || ply >= Score.MAX_PLY - 1) {
            return best;
        }
        alpha = Math.max(alpha, best);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.generateLegal(position, moves, MoveGenerator.CAPTURES);
        for (int i = 0; i < count; i++) {
            position.makeMove(moves[i]);
            int score = -quiescenceOracle(position, -beta, -alpha, ply + 1);
            position.unmakeMove(moves[i]);
            if (score > best) {
                best = score;
                alpha = Math.max(alpha, score);
                if (score >= beta) {
                    break;
                }
            }
        }
        return best;
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
        // With the table and without it (where a re-search is a whole subtree again, and one too many
        // shows in the nodes the table no longer hides).
        Techniques noTable = Search.ORDERED.without(Technique.TABLE, Technique.HASH_MOVE);
        for (String fen : List.of(Position.START_FEN, Fixtures.MIDDLEGAME, Fixtures.ATTACK)) {
            for (boolean withTable : new boolean[] {true, false}) {
                Windows windows = new Windows();
                String where = Exercises.say("%s, depth 5, %s the table", "局面 %s，深度 5，%s置换表", fen,
                        withTable ? Exercises.say("with", "用") : Exercises.say("without", "不用"));
                Search search = withTable ? searchWith(Search.ORDERED.with(pvs)) : new Search(noTable.with(pvs), null);
                search.reportingTo(windows).search(Position.fromFen(fen), 5);
                assertThat(windows.wrongWindow).as(Exercises.say("5.2: %s: %s", "5.2：%s：%s"), where, windows.wrongWindow)
                        .isNull();
                assertThat(windows.notSearchedAgain).as(Exercises.say("5.2: %s: %s", "5.2：%s：%s"), where,
                        windows.notSearchedAgain).isNull();
                assertThat(windows.failHighSearchedAgain).as(Exercises.say("5.2: %s: %s", "5.2：%s：%s"), where,
                        windows.failHighSearchedAgain).isNull();
                if (!withTable) {
                    continue;
                }
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
        }

        // Without the table nothing but the window can change the root score: it must stay the same;
        // with a table whose entries answer only a node of their own depth (TABLE_EQUAL_DEPTH_ONLY,
        // which cannot change a score either) too. And in the generator's order, where both searches
        // meet the moves in the same order, the same best move and the same principal variation, as
        // long as plain alpha-beta's: a re-search that does not find the move's value cuts it short.
        Techniques exactTable = Search.ORDERED.with(Technique.TABLE_EQUAL_DEPTH_ONLY);
        for (Position position : Fixtures.randomPositions(23, 4, 40)) {
            for (int depth = 1; depth <= 4; depth++) {
                int plain = new Search(noTable, null).search(position, depth).score();
                int principal = new Search(noTable.with(pvs), null).search(position, depth).score();
                assertThat(principal).as(Exercises.say("5.2: the root score of %s at depth %d, without the table: %d,"
                        + " where plain alpha-beta finds %d: is every search of a move, the null window's and the one"
                        + " again, negated back for the side that moved, and the null window (alpha, alpha + 1)?",
                        "局面 %s 在深度 %d、不用置换表时的根节点分值：%d，而普通的 Alpha-Beta 搜索得到 %d："
                        + "一步着法的每次搜索（零窗口那次和重新搜索那次）都为走这步的一方取负了吗？零窗口是 (alpha, alpha + 1) 吗？"),
                        position.toFen(), depth, principal, plain).isEqualTo(plain);
                int tabled = searchWith(exactTable.with(pvs)).search(position, depth).score();
                assertThat(tabled).as(Exercises.say("5.2: the root score of %s at depth %d, with a table that answers"
                        + " only nodes of its own depth: %d, where plain alpha-beta finds %d", "局面 %s 在深度 %d、"
                        + "置换表只回答同样深度的节点时，根节点分值：%d，而普通的 Alpha-Beta 搜索得到 %d"),
                        position.toFen(), depth, tabled, plain).isEqualTo(plain);
                if (depth >= 3) {
                    Search.Result line = new Search(Search.ALPHA_BETA, null).search(position, depth);
                    Search.Result principalLine = new Search(Search.ALPHA_BETA.with(pvs), null).search(position, depth);
                    assertThat(moves(principalLine.pv())).as(Exercises.say("5.2: the principal variation of %s at"
                            + " depth %d, moves in the generator's order: %s, where plain alpha-beta's is %s: is a move"
                            + " that lands inside the window searched again with the whole window (alpha, beta), and"
                            + " its line kept?", "局面 %s 在深度 %d、着法按生成顺序时的主要变例：%s，而普通的"
                            + " Alpha-Beta 搜索得到 %s：落在窗口之内的着法，是用整个窗口 (alpha, beta) 重新搜索、"
                            + "并留下它的变例的吗？"), position.toFen(), depth, moves(principalLine.pv()),
                            moves(line.pv())).isEqualTo(moves(line.pv()));
                }
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
                + " than %,d plain: is only a move that lands inside the window searched a second time, and every"
                + " later move first with the null window?", "三个局面在深度 6 的节点数：%,d，并不比普通搜索的 %,d 少："
                + "是不是只有落在窗口之内的着法才搜第二遍，而第一步之后的每步都先用零窗口搜索？"), principalNodes,
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
        private record Node(int move, int alpha, int beta, int score, int firstAlpha, int firstBeta, int searches,
                int firstScore, int lastAlpha, int lastBeta) {
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
        /** The first later move searched again although its null window had already failed high (at or above beta). */
        String failHighSearchedAgain;

        Windows() {
            for (int ply = 0; ply <= Score.MAX_PLY + 1; ply++) {
                waiting.add(new ArrayList<>());
            }
        }

        @Override
        public void searched(int ply, int move, int alpha, int beta, int score, MovePicker.Stage stage) {
            List<Node> children = waiting.set(ply + 1, new ArrayList<>());
            int searches = 0;
            int last = 0;
            // The first search's value, in the parent's terms: its children's best, negated.
            int firstBest = -Score.INFINITE;
            boolean[] starts = searchStarts(children);
            for (int i = 0; i < children.size(); i++) {
                if (starts[i]) {
                    searches++;
                    last = i;
                }
                if (searches == 1) {
                    firstBest = Math.max(firstBest, children.get(i).score());
                }
            }
            int firstAlpha = children.isEmpty() ? 0 : children.get(0).alpha();
            int firstBeta = children.isEmpty() ? 0 : children.get(0).beta();
            int lastAlpha = children.isEmpty() ? 0 : children.get(last).alpha();
            int lastBeta = children.isEmpty() ? 0 : children.get(last).beta();
            waiting.get(ply).add(new Node(move, alpha, beta, score, firstAlpha, firstBeta, searches, -firstBest,
                    lastAlpha, lastBeta));
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

        /**
         * For each report of one node's children, whether it begins a new search of that node: where
         * the window grows ({@link #newSearch}), or where a move comes again, since one search hands
         * out each move once (a search again with the same window, such as a null window's).
         */
        private static boolean[] searchStarts(List<Node> children) {
            boolean[] starts = new boolean[children.size()];
            java.util.Set<Integer> seen = new java.util.HashSet<>();
            for (int i = 0; i < children.size(); i++) {
                starts[i] = newSearch(children, i) || seen.contains(children.get(i).move());
                if (starts[i]) {
                    seen.clear();
                }
                seen.add(children.get(i).move());
            }
            return starts;
        }

        /** The children of a node at {@code ply}: each after the first of its search, with a full window. */
        private void examine(int ply, List<Node> children) {
            boolean[] starts = searchStarts(children);
            for (int i = 0; i < children.size(); i++) {
                Node child = children.get(i);
                // In the parent's terms: alpha = -child.beta(), beta = -child.alpha().
                int alpha = -child.beta();
                int beta = -child.alpha();
                if (!starts[i] && beta - alpha <= 1 && child.searches() >= 2 && failHighSearchedAgain == null) {
                    failHighSearchedAgain = Exercises.say("at ply %d, the move %s after the first, at a node with the"
                            + " null window (%d, %d), was searched twice, where a score above alpha there is already at"
                            + " or above beta, a cut-off: is a move searched again only when its score lands inside the"
                            + " window, above alpha and below beta?", "第 %d 层上第一步之后的着法 %s，在零窗口 (%d, %d)"
                            + " 的节点上被搜索了两次，而在那里高于 alpha 就已经达到 beta，可以截断：只有分值落在窗口之内"
                            + "（高于 alpha、低于 beta）的着法才要重新搜索吗？", ply + 1, Move.toUci(child.move()), alpha, beta);
                }
                if (starts[i] || beta - alpha <= 1 || child.searches() == 0) {
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
                    if (child.searches() >= 2 && child.firstScore() >= beta && failHighSearchedAgain == null) {
                        failHighSearchedAgain = Exercises.say("%s scored %d with the null window (%d, %d), at or above"
                                + " beta = %d, and was searched again, where it had already cut off: is a move searched"
                                + " again only when its score lands inside the window, above alpha and below beta?",
                                "%s 用零窗口 (%3$d, %4$d) 搜得 %2$d 分，已达到或超过 beta = %5$d，却又重新搜索了一次，"
                                + "而它已经可以截断：只有分值落在窗口之内（高于 alpha、低于 beta）的着法才要重新搜索吗？",
                                where, child.firstScore(), alpha, alpha + 1, beta);
                    }
                    if (child.searches() >= 2 && (child.lastAlpha() != alpha || child.lastBeta() != beta)
                            && wrongWindow == null) {
                        wrongWindow = Exercises.say("%s was searched again with the window (%d, %d), where the whole"
                                + " window is (%d, %d): is the re-search's window (alpha, beta), not one from the score"
                                + " the null window returned?", "%s 重新搜索时用的窗口是 (%d, %d)，而整个窗口是 (%d, %d)："
                                + "重新搜索用的是 (alpha, beta)，而不是从零窗口返回的分值开始的窗口吗？", where,
                                child.lastAlpha(), child.lastBeta(), alpha, beta);
                    }
                } else if (wrongWindow == null) {
                    wrongWindow = Exercises.say("%s was searched with the window (%d, %d), where the null window"
                            + " (alpha, alpha + 1) is (%d, %d)", "%s 用窗口 (%d, %d) 搜索，而零窗口 (alpha, alpha + 1)"
                            + " 是 (%d, %d)", where, child.firstAlpha(), child.firstBeta(), alpha, alpha + 1);
                }
            }
        }
    }

    /** A line in UCI notation, the moves separated by spaces. */
    private static String moves(int[] line) {
        List<String> moves = new ArrayList<>();
        for (int move : line) {
            moves.add(Move.toUci(move));
        }
        return String.join(" ", moves);
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

        // The passes, as a listener sees them: every key the one its position's pieces and side give
        // (a pass flips the key with the side); no general taken (a side in check never passes); no
        // pass answered by a pass; every node under a pass R = 2 plies shallower, no more and no less;
        // no cut-off stored in the table as an EXACT score; the position as it was after the search.
        // No pass where beta is a mate score: a null window under a pass would then be one of mate scores.
        // (Two passes in a row show only at depth 8: at depth 6 the second one is at the horizon.)
        for (String fen : List.of(Position.START_FEN, Fixtures.MIDDLEGAME, Fixtures.ATTACK, Fixtures.MATE_IN_TWO,
                Fixtures.MATE_IN_THREE)) {
            int depth = fen.equals(Fixtures.ATTACK) ? 8 : 6;
            Position position = Position.fromFen(fen);
            TranspositionTable table = new TranspositionTable(TranspositionTable.DEFAULT_MB,
                    TranspositionTable.Scheme.TWO_TIER);
            Passes passes = new Passes(position, table);
            new Search(Search.ORDERED.with(nullMove), table).reportingTo(passes).search(position, depth);
            assertThat(passes.wrong).as(Exercises.say("5.3: %s at depth %d: %s", "5.3：局面 %s，深度 %d：%s"), fen, depth,
                    passes.wrong).isNull();
            assertThat(position.toFen() + " " + position.key()).as(Exercises.say("5.3: %s after a search with null-move"
                    + " pruning, the position and its key: is every pass taken back?", "%s 用空着裁剪搜索之后的局面"
                    + "和键值：每次空着都退回了吗？"), fen).isEqualTo(fen + " " + Position.fromFen(fen).key());
            if (fen.equals(Fixtures.MATE_IN_TWO) || fen.equals(Fixtures.MATE_IN_THREE)) {
                continue; // few passes there, and the mate cuts the search short
            }
            assertThat(passes.deepestUnderPass).as(Exercises.say("5.3: %s at depth %d: the deepest node under a pass is at"
                    + " ply %d, where a pass searched R = 2 plies shallower than the move reaches ply %d: is R = 2?%s",
                    "5.3：局面 %s，深度 %d：空着之下最深的节点在第 %d 层，而比着法少搜 R = 2 层的空着会到第 %d 层：R 是 2 吗？%s"),
                    fen, depth, passes.deepestUnderPass, depth - Passes.NULL_MOVE_R, passes.deepestUnderPass < 0
                            ? Exercises.say(" (no node under a pass at all: is there a pass, Position.passTurn(), before"
                                    + " a node's moves?)", "（空着之下一个节点也没有：搜索着法之前走了空着 Position.passTurn() 吗？）")
                            : "").isEqualTo(depth - Passes.NULL_MOVE_R);
        }

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
    /**
     * The passes of a search, as a listener sees them. Each report comes while the child is
     * still on the board, so the path from the root can be read off the position: the moves on
     * it are those its undo stack holds beyond the root's, and the plies they do not account for
     * are passes ({@link Position#makeMove} pushes a move there; a pass moves no piece). The
     * reports also show what the table holds for each child once it is searched.
     */
    private static final class Passes implements SearchListener {
        /** The reduction the exercise asks for: the pass is searched R = 2 plies shallower. */
        static final int NULL_MOVE_R = 2;
        private final Position position;
        private final TranspositionTable table;
        private final int rootMoves;
        /** The iteration running: the search deepens from 1. */
        private int depth = 1;
        /** The deepest ply reported under a pass in the last iteration; -1 for none. */
        int deepestUnderPass = -1;
        private int deepestThisIteration = -1;
        /** The plies whose node the table answered, not yet reported: they stored nothing. */
        private final boolean[] answered = new boolean[Score.MAX_PLY + 2];
        /** What went wrong first, in words; null if nothing did. */
        String wrong;

        Passes(Position position, TranspositionTable table) {
            this.position = position;
            this.table = table;
            this.rootMoves = movesMade(position);
        }

        @Override
        public void searched(int ply, int move, int alpha, int beta, int score, MovePicker.Stage stage) {
            if (wrong != null) {
                return;
            }
            String where = Exercises.say("at ply %d, after %s", "在第 %d 层、%s 之后", ply, Move.toUci(move));
            if (position.key() != Zobrist.compute(position)) {
                wrong = Exercises.say("%s the position's key is not the one its pieces and side to move give: does the"
                        + " pass flip the key with the side to move?", "%s，局面的键值和它的棋子、走子方算出来的不一样："
                        + "空着翻转走子方时也翻转了键值吗？", where);
                return;
            }
            boolean answeredHere = answered[ply];
            answered[ply] = false;
            if (!bothGenerals()) {
                wrong = Exercises.say("%s a general was taken: does a side in check pass?", "%s，有一方的将（帅）被吃掉了："
                        + "被将军的一方走了空着吗？", where);
                return;
            }
            int passes = ply - (movesMade(position) - rootMoves);
            if (passes >= 2) {
                wrong = Exercises.say("%s the path holds %d passes in %d plies: is a pass answered by a pass (two null"
                        + " moves in a row)?", "%s，这条路径的 %3$d 层里有 %2$d 次空着：走空着之后对方也走了空着吗（连着两次空着）？",
                        where, passes, ply);
                return;
            }
            if (passes > 0) {
                deepestThisIteration = Math.max(deepestThisIteration, ply);
                if (Score.isMate(alpha) && Score.isMate(beta)) {
                    wrong = Exercises.say("%s a node under a pass was searched with the window (%d, %d): a pass made"
                            + " where beta was beyond Score.MATE_BOUND (a mate score, or infinity), which a pass cannot"
                            + " settle: is the pass left out when beta is a mate score?", "%s，空着之下的一个节点用窗口 (%d, %d) 搜索：走空着时 beta 是杀棋分，"
                            + "空着判断不了杀棋：beta 是杀棋分时不走空着了吗？", where, alpha, beta);
                    return;
                }
                if (ply > depth - NULL_MOVE_R) {
                    wrong = Exercises.say("%s a node under a pass was searched at iteration depth %d, deeper than ply"
                            + " %d: is the pass searched R = 2 plies shallower than the move?", "%s，迭代深度 %d 的搜索里，"
                            + "空着之下的节点比第 %d 层还深：空着之后比着法少搜 R = 2 层了吗？", where, depth, depth - NULL_MOVE_R);
                }
                return;
            }
            // A cut-off's score is a bound; stored as EXACT it answers every later window as the value.
            if (answeredHere) {
                return; // the table's answer: its entry says what an earlier search found
            }
            int value = -score;
            int entry = table.probe(position.key());
            if (entry != TranspositionTable.MISSING && table.bound(entry) == TranspositionTable.EXACT
                    && table.depth(entry) == depth - ply && table.score(entry, ply) == value
                    && (value >= beta || value <= alpha)) {
                wrong = Exercises.say("%s the table holds %d as an EXACT score for a node searched with the window (%d,"
                        + " %d), where a score outside the window is only a bound: is a null-move cut-off stored as"
                        + " EXACT?", "%s，置换表里存着精确值（EXACT）%d，而这个节点是用窗口 (%d, %d) 搜索的，"
                        + "窗口之外的分值只是一个界：空着截断的分值被当作精确值存了吗？", where, value, alpha, beta);
            }
        }

        @Override
        public void answeredByTable(int ply, int bound) {
            answered[ply] = true;
        }

        @Override
        public void root(int searched, int alpha, int beta, int score) {
            deepestUnderPass = deepestThisIteration;
            deepestThisIteration = -1;
            depth = searched + 1;
        }

        private boolean bothGenerals() {
            int generals = 0;
            for (int square = 0; square < Square.COUNT; square++) {
                generals += Piece.type(position.pieceAt(square)) == Piece.GENERAL ? 1 : 0;
            }
            return generals == 2;
        }

        /** How many moves the position's undo stack holds: the moves made since it was set up. */
        private static int movesMade(Position position) {
            try {
                return UNDO_HEIGHT.getInt(position);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }

        private static final java.lang.reflect.Field UNDO_HEIGHT = undoHeight();

        private static java.lang.reflect.Field undoHeight() {
            try {
                java.lang.reflect.Field ply = Position.class.getDeclaredField("ply");
                ply.setAccessible(true);
                return ply;
            } catch (NoSuchFieldException e) {
                throw new IllegalStateException("Position keeps its undo stack's height in a field named ply", e);
            }
        }
    }
}
