package xiangqi;

import java.util.function.LongSupplier;

/**
 * When a search must stop. Iterative deepening makes a search stoppable: whenever it stops,
 * the last finished iteration has a move, and so may the iteration it was in (see
 * {@link Search#search(Position, int, TimeControl, java.util.function.Consumer)}). Two
 * limits: the <em>soft</em> one is the time the move should take, the <em>hard</em> one the
 * most it may take; at the hard one the running iteration is cut short. A new iteration
 * starts only if its first root move is predicted to be searched before the soft limit:
 * the next iteration is predicted from the last two, as the last one's time times the
 * ratio of the last two ({@link #noTimeForAnotherIteration}). {@link #stop()} (UCI's
 * {@code stop}, from another thread) ends the search at once.
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

    /**
     * The share of an iteration's time that its first root move takes, as this engine
     * searches: the previous best move, tried first, with the full window, and the other
     * moves only to be refuted. Once that move is searched, a cut-short iteration has an
     * answer (it pays); so an iteration is started when this much of it is predicted to fit.
     * Measured (chapter 5's README, "Why 15%"): from 0 to 0.8 of an iteration's nodes on
     * the demo positions, depths 4 to 8, and 0.14 in the middle. An iteration is started when
     * its first move is more likely than not to be done in time.
     */
    static final double FIRST_MOVE_SHARE = 0.15;
    /**
     * The ratio of two iterations' times is taken no higher than this. Measured in nodes, the
     * iterations from depth 4 on cost 0.9 to 13 times the one before; in time, an early
     * iteration of a millisecond can be made 100 times slower by a garbage collection, and
     * a prediction 100 times too high would end the search at once.
     */
    static final double MAX_RATIO = 16;

    private final LongSupplier clock;
    private final long startNanos;
    private final long softMillis;
    private final long hardMillis;
    /** {@code movetime}: time not used on this move is lost, so every iteration that may pay is started. */
    private final boolean timeLostIfUnused;
    private volatile boolean stopped;
    /** The clock at the end of the last finished iteration, and the times of the last two, in ns from the start. */
    private long iterationEndNanos;
    private long lastIterationNanos;
    private long iterationBeforeNanos;

    private TimeControl(long softMillis, long hardMillis, boolean timeLostIfUnused, LongSupplier clock) {
        this.clock = clock;
        this.timeLostIfUnused = timeLostIfUnused;
        this.startNanos = clock.getAsLong();
        this.softMillis = Math.min(softMillis, MAX_MILLIS);
        this.hardMillis = Math.min(hardMillis, MAX_MILLIS);
    }

    /** No limit but {@link #stop()}: fixed-depth searches, and UCI's {@code go infinite}. */
    public static TimeControl none() {
        return new TimeControl(MAX_MILLIS, MAX_MILLIS, false, System::nanoTime);
    }

    /** {@code go movetime MS}: use the time, and answer before it runs out. */
    public static TimeControl moveTime(long millis) {
        return moveTime(millis, SAFETY_MILLIS, System::nanoTime);
    }

    /**
     * {@code go movetime MS}, keeping {@code overhead} ms back, timed by {@code clock}. The
     * soft limit is the hard one: time not used on this move is lost, so every iteration
     * that is predicted to pay is started.
     */
    public static TimeControl moveTime(long millis, long overhead, LongSupplier clock) {
        long hard = Math.max(1, Math.min(millis, MAX_MILLIS) - overhead);
        return new TimeControl(hard, hard, true, clock);
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
     * the hard limit stays at most half of what the clock holds less {@code overhead}. The
     * share is the soft limit: an iteration starts if its first root move is predicted to be
     * searched within it, and may run on to the hard limit, twice the share at most.
     */
    public static TimeControl clock(long remaining, long increment, int movesToGo, long overhead, LongSupplier clock) {
        int moves = movesToGo > 0 ? movesToGo : DEFAULT_MOVES_TO_GO;
        long inc = Math.min(Math.max(increment, 0), MAX_MILLIS);
        long usable = Math.max(1, Math.min(remaining, MAX_MILLIS) - overhead);
        long share = usable / moves + inc * 3 / 4;
        long hard = Math.max(1, Math.min(Math.min(2 * share, usable / 5 + inc / 2), usable / 2));
        return new TimeControl(Math.min(share, hard), hard, false, clock);
    }

    long softMillis() {
        return softMillis;
    }

    long hardMillis() {
        return hardMillis;
    }

    /** Does a clock limit the search? Not with {@link #none()}: a fixed depth, or {@code go infinite}. */
    boolean limited() {
        return hardMillis < MAX_MILLIS;
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

    /** The search has finished an iteration: its time is what the next prediction starts from. */
    void iterationFinished() {
        long now = elapsedNanos();
        iterationBeforeNanos = lastIterationNanos;
        lastIterationNanos = now - iterationEndNanos;
        iterationEndNanos = now;
    }

    /**
     * The next iteration's predicted time: the last one's times the ratio of the last two
     * (in nodes, depths 4 to 8 of the demo positions cost 1 to 13 times the iteration
     * before, often high and low by turns as the evaluation swings between odd and even
     * depths). With one iteration measured there is no ratio yet: the last one's time. The
     * ratio is kept between 1 (a deeper search is no cheaper) and {@link #MAX_RATIO}.
     */
    long predictedNextIterationNanos() {
        if (iterationBeforeNanos <= 0) {
            return lastIterationNanos;
        }
        double ratio = Math.min(MAX_RATIO, Math.max(1.0, (double) lastIterationNanos / iterationBeforeNanos));
        return (long) Math.min(lastIterationNanos * ratio, MAX_MILLIS * 1_000_000.0);
    }

    /**
     * No new iteration should start: stopped, or the soft limit is reached, or, with a game
     * clock, the next iteration's first root move ({@link #FIRST_MOVE_SHARE} of its predicted
     * time) would not be searched before it. With {@code movetime} every iteration is started
     * while time is left: the time a start that does not pay would spend is lost anyway, and
     * one that does pay changes the answer. Asked after {@link #iterationFinished}.
     */
    boolean noTimeForAnotherIteration() {
        long elapsed = elapsedNanos();
        long soft = softMillis * 1_000_000;
        return stopped || elapsed >= soft
                || !timeLostIfUnused && elapsed + FIRST_MOVE_SHARE * predictedNextIterationNanos() > soft;
    }

    private long elapsedNanos() {
        return clock.getAsLong() - startNanos;
    }
}
