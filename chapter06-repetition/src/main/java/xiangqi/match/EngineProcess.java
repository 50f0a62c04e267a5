package xiangqi.match;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import xiangqi.*;

/**
 * One UCI engine, run as a process for one game: the referee's side of the protocol. It
 * speaks this project's dialect (Pikafish's: ranks 0 to 9 in moves) or Fairy-Stockfish's
 * (ranks 1 to 10, the variant chosen with {@code UCI_Variant}), and translates at this
 * boundary, so that the referee sees only this project's moves. Fairy-Stockfish is
 * recognised by the {@code UCI_Variant} option it lists after {@code uci}.
 *
 * <p>Every read has a deadline: a reader thread hands the engine's lines to a queue, and
 * the referee waits on the queue, never on the pipe. An engine that dies, stays silent or
 * cannot be written to raises {@link Match.Forfeit}; {@link #close} ends the process and
 * its children whatever state it is in.
 */
final class EngineProcess implements Match.Player {
    /** How long an engine may take to start and answer {@code uci} and {@code isready}. */
    static final long STARTUP_MILLIS = 30_000;
    /** How long {@code quit} may take before the process is killed. */
    private static final long QUIT_MILLIS = 1_000;

    private static final String END_OF_OUTPUT = "\u0000end of output";
    private static final Pattern FAIRY_MOVE = Pattern.compile("([a-i])(10|[1-9])([a-i])(10|[1-9])");

    private final Process process;
    private final Writer input;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
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

    private EngineProcess(Process process) {
        this.process = process;
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
        Process process;
        try {
            process = new ProcessBuilder(spec.command().trim().split("\\s+"))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException | RuntimeException e) {
            throw new Match.Forfeit("cannot start '" + spec.command() + "': " + e.getMessage());
        }
        EngineProcess engine = new EngineProcess(process);
        try {
            engine.handshake(spec);
            return engine;
        } catch (Match.Forfeit e) {
            engine.close();
            throw e;
        }
    }

    /** The reader thread: every line of output, then the end-of-output mark. */
    private void readOutput() {
        try (BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = output.readLine(); line != null; line = output.readLine()) {
                lines.add(line.trim());
            }
        } catch (IOException e) {
            // a broken pipe ends the output as the end of the stream does
        }
        lines.add(END_OF_OUTPUT);
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
            lines.add(END_OF_OUTPUT); // stays at the end for any later read
            throw new Match.Forfeit("the engine died" + exitStatus() + " while we waited for " + awaited);
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

    /** Asks the engine to quit, then ends the process and every process it started. */
    @Override
    public void close() {
        List<ProcessHandle> children = process.descendants().toList(); // before they lose their parent
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
        children.forEach(ProcessHandle::destroyForcibly);
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(QUIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
