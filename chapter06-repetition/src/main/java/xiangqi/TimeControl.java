package xiangqi;

/**
 * When a search must stop. Iterative deepening makes a search stoppable: whenever it stops,
 * the last finished iteration has a move. Two limits: after the soft one no new iteration
 * is started (the next would take longer than all before it together); at the hard one
 * the running iteration is abandoned. {@link #stop()} (UCI's {@code stop}, from another
 * thread) ends the search at once.
 */
final class TimeControl {
    /**
     * Kept back from every time limit for what happens around the search: the JVM, the
     * pipe to the GUI, a garbage collection. A GUI must never see the engine lose on time.
     */
    static final long SAFETY_MILLIS = 30;
    /** Moves left to play when the GUI does not say ({@code movestogo}). */
    static final int DEFAULT_MOVES_TO_GO = 30;

    private final long startNanos = System.nanoTime();
    private final long softNanos;
    private final long hardNanos;
    private volatile boolean stopped;

    private TimeControl(long softMillis, long hardMillis) {
        this.softNanos = softMillis * 1_000_000;
        this.hardNanos = hardMillis * 1_000_000;
    }

    /** No limit but {@link #stop()}: fixed-depth searches, and UCI's {@code go infinite}. */
    static TimeControl none() {
        return new TimeControl(Long.MAX_VALUE / 2_000_000, Long.MAX_VALUE / 2_000_000);
    }

    /** {@code go movetime MS}: use the time, and answer before it runs out. */
    static TimeControl moveTime(long millis) {
        long hard = Math.max(1, millis - SAFETY_MILLIS);
        return new TimeControl(hard / 2, hard);
    }

    /**
     * A game clock: {@code remaining} on ours, {@code increment} added per move, and
     * {@code movesToGo} moves to play before the next time control (0: not given). Aim at an
     * equal share of what is left, and never spend more than a fifth of it on one move.
     */
    static TimeControl clock(long remaining, long increment, int movesToGo) {
        int moves = movesToGo > 0 ? movesToGo : DEFAULT_MOVES_TO_GO;
        long usable = Math.max(1, remaining - SAFETY_MILLIS);
        long share = usable / moves + increment * 3 / 4;
        long hard = Math.max(1, Math.min(2 * share, usable / 5 + increment / 2));
        return new TimeControl(Math.min(share, hard) / 2, hard);
    }

    void stop() {
        stopped = true;
    }

    /** The running iteration must be abandoned. */
    boolean mustStop() {
        return stopped || System.nanoTime() - startNanos >= hardNanos;
    }

    /** No new iteration should start. */
    boolean noTimeForAnotherIteration() {
        return stopped || System.nanoTime() - startNanos >= softNanos;
    }
}
