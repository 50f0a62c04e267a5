package xiangqi;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;

/**
 * What an exercise's check needs to reach the names a solution adds while the chapter as
 * shipped still compiles: an enum constant, or a method, found by its text. When the name
 * is not there yet, the check fails with one line that says what to add.
 * The same file in every chapter.
 */
final class Exercises {
    private Exercises() {
    }

    /**
     * The name an exercise adds is not there yet: the one failure a check may complete with
     * the task ("add it, ..."), told apart from a failure inside the student's code by its
     * class, in either language.
     */
    static final class Missing extends AssertionError {
        Missing(String message) {
            super(message);
        }
    }

    /**
     * What a check says, in English or, with {@code -Dlang=zh}, in Chinese: the line of a
     * name not there yet, the task, and what was expected and what the solution did. With
     * {@code arguments} the text is a format ({@code %d}, {@code %s}; {@code %2$s} where the
     * Chinese wants them in another order), filled in the same way in both languages.
     */
    static String say(String english, String chinese, Object... arguments) {
        return say(System.getProperties(), english, chinese, arguments);
    }

    /**
     * {@link #say(String, String, Object...)} for the language {@code properties} ask for,
     * the same switch as {@link ExerciseReport}'s lines; without arguments the text is left
     * as written, a "%" in it too.
     */
    static String say(Properties properties, String english, String chinese, Object... arguments) {
        String text = ExerciseReport.chinese(properties) ? chinese : english;
        return arguments.length == 0 ? text : String.format(Locale.ROOT, text, arguments);
    }

    /** The constant {@code name} of {@code type}, which the exercise adds. */
    static <E extends Enum<E>> E constant(Class<E> type, String name) {
        return Arrays.stream(type.getEnumConstants()).filter(constant -> constant.name().equals(name)).findFirst()
                .orElseThrow(() -> new Missing(say(type.getSimpleName() + " has no " + name + " yet",
                        type.getSimpleName() + " 还没有 " + name)));
    }

    /**
     * Calls the static method {@code name} of {@code type}, which the exercise adds, with
     * {@code arguments}; the method is looked up by its name and its number of parameters.
     */
    static Object callStatic(Class<?> type, String name, Object... arguments) {
        return call(type, null, name, arguments);
    }

    /** Calls the method {@code name} of {@code target}, which the exercise adds. */
    static Object call(Object target, String name, Object... arguments) {
        return call(target.getClass(), target, name, arguments);
    }

    private static Object call(Class<?> type, Object target, String name, Object... arguments) {
        Method method = Arrays.stream(type.getDeclaredMethods())
                .filter(m -> m.getName().equals(name) && m.getParameterCount() == arguments.length).findFirst()
                .orElseThrow(() -> new Missing(say(type.getSimpleName() + " has no method " + name
                        + " with " + arguments.length + " parameter" + (arguments.length == 1 ? "" : "s") + " yet",
                        type.getSimpleName() + " 还没有带 " + arguments.length + " 个参数的方法 " + name)));
        try {
            method.setAccessible(true);
            return method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new AssertionError(say(name + " threw " + cause, name + " 抛出了 " + cause), cause);
        } catch (IllegalAccessException e) {
            throw new AssertionError(say(type.getSimpleName() + "." + name + " cannot be called: ",
                    type.getSimpleName() + "." + name + " 无法调用：") + e.getMessage());
        }
    }
}
