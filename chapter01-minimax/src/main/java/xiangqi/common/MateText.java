package xiangqi.common;

/**
 * A mate as the Chinese edition writes it, one way everywhere a Chinese reader looks (issue
 * 42): 一步杀, 两步杀, 十二步杀 for the side that mates, 被一步杀 for the side being mated; the
 * count is the mating side's moves, in Chinese numerals as a Xiangqi book writes them. The
 * demo's tables and the tree picture both print it, so it lives here, beside the tools.
 */
public final class MateText {
    private MateText() {
    }

    /** A mate in {@code moves} (negative: being mated), in Chinese: 两步杀, 被一步杀. */
    public static String chinese(int moves) {
        return (moves < 0 ? "被" : "") + count(Math.abs(moves)) + "步杀";
    }

    /**
     * The text of a short score ({@code 35}, {@code M2}, {@code M-1}, as the lesson's
     * {@code Score.toShortText} writes it) in Chinese: centipawns unchanged, a mate in words.
     */
    public static String chineseShortScore(String shortText) {
        return shortText.startsWith("M") ? chinese(Integer.parseInt(shortText.substring(1))) : shortText;
    }

    /** A count as Chinese writes it before a measure word: 一, 两, 三 … 十, 十一 … 九十九. */
    static String count(int count) {
        String digits = "零一二三四五六七八九";
        if (count == 2) {
            return "两";
        }
        if (count < 10) {
            return String.valueOf(digits.charAt(count));
        }
        if (count < 100) {
            return (count < 20 ? "" : String.valueOf(digits.charAt(count / 10))) + "十"
                    + (count % 10 == 0 ? "" : String.valueOf(digits.charAt(count % 10)));
        }
        return String.valueOf(count);
    }
}
