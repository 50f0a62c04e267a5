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
import xiangqi.common.Chapter;
import xiangqi.picture.Visit;

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
            /api/watch?fen=4k4/9/9/9/9/9/9/9/9/3K1R3+w&depth=1&compare=yes | 400 | compare 'yes' must be 0 or 1
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

    // ---------------------------------------------------------------- compare, seen (issue 30, point 6)

    /** Positions for "compare": the README's small tree, the start, and a game that repeats itself. */
    private static final String COMPARED = """
            5k3/9/9/9/9/9/9/9/4p4/3K1N3 w                                | 4 |
            rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w | 2 |
            3k5/R8/9/9/9/9/9/9/9/4K4 w                                   | 2 | a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8
            """;

    private static String watchQuery(String fen, String moves, int depth) {
        return "/api/watch?fen=" + encode(fen) + "&moves=" + encode(moves == null ? "" : moves) + "&depth=" + depth;
    }

    /** Watch mode's answer with "compare". */
    private static String compared(String fen, String moves, int depth) {
        HttpResponse<String> answer = get(watchQuery(fen, moves, depth) + "&compare=1");
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return answer.body();
    }

    /** The earlier tree's visits in the answer: flat objects, in a list of their own. */
    private static List<String> earlierVisits(String json) {
        int start = json.indexOf("\"earlierVisits\":[");
        assertThat(start).as("earlierVisits in " + json).isNotNegative();
        return visits(json.substring(start, json.indexOf(']', start)));
    }

    /** This chapter's visits in the answer, with "compare" or without. */
    private static List<String> hereVisits(String json) {
        return visits(json.substring(json.indexOf("\"visits\":[")));
    }

    /**
     * What matches a node of one tree to the other's: its line, the moves from its root, and,
     * where both trees deepen iteratively, the depth its iteration searched to.
     */
    private static List<String> keys(List<String> visits, boolean byIteration) {
        List<String> keys = new ArrayList<>();
        for (String visit : visits) {
            int parent = Integer.parseInt(field(visit, "parent"));
            keys.add(parent < 0 ? (byIteration ? "#" + field(visit, "depth") : "")
                    : keys.get(parent) + " " + field(visit, "move"));
        }
        return keys;
    }

    private static long count(List<String> visits, String name, String value) {
        return visits.stream().filter(visit -> field(visit, name).equals(value)).count();
    }

    @ParameterizedTest(name = "{0} {2}, depth {1}")
    @CsvSource(delimiter = '|', textBlock = COMPARED)
    @DisplayName("with compare, the previous chapter's tree of the same search comes too: as many nodes as the earlier method counts, node for node its search")
    void theEarlierTreeIsTheEarlierSearch(String fen, int depth, String moves) {
        assertThat(get(watchQuery(fen, moves, depth)).body()).doesNotContain("earlierTree").doesNotContain("earlierVisits");
        String json = compared(fen, moves, depth);
        Position position = Fixtures.after(fen, moves == null ? new String[0] : moves.split(" "));
        List<Visit> recorded = WebSearch.watchEarlier(position, depth);
        if (recorded == null) { // chapter 1: perft counts leaves and keeps no tree
            assertThat(field(json, "earlierTree")).isEqualTo("none");
            assertThat(json).doesNotContain("earlierVisits");
            return;
        }
        long nodes = new WebSearch().earlier(position, depth);
        List<String> earlier = earlierVisits(json);
        assertThat(field(json, "earlierTree")).isEqualTo("shown");
        assertThat(earlier).hasSize((int) nodes);
        assertThat(field(json, "earlierNodes")).isEqualTo(String.valueOf(nodes));
        List<String> keys = keys(earlier, false);
        for (int j = 0; j < earlier.size(); j++) {
            Visit visit = recorded.get(j);
            String expected = visit.parent() < 0 ? "" : keys.get(visit.parent()) + " " + visit.move();
            assertThat(List.of(keys.get(j), field(earlier.get(j), "value"), field(earlier.get(j), "end"),
                    field(earlier.get(j), "bound"))).as(earlier.get(j)).isEqualTo(List.of(expected, String.valueOf(visit.value()),
                    visit.end().name().toLowerCase(java.util.Locale.ROOT), visit.bound().name().toLowerCase(java.util.Locale.ROOT)));
        }
    }

    @ParameterizedTest(name = "{0} {2}, depth {1}")
    @CsvSource(delimiter = '|', textBlock = COMPARED)
    @DisplayName("an earlier node is saved when this chapter's tree has no node with its line; each of this chapter's nodes names its twin there, or -1")
    void savedAreTheLinesThisChapterNeverVisited(String fen, int depth, String moves) {
        String json = compared(fen, moves, depth);
        if (field(json, "earlierTree").equals("none")) { // chapter 1
            return;
        }
        List<String> earlier = earlierVisits(json);
        List<String> here = hereVisits(json);
        boolean byIteration = count(earlier, "parent", "-1") > 1;
        List<String> earlierKeys = keys(earlier, byIteration);
        List<String> hereKeys = keys(here, byIteration);
        for (int j = 0; j < earlier.size(); j++) {
            boolean saved = !hereKeys.contains(earlierKeys.get(j));
            assertThat(field(earlier.get(j), "saved")).as(earlier.get(j)).isEqualTo(String.valueOf(saved));
            int parent = Integer.parseInt(field(earlier.get(j), "parent"));
            if (parent < 0) {
                assertThat(saved).as("a root is never saved").isFalse();
            } else if (field(earlier.get(parent), "saved").equals("true")) {
                assertThat(saved).as("a line is visited only through its parent's: under a saved node, all are saved").isTrue();
            }
        }
        for (int i = 0; i < here.size(); i++) {
            assertThat(field(here.get(i), "earlierNode")).as(here.get(i))
                    .isEqualTo(String.valueOf(earlierKeys.indexOf(hereKeys.get(i))));
        }
        long saved = count(earlier, "saved", "true");
        assertThat(field(json, "earlierSaved")).isEqualTo(String.valueOf(saved));
        assertThat(field(json, "notInEarlier")).isEqualTo(String.valueOf(count(here, "earlierNode", "-1")));
        // The nodes both trees have are at most this chapter's; which tree holds the other's lines depends on the chapter
        assertThat(earlier.size() - saved).isLessThanOrEqualTo(here.size());
    }

    @Test
    @DisplayName("what each chapter saves, beside the previous one: the difference (2), nothing (3), the table's answers (4), ordered moves (5), the repetitions (6)")
    void whatEachChapterSaves() {
        String small = compared("5k3/9/9/9/9/9/9/9/4p4/3K1N3 w", "", 4);
        if (Chapter.NAME.startsWith("chapter01")) { // no earlier search keeps a tree: the page shows no comparison
            assertThat(field(small, "earlierTree")).isEqualTo("none");
            return;
        }
        List<String> earlier = earlierVisits(small);
        List<String> here = hereVisits(small);
        long saved = Long.parseLong(field(small, "earlierSaved"));
        long notInEarlier = Long.parseLong(field(small, "notInEarlier"));
        switch (Chapter.NAME) {
            case "chapter02-alphabeta" -> {
                // Alpha-beta tries minimax's moves in minimax's order and stops sooner: every line it
                // visits, minimax visits, and what it saved is the whole difference. Minimax has no
                // window: each of its values is exact, none a bound.
                assertThat(notInEarlier).isZero();
                assertThat(saved).isPositive().isEqualTo(earlier.size() - here.size());
                assertThat(count(earlier, "bound", "exact")).isEqualTo(earlier.size());
                assertThat(count(earlier, "end", "cut")).isZero();
            }
            case "chapter03-zobrist" -> { // keys change no node: the same tree, nothing saved
                assertThat(saved).isZero();
                assertThat(notInEarlier).isZero();
                assertThat(watched(String.join(",", earlier))).isEqualTo(watched(String.join(",", here)));
            }
            case "chapter04-ttable" -> {
                // The table answers a position it has seen: the earlier search went on below it. A
                // saved subtree hangs from a node whose twin here the table answered, or cut off
                // sooner (the table's move first). With that move first, this search may also try
                // a move that the earlier one cut off before reaching: the two trees need not nest.
                assertThat(saved).isPositive();
                assertSavedBelow(earlier, here, "table", "cut");
                assertThat(count(here, "end", "table")).isPositive();
            }
            case "chapter05-ordering" -> {
                // Ordered moves go where chapter 4's order never went: the saved nodes are not the
                // difference. Each iteration starts at the root: all of them are the earlier root's twins.
                assertThat(notInEarlier).isPositive();
                assertThat(saved).isNotEqualTo(earlier.size() - here.size());
                assertThat(count(here, "earlierNode", "0")).isEqualTo(count(here, "parent", "-1")).isGreaterThan(1);
            }
            case "chapter06-repetition" -> {
                // No position comes back in this small tree: chapter 5's search, the same tree.
                assertThat(saved).isZero();
                assertThat(notInEarlier).isZero();
                // Where the game repeats itself, the rules end lines that chapter 5's search went on
                // with, blind to repetitions: no line of its tree ends in a ruling.
                String game = compared("3k5/R8/9/9/9/9/9/9/9/4K4 w", "a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8", 2);
                List<String> blind = earlierVisits(game);
                assertThat(Long.parseLong(field(game, "earlierSaved"))).isPositive();
                assertThat(count(blind, "end", "repetition")).isZero();
                assertSavedBelow(blind, hereVisits(game), "repetition", "cut");
                assertThat(count(hereVisits(game), "end", "repetition")).isPositive();
            }
            default -> throw new AssertionError("a chapter this test does not know: " + Chapter.NAME);
        }
    }

    /** Where a saved subtree hangs from a node both trees have, that node ended here as one of {@code ends}. */
    private static void assertSavedBelow(List<String> earlier, List<String> here, String... ends) {
        for (int j = 0; j < earlier.size(); j++) {
            int parent = Integer.parseInt(field(earlier.get(j), "parent"));
            if (field(earlier.get(j), "saved").equals("true") && field(earlier.get(parent), "saved").equals("false")) {
                for (String twin : here) {
                    if (field(twin, "earlierNode").equals(String.valueOf(parent))) {
                        assertThat(field(twin, "end")).as(twin).isIn((Object[]) ends);
                    }
                }
            }
        }
    }
}
