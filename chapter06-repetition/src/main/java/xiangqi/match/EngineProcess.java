package xiangqi.match;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import xiangqi.*;

/**
 * One UCI engine, run as a process for one game: the referee's side of the protocol. It
 * speaks this project's dialect (Pikafish's: ranks 0 to 9 in moves) or Fairy-Stockfish's
 * (ranks 1 to 10, the variant chosen with {@code UCI_Variant}), and translates at this
 * boundary, so that the referee sees only this project's moves. Fairy-Stockfish is
 * recognised by the {@code UCI_Variant} option it lists after {@code uci}.
 *
 * <p>Every read has a deadline: a reader thread hands the engine's lines to a queue, and
 * the referee waits on the queue, never on the pipe. An engine that dies, stays silent,
 * cannot be written to or writes a line longer than {@link #MAX_LINE_CHARS} raises
 * {@link Match.Forfeit}. What an engine can make the referee hold is bounded: one line in
 * the making and {@link #QUEUED_LINES} waiting; an engine that writes faster is held back
 * by its pipe, as a terminal holds back a program.
 *
 * <p>{@link #close} ends the process and every process it started, whatever state it is in:
 * those running now, those seen at any earlier answer, which may have lost their parent
 * since, and on Linux those that carry the engine's mark in their environment, which a
 * process detached at once (a daemon's double fork) still inherits. If the referee itself
 * is ended (Ctrl-C, {@code kill}), a shutdown hook does the same for every engine still
 * open; only {@code kill -9} gives it no chance.
 */
final class EngineProcess implements Match.Player {
    /** How long an engine may take to start and answer {@code uci} and {@code isready}. */
    static final long STARTUP_MILLIS = 30_000;
    /** How long {@code quit} may take before the process is killed. */
    private static final long QUIT_MILLIS = 1_000;
    /**
     * The longest line an engine may write, in characters: a megabyte. A real engine's
     * longest, an {@code info} line with its PV or Fairy-Stockfish's list of variants, is a
     * few kilobytes; an endless line would otherwise fill the referee's memory.
     */
    static final int MAX_LINE_CHARS = 1 << 20;
    /** How many lines may wait unread before the reader stops taking more from the pipe. */
    static final int QUEUED_LINES = 16;

    private static final String END_OF_OUTPUT = "\u0000end of output";
    private static final String LINE_TOO_LONG = "\u0000line too long";
    private static final Pattern FAIRY_MOVE = Pattern.compile("([a-i])(10|[1-9])([a-i])(10|[1-9])");

    /**
     * The environment variable that marks an engine's processes: the engine's children
     * inherit it, and theirs, whether or not they stay in its process tree.
     */
    private static final String MARK_VARIABLE = "XIANGQI_REFEREE_ENGINE";
    private static final AtomicLong ENGINES_STARTED = new AtomicLong();

    /** Every engine started and not yet closed: what the shutdown hook ends. Its lock orders starts and the hook. */
    private static final Set<EngineProcess> OPEN = ConcurrentHashMap.newKeySet();
    /** Set by the shutdown hook: the games still running must start no engine that it would miss. */
    private static boolean refereeEnding;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(EngineProcess::endAll, "the engines end with the referee"));
    }

    private final Process process;
    /** {@link #MARK_VARIABLE}'s value in this engine's environment: unique to it. */
    private final String mark;
    private final Writer input;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>(QUEUED_LINES);
    /** Every process this engine started that the referee has seen: each is ended with it. */
    private final Set<ProcessHandle> started = ConcurrentHashMap.newKeySet();
    /** Set by {@link #close}: the reader drops what comes after, so that the engine can exit. */
    private volatile boolean closing;
    private String name;
    private boolean ranksFromOne;

    /**
     * An engine's command line (words split at spaces) and its options, each
     * {@code NAME=VALUE}: UCI options to set, except {@code go=...}, the engine's own limit a
     * move (see {@link Match.Limit#parse}).
     */
    record Spec(String command, List<String> options) {
        /** The words of {@code go=...}, or null. */
        String go() {
            return options.stream().filter(option -> option.startsWith("go=")).map(option -> option.substring(3))
                    .findFirst().orElse(null);
        }
    }

    private EngineProcess(Process process, String mark) {
        this.process = process;
        this.mark = mark;
        this.input = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(this::readOutput, "engine output");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts the engine and takes it through {@code uci}, the options and {@code isready}.
     * Its name is its {@code id name}, with the options appended.
     */
    static EngineProcess start(Spec spec) throws Match.Forfeit {
        EngineProcess engine;
        synchronized (OPEN) {
            if (refereeEnding) {
                throw new Match.Forfeit("the referee is ending");
            }
            String mark = ProcessHandle.current().pid() + "." + ENGINES_STARTED.incrementAndGet();
            try {
                ProcessBuilder builder = new ProcessBuilder(spec.command().trim().split("\\s+"))
                        .redirectError(ProcessBuilder.Redirect.DISCARD);
                builder.environment().put(MARK_VARIABLE, mark);
                engine = new EngineProcess(builder.start(), mark);
            } catch (IOException | RuntimeException e) {
                throw new Match.Forfeit("cannot start '" + spec.command() + "': " + e.getMessage());
            }
            OPEN.add(engine);
        }
        try {
            engine.handshake(spec);
            return engine;
        } catch (Match.Forfeit e) {
            engine.close();
            throw e;
        }
    }

    /**
     * The reader thread: every line of output that is not blank, then a mark: the end of
     * the output, or a line too long. A line is dropped as soon as it passes
     * {@link #MAX_LINE_CHARS}, and the reader stops there and closes the pipe: the engine
     * forfeits, its next write fails, and the referee holds nothing of it.
     */
    private void readOutput() {
        boolean tooLong = false;
        try (Reader output = new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)) {
            char[] buffer = new char[8192];
            StringBuilder line = new StringBuilder();
            int count;
            while (!tooLong && (count = output.read(buffer)) >= 0) {
                for (int i = 0; i < count && !tooLong; i++) {
                    char c = buffer[i];
                    if (c == '\n' || c == '\r') {
                        hand(line.toString().trim());
                        line.setLength(0);
                    } else if (line.length() < MAX_LINE_CHARS) {
                        line.append(c);
                    } else {
                        tooLong = true;
                        line = new StringBuilder(); // the megabyte goes now, not when the engine is closed
                    }
                }
            }
            hand(line.toString().trim()); // a last line without a newline
        } catch (IOException e) {
            // a broken pipe ends the output as the end of the stream does
        }
        hand(tooLong ? LINE_TOO_LONG : END_OF_OUTPUT);
    }

    /**
     * Queues a line for the referee, waiting while {@link #QUEUED_LINES} are unread: the
     * referee reads whenever it waits for this engine, and {@link #close} empties the queue.
     */
    private void hand(String line) {
        if (line.isEmpty() || closing) {
            return;
        }
        try {
            lines.put(line);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // nothing interrupts the reader; if something did, it drops the line
        }
    }

    /** {@code uci} ... {@code uciok}, the options, {@code isready} ... {@code readyok}. */
    private void handshake(Spec spec) throws Match.Forfeit {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STARTUP_MILLIS);
        send("uci");
        String id = null;
        for (String line = next(deadline, "uciok"); !line.equals("uciok"); line = next(deadline, "uciok")) {
            if (line.startsWith("id name ")) {
                id = line.substring("id name ".length()).trim();
            } else if (line.startsWith("option name UCI_Variant ")) {
                ranksFromOne = true; // Fairy-Stockfish: many games, ranks from 1
            }
        }
        if (ranksFromOne) {
            send("setoption name UCI_Variant value xiangqi");
        }
        for (String option : spec.options()) {
            if (option.startsWith("go=")) {
                continue; // the referee's, not the engine's
            }
            int equals = option.indexOf('=');
            send("setoption name " + option.substring(0, equals) + " value " + option.substring(equals + 1));
        }
        send("isready");
        while (!next(deadline, "readyok").equals("readyok")) {
            // skip whatever comes first
        }
        name = (id == null ? spec.command() : id) + (spec.options().isEmpty() ? "" : " (" + String.join(", ", spec.options()) + ")");
        rememberStarted();
    }

    @Override
    public String name() {
        return name;
    }

    /**
     * Sends the game so far and {@code go}, and waits until {@code allowanceMillis} for
     * {@code bestmove}. Returns the move as this project writes it (ranks 0 to 9), or the
     * engine's word unchanged if it is not a move in the engine's dialect: the referee
     * rules on it.
     */
    @Override
    public String bestMove(String startFen, List<String> moves, String go, long allowanceMillis) throws Match.Forfeit {
        StringBuilder position = new StringBuilder("position fen ").append(startFen);
        if (!moves.isEmpty()) {
            position.append(" moves");
            for (String move : moves) {
                position.append(' ').append(ranksFromOne ? toRanksFromOne(move) : move);
            }
        }
        send(position.toString());
        send(go);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(allowanceMillis);
        String line;
        do {
            line = next(deadline, "bestmove within " + allowanceMillis + " ms");
        } while (!line.equals("bestmove") && !line.startsWith("bestmove "));
        rememberStarted();
        String[] words = line.split("\\s+");
        if (words.length < 2) {
            return "";
        }
        return ranksFromOne ? fromRanksFromOne(words[1]) : words[1];
    }

    /** This project's move in Fairy-Stockfish's dialect: every rank one higher. */
    static String toRanksFromOne(String move) {
        return "" + move.charAt(0) + (move.charAt(1) - '0' + 1) + move.charAt(2) + (move.charAt(3) - '0' + 1);
    }

    /** A Fairy-Stockfish move in this project's dialect, or the word unchanged if it is none. */
    static String fromRanksFromOne(String word) {
        Matcher move = FAIRY_MOVE.matcher(word);
        if (!move.matches()) {
            return word;
        }
        return move.group(1) + (Integer.parseInt(move.group(2)) - 1) + move.group(3) + (Integer.parseInt(move.group(4)) - 1);
    }

    private void send(String command) throws Match.Forfeit {
        try {
            input.write(command + "\n");
            input.flush();
        } catch (IOException e) {
            throw new Match.Forfeit("the engine died" + exitStatus() + " (cannot send '" + command.split(" ")[0] + "')");
        }
    }

    /** The next line of output before {@code deadline}; {@code awaited} names what we wait for. */
    private String next(long deadline, String awaited) throws Match.Forfeit {
        String line;
        try {
            line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Match.Forfeit("interrupted while waiting for " + awaited);
        }
        if (line == null) {
            throw new Match.Forfeit("no " + awaited);
        }
        if (line.equals(END_OF_OUTPUT)) {
            lines.offer(END_OF_OUTPUT); // stays at the end for any later read
            throw new Match.Forfeit("the engine died" + exitStatus() + " while we waited for " + awaited);
        }
        if (line.equals(LINE_TOO_LONG)) {
            lines.offer(LINE_TOO_LONG);
            throw new Match.Forfeit("line too long: over " + MAX_LINE_CHARS + " characters without a newline");
        }
        return line;
    }

    private String exitStatus() {
        try {
            if (process.waitFor(200, TimeUnit.MILLISECONDS)) {
                return " (exit status " + process.exitValue() + ")";
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "";
    }

    /**
     * Notes the processes this engine has started so far. A process that outlives its
     * parent is no longer among the engine's descendants; noted here, it is still ended
     * with the engine.
     */
    private void rememberStarted() {
        started.removeIf(handle -> !handle.isAlive());
        process.descendants().forEach(started::add);
    }

    /** The shutdown hook: ends every open engine, and lets no game start another. */
    private static void endAll() {
        synchronized (OPEN) {
            refereeEnding = true;
        }
        OPEN.forEach(EngineProcess::destroyTree);
    }

    /**
     * Ends the process, then every process it started: its descendants, those noted before,
     * and those that carry its mark. A handle never ends a process that merely reuses a pid.
     */
    private void destroyTree() {
        rememberStarted();
        process.destroyForcibly(); // first, so that it starts no more
        started.forEach(ProcessHandle::destroyForcibly);
        marked().forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * The live processes whose environment carries this engine's mark: on Linux, read from
     * {@code /proc/PID/environ} (only the user's own processes can be read); elsewhere none.
     */
    private List<ProcessHandle> marked() {
        String entry = MARK_VARIABLE + "=" + mark;
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            return processes.filter(path -> path.getFileName().toString().matches("[0-9]+"))
                    .filter(path -> environment(path).contains(entry))
                    .flatMap(path -> ProcessHandle.of(Long.parseLong(path.getFileName().toString())).stream())
                    .toList();
        } catch (IOException | RuntimeException e) {
            return List.of(); // no /proc: the process tree and the noted processes are all there is
        }
    }

    /** A process's environment as {@code NAME=VALUE} entries, or none if it cannot be read. */
    private static List<String> environment(Path process) {
        try {
            return Arrays.asList(new String(Files.readAllBytes(process.resolve("environ")), StandardCharsets.UTF_8).split("\u0000"));
        } catch (IOException | RuntimeException e) {
            return List.of(); // another user's, or gone
        }
    }

    /** Asks the engine to quit, then ends the process and every process it started. */
    @Override
    public void close() {
        closing = true;
        lines.clear(); // a reader waiting for room goes on, and drops the rest
        rememberStarted(); // before they lose their parent
        try {
            input.write("quit\n");
            input.flush();
            input.close();
        } catch (IOException e) {
            // already gone
        }
        try {
            process.waitFor(QUIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        destroyTree();
        try {
            process.waitFor(QUIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        OPEN.remove(this);
    }
}
