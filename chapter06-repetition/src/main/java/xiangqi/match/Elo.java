package xiangqi.match;

import xiangqi.*;

/**
 * What a match's results say about strength, the way engine testers count it. Each opening
 * is played twice, colours swapped, so the unit of evidence is the pair: it scores 0, ½, 1,
 * 1½ or 2 for the first engine (the pentanomial model). Counting pairs rather than games
 * takes out the opening's bias (a lopsided opening wins once for each side) and gives an
 * honest interval: the two games of a pair are not independent.
 *
 * <p>{@code pairs[k]} counts the pairs that scored k half-points, k = 0..4. The games'
 * wins, draws and losses are kept beside them for the result line.
 */
record Elo(int wins, int draws, int losses, int[] pairs) {
    /** A 95% interval: ±1.96 standard errors of the mean. */
    static final double Z_95 = 1.96;

    /** Nothing played yet. */
    static Elo none() {
        return new Elo(0, 0, 0, new int[5]);
    }

    /** These counts and one more pair: the first engine's two results, each 1, ½ or 0. */
    Elo plus(double first, double second) {
        int[] more = pairs.clone();
        more[(int) Math.round(2 * (first + second))]++;
        return new Elo(wins + win(first) + win(second), draws + draw(first) + draw(second),
                losses + win(1 - first) + win(1 - second), more);
    }

    private static int win(double score) {
        return score == 1 ? 1 : 0;
    }

    private static int draw(double score) {
        return score == 0.5 ? 1 : 0;
    }

    int games() {
        return wins + draws + losses;
    }

    int pairCount() {
        int count = 0;
        for (int n : pairs) {
            count += n;
        }
        return count;
    }

    /** The first engine's score, 0..1: a win 1, a draw ½. */
    double score() {
        return games() == 0 ? 0.5 : (wins + 0.5 * draws) / games();
    }

    /**
     * The logistic Elo difference that predicts {@code score}: 400·log10(s / (1 − s)).
     * A 64% score is +100, 76% is +200. A score of 0 or 1 gives an infinite difference.
     */
    static double difference(double score) {
        if (score <= 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (score >= 1) {
            return Double.POSITIVE_INFINITY;
        }
        return -400 * Math.log10(1 / score - 1);
    }

    /** The expected score of a side {@code elo} points stronger: the inverse of {@link #difference}. */
    static double expectedScore(double elo) {
        return 1 / (1 + Math.pow(10, -elo / 400));
    }

    /** The Elo difference the match measured. */
    double elo() {
        return difference(score());
    }

    /** The mean of a pair's score per game (0, ¼, ½, ¾ or 1), over {@code counts} pairs of each kind. */
    private static double mean(double[] counts) {
        double sum = 0;
        double total = 0;
        for (int k = 0; k < 5; k++) {
            sum += counts[k] * k / 4.0;
            total += counts[k];
        }
        return sum / total;
    }

    /** The variance of a pair's score per game: the spread the interval and the SPRT need. */
    private static double variance(double[] counts) {
        double mean = mean(counts);
        double sum = 0;
        double total = 0;
        for (int k = 0; k < 5; k++) {
            sum += counts[k] * (k / 4.0 - mean) * (k / 4.0 - mean);
            total += counts[k];
        }
        return sum / total;
    }

    private double[] counts() {
        return java.util.Arrays.stream(pairs).asDoubleStream().toArray();
    }

    /**
     * Half the width of the 95% interval in Elo: the pair mean ± 1.96 standard errors,
     * each end turned into Elo, half the distance between them. Infinite while an end
     * reaches a score of 0 or 1; 0 when every pair scored the same.
     */
    double margin() {
        if (pairCount() == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double error = Z_95 * Math.sqrt(variance(counts()) / pairCount());
        double mean = mean(counts());
        return (difference(mean + error) - difference(mean - error)) / 2;
    }

    /**
     * The log-likelihood ratio of H1 (the first engine is {@code elo1} stronger) against H0
     * ({@code elo0}), in the generalised SPRT's normal approximation on pair scores (as
     * Fishtest computes it): N·(μ1 − μ0)·(2·x̄ − μ0 − μ1) / (2·σ²), with μ the expected
     * score under each hypothesis, x̄ the mean pair score per game and σ² its variance.
     * A kind of pair not seen yet counts as 0.001 pair, as engine testers regularise, so
     * that the spread is never 0 and a one-sided match can end.
     */
    double llr(double elo0, double elo1) {
        if (pairCount() == 0) {
            return 0;
        }
        double[] counts = counts();
        for (int k = 0; k < 5; k++) {
            counts[k] = Math.max(counts[k], 1e-3);
        }
        double mu0 = expectedScore(elo0);
        double mu1 = expectedScore(elo1);
        return pairCount() * (mu1 - mu0) * (2 * mean(counts) - mu0 - mu1) / (2 * variance(counts));
    }

    /** The SPRT's lower bound, ln(β / (1 − α)): below it H0 is accepted. */
    static double lowerBound(double alpha, double beta) {
        return Math.log(beta / (1 - alpha));
    }

    /** The SPRT's upper bound, ln((1 − β) / α): above it H1 is accepted. */
    static double upperBound(double alpha, double beta) {
        return Math.log((1 - beta) / alpha);
    }

    /** The match's last line: {@code result wins W draws D losses L score S% elo E ± M}. */
    String resultLine() {
        return String.format(java.util.Locale.ROOT, "result wins %d draws %d losses %d score %.1f%% elo %s ± %s",
                wins, draws, losses, 100 * score(), signed(elo()), unsigned(margin()));
    }

    private static String signed(double elo) {
        return Double.isInfinite(elo) ? (elo > 0 ? "+inf" : "-inf") : String.format(java.util.Locale.ROOT, "%+d", Math.round(elo)); // rounded first: no "-0"
    }

    private static String unsigned(double margin) {
        return Double.isInfinite(margin) || Double.isNaN(margin) ? "inf" : String.format(java.util.Locale.ROOT, "%.0f", margin);
    }
}
