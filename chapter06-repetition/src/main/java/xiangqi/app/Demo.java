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
    static final String INTRODUCTION_ZH = """
            第 6 章：重复局面（repetition）。第 5 章的搜索看不出局面会重复出现；本章的搜索按棋例裁决：
            长将（perpetual check）或长捉（perpetual chase）判负，其他重复判和。对局：每一步都用一张新的
            置换表搜索到深度 4，对局已走的着法放在历史栈上；对局在将死时结束，或者像裁判那样结束：
            同一局面第三次出现时（按棋例裁决），或者连续 60 回合没有吃子时。""";

    static final List<Report.Part> PARTS = List.of(
            new Report.Part("Winning, chapter 5 checks for ever and loses; chapter 6 mates.",
                    "占优的第 5 章不停地将军，被判负；第 6 章将死对方。", true, Demo::winnerRepeats),
            new Report.Part("Lost: chapter 5 defends by perpetual check and loses; chapter 6 draws.",
                    "劣势：第 5 章以长将防守，被判负；第 6 章弈和。", false, Demo::defenderRepeats),
            new Report.Part("Winning, chapter 5 chases a cannon for ever and loses; chapter 6 mates.",
                    "占优的第 5 章不停地捉炮，被判负；第 6 章将死对方。", false, Demo::winnerChases),
            new Report.Part("What the rules cost: nodes and time, chapter 5 beside chapter 6.",
                    "棋例的代价：节点与用时，第 5 章与第 6 章并列。", false, Demo::cost));

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
        /**
         * The end in words, in the report's language: "black is mated", "red loses by
         * perpetual check", "a draw by repetition"; 黑方被将死, 红方长将判负, 重复局面判和.
         */
        public String end() {
            if (verdict == null) {
                return result.equals("unfinished") ? Report.say(result, "未下完")
                        : Report.say(result, (result.startsWith("red") ? "红方" : "黑方") + "被将死");
            }
            if (verdict.outcome() == Repetition.Outcome.MOVE_LIMIT) {
                return Report.say("a move-limit draw", "自然限着判和");
            }
            int loser = verdict.outcome().loser();
            if (loser == -1) {
                return Report.say("a draw by repetition", "重复局面判和");
            }
            boolean check = verdict.level()[loser] == Repetition.Level.CHECK;
            return Report.say(Position.colorName(loser) + " loses by perpetual " + (check ? "check" : "chase"),
                    side(loser) + (check ? "长将" : "长捉") + "判负");
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
            int ply = moves.size() + 1;
            Search.Result result = Report.searching(Report.say("playing, ply " + ply, "对局中，第 " + ply + " 步"),
                    new Search(techniques, table()), position, GAME_DEPTH);
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

    /**
     * A game as move pairs, eight plies to a line, then how it ended and why. The moves are
     * ICCS in English, Chinese notation in Chinese (车六退一 将6退1), as a Chinese game record is.
     */
    private static void printGame(PrintStream out, String title, String fen, Game game) {
        out.println(title);
        StringBuilder line = new StringBuilder();
        Position position = Position.fromFen(fen);
        for (int ply = 0; ply < game.moves().size(); ply++) {
            if (ply % 2 == 0) {
                line.append("  ").append(ply / 2 + 1).append(". ");
            }
            int move = game.moves().get(ply);
            line.append(Report.say(Move.toUci(move), Notation.chinese(position, move))).append(' ');
            position.makeMove(move);
            if (ply % 8 == 7) {
                out.println(line.toString().stripTrailing());
                line.setLength(0);
            }
        }
        if (line.length() > 0) {
            out.println(line.toString().stripTrailing());
        }
        // judge's verdict word (red-loses) in English only: the Chinese line says it in words already
        out.println(Report.say("  after ply " + game.moves().size() + ": ", "  第 " + (game.moves().size() + 1) / 2 + " 回合、共 " + game.moves().size() + " 步之后：")
                + game.end() + (game.verdict() == null ? "" : Report.say(" (judge: " + game.result() + ")", "")));
        Repetition.Verdict verdict = game.verdict();
        if (verdict != null && verdict.cycle().length > 0) { // a repetition: its cycle, and why
            Position start = Position.fromFen(fen);
            for (int ply = 0; ply < verdict.start(); ply++) {
                start.makeMove(game.moves().get(ply));
            }
            out.println(Report.say("  the cycle: ", "  循环：")
                    + Notation.chineseLine(start, verdict.cycle(), 0, verdict.cycle().length));
            out.println(Report.say("  red " + level(verdict, Piece.RED) + ", black " + level(verdict, Piece.BLACK)
                    + ": the higher level loses, equal levels draw",
                    "  红方为" + level(verdict, Piece.RED) + "，黑方为" + level(verdict, Piece.BLACK)
                    + "：级别高的一方判负，级别相同判和"));
        }
    }

    /** A side's level in the cycle, in the report's language: idle, chase, check; 允许着法, 长捉, 长将. */
    private static String level(Repetition.Verdict verdict, int color) {
        Repetition.Level level = verdict.level()[color];
        return Report.say(level.name().toLowerCase(java.util.Locale.ROOT), switch (level) {
            case IDLE -> "允许着法"; // 一将一闲, 一将一捉 and idle moves alike: the rule book permits them
            case CHASE -> "长捉";
            case CHECK -> "长将";
        });
    }

    /** 红方 or 黑方. */
    private static String side(int color) {
        return color == Piece.RED ? "红方" : "黑方";
    }

    /** Part 1: the winning side, blind to repetition, repeats its checks and loses by the rule. */
    private static String winnerRepeats(PrintStream out) {
        return twoGames(out, CHECKING_WINNER, Search.ORDERED, Search.WITH_REPETITIONS, 5, 6);
    }

    /** Part 2: the losing side reaches for perpetual check, the chess habit; here it loses. */
    private static String defenderRepeats(PrintStream out) {
        return twoGames(out, CHECKING_LOSER, Search.WITH_REPETITIONS, Search.ORDERED, 6, 5);
    }

    /**
     * Part 3: the winning side, blind to repetition, attacks the same unprotected cannon on
     * every move as it runs between two squares: perpetual chase (长捉), and it loses by the rule.
     */
    private static String winnerChases(PrintStream out) {
        return twoGames(out, CHASING_WINNER, Search.ORDERED, Search.WITH_REPETITIONS, 5, 6);
    }

    /**
     * The position, a game with chapter 5 on one side ({@code redChapter} and
     * {@code blackChapter} say which), then the same position played by chapter 6 on both sides.
     */
    private static String twoGames(PrintStream out, String fen, Techniques red, Techniques black, int redChapter,
            int blackChapter) {
        out.println(Report.diagram(Position.fromFen(fen)));
        out.println();
        Game blind = play(fen, red, black);
        printGame(out, players(redChapter, blackChapter), fen, blind);
        out.println();
        Game ruled = play(fen, Search.WITH_REPETITIONS, Search.WITH_REPETITIONS);
        printGame(out, players(6, 6), fen, ruled);
        return Report.say("Headline: chapter 5: " + blind.end() + ", ply " + blind.moves().size() + "; chapter 6: "
                + ruled.end() + ", ply " + ruled.moves().size() + ".",
                "要点：第 5 章：" + blind.end() + "，第 " + blind.moves().size() + " 步；第 6 章："
                + ruled.end() + "，第 " + ruled.moves().size() + " 步。");
    }

    /** "red: chapter 5; black: chapter 6", who plays which side. */
    private static String players(int redChapter, int blackChapter) {
        return Report.say("red: chapter " + redChapter + "; black: chapter " + blackChapter,
                "红方：第 " + redChapter + " 章；黑方：第 " + blackChapter + " 章");
    }

    /**
     * Part 4: the same searches without and with the rules. The counts differ where the tree
     * holds a repetition, which now ends its line; the time per node shows what the history
     * stack and the scan at every node cost.
     */
    private static String cost(PrintStream out) {
        TextTable table = new TextTable(out, Report.say("position", "局面"), Report.say("nodes 5", "节点 5"),
                Report.say("nodes 6", "节点 6"), Report.say("ratio", "倍数"), Report.say("time 5 ms", "毫秒 5"),
                Report.say("time 6 ms", "毫秒 6"), Report.say("time/node 5 ns", "纳秒/节点 5"),
                Report.say("time/node 6 ns", "纳秒/节点 6"))
                // widths no wider than the English headers (that layout stays): the Chinese ones are narrower
                .widths(-12, 7, 7, 6, 6, 6, 6, 6);
        List<Examples.Example> positions = new ArrayList<>(Examples.ALL);
        positions.add(new Examples.Example("part 1", CHECKING_WINNER));
        positions.add(new Examples.Example("part 2", CHECKING_LOSER));
        List<String> labels = List.of(Report.say("start", "初始局面"), Report.say("middlegame", "中局"),
                Report.say("attack", "攻势"), "困毙", Report.say("two chariots", "双车"), Report.say("part 1", "第 1 部分"),
                Report.say("part 2", "第 2 部分"));
        long[] nodes = new long[2];
        long[] millis = new long[2];
        int sameMove = 0;
        List<String> otherMove = new ArrayList<>();
        for (int i = 0; i < positions.size(); i++) {
            Search.Result[] results = new Search.Result[2];
            long[] best = {Long.MAX_VALUE, Long.MAX_VALUE};
            for (int run = 0; run < TIMED_RUNS; run++) { // the fastest of a few runs, taken in turn: fair times
                for (int rules = 0; rules < 2; rules++) {
                    Search search = rules == 0 ? Search.ordered(table()) : Search.withRepetitions(table());
                    int chapter = 5 + rules;
                    String what = labels.get(i) + Report.say(", chapter " + chapter + ", run " + (run + 1),
                            "，第 " + chapter + " 章，第 " + (run + 1) + " 次");
                    results[rules] = Report.searching(what, search, positions.get(i).position(), COST_DEPTH);
                    best[rules] = Math.min(best[rules], results[rules].millis());
                }
            }
            for (int rules = 0; rules < 2; rules++) {
                nodes[rules] += results[rules].nodes();
                millis[rules] += best[rules];
            }
            if (results[0].bestMove() == results[1].bestMove()) {
                sameMove++;
            } else {
                Position position = positions.get(i).position();
                otherMove.add(labels.get(i) + " " + Report.say(Move.toUci(results[0].bestMove()) + " → "
                        + Move.toUci(results[1].bestMove()), Notation.chinese(position, results[0].bestMove()) + " → "
                        + Notation.chinese(position, results[1].bestMove())));
            }
            table.row(labels.get(i), results[0].nodes(), results[1].nodes(),
                    String.format("%.3f×", (double) results[1].nodes() / results[0].nodes()), best[0], best[1],
                    nanosPerNode(best[0], results[0].nodes()), nanosPerNode(best[1], results[1].nodes()));
        }
        table.row(Report.say("all", "合计"), nodes[0], nodes[1], String.format("%.3f×", (double) nodes[1] / nodes[0]), millis[0], millis[1],
                nanosPerNode(millis[0], nodes[0]), nanosPerNode(millis[1], nodes[1]));
        String others = String.join(Report.say(", ", "、"), otherMove);
        out.println(Report.say("The same best move with the rules and without: " + sameMove + " of " + positions.size()
                + " positions" + (others.isEmpty() ? "." : " (not " + others + ")."),
                "有棋例与无棋例时最佳着法相同的局面：" + sameMove + " 个，共 " + positions.size() + " 个"
                + (others.isEmpty() ? "。" : "（不同的：" + others + "）。")));
        String ratio = String.format("%.3f×", (double) nodes[1] / nodes[0]);
        return Report.say("Headline: depth " + COST_DEPTH + ", seven positions: " + nodes[1] + " nodes with the rules, "
                + nodes[0] + " without (" + ratio + ").",
                "要点：深度 " + COST_DEPTH + "，七个局面：有棋例 " + nodes[1] + " 个节点，无棋例 " + nodes[0] + " 个（是后者的 " + ratio.replace("×", " 倍") + "）。");
    }

    private static long nanosPerNode(long millis, long nodes) {
        return millis * 1_000_000 / Math.max(nodes, 1);
    }
}
