package xiangqi.web;

import static org.assertj.core.api.Assertions.assertThat;
import static xiangqi.Fixtures.CHECKMATED;
import static xiangqi.Fixtures.STALEMATED;
import static xiangqi.Fixtures.after;
import static xiangqi.Fixtures.legalMoves;
import static xiangqi.Fixtures.run;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import xiangqi.Fixtures.Run;
import xiangqi.*;
import xiangqi.common.Chapter;

/** The web board over HTTP, as a browser would use it: the JDK's own client, loopback only. */
class ServeTest {
    private static WebBoard board;
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void start() {
        board = WebBoard.start("127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        board.stop();
    }

    private static HttpResponse<String> send(String method, String pathAndQuery) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + board.port() + pathAndQuery))
                .method(method, HttpRequest.BodyPublishers.noBody())
                .timeout(Duration.ofSeconds(60))
                .build();
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError("no answer to " + method + " " + pathAndQuery, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static HttpResponse<String> get(String pathAndQuery) {
        return send("GET", pathAndQuery);
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    /** The value of a JSON field holding a number or a string (the answers are flat enough for this). */
    private static String field(String json, String name) {
        Matcher matcher = Pattern.compile("\"" + name + "\":(\"([^\"]*)\"|[^,}\\]]+)").matcher(json);
        assertThat(matcher.find()).as(name + " in " + json).isTrue();
        return matcher.group(2) != null ? matcher.group(2) : matcher.group(1);
    }

    /** Polls search {@code id} until it is done (a bounded number of times); the last answer. */
    private static String awaitSearch(String id) {
        String answer = "";
        for (int poll = 0; poll < 200 && !answer.contains("\"done\":true"); poll++) {
            HttpResponse<String> response = get("/api/search?id=" + id);
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            answer = response.body();
        }
        assertThat(answer).contains("\"done\":true");
        return answer;
    }

    /** The one line the command line prints on stderr for {@code search} with these options. */
    private static String commandLineError(String... options) {
        String[] args = Stream.concat(Stream.of("search", "--depth", "1"), Stream.of(options)).toArray(String[]::new);
        Run run = run(args);
        assertThat(run.status()).isEqualTo(2);
        return run.err().strip();
    }

    @Test
    @DisplayName("the server listens on the loopback address; serve with a bad port is one error line")
    void loopbackOnly() {
        assertThat(InetAddress.getLoopbackAddress().getHostAddress()).isEqualTo("127.0.0.1");
        Run run = run("serve", "--port", "70000");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err().strip()).isEqualTo("error: --port 70000 is out of range 0..65535");
        assertThat(run("serve", "--port", "web").err().strip()).isEqualTo("error: --port 'web' is not a whole number");
        assertThat(run("serve", "--colour", "red").err()).contains("unknown option '--colour'");
    }

    @Test
    @DisplayName("the page, its script and its style are served, with the elements a browser check reads")
    void page() {
        HttpResponse<String> page = get("/?moves=h2e2&go=1");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
        assertThat(page.body()).contains("id=\"bestmove\"", "id=\"search-info\"", "board.js", "board.css");
        assertThat(get("/board.js").body()).contains("/api/search");
        assertThat(get("/board.css").headers().firstValue("Content-Type")).hasValue("text/css; charset=utf-8");
        assertThat(get("/api/chapter").body()).contains("\"chapter\":\"" + Chapter.NAME + "\"",
                "\"method\":\"" + WebSearch.METHOD + "\"");
    }

    @Test
    @DisplayName("a position: the board, the legal moves and the moves in Chinese notation")
    void position() {
        HttpResponse<String> response = get("/api/position?moves=" + encode("h2e2 h9g7"));

        assertThat(response.statusCode()).isEqualTo(200);
        String json = response.body();
        assertThat(field(json, "now")).isEqualTo(after(Position.START_FEN, "h2e2", "h9g7").toFen());
        assertThat(field(json, "side")).isEqualTo("red");
        assertThat(json).contains("\"chinese\":[\"炮二平五\",\"马8进7\"]", "\"over\":null");
        List<String> legal = legalMoves(after(Position.START_FEN, "h2e2", "h9g7"));
        assertThat(json).contains("\"legal\":[\"" + String.join("\",\"", legal) + "\"]");
    }

    @Test
    @DisplayName("mate and 困毙 end the game, with the reason, and the engine is not asked to move")
    void gameOver() {
        assertThat(field(get("/api/position?fen=" + encode(CHECKMATED)).body(), "over"))
                .startsWith("checkmate (将死): black is mated");
        assertThat(field(get("/api/position?fen=" + encode(STALEMATED)).body(), "over"))
                .startsWith("困毙 (stalemate): black has no legal move");

        HttpResponse<String> refused = send("POST", "/api/search?depth=1&fen=" + encode(STALEMATED));
        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(refused.body()).startsWith("error: the game is over: 困毙");
    }

    @Test
    @DisplayName("a move and the engine's reply: this chapter's search, the numbers the command line prints")
    void moveAndReply() {
        HttpResponse<String> started = send("POST", "/api/search?moves=h2e2&depth=2&compare=1");
        assertThat(started.statusCode()).as(started.body()).isEqualTo(200);

        String answer = awaitSearch(field(started.body(), "id"));

        Position position = after(Position.START_FEN, "h2e2");
        Search.Result expected = Search.standard().search(position, 2);
        assertThat(field(answer, "bestmove")).isEqualTo(Move.toUci(expected.bestMove()));
        assertThat(legalMoves(position)).contains(field(answer, "bestmove"));
        assertThat(answer).contains("\"nodes\":" + expected.nodes() + ",");
        assertThat(answer).contains("\"pv\":\"" + Notation.chineseLine(position, expected.pv(), 0, expected.pv().length) + "\"");
        assertThat(field(answer, "earlierNodes")).isEqualTo(String.valueOf(new WebSearch().earlier(position, 2)));
    }

    @Test
    @DisplayName("a search asked for while the engine thinks is refused with 409, never interleaved")
    void oneSearchAtATime() {
        String slow = "/api/search?depth=" + Math.min(Search.DEFAULT_DEPTH, WebSearch.DEEPEST)
                + (WebSearch.TIMED ? "&movetime=" + WebBoard.MAX_MOVETIME : "");
        HttpResponse<String> first = send("POST", slow);
        assertThat(first.statusCode()).as(first.body()).isEqualTo(200);

        HttpResponse<String> second = send("POST", "/api/search?depth=1&moves=h2e2");
        assertThat(second.statusCode()).isEqualTo(409);
        assertThat(second.body()).startsWith("error: the engine is thinking");
        HttpResponse<String> stop = send("POST", "/api/stop");
        assertThat(stop.statusCode()).isEqualTo(WebSearch.TIMED ? 200 : 409);

        String answer = awaitSearch(field(first.body(), "id"));
        assertThat(legalMoves(Position.startPosition())).contains(field(answer, "bestmove"));
        assertThat(send("POST", "/api/stop").body()).isEqualTo("error: the engine is not thinking\n");
    }

    static Stream<Arguments> badRequests() {
        return Stream.of(
                Arguments.of("GET", "/api/position?moves=" + encode("h2e2 h2e3"), 400,
                        commandLineError("--moves", "h2e2", "h2e3")),
                Arguments.of("GET", "/api/position?moves=h2x2", 400, commandLineError("--moves", "h2x2")),
                Arguments.of("GET", "/api/position?fen=" + encode("rnbakabnr/9/9 w"), 400,
                        commandLineError("--fen", "rnbakabnr/9/9 w")),
                Arguments.of("POST", "/api/search?depth=99", 400, "error: depth 99 is out of range 1.." + WebSearch.DEEPEST),
                Arguments.of("POST", "/api/search?depth=two", 400, "error: depth 'two' is not a whole number"),
                Arguments.of("POST", "/api/search?compare=yes", 400, "error: compare 'yes' must be 0 or 1"),
                Arguments.of("GET", "/api/position?colour=red", 400,
                        "error: unknown parameter 'colour', expected one of fen moves"),
                Arguments.of("GET", "/api/position?moves=h2e2&moves=h2e2", 400, "error: parameter 'moves' given twice"),
                Arguments.of("GET", "/api/position?moves=" + encode("炮二平五"), 400, commandLineError("--moves", "炮二平五")),
                Arguments.of("GET", "/api/position?moves=" + "h2e2+".repeat(2_500), 414,
                        "error: request too long: 12506 characters, at most 10000"),
                Arguments.of("GET", "/api/search?id=12345", 404, null),
                Arguments.of("DELETE", "/api/position", 405, "error: method DELETE not allowed here, use GET"),
                Arguments.of("GET", "/api/stop", 405, "error: method GET not allowed here, use POST"),
                Arguments.of("GET", "/chapter.properties", 404, "error: no such page '/chapter.properties'"),
                Arguments.of("GET", "/web/board.js", 404, "error: no such page '/web/board.js'"),
                Arguments.of("GET", "/..%2F..%2Fpom.xml", 404, "error: no such page '/..%2F..%2Fpom.xml'"));
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @MethodSource("badRequests")
    @DisplayName("bad input gets a 4xx and the command line's one line, and the server goes on")
    void badRequest(String method, String pathAndQuery, int status, String line) {
        HttpResponse<String> response = send(method, pathAndQuery);

        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.body()).endsWith("\n").doesNotContain("Exception").hasLineCount(1);
        if (line != null) {
            assertThat(response.body().strip()).isEqualTo(line);
        }
        assertThat(get("/api/position").statusCode()).isEqualTo(200);
    }

    @Test
    @DisplayName("a garbage request line gets a 4xx from the server, which keeps serving")
    void garbage() throws IOException {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", board.port())) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write("GARBAGE \u0000\u0001 nonsense\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            String reply = new String(socket.getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);
            assertThat(reply).matches("HTTP/1\\.1 4\\d\\d");
        }
        assertThat(get("/").statusCode()).isEqualTo(200);
    }
}
