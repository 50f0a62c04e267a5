package xiangqi.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import xiangqi.Fixtures;

/**
 * Watch mode's data ({@code GET /api/watch}, issue 24): the same search as the {@code tree}
 * command's picture, node for node, and a clear 4xx for what it cannot show. The same file
 * in every chapter.
 */
class WatchTest {
    /** A board on a free loopback port for this class; it stops when the class is done. */
    @RegisterExtension
    static final LoopbackBoard board = new LoopbackBoard();

    private static HttpResponse<String> get(String pathAndQuery) {
        return board.get(pathAndQuery);
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    /** One node, as the picture or the page shows it: the moves from the root, the value, the mark. */
    record Shown(String line, int value, String mark) {
    }

    /** The value of field {@code name} in a flat JSON object: a string, a number or null. */
    private static String field(String json, String name) {
        Matcher matcher = Pattern.compile("\"" + name + "\":(\"([^\"]*)\"|[^,}\\]]+)").matcher(json);
        assertThat(matcher.find()).as(name + " in " + json).isTrue();
        return matcher.group(2) != null ? matcher.group(2) : matcher.group(1);
    }

    /** The nodes of the tree command's picture, top to bottom, with each row's mark. */
    static List<Shown> drawn(String fen, String moves, int depth) throws IOException {
        Path file = Files.createTempFile("watch", ".svg");
        List<String> args = new ArrayList<>(List.of("tree", "--fen", fen));
        if (!moves.isBlank()) {
            args.add("--moves");
            args.addAll(List.of(moves.trim().split(" ")));
        }
        args.addAll(List.of("--depth", String.valueOf(depth), "--out", file.toString()));
        Fixtures.Run run = Fixtures.run(args.toArray(String[]::new));
        assertThat(run.status()).as(run.err()).isZero();
        List<Shown> nodes = new ArrayList<>();
        Pattern row = Pattern.compile("^<g class=\"node\" data-line=\"([^\"]*)\".* data-value=\"(-?\\d+)\">(.*)$");
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            Matcher matcher = row.matcher(line);
            if (matcher.matches()) {
                String text = matcher.group(3);
                String mark = text.contains("cut-off") ? "cut" : text.contains("repetition: ") ? "repetition"
                        : text.contains("answered by the table") ? "table" : text.contains("leaf: evaluation") ? "leaf"
                        : text.contains("no legal move") ? "lost" : "searched";
                nodes.add(new Shown(matcher.group(1), Integer.parseInt(matcher.group(2)), mark));
            }
        }
        Files.delete(file);
        return nodes;
    }

    /** The nodes of watch mode's answer, in its order, each line rebuilt from the parents. */
    static List<Shown> watched(String json) {
        List<Shown> nodes = new ArrayList<>();
        Matcher visit = Pattern.compile("\\{\"parent\":[^{}]*\\}").matcher(json);
        while (visit.find()) {
            String node = visit.group();
            int parent = Integer.parseInt(field(node, "parent"));
            String line = parent < 0 ? "" : (nodes.get(parent).line() + " " + field(node, "move")).strip();
            String end = field(node, "end");
            nodes.add(new Shown(line, Integer.parseInt(field(node, "value")),
                    end.equals("mate") || end.equals("stalemate") ? "lost" : end));
        }
        return nodes;
    }

    @ParameterizedTest(name = "{0} {1}, depth {2}")
    @CsvSource(delimiter = '|', textBlock = """
            5k3/9/9/9/9/9/9/9/4p4/3K1N3 w |                                 | 4
            5k3/9/9/9/9/9/9/9/4p4/3K1N3 w |                                 | 2
            3k5/R8/9/9/9/9/9/9/9/4K4 w    | a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 | 2
            """)
    @DisplayName("watch mode shows the tree command's search: the same nodes in the same order, values, cut-offs and marks")
    void sameSearchAsTheTreeCommand(String fen, String moves, int depth) throws IOException {
        moves = moves == null ? "" : moves;
        HttpResponse<String> answer = get("/api/watch?fen=" + encode(fen) + "&moves=" + encode(moves) + "&depth=" + depth);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        List<Shown> watched = watched(answer.body());
        List<Shown> drawn = drawn(fen, moves, depth);

        assertThat(watched).hasSize(drawn.size());
        assertThat(field(answer.body(), "nodes")).isEqualTo(String.valueOf(drawn.size()));
        assertThat(field(answer.body(), "cutoffs"))
                .isEqualTo(String.valueOf(drawn.stream().filter(node -> node.mark().equals("cut")).count()));
        Shown lastRoot = drawn.stream().filter(node -> node.line().isEmpty()).reduce((first, last) -> last).orElseThrow();
        assertThat(field(answer.body(), "rootValue")).isEqualTo(String.valueOf(lastRoot.value()));
        assertThat(watched).containsExactlyElementsOf(drawn);
        assertThat(field(answer.body(), "steps")).isEqualTo(String.valueOf(2 * drawn.size()));
    }

    @Test
    @DisplayName("a cut-off says how many moves it left untried: all the legal moves but the ones searched")
    void cutOffsCountTheMovesNeverTried() {
        String json = get("/api/watch?fen=" + encode("5k3/9/9/9/9/9/9/9/4p4/3K1N3 w") + "&depth=4").body();
        Matcher visit = Pattern.compile("\\{\"parent\":[^{}]*\\}").matcher(json);
        while (visit.find()) {
            String node = visit.group();
            assertThat(Integer.parseInt(field(node, "untried")) > 0).as(node).isEqualTo(field(node, "end").equals("cut"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            /api/watch?depth=4                                     | 422 | more than 2000 nodes, too many to watch
            /api/watch?fen=rnbakabnr/9/1c5c1/p1p1p1p1p/9/9&depth=2 | 400 | bad FEN
            /api/watch?fen=4k4/9/9/9/9/9/9/9/9/3K1R3+w&depth=0      | 400 | depth 0 is out of range
            /api/watch?fen=4k4/9/9/9/9/9/9/9/9/3K1R3+w&depth=x      | 400 | depth 'x' is not a whole number
            /api/watch?fen=4k4/9/9/9/9/9/9/9/9/3K1R3+w&depth=1&step=9999 | 400 | step 9999 is out of range 0..
            /api/watch?fen=4k4/9/9/9/9/9/9/9/9/3K1R3+w&depth=1&step=-1 | 400 | step -1 is out of range 0..
            /api/watch?fen=4k4/9/9/9/9/9/9/9/9/3K1R3+w&depth=1&lang=zh | 400 | unknown parameter 'lang'
            """)
    @DisplayName("what watch mode cannot show gets a 4xx and one line saying why, and the server goes on")
    void refusedWithOneLine(String request, int status, String message) {
        HttpResponse<String> answer = get(request);
        assertThat(answer.statusCode()).isEqualTo(status);
        assertThat(answer.body()).startsWith("error: ").contains(message).endsWith("\n");
        assertThat(answer.body().strip()).doesNotContain("\n");
        assertThat(get("/api/chapter").statusCode()).isEqualTo(200);
    }

    @Test
    @DisplayName("a link's step within the search is accepted, and the page's script is served")
    void aStepInRangeAndTheScript() {
        HttpResponse<String> answer = get("/api/watch?fen=" + encode("4k4/9/9/9/9/9/9/9/9/3K1R3 w") + "&depth=1&step=3");
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        HttpResponse<String> script = get("/watch.js");
        assertThat(script.statusCode()).isEqualTo(200);
        assertThat(script.body()).contains("const WATCH_TEXT");
    }
}
