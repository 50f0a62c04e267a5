package xiangqi.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The board holds a class (issue 38): forty browsers at once, each student's own search, watch
 * mode's replays computed once, idle connections that lock no one out, oversized requests
 * answered. Loopback only. The same file in every chapter. Isolated: a class of forty on two
 * cores is load enough, so no other test class runs beside it, and it slows none down.
 */
@Isolated
class ClassTest {
    @RegisterExtension
    static final LoopbackBoard board = new LoopbackBoard();

    private static String field(String json, String name) {
        String value = Classroom.field(json, name);
        assertThat(value).as(name + " in " + json).isNotNull();
        return value;
    }

    @Test
    @DisplayName("40 browsers open the page at once, on kept-alive connections, and every page loads whole;"
            + " then each plays the engine, and every move asked for arrives")
    void aClassOfForty() {
        // A short class at depth 1, so that six chapters' suites stay quick on two cores;
        // bench --class plays a minute at the default caps.
        Classroom.Outcome outcome = Classroom.run(board.port(), Classroom.STUDENTS, 4_000, 1);

        assertThat(outcome.failures()).isEmpty();
        assertThat(outcome.pagesLoaded()).isEqualTo(Classroom.STUDENTS);
        assertThat(outcome.newcomerMillis()).as("a newcomer halfway through gets the whole page").isNotNegative();
        assertThat(outcome.asked()).isGreaterThanOrEqualTo(Classroom.STUDENTS);
        assertThat(outcome.arrived()).isEqualTo(outcome.asked());
    }

    @Test
    @DisplayName("150 idle kept-alive connections of one client lock no newcomer out; the server closes them"
            + " after IDLE_SECONDS")
    void idleConnectionsLockNoOneOut() throws IOException, InterruptedException {
        List<Socket> idle = new ArrayList<>();
        try {
            for (int i = 0; i < 150; i++) { // more than the old cap of 100, which counted idle ones
                Socket socket = new Socket("127.0.0.1", board.port());
                idle.add(socket);
                socket.setSoTimeout(10_000);
                socket.getOutputStream().write("GET /api/chapter HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                assertThat(readAnswer(socket.getInputStream())).startsWith("HTTP/1.1 200");
            }
            long start = System.nanoTime();
            for (String file : List.of("/", "/board.js", "/qr.js", "/board.css", "/text.json")) {
                HttpResponse<String> answer = board.get(file);
                assertThat(answer.statusCode()).as(file).isEqualTo(200);
            }
            // Under the old cap of 100, counting idle connections, the newcomer got no answer at all;
            // the time (a second on a quiet machine) has slack for a loaded one.
            assertThat((System.nanoTime() - start) / 1_000_000).as("ms for a newcomer's page").isLessThan(5_000);

            Socket oldest = idle.get(0);
            oldest.setSoTimeout((WebBoard.IDLE_SECONDS + 5) * 1_000);
            long waited = System.nanoTime();
            int read;
            try {
                read = oldest.getInputStream().read();
            } catch (SocketException e) {
                read = -1;
            }
            assertThat(read).as("the idle connection is closed by the server").isEqualTo(-1);
            assertThat((System.nanoTime() - waited) / 1_000_000).isLessThan((WebBoard.IDLE_SECONDS + 3) * 1_000L);
        } finally {
            for (Socket socket : idle) {
                socket.close();
            }
        }
    }

    @Test
    @DisplayName("a class's 240 kept-alive connections (six a browser) all stay open between requests,"
            + " and each answers its next request")
    void aClassKeepsItsConnections() throws IOException {
        // The JDK's server keeps at most 200 idle connections unless told otherwise, and closes
        // the rest the moment they answer: a browser's next request on one gets no byte back.
        // A board of its own: the class board's other tests leave connections open for a while.
        LoopbackBoard own = new LoopbackBoard();
        List<Socket> kept = new ArrayList<>();
        try {
            for (int i = 0; i < Classroom.STUDENTS * 6; i++) {
                Socket socket = new Socket("127.0.0.1", own.port());
                kept.add(socket);
                socket.setSoTimeout(10_000);
                ask(socket);
                assertThat(readAnswer(socket.getInputStream())).as("first answer on connection " + i)
                        .startsWith("HTTP/1.1 200");
            }
            for (int i = 0; i < kept.size(); i++) {
                Socket socket = kept.get(i);
                ask(socket);
                assertThat(readAnswer(socket.getInputStream())).as("second answer on connection " + i)
                        .startsWith("HTTP/1.1 200");
            }
        } finally {
            for (Socket socket : kept) {
                socket.close();
            }
            own.board().stop();
        }
    }

    private static void ask(Socket socket) throws IOException {
        socket.getOutputStream().write("GET /api/chapter HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Reads one answer with a Content-Length off a kept-alive connection: its status line. */
    private static String readAnswer(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                return "(closed)";
            }
            head.append((char) c);
        }
        int length = Integer.parseInt(head.toString().replaceAll("(?s).*[Cc]ontent-[Ll]ength: *(\\d+).*", "$1"));
        in.readNBytes(length);
        return head.toString().lines().findFirst().orElse("");
    }

    @Test
    @DisplayName("a finished move stays its owner's to collect while others search; a search waiting in the queue"
            + " shows its place and leaves it on its owner's stop")
    void resultsWaitForTheirOwners() {
        HttpResponse<String> mine = board.send("POST", "/api/search?client=owner&depth=1");
        String id = field(mine.body(), "id");
        String done = "";
        for (int poll = 0; poll < 100 && !done.contains("\"done\":true"); poll++) {
            done = board.get("/api/search?client=owner&since=1000&id=" + id).body(); // waits, reads no lines
        }
        for (int other = 0; other < 3; other++) {
            HttpResponse<String> theirs = board.send("POST", "/api/search?client=other" + other + "&depth=1");
            assertThat(theirs.statusCode()).as(theirs.body()).isEqualTo(200);
        }
        String collected = board.get("/api/search?client=owner&id=" + id).body();
        assertThat(collected).contains("\"done\":true").contains("\"bestmove\"");

        // Fill every searcher with a slow search, then one more waits: first in the queue. On a
        // board of its own without caps, so that no busy search ends (its clock or its depth)
        // while a loaded machine is still between the queued search's news and its stop.
        LoopbackBoard uncapped = new LoopbackBoard(WebBoard.Caps.NONE);
        String slow = "&depth=" + WebBoard.Caps.NONE.maxDepth()
                + (WebSearch.TIMED ? "&movetime=" + WebBoard.Caps.NONE.maxMovetime() : "");
        try {
            for (int i = 0; i < WebBoard.SEARCHERS; i++) {
                field(uncapped.send("POST", "/api/search?client=busy" + i + slow).body(), "id");
            }
            HttpResponse<String> queued = uncapped.send("POST", "/api/search?client=queued&depth=1");
            String queuedId = field(queued.body(), "id");
            String news = uncapped.get("/api/search?client=queued&id=" + queuedId).body();
            assertThat(news).as("a search behind busy searchers waits in the queue").doesNotContain("\"done\":true");
            assertThat(Integer.parseInt(field(news, "queued"))).as(news).isPositive();
            HttpResponse<String> stop = uncapped.send("POST", "/api/stop?client=queued");
            assertThat(stop.statusCode()).as(stop.body()).isEqualTo(200);
            assertThat(uncapped.get("/api/search?client=queued&id=" + queuedId).body())
                    .contains("\"done\":true").contains("stoppedInQueue");
        } finally {
            for (int i = 0; i < WebBoard.SEARCHERS; i++) {
                uncapped.send("POST", "/api/stop?client=busy" + i);
            }
            uncapped.board().stop();
        }
    }

    @Test
    @DisplayName("100 requests at once for the same replay: all answered alike, computed once;"
            + " 20 different replays at once: all answered")
    void replaysAreComputedOnce() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(100);
        try {
            int before = board.board().replays().computed();
            List<Future<HttpResponse<String>>> same = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                same.add(pool.submit(() -> board.get("/api/watch?moves=h2e2+h9g7&depth=2&step=3")));
            }
            Set<String> bodies = new HashSet<>();
            for (Future<HttpResponse<String>> answer : same) {
                HttpResponse<String> response = answer.get(120, TimeUnit.SECONDS);
                assertThat(response.statusCode()).isEqualTo(200);
                bodies.add(response.body());
            }
            assertThat(bodies).hasSize(1);
            assertThat(board.board().replays().computed() - before).as("computations").isEqualTo(1);

            List<Future<HttpResponse<String>>> different = new ArrayList<>();
            String[] openings = {"h2e2", "b2e2", "h0g2", "c3c4", "g3g4", "b0c2", "i0i1", "a0a1", "h2h4", "b2b4"};
            for (int i = 0; i < 20; i++) {
                String moves = openings[i % 10];
                int compare = i / 10; // with and without the earlier tree: another replay
                different.add(pool.submit(() -> board.get("/api/watch?depth=1&moves=" + moves + "&compare=" + compare)));
            }
            for (Future<HttpResponse<String>> answer : different) {
                assertThat(answer.get(120, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"depth=%EF%BC%95", "depth=%2B3", "depth=%D9%A3", "depth=3.0", "depth=0x3"})
    @DisplayName("a number in the web API is ASCII digits, as on the command line: no ５, +3 or ٣")
    void numbersAreAsciiDigits(String asked) {
        HttpResponse<String> answer = board.send("POST", "/api/search?client=numbers&" + asked);
        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.body()).startsWith("error: depth '").endsWith("' is not a whole number\n");
        assertThat(board.get("/api/search?client=numbers&id=%D9%A1").body()).isEqualTo("error: id '١' is not a whole number\n");
    }

    @Test
    @DisplayName("a depth beyond the board's cap is refused, naming the cap; the page is told the caps")
    void theCapIsKept() {
        String chapter = board.get("/api/chapter").body();
        assertThat(field(chapter, "maxDepth")).isEqualTo(String.valueOf(WebBoard.Caps.DEFAULT.maxDepth()));
        assertThat(field(chapter, "maxMovetime")).isEqualTo(String.valueOf(WebBoard.Caps.DEFAULT.maxMovetime()));
        assertThat(chapter).as("a loopback board has no address for a class").contains("\"join\":[]");
        if (WebBoard.Caps.DEFAULT.maxDepth() < WebSearch.DEEPEST) {
            int deeper = WebBoard.Caps.DEFAULT.maxDepth() + 1;
            HttpResponse<String> refused = board.send("POST", "/api/search?client=capped&depth=" + deeper);
            assertThat(refused.statusCode()).isEqualTo(400);
            assertThat(refused.body()).isEqualTo("error: depth " + deeper + " is out of range 1.."
                    + WebBoard.Caps.DEFAULT.maxDepth() + " (the board's cap: serve --max-depth "
                    + WebBoard.Caps.DEFAULT.maxDepth() + ")\n");
        }
    }

    @Test
    @DisplayName("a class's addresses: none for a loopback board; an IPv6 one written short, as people write it")
    void joinAddresses() {
        assertThat(board.board().joinUrls()).isEmpty();
        assertThat(WebBoard.shortest("fd00:0:0:0:0:0:0:2")).isEqualTo("fd00::2");
        assertThat(WebBoard.shortest("0:0:0:0:0:0:0:1")).isEqualTo("::1");
        assertThat(WebBoard.shortest("2001:db8:0:1:0:0:0:1")).isEqualTo("2001:db8:0:1::1");
        assertThat(WebBoard.shortest("fe80:0:0:0:1:0:0:0")).as("the first of two equal runs").isEqualTo("fe80::1:0:0:0");
        assertThat(WebBoard.shortest("2001:db8:1:2:3:4:0:5")).as("one zero group stays").isEqualTo("2001:db8:1:2:3:4:0:5");
    }

    @Test
    @DisplayName("a 1 MB address, a 1 MB header and a 5 MB body each get a short 414, 431 and 413, not a reset")
    void oversizedRequestsAreAnswered() throws IOException {
        String megabyte = "a".repeat(1 << 20);
        assertThat(statusOf(("GET /api/chapter?" + megabyte + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1), 0))
                .isEqualTo("HTTP/1.1 414 Request-URI Too Large");
        assertThat(statusOf(("GET /api/chapter HTTP/1.1\r\nHost: x\r\nX-Big: " + megabyte + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1), 0))
                .startsWith("HTTP/1.1 431");
        int body = 5 << 20;
        assertThat(statusOf(("POST /api/stop HTTP/1.1\r\nHost: x\r\nContent-Length: " + body + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1), body))
                .isEqualTo("HTTP/1.1 413 Request Entity Too Large");
    }

    /** Sends a request's head and {@code body} zero bytes, then reads the status line. */
    private static String statusOf(byte[] head, int body) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", board.port())) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write(head);
            byte[] chunk = new byte[64 * 1024];
            for (int sent = 0; sent < body; sent += chunk.length) {
                out.write(chunk, 0, Math.min(chunk.length, body - sent));
            }
            out.flush();
            String line = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1)).readLine();
            return line == null ? "(closed without an answer)" : line;
        } catch (SocketException e) {
            return "(reset: " + e.getMessage() + ")";
        }
    }
}
