package xiangqi.web;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import xiangqi.common.Chapter;

/**
 * A class on one board ({@code bench --class}): students' browsers, simulated on this machine
 * over loopback, open the page at once and then play the engine. Each student is a browser of
 * its own: its own HTTP/1.1 client, which opens several connections for the page's files and
 * keeps them alive, as a browser does; then it plays a random legal move, asks the engine for
 * its answer (as the page does: one POST, then polls), and so on, starting a new game when one
 * ends. The same file in every chapter; {@code ClassTest} runs a short class.
 */
public final class Classroom {
    /** A class: forty students. */
    public static final int STUDENTS = 40;
    /** How long the bench's class plays. */
    public static final int SECONDS = 60;
    /** What the page fetches after the page itself, all at once. */
    private static final List<String> FILES = List.of("/board.css", "/watch.css", "/board.js", "/qr.js", "/watch.js",
            "/text.json", "/api/chapter", "/api/position");
    /** The most polls one search gets: at 1.5 s each, longer than any class waits. */
    private static final int MAX_POLLS = 2_000;
    /** The most moves a student asks for in one class: a bound, far above what a minute gives. */
    private static final int MAX_MOVES = 10_000;

    private Classroom() {
    }

    /**
     * What a class saw.
     *
     * @param pageMillis per student who got the whole page, from its first request to its last answer
     * @param moveMillis per move asked, from the request to the move
     * @param queueMillis per move, how long its search waited for a searcher
     * @param asked      how many moves the students asked for
     * @param failures   each request that failed, or move that never came: one line each
     * @param newcomerMillis how long a student who came in halfway through the play waited for
     *                   the whole page; -1 if it did not load
     */
    record Outcome(int students, List<Long> pageMillis, List<Long> moveMillis, List<Long> queueMillis, int asked,
            List<String> failures, long newcomerMillis) {
        int pagesLoaded() {
            return pageMillis.size();
        }

        int arrived() {
            return moveMillis.size();
        }
    }

    /**
     * Runs a class of {@code students} on the board at {@code port} (loopback): the pages at
     * once, then {@code playMillis} of play, each student asking for moves of {@code depth}
     * (null: the page's default), then every move still on its way is awaited.
     */
    static Outcome run(int port, int students, long playMillis, Integer depth) {
        List<Long> pages = Collections.synchronizedList(new ArrayList<>());
        List<Long> moves = Collections.synchronizedList(new ArrayList<>());
        List<Long> queued = Collections.synchronizedList(new ArrayList<>());
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        CountDownLatch ready = new CountDownLatch(students);
        CountDownLatch loaded = new CountDownLatch(students);
        List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < students; s++) {
            int student = s;
            Thread thread = new Thread(() -> {
                Browser browser = new Browser(port, "student-" + student);
                try {
                    ready.countDown();
                    ready.await(30, TimeUnit.SECONDS);
                    long start = System.nanoTime();
                    boolean whole = browser.openPage(failures);
                    if (whole) {
                        pages.add((System.nanoTime() - start) / 1_000_000);
                    }
                    loaded.countDown();
                    loaded.await(60, TimeUnit.SECONDS); // the class starts playing together
                    if (whole) {
                        long end = System.nanoTime() + playMillis * 1_000_000;
                        Random random = new Random(student);
                        for (int move = 0; move < MAX_MOVES && System.nanoTime() < end; move++) {
                            if (!browser.playOne(random, depth, asked, moves, queued, failures)) {
                                break;
                            }
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    browser.close();
                }
            }, "student-" + student);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        long[] newcomer = {-1};
        Thread late = new Thread(() -> {
            try {
                loaded.await(60, TimeUnit.SECONDS);
                Thread.sleep(playMillis / 2);
            } catch (InterruptedException e) {
                return;
            }
            Browser browser = new Browser(port, "newcomer");
            long start = System.nanoTime();
            if (browser.openPage(failures)) {
                newcomer[0] = (System.nanoTime() - start) / 1_000_000;
            }
        }, "newcomer");
        late.setDaemon(true);
        late.start();
        threads.add(late);
        for (Thread thread : threads) {
            try {
                thread.join(playMillis + 15 * 60_000L);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        int total = asked.get();
        synchronized (pages) {
            synchronized (moves) {
                synchronized (queued) {
                    return new Outcome(students, List.copyOf(pages), List.copyOf(moves), List.copyOf(queued), total,
                            List.copyOf(failures), newcomer[0]);
                }
            }
        }
    }

    /** How many connections a browser keeps to one server (Chromium's and Firefox's six). */
    private static final int CONNECTIONS_PER_BROWSER = 6;
    /** What the JDK's client says of a connection closed before a byte of the answer came. */
    private static final String NO_BYTES = "received no bytes";

    /** One student's browser: its own client, whose connections it keeps alive between requests. */
    private static final class Browser {
        private final String base;
        private final String client;
        private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        private String moves = "";

        Browser(int port, String client) {
            this.base = "http://127.0.0.1:" + port;
            this.client = client;
        }

        /**
         * The page, then its files and first questions all at once, six at a time at most (a
         * browser's connections to one server), each on a connection of its own or one kept
         * from before. One sent on a kept connection just as the server closed it is sent again.
         */
        boolean openPage(List<String> failures) {
            if (get("/", failures) == null) {
                return false;
            }
            Semaphore connections = new Semaphore(CONNECTIONS_PER_BROWSER);
            List<CompletableFuture<HttpResponse<String>>> all = new ArrayList<>();
            for (String file : FILES) {
                connections.acquireUninterruptibly();
                all.add(http.sendAsync(request("GET", file), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8))
                        .whenComplete((answer, failure) -> connections.release()));
            }
            boolean whole = true;
            for (int i = 0; i < all.size(); i++) {
                String file = FILES.get(i);
                try {
                    HttpResponse<String> answer = all.get(i).get(60, TimeUnit.SECONDS);
                    if (answer.statusCode() != 200) {
                        failures.add(client + " GET " + file + ": " + answer.statusCode() + " " + answer.body().trim());
                        whole = false;
                    }
                } catch (ExecutionException e) {
                    boolean sendAgain = String.valueOf(e.getCause().getMessage()).contains(NO_BYTES);
                    if (!sendAgain) {
                        failures.add(client + " GET " + file + ": " + e.getCause());
                    }
                    if (!sendAgain || get(file, failures) == null) {
                        whole = false;
                    }
                } catch (Exception e) {
                    failures.add(client + " GET " + file + ": " + e);
                    whole = false;
                }
            }
            return whole;
        }

        /**
         * One turn: the student's random legal move, then the engine's answer, as the page asks
         * for it; a new game where one ends. False when something failed (it is in failures).
         */
        boolean playOne(Random random, Integer depth, java.util.concurrent.atomic.AtomicInteger asked, List<Long> moveMillis,
                List<Long> queueMillis, List<String> failures) {
            String position = get("/api/position?moves=" + moves.replace(' ', '+'), failures);
            if (position == null) {
                return false;
            }
            List<String> legal = strings(position, "legal");
            if (legal.isEmpty() || !position.contains("\"over\":null")) {
                moves = "";
                return true; // the game is over: a new one
            }
            moves = (moves + " " + legal.get(random.nextInt(legal.size()))).trim();
            String after = get("/api/position?moves=" + moves.replace(' ', '+'), failures);
            if (after == null) {
                return false;
            }
            if (strings(after, "legal").isEmpty() || !after.contains("\"over\":null")) {
                moves = "";
                return true;
            }
            long start = System.nanoTime();
            asked.incrementAndGet();
            String started = send("POST", "/api/search?moves=" + moves.replace(' ', '+') + "&client=" + client
                    + (depth == null ? "" : "&depth=" + depth), failures);
            if (started == null) {
                return false;
            }
            String id = field(started, "id");
            int since = 0;
            for (int poll = 0; poll < MAX_POLLS; poll++) {
                String news = get("/api/search?id=" + id + "&since=" + since + "&client=" + client, failures);
                if (news == null) {
                    return false;
                }
                since = Integer.parseInt(field(news, "next"));
                if (news.contains("\"done\":true")) {
                    String best = field(news, "bestmove");
                    if (best == null) {
                        failures.add(client + " search " + id + " ended without a move: " + news);
                        return false;
                    }
                    moveMillis.add((System.nanoTime() - start) / 1_000_000);
                    queueMillis.add(Long.parseLong(field(news, "waited")));
                    moves = best.equals("0000") ? "" : moves + " " + best;
                    return true;
                }
            }
            failures.add(client + " search " + id + ": no move after " + MAX_POLLS + " polls");
            return false;
        }

        private String get(String path, List<String> failures) {
            return send("GET", path, failures);
        }

        /**
         * The answer's body, or null (and a line in failures) if it is not a 200. A request sent
         * on a kept-alive connection just as the server closed it for being idle gets no byte
         * back; a browser then sends it again, whatever its method, and so does this one. The
         * next try may take another of the client's kept connections that the server closed at
         * the same moment, so it tries as many times as a browser keeps connections to one
         * server (six), then gives up. (The JDK's client retries a GET once by itself.)
         */
        private String send(String method, String path, List<String> failures) {
            try {
                HttpResponse<String> answer = null;
                for (int attempt = 1; answer == null; attempt++) {
                    try {
                        answer = http.send(request(method, path), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
                    } catch (IOException e) {
                        if (attempt == CONNECTIONS_PER_BROWSER || !String.valueOf(e.getMessage()).contains(NO_BYTES)) {
                            throw e;
                        }
                    }
                }
                if (answer.statusCode() != 200) {
                    failures.add(client + " " + method + " " + path + ": " + answer.statusCode() + " " + answer.body().trim());
                    return null;
                }
                return answer.body();
            } catch (IOException e) {
                failures.add(client + " " + method + " " + path + ": " + e);
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failures.add(client + " " + method + " " + path + ": interrupted");
                return null;
            }
        }

        private HttpRequest request(String method, String path) {
            return HttpRequest.newBuilder(URI.create(base + path)).method(method, HttpRequest.BodyPublishers.noBody())
                    .timeout(Duration.ofSeconds(120)).build();
        }

        void close() {
            // the client's connections close when it is collected; nothing of ours to end
        }
    }

    /** A field of a flat JSON answer: a number, or a string's content; null when absent. */
    static String field(String json, String name) {
        Matcher matcher = Pattern.compile("\"" + name + "\":(\"([^\"]*)\"|[^,}\\]]+)").matcher(json);
        return !matcher.find() ? null : matcher.group(2) != null ? matcher.group(2) : matcher.group(1);
    }

    /** A list of strings in a JSON answer. */
    private static List<String> strings(String json, String name) {
        Matcher matcher = Pattern.compile("\"" + name + "\":\\[([^\\]]*)\\]").matcher(json);
        List<String> values = new ArrayList<>();
        if (matcher.find()) {
            Matcher each = Pattern.compile("\"([^\"]*)\"").matcher(matcher.group(1));
            while (each.find()) {
                values.add(each.group(1));
            }
        }
        return values;
    }

    /** The {@code q}-th percentile (0..100) of {@code values}, nearest rank; 0 for none. */
    static long percentile(List<Long> values, int q) {
        if (values.isEmpty()) {
            return 0;
        }
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int rank = (int) Math.ceil(q / 100.0 * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }

    /**
     * The command: a {@code serve} of this chapter in a process of its own (the JVM's default
     * memory settings, the default caps), then a class of {@code students} playing it for
     * {@code seconds}; prints the pages, the moves, the waits and the server's peak memory.
     */
    public static void bench(int students, int seconds, PrintStream out) {
        if (students < 1 || students > 200) {
            throw new IllegalArgumentException("--students " + students + " is out of range 1..200");
        }
        if (seconds < 1 || seconds > 600) {
            throw new IllegalArgumentException("--seconds " + seconds + " is out of range 1..600");
        }
        Process server;
        int port;
        try {
            String classes = new File(Classroom.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getPath();
            server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", classes, "xiangqi.app.Main", "serve", "--port", "0").redirectErrorStream(true).start();
            BufferedReader lines = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            String first = lines.readLine();
            if (first == null || !first.startsWith("open http://127.0.0.1:")) {
                server.destroy();
                throw new IllegalStateException("the server did not start: " + first);
            }
            port = URI.create(first.substring("open ".length())).getPort();
            Thread drain = new Thread(() -> {
                try {
                    while (lines.readLine() != null) {
                        // the server's other lines: read, so that it never blocks on a full pipe
                    }
                } catch (IOException e) {
                    // the server ended
                }
            });
            drain.setDaemon(true);
            drain.start();
        } catch (IOException | URISyntaxException e) {
            throw new IllegalStateException("cannot start the server: " + e, e);
        }
        try {
            out.println(Chapter.NAME + ": a class of " + students + " on one board, " + WebBoard.SEARCHERS
                    + " searches at once (the default caps), playing for " + seconds + " s...");
            long[] peak = {0};
            Thread watcher = new Thread(() -> {
                while (server.isAlive() && !Thread.currentThread().isInterrupted()) {
                    peak[0] = Math.max(peak[0], residentKilobytes(server.pid()));
                    try {
                        Thread.sleep(200);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            watcher.setDaemon(true);
            watcher.start();
            Outcome outcome = run(port, students, seconds * 1000L, null);
            long highWater = Math.max(peak[0], highWaterKilobytes(server.pid()));
            watcher.interrupt();
            out.printf("pages loaded   %d of %d   (p50 %d ms, p95 %d ms, slowest %d ms)%n", outcome.pagesLoaded(), students,
                    percentile(outcome.pageMillis(), 50), percentile(outcome.pageMillis(), 95), percentile(outcome.pageMillis(), 100));
            out.printf("a newcomer halfway through: the whole page in %s%n",
                    outcome.newcomerMillis() < 0 ? "(it did not load)" : outcome.newcomerMillis() + " ms");
            out.printf("moves arrived  %d of %d asked%n", outcome.arrived(), outcome.asked());
            out.printf("waiting for a move   p50 %,d ms   p95 %,d ms   longest %,d ms%n", percentile(outcome.moveMillis(), 50),
                    percentile(outcome.moveMillis(), 95), percentile(outcome.moveMillis(), 100));
            out.printf("of which in the queue   p50 %,d ms   p95 %,d ms%n", percentile(outcome.queueMillis(), 50),
                    percentile(outcome.queueMillis(), 95));
            out.println("server's peak memory (resident)   " + (highWater > 0 ? highWater / 1024 + " MB" : "not known here (no /proc)"));
            for (String failure : outcome.failures().subList(0, Math.min(10, outcome.failures().size()))) {
                out.println("failed: " + failure);
            }
            out.println(outcome.failures().isEmpty() && outcome.pagesLoaded() == students && outcome.arrived() == outcome.asked()
                    ? "every page loaded, every move arrived" : outcome.failures().size() + " failures");
            // Watch mode: the whole class asks for the teacher's replay, then for twenty of their own.
            String[] openings = {"h2e2", "b2e2", "h0g2", "c3c4", "g3g4", "b0c2", "i0i1", "a0a1", "h2h4", "b2b4",
                "h2h3", "b2b3", "a0a2", "i0i2", "a3a4", "i3i4", "e3e4", "b0a2", "h0i2", "h2d2"};
            List<String> same = Collections.nCopies(100, "/api/watch?moves=h2e2+h9g7&depth=2");
            List<String> different = new ArrayList<>();
            for (String opening : openings) {
                different.add("/api/watch?moves=" + opening + "&depth=2");
            }
            for (List<String> storm : List.of(same, different)) {
                long start = System.nanoTime();
                int[] answered = watchStorm(port, storm);
                long millis = (System.nanoTime() - start) / 1_000_000;
                out.printf("%d watch requests at once, %s: %d answered (%d refused as too big to watch) in %,d ms;"
                        + " peak memory %s%n", storm.size(), storm == same ? "one replay" : storm.size() + " replays",
                        answered[0] + answered[1], answered[1], millis, highWaterKilobytes(server.pid()) > 0
                        ? highWaterKilobytes(server.pid()) / 1024 + " MB" : "not known");
            }
        } finally {
            server.destroy();
        }
    }

    /** Sends every request at once, each on a client of its own; how many got a 200, and how many a 422. */
    private static int[] watchStorm(int port, List<String> paths) {
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (String path : paths) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            answers.add(client.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .timeout(Duration.ofSeconds(120)).build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)));
        }
        int[] counts = new int[2];
        for (CompletableFuture<HttpResponse<String>> answer : answers) {
            try {
                int status = answer.get(180, TimeUnit.SECONDS).statusCode();
                counts[0] += status == 200 ? 1 : 0;
                counts[1] += status == 422 ? 1 : 0;
            } catch (Exception e) {
                // unanswered: counted in neither
            }
        }
        return counts;
    }

    /** A process's resident memory now, in kB, from /proc (Linux); 0 where unknown. */
    private static long residentKilobytes(long pid) {
        return statusKilobytes(pid, "VmRSS:");
    }

    /** A process's peak resident memory, in kB, from /proc (Linux); 0 where unknown. */
    private static long highWaterKilobytes(long pid) {
        return statusKilobytes(pid, "VmHWM:");
    }

    private static long statusKilobytes(long pid, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
                if (line.startsWith(field)) {
                    return Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }
}
