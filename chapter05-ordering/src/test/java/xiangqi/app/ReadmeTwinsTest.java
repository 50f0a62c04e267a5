package xiangqi.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * README.md and README.zh.md are one text in two languages (issue 25), and neither may
 * drift from the other: each pair, the chapter's and the root's, must have the same
 * sections, commands, pictures, quoted outputs and table numbers. Prose is free to differ;
 * everything a reader types, sees printed or reads in a table is the same. A command that
 * prints prose (the demo, {@code judge --why}) is quoted in Chinese with {@code --lang zh}
 * at its end; every other quoted block is the English one, byte for byte.
 *
 * <p>The same file in every chapter; {@link ReadmeTest} checks that each quoted block is
 * what its command prints.
 */
class ReadmeTwinsTest {
    private static final String ENGLISH_LINK = "[English](README.md)";
    private static final String CHINESE_LINK = "[中文版](README.zh.md)";
    private static final Pattern MARKER = Pattern.compile("<!-- (demo-output|solution-output): (.*) -->");
    private static final Pattern IMAGE = Pattern.compile("!\\[[^\\]]*\\]\\(([^)\\s]+)|<img[^>]*\\ssrc=\"([^\"]+)\"");
    /** A number standing alone: not the 2 of {@code h2e2}; with its sign, decimals, % or x. */
    private static final Pattern NUMBER = Pattern.compile("(?<![A-Za-z0-9_.])[-+]?\\d+(?:[.,]\\d+)*(?:%|x)?(?![A-Za-z0-9_])");

    /** The two pairs this chapter can see: its own, and the root's. */
    static Stream<String> folders() {
        return Stream.of(".", "..");
    }

    /** One README, read. */
    private record Readme(String name, List<String> lines) {
        static Readme read(String folder, String file) throws IOException {
            Path path = Path.of(folder, file);
            assertThat(path).as("%s (issue 25: a Chinese edition beside every README.md)", path).exists();
            return new Readme(path.toString(), Files.readString(path, StandardCharsets.UTF_8).lines().toList());
        }

        /** The lines outside fenced blocks: where headings and tables live. */
        List<String> prose() {
            List<String> kept = new ArrayList<>();
            boolean fenced = false;
            for (String line : lines) {
                if (line.startsWith("```")) {
                    fenced = !fenced;
                } else if (!fenced) {
                    kept.add(line);
                }
            }
            return kept;
        }

        /** The fenced blocks whose opening line is exactly {@code opening}, each as its lines. */
        List<List<String>> blocks(String opening) {
            List<List<String>> blocks = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).equals(opening)) {
                    int end = closing(i);
                    blocks.add(lines.subList(i + 1, end));
                    i = end;
                }
            }
            return blocks;
        }

        /** The line that closes the fenced block opened at {@code start}. */
        int closing(int start) {
            int end = start + 1;
            while (end < lines.size() && !lines.get(end).equals("```")) {
                end++;
            }
            assertThat(end).as("%s: the block opened on line %d is closed", name, start + 1).isLessThan(lines.size());
            return end;
        }
    }

    /** One quoted output: its marker (kind and command) and the block after it. */
    private record Quoted(String kind, String command, List<String> block) {
        boolean chinese() {
            return command.endsWith(ReadmeTest.CHINESE);
        }

        /** The command as the English edition has it. */
        String englishCommand() {
            return chinese() ? command.substring(0, command.length() - ReadmeTest.CHINESE.length()) : command;
        }

        /** The marker as the English edition has it. */
        String marker() {
            return kind + ": " + englishCommand();
        }
    }

    private static List<Quoted> quoted(Readme readme) {
        List<Quoted> quoted = new ArrayList<>();
        for (int i = 0; i < readme.lines().size(); i++) {
            Matcher marker = MARKER.matcher(readme.lines().get(i));
            if (marker.matches()) {
                assertThat(i + 1 < readme.lines().size() && readme.lines().get(i + 1).startsWith("```"))
                        .as("%s line %d: a fenced block follows the marker", readme.name(), i + 1).isTrue();
                int end = readme.closing(i + 1);
                quoted.add(new Quoted(marker.group(1), marker.group(2), readme.lines().subList(i + 2, end)));
            }
        }
        return quoted;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("folders")
    @DisplayName("each edition's first line links to the other")
    void firstLinesLinkEachOther(String folder) throws IOException {
        assertThat(Readme.read(folder, "README.md").lines()).first().as("README.md's first line").isEqualTo(CHINESE_LINK);
        assertThat(Readme.read(folder, "README.zh.md").lines()).first().as("README.zh.md's first line").isEqualTo(ENGLISH_LINK);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("folders")
    @DisplayName("the same sections in the same order: the same sequence of heading levels")
    void sameHeadingLevels(String folder) throws IOException {
        assertThat(headingLevels(Readme.read(folder, "README.zh.md"))).as("heading levels of README.zh.md")
                .isEqualTo(headingLevels(Readme.read(folder, "README.md")));
    }

    /** "## What changed" is 2: one number per heading, in order. */
    private static String headingLevels(Readme readme) {
        return readme.prose().stream().filter(line -> line.matches("#{1,6} .*"))
                .map(line -> String.valueOf(line.indexOf(' '))).reduce("", String::concat);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("folders")
    @DisplayName("the same commands in the same order: the ```sh blocks, their # comments and a trailing --lang zh aside")
    void sameCommands(String folder) throws IOException {
        assertThat(commands(Readme.read(folder, "README.zh.md"))).as("```sh blocks of README.zh.md")
                .containsExactlyElementsOf(commands(Readme.read(folder, "README.md")));
    }

    /**
     * The commands of the {@code sh} blocks as a reader types them: without the shell comments,
     * which each edition writes in its own language, and without a last {@code --lang zh}, at the
     * end of the line or of its {@code -Dexec.args}; a picture the Chinese command draws is named
     * {@code NAME-zh.svg} where the English one is {@code NAME.svg}.
     */
    private static List<String> commands(Readme readme) {
        return readme.blocks("```sh").stream().map(block -> String.join("\n", block.stream()
                .map(line -> line.replaceAll("(^|\\s+)# .*$", ""))
                .map(line -> line.replaceAll(Pattern.quote(ReadmeTest.CHINESE) + "(\"?)$", "$1"))
                .map(line -> line.replaceAll("-zh\\.svg\\b", ".svg")).toList())).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("folders")
    @DisplayName("every exercise a README names (exercise N.M, 练习 N.M) is an exercise of chapter N under that"
            + " number, and none is named by a bare number (chapter 6's exercise 1)")
    void exercisesNamedExist(String folder) throws IOException {
        Pattern named = Pattern.compile("(?i)(?:exercises?|练习) ?(\\d+)\\.(\\d+)");
        Pattern bare = Pattern.compile("(?i)\\bexercises? \\d+(?!\\.\\d|\\d)|练习 ?\\d+(?!\\.\\d|\\d)");
        for (String file : List.of("README.md", "README.zh.md")) {
            String text = Files.readString(Path.of(folder, file), StandardCharsets.UTF_8);
            Matcher exercise = named.matcher(text);
            while (exercise.find()) {
                String number = exercise.group(1) + "." + exercise.group(2);
                List<Path> chapters;
                try (Stream<Path> siblings = Files.list(Path.of(".."))) {
                    chapters = siblings.filter(path -> path.getFileName().toString().matches("chapter\\d\\d-.*")).toList();
                }
                if (chapters.size() < 2) {
                    continue; // a chapter copied alone (as .ci/check-exercises does): the others are not here to ask
                }
                Path chapter = chapters.stream().filter(path -> path.getFileName().toString().startsWith("chapter0" + exercise.group(1) + "-"))
                        .findFirst().orElseThrow(() -> new AssertionError(folder + "/" + file + " names exercise " + number
                                + ", but there is no chapter " + exercise.group(1)));
                assertThat(Files.readString(chapter.resolve(file), StandardCharsets.UTF_8))
                        .as("%s/%s names exercise %s: %s/%s has it under that number", folder, file, number, chapter, file)
                        .containsPattern("(?m)^### " + Pattern.quote(number) + " ");
            }
            assertThat(bare.matcher(text).results().map(match -> match.group()).toList())
                    .as("%s/%s: exercises named by a bare number, not N.M", folder, file).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("folders")
    @DisplayName("the same pictures in the same order, the Chinese edition's in Chinese where it has its own"
            + " (NAME-zh.png beside NAME.png)")
    void samePictures(String folder) throws IOException {
        List<String> chinese = pictures(Readme.read(folder, "README.zh.md"));
        assertThat(chinese.stream().map(name -> name.replace("-zh.", ".")).toList()).as("pictures of README.zh.md")
                .containsExactlyElementsOf(pictures(Readme.read(folder, "README.md")));
        for (String own : chinese.stream().filter(name -> name.contains("-zh.")).toList()) {
            assertThat(Path.of(folder, own)).as("README.zh.md's own picture").isRegularFile();
        }
    }

    private static List<String> pictures(Readme readme) {
        List<String> pictures = new ArrayList<>();
        Matcher image = IMAGE.matcher(String.join("\n", readme.prose()));
        while (image.find()) {
            pictures.add(image.group(1) != null ? image.group(1) : image.group(2));
        }
        return pictures;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("folders")
    @DisplayName("the same quoted outputs: Chinese for the demo and judge --why, the English block for any other")
    void sameQuotedOutputs(String folder) throws IOException {
        List<Quoted> english = quoted(Readme.read(folder, "README.md"));
        List<Quoted> chinese = quoted(Readme.read(folder, "README.zh.md"));

        assertThat(chinese.stream().map(Quoted::marker).toList()).as("markers of README.zh.md, --lang zh aside")
                .containsExactlyElementsOf(english.stream().map(Quoted::marker).toList());
        for (int i = 0; i < english.size(); i++) {
            Quoted zh = chinese.get(i);
            boolean printsProse = zh.kind().equals("demo-output") && (zh.englishCommand().matches("demo( .*)?")
                    || zh.englishCommand().matches("judge .* --why"));
            assertThat(zh.chinese()).as("README.zh.md quotes '%s' %s", zh.englishCommand(),
                    printsProse ? "in Chinese: its marker ends in --lang zh" : "as English does: no --lang zh").isEqualTo(printsProse);
            if (!zh.chinese()) {
                assertThat(zh.block()).as("README.zh.md's block after '%s' is README.md's", zh.marker())
                        .containsExactlyElementsOf(english.get(i).block());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("folders")
    @DisplayName("the same numbers in the same table cells")
    void sameTableNumbers(String folder) throws IOException {
        List<List<List<String>>> english = tableNumbers(Readme.read(folder, "README.md"));
        List<List<List<String>>> chinese = tableNumbers(Readme.read(folder, "README.zh.md"));

        assertThat(chinese).as("tables in README.zh.md").hasSameSizeAs(english);
        for (int table = 0; table < english.size(); table++) {
            assertThat(chinese.get(table)).as("rows of table %d", table + 1).hasSameSizeAs(english.get(table));
            for (int row = 0; row < english.get(table).size(); row++) {
                assertThat(chinese.get(table).get(row)).as("numbers of table %d, row %d, cell by cell (English: %s)",
                        table + 1, row + 1, english.get(table).get(row)).isEqualTo(english.get(table).get(row));
            }
        }
    }

    /**
     * The markdown tables outside fenced blocks: for each table its rows, for each row the
     * numbers of each cell (the words between them are the translator's).
     */
    private static List<List<List<String>>> tableNumbers(Readme readme) {
        List<List<List<String>>> tables = new ArrayList<>();
        List<List<String>> rows = null;
        for (String line : readme.prose()) {
            if (!line.startsWith("|")) {
                rows = null;
                continue;
            }
            if (rows == null) {
                rows = new ArrayList<>();
                tables.add(rows);
            }
            List<String> cells = new ArrayList<>();
            for (String cell : line.replace("\\|", "\u0000").split("\\|", -1)) {
                List<String> numbers = new ArrayList<>();
                Matcher number = NUMBER.matcher(cell);
                while (number.find()) {
                    numbers.add(number.group());
                }
                cells.add(String.join(" ", numbers));
            }
            rows.add(cells);
        }
        return tables;
    }
}
