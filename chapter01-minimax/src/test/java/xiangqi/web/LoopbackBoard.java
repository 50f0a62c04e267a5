package xiangqi.web;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A web board on a free loopback port for one test class, asked as a browser would ask it,
 * with the JDK's own client. A request that gets no answer fails the test that sent it.
 * A class registers it ({@code @RegisterExtension}), and JUnit stops it after the class's
 * last test. The same file in every chapter.
 */
final class LoopbackBoard implements AfterAllCallback {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final WebBoard board;

    /** A board with the default caps, as {@code serve} starts one. */
    LoopbackBoard() {
        this(WebBoard.Caps.DEFAULT);
    }

    /** A board with {@code caps}. */
    LoopbackBoard(WebBoard.Caps caps) {
        board = WebBoard.start("127.0.0.1", 0, caps);
    }

    int port() {
        return board.port();
    }

    /** The board itself, for what a test counts inside it. */
    WebBoard board() {
        return board;
    }

    @Override
    public void afterAll(ExtensionContext context) {
        board.stop();
    }

    /**
     * Sends {@code method pathAndQuery} with no body and waits up to a minute for the answer.
     * The client keeps its connections alive, and the board closes one that stayed idle 5 s: a
     * request sent on it just then gets no byte back, and is sent again, as a browser does (up
     * to six times, the connections a browser keeps to one server). Any other failure, or a
     * seventh, fails the test.
     */
    HttpResponse<String> send(String method, String pathAndQuery) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + pathAndQuery))
                .method(method, HttpRequest.BodyPublishers.noBody())
                .timeout(Duration.ofSeconds(60))
                .build();
        try {
            for (int attempt = 1; ; attempt++) {
                try {
                    return CLIENT.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
                } catch (IOException e) {
                    if (attempt == 6 || !String.valueOf(e.getMessage()).contains("received no bytes")) {
                        throw e;
                    }
                }
            }
        } catch (IOException e) {
            throw new AssertionError("no answer to " + method + " " + pathAndQuery, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    HttpResponse<String> get(String pathAndQuery) {
        return send("GET", pathAndQuery);
    }
}
