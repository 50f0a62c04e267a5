package xiangqi.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * {@code <!-- demo-output: demo -->} or {@code <!-- demo-output: demo --all -->}.
 */
class ReadmeTest {
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

        for (Map.Entry<String, List<String>> entry : quoted.entrySet()) {
            List<String> actual = run(entry.getKey().split(" ")).lines().toList();
            assertThat(withoutTimes(actual)).as(entry.getKey())
                    .containsExactlyElementsOf(withoutTimes(entry.getValue()));
        }
    }

    @Test
    @DisplayName("the default demo is a demo a class can watch: no line wider than 100 columns")
    void demoFitsOnAProjector() throws IOException {
        for (List<String> output : quotedOutputs(readme()).values()) {
            for (String line : output) {
                assertThat(TextTable.displayWidth(line)).as(line).isLessThanOrEqualTo(100);
            }
        }
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
    @DisplayName("every count quoted in the README's prose appears in a checked output")
    void proseNumbersAreChecked() throws IOException {
        String readme = readme();
        String outputs = String.join("\n", quotedOutputs(readme).values().stream().flatMap(List::stream).toList());
        // Facts checked elsewhere: the score bands (Score.java) and the published perft(5)
        // of the start position, which bench prints and CI verifies.
        List<String> checkedElsewhere = List.of(String.valueOf(Score.MATE), String.valueOf(Score.INFINITE),
                String.valueOf(Score.MATE_BOUND), "133312995");
        Matcher number = Pattern.compile("\\d{1,3}(,\\d{3})+|\\d{4,}").matcher(prose(readme));
        while (number.find()) {
            String digits = number.group().replace(",", "");
            assertThat(outputs.contains(digits) || checkedElsewhere.contains(digits))
                    .as("%s quoted in the README but not in a checked output", number.group()).isTrue();
        }
    }

    private static String readme() throws IOException {
        return Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
    }

    /**
     * The command line as a reader types it, after the chapter's jar. A demo is run part by
     * part through {@link #demo}, so that a part two quoted blocks share is searched once.
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
    }

    /** The parts run so far in this test run, by number. */
    private static final Map<Integer, Printed> PRINTED = new HashMap<>();

    /**
     * {@code demo}, {@code demo --all} or {@code demo --part N}, as {@code Main} runs it: the
     * same parts chosen the same way, laid out by the same {@code Report}. The README quotes
     * {@code demo} and {@code demo --all}, which share the default parts; a part's searches
     * are deterministic and start from nothing, so each part runs once here and its printout
     * is replayed where a second block shows it: every line is checked as before, and the
     * default parts are searched once, not twice.
     */
    private static String demo(String... args) {
        List<String> options = List.of(args).subList(1, args.length);
        boolean all = options.contains("--all");
        Integer only = options.contains("--part") ? Integer.valueOf(options.get(options.indexOf("--part") + 1)) : null;
        List<Report.Part> replayed = new ArrayList<>();
        for (int i = 0; i < Demo.PARTS.size(); i++) {
            Report.Part part = Demo.PARTS.get(i);
            int number = i + 1;
            replayed.add(new Report.Part(part.title(), part.byDefault(), out -> {
                Printed printed = PRINTED.computeIfAbsent(number, n -> {
                    ByteArrayOutputStream text = new ByteArrayOutputStream();
                    String headline = part.body().apply(new PrintStream(text, true, StandardCharsets.UTF_8));
                    return new Printed(text.toString(StandardCharsets.UTF_8), headline);
                });
                out.print(printed.text());
                return printed.headline();
            }));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Report.run(new PrintStream(out, true, StandardCharsets.UTF_8), Demo.INTRODUCTION, replayed,
                Report.choose(Demo.PARTS, all, only));
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
     * Blanks what measures time: the table columns headed "time ...", "... ms" or ".../s",
     * and the seconds the whole demo took.
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
            result.add(String.join("|", cells).stripTrailing().replaceAll("^(chapter.* demo, .*: )[0-9.]+ s$", "$1- s"));
        }
        return result;
    }

    /** A column header of a time: "time ...", "... ms" or ".../s". */
    private static boolean measuresTime(String header) {
        String text = header.trim();
        return text.contains("time") || text.endsWith(" ms") || text.contains("/s");
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
}
