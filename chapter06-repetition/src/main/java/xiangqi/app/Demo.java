package xiangqi.app;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import xiangqi.*;

/**
 * Chapter 6's report: games that chapter 5's search loses by a repetition rule and this
 * chapter's does not, and what the rules cost in nodes and time.
 */
public final class Demo {
    static final String INTRODUCTION = """
            Chapter 6: repetition (重复局面). Chapter 5's search cannot see a position come back; this
            chapter's rules on it: perpetual check (长将) or perpetual chase (长捉) loses, any other
            repetition draws. Games: each move searched to depth 4 with a fresh table, the game's
            moves on the history stack; a game ends at mate, or as an arbiter ends it: when a
            position stands for the third time (ruled), or after 60 moves each without a capture.""";

    static final List<Report.Part> PARTS = List.of(
            new Report.Part("Winning, chapter 5 checks for ever and loses; chapter 6 mates.", true,
                    Demo::winnerRepeats),
            new Report.Part("Lost: chapter 5 defends by perpetual check and loses; chapter 6 draws.", false,
                    Demo::defenderRepeats),
            new Report.Part("Winning, chapter 5 chases a cannon for ever and loses; chapter 6 mates.", false,
                    Demo::winnerChases),
            new Report.Part("What the rules cost: nodes and time, chapter 5 beside chapter 6.", false,
                    Demo::cost));

    /** Red, chariot and cannon against advisor and elephant, wins; the chariot can check from many squares. */
    public static final String CHECKING_WINNER = "3a1kb2/4C4/9/9/9/9/9/3K5/9/1R7 w - - 0 1";
    /** Black, a chariot and a soldier against chariot, cannon and horse, is lost on material. */
    public static final String CHECKING_LOSER = "9/3k5/8N/4C4/9/6R2/9/4K4/5p3/7r1 w - - 0 1";
    /** Red, a chariot and two soldiers up, can attack the black cannon on the edge, which has two squares to run between. */
    public static final String CHASING_WINNER = "3a1k3/4a4/b2R5/5P2c/6P2/9/9/9/4A4/2BA1K3 w - - 0 1";
    static final int GAME_DEPTH = 4;
    static final int MAX_PLIES = 400;
    static final int COST_DEPTH = 7;
    static final int TIMED_RUNS = 3;

    private Demo() {
    }

    /** How a game ended, and the moves that led there. */
    public record Game(List<Integer> moves, String result, Repetition.Verdict verdict) {
        /** The end in words: "black is mated", "red loses by perpetual check", "a draw by repetition". */
        public String end() {
            if (verdict == null) {
                return result;
            }
            if (verdict.outcome() == Repetition.Outcome.MOVE_LIMIT) {
                return "a move-limit draw";
            }
            int loser = verdict.outcome().loser();
            if (loser == -1) {
                return "a draw by repetition";
            }
            return Position.colorName(loser) + " loses by perpetual "
                    + (verdict.level()[loser] == Repetition.Level.CHECK ? "check" : "chase");
        }
    }

    /**
     * Plays a game from {@code fen}, each side with its own search techniques, until mate, an
     * arbiter's ruling ({@link Repetition.Verdict#endsTheGame}) or {@link #MAX_PLIES}. One
     * position carries the whole game, so every search sees the game's moves on the history stack.
     */
    public static Game play(String fen, Techniques red, Techniques black) {
        Position position = Position.fromFen(fen);
        List<Integer> moves = new ArrayList<>();
        while (moves.size() < MAX_PLIES) {
            Techniques techniques = position.sideToMove() == Piece.RED ? red : black;
            Search.Result result = Report.searching("playing, ply " + (moves.size() + 1), new Search(techniques, table()),
                    position, GAME_DEPTH);
            if (result.bestMove() == Move.NONE) {
                return new Game(moves, Position.colorName(position.sideToMove()) + " is mated", null);
            }
            moves.add(result.bestMove());
            position.makeMove(result.bestMove());
            Repetition.Verdict verdict = Repetition.judge(position);
            if (verdict.endsTheGame()) { // the third occurrence, or the move limit, as an arbiter rules
                return new Game(moves, verdict.outcome().text, verdict);
            }
        }
        return new Game(moves, "unfinished", null);
    }

    private static TranspositionTable table() {
        return new TranspositionTable(1L << 16, TranspositionTable.Scheme.TWO_TIER, true);
    }

    /** A game as move pairs, eight plies to a line, then how it ended and why. */
    private static void printGame(PrintStream out, String title, String fen, Game game) {
        out.println(title);
        StringBuilder line = new StringBuilder();
        for (int ply = 0; ply < game.moves().size(); ply++) {
            if (ply % 2 == 0) {
                line.append("  ").append(ply / 2 + 1).append(". ");
            }
            line.append(Move.toUci(game.moves().get(ply))).append(' ');
            if (ply % 8 == 7) {
                out.println(line.toString().stripTrailing());
                line.setLength(0);
            }
        }
        if (line.length() > 0) {
            out.println(line.toString().stripTrailing());
        }
        out.println("  after ply " + game.moves().size() + ": " + game.end()
                + (game.verdict() == null ? "" : " (judge: " + game.result() + ")"));
        Repetition.Verdict verdict = game.verdict();
        if (verdict != null && verdict.cycle().length > 0) { // a repetition: its cycle, and why
            Position start = Position.fromFen(fen);
            for (int ply = 0; ply < verdict.start(); ply++) {
                start.makeMove(game.moves().get(ply));
            }
            out.println("  the cycle: " + Notation.chineseLine(start, verdict.cycle(), 0, verdict.cycle().length));
            out.println("  red " + level(verdict, Piece.RED) + ", black " + level(verdict, Piece.BLACK)
                    + ": the higher level loses, equal levels draw");
        }
    }

    private static String level(Repetition.Verdict verdict, int color) {
        return verdict.level()[color].name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Part 1: the winning side, blind to repetition, repeats its checks and loses by the rule. */
    private static String winnerRepeats(PrintStream out) {
        return twoGames(out, CHECKING_WINNER, Search.ORDERED, Search.WITH_REPETITIONS,
                "red: chapter 5; black: chapter 6");
    }

    /** Part 2: the losing side reaches for perpetual check, the chess habit; here it loses. */
    private static String defenderRepeats(PrintStream out) {
        return twoGames(out, CHECKING_LOSER, Search.WITH_REPETITIONS, Search.ORDERED,
                "red: chapter 6; black: chapter 5");
    }

    /**
     * Part 3: the winning side, blind to repetition, attacks the same unprotected cannon on
     * every move as it runs between two squares: perpetual chase (长捉), and it loses by the rule.
     */
    private static String winnerChases(PrintStream out) {
        return twoGames(out, CHASING_WINNER, Search.ORDERED, Search.WITH_REPETITIONS,
                "red: chapter 5; black: chapter 6");
    }

    /**
     * The position, a game with chapter 5 on one side ({@code players} says which), then
     * the same position played by chapter 6 on both sides.
     */
    private static String twoGames(PrintStream out, String fen, Techniques red, Techniques black, String players) {
        out.println(Position.fromFen(fen).diagram());
        out.println();
        Game blind = play(fen, red, black);
        printGame(out, players, fen, blind);
        out.println();
        Game ruled = play(fen, Search.WITH_REPETITIONS, Search.WITH_REPETITIONS);
        printGame(out, "red: chapter 6; black: chapter 6", fen, ruled);
        return "Headline: chapter 5: " + blind.end() + ", ply " + blind.moves().size() + "; chapter 6: "
                + ruled.end() + ", ply " + ruled.moves().size() + ".";
    }

    /**
     * Part 4: the same searches without and with the rules. The counts differ where the tree
     * holds a repetition, which now ends its line; the time per node shows what the history
     * stack and the scan at every node cost.
     */
    private static String cost(PrintStream out) {
        TextTable table = new TextTable(out, "position", "nodes 5", "nodes 6", "ratio", "time 5 ms", "time 6 ms",
                "time/node 5 ns", "time/node 6 ns").widths(-12, 7, 7, 6, 9, 9, 14, 14);
        List<Examples.Example> positions = new ArrayList<>(Examples.ALL);
        positions.add(new Examples.Example("part 1", CHECKING_WINNER));
        positions.add(new Examples.Example("part 2", CHECKING_LOSER));
        List<String> labels = List.of("start", "middlegame", "attack", "困毙", "two chariots", "part 1", "part 2");
        long[] nodes = new long[2];
        long[] millis = new long[2];
        int sameMove = 0;
        for (int i = 0; i < positions.size(); i++) {
            Search.Result[] results = new Search.Result[2];
            long[] best = {Long.MAX_VALUE, Long.MAX_VALUE};
            for (int run = 0; run < TIMED_RUNS; run++) { // the fastest of a few runs, taken in turn: fair times
                for (int rules = 0; rules < 2; rules++) {
                    Search search = rules == 0 ? Search.ordered(table()) : Search.withRepetitions(table());
                    results[rules] = Report.searching(labels.get(i) + ", chapter " + (5 + rules) + ", run " + (run + 1),
                            search, positions.get(i).position(), COST_DEPTH);
                    best[rules] = Math.min(best[rules], results[rules].millis());
                }
            }
            for (int rules = 0; rules < 2; rules++) {
                nodes[rules] += results[rules].nodes();
                millis[rules] += best[rules];
            }
            sameMove += results[0].bestMove() == results[1].bestMove() ? 1 : 0;
            table.row(labels.get(i), results[0].nodes(), results[1].nodes(),
                    String.format("%.3fx", (double) results[1].nodes() / results[0].nodes()), best[0], best[1],
                    nanosPerNode(best[0], results[0].nodes()), nanosPerNode(best[1], results[1].nodes()));
        }
        table.row("all", nodes[0], nodes[1], String.format("%.3fx", (double) nodes[1] / nodes[0]), millis[0], millis[1],
                nanosPerNode(millis[0], nodes[0]), nanosPerNode(millis[1], nodes[1]));
        out.println("The same best move with the rules and without: " + sameMove + " of " + positions.size() + " positions.");
        return "Headline: depth " + COST_DEPTH + ", seven positions: " + nodes[1] + " nodes with the rules, " + nodes[0]
                + " without" + String.format(" (%.3fx).", (double) nodes[1] / nodes[0]);
    }

    private static long nanosPerNode(long millis, long nodes) {
        return millis * 1_000_000 / Math.max(nodes, 1);
    }
}
