package xiangqi.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import xiangqi.*;
import xiangqi.common.Chapter;

/**
 * The READMEs quote the demo's output and its node counts. Search is deterministic, so
 * those numbers can be checked: a README that no longer matches the code fails the build.
 * Each quoted output follows a marker line naming the command that prints it, such as
 * {@code <!-- demo-output: demo -->} or {@code <!-- demo-output: demo --all -->}. The
 * Chinese edition, README.zh.md, quotes the same commands; where its block shows Chinese
 * output the command ends in {@code --lang zh} ({@code <!-- demo-output: demo --lang zh -->}),
 * and it is checked the same way.
 */
class ReadmeTest {
    /** The command-line words that ask for the Chinese report, at the end of a quoted command. */
    static final String CHINESE = " --lang zh";

    private static final Pattern MARKER = Pattern.compile("<!-- demo-output: (.*) -->");
    /**
     * What an exercise's reference solution prints, quoted after
     * {@code <!-- solution-output: NAME -->}; the solution's own test pins it (issue 23).
     */
    private static final Pattern SOLUTION_MARKER = Pattern.compile("<!-- solution-output: (.*) -->");

    @Test
    @DisplayName("every output the chapter README quotes is what the command prints (times excepted)")
    void chapterReadmeShowsTheDemoOutput() throws IOException {
        Map<String, List<String>> quoted = quotedOutputs(readme());
        assertThat(quoted).as("quoted outputs").containsKey("demo");
        startDemoParts();

        assertQuotedOutputsMatch("README.md", quoted);
    }

    @Test
    @DisplayName("every output README.zh.md quotes is what the command prints, in Chinese where it ends in --lang zh")
    void chineseReadmeShowsTheDemoOutput() throws IOException {
        Map<String, List<String>> quoted = quotedOutputs(readmeZh());
        assertThat(quoted).as("quoted outputs").containsKey("demo" + CHINESE);
        startDemoParts();

        assertQuotedOutputsMatch("README.zh.md", quoted);
    }

    /**
     * Each quoted block against what its command prints now, times aside. A difference is
     * told in one line: where the block first differs, and what to do, since an exercise's
     * solution may rightly change an output (4.2's bucket scheme adds a row to the demo).
     */
    private static void assertQuotedOutputsMatch(String readme, Map<String, List<String>> quoted) {
        for (Map.Entry<String, List<String>> entry : quoted.entrySet()) {
            List<String> printed = withoutTimes(run(entry.getKey().split(" ")).lines().toList());
            List<String> block = withoutTimes(entry.getValue());
            int line = 0;
            while (line < printed.size() && line < block.size() && printed.get(line).equals(block.get(line))) {
                line++;
            }
            if (line < printed.size() || line < block.size()) {
                throw new AssertionError(String.format("%s: the block after <!-- demo-output: %s --> differs from what the"
                        + " command prints from its line %d: quoted \"%s\", printed \"%s\" (times aside; \"\" is an empty line); if your change"
                        + " (an exercise's solution, say) rightly changes it, paste the new output over the block: mvn -q"
                        + " -pl %s compile exec:java -Dexec.args=\"%s\"", readme, entry.getKey(), line + 1,
                        line < block.size() ? block.get(line).strip() : "(the block ends here)",
                        line < printed.size() ? printed.get(line).strip() : "(the output ends here)", Chapter.NAME,
                        entry.getKey()));
            }
        }
    }

    @Test
    @DisplayName("the default demo is a demo a class can watch: no line wider than 100 columns, in either language")
    void demoFitsOnAProjector() throws IOException {
        for (String readme : List.of(readme(), readmeZh())) {
            for (List<String> output : quotedOutputs(readme).values()) {
                for (String line : output) {
                    assertThat(TextTable.displayWidth(line)).as(line).isLessThanOrEqualTo(100);
                }
            }
        }
    }

    @Test
    @DisplayName("the Chinese demo speaks Chinese: no English word but the book's names, every move in Chinese notation")
    void chineseDemoSpeaksChinese() throws IOException {
        Map<String, List<String>> quoted = quotedOutputs(readmeZh());
        assertThat(quoted).as("quoted outputs").containsKey("demo" + CHINESE);
        quoted.forEach((command, output) -> {
            if (command.startsWith("demo") && command.endsWith(CHINESE)) { // judge's lines keep their ICCS and verdict
                assertSpeaksChinese(command, output);
            }
        });
    }

    @Test
    @DisplayName("speaking Chinese rejects an English header, a move in coordinates, mate in English, the module as a name")
    void speakingChineseRejectsEnglish() {
        List<String> fine = List.of("第 4 章：置换表（transposition table），每个表项 16 字节",
                "FEN 5k3/4a4/3a5/9/9/9/9/9/9/R2K4R w - - 0 1", " 深度 | Alpha-Beta |  α-β 毫秒 |  分值 | 着法",
                "    4 |     2745 |        0 | 2步杀 | 车一进八", "第 4 章演示，共 7 个部分中的第 2 部分（demo --all 显示全部）：0.7 秒");
        assertSpeaksChinese("fine", fine);
        for (String wrong : List.of(" 深度 | Alpha-Beta | +置换表 |  倍数 | ab ms | tt ms", "开         | mate 3       | mate 2",
                "    4 |     2745 |        0 |    M2 | 车一进八", "    4 |     2745 |        0 | 2步杀 | i0i8 车一进八",
                "先搜索到深度 6，走完 d0e0 e8f7 后再搜索到深度 4。", "chapter04-ttable 演示，共 7 个部分中的第 2 部分：0.7 秒")) {
            assertThatThrownBy(() -> assertSpeaksChinese("wrong", List.of(wrong))).as(wrong).isInstanceOf(AssertionError.class);
        }
        List<String> glossTwice = List.of("这就是迭代加深（iterative deepening）", "这就是迭代加深（iterative deepening）");
        assertThatThrownBy(() -> assertSpeaksChinese("gloss twice", glossTwice)).isInstanceOf(AssertionError.class);
    }

    /**
     * The Latin words a Chinese reader meets in the Chinese edition too: the names of a
     * format (FEN), a count (perft), a search (Alpha-Beta), a key (Zobrist), the authors
     * Knuth and Moore, and a capture order (MVV/LVA).
     */
    private static final java.util.Set<String> KEPT_NAMES =
            java.util.Set.of("FEN", "perft", "Alpha", "Beta", "Zobrist", "Knuth", "Moore", "MVV", "LVA");

    /**
     * What a Chinese output may hold besides Chinese: a position in FEN and a command to
     * type (both as the reader types them), a Zobrist key in hexadecimal, an English gloss
     * in full-width brackets where a term is introduced (once), and {@link #KEPT_NAMES}.
     * Nothing else in Latin letters: no English word, no ICCS move (a move a person reads is
     * 炮二平五), no mate score as M2 or mate 2 (2步杀, 2 步杀).
     */
    static void assertSpeaksChinese(String command, List<String> output) {
        Map<String, Integer> glosses = new LinkedHashMap<>();
        for (String line : output) {
            String text = line.replaceAll("[1-9A-Za-z]+(/[1-9A-Za-z]+){9}( [wb]( \\S+){0,4})?", " ")
                    .replaceAll("demo( --[a-z]+( \\d+)?)*", " ").replaceAll("键值 [0-9a-f]+", " ");
            Matcher gloss = Pattern.compile("（([A-Za-z][A-Za-z -]*)）").matcher(text);
            while (gloss.find()) {
                glosses.merge(gloss.group(1), 1, Integer::sum);
            }
            text = gloss.replaceAll(" ");
            Matcher word = Pattern.compile("[A-Za-z]{2,}").matcher(text);
            while (word.find()) {
                assertThat(KEPT_NAMES).as("%s: an English word, %s, in: %s", command, word.group(), line).contains(word.group());
            }
            assertThat(text).as("%s: a move in ICCS, not Chinese notation, in: %s", command, line)
                    .doesNotContainPattern("\\b[a-i][0-9][a-i][0-9]\\b");
            assertThat(text).as("%s: a mate score in English in: %s", command, line).doesNotContainPattern("\\bM-?[0-9]");
        }
        glosses.forEach((gloss, times) -> assertThat(times).as("%s: the gloss （%s）, more than once", command, gloss).isOne());
    }

    @Test
    @DisplayName("the root README's node-count row for this chapter matches the search, depth by depth")
    void rootReadmeRowMatches() throws IOException {
        String root = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
        String row = root.lines().filter(line -> line.startsWith("| " + Chapter.NAME + " |")).findFirst().orElseThrow();
        String[] cells = row.split("\\|");
        // | chapter | method | depth 4 | depth 5 | depth 6 |, "-" where the chapter cannot finish in time
        for (int depth = 4; depth <= 6; depth++) {
            String cell = cells[depth - 1].trim();
            if (!cell.equals("-")) {
                Search.Result result = Search.standard().search(Position.startPosition(), depth);
                assertThat(cell).as("start position, depth %d", depth).isEqualTo(String.format("%,d", result.nodes()));
            }
        }
    }

    @Test
    @DisplayName("the root README's chart is drawn from its node-count table, and is well-formed SVG")
    void rootChartIsDrawnFromTheTable() throws Exception {
        String root = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
        assertThat(root).contains("](" + NodeChart.FILE + ")");
        String expected = NodeChart.svg(NodeChart.rows(root));
        Path drawn = Path.of("target", NodeChart.FILE);
        Files.writeString(drawn, expected, StandardCharsets.UTF_8); // to copy over the root's file when the table changes
        assertThat(Files.readString(Path.of("..", NodeChart.FILE), StandardCharsets.UTF_8))
                .as("../%s is stale: copy %s over it", NodeChart.FILE, drawn.toAbsolutePath()).isEqualTo(expected);
        javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(expected.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    @DisplayName("every count quoted in the README's prose, English or Chinese, appears in a checked output")
    void proseNumbersAreChecked() throws IOException {
        proseNumbersAreChecked("README.md", readme());
        proseNumbersAreChecked("README.zh.md", readmeZh());
    }

    private static void proseNumbersAreChecked(String name, String readme) {
        String outputs = String.join("\n", quotedOutputs(readme).values().stream().flatMap(List::stream).toList());
        // Facts checked elsewhere: the score bands (Score.java) and the published perft(5)
        // of the start position, which bench prints and CI verifies.
        List<String> checkedElsewhere = List.of(String.valueOf(Score.MATE), String.valueOf(Score.INFINITE),
                String.valueOf(Score.MATE_BOUND), "133312995");
        Matcher number = Pattern.compile("\\d{1,3}(,\\d{3})+|\\d{4,}").matcher(prose(readme));
        while (number.find()) {
            String digits = number.group().replace(",", "");
            assertThat(outputs.contains(digits) || checkedElsewhere.contains(digits))
                    .as("%s quoted in %s but not in a checked output", number.group(), name).isTrue();
        }
    }

    private static String readme() throws IOException {
        return Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
    }

    /** The Chinese edition, which issue 25 asks for beside every README.md. */
    private static String readmeZh() throws IOException {
        Path zh = Path.of("README.zh.md");
        assertThat(zh).as("README.zh.md, the Chinese edition beside README.md").exists();
        return Files.readString(zh, StandardCharsets.UTF_8);
    }

    /**
     * The command line as a reader types it, after the chapter's jar. A demo is run part by
     * part through {@link #demo}, so that a part two quoted blocks share is searched once;
     * any other command (say {@code judge ... --why --lang zh}) is run as it is.
     */
    private static String run(String... args) {
        if (args[0].equals("demo")) {
            return demo(args);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, InputStream.nullInputStream(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).as("exit status").isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).as("stderr").isEmpty();
        return out.toString(StandardCharsets.UTF_8);
    }

    /** What one demo part printed, and its headline. */
    private record Printed(String text, String headline) {
        /** What a part printed in both languages at once, read in one of them. */
        Printed in(Report.Language language) {
            return new Printed(Report.in(language, text), Report.in(language, headline));
        }
    }

    /** The parts run or running in this JVM, by number, each printed in both languages at once. */
    private static final Map<Integer, CompletableFuture<Printed>> PRINTED = new ConcurrentHashMap<>();

    /** Where the parts run: side by side, as many as there are cores. */
    private static final ExecutorService PARTS_RUNNER = Executors.newFixedThreadPool(
            Math.max(2, Runtime.getRuntime().availableProcessors()), work -> {
                Thread thread = new Thread(work, "demo part");
                thread.setDaemon(true);
                return thread;
            });

    /**
     * A demo part's printout in both languages at once, run once in this JVM: the first call
     * starts it on {@link #PARTS_RUNNER}, every later one waits for the same result. Its
     * searches are the same in English and Chinese, so one run serves both READMEs.
     */
    private static CompletableFuture<Printed> part(int number) {
        return PRINTED.computeIfAbsent(number, key -> CompletableFuture.supplyAsync(() ->
                Report.speaking(Report.Language.BOTH, () -> {
                    ByteArrayOutputStream text = new ByteArrayOutputStream();
                    String headline = Demo.PARTS.get(number - 1).body().apply(new PrintStream(text, true, StandardCharsets.UTF_8));
                    return new Printed(text.toString(StandardCharsets.UTF_8), headline);
                }), PARTS_RUNNER));
    }

    /**
     * Starts, side by side, every demo part that a demo command of README.md or README.zh.md
     * shows, each once for both editions. A README that is missing starts nothing here; its
     * test says so.
     */
    private static void startDemoParts() throws IOException {
        for (Path file : List.of(Path.of("README.md"), Path.of("README.zh.md"))) {
            if (!Files.exists(file)) {
                continue;
            }
            for (String command : quotedOutputs(Files.readString(file, StandardCharsets.UTF_8)).keySet()) {
                String[] args = command.split(" ");
                if (args[0].equals("demo")) {
                    DemoCommand demo = DemoCommand.of(args);
                    Report.choose(Demo.PARTS, demo.all(), demo.only()).forEach(ReadmeTest::part);
                }
            }
        }
    }

    /** A demo command line: the parts it asks for and the language. */
    private record DemoCommand(boolean all, Integer only, Report.Language language) {
        static DemoCommand of(String... args) {
            List<String> options = List.of(args).subList(1, args.length);
            boolean all = options.contains("--all");
            Integer only = options.contains("--part") ? Integer.valueOf(options.get(options.indexOf("--part") + 1)) : null;
            Report.Language language = options.contains("--lang")
                    ? Report.Language.parse(options.get(options.indexOf("--lang") + 1)) : Report.Language.EN;
            return new DemoCommand(all, only, language);
        }
    }

    /**
     * {@code demo}, {@code demo --all} or {@code demo --part N}, with or without
     * {@code --lang zh}, as {@code Main} runs it: the same parts chosen the same way, laid out
     * by the same {@code Report}. The README quotes {@code demo} and {@code demo --all}, which
     * share the default parts; a part's searches are deterministic and start from nothing, so
     * each part runs once here, printing both languages at once, and its printout is replayed,
     * in the block's language, wherever a block shows it: every line is checked, and each part
     * is searched once, not once per block and language.
     */
    private static String demo(String... args) {
        DemoCommand command = DemoCommand.of(args);
        List<Report.Part> replayed = new ArrayList<>();
        for (int i = 0; i < Demo.PARTS.size(); i++) {
            Report.Part part = Demo.PARTS.get(i);
            int number = i + 1;
            replayed.add(new Report.Part(part.title(), part.titleZh(), part.byDefault(), out -> {
                Printed printed = part(number).join().in(command.language());
                out.print(printed.text());
                return printed.headline();
            }));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Report.run(new PrintStream(out, true, StandardCharsets.UTF_8), command.language(), Demo.INTRODUCTION,
                Demo.INTRODUCTION_ZH, replayed, Report.choose(Demo.PARTS, command.all(), command.only()));
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Each marker's command and the fenced block that follows the marker. */
    static Map<String, List<String>> quotedOutputs(String readme) {
        Map<String, List<String>> outputs = new LinkedHashMap<>();
        List<String> lines = readme.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            Matcher marker = MARKER.matcher(lines.get(i));
            if (marker.matches()) {
                int end = i + 2;
                while (!lines.get(end).equals("```")) {
                    end++;
                }
                outputs.put(marker.group(1), lines.subList(i + 2, end));
            }
        }
        return outputs;
    }

    /**
     * The README's claims: the text without its quoted outputs (of the demo or of an
     * exercise's solution), without its commands
     * ({@code sh} blocks) and without inline code, whose numbers are what a reader types.
     */
    private static String prose(String readme) {
        List<String> kept = new ArrayList<>();
        boolean skipped = false;
        boolean afterMarker = false;
        for (String line : readme.lines().toList()) {
            if (!skipped && (afterMarker && line.startsWith("```") || line.equals("```sh"))) {
                skipped = true;
            } else if (skipped && line.equals("```")) {
                skipped = false;
            } else if (!skipped) {
                kept.add(line.replaceAll("`[^`]*`", ""));
            }
            afterMarker = MARKER.matcher(line).matches() || SOLUTION_MARKER.matcher(line).matches();
        }
        return String.join("\n", kept);
    }

    /**
     * Blanks what measures time: the table columns headed "time ...", "... ms", "... ns" or
     * ".../s" (用时 ..., .../秒 in Chinese), and the seconds the whole demo took, in the
     * English footer ("...: 0.9 s") or the Chinese one ("...：0.9 秒").
     */
    static List<String> withoutTimes(List<String> lines) {
        List<String> result = new ArrayList<>();
        int[] timed = new int[0];
        for (String line : lines) {
            String[] cells = line.split("\\|", -1);
            if (cells.length > 2 && Arrays.stream(cells).anyMatch(ReadmeTest::measuresTime)) {
                timed = java.util.stream.IntStream.range(0, cells.length).filter(i -> measuresTime(cells[i])).toArray();
            }
            if (cells.length > 2) {
                for (int i : timed) {
                    if (i < cells.length && cells[i].trim().matches("[0-9.]+")) {
                        cells[i] = "-";
                    }
                }
            }
            result.add(String.join("|", cells).stripTrailing()
                    .replaceAll("^((?:chapter\\S* demo, .*: |第 \\d+ 章演示，.*：))[0-9.]+ (s|秒)$", "$1- $2"));
        }
        return result;
    }

    /** A column header of a time: "time ...", "... ms", "... ns" or ".../s"; 用时 ..., 毫秒 ..., 纳秒 ..., .../秒. */
    private static boolean measuresTime(String header) {
        String text = header.trim();
        return text.contains("time") || text.endsWith(" ms") || text.endsWith(" ns") || text.contains("/s")
                || text.contains("用时") || text.contains("毫秒") || text.contains("纳秒") || text.contains("/秒");
    }

    @Test
    @DisplayName("masking removes the timing columns and the demo's time only")
    void maskingKeepsNodeCounts() {
        List<String> masked = withoutTimes(Arrays.asList(
                "depth | nodes | time ms | nodes/s | score",
                "    1 |    45 |       3 |   15000 |   400",
                "chapter01-minimax demo, part 1 of 2 (demo --all shows every part): 0.9 s",
                "depth | mm ms | ab ms | nodes",
                "    1 |    12 |     3 |    45"));
        assertThat(masked.get(1)).isEqualTo("    1 |    45 |-|-|   400");
        assertThat(masked.get(2)).isEqualTo("chapter01-minimax demo, part 1 of 2 (demo --all shows every part): - s");
        assertThat(masked.get(4)).isEqualTo("    1 |-|-|    45");
    }

    @Test
    @DisplayName("masking reads the Chinese time headings and footer too")
    void maskingReadsChinese() {
        List<String> masked = withoutTimes(Arrays.asList(
                " 深度 |    节点 | 用时 ms | 节点/秒 |  分值",
                "    1 |      45 |       3 |   15000 |   400",
                "第 1 章演示，共 2 个部分中的第 1 部分（demo --all 显示全部）：0.9 秒",
                "局面         |  节点 5 | 每节点 5 ns",
                "合计         |     123 |        4567",
                " 深度 | α-β 毫秒 | 节点 | 纳秒/节点 5",
                "    1 |        3 |   45 |         400"));
        assertThat(masked.get(1)).isEqualTo("    1 |      45 |-|-|   400");
        assertThat(masked.get(2)).isEqualTo("第 1 章演示，共 2 个部分中的第 1 部分（demo --all 显示全部）：- 秒");
        assertThat(masked.get(4)).isEqualTo("合计         |     123 |-");
        assertThat(masked.get(6)).isEqualTo("    1 |-|   45 |-");
    }
}
