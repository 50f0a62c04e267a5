package xiangqi.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import xiangqi.Piece;
import xiangqi.Repetition;

/**
 * The lesson returns the repetition ruling as data; the sentences that say it to people
 * ({@code judge --why}, the web board's reasons) are a tool's, {@link RulingText}. What the
 * sentences are, line for line, {@code RepetitionTest.JudgeCommand} and {@code ServeTest} pin
 * through the command line and the board.
 */
class RulingTextTest {
    private static final Path LESSON = Path.of("src", "main", "java", "xiangqi");

    @Nested
    @DisplayName("the lesson speaks no language")
    class TheLesson {
        @Test
        @DisplayName("Repetition.java, the lesson's new file, has no sentence in any language: its only strings are the verdict's words")
        void noSentences() throws IOException {
            List<String> words = Arrays.stream(Repetition.Outcome.values()).map(outcome -> outcome.text).toList();
            List<String> literals = stringLiterals(Files.readString(LESSON.resolve("Repetition.java"), StandardCharsets.UTF_8));
            assertThat(literals).as("the string literals of Repetition.java, comments left out").isNotEmpty();
            assertThat(words).containsAll(literals);
        }

        @Test
        @DisplayName("no file of the lesson picks a language: Locale appears only as Locale.ROOT, to lower-case a name")
        void noLanguage() throws IOException {
            try (Stream<Path> files = Files.list(LESSON)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    String code = String.join("\n", codeLines(Files.readString(file, StandardCharsets.UTF_8)));
                    assertThat(code.replace("java.util.Locale.ROOT", "").replace("Locale.ROOT", ""))
                            .as(file.toString()).doesNotContain("Locale");
                }
            }
        }

        @Test
        @DisplayName("no method of Repetition or of its types returns text, toString aside: the ruling is data")
        void rulingIsData() {
            List<Class<?>> types = new ArrayList<>(List.of(Repetition.class));
            types.addAll(List.of(Repetition.class.getDeclaredClasses()));
            for (Class<?> type : types) {
                for (Method method : type.getDeclaredMethods()) {
                    if (!method.getName().equals("toString") && !method.isSynthetic()) {
                        assertThat(method.getGenericReturnType().getTypeName()).as(type.getSimpleName() + "." + method.getName())
                                .doesNotContain("String");
                    }
                }
            }
        }
    }

    @Test
    @DisplayName("a piece's name in the sentences: by its FEN letter, in English, and in Chinese as a game record writes it")
    void pieceNames() {
        Map<Character, String> english = new LinkedHashMap<>();
        Map<Character, String> chinese = new LinkedHashMap<>();
        for (int piece = 0; piece < 16; piece++) {
            char letter = Piece.fenLetter(piece);
            if (letter != '.') {
                english.put(letter, RulingText.pieceName(piece, false));
                chinese.put(letter, RulingText.pieceName(piece, true));
            }
        }
        assertThat(english).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                Map.entry('K', "general"), Map.entry('A', "advisor"), Map.entry('B', "elephant"), Map.entry('N', "horse"),
                Map.entry('R', "chariot"), Map.entry('C', "cannon"), Map.entry('P', "soldier"),
                Map.entry('k', "general"), Map.entry('a', "advisor"), Map.entry('b', "elephant"), Map.entry('n', "horse"),
                Map.entry('r', "chariot"), Map.entry('c', "cannon"), Map.entry('p', "soldier")));
        assertThat(chinese).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                Map.entry('K', "帅"), Map.entry('A', "仕"), Map.entry('B', "相"), Map.entry('N', "马"),
                Map.entry('R', "车"), Map.entry('C', "炮"), Map.entry('P', "兵"),
                Map.entry('k', "将"), Map.entry('a', "士"), Map.entry('b', "象"), Map.entry('n', "马"),
                Map.entry('r', "车"), Map.entry('c', "炮"), Map.entry('p', "卒")));
    }

    @Test
    @DisplayName("an occurrence past the third in English: 4th, 11th to 13th, but 21st, 22nd, 23rd, 101st")
    void englishOrdinals() {
        assertThat(List.of(4, 11, 12, 13, 20, 21, 22, 23, 24, 101, 111, 112).stream().map(RulingText::ordinal))
                .containsExactly("4th", "11th", "12th", "13th", "20th", "21st", "22nd", "23rd", "24th", "101st",
                        "111th", "112th");
    }

    /** The lines of Java source with comments, string and character literals blanked out. */
    private static List<String> codeLines(String source) {
        return List.of(scan(source, null).split("\n", -1));
    }

    /** The string literals of Java source, outside comments, as written (escapes kept). */
    private static List<String> stringLiterals(String source) {
        List<String> literals = new ArrayList<>();
        scan(source, literals);
        return literals;
    }

    /**
     * One pass over Java source: returns the code with comments and literals blanked out, and
     * adds each string literal to {@code literals} when given. Enough Java for the lesson's
     * files: no text blocks there.
     */
    private static String scan(String source, List<String> literals) {
        StringBuilder code = new StringBuilder();
        int i = 0;
        while (i < source.length()) {
            char c = source.charAt(i);
            if (source.startsWith("//", i)) {
                i = source.indexOf('\n', i) < 0 ? source.length() : source.indexOf('\n', i);
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2) + 2;
                code.append("\n".repeat((int) source.substring(i, end).chars().filter(ch -> ch == '\n').count()));
                i = end;
            } else if (c == '"' || c == '\'') {
                int end = i + 1;
                while (source.charAt(end) != c) {
                    end += source.charAt(end) == '\\' ? 2 : 1;
                }
                if (c == '"' && literals != null) {
                    literals.add(source.substring(i + 1, end));
                }
                code.append(c).append(c);
                i = end + 1;
            } else {
                code.append(c);
                i++;
            }
        }
        return code.toString();
    }
}
