package xiangqi.match;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import xiangqi.*;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MatchTest {

    private static final Match.Limit QUICK = new Match.Limit("go depth 1", 2_000, "depth 1");

    /** A player that answers from a list, in order, whatever the position. */
    private static Match.Seat scripted(String name, String... answers) {
        Deque<String> queue = new ArrayDeque<>(Arrays.asList(answers));
        Match.Player player = new Match.Player() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String bestMove(String startFen, List<String> moves, String go, long allowanceMillis) throws Match.Forfeit {
                if (queue.isEmpty()) {
                    throw new Match.Forfeit("the script ran out");
                }
                return queue.poll();
            }

            @Override
            public void close() {
            }
        };
        return new Match.Seat(name, () -> player, QUICK);
    }

    /** Plays a game between two scripts, red's answers then black's, from {@code fen}. */
    private static Match.Played playScripts(String fen, String red, String black) {
        return Match.play(1, fen, List.of(), scripted("red", red.split(" ")), scripted("black", black.split(" ")));
    }

    @Nested
    @DisplayName("the referee: this chapter's rules end the game")
    class Referee {
        @Test
        @DisplayName("a side with no legal move in check is mated, and loses")
        void mate() {
            Match.Played played = playScripts("3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1", "b7b9", "");
            assertThat(played.ending()).isEqualTo(new Match.Ending(1, "black is mated", false));
            assertThat(played.game().moves()).hasSize(1);
        }

        @Test
        @DisplayName("a side with no legal move out of check is stalemated (困毙), and loses too")
        void stalemate() {
            assertThat(Match.rule(Position.fromFen(Fixtures.STALEMATED)))
                    .isEqualTo(new Match.Ending(1, "black is stalemated (困毙)", false));
        }

        @Test
        @DisplayName("perpetual check (长将) loses at the third occurrence, not at the second")
        void perpetualCheck() {
            Position position = Fixtures.after(RepetitionTest.CHARIOT_CHECKS, "a8a9", "d9d8", "a9a8", "d8d9");
            assertThat(Repetition.judge(position).outcome()).isEqualTo(Repetition.Outcome.RED_LOSES); // an engine's ruling
            assertThat(Match.rule(position)).as("the second occurrence: red may still vary").isNull();
            Match.Played played = playScripts(RepetitionTest.CHARIOT_CHECKS, "a8a9 a9a8 a8a9 a9a8", "d9d8 d8d9 d9d8 d8d9");
            assertThat(played.ending()).isEqualTo(new Match.Ending(0, "red loses by perpetual check (长将)", false));
            assertThat(played.game().moves()).hasSize(8);
        }

        @Test
        @DisplayName("perpetual chase (长捉) loses: the chariot follows the cannon")
        void perpetualChase() {
            Match.Played played = playScripts("4k4/9/1c7/9/9/2R6/9/9/9/3K5 w - - 0 1", "c4b4 b4c4 c4b4 b4c4", "b7c7 c7b7 b7c7 c7b7");
            assertThat(played.ending()).isEqualTo(new Match.Ending(0, "red loses by perpetual chase (长捉)", false));
        }

        @Test
        @DisplayName("a repetition where neither side checks or chases for ever is a draw")
        void repetitionDraws() {
            Match.Played played = playScripts("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0f0 f0e0 e0f0 f0e0", "d9d8 d8d9 d9d8 d8d9");
            assertThat(played.ending()).isEqualTo(new Match.Ending(0.5, "draw by repetition", false));
            assertThat(played.ending().result()).isEqualTo("1/2-1/2");
        }

        @Test
        @DisplayName("120 plies without a capture draw; a capture starts the count again")
        void moveLimit() {
            String fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 118 80";
            Match.Played played = playScripts(fen, "a0a1", "d9d8");
            assertThat(played.ending()).isEqualTo(new Match.Ending(0.5, "draw by the move limit (120 plies without a capture)", false));
            assertThat(played.game().moves()).hasSize(2);
            assertThat(Match.rule(Fixtures.after("3k5/9/9/9/9/9/9/9/r8/R3K4 w - - 119 80", "a0a1"))).isNull();
        }
    }

    @Nested
    @DisplayName("forfeits: an engine that misbehaves loses the game, and nothing hangs")
    class Forfeits {
        @TempDir
        Path directory;

        /**
         * A fake UCI engine, a shell script: it answers the handshake, records its process id,
         * and does {@code onGo} when asked to move.
         */
        private String fake(String name, String onGo) throws IOException {
            Path script = directory.resolve(name + ".sh");
            Files.writeString(script, "#!/bin/sh\n"
                    + "echo $$ >> " + directory.resolve("pids") + "\n"
                    + "while read -r line; do\n"
                    + "  case \"$line\" in\n"
                    + "    uci) echo \"id name " + name + "\"; echo uciok ;;\n"
                    + "    isready) echo readyok ;;\n"
                    + "    go*) " + onGo + " ;;\n"
                    + "    quit) exit 0 ;;\n"
                    + "  esac\n"
                    + "done\n", StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
            return script.toString();
        }

        /** A match of two games from the start position: a fake against an engine that opens h2e2. */
        private Fixtures.Run matchAgainst(String fake) throws IOException {
            return Fixtures.run("match", "--engine", fake("opener", "echo 'bestmove h2e2'"), "--engine", fake,
                    "--games", "2", "--openings", "0", "--movetime", "50");
        }

        private void assertAllEnginesGone() throws IOException {
            for (String pid : Files.readAllLines(directory.resolve("pids"))) {
                assertThat(ProcessHandle.of(Long.parseLong(pid.trim())).map(ProcessHandle::isAlive).orElse(false))
                        .as("engine process " + pid).isFalse();
            }
        }

        /**
         * Whether the process {@code pid} has ended within a few seconds. A process that lost
         * its parent is reaped by init, not by this JVM: until then it still looks alive.
         */
        private static boolean endsSoon(String pid) {
            return ProcessHandle.of(Long.parseLong(pid.trim())).map(handle -> {
                try {
                    handle.onExit().get(5, TimeUnit.SECONDS);
                    return true;
                } catch (Exception e) {
                    handle.destroyForcibly(); // a survivor: the test fails, and leaves nothing running
                    return false;
                }
            }).orElse(true);
        }

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', value = {
            "an illegal move | echo 'bestmove e0e2' | illegal move 'e0e2'",
            "a malformed move | echo 'bestmove xyz' | malformed move 'xyz'",
            "bestmove without a move | echo 'bestmove' | bestmove without a move",
            "death | exit 3 | the engine died (exit status 3)"})
        @DisplayName("an engine that answers wrongly or dies loses every game, and the match ends")
        void losesEveryGame(String what, String onGo, String reason) throws IOException {
            Fixtures.Run run = matchAgainst(fake("fake", onGo));
            assertThat(run.status()).isZero();
            assertThat(run.lines()).anyMatch(line -> line.startsWith("game 1: engine 1 red, engine 2 black: 1-0 black forfeits: "
                    + reason) && line.endsWith("1 ply (problem)"));
            assertThat(run.lines()).anyMatch(line -> line.startsWith("game 2: engine 2 red, engine 1 black: 0-1 red forfeits: "
                    + reason) && line.endsWith("0 plies (problem)"));
            assertThat(run.lines()).contains("problems 2");
            assertThat(run.lines().get(run.lines().size() - 1)).isEqualTo("result wins 2 draws 0 losses 0 score 100.0% elo +inf ± inf");
            assertAllEnginesGone();
        }

        @Test
        @DisplayName("--pgn refuses a file that exists, keeping it as it was, unless --append adds to it or"
                + " --overwrite replaces it")
        void pgnKeepsAnEarlierMatch() throws IOException {
            Path file = directory.resolve("games.pgn");
            String earlier = "[Event \"an earlier match\"]\n\n1. Che3 0-1\n\n";
            Files.writeString(file, earlier, StandardCharsets.UTF_8);
            String opener = fake("opener", "echo 'bestmove h2e2'");
            String dies = fake("dies", "exit 3");
            List<String> match = List.of("match", "--engine", opener, "--engine", dies, "--games", "2", "--openings", "0",
                    "--movetime", "50", "--pgn", file.toString());

            Fixtures.Run refused = Fixtures.run(match.toArray(String[]::new));
            assertThat(refused.status()).isEqualTo(2);
            assertThat(refused.err()).isEqualTo("error: --pgn " + file + " exists: add --append to add these games to it,"
                    + " or --overwrite to replace it\n");
            assertThat(Files.readString(file)).isEqualTo(earlier);
            assertThat(Files.exists(directory.resolve("pids"))).as("no engine was started").isFalse();

            List<String> append = new ArrayList<>(match);
            append.add("--append");
            assertThat(Fixtures.run(append.toArray(String[]::new)).status()).isZero();
            String appended = Files.readString(file);
            assertThat(appended).startsWith(earlier);
            assertThat(appended.split("\\[Event ", -1)).as("the earlier game and two more").hasSize(4);

            List<String> overwrite = new ArrayList<>(match);
            overwrite.add("--overwrite");
            assertThat(Fixtures.run(overwrite.toArray(String[]::new)).status()).isZero();
            assertThat(Files.readString(file)).doesNotContain("an earlier match");
            assertThat(Files.readString(file).split("\\[Event ", -1)).as("two games").hasSize(3);

            append.add("--overwrite");
            assertThat(Fixtures.run(append.toArray(String[]::new)).err()).isEqualTo("error: give one of --append,"
                    + " --overwrite, not both\n");
            assertThat(Fixtures.run("match", "--engine", opener, "--engine", dies, "--append").err())
                    .isEqualTo("error: --append goes with --pgn FILE\n");
        }

        @Test
        @DisplayName("an endless line with no newline forfeits as soon as it passes a megabyte, not on time")
        void endlessLine() throws IOException {
            Fixtures.Run run = matchAgainst(fake("flood", "yes flood | tr -d '\\n'"));
            String reason = "line too long: over " + EngineProcess.MAX_LINE_CHARS + " characters without a newline";
            assertThat(run.lines()).anyMatch(line -> line.startsWith("game 1: engine 1 red, engine 2 black: 1-0 black forfeits: " + reason));
            assertThat(run.lines()).anyMatch(line -> line.startsWith("game 2: engine 2 red, engine 1 black: 0-1 red forfeits: " + reason));
            assertAllEnginesGone();
            assertThat(ProcessHandle.current().descendants().map(p -> p.info().command().orElse(""))
                    .filter(command -> command.endsWith("/yes") || command.endsWith("/tr"))).as("the flood's pipeline").isEmpty();
        }

        @Test
        @DisplayName("an engine's helpers end with it: one left behind when it died, and one it detached at once")
        void helpersEndWithTheEngine() throws IOException {
            Path helpers = directory.resolve("helpers");
            // black moves first: it answers once, starting both helpers, and dies at its second go
            String spawner = fake("spawner", "n=$((n+1)); if [ $n -ge 2 ]; then exit 3; fi;"
                    + " sleep 1000 >/dev/null 2>&1 & echo $! >> " + helpers + ";"
                    + " (sleep 1000 >/dev/null 2>&1 & echo $! >> " + helpers + ");"
                    + " echo 'bestmove h9g7'");
            EngineProcess.Spec black = new EngineProcess.Spec(spawner, List.of());
            EngineProcess.Spec red = new EngineProcess.Spec(fake("opener", "echo 'bestmove h2e2'"), List.of());
            Match.Played played = Match.play(1, Position.START_FEN.replace(" w ", " b "), List.of(),
                    new Match.Seat("opener", () -> EngineProcess.start(red), QUICK),
                    new Match.Seat("spawner", () -> EngineProcess.start(black), QUICK));
            assertThat(played.ending().reason()).startsWith("black forfeits: the engine died (exit status 3)");
            List<String> pids = Files.readAllLines(helpers);
            assertThat(pids).hasSize(2);
            boolean leftBehind = endsSoon(pids.get(0));
            boolean detached = endsSoon(pids.get(1)); // each call ends a survivor, whatever the assertions say
            assertThat(leftBehind).as("the helper it left when it died, noted at its answer").isTrue();
            Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc")), "a detached process is found by its mark only where /proc is");
            assertThat(detached).as("the helper it detached at once, found by its mark").isTrue();
        }

        @Test
        @DisplayName("the referee ended by SIGTERM ends its engines, one that ignores the end of its input, and their detached children")
        void refereeEnded() throws IOException, InterruptedException {
            Path pids = directory.resolve("pids");
            Path stubborn = directory.resolve("stubborn.sh");
            Files.writeString(stubborn, "#!/bin/sh\n"
                    + "trap '' INT TERM HUP\n"
                    + "echo $$ >> " + pids + "\n"
                    + "(sleep 1000 >/dev/null 2>&1 & echo $! >> " + pids + ")\n"
                    + "while true; do\n"
                    + "  if ! read -r line; then sleep 1; continue; fi\n" // the end of its input changes nothing
                    + "  case \"$line\" in\n"
                    + "    uci) echo 'id name stubborn'; echo uciok ;;\n"
                    + "    isready) echo readyok ;;\n"
                    + "  esac\n" // and it never answers go
                    + "done\n", StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(stubborn, PosixFilePermissions.fromString("rwxr-xr-x"));
            Process referee = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", Path.of("target", "classes").toAbsolutePath().toString(), "xiangqi.app.Main", "match",
                    "--engine", stubborn.toString(), "--engine", stubborn.toString(), "--movetime", "60000")
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            List<String> started = List.of();
            try {
                for (int wait = 0; wait < 300 && started.size() < 4; wait++) { // two engines, a detached child each
                    Thread.sleep(100);
                    started = Files.exists(pids) ? Files.readAllLines(pids) : List.of();
                }
                assertThat(started).as("engines and their children, started").hasSize(4);
                referee.destroy(); // SIGTERM, as kill does
                assertThat(referee.waitFor(10, TimeUnit.SECONDS)).isTrue();
                assertThat(started.stream().filter(pid -> !endsSoon(pid))).as("engines and children alive after the referee").isEmpty();
            } finally {
                referee.destroyForcibly();
                started.forEach(MatchTest.Forfeits::endsSoon);
            }
        }

        @Test
        @DisplayName("--sprt: a one-sided match stops as soon as the ratio crosses its bound, H1 accepted")
        void sprtStops() throws IOException {
            Fixtures.Run run = Fixtures.run("match", "--engine", fake("opener", "echo 'bestmove h2e2'"),
                    "--engine", fake("illegal", "echo 'bestmove e0e2'"), "--games", "20", "--openings", "0", "--sprt", "0", "10");
            assertThat(run.lines().stream().filter(line -> line.startsWith("game "))).hasSizeLessThan(20);
            assertThat(run.lines().get(run.lines().size() - 2)).startsWith("sprt elo0 0 elo1 10 alpha 0.05 beta 0.05: llr ")
                    .endsWith("H1 accepted: engine 1 is stronger by 10 Elo or more");
        }

        @Test
        @DisplayName("a command that cannot start forfeits at once")
        void cannotStart() throws IOException {
            Fixtures.Run run = matchAgainst(directory.resolve("no-such-engine").toString());
            assertThat(run.lines()).anyMatch(line -> line.contains("red forfeits: cannot start"));
            assertThat(run.lines().get(run.lines().size() - 1)).startsWith("result wins 2 draws 0 losses 0");
        }

        @Test
        @DisplayName("silence: no bestmove within the allowance forfeits, and the hung process is killed with its children")
        void silence() throws IOException {
            EngineProcess.Spec silent = new EngineProcess.Spec(fake("silent", "sleep 1000"), List.of());
            EngineProcess.Spec opener = new EngineProcess.Spec(fake("opener", "echo 'bestmove h2e2'"), List.of());
            Match.Limit limit = new Match.Limit("go movetime 50", 300, "50 ms");
            Match.Played played = Match.play(1, Position.START_FEN, List.of(),
                    new Match.Seat("opener", () -> EngineProcess.start(opener), limit),
                    new Match.Seat("silent", () -> EngineProcess.start(silent), limit));
            assertThat(played.ending()).isEqualTo(new Match.Ending(1, "black forfeits: no bestmove within 300 ms", true));
            assertThat(played.game().black()).isEqualTo("silent");
            assertAllEnginesGone();
            assertThat(ProcessHandle.current().descendants().filter(p -> p.info().command().orElse("").endsWith("sleep")))
                    .as("the silent engine's sleep").isEmpty();
        }
    }

    @Nested
    @DisplayName("Elo and its interval, on known counts")
    class Arithmetic {
        @Test
        @DisplayName("the logistic model: 75% is +191 Elo, +100 Elo expects 64%")
        void logistic() {
            assertThat(Elo.difference(0.75)).isCloseTo(190.8485, within(1e-3));
            assertThat(Elo.expectedScore(100)).isCloseTo(0.640065, within(1e-6));
            assertThat(Elo.difference(0.5)).isZero();
            assertThat(Elo.difference(1)).isInfinite();
        }

        /** Counts built pair by pair: {@code n} pairs where engine 1 scored {@code first} and {@code second}. */
        private Elo pairs(Elo elo, int n, double first, double second) {
            for (int i = 0; i < n; i++) {
                elo = elo.plus(first, second);
            }
            return elo;
        }

        @Test
        @DisplayName("pentanomial: the interval comes from the spread of the pairs' scores")
        void pentanomial() {
            Elo elo = pairs(pairs(pairs(Elo.none(), 1, 0, 0), 2, 1, 0), 1, 1, 1);
            assertThat(elo.pairs()).containsExactly(1, 0, 2, 0, 1);
            assertThat(elo.score()).isEqualTo(0.5);
            // pair means 0, ½, ½, 1: variance 0.125, standard error √(0.125/4), ±1.96 of it in Elo
            assertThat(elo.margin()).isCloseTo(296.5838, within(1e-3));
            Elo even = pairs(Elo.none(), 10, 1, 0);
            assertThat(even.margin()).as("every pair split: no spread").isZero();
        }

        @Test
        @DisplayName("the result line of 100 games: 30 wins, 60 draws, 10 losses")
        void resultLine() {
            Elo elo = Elo.none();
            elo = pairs(elo, 2, 0, 0);
            elo = pairs(elo, 6, 0.5, 0);
            elo = pairs(elo, 20, 0.5, 0.5);
            elo = pairs(elo, 14, 1, 0.5);
            elo = pairs(elo, 8, 1, 1);
            assertThat(elo.pairs()).containsExactly(2, 6, 20, 14, 8);
            assertThat(elo.elo()).isCloseTo(70.4365, within(1e-3));
            assertThat(elo.margin()).isCloseTo(51.5726, within(1e-3));
            assertThat(elo.resultLine()).isEqualTo("result wins 30 draws 60 losses 10 score 60.0% elo +70 ± 52");
            assertThat(elo.llr(0, 10)).isCloseTo(1.02709, within(1e-4));
            assertThat(elo.llr(-5, 5)).isCloseTo(1.10694, within(1e-4));
        }

        @Test
        @DisplayName("the SPRT's bounds at α = β = 0.05 are ±2.944, and the line says which hypothesis won")
        void sprt() {
            assertThat(Elo.lowerBound(0.05, 0.05)).isCloseTo(-2.9444, within(1e-4));
            assertThat(Elo.upperBound(0.05, 0.05)).isCloseTo(2.9444, within(1e-4));
            Elo strong = pairs(pairs(Elo.none(), 30, 1, 0.5), 10, 0.5, 0.5);
            assertThat(Match.sprtLine(strong, 0, 10)).endsWith("H1 accepted: engine 1 is stronger by 10 Elo or more");
            Elo equal = pairs(pairs(pairs(Elo.none(), 20, 1, 0), 10, 1, 1), 10, 0, 0);
            assertThat(Match.sprtLine(equal, 0, 10)).endsWith("no decision yet");
            Elo weak = pairs(pairs(Elo.none(), 30, 0, 0.5), 10, 0.5, 0.5);
            assertThat(Match.sprtLine(weak, 0, 10)).endsWith("H0 accepted: engine 1 is not stronger by more than 0 Elo");
        }
    }

    @Nested
    @DisplayName("PGN: written as Fairy-Stockfish writes SAN, and read back")
    class Portable {
        @Test
        @DisplayName("SAN as Fairy-Stockfish writes it: ranks 1-10, the file when two pieces could go, + and #")
        void san() {
            Position start = Position.startPosition();
            assertThat(Pgn.san(start, MoveGenerator.parseLegal(start, "h2e2"))).isEqualTo("Che3");
            assertThat(Pgn.san(start, MoveGenerator.parseLegal(start, "c0e2"))).isEqualTo("Ece3");
            assertThat(Pgn.san(start, MoveGenerator.parseLegal(start, "g3g4"))).isEqualTo("Pg5");
            Position black = Fixtures.after(Position.START_FEN, "h2e2");
            assertThat(Pgn.san(black, MoveGenerator.parseLegal(black, "h9g7"))).isEqualTo("Hg8");
            assertThat(Pgn.san(black, MoveGenerator.parseLegal(black, "f9e8"))).isEqualTo("Afe9");
            Position mate = Position.fromFen("3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1");
            assertThat(Pgn.san(mate, MoveGenerator.parseLegal(mate, "b7b9"))).isEqualTo("Rb10#");
            assertThat(Pgn.san(mate, MoveGenerator.parseLegal(mate, "a8a9"))).isEqualTo("Ra10+");
            Position capture = Fixtures.after(Position.START_FEN, "h2e2", "h9g7");
            assertThat(Pgn.san(capture, MoveGenerator.parseLegal(capture, "e2e6"))).isEqualTo("Cxe7"); // no screen: no check
        }

        @Test
        @DisplayName("random games written as PGN read back move for move, with their tags")
        void readBack() {
            Random random = new Random(18);
            for (int game = 0; game < 20; game++) {
                List<Integer> moves = new ArrayList<>();
                Position position = Position.startPosition();
                int[] legal = new int[MoveGenerator.MAX_MOVES];
                for (int ply = 0; ply < 200; ply++) {
                    int count = MoveGenerator.generateLegal(position, legal);
                    if (count == 0) {
                        break;
                    }
                    moves.add(legal[random.nextInt(count)]);
                    position.makeMove(moves.get(moves.size() - 1));
                }
                String text = Pgn.write(new Pgn.Game(game + 1, "red \"one\"", "black", Position.START_FEN, moves, "1/2-1/2", "a test"),
                        "test", "2026.11.23");
                Map<String, String> tags = readTags(text);
                assertThat(tags).containsEntry("Red", "red \"one\"").containsEntry("Result", "1/2-1/2")
                        .containsEntry("FEN", Position.START_FEN).containsEntry("Variant", "xiangqi")
                        .containsEntry("PlyCount", Integer.toString(moves.size()));
                assertThat(readMoves(text, tags.get("FEN"))).isEqualTo(moves);
                assertThat(text.lines()).allMatch(line -> line.length() < 80);
            }
        }

        @Test
        @DisplayName("a game that starts with black to move numbers its first move 1...")
        void blackFirst() {
            Position position = Position.fromFen("3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1");
            String text = Pgn.write(new Pgn.Game(1, "r", "b", position.toFen(), List.of(MoveGenerator.parseLegal(position, "d9d8")),
                    "*", "unfinished"), "test", "?");
            assertThat(text).contains("\n1... Kd9 {unfinished} *\n");
        }

        private static Map<String, String> readTags(String pgn) {
            Map<String, String> tags = new HashMap<>();
            Matcher tag = Pattern.compile("^\\[(\\w+) \"((?:[^\"\\\\]|\\\\.)*)\"\\]$", Pattern.MULTILINE).matcher(pgn);
            while (tag.find()) {
                tags.put(tag.group(1), tag.group(2).replace("\\\"", "\"").replace("\\\\", "\\"));
            }
            return tags;
        }

        /** The movetext replayed: each SAN word must name exactly one legal move. */
        private static List<Integer> readMoves(String pgn, String fen) {
            String movetext = pgn.substring(pgn.indexOf("\n\n") + 2).replaceAll("\\{[^}]*\\}", " ");
            Position position = Position.fromFen(fen);
            List<Integer> moves = new ArrayList<>();
            int[] legal = new int[MoveGenerator.MAX_MOVES];
            for (String word : movetext.trim().split("\\s+")) {
                if (word.matches("\\d+\\.(\\.\\.)?") || word.matches("1-0|0-1|1/2-1/2|\\*")) {
                    continue;
                }
                int count = MoveGenerator.generateLegal(position, legal);
                List<Integer> named = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    if (Pgn.san(position, legal[i]).equals(word)) {
                        named.add(legal[i]);
                    }
                }
                assertThat(named).as("moves written " + word).hasSize(1);
                position.makeMove(named.get(0));
                moves.add(named.get(0));
            }
            return moves;
        }
    }

    @Nested
    @DisplayName("the command")
    class Command {
        @Test
        @DisplayName("chapter 6 against itself at depth 1: a line per game, the engines' times, the result last")
        void realEngines() {
            String engine = Path.of(System.getProperty("java.home"), "bin", "java") + " -cp "
                    + Path.of("target", "classes").toAbsolutePath() + " xiangqi.app.Main uci";
            Fixtures.Run run = Fixtures.run("match", "--engine", engine, "--engine", engine, "--depth", "1", "--games", "2",
                    "--seed", "3");
            assertThat(run.status()).isZero();
            assertThat(run.lines()).anyMatch(line -> line.matches("game 1: engine 1 red, engine 2 black: (1-0|0-1|1/2-1/2) .+, \\d+ plies"));
            assertThat(run.lines()).anyMatch(line -> line.matches("game 2: engine 2 red, engine 1 black: (1-0|0-1|1/2-1/2) .+, \\d+ plies"));
            assertThat(run.lines()).contains("problems 0");
            assertThat(run.lines().get(run.lines().size() - 1)).matches("result wins \\d+ draws \\d+ losses \\d+ score [\\d.]+% elo \\S+ ± \\S+");
        }

        @Test
        @DisplayName("openings: random quiet moves from the seed, the same for the same seed")
        void openings() {
            List<List<Integer>> openings = Match.openings(5, 6, 42);
            assertThat(openings).hasSize(5).allMatch(opening -> opening.size() == 6);
            assertThat(Match.openings(5, 6, 42)).isEqualTo(openings);
            assertThat(Match.openings(5, 6, 43)).isNotEqualTo(openings);
            for (List<Integer> opening : openings) {
                Position position = Position.startPosition();
                for (int move : opening) {
                    assertThat(position.pieceAt(Move.to(move))).isEqualTo(Piece.EMPTY);
                    position.makeMove(MoveGenerator.parseLegal(position, Move.toUci(move)));
                }
            }
        }

        @Test
        @DisplayName("Fairy-Stockfish's ranks run 1 to 10: moves are translated both ways at the boundary")
        void fairyRanks() {
            assertThat(EngineProcess.toRanksFromOne("a9a8")).isEqualTo("a10a9");
            assertThat(EngineProcess.toRanksFromOne("h2e2")).isEqualTo("h3e3");
            assertThat(EngineProcess.fromRanksFromOne("a10a9")).isEqualTo("a9a8");
            assertThat(EngineProcess.fromRanksFromOne("h3e3")).isEqualTo("h2e2");
            assertThat(EngineProcess.fromRanksFromOne("(none)")).isEqualTo("(none)");
        }

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', value = {
            "one engine | match --engine a | match needs --engine twice",
            "odd games | match --engine a --engine b --games 3 | --games 3 is odd",
            "two limits | match --engine a --engine b --depth 2 --movetime 100 | give one of --movetime, --depth, --nodes, not --depth and --movetime",
            "bad number | match --engine a --engine b --games many | --games 'many' is not a whole number",
            "a plus sign | match --engine a --engine b --games +4 | --games '+4' is not a whole number",
            "full-width digits | match --engine a --engine b --games \uFF14 | --games '\uFF14' is not a whole number",
            "Arabic-Indic digits | match --engine a --engine b --seed \u0664 | --seed '\u0664' is not a whole number",
            "sprt in Java's own syntax | match --engine a --engine b --sprt 0 1e1 | --sprt '1e1' is not a number",
            "bad option | match --engine a --engine b --colour red | unknown option --colour",
            "engine option | match --engine a b --engine c | --engine 'a': 'b' is not an option NAME=VALUE",
            "engine limit | match --engine a go=fast --engine c | go=fast: expected go=movetime MS, go=depth D or go=nodes N",
            "sprt order | match --engine a --engine b --sprt 10 0 | --sprt 10 0: ELO0 must be below ELO1",
            "sprt count | match --engine a --engine b --sprt 5 | --sprt takes two Elo differences"})
        @DisplayName("bad arguments: one line naming what is wrong, exit status 2")
        void badArguments(String what, String command, String message) {
            Fixtures.Run run = Fixtures.run(command.split(" "));
            assertThat(run.status()).isEqualTo(2);
            assertThat(run.errLines()).hasSize(1);
            assertThat(run.errLines().get(0)).startsWith("error: " + message);
            assertThat(run.out()).isEmpty();
        }

        @ParameterizedTest(name = "go={0}")
        @CsvSource({"depth +4", "depth \uFF14", "nodes 1e3"})
        @DisplayName("an engine's own limit reads its number as the rest of the command line does")
        void badEngineLimit(String limit) {
            Fixtures.Run run = Fixtures.run("match", "--engine", "a", "go=" + limit, "--engine", "b");
            assertThat(run.status()).isEqualTo(2);
            assertThat(run.errLines()).containsExactly("error: go=" + limit + ": expected go=movetime MS, go=depth D or go=nodes N");
        }
    }
}
