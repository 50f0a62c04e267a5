package xiangqi.common;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import xiangqi.Move;
import xiangqi.Notation;
import xiangqi.Piece;
import xiangqi.Position;
import xiangqi.Repetition;
import xiangqi.Square;

/**
 * The repetition ruling in words, for people: {@code judge --why} prints it and the web board
 * shows it. The lesson ({@link Repetition#judge}) returns the ruling as data, the cycle and
 * each side's level and what earned it; the sentences, in English and in an arbiter's Chinese,
 * live here, with the tools that print them. It lives in this package because both the
 * command line and the web board use it, and neither may import the other's.
 */
public final class RulingText {
    private RulingText() {
    }

    /**
     * The ruling on {@code position}, explained one line each: the cycle and each side's level
     * (or how far the move limit has counted, or why there is no repetition), then the verdict,
     * always the last line. In Chinese for any Chinese locale (an arbiter's words: 长将, 长捉,
     * 允许着法, 判负, 判和), in English otherwise. The lines are the same in number and order in
     * both, and the last, the verdict, is the same word in both ({@link Repetition.Outcome#text}),
     * for a program to read. The cycle's moves are in ICCS coordinates, as the command line
     * takes them, and in Chinese notation first on the Chinese lines (将4进1 …（d9d8 …）), as an
     * arbiter writes them.
     */
    public static List<String> explain(Position position, Locale language) {
        boolean zh = language.getLanguage().equals("zh");
        List<String> lines = new ArrayList<>();
        Repetition.Verdict verdict = Repetition.judge(position);
        if (verdict.outcome() == Repetition.Outcome.MOVE_LIMIT) {
            int plies = Repetition.pliesTowardLimit(position);
            // The rule book counts the limit in 回合 (a move of each side), 60 of them; 步 is one side's move.
            lines.add(zh ? "未吃子已计 " + plies + " 步（" + plies / 2 + " 回合），达到 " + Repetition.MOVE_LIMIT_PLIES / 2
                            + " 回合的自然限着（一方第 " + Repetition.COUNTED_CHECKS + " 次以后的将军不计）：判和"
                    : plies + " plies without a capture count toward the move limit of " + Repetition.MOVE_LIMIT_PLIES
                            + " (a side's checks after its " + Repetition.COUNTED_CHECKS + "th do not)");
        } else if (verdict.outcome() != Repetition.Outcome.NONE) {
            lines.add(cameBack(position, verdict, verdict.start(), verdict.cycle(), zh));
            // From the third occurrence on, the cycle before counts too; say so when it differs.
            int[] earlier = new int[verdict.start() - Math.max(verdict.judgedFrom(), 0)];
            Arrays.setAll(earlier, i -> position.moveAt(verdict.judgedFrom() + i));
            if (earlier.length > 0 && !Arrays.equals(earlier, verdict.cycle())) {
                lines.add(zh ? "此前，" + cameBack(position, verdict, verdict.judgedFrom(), earlier, true) + "；两个循环一并裁决"
                        : "before that, " + cameBack(position, verdict, verdict.judgedFrom(), earlier, false) + " (both cycles are judged)");
            }
            for (int color = Piece.RED; color <= Piece.BLACK; color++) {
                lines.add(zh ? levelInChinese(position, verdict, color) : levelInEnglish(position, verdict, color));
            }
            lines.add(occurrence(verdict, zh));
        } else if (zh) {
            lines.add("无重复：同一方走棋时，此局面此前未曾出现");
            lines.add("（往回查到最近一次吃子或兵卒前进为止）");
        } else {
            lines.add("no repetition: this position has not stood before with the same side to move");
            lines.add("(the scan looks back as far as the last capture or soldier's step forward)");
        }
        lines.add(verdict.outcome().text);
        return lines;
    }

    /**
     * "The position after ply N came back K plies later: the moves", in English or Chinese; the
     * moves were played from the game's entry {@code start}.
     */
    private static String cameBack(Position position, Repetition.Verdict verdict, int start, int[] moves, boolean zh) {
        String played = String.join(" ", Arrays.stream(moves).mapToObj(Move::toUci).toList());
        if (zh) {
            return (start == 0 ? "第一步之前的局面" : "第 " + start + " 步后的局面") + "在 " + moves.length + " 步后重现："
                    + inChinese(position, start, verdict.start() + verdict.cycle().length, moves) + "（" + played + "）";
        }
        // plies, as the demo's games count them
        return (start == 0 ? "the position before the first move" : "the position after ply " + start)
                + " came back " + moves.length + " plies later: " + played;
    }

    /**
     * The moves in Chinese notation, each read on the board where it was played: the game, now
     * at its entry {@code end}, is taken back to its entry {@code start}, and played forward again.
     */
    private static String inChinese(Position position, int start, int end, int[] moves) {
        int[] undone = new int[end - start];
        for (int i = undone.length - 1; i >= 0; i--) {
            undone[i] = position.moveAt(start + i);
            position.unmakeMove(undone[i]);
        }
        String line = Notation.chineseLine(position, moves, 0, moves.length);
        for (int move : undone) {
            position.makeMove(move);
        }
        return line;
    }

    /** How many times the position has stood, and when an arbiter rules. */
    private static String occurrence(Repetition.Verdict verdict, boolean zh) {
        int n = verdict.occurrence();
        if (!zh) {
            return "the position stands for the " + (n == 2 ? "second" : n == 3 ? "third" : ordinal(n))
                    + " time: an arbiter rules " + (verdict.endsTheGame() ? "now" : "at the third");
        }
        String ordinal = n <= 10 ? String.valueOf("〇一二三四五六七八九十".charAt(n)) : " " + n + " ";
        String ruling = switch (verdict.outcome()) {
            case RED_LOSES -> "红方判负";
            case BLACK_LOSES -> "黑方判负";
            default -> "判和";
        };
        return "此局面第" + ordinal + "次出现，" + (verdict.endsTheGame() ? "裁判现在裁决：" + ruling
                : "待第三次出现时裁判裁决：不变则" + ruling);
    }

    /** An English ordinal in figures: 4th, 11th, 12th, 13th, but 21st, 22nd, 23rd. */
    static String ordinal(int n) {
        int lastTwo = n % 100;
        String suffix = lastTwo >= 11 && lastTwo <= 13 ? "th"
                : switch (n % 10) {
                    case 1 -> "st";
                    case 2 -> "nd";
                    case 3 -> "rd";
                    default -> "th";
                };
        return n + suffix;
    }

    /** A side's level and what earned it, in columns: "red   check every red move gave check". */
    private static String levelInEnglish(Position position, Repetition.Verdict verdict, int color) {
        Repetition.Level level = verdict.level()[color];
        int chased = verdict.chasedFrom()[color];
        String detail = switch (level) {
            case CHECK -> "every " + Position.colorName(color) + " move gave check";
            case CHASE -> "every " + Position.colorName(color) + " move attacked anew the "
                    + Position.colorName(color ^ 1) + " " + pieceName(position.pieceAt(chased), false)
                    + " that stood on " + Square.name(chased);
            case IDLE -> "neither all checks nor all chases of one piece";
        };
        return String.format("%-5s %-5s %s", Position.colorName(color), level.name().toLowerCase(Locale.ROOT), detail);
    }

    /**
     * The same in Chinese: "红方 长将 每一着都将军". Every word in the first two columns is two
     * characters wide, so the columns line up as in English.
     */
    private static String levelInChinese(Position position, Repetition.Verdict verdict, int color) {
        String side = color == Piece.RED ? "红方" : "黑方";
        int chased = verdict.chasedFrom()[color];
        return switch (verdict.level()[color]) {
            case CHECK -> side + " 长将 每一着都将军";
            case CHASE -> side + " 长捉 每一着都重新捉原在 " + Square.name(chased) + " 的"
                    + (color == Piece.RED ? "黑" : "红") + pieceName(position.pieceAt(chased), true);
            // 一将一闲 and 一将一捉 are what the Asian rules call 允许着法 (permitted), as pure idle moves are
            case IDLE -> side + " 允许 允许着法：既非每着将军，也非每着捉同一子";
        };
    }

    /**
     * A piece's name, the lesson's own: "cannon" in English; in Chinese as a game record writes
     * it, red's and black's apart (帅 and 将, 兵 and 卒).
     */
    static String pieceName(int piece, boolean zh) {
        return zh ? String.valueOf(Piece.notationName(piece)) : Position.typeName(Piece.type(piece));
    }
}
