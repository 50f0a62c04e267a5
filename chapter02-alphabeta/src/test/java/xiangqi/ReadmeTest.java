package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The READMEs quote the demo's output and its node counts. Search is deterministic, so
 * those numbers can be checked: a README that no longer matches the code fails the build.
 */
class ReadmeTest {
    private static final String MARKER = "<!-- demo-output:";

    @Test
    @DisplayName("the chapter README's expected output is what the demo prints (times excepted)")
    void chapterReadmeShowsTheDemoOutput() throws IOException {
        List<String> expected = expectedOutput(Files.readString(Path.of("README.md"), StandardCharsets.UTF_8));
        List<String> actual = runDemo().lines().toList();

        assertThat(withoutTimes(actual)).containsExactlyElementsOf(withoutTimes(expected));
    }

    @Test
    @DisplayName("the root README's node-count row for this chapter matches the demo")
    void rootReadmeRowMatches() throws IOException {
        String root = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
        String row = root.lines().filter(line -> line.startsWith("| " + Demo.CHAPTER + " ")).findFirst().orElseThrow();
        Search.Result depth4 = Search.standard().search(Position.startPosition(), 4);

        assertThat(row).as("start position, depth 4").contains("| " + String.format("%,d", depth4.nodes()) + " |");
    }

    /** The demo as a reader starts it: the command line with no arguments. */
    @Test
    @DisplayName("every count quoted in the README's prose appears in the checked demo output")
    void proseNumbersAreChecked() throws IOException {
        String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        String output = String.join("\n", expectedOutput(readme));
        // Facts checked elsewhere: the score bands (Score.java) and the published perft(5)
        // of the start position, which bench prints and CI verifies.
        List<String> checkedElsewhere = List.of(String.valueOf(Score.MATE), String.valueOf(Score.INFINITE),
                String.valueOf(Score.MATE_BOUND), "133312995");
        String prose = readme.substring(0, readme.indexOf(MARKER)) + readme.substring(readme.indexOf("## What the numbers show"));
        java.util.regex.Matcher number = java.util.regex.Pattern.compile("\\d{1,3}(,\\d{3})+|\\d{4,}").matcher(prose);
        while (number.find()) {
            String digits = number.group().replace(",", "");
            assertThat(output.contains(digits) || checkedElsewhere.contains(digits))
                    .as("%s quoted in the README but not in the demo output", number.group()).isTrue();
        }
    }

    private static String runDemo() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(new String[0], InputStream.nullInputStream(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).as("exit status").isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).as("stderr").isEmpty();
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The fenced block that follows the marker comment. */
    static List<String> expectedOutput(String readme) {
        List<String> lines = readme.lines().toList();
        int marker = 0;
        while (!lines.get(marker).startsWith(MARKER)) {
            marker++;
        }
        int end = marker + 2;
        while (!lines.get(end).equals("```")) {
            end++;
        }
        return lines.subList(marker + 2, end);
    }

    /** Blanks the columns that measure time ("time ms", "nodes/s" or any header with "time"). */
    static List<String> withoutTimes(List<String> lines) {
        List<String> result = new java.util.ArrayList<>();
        int[] timed = new int[0];
        for (String line : lines) {
            String[] cells = line.split("\\|", -1);
            if (cells.length > 2 && line.contains("time")) {
                timed = java.util.stream.IntStream.range(0, cells.length)
                        .filter(i -> cells[i].contains("time") || cells[i].contains("/s")).toArray();
            }
            if (cells.length > 2) {
                for (int i : timed) {
                    if (i < cells.length && cells[i].trim().matches("[0-9.]+")) {
                        cells[i] = "-";
                    }
                }
            }
            result.add(String.join("|", cells).stripTrailing());
        }
        return result;
    }

    @Test
    @DisplayName("masking removes the timing columns only")
    void maskingKeepsNodeCounts() {
        List<String> masked = withoutTimes(Arrays.asList(
                "depth | nodes | time ms | nodes/s | score",
                "    1 |    45 |       3 |   15000 |   400"));
        assertThat(masked.get(1)).isEqualTo("    1 |    45 |-|-|   400");
    }
}
