package xiangqi;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestWatcher;
import org.opentest4j.TestAbortedException;

/**
 * Prints one line for each exercise checked: {@code solved} or {@code not yet}, the
 * exercise, and for one not yet solved the first line of what its check found: what was
 * expected and what the solution did. With {@code -Dhint} the exercise's hint follows on the
 * next line, and where the reference solution lies; a solved exercise always says where it
 * lies, to compare. With {@code -Dlang=zh} the lines are in Chinese, the checks' own
 * messages too: each says it in both languages through {@link Exercises#say}.
 *
 * <p>The exercises profile (the root pom) sets {@code exercises.progress}: run without
 * {@code -Dtest}, all of a chapter's exercises, most not yet solved, are a progress report,
 * and an unsolved one is reported as aborted (skipped), so Maven prints nothing else and
 * exits 0. Asked for by name, {@code -Dtest='ExercisesTest#NAME'}, an unsolved exercise
 * fails, and so does the build. Outside the profile (the ordinary tests with the exercise
 * group let in) it fails as any test does. The same file in every chapter.
 */
final class ExerciseReport implements TestWatcher, TestExecutionExceptionHandler {
    /** Whether this run is a progress report: the exercises profile, no exercise asked for by name. */
    static boolean progressReport(Properties properties) {
        return Boolean.parseBoolean(properties.getProperty("exercises.progress"))
                && properties.getProperty("test", "").isBlank();
    }

    /** Whether the lines are wanted in Chinese: {@code -Dlang=zh}. */
    static boolean chinese(Properties properties) {
        return properties.getProperty("lang", "").toLowerCase(Locale.ROOT).startsWith("zh");
    }

    /** Whether this run's lines are wanted in Chinese. */
    static boolean chinese() {
        return chinese(System.getProperties());
    }

    /** Whether the hint is wanted: {@code -Dhint}, which Maven sets to "true" ({@code -Dhint=false} turns it off). */
    static boolean hintWanted(Properties properties) {
        String hint = properties.getProperty("hint");
        return hint != null && !hint.equalsIgnoreCase("false");
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable cause) throws Throwable {
        if (progressReport(System.getProperties()) && !(cause instanceof TestAbortedException)) {
            throw new TestAbortedException(cause.getMessage(), cause);
        }
        throw cause;
    }

    @Override
    public void testSuccessful(ExtensionContext context) {
        print(solved(exercise(context), solution(context), chinese()));
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        print(notYet(exercise(context), reason(cause), hintWanted(System.getProperties()), solution(context),
                chinese()));
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        testFailed(context, cause);
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        Exercise exercise = exercise(context);
        System.out.println(chinese() ? "跳过     " + exercise.zh() : "skipped  " + exercise.value());
    }

    /**
     * The lines of an exercise solved: its name, and where the reference solution lies, to
     * compare with (absent where the chapter has none at that path).
     */
    static List<String> solved(Exercise exercise, Optional<String> solution, boolean chinese) {
        List<String> lines = new ArrayList<>();
        lines.add(chinese ? "已完成   " + exercise.zh() : "solved   " + exercise.value());
        solution.ifPresent(path -> lines.add(chinese ? "         参考答案（可与你的对照）：" + path
                : "         reference solution, to compare: " + path));
        return lines;
    }

    /**
     * The lines of an exercise not yet solved: its name and the reason, then with
     * {@code hint} its hint and where the reference solution lies.
     */
    static List<String> notYet(Exercise exercise, String reason, boolean hint, Optional<String> solution,
            boolean chinese) {
        List<String> lines = new ArrayList<>();
        lines.add(chinese ? "未完成   " + exercise.zh() + "：" + reason : "not yet  " + exercise.value() + ": " + reason);
        if (hint) {
            lines.add(chinese ? "         提示：" + exercise.hintZh() : "         hint: " + exercise.hint());
            solution.ifPresent(path -> lines.add(chinese ? "         参考答案：" + path
                    : "         reference solution: " + path));
        }
        return lines;
    }

    /**
     * The first non-empty line of what the check said, else the name of what it threw. An
     * AssertJ description comes in brackets, "[5.1: ...]", before the values it compared on
     * the lines below; the brackets go, since the description already says both.
     */
    static String reason(Throwable cause) {
        String first = String.valueOf(cause.getMessage()).lines().map(String::strip).filter(line -> !line.isEmpty())
                .filter(line -> !line.equals("null")).findFirst().orElse(cause.getClass().getSimpleName());
        return first.startsWith("[") && first.endsWith("]") ? first.substring(1, first.length() - 1).strip() : first;
    }

    /**
     * Where the exercise's reference solution lies, from the top of the repository:
     * {@code chapter05-ordering/src/test/resources/solutions/quiescence.patch}. Surefire
     * runs the tests in the chapter's folder, whose name starts the path.
     */
    private static Optional<String> solution(ExtensionContext context) {
        Path patch = Path.of("src", "test", "resources", "solutions",
                context.getRequiredTestMethod().getName() + ".patch");
        if (!Files.isRegularFile(patch)) {
            return Optional.empty();
        }
        Path chapter = Path.of("").toAbsolutePath().getFileName();
        return Optional.of((chapter == null ? patch : chapter.resolve(patch)).toString().replace('\\', '/'));
    }

    private static Exercise exercise(ExtensionContext context) {
        return context.getRequiredTestMethod().getAnnotation(Exercise.class);
    }

    /** One print for all of an exercise's lines, so that exercises checked side by side do not mix. */
    private static void print(List<String> lines) {
        System.out.println(String.join(System.lineSeparator(), lines));
    }
}
