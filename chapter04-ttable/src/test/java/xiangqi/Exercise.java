package xiangqi;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The check of one exercise at the end of the chapter's README. It is a test tagged
 * {@code exercise}, which the ordinary {@code mvn test} leaves out and
 * {@code mvn test -Pexercises} runs (see the root pom). It fails until the exercise is
 * solved, with one line that names the exercise and says what was expected and what the
 * solution did, and it asserts what a solution does, never how its code looks: it compiles
 * against the chapter as shipped, and reaches the names a solution adds by their text (see
 * {@link Exercises}). {@link ExerciseReport} prints one line per exercise: solved, or not
 * yet and why; with {@code -Dhint} the hint below it, with {@code -Dlang=zh} in Chinese.
 * The same file in every chapter.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Test
@Tag("exercise")
@ExtendWith(ExerciseReport.class)
public @interface Exercise {
    /** The exercise's number and name, as the README heads it: "5.1 quiescence search (静态搜索)". */
    String value();

    /** The same in Chinese, as README.zh.md heads it: "5.1 静态搜索". */
    String zh();

    /** One nudge towards the solution, shown with {@code -Dhint}: where to look, not what to write. */
    String hint();

    /** The same nudge in Chinese, shown with {@code -Dhint -Dlang=zh}. */
    String hintZh();
}
