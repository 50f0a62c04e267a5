package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Searches that must stop: by the move time, the game clock, a node budget, or {@code stop}
 * from another thread. The limits are checked against a clock the test controls (a
 * {@code LongSupplier} of nanoseconds), so nothing here depends on the machine's speed or
 * load; only {@code stop} from another thread runs in real time, and there only the order
 * of events is asserted, with a watchdog against a hang.
 */
class TimeControlTest {

    /** A clock the test sets by hand, or that ticks one millisecond each time it is read. */
    private static final class FakeClock implements java.util.function.LongSupplier {
        private long nanos;
        private final boolean ticking;

        FakeClock(boolean ticking) {
            this.ticking = ticking;
        }

        @Override
        public long getAsLong() {
            if (ticking) {
                nanos += 1_000_000;
            }
            return nanos;
        }

        void setMillis(long millis) {
            nanos = millis * 1_000_000;
        }

        long millis() {
            return nanos / 1_000_000;
        }
    }

    private static Search search() {
        return Search.ordered(new TranspositionTable(1L << 16, TranspositionTable.Scheme.TWO_TIER, true));
    }

    private static void assertLegal(Position position, int move) {
        assertThat(Fixtures.legalMoves(position)).contains(Move.toUci(move));
    }

    @Test
    @DisplayName("moveTime(200) on a clock that ticks 1 ms a look: the search stops by 170 ms (200 less the "
            + "safety margin), after several iterations, with a legal move")
    void moveTime() {
        Position position = Position.startPosition();
        FakeClock clock = new FakeClock(true);
        TimeControl time = TimeControl.moveTime(200, TimeControl.SAFETY_MILLIS, clock);
        Search.Result result = search().search(position, Search.MAX_DEPTH, time, iteration -> { });

        assertThat(time.hardMillis()).isEqualTo(170);
        assertThat(time.softMillis()).as("time not used is lost: the soft limit is the hard one").isEqualTo(170);
        assertThat(clock.millis()).as("stopped by the hard limit, one look after it at most").isLessThanOrEqualTo(171L);
        assertThat(result.depth()).isBetween(2, Search.MAX_DEPTH - 1);
        assertLegal(position, result.bestMove());
        assertThat(position.toFen()).isEqualTo(Position.START_FEN);
    }

    /** The position of the measurements, four plies in; red to move. */
    /**
     * Iterative deepening cut short by a node budget instead of a clock, so that where it stops
     * is the same on every machine; each iteration it reports is added to {@code iterations}.
     */
    private static Search.Result searchWithin(Search search, long nodeBudget, Position position,
            List<Search.Result> iterations) {
        search.restrict(null, nodeBudget);
        return search.search(position, Search.MAX_DEPTH, TimeControl.none(), iterations::add);
    }

    private static Position fourPliesIn() {
        Position position = Position.startPosition();
        for (String move : List.of("h2e2", "h9g7", "h0g2", "i9h9")) {
            position.makeMove(MoveGenerator.parseLegal(position, move));
        }
        return position;
    }

    @Test
    @DisplayName("cut short after a root move beat the last iteration's best, the search answers with that move: "
            + "the partial depth, its score a lower bound")
    void partialIterationKeepsABetterMove() {
        // Four plies in, depth 4 ends at 10,651 nodes with b2c2 (-30). Depth 5 searches b2c2 first
        // (190, done at 20,870 nodes), then b2b9 (400, done at 27,744), then e2e6 (done at 28,696).
        // A budget of 27,745 stops the search at the check at 28,672 nodes, inside e2e6.
        Search search = search();
        List<Search.Result> iterations = new ArrayList<>();
        Search.Result result = searchWithin(search, 27_745, fourPliesIn(), iterations);

        assertThat(iterations).hasSize(5);
        assertThat(Move.toUci(iterations.get(3).bestMove())).isEqualTo("b2c2");
        assertThat(iterations.get(3).partial()).isFalse();
        assertThat(iterations.get(4)).isSameAs(result);
        assertThat(result.partial()).isTrue();
        assertThat(result.depth()).isEqualTo(5);
        assertThat(Move.toUci(result.bestMove())).isEqualTo("b2b9");
        assertThat(result.score()).as("b2b9's value at depth 5; the root's is at least that").isEqualTo(400);
        assertThat(result.pv()).as("b2b9's line, carried on from the table").hasSize(5);
        assertThat(result.nodes()).isEqualTo(28_672).isEqualTo(search.nodes());
        assertThat(search.search(fourPliesIn(), 5).score()).as("the whole depth 5 finds no better").isEqualTo(400);
    }

    @Test
    @DisplayName("a root move whose search the clock cut is never the answer, though its abandoned score (0) "
            + "is above the best finished one")
    void cutRootMoveNeverAnswers() {
        // Depth 6 searches b2b9 first (-140, done at 81,246 nodes), then e2e6 (done at 83,411).
        // A budget of 81,247 stops it at the check at 81,920 nodes, inside e2e6, whose
        // abandoned search returns 0: better than -140, were it believed.
        Search search = search();
        Search.Result result = searchWithin(search, 81_247, fourPliesIn(), new ArrayList<>());

        assertThat(result.partial()).isTrue();
        assertThat(result.depth()).isEqualTo(6);
        assertThat(Move.toUci(result.bestMove())).isEqualTo("b2b9");
        assertThat(result.score()).isEqualTo(-140);
        assertThat(search.nodes()).isEqualTo(81_920);
    }

    @Test
    @DisplayName("with a game clock a new iteration starts only if its first root move is predicted to fit (the "
            + "last iteration's time times the ratio of the last two); with movetime, whenever time is left")
    void startRuleUsesTheRatio() {
        // Both searches are 500 ms into a game clock's 1000 ms share of 30,000 ms (where the
        // old rule, half the time, started nothing), and their last iteration took 300 ms. The
        // one before took 150 ms in one (ratio 2: the next is predicted at 600 ms, its first
        // move at 90 ms: start) and 20 ms in the other (ratio 15: 4500 ms, first move 675 ms:
        // too late).
        FakeClock clock = new FakeClock(false);
        TimeControl slowGrowth = TimeControl.clock(30_000, 0, 0, 0, clock);
        TimeControl fastGrowth = TimeControl.clock(30_000, 0, 0, 0, clock);
        for (long end : new long[] {50, 200, 500}) {
            clock.setMillis(end);
            slowGrowth.iterationFinished();
        }
        for (long end : new long[] {180, 200, 500}) {
            clock.setMillis(end);
            fastGrowth.iterationFinished();
        }

        assertThat(slowGrowth.softMillis()).isEqualTo(1000);
        assertThat(slowGrowth.predictedNextIterationNanos()).isEqualTo(600_000_000L);
        assertThat(fastGrowth.predictedNextIterationNanos()).isEqualTo(4_500_000_000L);
        assertThat(slowGrowth.noTimeForAnotherIteration()).isFalse();
        assertThat(fastGrowth.noTimeForAnotherIteration()).isTrue();
        clock.setMillis(0);
        TimeControl moveTime = TimeControl.moveTime(1000, 0, clock);
        for (long end : new long[] {180, 200, 500}) {
            clock.setMillis(end);
            moveTime.iterationFinished();
        }
        assertThat(moveTime.noTimeForAnotherIteration())
                .as("movetime: the time left is lost if unused, so the iteration starts").isFalse();
        clock.setMillis(1000);
        assertThat(moveTime.noTimeForAnotherIteration()).isTrue();
    }

    @Test
    @DisplayName("clock(1000, 0, 0): never more than a fifth of the clock, less the safety margin, on one move")
    void clock() {
        FakeClock clock = new FakeClock(false);
        TimeControl time = TimeControl.clock(1000, 0, 0, TimeControl.SAFETY_MILLIS, clock);

        long usable = 1000 - TimeControl.SAFETY_MILLIS;
        assertThat(time.hardMillis()).as("twice the share of 30 moves").isEqualTo(2 * (usable / TimeControl.DEFAULT_MOVES_TO_GO))
                .isLessThanOrEqualTo(usable / 5);
        clock.setMillis(time.hardMillis() - 1);
        assertThat(time.mustStop()).isFalse();
        clock.setMillis(time.hardMillis());
        assertThat(time.mustStop()).isTrue();
    }

    @ParameterizedTest(name = "clock {0} ms, increment {1} ms, {2} moves to go, overhead {3} ms")
    @CsvSource({
        "1000, 2000, 0, 30", "500, 5000, 0, 30", "500, 100000, 0, 30", "100, 0, 0, 30", "100, 100000, 1, 30",
        "60000, 1000, 0, 30", "1000, 0, 1, 30", "3000000000, 3000000000, 0, 30", "40, 1000, 0, 30", "-50, 0, 0, 30",
        "1000, 2000, 0, 500", "1000, 2000, 0, 0"})
    @DisplayName("however large the increment, the hard limit stays within half of the clock less the move overhead")
    void hardLimitWithinTheClock(long remaining, long increment, int movesToGo, long overhead) {
        TimeControl time = TimeControl.clock(remaining, increment, movesToGo, overhead, new FakeClock(false));

        long usable = Math.max(1, remaining - overhead);
        assertThat(time.hardMillis()).isBetween(1L, Math.max(1, usable / 2));
        assertThat(time.softMillis()).isBetween(0L, time.hardMillis());
    }

    @Test
    @DisplayName("a game clock gives an equal share of what is left: more moves to go, less time a move")
    void clockShares() {
        // 60 s for 600 moves: about 100 ms a move, and the hard limit twice that. For 2 moves the
        // share would be 30 s, but no move gets more than a fifth of the clock: 12 s.
        FakeClock clock = new FakeClock(false);
        TimeControl fewMoves = TimeControl.clock(60_000, 0, 2, TimeControl.SAFETY_MILLIS, clock);
        TimeControl manyMoves = TimeControl.clock(60_000, 0, 600, TimeControl.SAFETY_MILLIS, clock);

        assertThat(manyMoves.hardMillis()).isEqualTo(2 * ((60_000 - TimeControl.SAFETY_MILLIS) / 600));
        assertThat(fewMoves.hardMillis()).isEqualTo((60_000 - TimeControl.SAFETY_MILLIS) / 5);
        clock.setMillis(manyMoves.hardMillis());
        assertThat(manyMoves.mustStop()).isTrue();
        assertThat(fewMoves.mustStop()).as("the 2-move share is far from used up").isFalse();
        assertThat(fewMoves.noTimeForAnotherIteration()).isFalse();
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // fail, not hang
    @DisplayName("stop() from another thread, once two iterations are done, ends a search without a time limit")
    void stopFromAnotherThread() throws InterruptedException {
        Position position = Position.startPosition();
        TimeControl time = TimeControl.none();
        java.util.concurrent.CountDownLatch twoIterations = new java.util.concurrent.CountDownLatch(2);
        Thread stopper = new Thread(() -> {
            try {
                twoIterations.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            time.stop();
        });
        stopper.start();
        Search.Result result = search().search(position, Search.MAX_DEPTH, time, iteration -> twoIterations.countDown());
        stopper.join();

        assertThat(time.stopped()).as("it ended because of stop").isTrue();
        assertThat(result.depth()).isBetween(2, Search.MAX_DEPTH - 1);
        assertLegal(position, result.bestMove());
    }

    @Test
    @DisplayName("a TimeControl already expired or stopped still gets a legal move: the first iteration always finishes")
    void firstIterationAlwaysFinishes() {
        FakeClock clock = new FakeClock(false);
        TimeControl expired = TimeControl.moveTime(1, 0, clock);
        clock.setMillis(5);
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
    @DisplayName("an iteration cut short before its first root move was searched to the end is not reported: "
            + "the result is the last finished one, without its nodes")
    void abandonedIterationNotReported() {
        // Depths 1 to 4 of the start position take 11,490 nodes, and depth 5's first root move
        // is done at 19,765: a budget of 12,000 nodes ends the search inside that move.
        Search search = search();
        List<Search.Result> iterations = new ArrayList<>();
        Search.Result result = searchWithin(search, 12_000, Position.startPosition(), iterations);

        assertThat(iterations).isNotEmpty();
        assertThat(iterations.get(iterations.size() - 1)).isSameAs(result);
        for (int i = 0; i < iterations.size(); i++) {
            assertThat(iterations.get(i).depth()).isEqualTo(i + 1);
        }
        assertThat(search.nodes()).as("nodes searched, the abandoned iteration's included").isGreaterThan(result.nodes());
        assertThat(iterations).allMatch(iteration -> !iteration.partial());
        assertThat(search.nodes()).as("stopped at the first 1024-node check past the budget").isBetween(12_000L, 12_000L + 1024);
    }

    @Test
    @DisplayName("restrict: the root plays only the moves given, and the restriction holds until changed")
    void rootMovesRestricted() {
        Search search = search();
        Position position = Position.startPosition();
        int[] only = {MoveGenerator.parseLegal(position, "a3a4"), MoveGenerator.parseLegal(position, "i3i4")};
        search.restrict(only, Long.MAX_VALUE);

        assertThat(Move.toUci(search.search(position, 4).bestMove())).isIn("a3a4", "i3i4");
        search.restrict(null, Long.MAX_VALUE);
        assertThat(Move.toUci(search.search(position, 4).bestMove())).isNotIn("a3a4", "i3i4");
    }

    @Test
    @DisplayName("searchmoves: the root stores its move but not its score, so an iteration cut short is kept as an "
            + "ordinary one is")
    void restrictedRootKeepsItsMove() {
        // Only h2e2, b0c2, c3c4 and g3g4 from the start. Depth 5 ends with c3c4 at 21,696 nodes;
        // depth 6 tries it first, the table's move, then finds b0c2 better, and a budget of
        // 200,000 cuts it after that. When the root stored nothing under searchmoves, depth 6
        // began with the picker's first move, not the last best, and a cut depth 7 was lost.
        TranspositionTable table = new TranspositionTable(1L << 16, TranspositionTable.Scheme.TWO_TIER, true);
        Search search = Search.ordered(table);
        Position position = Position.startPosition();
        int[] only = java.util.Arrays.stream("h2e2 b0c2 c3c4 g3g4".split(" "))
                .mapToInt(move -> MoveGenerator.parseLegal(position, move)).toArray();
        search.restrict(only, 200_000);
        List<Search.Result> iterations = new ArrayList<>();
        Search.Result result = search.search(position, Search.MAX_DEPTH, TimeControl.none(), iterations::add);

        assertThat(Move.toUci(iterations.get(4).bestMove())).isEqualTo("c3c4");
        assertThat(result.partial()).isTrue();
        assertThat(result.depth()).isEqualTo(6);
        assertThat(Move.toUci(result.bestMove())).isEqualTo("b0c2");
        int root = table.probe(position.key());
        assertThat(Move.toUci(table.move(root))).as("depth 5's move, stored").isEqualTo("c3c4");
        assertThat(table.score(root, 0)).as("the best of some moves is not the root's score").isEqualTo(-Score.INFINITE);
    }

    @Test
    @DisplayName("a clock's search answers once it has proved a mate: depth 4 finds mate in two (three plies), "
            + "and no deeper iteration can change it")
    void provedMateAnswersAtOnce() {
        // The clock never moves, so only the proof (or the node budget, far away) ends the search.
        FakeClock frozen = new FakeClock(false);
        Search search = search();
        search.restrict(null, 2_000_000);
        List<Search.Result> iterations = new ArrayList<>();
        Search.Result result = search.search(Position.fromFen(Fixtures.MATE_IN_TWO), Search.MAX_DEPTH,
                TimeControl.moveTime(60_000, 0, frozen), iterations::add);

        assertThat(result.depth()).isEqualTo(4);
        assertThat(result.score()).isEqualTo(Score.MATE - 3);
        assertThat(iterations).hasSize(4);
        assertThat(search().search(Position.fromFen(Fixtures.MATE_IN_TWO), 6).depth())
                .as("a fixed depth is searched whole").isEqualTo(6);
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
    @DisplayName("moveTime keeps the overhead back; with no iteration measured, one may start until the hard limit")
    void moveTimeLimits() {
        FakeClock clock = new FakeClock(false);
        TimeControl time = TimeControl.moveTime(TimeControl.SAFETY_MILLIS + 100, TimeControl.SAFETY_MILLIS, clock);

        clock.setMillis(99);
        assertThat(time.noTimeForAnotherIteration()).isFalse();
        assertThat(time.mustStop()).isFalse();
        clock.setMillis(100);
        assertThat(time.noTimeForAnotherIteration()).isTrue();
        assertThat(time.mustStop()).isTrue();
    }
}
