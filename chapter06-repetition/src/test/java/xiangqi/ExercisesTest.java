package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The checks of this chapter's exercises (see the README's "Exercises"). Each asserts a
 * ruling or a choice on a named position: the Chinese rule of one check, one chase (6.1)
 * must change the verdict on a cycle that alternates a check and a chase, and no other; the
 * contempt factor (6.2) must make the search turn down a draw it takes without one. As
 * shipped, each fails with one line that says what to add.
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

    /** The Chinese rules' verdict, through the method the exercise adds. */
    private static Repetition.Outcome chinese(Position position) {
        return ((Repetition.Verdict) Exercises.callStatic(Repetition.class, "judgeChinese", position)).outcome();
    }

    @Order(1)
    @Exercise("6.1 one check, one chase (一将一捉)")
    void oneCheckOneChase() {
        Position checkThenChase = Fixtures.after(CHECK_THEN_CHASE, "a7e7", "e9d9", "e7a7", "d9e9");
        assertThat(Repetition.judge(checkThenChase).outcome()).as("6.1: the Asian rules, as shipped")
                .isEqualTo(Repetition.Outcome.DRAW);
        Repetition.Outcome verdict;
        try {
            verdict = chinese(checkThenChase);
        } catch (AssertionError missing) {
            throw new AssertionError(missing.getMessage() + ": add it, and rule one check, one chase as 长打");
        }
        assertThat(verdict).as("6.1: judgeChinese after a7e7 e9d9 e7a7 d9e9 from %s, red checks, then chases "
                + "the a3 horse", CHECK_THEN_CHASE).isEqualTo(Repetition.Outcome.RED_LOSES);
        assertThat(chinese(Fixtures.after(CHECK_THEN_IDLE, "a7e7", "e9d9", "e7a7", "d9e9")))
                .as("6.1: judgeChinese of one check, one idle move (一将一闲)").isEqualTo(Repetition.Outcome.DRAW);
        assertThat(chinese(Fixtures.after(PERPETUAL_CHECK, "d0e0", "e9d9", "e0d0", "d9e9")))
                .as("6.1: judgeChinese of a perpetual check").isEqualTo(Repetition.Outcome.RED_LOSES);
        assertThat(chinese(Fixtures.after(CHECK_THEN_CHASE, "a7e7", "e9d9")))
                .as("6.1: judgeChinese with no repetition").isEqualTo(Repetition.Outcome.NONE);
    }

    /**
     * The start position after a shuffle of red's a0 chariot and black's general, in which
     * red's a1a0 brings back, for the third time, the position after a1a0 and after a2a0: a
     * draw by repetition, which red may take at once.
     */
    static final String[] SHUFFLE = {"a0a1", "e9e8", "a1a0", "e8e9", "a0a2", "e9e8", "a2a0", "e8d8", "a0a1", "d8e8"};

    @Order(2)
    @Exercise("6.2 the contempt factor (藐视因子)")
    void contempt() {
        Technique contempt;
        try {
            contempt = Exercises.constant(Technique.class, "CONTEMPT");
        } catch (AssertionError missing) {
            throw new AssertionError(missing.getMessage() + ": add it, and score a draw a little below nothing "
                    + "for the side the search plays for");
        }
        Search.Result plain = search(Search.WITH_REPETITIONS);
        assertThat(Move.toUci(plain.bestMove())).as("6.2: without contempt, the draw (as shipped)").isEqualTo("a1a0");
        assertThat(plain.score()).as("6.2: without contempt, the draw's score").isEqualTo(Score.DRAW);

        Search.Result scornful = search(Search.WITH_REPETITIONS.with(contempt));
        assertThat(Move.toUci(scornful.bestMove()))
                .as("6.2: with contempt, red still takes the draw by repetition (a1a0) at depth 4, where it "
                        + "stands only a little worse").isNotEqualTo("a1a0");
        assertThat(scornful.score()).as("6.2: with contempt, red plays on a little worse: the score")
                .isNegative().isGreaterThan(-100);
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
}

