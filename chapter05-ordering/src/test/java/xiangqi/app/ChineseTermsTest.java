package xiangqi.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The Chinese edition says one idea with one word (issue 33): a student who meets 起始局面 in
 * one chapter and 初始局面 in the next cannot tell whether they are two ideas. The words are
 * the table under {@code ## 中英术语对照表} in the root README.zh.md: for each idea the book's
 * word (本书用语) and the words it does not use (不用). This test reads that table and fails,
 * naming file, line and the word to use, wherever a ruled-out word appears in what a Chinese
 * reader sees: this chapter's README.zh.md and the root's, the Chinese part of the page's
 * dictionary ({@code text.json}), the Chinese strings of the page's scripts, every Chinese
 * string literal in {@code src/main/java} (the demo's, the tools' and the judge's output), and
 * those of the exercise checks, which a student reads with {@code -Dlang=zh}.
 *
 * <p>Two cases are not uses. A ruled-out word inside a longer word the table allows is that
 * word: 等级 inside 等级分 (Elo), which the table lists as a word of its own. A ruled-out word
 * named as a word, alone or nearly so between “ and ” (at most {@value #MENTION} characters),
 * is a mention, as when the root README says why it does not write “走法”. The table's own
 * rows are its definition, not prose.
 *
 * <p>The same file in every chapter.
 */
class ChineseTermsTest {
    private static final String HEADING = "## 中英术语对照表";
    /** The longest quotation that still names a word rather than quoting prose. */
    private static final int MENTION = 8;
    /** A Chinese character: what makes a string literal Chinese output. */
    private static final Pattern HAN = Pattern.compile("\\p{IsHan}");
    /**
     * A reduction said as a multiple, "少用 2.2 倍", "省下 1.14×": in Chinese a quantity cannot
     * shrink by N 倍. Say "只有……的 N 分之一" or "……是它的 N 倍". Not 至少 (at least), 多少.
     */
    private static final Pattern REDUCED_BY_TIMES = Pattern.compile(
            "(?:(?<![至多不])少用?了?|减少了?|降低了?|下降了?|缩小了?|省下了?|节省了?|节约了?|省去了?)"
                    + "\\s*(?:了\\s*)?\\d[\\d.,]*\\s*(?:倍|×|x(?![A-Za-z0-9]))");
    /**
     * A mate written any way but the book's one (issue 42): 1步杀, 3 步杀, 杀 2, M1, M-1, mate 1.
     * The book writes 一步杀, 两步杀, 被一步杀: the count in Chinese numerals, no space.
     */
    private static final Pattern MATE_OTHERWISE = Pattern.compile(
            "\\d\\s*步杀|(?<!步)杀\\s*-?\\d|(?<![A-Za-z0-9_])M-?\\d|(?<![A-Za-z])mate\\s+(?:in\\s+)?-?\\d");
    /** A move in ICCS coordinates, d8d7 or h2e2: what a command types, not what a Chinese book writes. */
    private static final Pattern ICCS_MOVE = Pattern.compile("(?<![A-Za-z0-9_/.-])[a-i]\\d[a-i]\\d(?![A-Za-z0-9_])");
    /** What prose may hold in code: a code span, and a bracket that gives a command's words. */
    private static final Pattern CODE_OR_BRACKET = Pattern.compile("`[^`]*`|（[^（）]*）|\\([^()]*\\)");
    private static final Pattern JAVA_STRING = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern JS_STRING = Pattern.compile("'((?:[^'\\\\]|\\\\.)*)'|\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern JSON_PAIR = Pattern.compile("^\\s*\"((?:[^\"\\\\]|\\\\.)*)\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    /** A plain label in watch.js's WATCH_TEXT: {@code open: 'Watch the search',}. */
    private static final Pattern JS_LABEL = Pattern.compile("^\\s*([A-Za-z]+): '([^'\\\\]*)',?$");
    /** What a README quotes: between “ and ”, "…", 「 and 」. */
    private static final Pattern QUOTED = Pattern.compile("“([^”]*)”|\"([^\"]*)\"|「([^」]*)」");

    /** One row of the table: an idea, the book's words for it, the words ruled out. */
    record Term(String english, List<String> preferred, List<String> ruledOut, String firstIn) {
        /** The first of the book's words: the one to name in a failure. */
        String word() {
            return preferred.get(0);
        }
    }

    /** A line a Chinese reader sees, and where it is. */
    record Line(String file, int number, String text) {
        String where() {
            return file + ":" + number;
        }
    }

    /** The table in the root README.zh.md, row by row. */
    static List<Term> glossary() {
        List<String> lines = read(Path.of("..", "README.zh.md"));
        int start = lines.indexOf(HEADING);
        assertThat(start).as("../README.zh.md has the section %s", HEADING).isNotNegative();
        List<Term> terms = new ArrayList<>();
        for (String row : tableRows(lines, start)) {
            String[] cells = row.split("\\|", -1);
            assertThat(cells).as("a row of the table has four columns: %s", row).hasSize(6);
            terms.add(new Term(cells[1].trim(), words(cells[2]), words(cells[3]), cells[4].trim()));
        }
        assertThat(terms).as("rows of the table under %s", HEADING).isNotEmpty();
        return terms;
    }

    /** The table's body rows after {@code heading}: header and rule skipped. */
    private static List<String> tableRows(List<String> lines, int heading) {
        List<String> rows = new ArrayList<>();
        int i = heading + 1;
        while (i < lines.size() && !lines.get(i).startsWith("|")) {
            i++;
        }
        for (i += 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            rows.add(lines.get(i));
        }
        return rows;
    }

    /** The words of a cell: separated by 、 or a comma; a note in （） is no word. */
    private static List<String> words(String cell) {
        return Stream.of(cell.replaceAll("（[^）]*）", "").split("[、，,/]")).map(String::trim)
                .filter(word -> !word.isEmpty()).toList();
    }

    private static List<String> read(Path path) {
        try {
            return Files.readString(path, StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every line a Chinese reader sees, from every place this chapter owns and the root README. */
    static List<Line> chineseLines() throws IOException {
        List<Line> lines = new ArrayList<>();
        lines.addAll(readme(Path.of("README.zh.md")));
        lines.addAll(readme(Path.of("..", "README.zh.md")));
        Path web = Path.of("src", "main", "resources", "web");
        List<String> json = read(web.resolve("text.json"));
        boolean chinese = false;
        for (int i = 0; i < json.size(); i++) {
            chinese |= json.get(i).trim().startsWith("\"zh\"");
            Matcher pair = JSON_PAIR.matcher(json.get(i));
            if (chinese && pair.find()) {
                lines.add(new Line(web.resolve("text.json").toString(), i + 1, pair.group(2)));
            }
        }
        try (Stream<Path> scripts = Files.list(web)) {
            for (Path script : scripts.filter(path -> path.toString().endsWith(".js")).sorted().toList()) {
                lines.addAll(literals(script, JS_STRING));
            }
        }
        try (Stream<Path> sources = Files.walk(Path.of("src", "main", "java"))) {
            for (Path source : sources.filter(path -> path.toString().endsWith(".java")).sorted().toList()) {
                lines.addAll(literals(source, JAVA_STRING));
            }
        }
        for (String check : List.of("ExercisesTest.java", "Exercises.java", "ExerciseReport.java")) {
            lines.addAll(literals(Path.of("src", "test", "java", "xiangqi", check), JAVA_STRING));
        }
        return lines;
    }

    /** A README's lines, less the glossary table's own rows. */
    private static List<Line> readme(Path path) {
        List<String> text = read(path);
        int heading = text.indexOf(HEADING);
        List<String> table = heading < 0 ? List.of() : tableRows(text, heading);
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < text.size(); i++) {
            if (!table.contains(text.get(i))) {
                lines.add(new Line(path.toString(), i + 1, text.get(i)));
            }
        }
        return lines;
    }

    /** The string literals of a source file that hold Chinese, each with its line. */
    private static List<Line> literals(Path source, Pattern literal) {
        List<String> text = read(source);
        List<Line> lines = new ArrayList<>();
        for (int i = 0; i < text.size(); i++) {
            Matcher string = literal.matcher(text.get(i));
            while (string.find()) {
                String value = string.group(1) != null ? string.group(1) : string.group(2);
                if (HAN.matcher(value).find()) {
                    lines.add(new Line(source.toString(), i + 1, value));
                }
            }
        }
        return lines;
    }

    @Test
    @DisplayName("the glossary table has a word for each idea, and no word is both used and ruled out")
    void glossaryIsConsistent() {
        List<Term> terms = glossary();
        List<String> used = terms.stream().flatMap(term -> term.preferred().stream()).toList();
        for (Term term : terms) {
            assertThat(term.preferred()).as("本书用语 of '%s'", term.english()).isNotEmpty();
            assertThat(term.ruledOut()).as("不用 of '%s': words the book uses elsewhere", term.english())
                    .doesNotContainAnyElementsOf(used);
            assertThat(term.firstIn()).as("首见 of '%s': a link to a chapter", term.english())
                    .matches("\\[第 \\d 章\\]\\(chapter0\\d-[a-z]+/README\\.zh\\.md(#[^)]*)?\\)");
        }
    }

    @Test
    @DisplayName("no README.zh.md, page text or Chinese output uses a word the glossary rules out")
    void oneWordPerIdea() throws IOException {
        List<Term> terms = glossary();
        List<String> allowed = terms.stream().flatMap(term -> term.preferred().stream()).toList();
        List<String> found = new ArrayList<>();
        for (Line line : chineseLines()) {
            for (Term term : terms) {
                for (String variant : term.ruledOut()) {
                    int at = line.text().indexOf(variant);
                    while (at >= 0) {
                        if (!insideAllowed(line.text(), at, variant, allowed) && !mentioned(line.text(), at, variant)) {
                            found.add(line.where() + ": " + variant + " → " + term.word() + " (" + term.english() + ")");
                        }
                        at = line.text().indexOf(variant, at + variant.length());
                    }
                }
            }
        }
        assertThat(found).as("words the glossary (../README.zh.md, %s) rules out", HEADING).isEmpty();
    }

    /** Whether the variant at {@code at} is part of a longer word the table allows (等级 in 等级分). */
    private static boolean insideAllowed(String text, int at, String variant, List<String> allowed) {
        for (String word : allowed) {
            int inside = word.indexOf(variant);
            while (inside >= 0) {
                int start = at - inside;
                if (word.length() > variant.length() && start >= 0 && text.startsWith(word, start)) {
                    return true;
                }
                inside = word.indexOf(variant, inside + 1);
            }
        }
        return false;
    }

    /** Whether the variant at {@code at} is named as a word: inside a short “…”. */
    private static boolean mentioned(String text, int at, String variant) {
        int open = text.lastIndexOf('“', at);
        int close = text.indexOf('”', at);
        return open >= 0 && close >= at + variant.length() && text.lastIndexOf('”', at) < open
                && close - open - 1 <= MENTION;
    }

    @Test
    @DisplayName("no reduction is said as a multiple (少用 2.2 倍, 省下 1.14×): say 只有……的 N 分之一 or 是……的 N 倍")
    void ratiosSaidAsChineseSaysThem() throws IOException {
        List<String> found = new ArrayList<>();
        for (Line line : chineseLines()) {
            Matcher wrong = REDUCED_BY_TIMES.matcher(line.text());
            while (wrong.find()) {
                found.add(line.where() + ": " + wrong.group());
            }
        }
        assertThat(found).as("reductions said as N 倍 or N×").isEmpty();
    }

    /**
     * The page's controls are quoted as the Chinese page shows them (issue 33): a README.zh.md
     * that tells the reader to click “compare” sends them looking for a word the Chinese page
     * does not have. The rule: nothing a README.zh.md quotes (between “ and ”, "…" or 「 and
     * 」, outside code blocks) may be one of the English page's labels (an English value of
     * text.json, or a plain label of watch.js's English part) whose Chinese differs. Words in
     * backticks are not checked: they are what a program reads or prints ({@code stop} is a
     * UCI command as well as a button).
     */
    @Test
    @DisplayName("a README.zh.md quotes the Chinese page's controls, not the English page's")
    void controlsQuotedInChinese() throws IOException {
        Map<String, String> labels = pageLabels();
        List<String> found = new ArrayList<>();
        for (Path path : List.of(Path.of("README.zh.md"), Path.of("..", "README.zh.md"))) {
            List<String> text = read(path);
            boolean fenced = false;
            for (int i = 0; i < text.size(); i++) {
                if (text.get(i).startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                Matcher quoted = QUOTED.matcher(text.get(i));
                while (!fenced && quoted.find()) {
                    String words = Stream.of(quoted.group(1), quoted.group(2), quoted.group(3))
                            .filter(group -> group != null).findFirst().orElseThrow();
                    String chinese = labels.get(words.trim().toLowerCase(Locale.ROOT));
                    if (chinese != null) {
                        found.add(path + ":" + (i + 1) + ": “" + words + "” → “" + chinese + "”");
                    }
                }
            }
        }
        assertThat(found).as("English page labels quoted in a README.zh.md (the Chinese page's word after →)").isEmpty();
    }

    /** The English page's labels, lower-cased, each with its Chinese. */
    private static Map<String, String> pageLabels() {
        Map<String, String> labels = new LinkedHashMap<>();
        Path web = Path.of("src", "main", "resources", "web");
        Map<String, String> english = new LinkedHashMap<>();
        Map<String, String> chinese = new LinkedHashMap<>();
        Map<String, String> part = english;
        for (String line : read(web.resolve("text.json"))) {
            if (line.trim().startsWith("\"zh\"")) {
                part = chinese;
            }
            Matcher pair = JSON_PAIR.matcher(line);
            if (pair.find()) {
                part.put(pair.group(1), pair.group(2));
            }
        }
        english.forEach((key, words) -> label(labels, words, chinese.get(key)));
        english.clear();
        chinese.clear();
        part = null;
        for (String line : read(web.resolve("watch.js"))) {
            if (line.matches("\\s{2}en: \\{")) {
                part = english;
            } else if (line.matches("\\s{2}zh: \\{")) {
                part = chinese;
            } else if (line.matches("\\s{2}\\},?")) {
                part = null;
            }
            Matcher pair = JS_LABEL.matcher(line);
            if (part != null && pair.find()) {
                part.put(pair.group(1), pair.group(2));
            }
        }
        english.forEach((key, words) -> label(labels, words, chinese.get(key)));
        return labels;
    }

    private static void label(Map<String, String> labels, String english, String chinese) {
        if (chinese != null && !chinese.equals(english) && english.length() > 2 && !english.contains("{")) {
            labels.put(english.trim().toLowerCase(Locale.ROOT), chinese.trim());
        }
    }

    /**
     * A mate is written one way (issue 42): the Chinese reader met 1步杀, 3 步杀, 杀 2, M1 and
     * mate 1 for the same idea. Prose (outside code spans and blocks, where a program's own
     * output such as UCI's {@code score mate 2} is quoted as it is printed) and every Chinese
     * string of the code say 一步杀, 两步杀, 被一步杀.
     */
    @Test
    @DisplayName("a mate is written one way in Chinese: 一步杀, 被一步杀, never 1步杀, 杀 2, M1 or mate 1")
    void oneWayToWriteAMate() throws IOException {
        List<String> found = new ArrayList<>();
        for (Line line : chineseProse()) {
            Matcher wrong = MATE_OTHERWISE.matcher(line.text().replaceAll("`[^`]*`", ""));
            while (wrong.find()) {
                found.add(line.where() + ": " + wrong.group());
            }
        }
        assertThat(found).as("mates not written as 一步杀 / 被一步杀").isEmpty();
    }

    /**
     * Chinese prose names a move in Chinese notation (issue 42): "于是走 d8d7" stops a reader who
     * reads 车八进九 off a board. A coordinate is what a command types, so it may stand in a
     * code span, a code block, or in brackets after the Chinese move: 炮八平五（b2e2）.
     */
    @Test
    @DisplayName("no ICCS coordinate (d8d7) stands in Chinese prose outside code and brackets")
    void movesInChineseNotation() {
        List<String> found = new ArrayList<>();
        for (Path path : List.of(Path.of("README.zh.md"), Path.of("..", "README.zh.md"))) {
            for (Line line : prose(path)) {
                String text = line.text();
                for (String stripped = CODE_OR_BRACKET.matcher(text).replaceAll(""); !stripped.equals(text);
                        stripped = CODE_OR_BRACKET.matcher(text).replaceAll("")) {
                    text = stripped;
                }
                if (!HAN.matcher(text).find()) {
                    continue;
                }
                Matcher move = ICCS_MOVE.matcher(text);
                while (move.find()) {
                    found.add(line.where() + ": " + move.group());
                }
            }
        }
        assertThat(found).as("ICCS moves in Chinese prose: write 炮八平五, with the coordinate in brackets if a command needs it").isEmpty();
    }

    /** What a Chinese reader reads as prose: the READMEs outside code blocks, and the code's Chinese strings. */
    private static List<Line> chineseProse() throws IOException {
        List<Line> lines = new ArrayList<>(prose(Path.of("README.zh.md")));
        lines.addAll(prose(Path.of("..", "README.zh.md")));
        for (Line line : chineseLines()) {
            if (!line.file().endsWith("README.zh.md")) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** A README's lines outside code blocks, less the glossary table's rows. */
    private static List<Line> prose(Path path) {
        List<Line> lines = new ArrayList<>();
        boolean fenced = false;
        for (Line line : readme(path)) {
            if (line.text().startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced) {
                lines.add(line);
            }
        }
        return lines;
    }
}
