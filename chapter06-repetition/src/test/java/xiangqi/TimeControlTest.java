package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Searches that must stop: by the move time, the game clock, or {@code stop} from another
 * thread. The margins are generous (a loaded CI machine), but a search that ignored its
 * limit would run to depth 32 and take far longer than any of them.
 */
class TimeControlTest {

    private static Search search() {
        return Search.ordered(new TranspositionTable(1L << 16, TranspositionTable.Scheme.TWO_TIER, true));
    }

    /**
     * Searches the position to MAX_DEPTH under {@code time}, with a watchdog that stops the
     * search after 10 s: a search that ignored its limit fails the test instead of hanging it.
     */
    private static Search.Result searchDeep(Search search, Position position, TimeControl time,
            java.util.function.Consumer<Search.Result> eachIteration) {
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(10_000);
                time.stop();
            } catch (InterruptedException e) {
                // the search returned in time
            }
        }, "watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        try {
            return search.search(position, Search.MAX_DEPTH, time, eachIteration);
        } finally {
            watchdog.interrupt();
        }
    }

    /** Spins until {@code condition} holds, or 10 s have passed (then the caller's timing assertion fails). */
    private static void waitUntil(java.util.function.BooleanSupplier condition) {
        long start = System.nanoTime();
        while (!condition.getAsBoolean() && millisSince(start) < 10_000) {
            Thread.onSpinWait();
        }
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private static void assertLegal(Position position, int move) {
        assertThat(Fixtures.legalMoves(position)).contains(Move.toUci(move));
    }

    @Test
    @DisplayName("moveTime(200): a search of the start position to MAX_DEPTH returns within 200 ms plus a margin, "
            + "with a move, after several iterations")
    void moveTime() {
        Position position = Position.startPosition();
        Search search = search();
        long start = System.nanoTime();
        TimeControl time = TimeControl.moveTime(200);
        Search.Result result = searchDeep(search, position, time, iteration -> { });
        long millis = millisSince(start);

        assertThat(millis).as("returned within 200 ms and a margin").isLessThan(200 + 300);
        assertThat(millis).as("no new iteration in the first half of the time: it was used").isGreaterThanOrEqualTo(80);
        assertThat(result.depth()).isBetween(2, Search.MAX_DEPTH - 1);
        assertLegal(position, result.bestMove());
        assertThat(position.toFen()).isEqualTo(Position.START_FEN);
    }

    @Test
    @DisplayName("clock(1000, 0, 0): never more than a fifth of the clock on one move")
    void clock() {
        Position position = Position.startPosition();
        long start = System.nanoTime();
        Search.Result result = searchDeep(search(), position, TimeControl.clock(1000, 0, 0), iteration -> { });

        assertThat(millisSince(start)).isLessThan(1000 / 5 + 300);
        assertLegal(position, result.bestMove());
    }

    @Test
    @DisplayName("a game clock gives an equal share of what is left: more moves to go, less time a move")
    void clockShares() {
        // 60 s for 600 moves: 100 ms a move, and the hard limit twice that. For 2 moves the
        // share would be 30 s, but no move gets more than a fifth of the clock: 12 s.
        TimeControl fewMoves = TimeControl.clock(60_000, 0, 2);
        TimeControl manyMoves = TimeControl.clock(60_000, 0, 600);

        assertThat(fewMoves.noTimeForAnotherIteration()).isFalse();
        assertThat(fewMoves.mustStop()).isFalse();
        long start = System.nanoTime();
        waitUntil(manyMoves::mustStop);
        assertThat(millisSince(start)).isBetween(150L, 200L + 300L);
        assertThat(fewMoves.mustStop()).as("the 2-move share is far from used up").isFalse();
    }

    @Test
    @DisplayName("stop() from another thread after 100 ms ends a search without a time limit soon after")
    void stopFromAnotherThread() throws InterruptedException {
        Position position = Position.startPosition();
        TimeControl time = TimeControl.none();
        Thread stopper = new Thread(() -> {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            time.stop();
        });
        long start = System.nanoTime();
        stopper.start();
        Search.Result result = search().search(position, Search.MAX_DEPTH, time, iteration -> { });
        long millis = millisSince(start);
        stopper.join();

        assertThat(millis).as("not before stop").isGreaterThanOrEqualTo(100);
        assertThat(millis).as("soon after stop").isLessThan(100 + 300);
        assertThat(result.depth()).isLessThan(Search.MAX_DEPTH);
        assertLegal(position, result.bestMove());
    }

    @Test
    @DisplayName("a TimeControl already expired or stopped still gets a legal move: the first iteration always finishes")
    void firstIterationAlwaysFinishes() throws InterruptedException {
        TimeControl expired = TimeControl.moveTime(1);
        Thread.sleep(5);
        assertThat(expired.mustStop()).isTrue();
        TimeControl stopped = TimeControl.none();
        stopped.stop();

        for (TimeControl time : List.of(expired, stopped)) {
            for (String fen : List.of(Position.START_FEN, Fixtures.MIDDLEGAME, Fixtures.MATE_IN_TWO)) {
                Position position = Position.fromFen(fen);
                List<Search.Result> iterations = new ArrayList<>();
                Search.Result result = search().search(position, Search.MAX_DEPTH, time, iterations::add);

                assertThat(iterations).singleElement().isSameAs(result);
                assertThat(result.depth()).isEqualTo(1);
                assertLegal(position, result.bestMove());
                assertThat(result.score()).as("depth 1's score").isEqualTo(search().search(position, 1).score());
            }
        }
    }

    @Test
    @DisplayName("an iteration cut short is not reported: the result is the last finished one, without its nodes")
    void abandonedIterationNotReported() throws InterruptedException {
        TimeControl time = TimeControl.none();
        Thread stopper = new Thread(() -> {
            try {
                Thread.sleep(150); // mid-iteration: iterations near 150 ms take tens of ms, the gap between two microseconds
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            time.stop();
        });
        Search search = search();
        List<Search.Result> iterations = new ArrayList<>();
        stopper.start();
        Search.Result result = search.search(Position.startPosition(), Search.MAX_DEPTH, time, iterations::add);
        stopper.join();

        assertThat(iterations).isNotEmpty();
        assertThat(iterations.get(iterations.size() - 1)).isSameAs(result);
        for (int i = 0; i < iterations.size(); i++) {
            assertThat(iterations.get(i).depth()).isEqualTo(i + 1);
        }
        assertThat(search.nodes()).as("nodes searched, the abandoned iteration's included").isGreaterThan(result.nodes());
    }

    @Test
    @DisplayName("none() never runs out by itself; a fixed-depth search with it runs every iteration")
    void noneHasNoLimit() {
        TimeControl none = TimeControl.none();

        assertThat(none.mustStop()).isFalse();
        assertThat(none.noTimeForAnotherIteration()).isFalse();
        List<Search.Result> iterations = new ArrayList<>();
        search().search(Position.startPosition(), 5, none, iterations::add);
        assertThat(iterations).hasSize(5);
    }

    @Test
    @DisplayName("moveTime keeps SAFETY_MILLIS back, and its soft limit is half the hard one")
    void moveTimeLimits() {
        long start = System.nanoTime();
        TimeControl time = TimeControl.moveTime(TimeControl.SAFETY_MILLIS + 100); // hard 100 ms, soft 50 ms
        waitUntil(time::noTimeForAnotherIteration);
        long soft = millisSince(start);
        waitUntil(time::mustStop);
        long hard = millisSince(start);

        assertThat(soft).isBetween(50L, 50L + 200L);
        assertThat(hard).isBetween(100L, 100L + 200L);
    }
}
