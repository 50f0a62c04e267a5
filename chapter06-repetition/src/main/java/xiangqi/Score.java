package xiangqi;

/**
 * The score bands, named once and kept by every chapter; this chapter adds the ban band.
 *
 * <pre>
 *  -INFINITE  -MATE  -MATE_BOUND  -BAN  -BAN_BOUND     0     BAN_BOUND  BAN  MATE_BOUND  MATE  INFINITE
 *      |--------|--------|---------|--------|----------|----------|------|-------|--------|-------|
 *    window   mated   mated in   lost by   lost by   normal    wins by  wins by  mate in  mate  window
 *    bound    now     MAX_PLY    rule now  rule in   scores    rule in  rule    MAX_PLY  now   bound
 *                                          MAX_PLY             MAX_PLY  now
 * </pre>
 *
 * A side that has no legal move has lost (checkmate and stalemate, 困毙, alike), so the
 * search scores it {@code -(MATE - ply)}: the deeper the mate, the smaller its size, and a
 * shorter win is preferred. Every score with an absolute value above {@link #MATE_BOUND}
 * is a mate score. {@link #INFINITE} lies outside every score the search can return, so
 * it can open a search window without ever being mistaken for a real result.
 *
 * <p><b>Ban scores</b> (禁着分, XQWLight's BAN_VALUE). A side whose repetition the rules
 * forbid (perpetual check, perpetual chase) loses the game: it scores
 * {@code -(BAN - ply)}, just short of a mate, so the search prefers any mate to it and it
 * to any normal score. Its own band keeps it apart from mates because it is not a fact
 * about the position but about the path that reached it: the same board reached another
 * way is no loss at all. So is a {@link #DRAW} by repetition. Neither may enter the
 * transposition table ({@link #dependsOnPath}).
 */
public final class Score {
    static final int MAX_PLY = 64;
    public static final int MATE = 30_000;
    public static final int MATE_BOUND = MATE - MAX_PLY;
    public static final int INFINITE = 32_000;
    /** Lost by a repetition rule now; lost by it {@code ply} plies from the root is {@code -(BAN - ply)}. */
    static final int BAN = MATE_BOUND - 100;
    static final int BAN_BOUND = BAN - MAX_PLY;
    /**
     * A draw by repetition. No evaluation returns it (the search turns an evaluation of 0
     * into 1), so a score of exactly 0 in the tree always comes from a repetition.
     */
    public static final int DRAW = 0;

    private Score() {
    }

    public static boolean isMate(int score) {
        return Math.abs(score) > MATE_BOUND;
    }

    /** A loss (or, if positive, a win) by a repetition rule. */
    static boolean isBan(int score) {
        return Math.abs(score) > BAN_BOUND && Math.abs(score) <= BAN;
    }

    /** Scores that come from the path and not the position: a repetition's draw or ban. */
    static boolean dependsOnPath(int score) {
        return score == DRAW || isBan(score);
    }

    /** The side to move loses by a repetition rule {@code ply} plies from the root. */
    static int bannedIn(int ply) {
        return -BAN + ply;
    }

    /** The side to move is mated {@code ply} plies from the root. */
    public static int matedIn(int ply) {
        return -MATE + ply;
    }

    /**
     * UCI's form of a score: {@code cp 35}, or {@code mate 3} (the side to move mates in
     * three of its own moves), {@code mate -2} (it is mated in two).
     */
    public static String toUci(int score) {
        if (!isMate(score)) {
            return "cp " + score;
        }
        int plies = MATE - Math.abs(score);
        int moves = (plies + 1) / 2;
        return "mate " + (score > 0 ? moves : -moves);
    }

    /**
     * A score as the demo tables show it: centipawns, M3 / -M2 for a mate in moves, and
     * B2 / -B2 for a win / loss by a repetition rule in moves.
     */
    public static String toShortText(int score) {
        if (isBan(score)) {
            int moves = (BAN - Math.abs(score) + 1) / 2;
            return (score > 0 ? "B" : "-B") + moves;
        }
        String uci = toUci(score);
        return uci.startsWith("mate ") ? "M" + uci.substring(5) : uci.substring(3);
    }
}
