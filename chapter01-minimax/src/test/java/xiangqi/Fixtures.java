package xiangqi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import xiangqi.app.Examples;
import xiangqi.app.Main;

/**
 * What the tests share: named positions, moves written as text, seeded random games, and the
 * command line run in-process. This file is the same in every chapter, so it uses only what
 * every chapter has; a chapter's own tools (its search presets, keys, table) stay in its tests.
 */
public final class Fixtures {

    private Fixtures() {
    }

    // ------------------------------------------------------------------ named positions

    // The demo's positions (Examples), under the names the tests give them.

    /** Horses out, central files open: the chessprogramming wiki's perft position 2. */
    public static final String MIDDLEGAME = Examples.MIDDLEGAME.fen();
    /** Red has seven moves and black's cannons bear down: the wiki's perft position 3. */
    public static final String ATTACK = Examples.ATTACK.fen();
    /**
     * Red mates in one, two ways: i0i9 (checkmate, {@link #CHECKMATED} with red to move) or
     * e0e1, which leaves black {@link #STALEMATED}. The demo shows it as "no move loses".
     */
    public static final String MATE_IN_ONE = Examples.NO_MOVE_LOSES.fen();
    /** Two chariots against two advisors: red mates in two moves (three plies). */
    public static final String MATE_IN_TWO = Examples.MATE_IN_TWO.fen();
    /** Two chariots: red mates in three; after d0e0 e8f7 it is mate in two. */
    public static final String MATE_IN_THREE = Examples.MATE_IN_THREE.fen();

    // Positions the tests build to show one thing.

    /**
     * Black to move, checkmated: the a8 chariot guards rank 8, the i9 chariot gives check
     * along rank 9, and e9 would face the red general.
     */
    public static final String CHECKMATED = "3k4R/R8/9/9/9/9/9/9/9/4K4 b - - 0 1";
    /**
     * Black to move and not in check, but d8 is covered by the a8 chariot and e9 faces the
     * red general on e1: no legal move, 困毙.
     */
    public static final String STALEMATED = "3k5/R8/9/9/9/9/9/9/4K4/8R b - - 0 1";
    /** The black chariot on a5 has no defender; the red chariot on a0 can take it. */
    public static final String HANGING_CHARIOT = "3k5/9/9/9/r8/9/9/9/9/R3K4 w - - 0 1";
    /**
     * Red mates at once with b1b9 (the a8 chariot holds rank 8), or takes the h5 chariot with
     * g3h5, which a depth-1 search prefers: it sees the material, not the mate.
     */
    public static final String MATE_OR_CHARIOT = "4k4/R8/9/9/7r1/9/6N2/9/1R7/3K5 w - - 0 1";
    /** Red's only capture is a0a5, chariot takes soldier, but the a9 chariot takes back. */
    public static final String DEFENDED_SOLDIER = "r3k4/4a4/9/9/p8/9/9/9/9/R3K4 w - - 0 1";

    // ------------------------------------------------------------------ moves as text

    /** The position {@code fen} after {@code moves}, each written as "h2e2" and checked to be legal where it is played. */
    public static Position after(String fen, String... moves) {
        return play(Position.fromFen(fen), moves);
    }

    /** Plays {@code moves} on {@code position}, each checked to be legal where it is played; returns the position. */
    public static Position play(Position position, String... moves) {
        for (String move : moves) {
            position.makeMove(MoveGenerator.parseLegal(position, move)); // throws if not legal here
        }
        return position;
    }

    /** Moves as text, so that a failing assertion shows "h2e2" rather than an int. */
    public static List<String> uci(int[] moves) {
        return Arrays.stream(moves).mapToObj(Move::toUci).toList();
    }

    /** The legal moves of {@code position} as text, in the generator's order (a move twice would show twice). */
    public static List<String> legalMoves(Position position) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        return uci(Arrays.copyOf(moves, MoveGenerator.generateLegal(position, moves)));
    }

    public static List<String> legalMoves(String fen) {
        return legalMoves(Position.fromFen(fen));
    }

    public static int legalMoveCount(Position position) {
        return MoveGenerator.generateLegal(position, new int[MoveGenerator.MAX_MOVES]);
    }

    // ------------------------------------------------------------------ random games

    /**
     * Plays a game of up to {@code maxPlies} random legal moves on {@code position}, showing
     * {@code visitor} every position of the game, the first and the last included. The game
     * ends early when the side to move has no legal move. Returns the moves played, in order;
     * the position is left at the end of the game. The same seed gives the same game.
     */
    public static int[] playRandomGame(Position position, int maxPlies, Random random, Consumer<Position> visitor) {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int[] played = new int[maxPlies];
        int plies = 0;
        visitor.accept(position);
        while (plies < maxPlies) {
            int count = MoveGenerator.generateLegal(position, moves);
            if (count == 0) {
                break; // checkmate or stalemate ends the game
            }
            played[plies] = moves[random.nextInt(count)];
            position.makeMove(played[plies++]);
            visitor.accept(position);
        }
        return Arrays.copyOf(played, plies);
    }

    /** The position after up to {@code plies} random legal moves from {@code fen}; a game that ends early stops there. */
    public static Position playRandomly(String fen, int plies, Random random) {
        Position position = Position.fromFen(fen);
        playRandomGame(position, plies, random, visited -> { });
        return position;
    }

    /**
     * Positions nobody chose: {@code gamesEach} random games from each of the demo's positions
     * ({@link Examples#ALL}), each stopped after a random number of plies below {@code maxPlies}.
     * The same seed gives the same positions on every run.
     */
    public static List<Position> randomPositions(long seed, int gamesEach, int maxPlies) {
        Random random = new Random(seed);
        List<Position> positions = new ArrayList<>();
        for (Examples.Example example : Examples.ALL) {
            for (int game = 0; game < gamesEach; game++) {
                int plies = random.nextInt(maxPlies);
                positions.add(playRandomly(example.fen(), plies, random));
            }
        }
        return positions;
    }

    // ------------------------------------------------------------------ the command line

    /** What one run of the command line left behind: exit status, standard output, standard error. */
    public record Run(int status, String out, String err) {
        /** Standard output, line by line. */
        public List<String> lines() {
            return out.isEmpty() ? List.of() : Arrays.asList(out.split("\\R"));
        }

        public List<String> errLines() {
            return err.isEmpty() ? List.of() : Arrays.asList(err.split("\\R"));
        }

        public String lastLine() {
            List<String> lines = lines();
            return lines.get(lines.size() - 1);
        }

        /** The move of the last "bestmove" line. */
        public String bestmove() {
            return lines().stream().filter(line -> line.startsWith("bestmove ")).reduce((first, second) -> second)
                    .orElseThrow().substring("bestmove ".length());
        }
    }

    /** Runs the command line {@code args} with nothing on standard input, as {@code java -jar} would. */
    public static Run run(String... args) {
        return runWithInput("", args);
    }

    /** Runs the command line {@code args} with {@code input} on standard input. */
    public static Run runWithInput(String input, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * A {@code uci} session, held as a GUI holds one: each line of {@code input} is sent once
     * the engine has answered every {@code go} before it (but {@code go infinite}) with its
     * bestmove; then the input ends, which the engine takes as {@code quit}.
     */
    public static Run uciSession(String... input) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int[] status = {-1};
        try (PipedOutputStream toEngine = new PipedOutputStream()) {
            PipedInputStream in = new PipedInputStream(toEngine, 1 << 20);
            Thread engine = new Thread(() -> status[0] = Main.run(new String[] {"uci"}, in,
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)), "engine");
            engine.start();
            int searches = 0;
            try {
                for (String line : input) {
                    toEngine.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                    toEngine.flush();
                    String command = line.trim();
                    if ((command.equals("go") || command.startsWith("go ")) && !command.contains("infinite")) {
                        searches++;
                        awaitBestmoves(out, searches, engine);
                    }
                }
                toEngine.close();
            } catch (java.io.IOException engineStoppedReading) {
                // after quit: the rest of the input is not read
            }
            engine.join(60_000);
            if (engine.isAlive()) {
                throw new AssertionError("the engine did not end within 60 s of the end of its input; output: " + out);
            }
        } catch (java.io.IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
        return new Run(status[0], out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Waits until {@code out} holds {@code count} bestmove lines, or the engine has ended; at most 60 s. */
    private static void awaitBestmoves(ByteArrayOutputStream out, int count, Thread engine) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (engine.isAlive() && out.toString(StandardCharsets.UTF_8).split("(^|\\R)bestmove ", -1).length <= count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no bestmove for go number " + count + " within 60 s; output: " + out);
            }
            Thread.sleep(1);
        }
    }
}
