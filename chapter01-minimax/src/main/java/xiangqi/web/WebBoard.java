package xiangqi.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import xiangqi.*;
import xiangqi.common.Chapter;
import xiangqi.common.ErrorLine;
import xiangqi.picture.SearchTree;
import xiangqi.picture.Visit;

/**
 * The {@code serve} command: a board in the browser, played against this chapter's search,
 * with the search's numbers beside it. The same file in every chapter; what the chapters
 * change is {@link WebSearch}, which names the search.
 *
 * <p>The server keeps no game. The page holds it (a FEN and the moves since) and sends it
 * with every request, so a link is a position and a reload loses nothing. The server
 * answers six questions (each may name its {@code client}):
 * <pre>
 *   GET  /api/chapter                         which chapter, which search, what the page may ask
 *   GET  /api/position?fen=F&amp;moves=m1+m2[&amp;lang=zh]   the board, the legal moves, the move list, the end,
 *                                             a note on a repeated position the game goes on from
 *   POST /api/search?fen=F&amp;moves=..&amp;depth=D[&amp;movetime=MS][&amp;compare=1]   start the engine
 *   GET  /api/search?id=N&amp;since=K            its lines from the K-th on (waits up to 1.5 s for one)
 *                                             and, while it waits for a searcher, its place in the queue
 *   POST /api/stop                            end one's own search: waiting, timed (from chapter 5), or its comparison
 *   GET  /api/watch?fen=F&amp;moves=..&amp;depth=D[&amp;step=S][&amp;compare=1]   every node of a small search, for watch mode
 * </pre>
 * plus the page itself ({@code /}, {@code /board.js}, {@code /board.css}, {@code /text.json},
 * the page's words in English and Chinese, watch mode's {@code /watch.js} and
 * {@code /watch.css}, and a class session's {@code /class.js}), copied from the jar's
 * resources by name, and a class session's requests ({@code /api/class...}, see
 * {@link ClassSession} and {@link #classRequest}): nothing in a request
 * reaches the file system. The page speaks the language its reader picks; of the server's
 * words, it asks for the end of the game (mate, 困毙, the repetition ruling) and the note on a
 * repeated position in that language ({@code lang=zh}); error lines stay English, as on the
 * command line. Each client (a page's tab: it sends the {@code client} it made up, see
 * {@link #client}) has one search at a time; searches run side by side on as many threads as
 * the machine has cores, and wait beyond that in one queue, first come first served (see
 * {@link Caps} for how far a client may ask). Watch mode's replays are computed once and kept
 * ({@link Replays}). Bad input gets a 4xx and the one line the command line would print
 * ({@link ErrorLine}), and the server goes on. No client can hold it up: see
 * {@link #MAX_CONNECTIONS}, {@link #IDLE_SECONDS} and {@link #REQUEST_SECONDS}.
 */
public final class WebBoard {
    /** The port {@code serve} listens on unless {@code --port} says otherwise. */
    public static final int DEFAULT_PORT = 8017;
    /** The longest query the server reads: a FEN and a few hundred moves. */
    static final int MAX_QUERY_CHARS = 10_000;
    /** The most bytes of headers a request may bring (a browser's are under 2 KB); more is refused (431). */
    static final int MAX_HEADER_BYTES = 16_384;
    /**
     * The longest request line and headers the JDK's server reads before it gives up and drops
     * the connection: a little over a megabyte, so that an oversized request (a megabyte of
     * query, or of one header) is read to its end and answered 414 or 431 rather than reset.
     */
    static final int MAX_HEAD_BYTES = 1_100_000;
    /** What a request body may hold: nothing, since every question is in the address; more is refused (413). */
    static final int MAX_BODY_BYTES = 0;
    /** How much of a refused body the server reads away, so that its client gets the 413 rather than a reset. */
    static final int DRAIN_BYTES = 8 * 1024 * 1024;
    /** The longest a poll waits for news before it answers with none. */
    static final long POLL_MILLIS = 1_500;
    /**
     * How many polls of a search may wait at once: one more makes the oldest answer now, with
     * what there is. A page polls its search one poll at a time, so it never meets this; but a
     * poll whose page was reloaded or closed keeps its connection until it answers, and many of
     * them would fill {@link #MAX_CONNECTIONS} for {@link #POLL_MILLIS}.
     */
    static final int MAX_WAITING_POLLS = 10;
    /** The longest time a move may be given, in milliseconds. */
    static final int MAX_MOVETIME = 600_000;
    /**
     * The most connections open at once, idle ones included; one more is closed as soon as it
     * arrives. A browser opens up to six to a server and keeps them; a class of forty, about
     * 240. There is a handler thread for each busy one, so a request never waits for a thread.
     */
    static final int MAX_CONNECTIONS = 400;
    /**
     * The seconds an idle kept-alive connection stays open; then the server closes it, and a
     * browser opens a new one when it next asks. Browsers keep theirs for minutes, the JDK's
     * server for 30 s: at that, a few pages' idle connections would fill the cap for everyone.
     */
    static final int IDLE_SECONDS = 5;
    /**
     * The seconds a client has to send its request, from its first byte to the end of its
     * headers, and to start one on a new connection; then the connection is closed (within a
     * second more), with the handler thread that was reading it. Five, not less: a phone on a
     * poor network, or a lectern machine busy with forty students' searches, can take two.
     */
    static final int REQUEST_SECONDS = 5;
    /** The most searches waiting for a searcher at once: a class and more. */
    static final int MAX_WAITING_SEARCHES = 200;
    /** The most clients whose search (waiting, running or finished) the board keeps. */
    static final int MAX_CLIENTS = 1_000;
    /** How long a finished search's result waits for its owner to collect it. */
    static final long KEEP_RESULT_MILLIS = 60_000;

    static {
        // Why system properties: the JDK's server reads each request line and its headers on a
        // handler thread, blocking, before any handler of ours is called, and it hides the
        // socket, so we cannot put a deadline on that read ourselves. Its own deadline and
        // connection cap are these documented properties of module jdk.httpserver. The server
        // reads them once, when its class is loaded by the first HttpServer.create: hence here,
        // in the class that makes every server of this program, before it makes one.
        // maxReqTime: a request not read in time is closed (checked every second);
        // maxConnections: connections beyond the cap are closed on arrival; clockTick: how often
        // (ms) connections that send nothing at all are looked at, which then also go after
        // REQUEST_SECONDS (the default, 10 s, would let a silent client keep a place for 12 s);
        // idleInterval: when an idle kept-alive connection is closed; maxIdleConnections: how
        // many may wait idle (the JDK's 200 is less than a class keeps: the rest were closed the
        // moment they answered, and a browser that sent its next request on one got no byte back,
        // a broken page); maxReqHeaderSize: the longest head read; drainAmount: how much of an
        // unread body is read away at the end.
        System.setProperty("sun.net.httpserver.maxReqTime", String.valueOf(REQUEST_SECONDS));
        System.setProperty("jdk.httpserver.maxConnections", String.valueOf(MAX_CONNECTIONS));
        System.setProperty("sun.net.httpserver.clockTick", "1000");
        System.setProperty("sun.net.httpserver.idleInterval", String.valueOf(IDLE_SECONDS));
        System.setProperty("sun.net.httpserver.maxIdleConnections", String.valueOf(MAX_CONNECTIONS));
        System.setProperty("sun.net.httpserver.maxReqHeaderSize", String.valueOf(MAX_HEAD_BYTES));
        System.setProperty("sun.net.httpserver.drainAmount", String.valueOf(DRAIN_BYTES));
    }

    /**
     * The most a client may ask of the engine, which the teacher sets ({@code serve --max-depth D
     * --max-movetime MS}) and the page shows. By default: one below the chapter's own default
     * depth (a tenth of its nodes or less: a fraction of a second a move) and 2 s a move where
     * the search has a clock (from chapter 5): with forty students on a few cores, what one asks
     * is what the others wait.
     *
     * @param maxDepth    the deepest search, 1 to the chapter's deepest
     * @param maxMovetime the longest a search runs, in ms, where it has a clock: a search by depth
     *                    is stopped then too (and answers with its last finished depth)
     */
    public record Caps(int maxDepth, int maxMovetime) {
        /** The caps {@code serve} uses unless told others. */
        public static final Caps DEFAULT = new Caps(Math.min(Search.DEFAULT_DEPTH - 1, WebSearch.DEEPEST), 2_000);

        /** No cap but the chapter's own: the deepest the page offers, the longest time a move may be given. */
        static final Caps NONE = new Caps(WebSearch.DEEPEST, MAX_MOVETIME);

        public Caps {
            if (maxDepth < 1 || maxDepth > WebSearch.DEEPEST) {
                throw new IllegalArgumentException("--max-depth " + maxDepth + " is out of range 1.." + WebSearch.DEEPEST);
            }
            if (maxMovetime < 1 || maxMovetime > MAX_MOVETIME) {
                throw new IllegalArgumentException("--max-movetime " + maxMovetime + " is out of range 1.." + MAX_MOVETIME);
            }
        }

        /** The defaults, with whichever of the two is given ({@code null}: not given). */
        public static Caps of(Integer maxDepth, Integer maxMovetime) {
            return new Caps(maxDepth == null ? DEFAULT.maxDepth() : maxDepth,
                    maxMovetime == null ? DEFAULT.maxMovetime() : maxMovetime);
        }
    }

    /** The page's files: the only names served, each with its content type. */
    private static final Map<String, String[]> FILES = Map.of(
            "/", new String[] {"index.html", "text/html; charset=utf-8"},
            "/board.js", new String[] {"board.js", "text/javascript; charset=utf-8"},
            "/qr.js", new String[] {"qr.js", "text/javascript; charset=utf-8"},
            "/watch.js", new String[] {"watch.js", "text/javascript; charset=utf-8"},
            "/class.js", new String[] {"class.js", "text/javascript; charset=utf-8"},
            "/watch.css", new String[] {"watch.css", "text/css; charset=utf-8"},
            "/board.css", new String[] {"board.css", "text/css; charset=utf-8"},
            "/text.json", new String[] {"text.json", "application/json; charset=utf-8"});

    private final HttpServer server;
    private final String host;
    private final Caps caps;
    private final ThreadPoolExecutor handlers;
    /** The searchers: one thread per core; a search waits in their queue, first come first served. */
    private final ExecutorService searchers;
    /** Where "compare" runs: apart from the searches, so that a comparison left to finish holds up none. */
    private final ExecutorService comparer;
    private final Replays replays = new Replays();
    /** The class session the teacher's page may start (issue 39): in memory, gone when serve stops. */
    private final ClassSession room = new ClassSession();
    /** Asked for the rulings that end a game (chapter 6's repetition): no search runs on it. */
    private final WebSearch engine = new WebSearch();
    private final CountDownLatch stopped = new CountDownLatch(1);
    /** Each client's last search, waiting, running or finished; guarded by {@code this}. */
    private final Map<String, Thinking> students = new HashMap<>();
    /** The searches no searcher has taken yet, in the order they came; guarded by {@code this}. */
    private final java.util.ArrayDeque<Thinking> waiting = new java.util.ArrayDeque<>();
    private int searches;
    /** The search whose comparison runs now, even one that stop has left to finish; guarded by {@code this}. */
    private Thinking comparing;

    private WebBoard(HttpServer server, String host, Caps caps) {
        this.server = server;
        this.host = host;
        this.caps = caps;
        // As many threads as connections: each connection is served by one thread at a time.
        // They start when needed and end after 10 idle seconds.
        this.handlers = new ThreadPoolExecutor(MAX_CONNECTIONS, MAX_CONNECTIONS, 10, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), daemon("web-board"));
        handlers.allowCoreThreadTimeOut(true);
        this.searchers = Executors.newFixedThreadPool(SEARCHERS, daemon("web-search"));
        this.comparer = Executors.newSingleThreadExecutor(daemon("web-compare"));
        server.setExecutor(handlers);
        server.createContext("/", this::handle);
    }

    /** How many searches run at once: one per core. */
    static final int SEARCHERS = Runtime.getRuntime().availableProcessors();

    /** {@link #start(String, int, Caps)} with the default caps. */
    static WebBoard start(String host, int port) {
        return start(host, port, Caps.DEFAULT);
    }

    /**
     * Listens on {@code host}:{@code port} (port 0: any free one) and starts answering.
     *
     * @throws IllegalArgumentException when the address cannot be listened on
     */
    static WebBoard start(String host, int port, Caps caps) {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("--port " + port + " is out of range 0..65535");
        }
        try {
            // The backlog holds connections not yet accepted: as many as may be open, so that a
            // burst of them (a class opening the page at once) waits no second for a resent SYN.
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(host), port), MAX_CONNECTIONS);
            WebBoard board = new WebBoard(server, host, caps);
            server.start();
            return board;
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException("cannot listen on --host '" + host + "': no such address or host name");
        } catch (IOException | SecurityException e) {
            throw new IllegalArgumentException("cannot listen on --host '" + host + "' --port " + port + ": " + e.getMessage());
        }
    }

    /**
     * The command: prints where to point the browser (and, on a network, where the students
     * point theirs), then serves until the process ends.
     */
    public static void serve(String host, int port, Caps caps, PrintStream out) {
        WebBoard board = start(host, port, caps);
        keepMemoryDown();
        out.println("open " + board.url());
        for (String join : board.joinUrls()) {
            out.println("students open " + join);
        }
        String warning = board.warning();
        if (warning != null) {
            out.println(warning);
            // a class session's teacher's link (issue 39): on this machine the page gets the key
            // itself; from another device (a tablet at the front), this link carries it
            List<String> joins = board.joinUrls();
            out.println("teacher's link, to drive a class session from another device (keep it off the projector): "
                    + (joins.isEmpty() ? board.url() : joins.get(0)) + "#teacher=" + board.teacherKey());
        }
        out.println("(" + Chapter.NAME + ", " + WebSearch.METHOD + "; at most depth " + caps.maxDepth()
                + (WebSearch.TIMED ? " and " + caps.maxMovetime() + " ms" : "") + " a move; "
                + SEARCHERS + " searches at once; stop with Ctrl-C)");
        board.awaitStop();
    }

    /** The heap the board keeps to: above it, a collection gives memory back to the system. */
    static final long HEAP_GOAL_BYTES = 128L * 1024 * 1024;

    /**
     * Keeps the process near the memory it uses. The JVM's default heap is a quarter of the
     * machine's memory, and its collector grows into it lazily, keeping garbage long after it
     * was made: a class's requests alone took a lectern's {@code serve} past 500 MB, watch
     * mode's replays near a gigabyte, though what was alive was a fraction of that. So: keep
     * little free heap once collected (the JVM's own manageable settings, set at run time since
     * {@code serve} is started without options), and collect whenever the heap has grown past
     * {@link #HEAP_GOAL_BYTES}: checked every second, and after each replay watch mode computes
     * (its garbage comes in bursts). Only {@code serve} does this: tests and other commands run
     * as they are.
     */
    private static void keepMemoryDown() {
        keepingMemoryDown = true;
        try {
            var options = java.lang.management.ManagementFactory.getPlatformMXBean(
                    com.sun.management.HotSpotDiagnosticMXBean.class);
            options.setVMOption("MinHeapFreeRatio", "10");
            options.setVMOption("MaxHeapFreeRatio", "30");
        } catch (RuntimeException e) {
            // a JVM without these settings: it keeps its own
        }
        Thread keeper = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    return;
                }
                collectIfGrown();
            }
        }, "web-memory");
        keeper.setDaemon(true);
        keeper.start();
    }

    /** Whether {@link #keepMemoryDown} runs: {@code serve}'s process. */
    private static volatile boolean keepingMemoryDown;

    /** A full collection if the heap has grown past its goal: it then shrinks to what is alive, plus 30 %. */
    private static void collectIfGrown() {
        if (keepingMemoryDown && Runtime.getRuntime().totalMemory() > HEAP_GOAL_BYTES) {
            System.gc();
        }
    }

    int port() {
        return server.getAddress().getPort();
    }

    /** Watch mode's replays: a test counts how many were computed. */
    Replays replays() {
        return replays;
    }

    /** Where to point the browser. */
    String url() {
        return url(host, server.getAddress().getAddress(), port());
    }

    /**
     * The address to open for a server that listens on {@code host}, which is {@code address}:
     * on every address (0.0.0.0, ::), the loopback one; an IPv6 address in brackets, as a URL
     * writes it ({@code http://[::1]:8017/}); otherwise the host as it was given.
     */
    static String url(String host, InetAddress address, int port) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        String shown = address.isAnyLocalAddress() ? "127.0.0.1"
                : bare.contains(":") ? "[" + bare.replace("%", "%25") + "]"
                : bare;
        return "http://" + shown + ":" + port + "/";
    }

    /**
     * Where the other machines of a class open the board: none when it listens on a loopback
     * address; the address it listens on when that is one; on every address, each of this
     * machine's network addresses that is up, IPv4 first, IPv6 where the server listens on
     * IPv6 too (Java listens on both for 0.0.0.0 where the machine has both); a link-local IPv6
     * address, fe80::, is left out: a browser cannot open it without naming the interface.
     */
    List<String> joinUrls() {
        InetAddress listening = server.getAddress().getAddress();
        if (listening.isLoopbackAddress()) {
            return List.of();
        }
        if (!listening.isAnyLocalAddress()) {
            return List.of(url(listening.getHostAddress(), listening, port()));
        }
        List<InetAddress> found = new ArrayList<>();
        try {
            for (java.net.NetworkInterface face : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
                if (face.isUp() && !face.isLoopback()) {
                    for (InetAddress address : java.util.Collections.list(face.getInetAddresses())) {
                        boolean six = address instanceof java.net.Inet6Address;
                        if (!address.isLoopbackAddress() && !address.isLinkLocalAddress() && !address.isAnyLocalAddress()
                                && (!six || listening instanceof java.net.Inet6Address)) {
                            found.add(address);
                        }
                    }
                }
            }
        } catch (java.net.SocketException e) {
            return List.of(); // no interfaces to read: the warning still says the board is open
        }
        found.sort(java.util.Comparator.comparing(address -> address instanceof java.net.Inet6Address));
        List<String> urls = new ArrayList<>();
        for (InetAddress address : found) {
            String text = address.getHostAddress();
            urls.add(url(address instanceof java.net.Inet6Address ? shortest(text.replaceAll("%.*", "")) : text, address, port()));
        }
        return urls.stream().distinct().toList();
    }

    /**
     * An IPv6 address as people write it: Java writes every group ({@code fd00:0:0:0:0:0:0:2}),
     * the longest run of two or more zero groups becomes {@code ::} ({@code fd00::2}).
     */
    static String shortest(String ipv6) {
        String[] groups = ipv6.split(":", -1);
        int bestAt = -1;
        int bestLength = 1;
        for (int i = 0; i < groups.length; i++) {
            int length = 0;
            while (i + length < groups.length && groups[i + length].matches("0+")) {
                length++;
            }
            if (length > bestLength) {
                bestAt = i;
                bestLength = length;
            }
        }
        if (bestAt < 0) {
            return ipv6;
        }
        return String.join(":", Arrays.copyOfRange(groups, 0, bestAt)) + "::"
                + String.join(":", Arrays.copyOfRange(groups, bestAt + bestLength, groups.length));
    }

    /** The warning {@code serve} prints when other machines can reach the board; null when none can. */
    String warning() {
        return warning(host, server.getAddress().getAddress());
    }

    /** Null for a loopback address (127.0.0.0/8, ::1), which only this machine can reach; else the warning. */
    static String warning(String host, InetAddress address) {
        return address.isLoopbackAddress() ? null
                : "listening on " + host + ": other machines that can reach it may play too";
    }

    /** Stops answering and ends the threads; a running search is left to finish on its daemon thread. */
    void stop() {
        server.stop(0);
        handlers.shutdownNow();
        searchers.shutdownNow();
        comparer.shutdownNow();
        replays.stop();
        stopped.countDown();
    }

    private void awaitStop() {
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    // ---------------------------------------------------------------- requests

    /** A request the server refuses: its status and the one line that says why. */
    static final class Refused extends RuntimeException {
        final int status;

        Refused(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    /**
     * Answers one request; whatever goes wrong, the answer is one line and the server goes on.
     *
     * <p>An IOException is the client gone before its answer was written (a reloaded page, a
     * closed tab), and it is left to reach the JDK's server, never caught here: that is how the
     * server learns the connection is dead. It then forgets it; caught here, the exchange would
     * end without the server knowing, the dead connection would count against
     * {@link #MAX_CONNECTIONS} for as long as the server runs, and after 100 of them every new
     * connection would be refused.
     */
    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            try {
                String path = exchange.getRequestURI().getRawPath();
                String method = exchange.getRequestMethod();
                refuseOversized(exchange);
                String[] file = FILES.get(path);
                if (file != null) {
                    expect(method, "GET");
                    send(exchange, 200, file[1], resource(file[0]));
                    return;
                }
                Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
                if (path.startsWith("/api/class")) {
                    classRequest(exchange, path, method, query);
                    return;
                }
                if (path.equals("/api/watch")) { // bytes kept: a class asking for one replay shares one copy of it
                    expect(method, "GET");
                    allow(query, "fen", "moves", "depth", "step", "compare");
                    send(exchange, 200, "application/json; charset=utf-8", replays.watch(query));
                    return;
                }
                String json = switch (path) {
                    case "/api/chapter" -> {
                        expect(method, "GET");
                        allow(query);
                        yield chapter();
                    }
                    case "/api/position" -> {
                        expect(method, "GET");
                        allow(query, "fen", "moves", "lang");
                        yield position(query);
                    }
                    case "/api/search" -> {
                        if (method.equals("POST")) {
                            allow(query, "fen", "moves", "depth", "movetime", "compare", "client");
                            yield startSearch(query, client(query, exchange));
                        }
                        expect(method, "GET");
                        allow(query, "id", "since", "client");
                        yield poll(query, client(query, exchange));
                    }
                    case "/api/stop" -> {
                        expect(method, "POST");
                        allow(query, "client");
                        yield stopSearch(client(query, exchange));
                    }
                    default -> throw new Refused(404, "no such page '" + path + "'");
                };
                send(exchange, 200, "application/json; charset=utf-8", json.getBytes(StandardCharsets.UTF_8));
            } catch (Refused e) {
                sendError(exchange, e.status, e.getMessage());
            } catch (IllegalArgumentException e) {
                sendError(exchange, 400, e.getMessage()); // the command line's own message
            } catch (RuntimeException e) {
                sendError(exchange, 500, "internal error: " + e);
            }
        }
    }

    /**
     * A class session's requests (see {@link ClassSession}): what the teacher's page asks with
     * its key, what a student's page asks with its seat, and the poll both follow the class by.
     * <pre>
     *   GET  /api/class/key                       the teacher's key, to a page opened on this machine only
     *   POST /api/class/start?key=K               a new session (the last one ends); /api/class/end ends it
     *   POST /api/class/follow?key=K&amp;fen=F&amp;moves=..&amp;depth=D&amp;view=red|negamax&amp;step=S&amp;watching=0|1
     *   POST /api/class/ask?key=K&amp;step=S&amp;index=I&amp;kind=..&amp;choices=a,b,..&amp;right=a[&amp;multiple=1]
     *   POST /api/class/reveal?key=K&amp;question=N  count the answers, show the spread
     *   GET  /api/class/scores.csv?key=K          the class's scores
     *   POST /api/class/join?nickname=X           a seat: the secret a student answers with
     *   POST /api/class/answer?seat=S&amp;question=N&amp;answer=a[,b..]
     *   GET  /api/class?since=V[&amp;key=K|&amp;seat=S]   the class once it changed since V (waits up to 1.5 s)
     * </pre>
     */
    private void classRequest(HttpExchange exchange, String path, String method, Map<String, String> query)
            throws IOException {
        String json = switch (path) {
            case "/api/class" -> {
                expect(method, "GET");
                allow(query, "since", "key", "seat", "client");
                yield room.poll(query);
            }
            case "/api/class/key" -> {
                expect(method, "GET");
                allow(query, "client");
                yield room.keyFor(exchange.getRemoteAddress().getAddress().isLoopbackAddress());
            }
            case "/api/class/start", "/api/class/end" -> {
                expect(method, "POST");
                allow(query, "key", "client");
                yield path.endsWith("start") ? room.start(query) : room.end(query);
            }
            case "/api/class/follow" -> {
                expect(method, "POST");
                allow(query, "key", "client", "fen", "moves", "depth", "view", "step", "watching");
                Game game = game(query); // a position the board can set up, or refused as the board refuses it
                String view = query.getOrDefault("view", "negamax");
                if (!view.equals("negamax") && !view.equals("red")) {
                    throw new IllegalArgumentException("view '" + view + "' must be negamax or red");
                }
                String watching = query.getOrDefault("watching", "0");
                if (!watching.equals("0") && !watching.equals("1")) {
                    throw new IllegalArgumentException("watching '" + watching + "' must be 0 or 1");
                }
                yield room.follow(query, new ClassSession.Follow(game.start().toFen(),
                        String.join(" ", Arrays.stream(game.moves()).mapToObj(Move::toUci).toList()),
                        number(query, "depth", 1, WebSearch.DEEPEST, WATCH_DEPTH), view,
                        number(query, "step", 0, ClassSession.MAX_STEP, 0), watching.equals("1")));
            }
            case "/api/class/ask" -> {
                expect(method, "POST");
                allow(query, "key", "client", "step", "index", "kind", "choices", "right", "multiple");
                yield room.ask(query, number(query, "step", 1, ClassSession.MAX_STEP, 1),
                        number(query, "index", 0, 10, 0));
            }
            case "/api/class/reveal" -> {
                expect(method, "POST");
                allow(query, "key", "client", "question");
                yield room.reveal(query);
            }
            case "/api/class/join" -> {
                expect(method, "POST");
                allow(query, "nickname", "client");
                yield room.join(query);
            }
            case "/api/class/answer" -> {
                expect(method, "POST");
                allow(query, "seat", "client", "question", "answer");
                yield room.answer(query);
            }
            case "/api/class/scores.csv" -> {
                expect(method, "GET");
                allow(query, "key", "client");
                exchange.getResponseHeaders().set("Content-Disposition", "attachment; filename=\"class-scores.csv\"");
                send(exchange, 200, "text/csv; charset=utf-8", room.csv(query).getBytes(StandardCharsets.UTF_8));
                yield null;
            }
            default -> throw new Refused(404, "no such page '" + path + "'");
        };
        if (json != null) {
            send(exchange, 200, "application/json; charset=utf-8", json.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The teacher's key, for serve to print in its teacher's link. */
    String teacherKey() {
        return room.key();
    }

    /**
     * Refuses a request too big to be one of ours: a query over {@link #MAX_QUERY_CHARS} (414),
     * headers over {@link #MAX_HEADER_BYTES} (431), a body (413: every question is in the
     * address). The JDK's server has read the head already (up to {@link #MAX_HEAD_BYTES}) and
     * reads a refused body away (up to {@link #DRAIN_BYTES}), so the client gets the answer.
     */
    private static void refuseOversized(HttpExchange exchange) {
        String raw = exchange.getRequestURI().getRawQuery();
        if (raw != null && raw.length() > MAX_QUERY_CHARS) {
            throw new Refused(414, "request too long: " + raw.length() + " characters, at most " + MAX_QUERY_CHARS);
        }
        long headers = 0;
        for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
            for (String value : header.getValue()) {
                headers += header.getKey().length() + value.length() + 4;
            }
        }
        if (headers > MAX_HEADER_BYTES) {
            throw new Refused(431, "request headers too large: " + headers + " bytes, at most " + MAX_HEADER_BYTES);
        }
        String length = exchange.getRequestHeaders().getFirst("Content-Length");
        boolean chunked = exchange.getRequestHeaders().containsKey("Transfer-Encoding");
        if (chunked || length != null && !length.equals("0")) {
            throw new Refused(413, "request body too large: this board takes none, every question is in the address");
        }
    }

    static void expect(String method, String expected) {
        if (!method.equals(expected)) {
            throw new Refused(405, "method " + method + " not allowed here, use " + expected);
        }
    }

    /**
     * The query's parameters, decoded; a name given twice, a query too long or a control
     * character (a NUL, a newline: {@code %00}, {@code %0A}) in a name or a value is refused.
     */
    private static Map<String, String> query(String raw) {
        Map<String, String> values = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return values;
        }
        if (raw.length() > MAX_QUERY_CHARS) {
            throw new Refused(414, "request too long: " + raw.length() + " characters, at most " + MAX_QUERY_CHARS);
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name = decode(equals < 0 ? pair : pair.substring(0, equals));
            String value = equals < 0 ? "" : decode(pair.substring(equals + 1));
            refuseControls("a parameter's name", name);
            refuseControls("parameter '" + name + "'", value);
            if (values.put(name, value) != null) {
                throw new IllegalArgumentException("parameter '" + name + "' given twice");
            }
        }
        return values;
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("malformed request: '" + text + "' is not URL-encoded text");
        }
    }

    /** No input here has a use for a control character, and none may reach a message or the log. */
    private static void refuseControls(String what, String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isISOControl(text.charAt(i))) {
                throw new IllegalArgumentException(what + " holds a control character, "
                        + String.format("U+%04X", (int) text.charAt(i)) + " at " + (i + 1));
            }
        }
    }

    /** Whether the query asks for "compare": {@code compare=1}; {@code 0} or none is no. */
    private static boolean compare(Map<String, String> query) {
        String compare = query.getOrDefault("compare", "0");
        if (!compare.equals("0") && !compare.equals("1")) {
            throw new IllegalArgumentException("compare '" + compare + "' must be 0 or 1");
        }
        return compare.equals("1");
    }

    static void allow(Map<String, String> query, String... names) {
        Set<String> allowed = Set.of(names);
        for (String name : query.keySet()) {
            if (!allowed.contains(name)) {
                throw new IllegalArgumentException("unknown parameter '" + name + "'"
                        + (names.length == 0 ? " (this request takes none)" : ", expected one of " + String.join(" ", names)));
            }
        }
    }

    /** The whole number in parameter {@code name}, from {@code min} to {@code max}; {@code absent} if not given. */
    static int number(Map<String, String> query, String name, int min, int max, int absent) {
        String text = query.get(name);
        if (text == null || text.isEmpty()) {
            return absent;
        }
        int value;
        try {
            if (!text.matches("-?[0-9]{1,10}")) {
                throw new NumberFormatException(); // ASCII digits only, as on the command line: Java would also read ٢, ２ or +2
            }
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " '" + text + "' is not a whole number");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " " + value + " is out of range " + min + ".." + max);
        }
        return value;
    }

    // ---------------------------------------------------------------- the game

    /** A game as the page sends it: the position set up, the moves played, where they lead. */
    record Game(Position start, int[] moves, Position now) {
        /** The moves in Chinese notation, each in the position before it. */
        List<String> chinese() {
            List<String> line = new ArrayList<>();
            Position position = Position.fromFen(start.toFen());
            for (int move : moves) {
                line.add(Notation.chinese(position, move));
                position.makeMove(move);
            }
            return line;
        }
    }

    /** Sets up {@code fen} (the start position if absent) and plays {@code moves}, checking each. */
    static Game game(Map<String, String> query) {
        String fen = query.getOrDefault("fen", "").trim();
        Position start = fen.isEmpty() || fen.equals("startpos") ? Position.startPosition() : Position.fromFen(fen);
        Position now = Position.fromFen(start.toFen());
        String[] words = query.getOrDefault("moves", "").trim().split("[\\s,]+");
        List<Integer> moves = new ArrayList<>();
        for (String word : words) {
            if (!word.isEmpty()) {
                int move = MoveGenerator.parseLegal(now, word);
                now.makeMove(move);
                moves.add(move);
            }
        }
        return new Game(start, moves.stream().mapToInt(Integer::intValue).toArray(), now);
    }

    /**
     * Why the game is over in this position, in a line or a few, in {@code language} (English
     * or Chinese), or null while it goes on.
     */
    private String ending(Position position, Locale language) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        if (MoveGenerator.generateLegal(position, moves) == 0) {
            boolean zh = language.getLanguage().equals("zh");
            int side = position.sideToMove();
            String loser = zh ? (side == Piece.RED ? "红方" : "黑方") : Position.colorName(side);
            String winner = zh ? (side == Piece.RED ? "黑方" : "红方") : Position.colorName(side ^ 1);
            if (zh) {
                return position.inCheck() ? "将死：" + loser + "被将死，" + winner + "胜"
                        : "困毙：" + loser + "无着可走，判负，" + winner + "胜";
            }
            return position.inCheck()
                    ? "checkmate (将死): " + loser + " is mated, " + winner + " wins"
                    : "困毙 (stalemate): " + loser + " has no legal move and loses, " + winner + " wins";
        }
        return engine.ruling(position, language);
    }

    /** The language the page asks for: {@code lang=en} (also when absent) or {@code lang=zh}. */
    private static Locale language(Map<String, String> query) {
        return switch (query.getOrDefault("lang", "en")) {
            case "en" -> Locale.ENGLISH;
            case "zh" -> Locale.SIMPLIFIED_CHINESE;
            default -> throw new IllegalArgumentException("lang '" + query.get("lang") + "' is not a language here: give en or zh");
        };
    }

    private String chapter() {
        return new Json()
                .put("chapter", Chapter.NAME)
                .put("method", WebSearch.METHOD)
                .put("earlier", WebSearch.EARLIER)
                .put("defaultDepth", Math.min(caps.maxDepth(), Math.min(Search.DEFAULT_DEPTH, WebSearch.DEEPEST)))
                .put("deepest", WebSearch.DEEPEST)
                .put("deepestEarlier", WebSearch.DEEPEST_EARLIER)
                .put("timed", WebSearch.TIMED)
                .put("startFen", Position.START_FEN)
                .put("maxDepth", caps.maxDepth())
                .put("maxMovetime", caps.maxMovetime())
                .put("searchers", SEARCHERS)
                .put("join", joinUrls())
                .toString();
    }

    private String position(Map<String, String> query) {
        Locale language = language(query);
        Game game = game(query);
        Position now = game.now();
        int[] legal = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.generateLegal(now, legal);
        StringBuilder board = new StringBuilder();
        for (int square = 0; square < Square.COUNT; square++) {
            int piece = now.pieceAt(square);
            board.append(piece == Piece.EMPTY ? '.' : Piece.fenLetter(piece));
        }
        List<String> moves = new ArrayList<>();
        for (int move : game.moves()) {
            moves.add(Move.toUci(move));
        }
        List<String> legalMoves = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            legalMoves.add(Move.toUci(legal[i]));
        }
        String over = ending(now, language);
        return new Json()
                .put("fen", game.start().toFen())
                .put("now", now.toFen())
                .put("side", Position.colorName(now.sideToMove()))
                .put("check", now.inCheck())
                .put("board", board.toString())
                .put("moves", moves)
                .put("chinese", game.chinese())
                .put("legal", legalMoves)
                .put("over", over)
                .put("repetitionNote", over == null ? engine.repetitionNote(now, language) : null)
                .toString();
    }

    // ---------------------------------------------------------------- the engine

    /**
     * One student's search: its events as they come (each depth's line, or a note such as
     * "comparing"), then its move. Guarded by its own monitor: a searcher thread adds, the
     * owner's polls read, and the owner's stop may end it while it waits or compares.
     */
    private static final class Thinking {
        final int id;
        final String client;
        final long queuedAt = System.nanoTime();
        final List<String> events = new ArrayList<>();
        /** Its own search, so that a stop reaches this search and no other student's. */
        final WebSearch engine = new WebSearch();
        String result;
        boolean done;
        /** When a searcher took it, or 0 while it waits in the queue. */
        long startedAt;
        /** When it finished; a result not collected a minute later is forgotten. */
        long doneAt;
        /** How many polls of this search have come: each has its number, and waits only among the latest. */
        int polls;
        /** Stop was asked before the comparison began: none begins. */
        boolean stopAsked;
        /** While the comparison runs: the answer it completes, its depth and the search that runs it. */
        Json answer;
        int comparedDepth;
        WebSearch comparison;

        Thinking(int id, String client) {
            this.id = id;
            this.client = client;
        }

        synchronized void add(String event) {
            if (!done) {
                events.add(event);
                notifyAll();
            }
        }

        /** Ends the search with {@code result}; one that stop has already ended stays as it is. */
        synchronized void finish(String result) {
            if (!done) {
                this.result = result;
                done = true;
                doneAt = System.nanoTime();
                notifyAll();
            }
        }

        /** Marks the comparison begun; false if stop came first. */
        synchronized boolean beginComparing(Json answer, int depth, WebSearch comparison) {
            if (stopAsked) {
                return false;
            }
            this.answer = answer;
            this.comparedDepth = depth;
            this.comparison = comparison;
            return true;
        }

        /** The comparison's numbers complete the answer, unless stop has ended the search meanwhile. */
        synchronized void compared(long nodes, long millis) {
            if (!done) {
                finish(answer.put("earlierNodes", nodes).put("earlierMillis", millis).toString());
            }
        }

        synchronized boolean isDone() {
            return done;
        }

        /** Taken by a searcher: false if its owner stopped it while it waited. */
        synchronized boolean begin() {
            if (done) {
                return false;
            }
            startedAt = System.nanoTime();
            return true;
        }

        /** Milliseconds it waited in the queue: so far, or until a searcher took it. */
        synchronized long waitedMillis() {
            return ((startedAt > 0 ? startedAt : done ? doneAt : System.nanoTime()) - queuedAt) / 1_000_000;
        }

        /** Finished more than {@link #KEEP_RESULT_MILLIS} ago: its owner did not come for it. */
        synchronized boolean isStale(long now) {
            return done && now - doneAt > KEEP_RESULT_MILLIS * 1_000_000;
        }
    }

    /**
     * Who a request is from: the {@code client} the page made up and keeps for its tab (letters,
     * digits, '-' and '_', at most 64), else the address it came from. Each client has one
     * search at a time, and only its own polls and stops reach it.
     */
    private static String client(Map<String, String> query, HttpExchange exchange) {
        String client = query.get("client");
        if (client == null || client.isEmpty()) {
            return "address " + exchange.getRemoteAddress().getAddress().getHostAddress();
        }
        if (!client.matches("[A-Za-z0-9_-]{1,64}")) {
            throw new IllegalArgumentException("client '" + client + "' must be 1 to 64 letters, digits, '-' or '_'");
        }
        return client;
    }

    /** Forgets results nobody came for within {@link #KEEP_RESULT_MILLIS}; the caller holds {@code this}. */
    private void forgetStale() {
        long now = System.nanoTime();
        students.values().removeIf(thinking -> thinking.isStale(now));
    }

    private String startSearch(Map<String, String> query, String client) {
        Game game = game(query);
        String over = ending(game.now(), Locale.ENGLISH); // an error line: English
        if (over != null) {
            throw new Refused(409, "the game is over: " + over.lines().findFirst().orElse(over));
        }
        String capped = " (the board's cap: serve --max-depth " + caps.maxDepth() + ")";
        int asked = number(query, "depth", 1, WebSearch.DEEPEST, Math.min(caps.maxDepth(), Math.min(Search.DEFAULT_DEPTH, WebSearch.DEEPEST)));
        if (asked > caps.maxDepth()) {
            throw new IllegalArgumentException("depth " + asked + " is out of range 1.." + caps.maxDepth() + capped);
        }
        int movetime = number(query, "movetime", 1, MAX_MOVETIME, 0);
        if (movetime > 0 && !WebSearch.TIMED) {
            throw new IllegalArgumentException("movetime: this chapter's search has no clock"
                    + " (time a move arrives in chapter 5)");
        }
        if (movetime > caps.maxMovetime()) {
            throw new IllegalArgumentException("movetime " + movetime + " is out of range 1.." + caps.maxMovetime()
                    + " (the board's cap: serve --max-movetime " + caps.maxMovetime() + ")");
        }
        // A move by time deepens as far as the cap lets it; a move by depth stops at the cap's time.
        int depth = movetime > 0 ? caps.maxDepth() : asked;
        int clock = movetime > 0 ? movetime : caps.maxMovetime();
        boolean compare = compare(query);
        Thinking thinking;
        synchronized (this) {
            forgetStale();
            Thinking last = students.get(client);
            if (last != null && !last.isDone()) {
                throw new Refused(409, "your search " + last.id + " has not finished: wait for its move, or stop it");
            }
            if (waiting.size() >= MAX_WAITING_SEARCHES) {
                throw new Refused(503, "the engine's queue is full (" + MAX_WAITING_SEARCHES + " searches): ask again soon");
            }
            if (last == null && students.size() >= MAX_CLIENTS) {
                throw new Refused(503, "the board serves " + MAX_CLIENTS + " clients at most: ask again in a minute");
            }
            thinking = new Thinking(++searches, client);
            students.put(client, thinking);
            waiting.add(thinking);
        }
        Position position = game.now();
        searchers.execute(() -> {
            synchronized (this) {
                waiting.remove(thinking);
            }
            if (thinking.begin()) {
                think(thinking, position, depth, clock, compare);
            }
        });
        return new Json().put("id", thinking.id).put("queued", place(thinking)).toString();
    }

    /** Where {@code thinking} waits: 1 is next; 0 once a searcher has it (or it is done). */
    private synchronized int place(Thinking thinking) {
        int place = 1;
        for (Thinking ahead : waiting) {
            if (ahead == thinking) {
                return place;
            }
            place++;
        }
        return 0;
    }

    /** Runs on a searcher thread: this chapter's search, then, if asked, the earlier method's. */
    private void think(Thinking thinking, Position position, int depth, int movetime, boolean compare) {
        try {
            Search.Result result = thinking.engine.think(position, depth, movetime,
                    iteration -> thinking.add(line(position, iteration)));
            Json answer = new Json()
                    .put("bestmove", Move.toUci(result.bestMove()))
                    .put("chinese", result.pv().length > 0 ? Notation.chinese(position, result.bestMove()) : null)
                    .put("depth", result.depth())
                    .put("nodes", result.nodes())
                    .put("millis", result.millis())
                    .put("nps", result.nodes() * 1000 / Math.max(1, result.millis()));
            if (compare && result.depth() > WebSearch.DEEPEST_EARLIER) {
                answer.put("compareNote", WebSearch.EARLIER + " is not run beyond depth " + WebSearch.DEEPEST_EARLIER
                        + ": it would take too long").put("notCompared", "deeper").put("compareDepth", WebSearch.DEEPEST_EARLIER);
            } else if (compare) {
                compare(thinking, position, result.depth(), answer);
                return;
            }
            thinking.finish(answer.toString());
        } catch (RuntimeException | Error e) {
            thinking.finish(new Json().put("error", "the search failed: " + e).toString());
        }
    }

    /**
     * Hands the comparison to its own thread, where stop can end it without waiting for it;
     * unless stop came first, or another comparison runs there (one at a time for the whole
     * board: a class's comparisons would otherwise take the searchers' cores).
     */
    private void compare(Thinking thinking, Position position, int depth, Json answer) {
        WebSearch comparison = new WebSearch(); // its own, so that stop reaches this comparison and no other search
        String skipped = null;
        String why = null; // the page's key for the note, which the page says in its own language
        int busy = 0;
        synchronized (this) {
            if (comparing != null) {
                skipped = "not compared: the comparison of search " + comparing.id + " still runs";
                why = "busy";
                busy = comparing.id;
            } else if (!thinking.beginComparing(answer, depth, comparison)) {
                skipped = "not compared: the search was stopped";
                why = "stopped";
            } else {
                comparing = thinking;
            }
        }
        if (skipped != null) {
            answer.put("compareNote", skipped).put("notCompared", why);
            if (busy > 0) {
                answer.put("compareSearch", busy);
            }
            thinking.finish(answer.toString());
            return;
        }
        String note = "comparing: " + WebSearch.EARLIER + " at depth " + depth + "...";
        thinking.add(new Json().put("note", note).put("comparing", true).toString());
        comparer.execute(() -> {
            long start = System.nanoTime();
            long nodes = 0;
            String failure = null;
            try {
                nodes = comparison.earlier(position, depth);
            } catch (RuntimeException | Error e) {
                failure = "the comparison failed: " + e;
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            synchronized (this) {
                comparing = null; // free before the answer, so that the next search finds it free
            }
            if (failure != null) {
                thinking.finish(new Json().put("error", failure).toString());
            } else {
                thinking.compared(nodes, millis);
            }
        });
    }

    private static String line(Position position, Search.Result iteration) {
        return new Json()
                .put("depth", iteration.depth())
                .put("nodes", iteration.nodes())
                .put("millis", iteration.millis())
                .put("score", Score.toUci(iteration.score()))
                .put("pv", Notation.chineseLine(position, iteration.pv(), 0, iteration.pv().length))
                .toString();
    }

    /**
     * The lines of the client's search {@code id} from the {@code since}-th on, waiting a little
     * for the first; while it waits in the queue, its place there and how long it has waited.
     */
    private String poll(Map<String, String> query, String client) {
        Thinking thinking;
        synchronized (this) {
            forgetStale();
            thinking = students.get(client);
        }
        int id = number(query, "id", 1, Integer.MAX_VALUE, thinking == null ? 0 : thinking.id);
        if (thinking == null || thinking.id != id) {
            throw new Refused(404, "no search " + id + " of yours" + (thinking == null ? ": you have none (a result"
                    + " is kept for " + KEEP_RESULT_MILLIS / 1000 + " s)" : ", your last is " + thinking.id));
        }
        int since = number(query, "since", 0, Integer.MAX_VALUE, 0);
        String answer;
        boolean done;
        synchronized (thinking) {
            int number = ++thinking.polls;
            thinking.notifyAll(); // the poll MAX_WAITING_POLLS before this one stops waiting
            long deadline = System.nanoTime() + POLL_MILLIS * 1_000_000;
            boolean queued = thinking.startedAt == 0;
            while (!thinking.done && thinking.events.size() <= since && thinking.polls - number < MAX_WAITING_POLLS
                    && (thinking.startedAt == 0) == queued) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    break;
                }
                try {
                    thinking.wait(Math.min(left, queued ? 250 : left)); // a place in the queue changes unannounced
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            List<String> events = thinking.events;
            String fresh = String.join(",", events.subList(Math.min(since, events.size()), events.size()));
            answer = "\"waited\":" + thinking.waitedMillis()
                    + ",\"events\":[" + fresh + "],\"next\":" + events.size() + ",\"done\":" + thinking.done
                    + (thinking.done ? ",\"result\":" + thinking.result : "") + "}";
            done = thinking.done;
        }
        // the place is read apart, under the board's lock: never the board's inside a search's (see forgetStale)
        return "{\"id\":" + thinking.id + ",\"queued\":" + (done ? 0 : place(thinking)) + "," + answer;
    }

    /**
     * Stop, for the client's own search and no other: one still in the queue leaves it; a
     * comparison that runs is stopped where its method can stop, else left to finish in the
     * background, unread; either way the search ends now with its move. Before the
     * comparison, the search itself is stopped where this chapter's can be (it then answers
     * with its last finished depth), and no comparison follows.
     */
    private String stopSearch(String client) {
        Thinking thinking;
        synchronized (this) {
            thinking = students.get(client);
        }
        if (thinking == null) {
            throw new Refused(409, "the engine is not thinking for you");
        }
        boolean dequeued;
        synchronized (this) {
            dequeued = waiting.remove(thinking);
        }
        synchronized (thinking) {
            if (thinking.done) {
                throw new Refused(409, "the engine is not thinking for you");
            }
            if (dequeued || thinking.startedAt == 0) { // taken from the queue, but not begun: it never will
                thinking.finish(new Json().put("error", "stopped before it began: search " + thinking.id
                        + " left the queue").put("stoppedInQueue", true).toString());
            } else if (thinking.comparison != null) {
                thinking.comparison.stop();
                String how = WebSearch.EARLIER_STOPS ? " was cut short"
                        : " cannot be cut short: it finishes in the background, unread";
                thinking.finish(thinking.answer.put("compareNote", "comparison stopped: " + WebSearch.EARLIER
                        + " at depth " + thinking.comparedDepth + how).put("notCompared", WebSearch.EARLIER_STOPS
                        ? "cutShort" : "unread").put("compareDepth", thinking.comparedDepth).toString());
            } else if (thinking.engine.stop()) {
                thinking.stopAsked = true;
            } else {
                throw new Refused(409, WebSearch.METHOD + " cannot be stopped: it answers when its depth is searched"
                        + " (stop ends only a comparison, or a search still in the queue)");
            }
        }
        return new Json().put("stopping", thinking.id).toString();
    }

    // ---------------------------------------------------------------- watch mode

    /** The depth watch mode searches to unless the page asks for another. */
    static final int WATCH_DEPTH = 3;

    /**
     * Watch mode's one answer: every node of this chapter's search of the game's position to
     * {@code depth}, in the order the search entered them, as the {@code tree} command records
     * them; the page replays them and computes nothing. A search of more than the tree's
     * {@link SearchTree#MAX_NODES} nodes is refused, and so is a {@code step} (a link's place
     * in the replay: each node is entered once and left once) beyond the last.
     *
     * <p>Each node comes with what the page shows of it in both points of view: for the side to
     * move (negamax, what the code computes) and for red (minimax: red maximises). Each child
     * says what its return did to its parent's window ({@link #windowsAfter}), and the nodes of
     * the principal variation are marked, so the page shows the window as it stands at every
     * step and the best line at the end without searching anything itself.
     *
     * <p>With {@code compare=1}, the previous chapter's tree of the same position and depth
     * comes too ({@link Compared}): each of its nodes saying whether this chapter's search saved
     * it, each of this chapter's nodes naming its twin there, so that the page sets the two
     * trees side by side; or, where there is no such tree to show, why not.
     */
    private static Replay replay(Game game, int depth, boolean compare) {
        List<Visit> visits;
        try {
            visits = WebSearch.watch(game.now(), depth);
        } catch (IllegalArgumentException e) {
            throw new Refused(422, "this search visits more than " + SearchTree.MAX_NODES + " nodes, too many to"
                    + " watch: choose a smaller depth or a position with fewer pieces");
        }
        int steps = 2 * visits.size();
        long cutoffs = visits.stream().filter(visit -> visit.end() == Visit.End.CUT).count();
        int rootIndex = 0;
        for (int i = 0; i < visits.size(); i++) {
            if (visits.get(i).parent() < 0) {
                rootIndex = i; // from chapter 5, one root per iteration: the last one answers
            }
        }
        Visit root = visits.get(rootIndex);
        List<Integer> line = principalVariation(visits, rootIndex);
        Returned[] returned = returns(visits);
        Compared compared = compare ? Compared.of(game.now(), depth, visits) : null;
        StringBuilder list = new StringBuilder("[");
        for (int i = 0; i < visits.size(); i++) {
            Visit visit = visits.get(i);
            Visit parent = visit.parent() < 0 ? null : visits.get(visit.parent());
            list.append(list.length() > 1 ? "," : "").append(place(visit)
                    .put("stage", visit.stage())
                    .put("alpha", visit.alpha() == null ? null : scoreText(visit.alpha()))
                    .put("beta", visit.beta() == null ? null : scoreText(visit.beta()))
                    .put("value", visit.value())
                    .put("valueText", scoreText(visit.value()))
                    .put("end", visit.end().name().toLowerCase(java.util.Locale.ROOT))
                    .put("untried", visit.untried().size())
                    .put("key", visit.key())
                    .put("ruling", visit.ruling())
                    // watch mode as a teaching instrument (issue 30): whose view, what kind of value, the window now
                    .put("red", visit.red())
                    .put("bound", visit.bound().name().toLowerCase(java.util.Locale.ROOT))
                    .put("redValueText", scoreText(visit.red() ? visit.value() : -visit.value()))
                    .put("redWindow", visit.alpha() == null ? null : window(visit.red(), visit.alpha(), visit.beta()))
                    .put("raised", returned[i] != null && returned[i].raised())
                    .put("after", returned[i] == null ? null
                            : List.of(scoreText(returned[i].alpha()), scoreText(returned[i].beta())))
                    .put("redAfter", returned[i] == null ? null
                            : window(parent.red(), returned[i].alpha(), returned[i].beta()))
                    .put("pruned", visit.untried())
                    .put("prunedChinese", visit.untriedChinese())
                    .put("pv", line.contains(i))
                    .put("earlierNode", compared == null || compared.visits() == null ? null : compared.twins()[i])
                    .put("board", visit.board())
                    .raw("repeats", repeats(visit.repeats())));
        }
        list.append(']');
        // a recorded tree is the earlier search itself: its size is that search's node count
        Long earlier = compared != null && compared.visits() != null ? Long.valueOf(compared.visits().size())
                : depth <= WebSearch.DEEPEST_EARLIER ? Long.valueOf(new WebSearch().earlier(game.now(), depth)) : null;
        Json answer = new Json();
        answer
                .put("chapter", Chapter.NAME)
                .put("method", WebSearch.METHOD)
                .put("fen", game.start().toFen())
                .put("moves", Arrays.stream(game.moves()).mapToObj(Move::toUci).toList())
                .put("depth", depth)
                .put("deepest", deepestWatchable(game.now(), depth))
                .put("nodes", visits.size())
                .put("steps", steps)
                .put("cutoffs", cutoffs)
                .put("rootValue", root.value())
                .put("rootValueText", scoreText(root.value()))
                .put("rootRed", root.red())
                .put("rootRedValueText", scoreText(root.red() ? root.value() : -root.value()))
                .put("pv", line.stream().skip(1).map(i -> visits.get(i).move()).toList())
                .put("pvChinese", line.stream().skip(1).map(i -> visits.get(i).chinese()).toList())
                .put("earlier", WebSearch.EARLIER)
                .put("earlierNodes", earlier);
        if (compared != null) {
            answer.put("earlierTree", compared.whyNot() == null ? "shown" : compared.whyNot());
            if (compared.visits() != null) {
                answer.put("earlierSaved", compared.saved())
                        .put("notInEarlier", Arrays.stream(compared.twins()).filter(twin -> twin < 0).count())
                        .raw("earlierVisits", compared.json());
            }
        }
        return new Replay(answer.raw("visits", list.toString()).toString().getBytes(StandardCharsets.UTF_8), steps);
    }

    /** A replay as watch mode gets it: the answer's bytes, and how many steps it has (a link's step must be one). */
    private record Replay(byte[] json, int steps) {
    }

    /**
     * Watch mode's replays, each computed once: a replay is deterministic (this chapter, the
     * position and moves, the depth, compare or not; both points of view are in every answer),
     * so a class asking for the teacher's asks for the same bytes. The last ones computed are
     * kept, up to {@link #MAX_BYTES} bytes in all, and sent as they are kept, one copy for all; at most {@link #AT_ONCE} are computed
     * at a time, on threads of their own, and those who ask for one being computed wait for it.
     * What the cache and the computations may hold is thus bounded, however many ask.
     */
    static final class Replays {
        /** The most bytes of replays kept. */
        static final long MAX_BYTES = 32L * 1024 * 1024;
        /** How many replays are computed at once. */
        static final int AT_ONCE = 2;
        /** The most different replays waiting to be computed; more are refused (503). */
        static final int MAX_WAITING = 100;
        /** How long a request waits for its replay before it gives up (503). */
        static final long WAIT_SECONDS = 60;

        private final ExecutorService computers = Executors.newFixedThreadPool(AT_ONCE, daemon("web-watch"));
        /** The replays kept, the least recently asked for first; guarded by {@code this}. */
        private final java.util.LinkedHashMap<String, Replay> kept = new java.util.LinkedHashMap<>(16, 0.75f, true);
        private long keptBytes;
        /** The replays being computed, or waiting to be; guarded by {@code this}. */
        private final Map<String, java.util.concurrent.CompletableFuture<Replay>> computing = new HashMap<>();
        /** How many replays have been computed: a test counts them. */
        private int computed;

        byte[] watch(Map<String, String> query) {
            Game game = game(query);
            int depth = number(query, "depth", 1, WebSearch.DEEPEST, WATCH_DEPTH);
            boolean compare = compare(query);
            String key = game.start().toFen() + "|" + Arrays.stream(game.moves()).mapToObj(Move::toUci).toList()
                    + "|" + depth + "|" + compare;
            Replay replay = get(key, game, depth, compare);
            if (query.containsKey("step") && !query.get("step").isEmpty()) {
                try {
                    number(query, "step", 0, replay.steps(), 0);
                } catch (IllegalArgumentException e) {
                    throw new Refused(400, e.getMessage() + " (this search has " + replay.steps() + " steps)");
                }
            }
            return replay.json();
        }

        private Replay get(String key, Game game, int depth, boolean compare) {
            java.util.concurrent.CompletableFuture<Replay> future;
            synchronized (this) {
                Replay known = kept.get(key);
                if (known != null) {
                    return known;
                }
                future = computing.get(key);
                if (future == null) {
                    if (computing.size() >= MAX_WAITING) {
                        throw new Refused(503, "watch mode is busy (" + MAX_WAITING + " replays wait): ask again soon");
                    }
                    java.util.concurrent.CompletableFuture<Replay> fresh = new java.util.concurrent.CompletableFuture<>();
                    computing.put(key, fresh);
                    future = fresh;
                    computers.execute(() -> compute(key, fresh, game, depth, compare));
                }
            }
            try {
                return future.get(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof RuntimeException cause) {
                    throw cause; // the refusal, or the input's error, as if computed here
                }
                throw new IllegalStateException(e.getCause());
            } catch (java.util.concurrent.TimeoutException e) {
                throw new Refused(503, "watch mode is busy: the replay was not ready in " + WAIT_SECONDS + " s");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Refused(503, "the board is stopping");
            }
        }

        private void compute(String key, java.util.concurrent.CompletableFuture<Replay> future, Game game, int depth,
                boolean compare) {
            try {
                Replay replay = replay(game, depth, compare);
                synchronized (this) {
                    computed++;
                    computing.remove(key);
                    if (replay.json().length <= MAX_BYTES) {
                        kept.put(key, replay);
                        keptBytes += replay.json().length;
                        for (var oldest = kept.entrySet().iterator(); keptBytes > MAX_BYTES && oldest.hasNext(); ) {
                            keptBytes -= oldest.next().getValue().json().length;
                            oldest.remove();
                        }
                    }
                }
                future.complete(replay);
                collectIfGrown();
            } catch (RuntimeException | Error e) {
                synchronized (this) {
                    computing.remove(key); // a refusal is not kept: it is quick to find again
                }
                future.completeExceptionally(e);
            }
        }

        synchronized int computed() {
            return computed;
        }

        void stop() {
            computers.shutdownNow();
        }
    }

    /**
     * "Compare", seen (issue 30, point 6): the previous chapter's tree of the same position and
     * depth, {@link WebSearch#watchEarlier}, beside this chapter's. Nodes are matched by their
     * line, the moves from the root; where the earlier search deepens iteratively too (chapter
     * 6's earlier is chapter 5's), by the depth of their iteration as well, so that each
     * iteration meets its own. An earlier node whose line this chapter's tree lacks was saved:
     * this chapter never went there.
     *
     * <p>That alone need not make the trees' difference. In chapter 2 every line alpha-beta
     * visits minimax visits too (the same moves in the same order, minus the cut-offs), so
     * the saved nodes are exactly the difference, and chapter 3's tree is chapter 2's. From
     * chapter 4 on, the table's move goes first, so a search can try a move the earlier one cut
     * off before reaching it: such a node has no twin ({@code earlierNode} -1, counted in
     * {@code notInEarlier}). Chapter 5 deepens iteratively and chapter 4 does not: several of
     * its nodes, one per iteration, may share one twin.
     *
     * @param visits  the earlier tree, null where there is none to show
     * @param whyNot  why not: {@code none} (chapter 1: no earlier search keeps a tree),
     *                {@code tooMany} (more than {@link SearchTree#MAX_NODES} nodes); null if shown
     * @param twins   per node of this chapter's tree, the index of the earlier node with its line, or -1
     * @param isSaved per earlier node, whether this chapter's tree lacks its line
     */
    private record Compared(List<Visit> visits, String whyNot, int[] twins, boolean[] isSaved) {
        static Compared of(Position position, int depth, List<Visit> here) {
            List<Visit> earlier;
            try {
                earlier = WebSearch.watchEarlier(position, depth);
            } catch (IllegalArgumentException e) {
                return new Compared(null, "tooMany", null, null);
            }
            if (earlier == null) {
                return new Compared(null, "none", null, null);
            }
            boolean byIteration = earlier.stream().filter(visit -> visit.parent() < 0).count() > 1;
            List<String> earlierLines = lines(earlier, byIteration);
            Map<String, Integer> index = new HashMap<>();
            for (int i = 0; i < earlierLines.size(); i++) {
                index.put(earlierLines.get(i), i);
            }
            boolean[] isSaved = new boolean[earlier.size()];
            Arrays.fill(isSaved, true);
            List<String> hereLines = lines(here, byIteration);
            int[] twins = new int[here.size()];
            for (int i = 0; i < here.size(); i++) {
                twins[i] = index.getOrDefault(hereLines.get(i), -1);
                if (twins[i] >= 0) {
                    isSaved[twins[i]] = false;
                }
            }
            return new Compared(earlier, null, twins, isSaved);
        }

        /**
         * Each node's line: the depth of its iteration, if asked, and the moves from its root.
         * A parent comes before its children, so its line is known when theirs is made.
         */
        private static List<String> lines(List<Visit> visits, boolean byIteration) {
            List<String> lines = new ArrayList<>();
            for (Visit visit : visits) {
                lines.add(visit.parent() < 0 ? (byIteration ? "#" + visit.depth() : "")
                        : lines.get(visit.parent()) + " " + visit.move());
            }
            return lines;
        }

        long saved() {
            int saved = 0;
            for (boolean one : isSaved) {
                saved += one ? 1 : 0;
            }
            return saved;
        }

        /** The earlier tree as the page draws it: what a row shows, and whether it was saved. */
        String json() {
            StringBuilder list = new StringBuilder("[");
            for (int i = 0; i < visits.size(); i++) {
                Visit visit = visits.get(i);
                list.append(list.length() > 1 ? "," : "").append(place(visit)
                        .put("red", visit.red())
                        .put("value", visit.value())
                        .put("valueText", scoreText(visit.value()))
                        .put("redValueText", scoreText(visit.red() ? visit.value() : -visit.value()))
                        .put("bound", visit.bound().name().toLowerCase(java.util.Locale.ROOT))
                        .put("end", visit.end().name().toLowerCase(java.util.Locale.ROOT))
                        .put("untried", visit.untried().size())
                        .put("saved", isSaved[i]));
            }
            return list.append(']').toString();
        }
    }

    /** Where a node stands in its tree, as both trees of watch mode send it: the rest follows. */
    private static Json place(Visit visit) {
        return new Json()
                .put("parent", visit.parent())
                .put("ply", visit.ply())
                .put("depth", visit.depth())
                .put("iteration", visit.iteration())
                .put("move", visit.move())
                .put("chinese", visit.chinese());
    }

    /** A score or a window's bound as the command line prints it: ∞ for the open window. */
    private static String scoreText(int score) {
        return score >= Score.INFINITE ? "∞" : score <= -Score.INFINITE ? "-∞" : Score.toShortText(score);
    }

    /**
     * A window (α, β) of the side to move, as red's [α, β]: the same if red is to move, else
     * negated and swapped, since what black is sure of (α) caps what red can get.
     */
    private static List<String> window(boolean red, int alpha, int beta) {
        return red ? List.of(scoreText(alpha), scoreText(beta)) : List.of(scoreText(-beta), scoreText(-alpha));
    }

    /** What a child's return did to its parent's window: (α, β) after it, and whether α rose. */
    private record Returned(int alpha, int beta, boolean raised) {
    }

    /**
     * Per child, its parent's window once the child has returned, as the search has it: α
     * rises to the child's score (its value negated) when that is higher, a better line for
     * the side to move there; β stays. Null for a root, and in chapter 1, whose minimax has no
     * window.
     */
    private static Returned[] returns(List<Visit> visits) {
        Returned[] returned = new Returned[visits.size()];
        int[] alphaNow = new int[visits.size()];
        for (int i = 0; i < visits.size(); i++) {
            Visit visit = visits.get(i);
            if (visit.alpha() != null) {
                alphaNow[i] = visit.alpha(); // the window it was entered with: a parent comes before its children
            }
            Visit parent = visit.parent() < 0 ? null : visits.get(visit.parent());
            if (parent != null && parent.alpha() != null) {
                boolean raised = -visit.value() > alphaNow[visit.parent()];
                if (raised) {
                    alphaNow[visit.parent()] = -visit.value();
                }
                returned[i] = new Returned(alphaNow[visit.parent()], parent.beta(), raised);
            }
        }
        return returned;
    }

    /**
     * The indices of the principal variation from the root at {@code rootIndex}: at each node the
     * first child with the best score, as long as that score beat the node's α (the search
     * keeps a move for its best line only then). It ends where the search's own line ends: at
     * a leaf, a table answer or a node whose moves all failed low.
     */
    private static List<Integer> principalVariation(List<Visit> visits, int rootIndex) {
        List<List<Integer>> children = new ArrayList<>();
        for (int i = 0; i < visits.size(); i++) {
            children.add(new ArrayList<>());
            if (visits.get(i).parent() >= 0) {
                children.get(visits.get(i).parent()).add(i);
            }
        }
        List<Integer> line = new ArrayList<>(List.of(rootIndex));
        for (int node = rootIndex; ; ) {
            Integer best = null;
            for (int child : children.get(node)) {
                if (best == null || -visits.get(child).value() > -visits.get(best).value()) {
                    best = child;
                }
            }
            Integer alpha = visits.get(node).alpha();
            if (best == null || alpha != null && -visits.get(best).value() <= alpha) {
                return line;
            }
            line.add(best);
            node = best;
        }
    }

    /**
     * The deepest search of this position watch mode can show, {@code depth} known to be one:
     * the page offers no deeper one, rather than a refusal after the click.
     */
    private static int deepestWatchable(Position position, int depth) {
        int deepest = depth;
        while (deepest < WebSearch.DEEPEST) {
            try {
                WebSearch.watch(position, deepest + 1);
            } catch (IllegalArgumentException e) {
                break;
            }
            deepest++;
        }
        return deepest;
    }

    /**
     * Where a line that the repetition rules ended came back to, for watch mode's sentence: the
     * earlier position's ply and the moves of the cycle; JSON null for every other node.
     */
    private static String repeats(Visit.Repeats repeats) {
        return repeats == null ? "null" : new Json()
                .put("ply", repeats.ply())
                .put("moves", repeats.moves())
                .put("chinese", repeats.chinese())
                .toString();
    }

    // ---------------------------------------------------------------- answers

    private static byte[] resource(String name) {
        try (InputStream in = WebBoard.class.getResourceAsStream("/web/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks /web/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The one line, clipped as the command line clips its own: the bad input is quoted, but only its start. */
    private static void sendError(HttpExchange exchange, int status, String message) throws IOException {
        String line = "error: " + ErrorLine.clip(message) + "\n";
        send(exchange, status, "text/plain; charset=utf-8", line.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        if (exchange.getRequestMethod().equals("HEAD")) {
            // HTTP gives the answer to HEAD no body, so the line is not sent; and the JDK's
            // server wants no length for one (-1), else it warns on the terminal.
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** A JSON object written field by field: strings, numbers, booleans, lists of strings, null. */
    static final class Json {
        private final StringBuilder text = new StringBuilder("{");

        Json put(String name, Object value) {
            if (text.length() > 1) {
                text.append(',');
            }
            text.append(quote(name)).append(':');
            if (value == null || value instanceof Number || value instanceof Boolean) {
                text.append(value);
            } else if (value instanceof List<?> list) {
                text.append(list(list));
            } else {
                text.append(quote(value.toString()));
            }
            return this;
        }

        /** A field whose value is JSON already, such as a list of objects. */
        Json raw(String name, String json) {
            if (text.length() > 1) {
                text.append(',');
            }
            text.append(quote(name)).append(':').append(json);
            return this;
        }

        static String list(List<?> values) {
            StringBuilder list = new StringBuilder("[");
            for (Object value : values) {
                list.append(list.length() > 1 ? "," : "").append(quote(value.toString()));
            }
            return list.append(']').toString();
        }

        static String quote(String value) {
            StringBuilder quoted = new StringBuilder("\"");
            for (char c : value.toCharArray()) {
                switch (c) {
                    case '"' -> quoted.append("\\\"");
                    case '\\' -> quoted.append("\\\\");
                    case '\n' -> quoted.append("\\n");
                    default -> {
                        if (c < 0x20 || c == '<' || c == '>') {
                            quoted.append(String.format("\\u%04x", (int) c));
                        } else {
                            quoted.append(c);
                        }
                    }
                }
            }
            return quoted.append('"').toString();
        }

        @Override
        public String toString() {
            return text + "}";
        }
    }
}
