package xiangqi.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import xiangqi.Fixtures;
import xiangqi.Move;
import xiangqi.Position;
import xiangqi.Search;

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

    /** One visit in watch mode's answer: an object whose fields may hold flat objects (a repetition's {@code repeats}). */
    private static final Pattern VISIT = Pattern.compile("\\{\"parent\":(?:[^{}]|\\{[^{}]*\\})*\\}");

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
        Matcher visit = VISIT.matcher(json);
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
        Matcher visit = VISIT.matcher(json);
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

    // ---------------------------------------------------------------- watch mode teaches (issue 30)

    /** The visits of watch mode's answer, each a JSON object (a repetition's holding its {@code repeats}). */
    private static List<String> visits(String json) {
        List<String> visits = new ArrayList<>();
        Matcher visit = VISIT.matcher(json);
        while (visit.find()) {
            visits.add(visit.group());
        }
        return visits;
    }

    /** The list of strings in field {@code name}, or null. */
    private static List<String> strings(String json, String name) {
        Matcher matcher = Pattern.compile("\"" + name + "\":(null|\\[([^\\]]*)\\])").matcher(json);
        assertThat(matcher.find()).as(name + " in " + json).isTrue();
        if (matcher.group(2) == null) {
            return null;
        }
        List<String> strings = new ArrayList<>();
        Matcher string = Pattern.compile("\"([^\"]*)\"").matcher(matcher.group(2));
        while (string.find()) {
            strings.add(string.group(1));
        }
        return strings;
    }

    /** A score or a window's bound as watch mode writes it, as a number: ∞ beyond every score. */
    private static long score(String text) {
        return text.equals("∞") ? Long.MAX_VALUE : text.equals("-∞") ? Long.MIN_VALUE : Long.parseLong(text);
    }

    /** The text of -{@code text}. */
    private static String negated(String text) {
        return text.equals("∞") ? "-∞" : text.equals("-∞") ? "∞" : String.valueOf(-Long.parseLong(text));
    }

    private static String watch(String fen, int depth) {
        HttpResponse<String> answer = get("/api/watch?fen=" + encode(fen) + "&depth=" + depth);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return answer.body();
    }

    /** The moves from the root to each visit, rebuilt from the parents. */
    private static List<List<String>> lines(List<String> visits) {
        List<List<String>> lines = new ArrayList<>();
        for (String visit : visits) {
            int parent = Integer.parseInt(field(visit, "parent"));
            List<String> line = new ArrayList<>(parent < 0 ? List.of() : lines.get(parent));
            if (parent >= 0) {
                line.add(field(visit, "move"));
            }
            lines.add(line);
        }
        return lines;
    }

    @ParameterizedTest(name = "{0}, depth {1}")
    @CsvSource(delimiter = '|', textBlock = """
            5k3/9/9/9/9/9/9/9/4p4/3K1N3 w                                   | 4
            rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w    | 2
            """)
    @DisplayName("the answer, its size and its best line are the search's own: root value, node count and principal variation")
    void rootAndLineAreTheSearchs(String fen, int depth) {
        String json = watch(fen, depth);
        Search.Result result = Search.standard().search(Position.fromFen(fen), depth);
        List<String> visits = visits(json);
        List<String> line = java.util.Arrays.stream(result.pv()).mapToObj(Move::toUci).toList();

        assertThat(field(json, "nodes")).isEqualTo(String.valueOf(result.nodes()));
        assertThat(field(json, "rootValue")).isEqualTo(String.valueOf(result.score()));
        assertThat(strings(json, "pv")).isNotEmpty().isEqualTo(line);
        assertThat(strings(json, "pvChinese")).hasSameSizeAs(line);
        List<String> marked = new ArrayList<>();
        int last = -1;
        for (int i = 0; i < visits.size(); i++) {
            if (field(visits.get(i), "pv").equals("true")) {
                assertThat(Integer.parseInt(field(visits.get(i), "parent"))).as("the line is a path").isEqualTo(last);
                last = i;
                if (!field(visits.get(i), "move").equals("null")) {
                    marked.add(field(visits.get(i), "move"));
                }
            }
        }
        assertThat(marked).isEqualTo(line);
    }

    @ParameterizedTest(name = "{0}, depth {1}")
    @CsvSource(delimiter = '|', textBlock = """
            5k3/9/9/9/9/9/9/9/4p4/3K1N3 w                                   | 4
            rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w    | 2
            """)
    @DisplayName("every value says whose it is and what kind it is: red or black to move, and ≥ β a lower bound, ≤ α an upper one")
    void valuesSayWhoseAndWhatKind(String fen, int depth) {
        List<String> visits = visits(watch(fen, depth));
        boolean anyBound = false;
        for (int i = 0; i < visits.size(); i++) {
            String visit = visits.get(i);
            int parent = Integer.parseInt(field(visit, "parent"));
            boolean red = field(visit, "red").equals("true");
            assertThat(red).as(visit).isEqualTo(parent < 0 ? fen.endsWith("w")
                    : !field(visits.get(parent), "red").equals("true"));
            String valueText = field(visit, "valueText");
            assertThat(field(visit, "redValueText")).as(visit).isEqualTo(red ? valueText : negated(valueText));
            String bound = field(visit, "bound");
            String end = field(visit, "end");
            if (field(visit, "alpha").equals("null")) { // chapter 1's minimax: every value is exact
                assertThat(bound).isEqualTo("exact");
                continue;
            }
            long value = Long.parseLong(field(visit, "value"));
            long alpha = score(field(visit, "alpha"));
            long beta = score(field(visit, "beta"));
            switch (bound) {
                case "lower" -> assertThat(value).as(visit).isGreaterThanOrEqualTo(beta);
                case "upper" -> assertThat(value).as(visit).isLessThanOrEqualTo(alpha);
                default -> {
                    if (end.equals("searched") || end.equals("cut")) {
                        assertThat(value).as(visit).isGreaterThan(alpha).isLessThan(beta);
                    }
                }
            }
            if (end.equals("cut")) {
                assertThat(bound).as(visit).isEqualTo("lower");
            }
            anyBound |= !bound.equals("exact");
        }
        assertThat(anyBound || field(visits.get(0), "alpha").equals("null")).isTrue();
    }

    @ParameterizedTest(name = "{0}, depth {1}")
    @CsvSource(delimiter = '|', textBlock = """
            5k3/9/9/9/9/9/9/9/4p4/3K1N3 w                                   | 4
            rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w    | 2
            """)
    @DisplayName("after each child the parent's window is as the search has it: α the best of α and the scores so far, and the next child is searched with it")
    void theWindowMoves(String fen, int depth) {
        List<String> visits = visits(watch(fen, depth));
        Map<Integer, String> alphaNow = new java.util.HashMap<>();
        int raised = 0;
        for (int i = 0; i < visits.size(); i++) {
            String visit = visits.get(i);
            int parent = Integer.parseInt(field(visit, "parent"));
            if (field(visit, "alpha").equals("null")) { // chapter 1's minimax has no window to move
                assertThat(strings(visit, "after")).isNull();
                assertThat(field(visit, "raised")).isEqualTo("false");
                continue;
            }
            alphaNow.put(i, field(visit, "alpha"));
            if (parent < 0) {
                assertThat(strings(visit, "after")).isNull();
                continue;
            }
            String parentBeta = field(visits.get(parent), "beta");
            String before = alphaNow.get(parent);
            // the search enters each child with its parent's window as it stands, negated and swapped
            assertThat(List.of(field(visit, "alpha"), field(visit, "beta"))).as(visit)
                    .isEqualTo(List.of(negated(parentBeta), negated(before)));
            String score = negated(field(visit, "valueText"));
            boolean rises = score(score) > score(before);
            String now = rises ? score : before;
            assertThat(field(visit, "raised")).as(visit).isEqualTo(String.valueOf(rises));
            assertThat(strings(visit, "after")).as(visit).isEqualTo(List.of(now, parentBeta));
            alphaNow.put(parent, now);
            raised += rises ? 1 : 0;
        }
        assertThat(raised > 0 || field(visits.get(0), "alpha").equals("null")).isTrue();
    }

    @Test
    @DisplayName("a cut-off names the moves it never tried, in ICCS and Chinese: with the ones searched, all the legal moves")
    void cutOffsNameTheMovesNeverTried() {
        String fen = "5k3/9/9/9/9/9/9/9/4p4/3K1N3 w";
        List<String> visits = visits(watch(fen, 4));
        List<List<String>> lines = lines(visits);
        int cuts = 0;
        for (int i = 0; i < visits.size(); i++) {
            String visit = visits.get(i);
            List<String> pruned = strings(visit, "pruned");
            assertThat(pruned).as(visit).hasSize(Integer.parseInt(field(visit, "untried")));
            assertThat(strings(visit, "prunedChinese")).as(visit).hasSameSizeAs(pruned);
            if (!field(visit, "end").equals("cut")) {
                continue;
            }
            cuts++;
            Set<String> moves = new HashSet<>(pruned);
            for (int j = i + 1; j < visits.size(); j++) {
                if (Integer.parseInt(field(visits.get(j), "parent")) == i) {
                    assertThat(moves.add(field(visits.get(j), "move"))).as("searched and never tried: " + visit).isTrue();
                }
            }
            assertThat(moves).hasSize(Fixtures.legalMoveCount(Fixtures.after(fen, lines.get(i).toArray(String[]::new))));
        }
        assertThat(cuts == 0 || cuts == Integer.parseInt(field(watch(fen, 4), "cutoffs"))).isTrue();
    }

    @Test
    @DisplayName("the answer says the deepest search of the position that can be watched: it is answered, one deeper is refused")
    void theDeepestWatchableDepth() {
        String start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
        int deepest = Integer.parseInt(field(watch(start, 1), "deepest"));
        assertThat(deepest).isBetween(1, 6);
        assertThat(field(watch(start, deepest), "deepest")).isEqualTo(String.valueOf(deepest));
        HttpResponse<String> deeper = get("/api/watch?fen=" + encode(start) + "&depth=" + (deepest + 1));
        assertThat(deeper.statusCode()).as(deeper.body()).isIn(400, 422);
    }
}
