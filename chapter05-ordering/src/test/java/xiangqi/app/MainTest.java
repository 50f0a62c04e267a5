package xiangqi.app;

import static org.assertj.core.api.Assertions.assertThat;
import static xiangqi.Fixtures.MATE_IN_TWO;
import static xiangqi.Fixtures.STALEMATED;
import static xiangqi.Fixtures.after;
import static xiangqi.Fixtures.legalMoves;
import static xiangqi.Fixtures.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import xiangqi.Fixtures.Run;
import xiangqi.*;

class MainTest {

    static final String START = Position.START_FEN;

    /** The info line of the iteration to {@code depth}: score, nodes, time and a PV. */
    static String infoLine(int depth) {
        return "info depth " + depth + " score (cp -?\\d+|mate -?\\d+) nodes \\d+ time \\d+ pv( [a-i]\\d[a-i]\\d)+";
    }

    /** The "info depth" lines of a run: one per finished iteration. */
    static List<String> infoLines(Run run) {
        return run.lines().stream().filter(line -> line.startsWith("info depth ")).toList();
    }

    /** The info line of the last finished iteration: the search's result. */
    static String lastInfoLine(Run run) {
        List<String> info = infoLines(run);
        assertThat(info).as("info lines").isNotEmpty();
        return info.get(info.size() - 1);
    }

    /** The nodes of an info line. */
    static long nodes(String infoLine) {
        return Long.parseLong(infoLine.replaceAll(".* nodes (\\d+) .*", "$1"));
    }

    /** The words of a command line, with the FEN split as a shell splits it when unquoted. */
    private static String[] words(String... parts) {
        List<String> words = new ArrayList<>();
        for (String part : parts) {
            words.addAll(Arrays.asList(part.split(" ")));
        }
        return words.toArray(String[]::new);
    }

    // ------------------------------------------------------------------ perft

    @Test
    @DisplayName("perft of the start position to depth 3 prints the published 79666")
    void perftStart() {
        Run run = run("perft", "--fen", START, "--depth", "3");

        assertThat(run.status()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.lastLine()).isEqualTo("nodes 79666");
    }

    @Test
    @DisplayName("an unquoted FEN arrives as several words; the option takes them all")
    void perftUnquotedFen() {
        Run run = run(words("perft --fen", START, "--depth 3"));

        assertThat(run.status()).isZero();
        assertThat(run.lastLine()).isEqualTo("nodes 79666");
    }

    @Test
    @DisplayName("without --fen, or with --fen startpos, perft starts from the start position")
    void perftDefaultsToStart() {
        assertThat(run("perft", "--depth", "2").lastLine()).isEqualTo("nodes 1920");
        assertThat(run("perft", "--fen", "startpos", "--depth", "2").lastLine()).isEqualTo("nodes 1920");
    }

    @Test
    @DisplayName("perft to depth 0 counts the position itself")
    void perftDepthZero() {
        assertThat(run("perft", "--depth", "0").lines()).containsExactly("nodes 1");
    }

    @Test
    @DisplayName("--divide prints one 'move: count' line per legal move, and the counts add up to the total")
    void perftDivide() {
        Run run = run("perft", "--fen", START, "--depth", "3", "--divide");

        assertThat(run.status()).isZero();
        List<String> lines = run.lines();
        assertThat(lines).hasSize(45);
        List<String> moves = lines.subList(0, 44);
        assertThat(moves).allMatch(line -> line.matches("[a-i]\\d[a-i]\\d: \\d+"), "'move: count'");
        long sum = moves.stream().mapToLong(line -> Long.parseLong(line.substring(6))).sum();
        assertThat(sum).isEqualTo(79666);
        assertThat(run.lastLine()).isEqualTo("nodes 79666");
        // The moves listed are exactly the legal moves of the start position.
        assertThat(moves.stream().map(line -> line.substring(0, 4)))
                .containsExactlyInAnyOrderElementsOf(legalMoves(Position.startPosition()));
    }

    // ------------------------------------------------------------------ search

    @Test
    @DisplayName("search prints an info line per iteration, depth 1 to D, with score, nodes, time and PV, "
            + "then the PV in Chinese, then bestmove")
    void searchOutput() {
        Run run = run("search", "--fen", START, "--depth", "3");

        assertThat(run.status()).isZero();
        assertThat(run.err()).isEmpty();
        List<String> lines = run.lines();
        assertThat(lines).hasSize(5);
        for (int depth = 1; depth <= 3; depth++) {
            assertThat(lines.get(depth - 1)).matches(infoLine(depth));
        }
        assertThat(lines.get(3)).startsWith("info string pv ");
        assertThat(run.lastLine()).matches("bestmove [a-i]\\d[a-i]\\d");
        // The best move is the first move of the last iteration's PV.
        assertThat(lines.get(2)).contains(" pv " + run.bestmove());
        // The nodes are summed over the iterations, so they grow from line to line.
        assertThat(nodes(lines.get(0))).isLessThan(nodes(lines.get(1)));
        assertThat(nodes(lines.get(1))).isLessThan(nodes(lines.get(2)));
    }

    @Test
    @DisplayName("--moves are played before the search: after h2e2 h9g7 it is red who moves")
    void searchAfterMoves() {
        Run run = run("search", "--fen", START, "--moves", "h2e2", "h9g7", "--depth", "3");

        assertThat(run.status()).isZero();
        assertThat(lastInfoLine(run)).matches(infoLine(3));
        Position position = after(START, "h2e2", "h9g7");
        assertThat(position.sideToMove()).isEqualTo(Piece.RED);
        MoveGenerator.parseLegal(position, run.bestmove()); // throws if it is not a legal red move here
    }

    @Test
    @DisplayName("searching after --moves is the same as searching the FEN those moves reach")
    void movesEqualTheirFen() {
        Position position = after(START, "h2e2", "h9g7");

        Run withMoves = run("search", "--moves", "h2e2", "h9g7", "--depth", "2");
        Run withFen = run("search", "--fen", position.toFen(), "--depth", "2");

        // Only the time may differ.
        assertThat(withMoves.out().replaceAll("time \\d+", "time T"))
                .isEqualTo(withFen.out().replaceAll("time \\d+", "time T"));
    }

    @Test
    @DisplayName("a mate is reported as 'score mate N'")
    void searchFindsMate() {
        Run run = run("search", "--fen", MATE_IN_TWO, "--depth", "4");

        assertThat(lastInfoLine(run)).startsWith("info depth 4 score mate 2 ");
        assertThat(infoLines(run).get(0)).as("depth 1 does not see it").doesNotContain("mate");
    }

    @Test
    @DisplayName("a side with no legal move has lost: score mate 0 and bestmove (none)")
    void searchWithNoMove() {
        Run run = run("search", "--fen", STALEMATED, "--depth", "2");

        assertThat(run.status()).isZero();
        assertThat(run.lines()).hasSize(3);
        // One node per iteration, the root, which has no move; the nodes are summed over the iterations.
        assertThat(run.lines().get(0)).matches("info depth 1 score mate 0 nodes 1 time \\d+");
        assertThat(run.lines().get(1)).matches("info depth 2 score mate 0 nodes 2 time \\d+");
        assertThat(run.lastLine()).isEqualTo("bestmove (none)");
    }

    // ------------------------------------------------------------------ time

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // fail, not hang
    @DisplayName("search --movetime 200 without --depth: iterations while the time lasts, then bestmove, all within the time")
    void searchWithMovetime() {
        long start = System.nanoTime();
        Run run = run("search", "--movetime", "200");
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertThat(run.status()).isZero();
        assertThat(run.err()).isEmpty();
        List<String> info = infoLines(run);
        assertThat(info).isNotEmpty();
        for (int i = 0; i < info.size() - 1; i++) {
            assertThat(info.get(i)).matches(infoLine(i + 1));
        }
        assertThat(info.get(info.size() - 1).replaceFirst("^(info depth \\d+ score \\S+ -?\\d+) lowerbound ", "$1 "))
                .as("the last iteration may be partial, its score a lower bound").matches(infoLine(info.size()));
        assertThat(info).as("stopped by the time, far from depth " + Search.MAX_DEPTH).hasSizeLessThan(Search.MAX_DEPTH);
        assertThat(run.lines().get(run.lines().size() - 2)).startsWith("info string pv ");
        MoveGenerator.parseLegal(Position.startPosition(), run.bestmove()); // throws if not legal here
        assertThat(millis).as("200 ms plus a margin: ignoring the limit would take far longer").isLessThan(200 + 400);
    }

    @Test
    @DisplayName("with both --depth and --movetime, whichever comes first ends the search")
    void depthAndMovetime() {
        Run run = run("search", "--depth", "3", "--movetime", "60000");

        assertThat(run.status()).isZero();
        assertThat(infoLines(run)).hasSize(3);
        assertThat(lastInfoLine(run)).matches(infoLine(3));
    }

    // ------------------------------------------------------------------ bad input

    static Stream<Arguments> badInput() {
        String fen = "--fen";
        return Stream.of(
                Arguments.of("unknown command", new String[] {"frobnicate"}, "unknown command 'frobnicate'"),
                Arguments.of("unknown option", new String[] {"perft", "--depth", "1", "--speed"}, "--speed"),
                Arguments.of("option for a command that takes none", new String[] {"bench", "--depth", "1"}, "--depth"),
                Arguments.of("option given twice", new String[] {"perft", "--depth", "1", "--depth", "2"}, "given twice"),
                Arguments.of("a word before any option", new String[] {"perft", "3"}, "'3'"),
                Arguments.of("--divide with a value", new String[] {"perft", "--depth", "1", "--divide", "yes"}, "--divide"),
                Arguments.of("perft without --depth", new String[] {"perft", fen, START}, "--depth"),
                Arguments.of("search without --depth", new String[] {"search"}, "--depth"),
                Arguments.of("search with a FEN but neither --depth nor --movetime", new String[] {"search", fen, START},
                        "--depth"),
                Arguments.of("--movetime zero", new String[] {"search", "--movetime", "0"}, "out of range"),
                Arguments.of("--movetime negative", new String[] {"search", "--movetime", "-5"}, "out of range"),
                Arguments.of("--movetime not a number", new String[] {"search", "--movetime", "x"}, "'x'"),
                Arguments.of("--movetime with no value", new String[] {"search", "--movetime"}, "--movetime"),
                Arguments.of("--movetime with two numbers", new String[] {"search", "--movetime", "1", "2"}, "--movetime"),
                Arguments.of("--movetime given to perft", new String[] {"perft", "--depth", "1", "--movetime", "100"},
                        "--movetime"),
                Arguments.of("--depth not a number", new String[] {"perft", "--depth", "abc"}, "'abc'"),
                Arguments.of("--depth with two numbers", new String[] {"perft", "--depth", "1", "2"}, "--depth"),
                Arguments.of("--depth negative", new String[] {"perft", "--depth", "-1"}, "out of range"),
                Arguments.of("--depth too deep", new String[] {"perft", "--depth", "99"}, "out of range"),
                Arguments.of("--depth in non-ASCII digits", new String[] {"perft", "--depth", "\uFF12"}, "not a whole number"),
                Arguments.of("--depth in Arabic-Indic digits", new String[] {"perft", "--depth", "\u0662"}, "not a whole number"),
                Arguments.of("a stray word after a FEN", new String[] {"search", fen, START, "h2e2", "--depth", "2"}, "'h2e2'"),
                Arguments.of("an empty --out", new String[] {"tree", "--depth", "1", "--out", ""}, "--out"),
                Arguments.of("search --depth 0", new String[] {"search", "--depth", "0"}, "out of range"),
                Arguments.of("search --depth 99", new String[] {"search", "--depth", "99"}, "out of range"),
                Arguments.of("--fen with no value", new String[] {"perft", fen, "--depth", "1"}, "--fen"),
                Arguments.of("FEN with nine ranks",
                        new String[] {"perft", "--depth", "1", fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w"},
                        "9 ranks"),
                Arguments.of("FEN with an unknown letter",
                        new String[] {"perft", "--depth", "1", fen, START.replace("RNBAKABNR", "RNBAKABNx")}, "'x'"),
                Arguments.of("FEN with two red generals",
                        new String[] {"perft", "--depth", "1", fen, "3k5/9/9/9/9/9/9/9/4K4/3K5 w"}, "2 red generals"),
                Arguments.of("FEN with a general outside its palace",
                        new String[] {"perft", "--depth", "1", fen, "3k5/9/9/9/9/9/4K4/9/9/9 w"}, "general on e3"),
                Arguments.of("FEN with side 'x'",
                        new String[] {"perft", "--depth", "1", fen, START.replace(" w ", " x ")}, "'x'"),
                Arguments.of("FEN whose side not to move is in check",
                        new String[] {"perft", "--depth", "1", fen, "3k4R/R8/9/9/9/9/9/9/9/4K4 w"}, "in check"),
                Arguments.of("chariot jumping over its own soldier",
                        new String[] {"search", "--depth", "1", "--moves", "a0a5"}, "illegal move 'a0a5'"),
                Arguments.of("move from an empty square",
                        new String[] {"search", "--depth", "1", "--moves", "e5e6"}, "no piece on e5"),
                Arguments.of("malformed square",
                        new String[] {"search", "--depth", "1", "--moves", "z9z9"}, "malformed move 'z9z9'"),
                Arguments.of("move too short",
                        new String[] {"search", "--depth", "1", "--moves", "h2"}, "malformed move 'h2'"),
                Arguments.of("a black move when red is to move",
                        new String[] {"search", "--depth", "1", "--moves", "h9g7"}, "not red's"),
                Arguments.of("the second move illegal",
                        new String[] {"search", "--depth", "1", "--moves", "h2e2", "e2e6"}, "not black's"),
                Arguments.of("tree --out in a folder that does not exist",
                        new String[] {"tree", "--depth", "1", "--out", "/nonexistent/dir/t.svg"},
                        "cannot write --out '/nonexistent/dir/t.svg': its folder does not exist"),
                Arguments.of("moves given to perft", new String[] {"perft", "--depth", "1", "--moves", "h2e2"}, "--moves"),
                Arguments.of("--hash-mb not a number", new String[] {"search", "--depth", "1", "--hash-mb", "big"}, "'big'"),
                Arguments.of("--hash-mb zero", new String[] {"search", "--depth", "1", "--hash-mb", "0"}, "out of range"),
                Arguments.of("unknown --tt-scheme", new String[] {"search", "--depth", "1", "--tt-scheme", "lru"}, "'lru'"),
                Arguments.of("a demo part that does not exist", new String[] {"demo", "--part", "9"}, "out of range"),
                Arguments.of("a demo part that is not a number", new String[] {"demo", "--part", "x"}, "'x'"),
                Arguments.of("a demo language that is not there", new String[] {"demo", "--lang", "fr"},
                        "error: --lang 'fr' is not a language here: give en or zh"),
                Arguments.of("demo --lang with no language", new String[] {"demo", "--lang"}, "--lang"),
                Arguments.of("demo --all and --part together", new String[] {"demo", "--all", "--part", "1"}, "not both"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInput")
    @DisplayName("bad input: exit status 2, one 'error:' line naming the problem, no stack trace, nothing on stdout")
    void badInputIsOneErrorLine(String why, String[] args, String named) {
        Run run = run(args);

        assertThat(run.status()).as("exit status").isEqualTo(2);
        assertThat(run.out()).as("stdout").isEmpty();
        assertThat(run.errLines()).as("stderr").hasSize(1);
        assertThat(run.errLines().get(0)).startsWith("error: ").contains(named);
        assertThat(run.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    // ------------------------------------------------------------------ the transposition table

    @Test
    @DisplayName("a table too large for the Java heap is one 'error:' line that says so, not an OutOfMemoryError")
    void tableTooLargeForTheHeap() {
        Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() < 15L << 30, "a heap too small for a 16 GB table");

        Run run = run("search", "--hash-mb", "16384", "--depth", "1");

        assertThat(run.status()).as("exit status").isEqualTo(2);
        assertThat(run.out()).as("stdout").isEmpty();
        assertThat(run.errLines()).as("stderr").hasSize(1);
        assertThat(run.errLines().get(0)).startsWith("error: ").contains("does not fit");
        assertThat(run.err()).doesNotContain("Exception").doesNotContain("OutOfMemoryError").doesNotContain("\tat ");
    }
}
