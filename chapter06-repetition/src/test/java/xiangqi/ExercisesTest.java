package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The checks of this chapter's exercises (see the README's "Exercises"). Each asserts the
 * exercise's properties on the chapter's positions, both colours, and random ones: the
 * Chinese rule of one check, one chase (6.1) must change the verdict on a cycle that
 * alternates a check and a chase, for either colour, ruled at the chase's level, and no
 * other verdict; the contempt factor (6.2) must make the search turn down a draw it takes
 * without one, for whichever side is to move at the root, score the move limit's draw too,
 * and keep the table sound, from one search to the next too. The three that chapter 5 set, carried forward to this chapter's
 * search with its rules: quiescence search (6.3) must stop the horizon's blunders and the
 * odd/even swing at a modest cost, and still let the rules rule on a horizon node that
 * repeats; principal variation search (6.4) must search every move after the first with a
 * null window exactly one wide, at every node with a full window, search it again when it
 * lands inside the window, and find the same root scores and lines as alpha-beta,
 * repetitions included; null-move pruning (6.5) must pass only where it may (not at the
 * root, not in check, not twice in a row, not for a side without a chariot, horse or cannon
 * of its own), search the pass exactly R = 2 plies shallower, keep the pass out of the
 * history, halve the nodes and still find the short mates. As shipped, each fails
 * with one line that says what to add.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExercisesTest {
    /**
     * Red's chariot gives check from e7, then goes back to a7 and attacks the unprotected horse
     * on a3 anew; black's general steps aside and back: a7e7 e9d9 e7a7 d9e9 (一将一捉).
     */
    static final String CHECK_THEN_CHASE = "4k4/9/R8/9/9/9/n8/9/9/5K3 w - - 0 1";
    /** The same dance with no horse: check, then an idle move (一将一闲). */
    static final String CHECK_THEN_IDLE = "4k4/9/R8/9/9/9/9/9/9/5K3 w - - 0 1";
    /** Every red move checks: d0e0 e9d9 e0d0 d9e9 (长将). */
    static final String PERPETUAL_CHECK = "4k4/9/9/9/9/9/9/9/9/3R1K3 w - - 0 1";
    /**
     * An eight-ply cycle: red's chariot checks three times running, from e7, d7 and e7 again, and
     * only then goes back to a7 to attack the a3 horse anew, while black's general steps to d9, e9,
     * f9 and home (the elephant on e2 keeps the generals apart): a7e7 e9d9 e7d7 d9e9 d7e7 e9f9
     * e7a7 f9e9. Every red move checks or chases the horse: one check, one chase.
     */
    static final String CHECKS_THEN_CHASE = "4k4/9/R8/9/9/9/n8/4B4/9/4K4 w - - 0 1";

    /** The Chinese rules' verdict, through the method the exercise adds. */
    private static Repetition.Outcome chinese(Position position) {
        return ((Repetition.Verdict) Exercises.callStatic(Repetition.class, "judgeChinese", position)).outcome();
    }

    @Order(1)
    @Exercise(value = "6.1 one check, one chase (一将一捉)", zh = "6.1 一将一捉",
            hint = "judge already knows of every move of the cycle whether it checked and whether it chased; judgeChinese "
                    + "rules a side at the chase's level when each of its moves did one or the other, all chasing one same "
                    + "piece",
            hintZh = "judge 已经知道循环里每步着法是不是将军、是不是捉；在 judgeChinese 里，"
                    + "一方每步着法不是将军就是捉、捉的又是同一个子时，按捉的级别裁决")
    void oneCheckOneChase() {
        Position checkThenChase = Fixtures.after(CHECK_THEN_CHASE, "a7e7", "e9d9", "e7a7", "d9e9");
        Repetition.Outcome asian = Repetition.judge(checkThenChase).outcome();
        assertThat(asian).as(Exercises.say("6.1: judge, the Asian rules, now rules one check, one chase %s, where it stays a"
                + " draw: was judge changed, where judgeChinese was to be added beside it?", "按亚洲规则裁决的 judge"
                + " 现在把一将一捉判为 %s，而它应当仍是和棋：是不是改了 judge？judgeChinese 本该加在它旁边"), asian).isEqualTo(Repetition.Outcome.DRAW);
        Repetition.Outcome verdict;
        try {
            verdict = chinese(checkThenChase);
        } catch (AssertionError missing) {
            throw new AssertionError(missing.getMessage() + Exercises.say(": add it, and rule one check, one chase as 长打",
                    "：加上它，把一将一捉按长打裁决"));
        }
        assertThat(verdict).as(Exercises.say("6.1: judgeChinese after a7e7 e9d9 e7a7 d9e9 from %s (red checks, then"
                + " chases the a3 horse): %s, where one check, one chase loses, RED_LOSES", "从 %s 走 a7e7 e9d9 e7a7"
                + " d9e9 之后（红方先将军，再捉 a3 的马），judgeChinese 判为 %s，而一将一捉应当判负，即 RED_LOSES"),
                CHECK_THEN_CHASE, verdict)
                .isEqualTo(Repetition.Outcome.RED_LOSES);
        Repetition.Outcome idle = chinese(Fixtures.after(CHECK_THEN_IDLE, "a7e7", "e9d9", "e7a7", "d9e9"));
        assertThat(idle).as(Exercises.say("6.1: judgeChinese of one check, one idle move (一将一闲): %s, where it stays a"
                + " draw: is an idle move counted as a chase?", "judgeChinese 把一将一闲判为 %s，而它应当仍是和棋："
                + "是不是把闲着算成了捉？"), idle).isEqualTo(Repetition.Outcome.DRAW);
        Repetition.Outcome perpetual = chinese(Fixtures.after(PERPETUAL_CHECK, "d0e0", "e9d9", "e0d0", "d9e9"));
        assertThat(perpetual).as(Exercises.say("6.1: judgeChinese of a perpetual check: %s, where it loses, RED_LOSES, as judge"
                + " rules it", "judgeChinese 把长将判为 %s，而长将应当判负，即 RED_LOSES，和 judge 的裁决一样"),
                perpetual).isEqualTo(Repetition.Outcome.RED_LOSES);
        Repetition.Outcome none = chinese(Fixtures.after(CHECK_THEN_CHASE, "a7e7", "e9d9"));
        assertThat(none).as(Exercises.say("6.1: judgeChinese with no repetition: %s, where it is NONE",
                "没有重复局面时 judgeChinese 判为 %s，而应当是 NONE"), none)
                .isEqualTo(Repetition.Outcome.NONE);

        // The chase's level, as the exercise asks: the check-and-chase side is ruled CHASE, not CHECK.
        Repetition.Verdict ruled = (Repetition.Verdict) Exercises.callStatic(Repetition.class, "judgeChinese", checkThenChase);
        assertThat(ruled.level()[Piece.RED]).as(Exercises.say("6.1: judgeChinese rules red, who checks then chases the a3"
                + " horse, at the level %s, where one check, one chase is ruled at the chase's level, CHASE",
                "judgeChinese 把先将军、再捉 a3 马的红方判在 %s 级，而一将一捉应当按捉的级别，即 CHASE"),
                ruled.level()[Piece.RED]).isEqualTo(Repetition.Level.CHASE);

        // Both sides: the same three cycles with the colours swapped, black checking and chasing.
        String[][] flipped = {{colourFlipped(CHECK_THEN_CHASE), "BLACK_LOSES", "a2e2 e0d0 e2a2 d0e0", "一将一捉"},
            {colourFlipped(CHECK_THEN_IDLE), "DRAW", "a2e2 e0d0 e2a2 d0e0", "一将一闲"},
            {colourFlipped(PERPETUAL_CHECK), "BLACK_LOSES", "d9e9 e0d0 e9d9 d0e0", "长将"}};
        for (String[] cycle : flipped) {
            Repetition.Outcome outcome = chinese(Fixtures.after(cycle[0], cycle[2].split(" ")));
            assertThat(outcome.name()).as(Exercises.say("6.1: judgeChinese after %s from %s (black's %s): %s, where it is"
                    + " %s: are both sides' moves looked at, black's as red's?", "从 %2$s 走 %1$s 之后（黑方%3$s），"
                    + "judgeChinese 判为 %4$s，而应当是 %5$s：双方的着法都看了吗？黑方的和红方的一样？"), cycle[2], cycle[0],
                    cycle[3], outcome, cycle[1]).isEqualTo(cycle[1]);
        }

        // A longer cycle, for each colour: one check, one chase is a property of every move, in
        // whatever order and number the checks and chases come.
        String[][] longer = {{CHECKS_THEN_CHASE, "RED_LOSES", "a7e7 e9d9 e7d7 d9e9 d7e7 e9f9 e7a7 f9e9"},
            {colourFlipped(CHECKS_THEN_CHASE), "BLACK_LOSES", "a2e2 e0d0 e2d2 d0e0 d2e2 e0f0 e2a2 f0e0"}};
        for (String[] cycle : longer) {
            Position position = Fixtures.after(cycle[0], cycle[2].split(" "));
            Repetition.Outcome outcome = chinese(position);
            assertThat(outcome.name()).as(Exercises.say("6.1: judgeChinese after %s from %s (eight plies: the chariot"
                    + " checks three times running, then attacks the horse anew): %s, where it is %s (judge, by the Asian"
                    + " rules: %s): are all of a side's moves looked at, however many, and may two checks follow each"
                    + " other?", "从 %2$s 走 %1$s 之后（八步的循环：车连将三步，再回去新捉马），judgeChinese 判为 %3$s，"
                    + "而应当是 %4$s（按亚洲规则的 judge 判为 %5$s）：一方的着法都看了吗，不论有多少步？"
                    + "两步将军可以接连走吗？"), cycle[2], cycle[0], outcome, cycle[1], Repetition.judge(position).outcome())
                    .isEqualTo(cycle[1]);
        }

        // The rest is as judge rules it: at the move limit, the cycle that does not end the game
        // is ruled by the limit (a draw), under either rule book.
        for (String fen : List.of(CHECK_THEN_IDLE, CHECK_THEN_CHASE)) {
            Position atTheLimit = Fixtures.after(fen.replace(" 0 1", " 116 1"), "a7e7", "e9d9", "e7a7", "d9e9");
            Repetition.Outcome outcome = chinese(atTheLimit);
            assertThat(outcome).as(Exercises.say("6.1: judgeChinese after a7e7 e9d9 e7a7 d9e9 from %s, 120 plies without a"
                    + " capture: %s, where judge rules %s: is the move limit ruled as judge rules it?", "从 %s 走 a7e7"
                    + " e9d9 e7a7 d9e9 之后，已经 120 步没有吃子：judgeChinese 判为 %s，而 judge 判为 %s："
                    + "步数限制也像 judge 那样裁决了吗？"), fen.replace(" 0 1", " 116 1"), outcome, Repetition.judge(atTheLimit).outcome())
                    .isEqualTo(Repetition.judge(atTheLimit).outcome());
        }

        // And on cycles played out of random games (a move and a reply, then both back): a level
        // is judge's, or raised from IDLE to CHASE for a side that checked on some of its moves and
        // not all; the side with the higher level loses.
        int cycles = 0;
        java.util.Random random = new java.util.Random(61);
        for (Position position : Fixtures.randomPositions(61, 8, 40)) {
            for (int tries = 0; tries < 20; tries++) {
                boolean[] gaveCheck = new boolean[4];
                int[] cycle = shuttle(position, random, gaveCheck);
                if (cycle.length == 0) {
                    continue;
                }
                Repetition.Verdict asianVerdict = Repetition.judge(position);
                Repetition.Verdict chineseVerdict = (Repetition.Verdict) Exercises.callStatic(Repetition.class,
                        "judgeChinese", position);
                String where = position.toFen() + ", " + String.join(" ", Fixtures.uci(cycle));
                for (int i = cycle.length - 1; i >= 0; i--) {
                    position.unmakeMove(cycle[i]);
                }
                if (asianVerdict.level().length == 0) {
                    continue; // the move limit, or an earlier cycle's ruling
                }
                cycles++;
                assertThat(chineseVerdict.level()).as(Exercises.say("6.1: after %s, judgeChinese gives no levels",
                        "%s 之后，judgeChinese 没有给出级别"), where).hasSize(2);
                for (int color = Piece.RED; color <= Piece.BLACK; color++) {
                    int first = (color - position.sideToMove() + 2) % 2; // this side's first move in the cycle
                    boolean checkedSome = gaveCheck[first] || gaveCheck[first + 2];
                    boolean checkedAll = gaveCheck[first] && gaveCheck[first + 2];
                    Repetition.Level was = asianVerdict.level()[color];
                    Repetition.Level is = chineseVerdict.level()[color];
                    boolean raised = was == Repetition.Level.IDLE && is == Repetition.Level.CHASE && checkedSome
                            && !checkedAll;
                    assertThat(is == was || raised).as(Exercises.say("6.1: after %s, judge rules %s %s and"
                            + " judgeChinese %s: only a side that checked on some moves, not all, may be raised from"
                            + " IDLE to CHASE", "%s 之后，judge 把%s判为 %s，judgeChinese 判为 %s："
                            + "只有部分着法将军、并非每步都将军的一方，才能从 IDLE 升为 CHASE"), where,
                            color == Piece.RED ? Exercises.say("red", "红方") : Exercises.say("black", "黑方"), was, is)
                            .isTrue();
                }
                assertHigherLevelLoses(where, chineseVerdict);
            }
        }
        assertThat(cycles).as("6.1: cycles played out of random games").isGreaterThan(50);
        int[] longCycles = longCycles();
        assertThat(longCycles).as("6.1: six- and eight-ply cycles played out of random games; with a check; with a"
                + " chase; a side raised; a side that checked kept idle").satisfies(counts -> {
                    assertThat(counts[0]).isGreaterThan(300);
                    assertThat(counts[1]).isGreaterThan(500);
                    assertThat(counts[2]).isGreaterThan(200);
                    assertThat(counts[3]).isGreaterThan(400);
                    assertThat(counts[5]).isGreaterThan(200);
                });
    }

    /** judgeChinese's outcome follows its levels: the higher level loses, equal levels draw. */
    private static void assertHigherLevelLoses(String where, Repetition.Verdict chineseVerdict) {
        int order = chineseVerdict.level()[Piece.RED].compareTo(chineseVerdict.level()[Piece.BLACK]);
        Repetition.Outcome expected = order == 0 ? Repetition.Outcome.DRAW
                : order > 0 ? Repetition.Outcome.RED_LOSES : Repetition.Outcome.BLACK_LOSES;
        assertThat(chineseVerdict.outcome()).as(Exercises.say("6.1: after %s, judgeChinese rules the levels %s"
                + " and the outcome %s, where the higher level loses: %s", "%s 之后，judgeChinese 判定的级别是 %s，"
                + "结果是 %s，而级别高的一方负：%s"), where, java.util.Arrays.toString(chineseVerdict.level()),
                chineseVerdict.outcome(), expected).isEqualTo(expected);
    }

    /**
     * Plays {@code move} as move {@code i} of a cycle and keeps it in {@code played}, if it is a
     * move that takes nothing; else takes back the {@code i} moves before it and says no.
     */
    private static boolean playQuiet(Position position, int[] played, int i, int move) {
        if (move == Move.NONE || position.pieceAt(Move.to(move)) != Piece.EMPTY) {
            for (int j = i - 1; j >= 0; j--) {
                position.unmakeMove(played[j]);
            }
            return false;
        }
        position.makeMove(move);
        played[i] = move;
        return true;
    }

    /**
     * Plays on {@code position} a move and a reply, then both back: a four-ply cycle, each
     * move chosen at random among the legal ones, none a capture; returns the four moves, with
     * whether each gave check, or none (and the position as it was) where no such cycle came.
     */
    private static int[] shuttle(Position position, java.util.Random random, boolean[] gaveCheck) {
        int[] played = new int[4];
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        for (int i = 0; i < 4; i++) {
            int count = MoveGenerator.generateLegal(position, moves);
            int move = Move.NONE;
            if (i < 2 && count > 0) {
                move = moves[random.nextInt(count)];
            } else if (i >= 2) {
                int back = back(played[i - 2]);
                for (int j = 0; j < count; j++) {
                    move = moves[j] == back ? back : move;
                }
            }
            if (!playQuiet(position, played, i, move)) {
                return new int[0];
            }
            gaveCheck[i] = position.inCheck();
        }
        return played;
    }

    /**
     * The longer cycles, six and eight plies, played out of random games (a fixed seed): each side
     * moves one piece to two squares and back, or two pieces out and back, or a chariot or cannon
     * along a line and home, its moves chosen at random, most often among those that check or
     * attack. A side's level must be judge's, except for a side that checked on some of its moves
     * and not all; for that side the chapter's own rules read every move (see {@link CycleReading}):
     * if each of its other moves chases one same piece anew, judgeChinese must raise it to CHASE;
     * if no piece can be chased on all of them, it must leave it IDLE. The higher level loses.
     * Returns how many cycles were judged, with how many checks, chases, raises and refusals.
     */
    private static int[] longCycles() {
        java.util.Random random = new java.util.Random(61);
        int[] counts = new int[6]; // six-ply, eight-ply, with a check, with a chase, raised, kept idle
        for (Position position : Fixtures.randomPositions(61, 24, 60)) {
            for (int tries = 0; tries < 48; tries++) {
                int plies = tries % 3 == 0 ? 6 : 8;
                int[] cycle = longCycle(position, random, plies);
                if (cycle.length == 0) {
                    continue;
                }
                Repetition.Verdict asianVerdict = Repetition.judge(position);
                Repetition.Verdict chineseVerdict = (Repetition.Verdict) Exercises.callStatic(Repetition.class,
                        "judgeChinese", position);
                for (int i = cycle.length - 1; i >= 0; i--) {
                    position.unmakeMove(cycle[i]);
                }
                if (asianVerdict.cycle().length != plies || asianVerdict.occurrence() != 2) {
                    continue; // the move limit, or a shorter cycle inside this one
                }
                CycleReading reading = new CycleReading(position, cycle);
                String where = position.toFen() + ", " + String.join(" ", Fixtures.uci(cycle));
                counts[plies == 6 ? 0 : 1]++;
                counts[2] += reading.checks[Piece.RED] + reading.checks[Piece.BLACK] > 0 ? 1 : 0;
                counts[3] += reading.chases(Piece.RED) || reading.chases(Piece.BLACK) ? 1 : 0;
                assertThat(chineseVerdict.level()).as(Exercises.say("6.1: after %s, judgeChinese gives no levels",
                        "%s 之后，judgeChinese 没有给出级别"), where).hasSize(2);
                for (int color = Piece.RED; color <= Piece.BLACK; color++) {
                    Repetition.Level was = asianVerdict.level()[color];
                    Repetition.Level is = chineseVerdict.level()[color];
                    Repetition.Level expected = reading.expected(color, was);
                    String side = color == Piece.RED ? Exercises.say("red", "红方") : Exercises.say("black", "黑方");
                    if (expected == Repetition.Level.CHASE && was == Repetition.Level.IDLE) {
                        counts[4]++;
                        assertThat(is).as(Exercises.say("6.1: after %s (%d plies), judgeChinese rules %s %s, where one"
                                + " check, one chase raises it to CHASE: its moves were %s (pieces named by their"
                                + " squares when the cycle began), each a check or a new chase of the piece from %s."
                                + " Are all of a side's moves looked at, however many the cycle has, and may two"
                                + " checks, or two chases, follow each other?", "%s 之后（%d 步的循环），judgeChinese"
                                + " 把%s判为 %s，而一将一捉应当升为 CHASE：它的着法是 %s（棋子按循环开始时所在的交叉点称呼），"
                                + "每步不是将军，就是新捉原在 %s 的那个子。一方的着法都看了吗，不论循环有多少步？"
                                + "两步将军、或者两步捉，可以接连走吗？"), where, plies, side, is, reading.story(color),
                                Square.name(reading.surelyChased(color))).isEqualTo(Repetition.Level.CHASE);
                    } else if (expected == Repetition.Level.IDLE && reading.checks[color] > 0) {
                        counts[5]++;
                        assertThat(is).as(Exercises.say("6.1: after %s (%d plies), judgeChinese rules %s %s, where it"
                                + " stays IDLE: its moves were %s (pieces named by their squares when the cycle began),"
                                + " and no one piece is chased anew on every one of those that do not check. Are all of"
                                + " a side's moves looked at, not only the last ones or two of them, and must every"
                                + " move that does not check chase one and the same piece?", "%s 之后（%d 步的循环），"
                                + "judgeChinese 把%s判为 %s，而它应当仍是 IDLE：它的着法是 %s（棋子按循环开始时所在的交叉点"
                                + "称呼），在不将军的那几步里，没有哪一个子是每步都被新捉的。一方的着法都看了吗，"
                                + "而不只是最后几步或其中两步？不将军的每一步，都必须捉同一个子吗？"), where, plies, side, is,
                                reading.story(color)).isEqualTo(Repetition.Level.IDLE);
                    } else if (expected != null) {
                        assertThat(is).as(Exercises.say("6.1: after %s (%d plies), judge rules %s %s and judgeChinese"
                                + " %s: only a side that checked on some moves, not all, may be raised from IDLE to"
                                + " CHASE; its moves were %s", "%s 之后（%d 步的循环），judge 把%s判为 %s，judgeChinese"
                                + " 判为 %s：只有部分着法将军、并非每步都将军的一方，才能从 IDLE 升为 CHASE；它的着法是 %s"),
                                where, plies, side, was, is, reading.story(color)).isEqualTo(expected);
                    } else {
                        assertThat(is).as(Exercises.say("6.1: after %s, judge rules %s %s and judgeChinese %s: a side"
                                + " may only be raised from IDLE to CHASE", "%s 之后，judge 把%s判为 %s，judgeChinese"
                                + " 判为 %s：一方只能从 IDLE 升为 CHASE"), where, side, was, is)
                                .isIn(Repetition.Level.IDLE, Repetition.Level.CHASE);
                    }
                }
                assertHigherLevelLoses(where, chineseVerdict);
            }
        }
        return counts;
    }

    /**
     * Plays on {@code position} a cycle of six or eight plies that should bring it back, or none
     * (and the position as it was). In eight plies each side, drawn at random, moves one piece out
     * and back twice (to two squares), or two pieces out and back in the same order, or in the
     * opposite order, or one piece out to check and back, twice; in six, each side runs a chariot or
     * cannon along a line, twice forward (the first time, one time in four, to check), then home.
     * No move is a capture.
     */
    private static int[] longCycle(Position position, java.util.Random random, int plies) {
        int[] played = new int[plies];
        // Plans 0 and 3 bring a side back after its second move: were both sides back there, the
        // position would have come back after four plies, so the other side moves two pieces.
        int[] plan = {random.nextInt(4), random.nextInt(4)};
        if (plies == 8 && plan[0] % 3 == 0 && plan[1] % 3 == 0) {
            plan[1] = 1 + random.nextInt(2);
        }
        for (int i = 0; i < plies; i++) {
            int side = i % 2;
            int step = i / 2;
            int first = step > 0 ? played[side] : Move.NONE; // this side's first move, and second, and third
            int second = step > 1 ? played[side + 2] : Move.NONE;
            int third = step > 2 ? played[side + 4] : Move.NONE;
            int move;
            if (plies == 6) {
                java.util.function.IntPredicate runner = m -> {
                    int type = Piece.type(position.pieceAt(Move.from(m)));
                    return type == Piece.CHARIOT || type == Piece.CANNON;
                };
                move = switch (step) {
                    case 0 -> plan[side] == 3 ? checkingMove(position, random, runner) : out(position, random, runner);
                    case 1 -> out(position, random, m -> Move.from(m) == Move.to(first)
                            && Move.to(m) != Move.from(first) && onOneLine(first, m));
                    default -> legal(position, Move.of(Move.to(second), Move.from(first)));
                };
            } else {
                move = switch (plan[side] * 4 + step) {
                    case 0, 4, 8 -> out(position, random, m -> true);
                    case 1, 11 -> legal(position, back(first));
                    case 2 -> out(position, random, m -> Move.from(m) == Move.from(first) && Move.to(m) != Move.to(first));
                    case 3, 15 -> legal(position, back(third));
                    case 10 -> legal(position, back(second));
                    case 5, 9 -> out(position, random, m -> Move.from(m) != Move.to(first));
                    case 6, 13 -> legal(position, back(first));
                    case 12 -> checkingMove(position, random, m -> true);
                    case 14 -> checkingMove(position, random, m -> Move.from(m) == Move.from(first)
                            && Move.to(m) != Move.to(first));
                    default -> legal(position, back(second)); // case 7
                };
            }
            if (!playQuiet(position, played, i, move)) {
                return new int[0];
            }
        }
        return played;
    }

    /** Do two moves, the second from where the first went, run along one rank or one file? */
    private static boolean onOneLine(int first, int second) {
        boolean alongRank = Square.rank(Move.from(first)) == Square.rank(Move.to(first));
        return alongRank ? Square.rank(Move.to(second)) == Square.rank(Move.from(first))
                : Square.file(Move.to(second)) == Square.file(Move.from(first));
    }

    private static int back(int move) {
        return Move.of(Move.to(move), Move.from(move));
    }

    /** {@code move} if it is legal here, else none. */
    private static int legal(Position position, int move) {
        return MoveGenerator.isLegal(position, move, new int[MoveGenerator.MAX_MOVES]) ? move : Move.NONE;
    }

    /**
     * A legal move that takes nothing and passes {@code wanted}, at random: half the time among
     * those that give check, a quarter among those after which the mover could take something with
     * gain, a quarter among all (a preferred kind that has none falls back to the next).
     */
    private static int out(Position position, java.util.Random random, java.util.function.IntPredicate wanted) {
        return out(position, random, wanted, random.nextInt(4));
    }

    /**
     * A legal move that takes nothing, passes {@code wanted} and gives check, at random, by a piece
     * that could take something with gain where it stands (so that it may chase it anew on its way
     * back); or none.
     */
    private static int checkingMove(Position position, java.util.Random random,
            java.util.function.IntPredicate wanted) {
        int[] captures = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.generateLegal(position, captures, MoveGenerator.CAPTURES);
        boolean[] attacker = new boolean[Square.COUNT];
        Repetition rules = new Repetition();
        for (int i = 0; i < count; i++) {
            attacker[Move.from(captures[i])] |= rules.isChase(position, captures[i]);
        }
        return out(position, random, wanted.and(m -> attacker[Move.from(m)]), -1);
    }

    /** {@link #out}, for a draw from 0 to 3, or -1: checks only. */
    private static int out(Position position, java.util.Random random, java.util.function.IntPredicate wanted,
            int draw) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.generateLegal(position, moves, MoveGenerator.QUIETS);
        List<List<Integer>> kinds = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        int[] identity = java.util.stream.IntStream.range(0, Square.COUNT).toArray();
        for (int i = 0; i < count; i++) {
            if (wanted.test(moves[i])) {
                position.makeMove(moves[i]);
                boolean attacks = !CycleReading.inReach(position, new Repetition(), identity, true).isEmpty();
                int kind = position.inCheck() ? 0 : attacks ? 1 : 2;
                position.unmakeMove(moves[i]);
                if (kind < 2) {
                    kinds.get(kind).add(moves[i]);
                }
                kinds.get(2).add(moves[i]);
            }
        }
        for (int kind = draw < 2 ? 0 : draw == 2 ? 1 : 2; kind < (draw < 0 ? 1 : 3); kind++) {
            if (!kinds.get(kind).isEmpty()) {
                return kinds.get(kind).get(random.nextInt(kinds.get(kind).size()));
            }
        }
        return Move.NONE;
    }

    /**
     * What the chapter's own rules tell of each side's moves in a cycle, move by move: whether it
     * gave check; which enemy pieces the mover could take next with gain ({@code isChase}, the rule
     * judge applies to a capture: a piece chased anew is one of these); and which of those no piece
     * of the mover attacked before the move (each of those is surely chased anew: nothing threatened
     * it before, no attack on it is an old one). A piece is known by the square it stood on when the
     * cycle began. So a side that checked on some of its moves, not all, must be raised to CHASE
     * when one piece is surely chased on each of its other moves, and must stay IDLE when no piece
     * is within reach on all of them; between the two the finer rules decide, and either is taken.
     */
    private static final class CycleReading {
        final int[] checks = new int[2];
        private final java.util.BitSet[] mayBeChased = {everyPiece(), everyPiece()};
        private final java.util.BitSet[] surelyChased = {everyPiece(), everyPiece()};
        private final boolean[] chasedSome = new boolean[2];
        private final List<List<String>> story = List.of(new ArrayList<>(), new ArrayList<>());

        /** Reads {@code cycle}, played from {@code position}, which it leaves as it was. */
        CycleReading(Position position, int[] cycle) {
            Repetition rules = new Repetition();
            int[] identity = java.util.stream.IntStream.range(0, Square.COUNT).toArray();
            int[] moves = new int[MoveGenerator.MAX_MOVES];
            for (int move : cycle) {
                int mover = position.sideToMove();
                // Before the move, as judge looks at it: the pieces the mover attacked at all, and
                // those it threatened (could take with gain; in check, attacked with a piece that
                // may chase): a threatened piece is not chased anew.
                boolean inCheck = position.inCheck();
                java.util.BitSet attackedBefore = new java.util.BitSet();
                java.util.BitSet threatenedBefore = new java.util.BitSet();
                int count = MoveGenerator.generatePseudoLegal(position, moves);
                for (int i = 0; i < count; i++) {
                    int attacker = Piece.type(position.pieceAt(Move.from(moves[i])));
                    int victim = position.pieceAt(Move.to(moves[i]));
                    if (victim != Piece.EMPTY) {
                        attackedBefore.set(identity[Move.to(moves[i])]);
                    }
                    if (victim != Piece.EMPTY && inCheck && Piece.type(victim) != Piece.GENERAL
                            && attacker != Piece.GENERAL && attacker != Piece.SOLDIER) {
                        threatenedBefore.set(identity[Move.to(moves[i])]);
                    }
                }
                if (!inCheck) {
                    threatenedBefore.or(inReach(position, rules, identity, false));
                }
                position.makeMove(move);
                identity[Move.to(move)] = identity[Move.from(move)];
                if (position.inCheck()) {
                    checks[mover]++;
                    story.get(mover).add(Exercises.say("%s checks", "%s 将军", Move.toUci(move)));
                    continue;
                }
                java.util.BitSet may = inReach(position, rules, identity, true);
                java.util.BitSet sure = (java.util.BitSet) may.clone();
                may.andNot(threatenedBefore);
                sure.andNot(attackedBefore);
                mayBeChased[mover].and(may);
                surelyChased[mover].and(sure);
                chasedSome[mover] |= !sure.isEmpty();
                java.util.BitSet perhaps = (java.util.BitSet) may.clone();
                perhaps.andNot(sure);
                String uci = Move.toUci(move);
                String text = may.isEmpty() ? Exercises.say("%s chases nothing anew", "%s 没有新捉哪个子", uci)
                        : sure.isEmpty() ? Exercises.say("%s perhaps chases %s anew", "%s 也许新捉 %s", uci, names(perhaps))
                        : Exercises.say("%s chases %s anew", "%s 新捉 %s", uci, names(sure));
                story.get(mover).add(text + (sure.isEmpty() || perhaps.isEmpty() ? ""
                        : Exercises.say(", perhaps %s too", "，也许还有 %s", names(perhaps))));
            }
            for (int i = cycle.length - 1; i >= 0; i--) {
                position.unmakeMove(cycle[i]);
            }
        }

        /** The level judgeChinese must give {@code color}, whom judge ruled {@code asian}; null for either. */
        Repetition.Level expected(int color, Repetition.Level asian) {
            if (asian != Repetition.Level.IDLE || checks[color] == 0) {
                return asian;
            }
            if (!surelyChased[color].isEmpty()) {
                return Repetition.Level.CHASE;
            }
            return mayBeChased[color].isEmpty() ? Repetition.Level.IDLE : null;
        }

        /** Did {@code color} surely chase some piece anew on some move? */
        boolean chases(int color) {
            return chasedSome[color];
        }

        /** The square, when the cycle began, of a piece surely chased on each of {@code color}'s other moves than checks. */
        int surelyChased(int color) {
            return surelyChased[color].nextSetBit(0);
        }

        /** {@code color}'s moves, each with what it did. */
        String story(int color) {
            return String.join(Exercises.say("; ", "；"), story.get(color));
        }

        /**
         * The enemy pieces, by {@code identity}, that a side could take with gain, as judge asks it:
         * the side to move, or with {@code justMoved} the side that has just moved, were it its turn again.
         */
        static java.util.BitSet inReach(Position position, Repetition rules, int[] identity, boolean justMoved) {
            java.util.BitSet reach = new java.util.BitSet();
            int[] captures = new int[MoveGenerator.MAX_MOVES];
            if (justMoved) {
                position.passTurn();
            }
            int count = MoveGenerator.generateLegal(position, captures, MoveGenerator.CAPTURES);
            for (int i = 0; i < count; i++) {
                if (rules.isChase(position, captures[i])) {
                    reach.set(identity[Move.to(captures[i])]);
                }
            }
            if (justMoved) {
                position.passTurn();
            }
            return reach;
        }

        private static java.util.BitSet everyPiece() {
            java.util.BitSet all = new java.util.BitSet();
            all.set(0, Square.COUNT);
            return all;
        }

        private static String names(java.util.BitSet squares) {
            return String.join(" ", squares.stream().mapToObj(Square::name).toList());
        }
    }

    /**
     * The start position after a shuffle of red's a0 chariot and black's general, in which
     * red's a1a0 brings back, for the third time, the position after a1a0 and after a2a0: a
     * draw by repetition, which red may take at once.
     */
    static final String[] SHUFFLE = {"a0a1", "e9e8", "a1a0", "e8e9", "a0a2", "e9e8", "a2a0", "e8d8", "a0a1", "d8e8"};

    @Order(2)
    @Exercise(value = "6.2 the contempt factor (藐视因子)", zh = "6.2 藐视因子",
            hint = "a draw's score depends on whose draw it is: the side to move at the root, or its opponent (the ply tells); "
                    + "and the table keeps a draw's score out, so mind the new scores there",
            hintZh = "和棋的分值取决于是谁的和棋：根节点的走子方，还是它的对手（看层数就知道）；"
                    + "置换表不存和棋的分值，新的分值在那里也要小心")
    void contempt() {
        Technique contempt;
        try {
            contempt = Exercises.constant(Technique.class, "CONTEMPT");
        } catch (AssertionError missing) {
            throw new AssertionError(missing.getMessage() + Exercises.say(": add it, and score a draw a little below"
                    + " nothing for the side the search plays for", "：加上它，和棋对搜索所代表的一方记为略低于 0"));
        }
        // Both sides: red after SHUFFLE, and black after its mirror, each with a draw by
        // repetition (a1a0, a8a9) that the chapter as shipped takes at depth 4, scoring 0.
        String[][] shuffles = {{Position.START_FEN, String.join(" ", SHUFFLE), "a1a0"},
            {START_BLACK, String.join(" ", SHUFFLE_BLACK), "a8a9"}};
        for (String[] shuffle : shuffles) {
            Position position = Fixtures.after(shuffle[0], shuffle[1].split(" "));
            String side = sideName(position);
            Search.Result plain = searchWith(Search.WITH_REPETITIONS).search(position, 4);
            assertThat(Move.toUci(plain.bestMove()) + " " + plain.score()).as(Exercises.say("6.2: without contempt, %s"
                    + " to move after %s plays, and scores, %s at depth 4, where the chapter as shipped takes the draw,"
                    + " %s 0: is contempt on without the technique?", "不用藐视因子，%s在 %s 之后于深度 4 的着法和分值是 %s，"
                    + "而本章原样的搜索接受和棋，即 %s 0：是不是没加这项技术，藐视因子就已经生效了？"),
                    side, shuffle[1], Move.toUci(plain.bestMove()) + " " + plain.score(), shuffle[2])
                    .isEqualTo(shuffle[2] + " 0");

            Search.Result scornful = searchWith(Search.WITH_REPETITIONS.with(contempt)).search(position, 4);
            assertThat(Move.toUci(scornful.bestMove()))
                    .as(Exercises.say("6.2: with contempt, %s to move after %s still takes the draw by repetition"
                            + " (%s) at depth 4, scored %d for %s, where it should play on, standing only a little"
                            + " worse: %s", "用了藐视因子，%s在 %s 之后于深度 4 仍然走 %s、以重复局面求和，对%s得 %d 分，"
                            + "而它应当继续下，局面只是稍差：%s"), side, shuffle[1], shuffle[2], scornful.score(),
                            side, scornful.score() > 0
                                    ? Exercises.say("is the draw scored below 0 for the side to move at the root,"
                                            + " red or black, and above 0 for its opponent?", "和棋对根节点的走子方"
                                            + "（不论红黑）是不是记为低于 0、对它的对手记为高于 0？")
                                    : Exercises.say("is the repetition's draw scored with contempt too?",
                                            "重复局面的和棋也按藐视因子记分了吗？"))
                    .isNotEqualTo(shuffle[2]);
            assertThat(scornful.score()).as(Exercises.say("6.2: with contempt, %s to move after %s plays %s at depth 4"
                    + " and scores %d, where playing on a little worse scores between -100 and 0", "用了藐视因子，"
                    + "%s在 %s 之后于深度 4 走 %s，得 %d 分，而局面稍差地继续下，分值应当在 -100 和 0 之间"), side,
                    shuffle[1], Move.toUci(scornful.bestMove()), scornful.score()).isNegative().isGreaterThan(-100);

            // The table keeps no draw's score: with it, the scores are those of the search without it.
            for (int depth = 1; depth <= 4; depth++) {
                int withTable = searchWith(Search.WITH_REPETITIONS.with(contempt)).search(position, depth).score();
                int withoutTable = new Search(Search.WITH_REPETITIONS.with(contempt).without(Technique.TABLE,
                        Technique.HASH_MOVE), null).search(position, depth).score();
                assertThat(withTable).as(Exercises.say("6.2: with contempt, %s to move after %s at depth %d scores %d"
                        + " with the table and %d without: does the table keep a draw's score, plus or minus the"
                        + " contempt, which comes from the path?", "用了藐视因子，%s在 %s 之后于深度 %d，用置换表得 %d 分，"
                        + "不用时得 %d 分：置换表是不是存了和棋的分值（正负藐视因子）？这个分值来自路径"), side,
                        shuffle[1], depth, withTable, withoutTable).isEqualTo(withoutTable);
            }
        }

        // Where every move draws by the move limit (bare generals, 119 plies without a capture),
        // each side to move at the root scores the draw exactly -CONTEMPT, at every depth, with
        // the table and without it.
        for (String fen : List.of(BARE_GENERALS, BARE_GENERALS.replace(" w ", " b "))) {
            for (int depth = 1; depth <= 3; depth++) {
                for (boolean table : new boolean[] {true, false}) {
                    Search search = table ? searchWith(Search.WITH_REPETITIONS.with(contempt))
                            : new Search(Search.WITH_REPETITIONS.with(contempt).without(Technique.TABLE,
                                    Technique.HASH_MOVE), null);
                    int score = search.search(Position.fromFen(fen), depth).score();
                    assertThat(score).as(Exercises.say("6.2: with contempt, on %s (%s to move; every move draws by the"
                            + " move limit) at depth %d %s the table, the score is %d, where the draw is worth -%d"
                            + " to the side to move at the root%s", "用了藐视因子，在 %s 上（%s走；每步着法都因步数限制成和）"
                            + "深度 %d、%s置换表，分值为 %d，而和棋对根节点的走子方值 -%d%s"), fen,
                            sideName(Position.fromFen(fen)), depth, table ? Exercises.say("with", "用")
                                    : Exercises.say("without", "不用"), score, CONTEMPT_FACTOR,
                            score == 0 ? Exercises.say(": is the move limit's draw scored with contempt too?",
                                    "：步数限制的和棋也按藐视因子记分了吗？")
                                    : score == CONTEMPT_FACTOR ? Exercises.say(": is it scored for red, or for the side"
                                            + " to move, where it is for the side to move at the root?", "：是不是按红方、"
                                            + "或按当前走子方记分了？应当按根节点的走子方记分") : "")
                            .isEqualTo(-CONTEMPT_FACTOR);
                }
            }
        }

        // One table for two searches of one position, as UCI keeps it from move to move: first
        // after the game's moves, which make the opponent's reply a draw by repetition, then from
        // the FEN alone, where that reply draws nothing. The second search must score as a search
        // without the table: a draw's score, which comes from its path, must not stay in it.
        for (String[] game : CHECK_AND_BACK) {
            Position afterTheGame = Fixtures.after(game[0], game[1].split(" "));
            Position fromTheFen = Position.fromFen(afterTheGame.toFen());
            String side = sideName(afterTheGame);
            String[] moves = game[1].split(" ");
            String onlyMove = moves[2];
            String draw = moves[3];
            for (int depth = 2; depth <= 4; depth++) {
                TranspositionTable shared = new TranspositionTable(TranspositionTable.DEFAULT_MB,
                        TranspositionTable.Scheme.TWO_TIER);
                int first = new Search(Search.WITH_REPETITIONS.with(contempt), shared).search(afterTheGame, depth).score();
                assertThat(first).as(Exercises.say("6.2: with contempt, %s to move after %s from %s (in check, its only"
                        + " move %s, then %s draws by repetition) scores %d at depth %d, where the draw is worth -%d to"
                        + " the side to move at the root", "用了藐视因子，%s从 %3$s 走了 %2$s 之后（正被将军，只有一步 %4$s，"
                        + "之后 %5$s 因重复局面成和），于深度 %7$d 得 %6$d 分，而和棋对根节点的走子方值 -%8$d"), side,
                        game[1], game[0], onlyMove, draw, first, depth, CONTEMPT_FACTOR).isEqualTo(-CONTEMPT_FACTOR);
                int withTable = new Search(Search.WITH_REPETITIONS.with(contempt), shared).search(fromTheFen, depth).score();
                int withoutTable = new Search(Search.WITH_REPETITIONS.with(contempt).without(Technique.TABLE,
                        Technique.HASH_MOVE), null).search(fromTheFen, depth).score();
                assertThat(withTable).as(Exercises.say("6.2: with contempt, one table for two searches of %s (%s to"
                        + " move, in check, its only move %s) at depth %d: the first after %s from %s, where %s then"
                        + " draws by repetition, the second from the FEN alone, where it draws nothing, scores %d with"
                        + " the table and %d without: does the table keep a draw's score, which comes from its path?",
                        "用了藐视因子，两次搜索共用一张置换表，都在深度 %4$d 搜索 %1$s（%2$s走，正被将军，只有一步 %3$s）："
                        + "第一次是从 %6$s 走了 %5$s 之后，这时再走 %7$s 就因重复局面成和；第二次只从这个 FEN 开始，"
                        + "%7$s 并不成和。第二次搜索用置换表得 %8$d 分，不用时得 %9$d 分：置换表是不是存了和棋的分值？"
                        + "这个分值来自路径"),
                        fromTheFen.toFen(), side, onlyMove, depth, game[1], game[0], draw, withTable, withoutTable)
                        .isEqualTo(withoutTable);
            }
        }
    }

    /**
     * Red's general steps to e0 and back, black's chariot checks from a0 and goes back to a9;
     * then once more, to the check: red, a horse up, has one move, e0e1, and black's a0a9 then
     * brings back the first position for the third time, a draw. Set up from its FEN, the same
     * position repeats nothing. With it, the same with the colours swapped.
     */
    static final String[][] CHECK_AND_BACK = {
        {"r2k5/9/9/9/7R1/6N2/9/9/4K4/9 w - - 0 1", "e1e0 a9a0 e0e1 a0a9 e1e0 a9a0"},
        {"9/4k4/9/9/6n2/7r1/9/9/9/R2K5 b - - 0 1", "e8e9 a0a9 e9e8 a9a0 e8e9 a0a9"}};

    /** The contempt factor the exercise asks for: half a soldier. */
    static final int CONTEMPT_FACTOR = 50;
    /** The start position with black to move. */
    static final String START_BLACK = Position.START_FEN.replace(" w ", " b ");
    /** {@link #SHUFFLE} with the colours swapped: black's a9 chariot and red's general, from {@link #START_BLACK}. */
    static final String[] SHUFFLE_BLACK = {"a9a8", "e0e1", "a8a9", "e1e0", "a9a7", "e0e1", "a7a9", "e1d1", "a9a8", "d1e1"};
    /** The two generals alone, 119 plies after the last capture: every move draws by the move limit. */
    static final String BARE_GENERALS = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 119 80";

    /** "red" or "black", the side to move, in the language of the report. */
    private static String sideName(Position position) {
        return position.sideToMove() == Piece.RED ? Exercises.say("red", "红方") : Exercises.say("black", "黑方");
    }

    /** Depth 4 on the start position after {@link #SHUFFLE}, the game's moves on the stack. */
    static Search.Result search(Techniques techniques) {
        return search(techniques, 4);
    }

    /** {@code depth} on the start position after {@link #SHUFFLE}, with a fresh 16 MB table. */
    static Search.Result search(Techniques techniques, int depth) {
        return new Search(techniques, new TranspositionTable(TranspositionTable.DEFAULT_MB,
                TranspositionTable.Scheme.TWO_TIER)).search(Fixtures.after(Position.START_FEN, SHUFFLE), depth);
    }

    /** This chapter's search with these techniques, and a fresh 16 MB table. */
    private static Search searchWith(Techniques techniques) {
        return new Search(techniques, new TranspositionTable(TranspositionTable.DEFAULT_MB,
                TranspositionTable.Scheme.TWO_TIER));
    }

    /** The technique an exercise adds, or the one line that says it is missing and what it is for. */
    private static Technique technique(String name, String whatFor, String whatForZh) {
        try {
            return Exercises.constant(Technique.class, name);
        } catch (AssertionError missing) {
            throw new AssertionError(missing.getMessage()
                    + Exercises.say(": add it, and " + whatFor, "：加上它，" + whatForZh));
        }
    }

    /**
     * The start position without red's i0 chariot, after {@link #SHUFFLE}: red, a chariot
     * down, can draw at once by a1a0, which brings a position back for the third time.
     */
    static final String CHARIOT_DOWN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1";

    @Order(3)
    @Exercise(value = "6.3 quiescence search (静态搜索)", zh = "6.3 静态搜索",
            hint = "as in 5.1, but this chapter's alphaBeta rules on repetitions before anything else: search the captures "
                    + "where the evaluation was, after the rules, and only captures",
            hintZh = "和 5.1 一样，但本章的 alphaBeta 先按规则裁决重复局面："
                    + "在原来评价的地方、在规则之后搜索吃子着法，而且只搜吃子着法")
    void quiescence() {
        Technique quiescence = technique("QUIESCENCE", "search the captures at the horizon",
                "在水平线处接着搜索吃子着法");
        Techniques techniques = Search.WITH_REPETITIONS.with(quiescence);

        // At depth 1 the plain search takes a horse with the cannon (b2b9) and stops: it does not
        // see the chariot take the cannon back. Quiescence sees the recapture, in a moment: captures
        // run out, quiet moves do not.
        Search.Result start;
        try {
            start = assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> searchWith(techniques).search(Position.startPosition(), 1));
        } catch (AssertionError timedOut) {
            throw new AssertionError(Exercises.say("6.3: depth 1 from the start did not finish in 30 seconds: are"
                    + " only captures searched below the horizon?", "从初始局面搜索深度 1，30 秒内没有结束："
                    + "水平线以下是不是只搜吃子着法？"));
        }
        assertThat(Move.toUci(start.bestMove()))
                .as(Exercises.say("6.3: depth 1 from the start still plays b2b9, the cannon taking a defended horse,"
                        + " and scores %d: are the captures below the horizon searched?", "从初始局面搜索深度 1，"
                        + "仍然走 b2b9，用炮去吃有保护的马，得 %d 分：水平线以下的吃子着法搜索了吗？"), start.score()).isNotEqualTo("b2b9");
        assertThat(Math.abs(start.score())).as(Exercises.say("6.3: depth 1 from the start scores %d, where a quiet search"
                + " stays within a soldier (100) of 0: may the side to move stand pat, not capture?", "从初始局面"
                + "搜索深度 1，得 %d 分，而加了静态搜索，分值离 0 不会超过一个兵（100）：走子方可以不吃子、就此站定（stand pat）吗？"),
                start.score())
                .isLessThan(100);

        // The red chariot must not take the soldier that the black chariot defends...
        Search.Result defended = searchWith(techniques).search(Position.fromFen(Fixtures.DEFENDED_SOLDIER), 1);
        assertThat(Move.toUci(defended.bestMove()))
                .as(Exercises.say("6.3: depth 1 on %s, the chariot still takes the defended soldier (a0a5), scoring"
                        + " %d, where the recapture should keep it home: is each capture's score negated for the side"
                        + " that made it?", "在 %s 上搜索深度 1，车仍然去吃有保护的兵（a0a5），得 %d 分，"
                        + "而对方能吃回来，车应当留在原处：每个吃子着法的分值，都为走这步的一方取负了吗？"),
                        Fixtures.DEFENDED_SOLDIER, defended.score()).isNotEqualTo("a0a5");
        // ... and must still take the chariot that nothing defends: standing pat is a choice, not a must.
        Search.Result hanging = searchWith(techniques).search(Position.fromFen(Fixtures.HANGING_CHARIOT), 1);
        assertThat(Move.toUci(hanging.bestMove()))
                .as(Exercises.say("6.3: depth 1 on %s plays %s, where it should take the hanging chariot (a0a5)",
                        "在 %s 上搜索深度 1，走的是 %s，而应当吃掉没有保护的车（a0a5）"),
                        Fixtures.HANGING_CHARIOT, Move.toUci(hanging.bestMove())).isEqualTo("a0a5");
        // The same two with the colours swapped: black's chariot, on a9, to move.
        String defendedBlack = colourFlipped(Fixtures.DEFENDED_SOLDIER);
        Search.Result blackDefended = searchWith(techniques).search(Position.fromFen(defendedBlack), 1);
        assertThat(Move.toUci(blackDefended.bestMove()))
                .as(Exercises.say("6.3: depth 1 on %s, black's chariot takes the defended soldier (a9a4), scoring %d,"
                        + " where red's recapture should keep it home: are the captures below the horizon searched for"
                        + " black as for red?", "在 %s 上搜索深度 1，黑车去吃有保护的兵（a9a4），得 %d 分，而红方能吃回来，"
                        + "黑车应当留在原处：水平线以下的吃子，黑方是不是和红方一样也搜索了？"), defendedBlack,
                        blackDefended.score()).isNotEqualTo("a9a4");
        String hangingBlack = colourFlipped(Fixtures.HANGING_CHARIOT);
        Search.Result blackHanging = searchWith(techniques).search(Position.fromFen(hangingBlack), 1);
        assertThat(Move.toUci(blackHanging.bestMove()))
                .as(Exercises.say("6.3: depth 1 on %s plays %s, where black should take the hanging chariot (a9a4)",
                        "在 %s 上搜索深度 1，走的是 %s，而黑方应当吃掉没有保护的车（a9a4）"), hangingBlack,
                        Move.toUci(blackHanging.bestMove())).isEqualTo("a9a4");

        // The root score from the start no longer swings between odd and even depths.
        List<Integer> scores = new ArrayList<>();
        for (int depth = 1; depth <= 4; depth++) {
            scores.add(searchWith(techniques).search(Position.startPosition(), depth).score());
        }
        for (int depth = 2; depth <= 4; depth++) {
            assertThat(Math.abs(scores.get(depth - 1) - scores.get(depth - 2)))
                    .as(Exercises.say("6.3: the score from the start swings by a soldier or more between depths %d and"
                            + " %d: %s, where it should stay within 100", "初始局面的分值在深度 %d 和 %d 之间"
                            + "摆动了一个兵或更多：%s，而摆动应当在 100 以内"), depth - 1, depth, scores)
                    .isLessThan(100);
        }

        // This chapter's rules come first: a horizon node that repeats is ruled (here a draw), not
        // searched for captures. Red, a chariot down, takes the draw at every depth.
        for (int depth = 1; depth <= 3; depth++) {
            Search.Result draw = searchWith(techniques).search(Fixtures.after(CHARIOT_DOWN, SHUFFLE), depth);
            assertThat(Move.toUci(draw.bestMove()) + " " + draw.score())
                    .as(Exercises.say("6.3: depth %d on %s after %s, red a chariot down, plays %s scoring %d, where"
                            + " a1a0 draws by repetition (0): is a repeated position at the horizon still ruled before"
                            + " quiescence?", "在 %2$s 上走 %3$s 之后，红方少一个车，搜索深度 %1$d，走 %4$s，"
                            + "得 %5$d 分，而 a1a0 以重复局面成和（0 分）：水平线上重复的局面，是不是仍然先按棋规裁决、"
                            + "再进入静态搜索？"), depth, CHARIOT_DOWN, String.join(" ", SHUFFLE),
                            Move.toUci(draw.bestMove()), draw.score())
                    .isEqualTo("a1a0 0");
        }
        for (int depth = 1; depth <= 3; depth++) {
            Search.Result draw = searchWith(techniques).search(Fixtures.after(colourFlipped(CHARIOT_DOWN), SHUFFLE_BLACK), depth);
            assertThat(Move.toUci(draw.bestMove()) + " " + draw.score())
                    .as(Exercises.say("6.3: depth %d on %s after %s, black a chariot down, plays %s scoring %d, where"
                            + " a8a9 draws by repetition (0): is a repeated position at the horizon still ruled before"
                            + " quiescence?", "在 %2$s 上走 %3$s 之后，黑方少一个车，搜索深度 %1$d，走 %4$s，"
                            + "得 %5$d 分，而 a8a9 以重复局面成和（0 分）：水平线上重复的局面，是不是仍然先按棋规裁决、"
                            + "再进入静态搜索？"), depth, colourFlipped(CHARIOT_DOWN), String.join(" ", SHUFFLE_BLACK),
                            Move.toUci(draw.bestMove()), draw.score())
                    .isEqualTo("a8a9 0");
        }

        // And it is cheap: a stand-pat score at or above beta cuts off at once, and only captures are
        // searched, so the nodes below the horizon cost less than the plain search's own.
        long plain = searchWith(Search.WITH_REPETITIONS).search(Position.startPosition(), 5).nodes();
        long quiet = searchWith(techniques).search(Position.startPosition(), 5).nodes();
        assertThat(quiet).as(Exercises.say("6.3: depth 5 from the start takes %,d nodes with quiescence, not less than twice"
                + " the %,d without: does standing pat at or above beta cut off at once, and are only captures"
                + " searched?", "从初始局面搜索深度 5，加上静态搜索用了 %,d 个节点，不少于不加时 %,d 个的两倍："
                + "站定的分值达到或超过 beta 时，是立即截断的吗？是不是只搜吃子着法？"), quiet, plain).isLessThan(2 * plain);
    }

    @Order(4)
    @Exercise(value = "6.4 principal variation search (主要变例搜索)", zh = "6.4 主要变例搜索",
            hint = "as in 5.2: after the first move, a null window one wide at every node with a full window, and a second "
                    + "search when the score lands inside the window",
            hintZh = "和 5.2 一样：在每个用完整窗口搜索的节点上，第一步之后用宽度为一的零窗口，"
                    + "分值落在窗口之内时再搜一遍")
    void principalVariation() {
        Technique pvs = technique("PRINCIPAL_VARIATION", "search every move after the first with a null window",
                "第一步之后的每步着法都用零窗口搜索");

        // What a listener sees of the windows, at every node and not only the root: each move
        // after the first of a node with a full window is searched first with the null window
        // (alpha, alpha + 1), exactly one wide, and searched again if it lands inside the window.
        for (String fen : List.of(Position.START_FEN, Fixtures.MIDDLEGAME)) {
            Windows windows = new Windows();
            searchWith(Search.WITH_REPETITIONS.with(pvs)).reportingTo(windows).search(Position.fromFen(fen), 5);
            assertThat(windows.wrongWindow).as(Exercises.say("6.4: %s", "%s"), windows.wrongWindow).isNull();
            assertThat(windows.notSearchedAgain).as(Exercises.say("6.4: %s", "%s"), windows.notSearchedAgain).isNull();
            assertThat(windows.firstNotFull).as(Exercises.say("6.4: %s, depth 5: %s", "局面 %s，深度 5：%s"), fen,
                    windows.firstNotFull).isNull();
            for (int ply = 0; ply < windows.nullWindows.length; ply++) {
                int nulls = windows.nullWindows[ply];
                int full = windows.fullWindows[ply];
                assertThat(nulls > full || nulls + full == 0).as(Exercises.say("6.4: %s, depth 5: at the nodes of ply %d with a"
                        + " full window, the moves after the first were searched %d times with the full window and %d"
                        + " with a null window, where nearly all should have the null window%s", "局面 %s，深度 5："
                        + "在第 %d 层带完整窗口的节点上，第一步之后的着法用完整窗口搜索了 %d 次，用零窗口搜索了 %d 次，"
                        + "而几乎都应当用零窗口%s"), fen, ply, full, nulls, ply > 0 && nulls == 0
                                ? Exercises.say(": are the null windows used below the root too?",
                                        "：根节点以下也用零窗口了吗？") : "").isTrue();
            }
        }

        // Without the table nothing but the window can change the root score: it must stay the same,
        // on random positions and where the rules rule (the shuffles, whose draws are path scores).
        Techniques noTable = Search.WITH_REPETITIONS.without(Technique.TABLE, Technique.HASH_MOVE);
        List<Position> positions = new ArrayList<>(Fixtures.randomPositions(23, 4, 40));
        positions.add(Fixtures.after(Position.START_FEN, SHUFFLE));
        positions.add(Fixtures.after(CHARIOT_DOWN, SHUFFLE));
        for (Position position : positions) {
            for (int depth = 1; depth <= 4; depth++) {
                Search.Result plainResult = new Search(noTable, null).search(position, depth);
                Windows windows = new Windows(true);
                Search.Result principalResult = new Search(noTable.with(pvs), null).reportingTo(windows)
                        .search(position, depth);
                int plain = plainResult.score();
                int principal = principalResult.score();
                assertThat(principal).as(Exercises.say("6.4: the root score of %s at depth %d, without the table: %d,"
                        + " where plain alpha-beta finds %d", "局面 %s 在深度 %d、不用置换表时的根节点分值：%d，"
                        + "而普通的 Alpha-Beta 搜索得到 %d"), position.toFen(), depth, principal, plain).isEqualTo(plain);
                // The same line, move for move: a move that lands inside the window is searched again
                // with the whole window, so its line is whole, as alpha-beta's.
                List<String> plainLine = Fixtures.uci(plainResult.pv());
                List<String> principalLine = Fixtures.uci(principalResult.pv());
                assertThat(principalLine).as(Exercises.say("6.4: the principal variation of %s at depth %d, without the"
                        + " table: %s, where plain alpha-beta's is %s: is a move that lands inside the window searched"
                        + " again with the whole window (alpha, beta), not from its own score?", "局面 %s 在深度 %d、"
                        + "不用置换表时的主要变例：%s，而普通的 Alpha-Beta 搜索得到 %s：落在窗口之内的着法，"
                        + "是用整个窗口 (alpha, beta) 重新搜索的吗？是不是从它自己的分值开始搜了？"), position.toFen(), depth,
                        principalLine, plainLine).isEqualTo(plainLine);
                assertThat(windows.firstNotFull).as(Exercises.say("6.4: %s at depth %d, without the table: %s",
                        "局面 %s 在深度 %d、不用置换表时：%s"), position.toFen(), depth, windows.firstNotFull).isNull();
                assertThat(windows.searchedAgainNeedlessly).as(Exercises.say("6.4: %s at depth %d, without the table: %s",
                        "局面 %s 在深度 %d、不用置换表时：%s"), position.toFen(), depth, windows.searchedAgainNeedlessly)
                        .isNull();
            }
        }

        // With the table, on the demo's positions at depth 6: the same scores, fewer nodes in all.
        long plainNodes = 0;
        long principalNodes = 0;
        for (String fen : List.of(Position.START_FEN, Fixtures.MIDDLEGAME, Fixtures.ATTACK)) {
            Search.Result plain = searchWith(Search.WITH_REPETITIONS).search(Position.fromFen(fen), 6);
            Search.Result principal = searchWith(Search.WITH_REPETITIONS.with(pvs)).search(Position.fromFen(fen), 6);
            assertThat(principal.score()).as(Exercises.say("6.4: the root score of %s at depth 6: %d, where plain"
                    + " alpha-beta finds %d", "局面 %s 在深度 6 的根节点分值：%d，而普通的 Alpha-Beta 搜索得到 %d"), fen,
                    principal.score(), plain.score()).isEqualTo(plain.score());
            plainNodes += plain.nodes();
            principalNodes += principal.nodes();
        }
        assertThat(principalNodes).as(Exercises.say("6.4: the nodes of the three positions at depth 6: %,d, not fewer"
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
        /** The first node with a full window whose first move was searched first with another window; null if none. */
        String firstNotFull;
        /**
         * The first move searched again whose value then lay at or below alpha: it had not landed
         * inside the window. Only a search without the table is sure of that (with it, a second
         * search may meet other entries), so only such searches set this.
         */
        String searchedAgainNeedlessly;
        private final boolean withoutTable;

        Windows() {
            this(false);
        }

        /** A listener for a search without the table, which may also ask whether a second search was needed. */
        Windows(boolean withoutTable) {
            this.withoutTable = withoutTable;
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
                if (beta - alpha > 1 && child.searches() > 0 && newSearch(children, i) && firstNotFull == null
                        && (child.firstAlpha() != alpha || child.firstBeta() != beta)) {
                    firstNotFull = Exercises.say("at ply %d, the first move %s was searched first with the window (%d, %d),"
                            + " where its node's window is (%d, %d): is the first move searched with the full window?",
                            "第 %d 层上的第一步着法 %s 先用窗口 (%d, %d) 搜索，而它所在节点的窗口是 (%d, %d)："
                            + "第一步是用完整窗口搜索的吗？", ply + 1, Move.toUci(child.move()), child.firstAlpha(),
                            child.firstBeta(), alpha, beta);
                }
                if (withoutTable && child.searches() >= 2 && child.score() <= alpha && searchedAgainNeedlessly == null) {
                    searchedAgainNeedlessly = Exercises.say("at ply %d, the move %s was searched again and scored %d, at or"
                            + " below alpha = %d: a null-window score that is not above alpha has not landed inside the"
                            + " window; is the second search asked for only when alpha < score < beta?",
                            "第 %d 层上的着法 %s 又搜了一遍，得 %d 分，不高于 alpha = %d：零窗口的分值不高于 alpha，"
                            + "就没有落在窗口之内；是不是只在 alpha < 分值 < beta 时才再搜一遍？",
                            ply + 1, Move.toUci(child.move()), child.score(), alpha);
                }
                if (newSearch(children, i) || beta - alpha <= 1 || child.searches() == 0) {
                    continue; // the first move, a move at a null-window node, or a leaf: nothing more to see
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

    /** Red and black with soldiers, advisors and elephants only: no side may pass here. */
    static final String SOLDIERS_ONLY = "2bak4/4a4/4b4/p3p3p/9/2P3P2/9/4B4/4A4/3AK1B2 w - - 0 1";
    /** Red's chariot and horse against black's soldiers and defenders: only red may pass. */
    static final String ONE_SIDE_ATTACKS = "3ak4/4a4/4b4/p3p3p/9/2P6/9/4B2N1/4A4/R2AK1B2 w - - 0 1";

    @Order(5)
    @Exercise(value = "6.5 null-move pruning (空着裁剪)", zh = "6.5 空着裁剪",
            hint = "as in 5.3, and two things more: a pass must leave the repetition history as it was, and the side to "
                    + "move does not pass when it has no chariot, horse or cannon of its own",
            hintZh = "和 5.3 一样，另加两件事：空着不能改变重复局面的历史记录；"
                    + "走子方自己没有车、马、炮时，不走空着")
    void nullMove() {
        Technique nullMove = technique("NULL_MOVE", "let the opponent move twice before searching a node's moves",
                "搜索一个节点的着法之前，先让对手连走两步");

        // Where the passes fall, as a listener sees them: never at the root, never in check, never
        // two in a row, never for the side to pass without a chariot, horse or cannon; each searched
        // exactly R = 2 plies shallower; and each out of the history, so that the rules' scan stays
        // right. (A pass answered by a pass shows only at depth 8: at depth 6 the second pass is at
        // the horizon.) The mate in three and its colours swapped have the major pieces on one side
        // only, the side that mates: the other side must never pass, whichever colour it is.
        List<String[]> searches = new ArrayList<>();
        for (String fen : List.of(Position.START_FEN, Fixtures.MIDDLEGAME, Fixtures.ATTACK, SOLDIERS_ONLY,
                Fixtures.MATE_IN_THREE, ONE_SIDE_ATTACKS)) {
            searches.add(new String[] {fen, fen.equals(Fixtures.ATTACK) ? "8" : "6", "table"});
            searches.add(new String[] {colourFlipped(fen), "6", "table"});
        }
        for (Position random : Fixtures.randomPositions(41, 3, 30)) {
            searches.add(new String[] {random.toFen(), "5", "table"});
            searches.add(new String[] {random.toFen(), "5", "no table"});
        }
        int seen = 0;
        for (String[] search : searches) {
            String fen = search[0];
            int depth = Integer.parseInt(search[1]);
            boolean table = search[2].equals("table");
            Position position = Position.fromFen(fen);
            Passes passes = new Passes(position);
            (table ? searchWith(Search.WITH_REPETITIONS.with(nullMove)) : new Search(Search.WITH_REPETITIONS.with(nullMove)
                    .without(Technique.TABLE, Technique.HASH_MOVE), null)).reportingTo(passes).search(position, depth);
            passes.finish();
            assertThat(passes.wrong).as(Exercises.say("6.5: %s at depth %d, %s: %s", "%s，深度 %d，%s：%s"), fen, depth,
                    table ? Exercises.say("with the table", "用置换表") : Exercises.say("without the table", "不用置换表"),
                    passes.wrong).isNull();
            assertThat(position.toFen() + " " + position.key()).as(Exercises.say("6.5: %s after a search with null-move"
                    + " pruning, the position (and its key)", "%s 用空着裁剪搜索之后的局面（及其键值）"), fen).isEqualTo(fen + " " + Position.fromFen(fen).key());
            seen += passes.passes;
        }
        assertThat(seen).as(Exercises.say("6.5: in %d searches at depths 5 to 8, no node under a pass was reported (a"
                + " listener sees a pass by the nodes searched under it): is a pass made, with Position.passTurn(),"
                + " and searched depth - 1 - R plies deep, R = 2? A larger R leaves nothing under it to see",
                "在深度 5 到 8 的 %d 次搜索里，监听器没有收到空着之下任何节点的报告（监听器靠空着之下搜索的节点看到空着）："
                + "走空着了吗（用 Position.passTurn()）？空着之后是按 depth - 1 - R 层、R = 2 搜索的吗？"
                + "R 再大，空着之下就没有节点可看了"), searches.size()).isPositive();

        // The demo's three positions at depth 6: less than half the nodes, and scores near the plain
        // search's (a pruned search is another search, but a pass only prunes, it does not judge).
        long plainNodes = 0;
        long pruningNodes = 0;
        for (String fen : List.of(Position.START_FEN, Fixtures.MIDDLEGAME, Fixtures.ATTACK)) {
            Search.Result plain = searchWith(Search.WITH_REPETITIONS).search(Position.fromFen(fen), 6);
            Search.Result pruning = searchWith(Search.WITH_REPETITIONS.with(nullMove)).search(Position.fromFen(fen), 6);
            plainNodes += plain.nodes();
            pruningNodes += pruning.nodes();
            assertThat(Math.abs(pruning.score() - plain.score())).as(Exercises.say("6.5: %s at depth 6 scores %d with"
                    + " null-move pruning and %d without: more than three soldiers apart, where a pass should only prune"
                    + " moves, not change what the position is worth: is the pass's score negated?", "局面 %s 在深度 6，"
                    + "用空着裁剪得 %d 分，不用时得 %d 分：相差超过三个兵，而空着只应当剪掉着法，不应当改变局面的价值："
                    + "空着之后的分值取负了吗？"), fen, pruning.score(), plain.score())
                    .isLessThanOrEqualTo(300);
        }
        assertThat(pruningNodes).as(Exercises.say("6.5: the three positions at depth 6 take %,d nodes with null-move pruning,"
                + " not less than half of the %,d without: is the pass searched R = 2 plies shallower, with the null"
                + " window at beta?", "三个局面在深度 6 用空着裁剪共搜了 %,d 个节点，不少于不用时 %,d 个的一半："
                + "空着之后是少搜 R = 2 层、用 beta 处的零窗口搜索的吗？"), pruningNodes, plainNodes).isLessThan(plainNodes / 2);

        // Short mates are still found: a pass is never tried in check, nor with a mate score at stake;
        // and the mate in three at depth 6, where the side that is mated has no piece to pass with.
        String[][] mates = {{Fixtures.MATE_IN_ONE, "4"}, {Fixtures.MATE_IN_TWO, "4"}, {Fixtures.MATE_IN_THREE, "6"},
            {colourFlipped(Fixtures.MATE_IN_THREE), "6"}};
        for (String[] mate : mates) {
            String fen = mate[0];
            int depth = Integer.parseInt(mate[1]);
            int plain = searchWith(Search.WITH_REPETITIONS).search(Position.fromFen(fen), depth).score();
            int pruning = searchWith(Search.WITH_REPETITIONS.with(nullMove)).search(Position.fromFen(fen), depth).score();
            assertThat(pruning).as(Exercises.say("6.5: %s at depth %d scores %s with null-move pruning, where the plain"
                    + " search finds %s: is a pass tried in check, with a mate score at stake, or by a side with no"
                    + " chariot, horse or cannon (count the pieces of the side to move, the side that passes)?",
                    "局面 %s 在深度 %d，用空着裁剪得 %s，而普通的搜索得到 %s：是不是在被将军时、分值关系到杀棋时，"
                    + "或者没有车、马、炮的一方也走了空着（数的应当是走子方、也就是走空着一方的子）？"),
                    fen, depth, Score.toUci(pruning), Score.toUci(plain))
                    .isEqualTo(plain);
        }
    }

    /** The same position with colours swapped: ranks flipped, case swapped, the other side to move. */
    static String colourFlipped(String fen) {
        String[] fields = fen.split(" ");
        List<String> ranks = new ArrayList<>(List.of(fields[0].split("/")));
        java.util.Collections.reverse(ranks);
        StringBuilder board = new StringBuilder();
        for (char c : String.join("/", ranks).toCharArray()) {
            board.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
        }
        return board + (fields[1].equals("w") ? " b" : " w") + " - - 0 1";
    }

    /**
     * The passes of a search, as a listener sees them. Each report comes while the child is
     * still on the board, so the path from the root can be read off the position: its real
     * moves are the history since the root, and the plies they do not account for are passes
     * ({@link Position#passTurn} leaves the history alone). Replaying the moves on a copy of the
     * root, a key that differs from the one the history noted before a move by the side to
     * move alone shows one pass there; a key that differs otherwise, a pass that did not put
     * the key back or a move that is no move. The passes the plies count and the replay does
     * not see are a pass answered by a pass, which leaves the key as it was.
     */
    private static final class Passes implements SearchListener {
        /** The reduction the exercise asks for: the pass is searched R = 2 plies shallower. */
        private static final int NULL_MOVE_R = 2;
        private final Position position;
        private final String rootFen;
        private final int rootLength;
        /** The deepest ply reported under a pass in the running iteration; -1 for none. */
        private int deepestUnderPass = -1;
        /** The most that the deepest node under a pass reached, relative to its iteration's depth, and that depth. */
        private int deepestGap = Integer.MIN_VALUE;
        private int gapDepth;
        /** Reports under a pass seen in all. */
        int passes;
        /** What went wrong first, in words; null if nothing did. */
        String wrong;

        Passes(Position position) {
            this.position = position;
            this.rootFen = position.toFen();
            this.rootLength = position.historyLength();
        }

        @Override
        public void searched(int ply, int move, int alpha, int beta, int score, MovePicker.Stage stage) {
            int moves = position.historyLength() - rootLength;
            if (wrong != null || moves == ply) {
                return; // no pass on this path
            }
            String path = path();
            if (moves > ply) {
                wrong = Exercises.say("the path %s has %d moves in the history at ply %d: a pass went into the"
                        + " history, where it makes the rules count a cycle through it", "路径 %1$s 在第 %3$d 层时历史记录里"
                        + "有 %2$d 步着法：空着进了历史记录，棋规就会把经过它的循环也算进去", path, moves, ply);
                return;
            }
            passes++;
            deepestUnderPass = Math.max(deepestUnderPass, ply);
            Position replay = Position.fromFen(rootFen);
            int seenPasses = 0;
            for (int i = rootLength; i < position.historyLength(); i++) {
                long noted = position.keyBefore(i);
                if (noted != replay.key()) {
                    if (noted != (replay.key() ^ Zobrist.BLACK_TO_MOVE)) {
                        wrong = Exercises.say("on the path %s, the key before move %d is neither the position's nor"
                                + " the position's after a pass: does the pass put the key back?", "在路径 %s 上，"
                                + "第 %d 步着法之前的键值，既不是局面的键值，也不是走空着之后的：空着之后把键值恢复了吗？",
                                path, i - rootLength + 1);
                        return;
                    }
                    String where = i == rootLength ? Exercises.say("at the root", "在根节点")
                            : Exercises.say("after %s", "%s 之后", Move.toUci(position.moveAt(i - 1)));
                    if (i == rootLength) {
                        wrong = Exercises.say("on the path %s, the root passed, or a pass was not taken back",
                                "在路径 %s 上，根节点走了空着，或者走过的空着没有退回", path);
                    } else if (replay.inCheck()) {
                        wrong = Exercises.say("on the path %s, a side in check passed (%s)", "在路径 %s 上，"
                                + "被将军的一方走了空着（%s）", path, where);
                    } else if (!hasAttacker(replay)) {
                        wrong = Exercises.say("on the path %s, %s passed (%s) with no chariot, horse or cannon of its"
                                + " own, where passing may be better than every move (困毙): are the pieces counted those"
                                + " of the side to move, the side that passes?", "在路径 %s 上，%s走了空着（%s），而它自己"
                                + "没有车、马、炮，这时不走可能比走哪步着法都好（欠行）：数的是走子方、也就是走空着一方的子吗？",
                                path, sideName(replay), where);
                    }
                    if (wrong != null) {
                        return;
                    }
                    replay.passTurn();
                    seenPasses++;
                }
                replay.makeMove(position.moveAt(i));
            }
            if (ply - moves > seenPasses) {
                wrong = Exercises.say("the path %s is %d plies deep with %d moves, but only %d pass%s show in its keys:"
                        + " a pass was answered by a pass (two null moves in a row)", "路径 %s 深 %d 层、有 %d 步着法，"
                        + "键值里却只看得出 %d 次空着%s：走空着之后对方也走了空着（连着两次空着）", path, ply, moves,
                        seenPasses, seenPasses == 1 ? "" : Exercises.say("es", ""));
                return;
            }
            // Under a pass made where beta was a mate score (or infinity), the null window is one
            // of mate scores, and so is every window below it: a pass cannot settle such a beta.
            if (Score.isMate(alpha) && Score.isMate(beta)) {
                wrong = Exercises.say("on the path %s, a node under a pass was searched with the window (%d, %d): the pass"
                        + " was made where beta was a mate score (or infinity), which a pass cannot settle: is the pass"
                        + " left out when beta is a mate score?", "在路径 %s 上，空着之下的一个节点用窗口 (%d, %d) 搜索："
                        + "走空着时 beta 是杀棋分（或无穷大），空着判断不了杀棋：beta 是杀棋分时不走空着了吗？",
                        path, alpha, beta);
            }
        }

        @Override
        public void root(int depth, int alpha, int beta, int score) {
            if (wrong == null && deepestUnderPass > depth - NULL_MOVE_R) {
                wrong = Exercises.say("at depth %d, a node under a pass was searched at ply %d, deeper than %d: the"
                        + " search after a pass must be R = %d plies shallower than the move's", "深度 %d 的搜索里，"
                        + "空着之下的一个节点在第 %d 层被搜索，比 %d 层还深：空着之后的搜索必须比着法的浅 R = %d 层", depth,
                        deepestUnderPass, depth - NULL_MOVE_R, NULL_MOVE_R);
            }
            if (deepestUnderPass >= 0 && deepestUnderPass - depth > deepestGap) {
                deepestGap = deepestUnderPass - depth;
                gapDepth = depth;
            }
            deepestUnderPass = -1;
        }

        /**
         * After the search: the deepest node under a pass lies exactly R = 2 plies above the
         * horizon in some iteration (a pass at ply 1 searched depth - 1 - R plies deep), unless
         * the pass is searched shallower than R = 2 asks.
         */
        void finish() {
            if (wrong == null && passes > 0 && deepestGap < -NULL_MOVE_R) {
                wrong = Exercises.say("at depth %d, the deepest node under a pass was at ply %d, where a pass searched"
                        + " R = %d plies shallower reaches ply %d: is the pass searched depth - 1 - R plies deep, with"
                        + " R = %3$d, not more?", "深度 %d 的搜索里，空着之下最深的节点在第 %d 层，而空着之后少搜"
                        + " R = %d 层时能到第 %d 层：空着之后是按 depth - 1 - R 层、R = %3$d 搜索的吗？有没有减得更多？",
                        gapDepth, gapDepth + deepestGap, NULL_MOVE_R, gapDepth - NULL_MOVE_R);
            }
        }

        /** The moves from the root to the node reported, as the history holds them. */
        private String path() {
            List<String> moves = new ArrayList<>();
            for (int i = rootLength; i < position.historyLength(); i++) {
                moves.add(Move.toUci(position.moveAt(i)));
            }
            return String.join(" ", moves);
        }

        private static boolean hasAttacker(Position position) {
            for (int square = 0; square < Square.COUNT; square++) {
                int piece = position.pieceAt(square);
                if (piece != Piece.EMPTY && Piece.color(piece) == position.sideToMove()
                        && (Piece.type(piece) == Piece.CHARIOT || Piece.type(piece) == Piece.HORSE
                        || Piece.type(piece) == Piece.CANNON)) {
                    return true;
                }
            }
            return false;
        }
    }
}
