package xiangqi;

/**
 * The score bands, named once and kept by every chapter; this chapter adds the draw by
 * repetition, and scores a loss by the rule like a mate.
 *
 * <pre>
 *  -INFINITE   -MATE  -MATE_BOUND      0      MATE_BOUND   MATE   INFINITE
 *      |---------|--------|------------|------------|--------|---------|
 *    window   mated    mated in    normal scores   mate in   mate    window
 *    bound    now      MAX_PLY                     MAX_PLY   now     bound
 * </pre>
 *
 * A side that has no legal move has lost (checkmate and stalemate, 困毙, alike), so the
 * search scores it {@code -(MATE - ply)}: the deeper the mate, the smaller its size, and a
 * shorter win is preferred. Every score with an absolute value above {@link #MATE_BOUND}
 * is a mate score. {@link #INFINITE} lies outside every score the search can return, so
 * it can open a search window without ever being mistaken for a real result.
 *
 * <p><b>A loss by the rule</b> (perpetual check, perpetual chase) ends the game as a mate
 * does, and scores as one, {@code -(MATE - ply)}, as Pikafish and Fairy-Stockfish score it
 * (XQWLight's BAN_VALUE, a band of its own just below the mates, made a side facing mate in
 * ten prefer to lose by the rule at once). So a later loss is preferred to an earlier one,
 * whichever way it comes. Unlike a mate it is a fact about the path that reached the
 * position, not the board, as is a {@link #DRAW} by repetition: the table keeps neither.
 */
public final class Score {
    static final int MAX_PLY = 64;
    public static final int MATE = 30_000;
    public static final int MATE_BOUND = MATE - MAX_PLY;
    public static final int INFINITE = 32_000;
    /** A draw by repetition: no evaluation returns it (the search turns 0 into 1), only a repetition. */
    public static final int DRAW = 0;

    private Score() {
    }

    public static boolean isMate(int score) {
        return Math.abs(score) > MATE_BOUND;
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

    /** A score as the demo tables show it: centipawns, or M3 / -M2 for a mate in moves. */
    public static String toShortText(int score) {
        String uci = toUci(score);
        return uci.startsWith("mate ") ? "M" + uci.substring(5) : uci.substring(3);
    }
}
