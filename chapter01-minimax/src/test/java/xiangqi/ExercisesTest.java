package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The checks of chapter 1's exercises (README, "Exercises"). Each fails until its exercise
 * is solved, and checks what the solution does, against counts made here without it:
 *
 * <ul>
 *   <li>1.1 mobility: on positions from random games, the new evaluation is the old one
 *       plus one fixed weight times (the side to move's legal moves minus the opponent's),
 *       the moves counted by {@link ReferenceMoveGenerator}; and the search scores its
 *       leaves with it.
 *   <li>1.2 perft split: the leaves of the legal move tree, split into captures, checks,
 *       checkmates and 困毙 (stalemates), equal a count made with {@link ReferenceMoveGenerator}
 *       on positions where every kind occurs.
 * </ul>
 */
@DisplayName("Chapter 1's exercises")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the README's order, so "not yet" lines come in it
final class ExercisesTest {

    // ------------------------------------------------------------------ 1.1 mobility

    @Order(1)
    @Exercise(value = "1.1 mobility (灵活性) in the evaluation", zh = "1.1 评价函数中的灵活性",
            hint = "count the opponent's moves by handing it the turn without a move, then handing it back; a side in check "
                    + "cannot hand the turn over, so there the term is left out",
            hintZh = "数对方的着法时，不走棋而把走子方交给对方，数完再交回来；被将军的一方不能这样交出走子权，"
                    + "那里就不加这一项")
    @DisplayName("the evaluation adds a weight times the difference in legal moves, and the search uses it")
    void mobility() {
        int[] scratch = new int[MoveGenerator.MAX_MOVES];
        Integer weight = null;
        int checked = 0;
        List<Position> inCheck = new ArrayList<>(List.of(Position.fromFen(Fixtures.CHECKMATED)));
        List<Position> positions = new ArrayList<>(Fixtures.randomPositions(11, 8, 40));
        for (String fen : SPARSE) {
            positions.add(Position.fromFen(fen));
        }
        for (Position position : positions) {
            if (position.inCheck()) {
                inCheck.add(position); // a side in check cannot hand the turn over: the term is left out
                continue;
            }
            int ours = ReferenceMoveGenerator.legalMoves(position).size();
            int theirs = ReferenceMoveGenerator.legalMoves(withTurnPassed(position)).size();
            String fen = position.toFen();
            int plain = Evaluation.evaluate(position);
            int withMobility = reach(Exercises.say("add Evaluation.evaluateWithMobility(position, moves), the"
                    + " evaluation plus a weight times (our legal moves - theirs)", "加上"
                    + " Evaluation.evaluateWithMobility(position, moves)：评价加上一个权重乘以（我方合法着法数 − 对方的）"),
                    () -> (Integer) Exercises.callStatic(Evaluation.class, "evaluateWithMobility", position, scratch));
            assertThat(position.toFen()).as(Exercises.say("evaluateWithMobility changed the position %s into %s, where it"
                    + " must leave it as it was", "evaluateWithMobility 把局面 %s 改成了 %s，可它必须让局面保持原样"),
                    fen, position.toFen()).isEqualTo(fen);
            if (ours != theirs) {
                int difference = withMobility - plain;
                assertThat(difference % (ours - theirs)).as(Exercises.say("mobility term %d for %d moves against %d, on %s: "
                        + "not a multiple of the difference", "在 %4$s 上，%2$d 步着法对 %3$d 步，灵活性一项是 %1$d："
                        + "不是着法数之差的整数倍"), difference, ours, theirs, fen).isZero();
                if (weight == null) {
                    weight = difference / (ours - theirs);
                    assertThat(weight).as(Exercises.say("the weight of one move more is %d, where it should be positive"
                            + " (more moves are better), and small beside a soldier's 100", "多一步着法的权重是 %d，"
                            + "它应当是正数（着法越多越好），而且比起一个兵的 100 分要小得多"), weight).isBetween(1, 50);
                }
                assertThat(difference).as(Exercises.say("on %s: %d legal moves against %d, a mobility term of %d, where"
                        + " weight %d gives %d%s", "在 %s 上：%d 步合法着法对 %d 步，灵活性一项是 %d，"
                        + "而按权重 %d 应是 %d%s"), fen, ours, theirs, difference, weight, weight * (ours - theirs),
                        difference == -weight * (ours - theirs) ? Exercises.say(": is the term seen from the side to move"
                                + " (its moves minus the opponent's), as evaluate's material is, with black to move too?",
                                "：这一项是不是从走子方看的（我方着法数减对方的），和 evaluate 的子力一样，黑方走子时也是？")
                                : "").isEqualTo(weight * (ours - theirs));
                checked++;
            } else {
                assertThat(withMobility - plain).as(Exercises.say("on %s both sides have %d moves, and the mobility term is %d,"
                        + " where it should be 0", "在 %s 上双方都有 %d 步着法，灵活性一项却是 %d，应当是 0"), fen,
                        ours, withMobility - plain).isZero();
            }
        }
        assertThat(checked).as(Exercises.say("positions where the sides' mobility differs", "双方灵活性不同的局面数")).isGreaterThan(20);
        for (Position position : inCheck) {
            int term = (Integer) Exercises.callStatic(Evaluation.class, "evaluateWithMobility", position, scratch)
                    - Evaluation.evaluate(position);
            assertThat(term).as(Exercises.say("on %s the side to move is in check, and the mobility term is %d,"
                    + " where it should be left out (0): a side in check cannot hand the turn over", "在 %s 上走子方"
                    + "被将军，灵活性一项却是 %d，这里应当不加（0）：被将军的一方不能把走子权交出去"), position.toFen(),
                    term).isZero();
        }

        Search search = reach(Exercises.say("add Search.withMobility(), the minimax that scores its leaves with"
                + " evaluateWithMobility", "加上 Search.withMobility()：用 evaluateWithMobility 给叶子节点打分的极大极小搜索"),
                () -> (Search) Exercises.callStatic(Search.class, "withMobility"));
        List<String> searched = new ArrayList<>(List.of(Position.START_FEN, Fixtures.MIDDLEGAME, Fixtures.ATTACK));
        searched.addAll(SPARSE);
        for (String fen : searched) {
            for (int depth = 1; depth <= 2; depth++) {
                Position position = Position.fromFen(fen);
                int score = search.search(position, depth).score();
                int expected = minimaxWithMobility(position, depth, 0, scratch);
                assertThat(score).as(Exercises.say("Search.withMobility() at depth %2$d on %1$s scores %3$d, where"
                        + " minimax with evaluateWithMobility at its leaves finds %4$d: does it score its leaves with"
                        + " evaluateWithMobility?", "Search.withMobility() 在 %s 上搜索深度 %d，得到 %d 分，而叶子节点"
                        + "用 evaluateWithMobility 打分的极大极小搜索得到 %d：叶子节点是用 evaluateWithMobility 打分的吗？"),
                        fen, depth, score, expected).isEqualTo(expected);
            }
        }
    }

    /**
     * Boards with few pieces, each side to move: a side with nothing but its general and an
     * advisor, a side with no legal move that is not in check (困毙), a lone cannon.
     */
    static final List<String> SPARSE = List.of("3k5/9/9/9/9/9/9/9/4A4/4K1R2 w - - 0 1",
            "3k5/9/9/9/9/9/9/9/4A4/4K1R2 b - - 0 1", "4k4/9/9/9/9/9/9/9/4A4/3K1c3 w - - 0 1", Fixtures.STALEMATED);

    /** The same position with the other side to move, through its FEN (only for a side not in check). */
    static Position withTurnPassed(Position position) {
        String[] fields = position.toFen().split(" ");
        fields[1] = fields[1].equals("w") ? "b" : "w";
        return Position.fromFen(String.join(" ", fields));
    }

    /** What minimax with the mobility evaluation at its leaves must return: the chapter's negamax, counted here. */
    private static int minimaxWithMobility(Position position, int depth, int ply, int[] scratch) {
        if (depth == 0) {
            return (Integer) Exercises.callStatic(Evaluation.class, "evaluateWithMobility", position, scratch);
        }
        List<Integer> moves = ReferenceMoveGenerator.legalMoves(position);
        if (moves.isEmpty()) {
            return Score.matedIn(ply);
        }
        int best = -Score.INFINITE;
        for (int move : moves) {
            position.makeMove(move);
            best = Math.max(best, -minimaxWithMobility(position, depth - 1, ply + 1, scratch));
            position.unmakeMove(move);
        }
        return best;
    }

    // ------------------------------------------------------------------ 1.2 perft split

    @Order(2)
    @Exercise(value = "1.2 perft split by captures, checks and mates", zh = "1.2 按吃子、将军和杀棋拆分的 perft",
            hint = "whether a move captures is known before it is made (is the target point taken?), a check or a mate only "
                    + "after: make every leaf's move, then ask whether the side to move is in check and has a legal move left",
            hintZh = "是不是吃子，走之前就知道（目标交叉点上有没有子）；是不是将军、将死，"
                    + "要走完才知道：每个叶子节点的着法都真的走一遍，再问走子方是否被将军、还有没有合法着法")
    @DisplayName("perft's leaves split into captures, checks, checkmates and 困毙, as a naive count finds them")
    void perftSplit() {
        record Case(String name, String fen, int depth) { }
        List<Case> cases = new ArrayList<>(List.of(
                new Case(Exercises.say("the start position", "初始局面"), Position.START_FEN, 2),
                new Case(Exercises.say("the middlegame", "中局局面"), Fixtures.MIDDLEGAME, 2),
                new Case(Exercises.say("the attack", "进攻局面"), Fixtures.ATTACK, 2),
                new Case(Exercises.say("mate in one (checkmate and 困毙 among the leaves)",
                        "一步杀（叶子节点中有将死，也有困毙）"), Fixtures.MATE_IN_ONE, 1),
                new Case(Exercises.say("mate in one", "一步杀"), Fixtures.MATE_IN_ONE, 2),
                new Case(Exercises.say("mate in two", "两步杀"), Fixtures.MATE_IN_TWO, 3)));
        for (String fen : SPARSE) {
            cases.add(new Case(Exercises.say("a board with few pieces", "只剩几个子的局面"), fen, 3));
        }
        for (Position position : Fixtures.randomPositions(7, 3, 60)) {
            cases.add(new Case(Exercises.say("a position from a random game", "随机对局中的局面"), position.toFen(), 2));
        }
        for (Case c : cases) {
            Position position = Position.fromFen(c.fen());
            Object tally = reach(Exercises.say("add Perft.tally(position, depth), which returns a record with"
                    + " leaves(), captures(), checks(), checkmates() and stalemates()", "加上 Perft.tally(position, depth)，"
                    + "返回一个带 leaves()、captures()、checks()、checkmates() 和 stalemates() 的记录"),
                    () -> Exercises.call(new Perft(c.depth()), "tally", position, c.depth()));
            List<Long> found = new ArrayList<>();
            for (String part : PARTS) {
                found.add(((Number) reach(Exercises.say("add " + part + "() to what Perft.tally returns",
                        "给 Perft.tally 返回的记录加上 " + part + "()"),
                        () -> Exercises.call(tally, part))).longValue());
            }
            List<Long> naive = naiveTally(Position.fromFen(c.fen()), c.depth());
            assertThat(found).as(Exercises.say("%s (%s), depth %d, %s: Perft.tally finds %s, where a naive count"
                    + " finds %s%s", "%s（%s），深度 %d，%s：Perft.tally 数出 %s，而朴素的计数是 %s%s"), c.name(), c.fen(),
                    c.depth(), PARTS, found, naive, mistake(found, naive)).isEqualTo(naive);
        }
    }

    /** The likely mistake behind a split that differs from the naive one, as a question; "" if none is known. */
    private static String mistake(List<Long> found, List<Long> naive) {
        if (found.size() != naive.size()) {
            return "";
        }
        if (!found.get(0).equals(naive.get(0))) {
            return Exercises.say(": are the leaves the positions exactly depth plies down, each counted once?",
                    "：叶子节点是不是恰好往下 depth 层的那些局面，每个只数一次？");
        }
        if (!found.get(1).equals(naive.get(1))) {
            return Exercises.say(": is a capture told before the move is made, by the piece on its target point?",
                    "：是不是吃子，是在走棋之前、看目标交叉点上有没有子来判断的吗？");
        }
        if (!found.get(3).equals(naive.get(3)) || !found.get(4).equals(naive.get(4))) {
            return Exercises.say(": is a checkmate a leaf in check with no legal move, and 困毙 one not in check with none?",
                    "：将死是不是被将军且没有合法着法的叶子节点，困毙是不是没被将军却也没有合法着法的？");
        }
        if (!found.get(2).equals(naive.get(2))) {
            return Exercises.say(": is a check told after the move, at the leaf alone: is the side to move there in check?",
                    "：是不是将军，是在走完之后、只在叶子节点上看的吗：那里的走子方是否被将军？");
        }
        return "";
    }

    /** The parts of a perft split, in the order {@link #naiveTally} counts them. */
    static final List<String> PARTS = List.of("leaves", "captures", "checks", "checkmates", "stalemates");

    /**
     * The split counted without {@link MoveGenerator}: {@link ReferenceMoveGenerator}'s moves,
     * its own test for an attacked general, and its (empty) move list for a side that cannot move.
     */
    static List<Long> naiveTally(Position position, int depth) {
        long[] counts = new long[PARTS.size()];
        naiveTally(position, depth, counts);
        return java.util.Arrays.stream(counts).boxed().toList();
    }

    private static void naiveTally(Position position, int depth, long[] counts) {
        for (int move : ReferenceMoveGenerator.legalMoves(position)) {
            boolean capture = position.pieceAt(Move.to(move)) != Piece.EMPTY;
            position.makeMove(move);
            if (depth > 1) {
                naiveTally(position, depth - 1, counts);
            } else {
                boolean check = naiveInCheck(position);
                boolean noMove = ReferenceMoveGenerator.legalMoves(position).isEmpty();
                counts[0]++;
                counts[1] += capture ? 1 : 0;
                counts[2] += check ? 1 : 0;
                counts[3] += check && noMove ? 1 : 0;
                counts[4] += !check && noMove ? 1 : 0;
            }
            position.unmakeMove(move);
        }
    }

    /** Is the side to move's general attacked? Asked of {@link ReferenceMoveGenerator}, which keeps the answer private. */
    private static boolean naiveInCheck(Position position) {
        int[] board = new int[Square.COUNT];
        for (int square = 0; square < Square.COUNT; square++) {
            board[square] = position.pieceAt(square);
        }
        try {
            Method attacked = ReferenceMoveGenerator.class.getDeclaredMethod("generalAttacked", int[].class, int.class);
            attacked.setAccessible(true);
            return (Boolean) attacked.invoke(null, board, position.sideToMove());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(Exercises.say("ReferenceMoveGenerator.generalAttacked cannot be called: ",
                    "ReferenceMoveGenerator.generalAttacked 无法调用：") + e, e);
        }
    }

    // ------------------------------------------------------------------ shared

    /** Reaches what a solution adds; when it is not there, fails with one line: what is missing, and {@code hint}. */
    private static <T> T reach(String hint, Supplier<T> reaching) {
        try {
            return reaching.get();
        } catch (AssertionError | ClassCastException missing) {
            throw new AssertionError(missing.getMessage() + Exercises.say(": ", "：") + hint, missing);
        }
    }
}
