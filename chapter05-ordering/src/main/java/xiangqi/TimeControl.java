package xiangqi;

import java.util.function.LongSupplier;

/**
 * When a search must stop. Iterative deepening makes a search stoppable: whenever it stops,
 * the last finished iteration has a move. Two limits: after the soft one no new iteration
 * is started (the next would take longer than all before it together); at the hard one
 * the running iteration is abandoned. {@link #stop()} (UCI's {@code stop}, from another
 * thread) ends the search at once.
 *
 * <p>The time is read from a nanosecond clock, {@link System#nanoTime} unless a test
 * passes one it controls.
 */
public final class TimeControl {
    /**
     * Kept back from every time limit for what happens around the search: the JVM, the
     * pipe to the GUI, a garbage collection. A GUI must never see the engine lose on time.
     * UCI's option {@code Move Overhead} changes it.
     */
    public static final long SAFETY_MILLIS = 30;
    /** Moves left to play when the GUI does not say ({@code movestogo}). */
    static final int DEFAULT_MOVES_TO_GO = 30;
    /** Longer limits are cut to this (about 53 days), so that no sum in nanoseconds overflows. */
    static final long MAX_MILLIS = Long.MAX_VALUE / 2_000_000;

    private final LongSupplier clock;
    private final long startNanos;
    private final long softMillis;
    private final long hardMillis;
    private volatile boolean stopped;

    private TimeControl(long softMillis, long hardMillis, LongSupplier clock) {
        this.clock = clock;
        this.startNanos = clock.getAsLong();
        this.softMillis = Math.min(softMillis, MAX_MILLIS);
        this.hardMillis = Math.min(hardMillis, MAX_MILLIS);
    }

    /** No limit but {@link #stop()}: fixed-depth searches, and UCI's {@code go infinite}. */
    public static TimeControl none() {
        return new TimeControl(MAX_MILLIS, MAX_MILLIS, System::nanoTime);
    }

    /** {@code go movetime MS}: use the time, and answer before it runs out. */
    public static TimeControl moveTime(long millis) {
        return moveTime(millis, SAFETY_MILLIS, System::nanoTime);
    }

    /** {@code go movetime MS}, keeping {@code overhead} ms back, timed by {@code clock}. */
    public static TimeControl moveTime(long millis, long overhead, LongSupplier clock) {
        long hard = Math.max(1, Math.min(millis, MAX_MILLIS) - overhead);
        return new TimeControl(hard / 2, hard, clock);
    }

    /** A game clock, keeping {@link #SAFETY_MILLIS} back: see the next method. */
    static TimeControl clock(long remaining, long increment, int movesToGo) {
        return clock(remaining, increment, movesToGo, SAFETY_MILLIS, System::nanoTime);
    }

    /**
     * A game clock: {@code remaining} on ours, {@code increment} added per move, and
     * {@code movesToGo} moves to play before the next time control (0: not given). Aim at an
     * equal share of what is left, and never spend more than a fifth of it on one move, plus
     * half the increment. The increment comes only after the move, so however large it is,
     * the hard limit stays at most half of what the clock holds less {@code overhead}.
     */
    public static TimeControl clock(long remaining, long increment, int movesToGo, long overhead, LongSupplier clock) {
        int moves = movesToGo > 0 ? movesToGo : DEFAULT_MOVES_TO_GO;
        long inc = Math.min(Math.max(increment, 0), MAX_MILLIS);
        long usable = Math.max(1, Math.min(remaining, MAX_MILLIS) - overhead);
        long share = usable / moves + inc * 3 / 4;
        long hard = Math.max(1, Math.min(Math.min(2 * share, usable / 5 + inc / 2), usable / 2));
        return new TimeControl(Math.min(share, hard) / 2, hard, clock);
    }

    long softMillis() {
        return softMillis;
    }

    long hardMillis() {
        return hardMillis;
    }

    public void stop() {
        stopped = true;
    }

    boolean stopped() {
        return stopped;
    }

    /** The running iteration must be abandoned. */
    boolean mustStop() {
        return stopped || elapsedNanos() >= hardMillis * 1_000_000;
    }

    /** No new iteration should start. */
    boolean noTimeForAnotherIteration() {
        return stopped || elapsedNanos() >= softMillis * 1_000_000;
    }

    private long elapsedNanos() {
        return clock.getAsLong() - startNanos;
    }
}
