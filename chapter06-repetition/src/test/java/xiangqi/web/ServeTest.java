package xiangqi.web;

import static org.assertj.core.api.Assertions.assertThat;
import static xiangqi.Fixtures.CHECKMATED;
import static xiangqi.Fixtures.STALEMATED;
import static xiangqi.Fixtures.after;
import static xiangqi.Fixtures.legalMoves;
import static xiangqi.Fixtures.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import xiangqi.Fixtures.Run;
import xiangqi.*;
import xiangqi.common.Chapter;
import xiangqi.picture.Visit;

/** The web board over HTTP, as a browser would use it: the JDK's own client, loopback only. */
class ServeTest {
    /** A board on a free loopback port for this class; it stops when the class is done. */
    @RegisterExtension
    static final LoopbackBoard board = new LoopbackBoard(WebBoard.Caps.NONE); // the page's whole range; ClassTest checks the caps

    private static HttpResponse<String> send(String method, String pathAndQuery) {
        return board.send(method, pathAndQuery);
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
        return awaitSearch(id, null);
    }

    /** Polls {@code client}'s search {@code id} (null: the address's) until it is done, a bounded number of times. */
    private static String awaitSearch(String id, String client) {
        String answer = "";
        for (int poll = 0; poll < 200 && !answer.contains("\"done\":true"); poll++) {
            HttpResponse<String> response = get("/api/search?id=" + id + (client == null ? "" : "&client=" + client));
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            answer = response.body();
        }
        assertThat(answer).contains("\"done\":true");
        return answer;
    }

    /** Sends {@code request} as raw bytes on a connection of its own; the status line of the answer. */
    private static String raw(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", board.port())) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            String statusLine = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1)).readLine();
            return statusLine == null ? "(closed without an answer)" : statusLine;
        } catch (SocketException e) {
            return "(closed: " + e.getMessage() + ")";
        }
    }

    /**
     * Sends {@code request} on a connection of its own, {@code times} times, each time leaving
     * before the answer: every other one closed (a page reloaded, a tab closed), the rest reset
     * (a laptop whose network is gone).
     */
    private static void leaveEarly(String request, int times) throws IOException {
        for (int i = 0; i < times; i++) {
            try (Socket socket = new Socket("127.0.0.1", board.port())) {
                socket.setSoLinger(i % 2 == 1, 0);
                socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            }
        }
    }

    /**
     * How long a GET of {@code path} takes to be answered 200, in milliseconds, on a connection
     * opened for it, as a page newly opened asks: the client's kept-alive connections would
     * not meet the server's cap on connections. A connection closed unanswered is tried again,
     * as a reload would be, for up to 10 s: while the server is still closing the connections
     * that were dropped, on a busy machine, a new one may be turned away for a moment; what
     * counts is when the answer comes. (Before the fix, none came, ever.)
     */
    private static long millisToAnswer(String path) throws IOException {
        long start = System.nanoTime();
        String status = raw("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n");
        while (!status.equals("HTTP/1.1 200 OK") && System.nanoTime() - start < 10_000_000_000L) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            status = raw("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n");
        }
        assertThat(status).as("GET " + path).isEqualTo("HTTP/1.1 200 OK");
        return (System.nanoTime() - start) / 1_000_000;
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
        assertThat(page.body()).as("an icon of its own, so that the browser asks for no /favicon.ico").contains("<link rel=\"icon\"");
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

    /**
     * A perpetual check in which black's replies are forced (the soldier on d6 guards d7, the
     * red general the e-file): played on the board, each red check is answered by the only
     * legal move, so a player who keeps checking brings the position back a third time.
     */
    private static final String PERPETUAL = "3k5/R8/9/3P5/9/9/9/9/9/4K4 w";
    private static final List<String> CHECKS = List.of("a8a9", "d9d8", "a9a8", "d8d9");
    /** Horses out and back, both sides: no one forced it, a draw. */
    private static final List<String> SHUFFLE = List.of("b0c2", "b9c7", "c2b0", "c7b9");

    /** The first {@code plies} moves of {@code cycle} played again and again. */
    private static String[] repeated(List<String> cycle, int plies) {
        return IntStream.range(0, plies).mapToObj(i -> cycle.get(i % cycle.size())).toArray(String[]::new);
    }

    /** {@code /api/position} for the game, in {@code lang}. */
    private static String position(String lang, String fen, String... moves) {
        HttpResponse<String> answer = get("/api/position?lang=" + lang + "&fen=" + encode(fen) + "&moves=" + encode(String.join(" ", moves)));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return answer.body();
    }

    /** What {@code judge --why --lang} prints for the game but its last line, the verdict's word; each line ends in \n. */
    private static String reasons(String lang, String fen, String... moves) {
        List<String> args = new ArrayList<>(List.of("judge", "--why", "--lang", lang, "--fen", fen, "--moves"));
        args.addAll(List.of(moves));
        List<String> lines = run(args.toArray(String[]::new)).lines();
        return String.join("\n", lines.subList(0, lines.size() - 1)) + "\n";
    }

    /** A text as it stands in a JSON string: its line breaks written \n. */
    private static String json(String text) {
        return text.replace("\n", "\\n");
    }

    @Test
    @DisplayName("a repeated position does not end the game: at the second occurrence a note says what the third would"
            + " bring and the engine still moves; the third ends it with judge --why's reasons and the verdict in words")
    void repetitionEndsTheGameAtTheThird() {
        String[] once = repeated(SHUFFLE, 3);
        String[] second = repeated(SHUFFLE, 4);
        String[] third = repeated(SHUFFLE, 8);
        String start = Position.START_FEN;
        assertThat(position("en", start, once)).contains("\"over\":null", "\"repetitionNote\":null");

        String noted = position("en", start, second);
        assertThat(noted).contains("\"over\":null", "\"repetitionNote\":\"" + json("repetition: " + reasons("en", start, second)
                + "if the same cycle brings it back a third time: a draw") + "\"");
        assertThat(reasons("en", start, second)).contains("the position stands for the second time: an arbiter rules at the third");
        HttpResponse<String> goesOn = send("POST", "/api/search?depth=1&moves=" + encode(String.join(" ", second)));
        assertThat(goesOn.statusCode()).as("the engine moves at the second occurrence: " + goesOn.body()).isEqualTo(200);
        awaitSearch(field(goesOn.body(), "id"));

        String over = position("en", start, third);
        assertThat(over).contains("\"over\":\"" + json("repetition: " + reasons("en", start, third) + "verdict: a draw") + "\"",
                "\"repetitionNote\":null");
        assertThat(reasons("en", start, third)).contains("the position stands for the third time: an arbiter rules now");
        HttpResponse<String> refused = send("POST", "/api/search?depth=1&moves=" + encode(String.join(" ", third)));
        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(refused.body()).startsWith("error: the game is over: repetition: ");
    }

    @Test
    @DisplayName("a perpetual check played to its third occurrence, with lang=zh: judge --why --lang zh's reasons and the"
            + " verdict in Chinese, no English word on the page; at the second, what the third would bring")
    void perpetualCheckInChinese() {
        String[] second = repeated(CHECKS, 4);
        String[] third = repeated(CHECKS, 8);
        assertThat(legalMoves(after(PERPETUAL, "a8a9"))).as("black's replies are forced").containsExactly("d9d8");
        assertThat(legalMoves(after(PERPETUAL, "a8a9", "d9d8", "a9a8"))).containsExactly("d8d9");

        String noted = position("zh", PERPETUAL, second);
        assertThat(noted).contains("\"over\":null", "\"repetitionNote\":\"" + json("重复局面：" + reasons("zh", PERPETUAL, second)
                + "同一循环再走一遍，此局面第三次出现时：红方判负，黑方胜") + "\"");

        String over = position("zh", PERPETUAL, third);
        assertThat(over).contains("\"over\":\"" + json("重复局面：" + reasons("zh", PERPETUAL, third) + "裁决：红方判负，黑方胜") + "\"");
        assertThat(reasons("zh", PERPETUAL, third)).contains("红方 长将 每一着都将军", "此局面第三次出现，裁判现在裁决：红方判负");
        assertThat(field(over, "over")).doesNotContainPattern("[a-z]+-loses|loses|draw");
        assertThat(run("judge", "--fen", PERPETUAL, "--moves", "a8a9", "d9d8", "a9a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9")
                .lastLine()).as("the command line keeps its word").isEqualTo("red-loses");
        assertThat(field(position("en", PERPETUAL, third), "over")).endsWith("\\nverdict: red loses, black wins");
    }

    @ParameterizedTest(name = "{0} {1}, depth {2}")
    @CsvSource(delimiter = '|', textBlock = """
            3k5/R8/9/9/9/9/9/9/9/4K4 w    | a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 | 2 | -3
            3k5/R8/9/3P5/9/9/9/9/9/4K4 w  |                                    | 4 | 0
            """)
    @DisplayName("watch mode names what a repetition repeats: the latest earlier occurrence, in the game or the tree,"
            + " and the cycle's moves since, in ICCS and Chinese")
    void watchNamesTheRepeatedPosition(String fen, String moves, int depth, int repeatedPly) {
        String[] game = moves == null ? new String[0] : moves.split(" ");
        List<Visit> visits = WebSearch.watch(after(fen, game), depth);
        List<List<String>> lines = new ArrayList<>(); // per visit, the moves from the root
        int ruled = 0;
        for (Visit visit : visits) {
            List<String> line = new ArrayList<>(visit.parent() < 0 ? List.of() : lines.get(visit.parent()));
            if (visit.move() != null) {
                line.add(visit.move());
            }
            lines.add(line);
            if (visit.end() != Visit.End.REPETITION) {
                assertThat(visit.repeats()).as("a node the rules did not end").isNull();
                continue;
            }
            ruled++;
            List<String> path = new ArrayList<>(List.of(game)); // the game, then the line
            path.addAll(line);
            List<Long> keys = new ArrayList<>();
            Position position = Position.fromFen(fen);
            keys.add(position.key());
            List<String> chinese = new ArrayList<>();
            for (String move : path) {
                chinese.add(Notation.chinese(position, MoveGenerator.parseLegal(position, move)));
                position.makeMove(MoveGenerator.parseLegal(position, move));
                keys.add(position.key());
            }
            Visit.Repeats repeats = visit.repeats();
            int cycle = repeats.moves().size();
            int now = path.size();
            assertThat(repeats.ply()).as(line.toString()).isEqualTo(repeatedPly).isEqualTo(visit.ply() - cycle);
            assertThat(keys.get(now - cycle)).as("the position %d plies back came back", cycle).isEqualTo(keys.get(now));
            assertThat(keys.subList(now - cycle + 1, now)).as("no later occurrence").doesNotContain(keys.get(now));
            assertThat(repeats.moves()).isEqualTo(path.subList(now - cycle, now));
            assertThat(repeats.chinese()).isEqualTo(chinese.subList(now - cycle, now));
        }
        assertThat(ruled).as("lines the rules ended").isPositive();

        String json = get("/api/watch?fen=" + encode(fen) + "&moves=" + encode(String.join(" ", game)) + "&depth=" + depth).body();
        Visit first = visits.stream().filter(visit -> visit.repeats() != null).findFirst().orElseThrow();
        assertThat(json).contains("\"board\":\"" + first.board() + "\",\"repeats\":{\"ply\":" + repeatedPly + ",\"moves\":[\""
                + String.join("\",\"", first.repeats().moves()) + "\"],\"chinese\":[\"" + String.join("\",\"", first.repeats().chinese())
                + "\"]}}");
        assertThat(json.split("\"repeats\":null", -1)).hasSize(visits.size() - ruled + 1);
    }

    @Test
    @DisplayName("stop cuts \"compare\" short here: chapter 5's search at depth 12 ends within a second of it")
    void stopCutsTheComparisonShort() throws InterruptedException {
        WebSearch comparison = new WebSearch();
        Thread running = new Thread(() -> comparison.earlier(Position.startPosition(), 12));
        running.start();
        Thread.sleep(300);
        assertThat(running.isAlive()).as("depth 12 takes minutes").isTrue();

        assertThat(comparison.stop()).isTrue();
        running.join(1_000);
        assertThat(running.isAlive()).isFalse();
        assertThat(WebSearch.EARLIER_STOPS).isTrue();
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
    @DisplayName("one search per client: a second one asked for while its first runs is refused with 409, never"
            + " interleaved; another client's search runs meanwhile, and its stop stops only its own;"
            + " 300 clients that leave in the middle of a poll meanwhile hold up no one")
    void oneSearchAtATimePerClient() throws IOException {
        String slow = "/api/search?client=first&depth=" + Math.min(Search.DEFAULT_DEPTH, WebSearch.DEEPEST)
                + (WebSearch.TIMED ? "&movetime=" + WebBoard.MAX_MOVETIME : "");
        HttpResponse<String> first = send("POST", slow);
        assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
        String id = field(first.body(), "id");

        HttpResponse<String> second = send("POST", "/api/search?client=first&depth=1&moves=h2e2");
        assertThat(second.statusCode()).isEqualTo(409);
        assertThat(second.body()).startsWith("error: your search " + id + " has not finished");
        assertThat(get("/api/search?client=other&id=" + id).statusCode()).as("another's search is not yours to read")
                .isEqualTo(404);
        assertThat(send("POST", "/api/stop?client=other").body()).isEqualTo("error: the engine is not thinking for you\n");

        HttpResponse<String> other = send("POST", "/api/search?client=other&depth=1&moves=h2e2");
        assertThat(other.statusCode()).as(other.body()).isEqualTo(200);
        String otherAnswer = awaitSearch(field(other.body(), "id"), "other");
        assertThat(legalMoves(after(Position.START_FEN, "h2e2"))).contains(field(otherAnswer, "bestmove"));
        assertThat(send("POST", "/api/stop?client=other").statusCode()).as("other's stop, after its move").isEqualTo(409);
        assertThat(get("/api/search?client=first&id=" + id).body()).as("first's search goes on").contains("\"id\":" + id);

        // More than MAX_CONNECTIONS polls, each of which would wait POLL_MILLIS for news.
        leaveEarly("GET /api/search?client=first&id=" + id + "&since=1000 HTTP/1.1\r\nHost: x\r\n\r\n", 300);
        // Less than one poll's wait: no newcomer waits for the polls left behind to time out. (The
        // server reads all 300 now, where the old cap of 100 connections turned 200 away at once.)
        assertThat(millisToAnswer("/api/chapter")).as("ms for a trivial request after 300 polls left")
                .isLessThan(WebBoard.POLL_MILLIS);
        HttpResponse<String> stop = send("POST", "/api/stop?client=first");
        assertThat(stop.statusCode()).isEqualTo(WebSearch.TIMED ? 200 : 409);

        String answer = awaitSearch(id, "first");
        assertThat(legalMoves(Position.startPosition())).contains(field(answer, "bestmove"));
        assertThat(send("POST", "/api/stop?client=first").body()).isEqualTo("error: the engine is not thinking for you\n");
    }

    @Test
    @DisplayName("stop during \"compare\" ends the search at once, with its move, and frees the board for the next")
    void stopEndsTheComparison() throws InterruptedException {
        // The comparison must still run when stop arrives: from depth 3 on, one deeper until it does.
        String stopped = null;
        String stoppedId = null;
        for (int depth = Math.min(3, WebSearch.DEEPEST_EARLIER); stopped == null && depth <= WebSearch.DEEPEST_EARLIER; depth++) {
            HttpResponse<String> started = send("POST", "/api/search?moves=h2e2&compare=1&depth=" + depth);
            assertThat(started.statusCode()).as(started.body()).isEqualTo(200);
            String id = field(started.body(), "id");
            String news = "";
            for (int since = 0; !news.contains("\"comparing\":true") && !news.contains("\"done\":true"); ) {
                news = get("/api/search?id=" + id + "&since=" + since).body();
                since = Integer.parseInt(field(news, "next"));
            }
            if (news.contains("\"done\":true") || send("POST", "/api/stop").statusCode() != 200) {
                awaitSearch(id); // compared before stop came: try a longer comparison
                continue;
            }
            long start = System.nanoTime();
            stopped = awaitSearch(id);
            stoppedId = id;
            assertThat((System.nanoTime() - start) / 1_000_000).as("stop answers at once").isLessThan(1_000);
            assertThat(legalMoves(after(Position.START_FEN, "h2e2"))).contains(field(stopped, "bestmove"));
            assertThat(field(stopped, "compareNote")).startsWith("comparison stopped: " + WebSearch.EARLIER + " at depth " + depth)
                    .endsWith(WebSearch.EARLIER_STOPS ? "was cut short" : "it finishes in the background, unread");
            assertThat(field(stopped, "notCompared")).as("the page's key for the note")
                    .isEqualTo(WebSearch.EARLIER_STOPS ? "cutShort" : "unread");
            assertThat(field(stopped, "compareDepth")).isEqualTo(String.valueOf(depth));
            assertThat(stopped).doesNotContain("earlierNodes");
        }
        assertThat(stopped).as("a comparison still running when stop came").isNotNull();

        HttpResponse<String> next = send("POST", "/api/search?depth=1&moves=h2e2");
        assertThat(next.statusCode()).as("the board is free at once: " + next.body()).isEqualTo(200);
        awaitSearch(field(next.body(), "id"));
        // A comparison left to finish holds up no search, but the next comparison waits for it to end.
        String compared = "";
        for (int tries = 0; tries < 600 && !compared.contains("earlierNodes"); tries++) {
            HttpResponse<String> probe = send("POST", "/api/search?depth=1&compare=1&moves=h2e2");
            assertThat(probe.statusCode()).as(probe.body()).isEqualTo(200);
            compared = awaitSearch(field(probe.body(), "id"));
            if (!compared.contains("earlierNodes")) {
                assertThat(field(compared, "compareNote")).startsWith("not compared: the comparison of search");
                assertThat(field(compared, "notCompared")).isEqualTo("busy");
                assertThat(field(compared, "compareSearch")).isEqualTo(stoppedId);
                Thread.sleep(100);
            }
        }
        assertThat(compared).contains("earlierNodes");
    }

    /**
     * "At once" for a board beside clients that stall: sooner than the server would drop one
     * stalled request (REQUEST_SECONDS), so a board that waits on even one of them fails, while a
     * machine busy with other work (a second or so for one answer) does not.
     */
    private static final long PATIENCE_MS = WebBoard.REQUEST_SECONDS * 1_000L;

    @Test
    @DisplayName("20 half-sent requests leave the board answering at once; each is dropped after REQUEST_SECONDS")
    void slowClients() throws IOException {
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                Socket socket = new Socket("127.0.0.1", board.port());
                socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.ISO_8859_1));
                slow.add(socket); // the blank line that ends the headers never comes
            }
            assertThat(millisToAnswer("/")).as("ms to answer / beside 20 half-sent requests").isLessThan(PATIENCE_MS);

            for (Socket socket : slow) {
                socket.setSoTimeout((WebBoard.REQUEST_SECONDS + 5) * 1_000);
                InputStream in = socket.getInputStream();
                int read;
                try {
                    read = in.read();
                } catch (SocketException reset) {
                    read = -1;
                }
                assertThat(read).as("the server closes a request that does not come").isEqualTo(-1);
            }
        } finally {
            for (Socket socket : slow) {
                socket.close();
            }
        }
        assertThat(get("/").statusCode()).isEqualTo(200);
    }

    @Test
    @DisplayName("500 clients that leave before their answer, and 300 halfway through their request, leave the"
            + " board answering at once")
    void clientsThatLeaveEarly() throws IOException {
        // More than MAX_CONNECTIONS: were a dead connection counted for good, no newcomer would
        // ever be answered (millisToAnswer tries for 10 s). The server reads every one of them,
        // so on a loaded machine the newcomer waits for that: twice the patience.
        leaveEarly("GET /api/chapter HTTP/1.1\r\nHost: x\r\n\r\n", WebBoard.MAX_CONNECTIONS + 100);
        assertThat(millisToAnswer("/api/chapter")).as("ms to answer after 500 requests whose answers were not read")
                .isLessThan(2 * PATIENCE_MS);

        leaveEarly("GET /api/chapter HTTP/1.1\r\nHost: x\r\n", 300); // the blank line that ends the headers never comes
        assertThat(millisToAnswer("/api/chapter")).as("ms to answer after 300 half-sent requests").isLessThan(PATIENCE_MS);
    }

    @Test
    @DisplayName("HEAD is refused as any method the board does not take, without a body"
            + " and without a warning on the server's terminal")
    void head() {
        Logger jdkServer = Logger.getLogger("com.sun.net.httpserver"); // where the JDK's server logs
        List<String> warnings = new ArrayList<>();
        Handler listener = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                    warnings.add(record.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        jdkServer.addHandler(listener);
        try {
            HttpResponse<String> page = send("HEAD", "/");
            assertThat(page.statusCode()).isEqualTo(405);
            assertThat(page.body()).isEmpty();
            assertThat(send("HEAD", "/api/position").statusCode()).isEqualTo(405);
            assertThat(send("HEAD", "/no-such-page").statusCode()).isEqualTo(404);
        } finally {
            jdkServer.removeHandler(listener);
        }
        assertThat(warnings).as("the JDK's server's warnings").isEmpty();
        assertThat(get("/").statusCode()).isEqualTo(200);
    }

    @Test
    @DisplayName("serve --host: the address to open is a URL, and the warning says only what is true")
    void hostAddresses() throws IOException {
        InetAddress ipv6Loopback = InetAddress.getByName("::1");
        assertThat(WebBoard.url("::1", ipv6Loopback, 8017)).isEqualTo("http://[::1]:8017/");
        assertThat(WebBoard.url("[::1]", ipv6Loopback, 8017)).isEqualTo("http://[::1]:8017/");
        assertThat(WebBoard.url("127.0.0.2", InetAddress.getByName("127.0.0.2"), 8017)).isEqualTo("http://127.0.0.2:8017/");
        assertThat(WebBoard.url("0.0.0.0", InetAddress.getByName("0.0.0.0"), 80)).isEqualTo("http://127.0.0.1:80/");
        assertThat(WebBoard.url("::", InetAddress.getByName("::"), 80)).isEqualTo("http://127.0.0.1:80/");
        assertThat(WebBoard.url("localhost", InetAddress.getLoopbackAddress(), 80)).isEqualTo("http://localhost:80/");
        assertThat(URI.create(WebBoard.url("::1", ipv6Loopback, 8017)).getHost()).isEqualTo("[::1]");

        for (String loopback : List.of("127.0.0.1", "127.0.0.2", "::1", "0:0:0:0:0:0:0:1")) {
            assertThat(WebBoard.warning(loopback, InetAddress.getByName(loopback))).as(loopback).isNull();
        }
        for (String reachable : List.of("0.0.0.0", "::", "192.168.1.20", "10.0.0.5", "fe80::1")) {
            assertThat(WebBoard.warning(reachable, InetAddress.getByName(reachable))).as(reachable)
                    .isEqualTo("listening on " + reachable + ": other machines that can reach it may play too");
        }
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
                        "error: unknown parameter 'colour', expected one of fen moves lang"),
                Arguments.of("GET", "/api/position?moves=h2e2&moves=h2e2", 400, "error: parameter 'moves' given twice"),
                Arguments.of("GET", "/api/position?moves=" + encode("炮二平五"), 400, commandLineError("--moves", "炮二平五")),
                Arguments.of("GET", "/api/position?moves=" + "h2e2+".repeat(2_500), 414,
                        "error: request too long: 12506 characters, at most 10000"),
                Arguments.of("GET", "/api/position?moves=h2e2" + "x".repeat(9_000), 400, commandLineError("--moves", "h2e2" + "x".repeat(9_000))),
                Arguments.of("GET", "/api/position?fen=" + "r".repeat(9_000), 400, commandLineError("--fen", "r".repeat(9_000))),
                Arguments.of("GET", "/api/position?moves=h2e2%00", 400,
                        "error: parameter 'moves' holds a control character, U+0000 at 5"),
                Arguments.of("GET", "/api/position?fen=%0Arnbakabnr", 400,
                        "error: parameter 'fen' holds a control character, U+000A at 1"),
                Arguments.of("GET", "/api/position?mo%1Bves=h2e2", 400,
                        "error: a parameter's name holds a control character, U+001B at 3"),
                Arguments.of("POST", "/api/search?depth=" + "9".repeat(5_000), 400, null),
                Arguments.of("GET", "/api/position?moves=%E4%B8", 400, null),
                Arguments.of("GET", "/" + "a".repeat(5_000), 404, "error: no such page '/" + "a".repeat(31) + "...'"),
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
        assertThat(response.body().strip()).hasSizeLessThanOrEqualTo(200);
        if (line != null) {
            assertThat(response.body().strip()).isEqualTo(line);
        }
        assertThat(get("/api/position").statusCode()).isEqualTo(200);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "GARBAGE \u0000\u0001 nonsense\r\n\r\n",
        "GARBAGE\r\n\r\n",
        "GET /api/position?fen=<b> HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /api/position?moves=h2e2\u0001 HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /api/position?moves=%zz HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /api/position?moves=% HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /a\\b HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: many\r\n\r\n"})
    @DisplayName("a request the JDK's server refuses before the board sees it gets its 4xx, and the server goes on")
    void refusedByTheServer(String request) throws IOException {
        assertThat(raw(request)).matches("HTTP/1\\.1 4\\d\\d .*");
        assertThat(get("/").statusCode()).isEqualTo(200);
    }
}
