package xiangqi;

import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Prints one line for each exercise checked: {@code solved} or {@code not yet}, the
 * exercise, and for one not yet solved the first line of what its check found missing.
 * The same file in every chapter.
 */
final class ExerciseReport implements TestWatcher {
    @Override
    public void testSuccessful(ExtensionContext context) {
        System.out.println("solved   " + name(context));
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        String reason = String.valueOf(cause.getMessage()).lines().map(String::strip)
                .filter(line -> !line.isEmpty()).findFirst().orElse(cause.getClass().getSimpleName());
        System.out.println("not yet  " + name(context) + ": " + reason);
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        testFailed(context, cause);
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        System.out.println("skipped  " + name(context));
    }

    private static String name(ExtensionContext context) {
        return context.getRequiredTestMethod().getAnnotation(Exercise.class).value();
    }
}
