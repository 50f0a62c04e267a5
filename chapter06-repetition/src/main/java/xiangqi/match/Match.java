package xiangqi.match;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import xiangqi.*;

/**
 * The {@code match} command: two UCI engines play each other, and this chapter's rules
 * referee. Each random opening is played twice with the colours swapped; the result is
 * counted in Elo with a 95% interval over the pairs (see {@link Elo}), and with
 * {@code --sprt} the match stops as soon as the evidence decides between two hypotheses.
 *
 * <p><b>The referee.</b> After every move, {@link #rule} asks for the ruling: a side with no
 * legal move loses (mate, and stalemate, 困毙, alike); a position on the board for the third
 * time is ruled by {@link Repetition#judge} (perpetual check or chase loses, any other
 * repetition draws); 120 plies without a capture draw. An engine loses the game, and the
 * match counts a problem, if it cannot be started, dies, answers an illegal or malformed
 * move, writes a line longer than a megabyte, or gives no {@code bestmove} within its
 * allowance. The match goes on; every engine process ends with its game, and with the
 * referee if it is ended first.
 */
public final class Match {
    /** A fixed-depth or fixed-node search has no clock: a generous bound on one move. */
    static final long FIXED_SEARCH_ALLOWANCE_MILLIS = 60_000;
    /** The SPRT's error rates, as engine testers set them: α = β = 0.05. */
    static final double SPRT_ALPHA = 0.05;
    static final double SPRT_BETA = 0.05;

    private Match() {
    }

    /** An engine seen from the referee: a name, and a move for the game so far. */
    interface Player extends AutoCloseable {
        String name();

        /** The move to play after {@code moves} from {@code startFen}, in this project's notation. */
        String bestMove(String startFen, List<String> moves, String go, long allowanceMillis) throws Forfeit;

        @Override
        void close();
    }

    /** Starts a player for one game. */
    @FunctionalInterface
    interface Starter {
        Player start() throws Forfeit;
    }

    /** A seat at the board: what to call it before it has started, how to start it, and its limit a move. */
    record Seat(String label, Starter starter, Limit limit) {
    }

    /** Why an engine loses a game without playing it out. */
    static final class Forfeit extends Exception {
        Forfeit(String message) {
            super(message);
        }
    }

    /**
     * A movetime engine loses on time only past twice its time and this margin: on a shared
     * machine a process may wait seconds for a core, and the forfeit is for an engine that
     * hangs, not one that was kept waiting. The log shows each engine's longest answer.
     */
    static final long MOVETIME_MARGIN_MILLIS = 5_000;

    /** How long a move may take: the {@code go} command and the time after which it is forfeit. */
    record Limit(String go, long allowanceMillis, String text) {
        static Limit moveTime(int millis) {
            long allowance = 2L * millis + MOVETIME_MARGIN_MILLIS;
            return new Limit("go movetime " + millis, allowance,
                    "movetime " + millis + " ms a move (forfeit after " + allowance + " ms)");
        }

        static Limit depth(int depth) {
            return new Limit("go depth " + depth, FIXED_SEARCH_ALLOWANCE_MILLIS, "depth " + depth
                    + " (forfeit after " + FIXED_SEARCH_ALLOWANCE_MILLIS / 1000 + " s a move)");
        }

        static Limit nodes(int nodes) {
            return new Limit("go nodes " + nodes, FIXED_SEARCH_ALLOWANCE_MILLIS, "nodes " + nodes
                    + " (forfeit after " + FIXED_SEARCH_ALLOWANCE_MILLIS / 1000 + " s a move)");
        }

        /**
         * An engine's own limit, {@code go=depth 4} among its options: for the chapters
         * without a clock (1 to 4), which ignore {@code movetime}.
         */
        static Limit parse(String words) {
            String[] parts = words.trim().split("\\s+");
            if (parts.length == 2 && List.of("movetime", "depth", "nodes").contains(parts[0]) && isWholeNumber(parts[1])) {
                try {
                    int value = Integer.parseInt(parts[1]);
                    if (value >= 1) {
                        return parts[0].equals("depth") ? depth(value) : parts[0].equals("nodes") ? nodes(value) : moveTime(value);
                    }
                } catch (NumberFormatException e) {
                    // reported below
                }
            }
            throw new IllegalArgumentException("go=" + words + ": expected go=movetime MS, go=depth D or go=nodes N");
        }
    }

    /** How a game ended: red's score (1, ½ or 0), why, and whether an engine misbehaved. */
    record Ending(double redScore, String reason, boolean problem) {
        String result() {
            return redScore == 1 ? "1-0" : redScore == 0 ? "0-1" : "1/2-1/2";
        }
    }

    /**
     * A finished game: the record for the PGN, how it ended, and per colour the time its
     * engine took to answer (nanoseconds, from {@code go} to {@code bestmove}), its longest
     * answer, and how many it gave.
     */
    record Played(Pgn.Game game, Ending ending, long[] thinking, long[] longest, int[] answers) {
    }

    private static Ending loses(int color, String reason, boolean problem) {
        return new Ending(color == Piece.RED ? 0 : 1, reason, problem);
    }

    // ------------------------------------------------------------------ the referee

    /**
     * The ruling after the last move, or null while the game goes on. This chapter's rules,
     * in order: no legal move loses; then {@link Repetition#judge}, whose verdict ends the
     * game where an arbiter would: a repetition at its third occurrence (an engine rules at
     * the second, so that it never walks into one; a player who repeated once may still
     * vary), and the move limit.
     */
    static Ending rule(Position position) {
        int side = position.sideToMove();
        if (MoveGenerator.generateLegal(position, new int[MoveGenerator.MAX_MOVES]) == 0) {
            return loses(side, Position.colorName(side) + (position.inCheck() ? " is mated" : " is stalemated (困毙)"), false);
        }
        Repetition.Verdict verdict = Repetition.judge(position);
        if (!verdict.endsTheGame()) {
            return null;
        }
        int loser = verdict.outcome().loser();
        return switch (verdict.outcome()) {
            case MOVE_LIMIT -> new Ending(0.5, "draw by the move limit (" + Repetition.MOVE_LIMIT_PLIES
                    + " plies without a capture)", false);
            case DRAW -> new Ending(0.5, "draw by repetition", false);
            default -> loses(loser, Position.colorName(loser) + " loses by "
                    + (verdict.level()[loser] == Repetition.Level.CHECK ? "perpetual check (长将)" : "perpetual chase (长捉)"), false);
        };
    }

    // ------------------------------------------------------------------ one game

    /**
     * Plays one game: the opening's moves from {@code startFen}, then the engines in turn
     * until the referee rules. Both players are closed however the game ends.
     */
    static Played play(int round, String startFen, List<Integer> opening, Seat red, Seat black) {
        Position position = Position.fromFen(startFen);
        List<Integer> moves = new ArrayList<>();
        List<String> uciMoves = new ArrayList<>();
        for (int move : opening) {
            position.makeMove(move);
            moves.add(move);
            uciMoves.add(Move.toUci(move));
        }
        Seat[] seats = {red, black};
        Player[] players = new Player[2];
        String[] names = {red.label(), black.label()};
        Ending ending = null;
        long[] thinking = new long[2]; // nanoseconds, per colour
        long[] longest = new long[2];
        int[] answers = new int[2];
        try {
            for (int color = Piece.RED; color <= Piece.BLACK && ending == null; color++) {
                try {
                    players[color] = seats[color].starter().start();
                    names[color] = players[color].name();
                } catch (Forfeit e) {
                    ending = loses(color, Position.colorName(color) + " forfeits: " + e.getMessage(), true);
                }
            }
            while (ending == null) {
                ending = rule(position);
                if (ending != null) {
                    break;
                }
                int side = position.sideToMove();
                try {
                    Limit limit = seats[side].limit();
                    long start = System.nanoTime();
                    String answer = players[side].bestMove(startFen, uciMoves, limit.go(), limit.allowanceMillis());
                    long took = System.nanoTime() - start;
                    thinking[side] += took;
                    longest[side] = Math.max(longest[side], took);
                    answers[side]++;
                    if (answer.isEmpty()) {
                        throw new Forfeit("bestmove without a move");
                    }
                    int move = MoveGenerator.parseLegal(position, answer);
                    position.makeMove(move);
                    moves.add(move);
                    uciMoves.add(answer);
                } catch (Forfeit | IllegalArgumentException e) {
                    ending = loses(side, Position.colorName(side) + " forfeits: " + e.getMessage(), true);
                }
            }
        } finally {
            for (Player player : players) {
                if (player != null) {
                    player.close();
                }
            }
        }
        return new Played(new Pgn.Game(round, names[0], names[1], startFen, moves, ending.result(), ending.reason()), ending,
                thinking, longest, answers);
    }

    /**
     * {@code count} openings of {@code plies} random quiet moves (no capture) from the
     * start position, drawn from {@code seed}; an opening after which the referee would
     * rule is drawn again.
     */
    static List<List<Integer>> openings(int count, int plies, long seed) {
        Random random = new Random(seed);
        List<List<Integer>> openings = new ArrayList<>();
        int[] legal = new int[MoveGenerator.MAX_MOVES];
        while (openings.size() < count) {
            Position position = Position.startPosition();
            List<Integer> opening = new ArrayList<>();
            while (opening.size() < plies) {
                int legalCount = MoveGenerator.generateLegal(position, legal);
                List<Integer> quiet = new ArrayList<>();
                for (int i = 0; i < legalCount; i++) {
                    if (position.pieceAt(Move.to(legal[i])) == Piece.EMPTY) {
                        quiet.add(legal[i]);
                    }
                }
                if (quiet.isEmpty()) {
                    break;
                }
                int move = quiet.get(random.nextInt(quiet.size()));
                position.makeMove(move);
                opening.add(move);
            }
            if (opening.size() == plies && rule(position) == null) {
                openings.add(opening);
            }
        }
        return openings;
    }

    // ------------------------------------------------------------------ the command

    /** What the command line asked for. */
    record Settings(List<EngineProcess.Spec> engines, int games, Limit limit, int openingPlies, long seed,
                    int concurrency, String pgn, PgnFile pgnFile, double[] sprt) {
    }

    /**
     * What {@code --pgn FILE} does to a file that exists: an earlier match's games are not
     * lost by accident, so the command says which it wants ({@code --append}, {@code --overwrite});
     * without either, an existing file is refused.
     */
    enum PgnFile { NEW, APPEND, OVERWRITE }

    /** {@code match ...}: plays the match and prints a line per game and the result. */
    public static void run(String[] args, PrintStream out) {
        Settings settings = parse(args);
        Writer pgn = null;
        if (settings.pgn() != null) {
            try {
                Path file = Path.of(settings.pgn());
                if (settings.pgnFile() == PgnFile.NEW && Files.exists(file)) {
                    throw new IllegalArgumentException("--pgn " + settings.pgn() + " exists: add --append to add"
                            + " these games to it, or --overwrite to replace it");
                }
                pgn = settings.pgnFile() == PgnFile.APPEND
                        ? Files.newBufferedWriter(file, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
                                java.nio.file.StandardOpenOption.APPEND)
                        : Files.newBufferedWriter(file, StandardCharsets.UTF_8);
            } catch (IOException | InvalidPathException e) {
                throw new IllegalArgumentException("cannot write --pgn " + settings.pgn() + ": " + e.getMessage());
            }
        }
        try {
            play(settings, out, pgn);
        } finally {
            if (pgn != null) {
                try {
                    pgn.close();
                } catch (IOException e) {
                    out.println("warning: could not finish --pgn " + settings.pgn() + ": " + e.getMessage());
                }
            }
        }
    }

    /**
     * Plays the pairs, {@code concurrency} at a time, and prints the summary. With
     * {@code --sprt}, no new pair starts once the SPRT has decided.
     */
    private static void play(Settings settings, PrintStream out, Writer pgn) {
        for (int i = 0; i < 2; i++) {
            EngineProcess.Spec spec = settings.engines().get(i);
            out.println("engine " + (i + 1) + ": " + spec.command()
                    + (spec.options().isEmpty() ? "" : " with " + String.join(", ", spec.options())));
        }
        int pairs = settings.games() / 2;
        List<List<Integer>> openings = openings(pairs, settings.openingPlies(), settings.seed());
        out.println("games " + settings.games() + ": " + pairs + (settings.openingPlies() == 0 ? " times the start position"
                : " openings of " + settings.openingPlies() + " random quiet plies (seed " + settings.seed() + ")")
                + ", each played twice, colours swapped; " + settings.limit().text() + "; "
                + settings.concurrency() + " at a time");
        Scores scores = new Scores(out, pgn, settings.sprt());
        ExecutorService pool = Executors.newFixedThreadPool(settings.concurrency());
        for (int p = 0; p < pairs; p++) {
            int pair = p;
            pool.execute(() -> {
                if (!scores.decided()) {
                    playPair(pair, openings.get(pair), settings, scores);
                }
            });
        }
        pool.shutdown();
        try {
            while (!pool.awaitTermination(1, TimeUnit.HOURS)) {
                // a long match: keep waiting
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
        }
        scores.printSummary();
    }

    /** One opening, twice: engine 1 has red in the first game, engine 2 in the second. */
    private static void playPair(int pair, List<Integer> opening, Settings settings, Scores scores) {
        double[] first = new double[2]; // engine 1's score in each game
        for (int game = 0; game < 2; game++) {
            int round = 2 * pair + game + 1;
            int redEngine = game;
            Seat[] seats = new Seat[2];
            for (int i = 0; i < 2; i++) {
                EngineProcess.Spec spec = settings.engines().get(i);
                seats[i] = new Seat(spec.command(), () -> EngineProcess.start(spec),
                        spec.go() == null ? settings.limit() : Limit.parse(spec.go()));
            }
            Played played = play(round, Position.START_FEN, opening, seats[redEngine], seats[1 - redEngine]);
            first[game] = redEngine == 0 ? played.ending().redScore() : 1 - played.ending().redScore();
            scores.game(round, redEngine, played);
        }
        scores.pair(first[0], first[1]);
    }

    /**
     * What the games so far add up to, shared by the threads that play them: every method
     * holds the lock, so lines, PGN records and counts never interleave.
     */
    private static final class Scores {
        private final PrintStream out;
        private final Writer pgn;
        private final double[] sprt;
        private final String date = LocalDate.now().format(DateTimeFormatter.ofPattern("yyyy.MM.dd"));
        private final long[] thinking = new long[2]; // per engine, nanoseconds
        private final long[] longest = new long[2];
        private final long[] answers = new long[2];
        private Elo elo = Elo.none();
        private int problems;
        private boolean decided;

        Scores(PrintStream out, Writer pgn, double[] sprt) {
            this.out = out;
            this.pgn = pgn;
            this.sprt = sprt;
        }

        synchronized boolean decided() {
            return decided;
        }

        /** A finished game: its line, its PGN record, the engines' times. */
        synchronized void game(int round, int redEngine, Played played) {
            Ending ending = played.ending();
            if (ending.problem()) {
                problems++;
            }
            for (int color = Piece.RED; color <= Piece.BLACK; color++) {
                int engine = color == Piece.RED ? redEngine : 1 - redEngine;
                thinking[engine] += played.thinking()[color];
                longest[engine] = Math.max(longest[engine], played.longest()[color]);
                answers[engine] += played.answers()[color];
            }
            out.println("game " + round + ": engine " + (redEngine + 1) + " red, engine " + (2 - redEngine) + " black: "
                    + ending.result() + " " + ending.reason() + ", " + plies(played.game().moves().size())
                    + (ending.problem() ? " (problem)" : ""));
            if (pgn != null) {
                try {
                    pgn.write(Pgn.write(played.game(), "xiangqi match", date));
                    pgn.flush();
                } catch (IOException e) {
                    out.println("warning: could not write game " + round + " to the PGN file: " + e.getMessage());
                }
            }
        }

        /** A finished pair: the counts, and the SPRT's test. */
        synchronized void pair(double first, double second) {
            elo = elo.plus(first, second);
            if (sprt != null) {
                double llr = elo.llr(sprt[0], sprt[1]);
                decided = llr >= Elo.upperBound(SPRT_ALPHA, SPRT_BETA) || llr <= Elo.lowerBound(SPRT_ALPHA, SPRT_BETA);
            }
        }

        /** The engines' times, the problems, the pairs, the SPRT's decision, and last the result line. */
        synchronized void printSummary() {
            for (int i = 0; i < 2; i++) {
                out.printf(Locale.ROOT, "engine %d: %d answers, %.0f ms on average, %.0f ms the longest (go to bestmove)%n",
                        i + 1, answers[i], answers[i] == 0 ? 0.0 : thinking[i] / 1e6 / answers[i], longest[i] / 1e6);
            }
            out.println("problems " + problems);
            int[] pairs = elo.pairs();
            out.printf(Locale.ROOT, "pairs scoring 0, 1/2, 1, 3/2, 2 points: %d %d %d %d %d (95%% interval: pentanomial model)%n",
                    pairs[0], pairs[1], pairs[2], pairs[3], pairs[4]);
            if (sprt != null) {
                out.println(sprtLine(elo, sprt[0], sprt[1]));
            }
            out.println(elo.resultLine());
        }
    }

    private static String plies(int count) {
        return count + (count == 1 ? " ply" : " plies");
    }

    /** The SPRT's decision: the log-likelihood ratio against its bounds, and the hypothesis accepted. */
    static String sprtLine(Elo elo, double elo0, double elo1) {
        double llr = elo.llr(elo0, elo1);
        double lower = Elo.lowerBound(SPRT_ALPHA, SPRT_BETA);
        double upper = Elo.upperBound(SPRT_ALPHA, SPRT_BETA);
        String decision = llr >= upper ? "H1 accepted: engine 1 is stronger by " + format(elo1) + " Elo or more"
                : llr <= lower ? "H0 accepted: engine 1 is not stronger by more than " + format(elo0) + " Elo"
                : "no decision yet";
        return String.format(Locale.ROOT, "sprt elo0 %s elo1 %s alpha %.2f beta %.2f: llr %.2f, bounds %.2f %.2f, %s",
                format(elo0), format(elo1), SPRT_ALPHA, SPRT_BETA, llr, lower, upper, decision);
    }

    private static String format(double number) {
        return number == Math.rint(number) ? Long.toString((long) number) : Double.toString(number);
    }

    // ------------------------------------------------------------------ the command line

    private static final List<String> OPTIONS = List.of("--engine", "--games", "--movetime", "--depth", "--nodes",
            "--openings", "--seed", "--concurrency", "--pgn", "--append", "--overwrite", "--sprt");

    /**
     * The settings from the words after {@code match}. {@code --engine} comes twice, each
     * followed by the command (one word: quote it) and any UCI options as {@code NAME=VALUE}
     * words; every other option at most once.
     *
     * @throws IllegalArgumentException naming the first thing wrong
     */
    static Settings parse(String[] args) {
        List<List<String>> engines = new ArrayList<>();
        Map<String, List<String>> values = new HashMap<>();
        List<String> current = null;
        for (int i = 1; i < args.length; i++) {
            String word = args[i];
            if (word.startsWith("--")) {
                if (!OPTIONS.contains(word)) {
                    throw new IllegalArgumentException("unknown option " + word + ", expected one of " + String.join(" ", OPTIONS));
                }
                current = new ArrayList<>();
                if (word.equals("--engine")) {
                    engines.add(current);
                } else if (values.put(word, current) != null) {
                    throw new IllegalArgumentException("option " + word + " given twice");
                }
            } else if (current == null) {
                throw new IllegalArgumentException("unexpected word '" + word + "': options start with --");
            } else {
                current.add(word);
            }
        }
        if (engines.size() != 2) {
            throw new IllegalArgumentException("match needs --engine twice, e.g. --engine \"java -jar chapter06-repetition.jar uci\""
                    + " --engine /usr/games/fairy-stockfish; got " + engines.size());
        }
        List<EngineProcess.Spec> specs = new ArrayList<>();
        for (List<String> words : engines) {
            if (words.isEmpty() || words.get(0).isBlank()) {
                throw new IllegalArgumentException("--engine needs a command, e.g. --engine \"java -jar chapter06-repetition.jar uci\"");
            }
            for (String option : words.subList(1, words.size())) {
                if (option.indexOf('=') < 1) {
                    throw new IllegalArgumentException("--engine '" + words.get(0) + "': '" + option + "' is not an option NAME=VALUE"
                            + " (quote the command if it has several words)");
                }
            }
            EngineProcess.Spec spec = new EngineProcess.Spec(words.get(0), List.copyOf(words.subList(1, words.size())));
            if (spec.go() != null) {
                Limit.parse(spec.go()); // fails now rather than in the first game
            }
            specs.add(spec);
        }
        int games = number(values, "--games", 2, 2, 1_000_000);
        if (games % 2 != 0) {
            throw new IllegalArgumentException("--games " + games + " is odd: each opening is played twice, colours swapped");
        }
        List<String> limits = values.keySet().stream().filter(List.of("--movetime", "--depth", "--nodes")::contains).sorted().toList();
        if (limits.size() > 1) {
            throw new IllegalArgumentException("give one of --movetime, --depth, --nodes, not " + String.join(" and ", limits));
        }
        Limit limit = values.containsKey("--depth") ? Limit.depth(number(values, "--depth", 0, 1, 64))
                : values.containsKey("--nodes") ? Limit.nodes(number(values, "--nodes", 0, 1, Integer.MAX_VALUE))
                : Limit.moveTime(number(values, "--movetime", 200, 1, 3_600_000));
        int plies = number(values, "--openings", 4, 0, 40);
        long seed = number(values, "--seed", 1, Integer.MIN_VALUE, Integer.MAX_VALUE);
        int concurrency = number(values, "--concurrency", 1, 1, 64);
        String pgn = null;
        if (values.containsKey("--pgn")) {
            List<String> words = values.get("--pgn");
            if (words.size() != 1) {
                throw new IllegalArgumentException("--pgn takes one file name, e.g. --pgn games.pgn");
            }
            pgn = words.get(0);
        }
        PgnFile pgnFile = PgnFile.NEW;
        for (String flag : List.of("--append", "--overwrite")) {
            if (values.containsKey(flag)) {
                if (!values.get(flag).isEmpty()) {
                    throw new IllegalArgumentException(flag + " takes no value, got '" + values.get(flag).get(0) + "'");
                }
                if (pgn == null) {
                    throw new IllegalArgumentException(flag + " goes with --pgn FILE");
                }
                if (pgnFile != PgnFile.NEW) {
                    throw new IllegalArgumentException("give one of --append, --overwrite, not both");
                }
                pgnFile = flag.equals("--append") ? PgnFile.APPEND : PgnFile.OVERWRITE;
            }
        }
        double[] sprt = null;
        if (values.containsKey("--sprt")) {
            List<String> words = values.get("--sprt");
            if (words.size() != 2) {
                throw new IllegalArgumentException("--sprt takes two Elo differences, ELO0 ELO1, e.g. --sprt 0 10");
            }
            sprt = new double[2];
            for (int i = 0; i < 2; i++) {
                if (!words.get(i).matches("-?[0-9]{1,4}(\\.[0-9]{1,6})?")) { // not Java's +5, 5d, 1e1 or ５
                    throw new IllegalArgumentException("--sprt '" + words.get(i) + "' is not a number");
                }
                sprt[i] = Double.parseDouble(words.get(i));
                if (!Double.isFinite(sprt[i]) || Math.abs(sprt[i]) > 1000) {
                    throw new IllegalArgumentException("--sprt " + words.get(i) + " is out of range -1000..1000");
                }
            }
            if (sprt[0] >= sprt[1]) {
                throw new IllegalArgumentException("--sprt " + words.get(0) + " " + words.get(1) + ": ELO0 must be below ELO1");
            }
        }
        return new Settings(List.copyOf(specs), games, limit, plies, seed, concurrency, pgn, pgnFile, sprt);
    }

    /** The whole number after {@code name}, within min..max, or {@code absent} if the option is not given. */
    private static int number(Map<String, List<String>> values, String name, int absent, int min, int max) {
        List<String> words = values.get(name);
        if (words == null) {
            return absent;
        }
        if (words.size() != 1) {
            throw new IllegalArgumentException(name + " takes one number, got '" + String.join(" ", words) + "'");
        }
        int value;
        try {
            if (!isWholeNumber(words.get(0))) {
                throw new NumberFormatException();
            }
            value = Integer.parseInt(words.get(0));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " '" + words.get(0) + "' is not a whole number");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " " + value + " is out of range " + min + ".." + max);
        }
        return value;
    }

    /**
     * Whether {@code word} is written as the rest of the command line writes a whole number
     * (Main's options): ASCII digits, an optional minus. Java's own parser would also take
     * {@code +4} and other scripts' digits, such as {@code ４} or {@code ٤}.
     */
    private static boolean isWholeNumber(String word) {
        return word.matches("-?[0-9]{1,10}");
    }
}
