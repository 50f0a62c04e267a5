package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.annotation.Annotation;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * What a student reads of an exercise's check: {@link ExerciseReport}'s lines, in English
 * and in Chinese, with and without the hint, and when the build fails. A made-up exercise
 * stands in for a real one, so that these are ordinary tests, run by the ordinary
 * {@code mvn test}. The same file in every chapter.
 */
class ExerciseReportTest {

    /** An exercise as the annotation gives it, without a check to run. */
    private static final Exercise EXERCISE = new Exercise() {
        @Override
        public String value() {
            return "9.1 the horizon (水平线)";
        }

        @Override
        public String zh() {
            return "9.1 水平线";
        }

        @Override
        public String hint() {
            return "look at depth 0";
        }

        @Override
        public String hintZh() {
            return "看深度为 0 的地方";
        }

        @Override
        public Class<? extends Annotation> annotationType() {
            return Exercise.class;
        }
    };

    private static final Optional<String> SOLUTION =
            Optional.of("chapter09-x/src/test/resources/solutions/horizon.patch");

    @Test
    void anExerciseNotYetSolvedIsOneLineWithoutTheHintUnlessAskedFor() {
        assertThat(ExerciseReport.notYet(EXERCISE, "expected 120, got 85", false, SOLUTION, false))
                .containsExactly("not yet  9.1 the horizon (水平线): expected 120, got 85");
    }

    @Test
    void theHintFollowsOnItsOwnLineWithWhereTheReferenceSolutionLies() {
        assertThat(ExerciseReport.notYet(EXERCISE, "expected 120, got 85", true, SOLUTION, false)).containsExactly(
                "not yet  9.1 the horizon (水平线): expected 120, got 85",
                "         hint: look at depth 0",
                "         reference solution: chapter09-x/src/test/resources/solutions/horizon.patch");
        assertThat(ExerciseReport.notYet(EXERCISE, "r", true, Optional.empty(), false))
                .as("where the chapter has no reference solution at that path, none is named")
                .containsExactly("not yet  9.1 the horizon (水平线): r", "         hint: look at depth 0");
    }

    @Test
    void withLangZhTheLinesAreInChinese() {
        assertThat(ExerciseReport.notYet(EXERCISE, "期望 120，得到 85", true, SOLUTION, true)).containsExactly(
                "未完成   9.1 水平线：期望 120，得到 85",
                "         提示：看深度为 0 的地方",
                "         参考答案：chapter09-x/src/test/resources/solutions/horizon.patch");
        assertThat(ExerciseReport.solved(EXERCISE, SOLUTION, true)).containsExactly("已完成   9.1 水平线",
                "         参考答案（可与你的对照）：chapter09-x/src/test/resources/solutions/horizon.patch");
    }

    @Test
    void aSolvedExerciseSaysWhereTheReferenceSolutionLiesToCompare() {
        assertThat(ExerciseReport.solved(EXERCISE, SOLUTION, false)).containsExactly("solved   9.1 the horizon (水平线)",
                "         reference solution, to compare: chapter09-x/src/test/resources/solutions/horizon.patch");
    }

    @Test
    void theReasonIsTheFirstLineOfWhatTheCheckSaid() {
        AssertionError assertJ = new AssertionError("[5.1: the root score at depth 4: 85, where 120 is expected] \n"
                + "expected: 120\n but was: 85");
        assertThat(ExerciseReport.reason(assertJ)).as("the description, without AssertJ's brackets")
                .isEqualTo("5.1: the root score at depth 4: 85, where 120 is expected");
        assertThat(ExerciseReport.reason(new AssertionError("the split is [1, 2], where the tree shows [1, 3]")))
                .as("brackets within the line stay").isEqualTo("the split is [1, 2], where the tree shows [1, 3]");
        assertThat(ExerciseReport.reason(new AssertionError("\n  \n  second line  \n")))
                .as("blank lines are skipped, and the line is stripped").isEqualTo("second line");
        assertThat(ExerciseReport.reason(new NullPointerException()))
                .as("with no message, the name of what was thrown").isEqualTo("NullPointerException");
    }

    @Test
    void allOfAChaptersExercisesAreAProgressReportAndOneAskedForByNameFailsTheBuild() {
        assertThat(ExerciseReport.progressReport(properties("exercises.progress", "true"))).isTrue();
        assertThat(ExerciseReport.progressReport(properties("exercises.progress", "true",
                "test", "ExercisesTest#quiescence"))).as("-Dtest names an exercise: it must be solved").isFalse();
        assertThat(ExerciseReport.progressReport(properties()))
                .as("outside the exercises profile an exercise's check fails as any test does").isFalse();
    }

    @Test
    void theLanguageAndTheHintAreAskedForOnTheCommandLine() {
        assertThat(ExerciseReport.chinese(properties("lang", "zh"))).isTrue();
        assertThat(ExerciseReport.chinese(properties("lang", "zh_CN"))).isTrue();
        assertThat(ExerciseReport.chinese(properties("lang", "en"))).isFalse();
        assertThat(ExerciseReport.chinese(properties())).isFalse();
        assertThat(ExerciseReport.hintWanted(properties("hint", "true"))).as("-Dhint, as Maven passes it").isTrue();
        assertThat(ExerciseReport.hintWanted(properties("hint", ""))).isTrue();
        assertThat(ExerciseReport.hintWanted(properties("hint", "false"))).isFalse();
        assertThat(ExerciseReport.hintWanted(properties())).isFalse();
    }

    @Test
    void aChecksOwnMessageIsInEnglishUnlessLangZhAsksForItsChineseTwin() {
        String english = "window (%d, %d): it returns %d: does a cut-off return beta?";
        String chinese = "窗口 (%d, %d)：它返回 %d：截断时返回的是 β 吗？";
        assertThat(Exercises.say(properties(), english, chinese, -60, -20, 0))
                .isEqualTo("window (-60, -20): it returns 0: does a cut-off return beta?");
        assertThat(Exercises.say(properties("lang", "en"), english, chinese, -60, -20, 0))
                .isEqualTo("window (-60, -20): it returns 0: does a cut-off return beta?");
        assertThat(Exercises.say(properties("lang", "zh"), english, chinese, -60, -20, 0))
                .as("the same switch as the report's lines").isEqualTo("窗口 (-60, -20)：它返回 0：截断时返回的是 β 吗？");
        assertThat(Exercises.say(properties("lang", "zh"), "%2$s, then %1$s", "先 %2$s，后 %1$s", "a", "b"))
                .as("the Chinese may take the values in its own order").isEqualTo("先 b，后 a");
        assertThat(Exercises.say(properties(), "100% of the nodes", "全部节点"))
                .as("without values, the text as written, a % sign too").isEqualTo("100% of the nodes");
        assertThat(Exercises.say(properties(), "%,d nodes", "%,d 个节点", 1234567))
                .as("numbers are grouped as in English whatever the machine's locale").isEqualTo("1,234,567 nodes");
    }

    /** Properties from pairs of names and values. */
    private static Properties properties(String... pairs) {
        Properties properties = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            properties.setProperty(pairs[i], pairs[i + 1]);
        }
        return properties;
    }
}
