package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;
import static xiangqi.Fixtures.MATE_IN_ONE;
import static xiangqi.Fixtures.MATE_IN_THREE;
import static xiangqi.Fixtures.MATE_IN_TWO;
import static xiangqi.Fixtures.play;
import static xiangqi.Fixtures.playRandomly;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import xiangqi.app.Examples;

/**
 * The transposition table: its entry format, the mate-score adjustment pair, the three
 * replacement schemes, and the search that uses it.
 */
class TranspositionTableTest {
    private static final TranspositionTable.Scheme TWO_TIER = TranspositionTable.Scheme.TWO_TIER;
    /** Alpha-beta with the table, but an entry answers a node only if searched to exactly the depth needed. */
    private static final Techniques SAME_DEPTH_ONLY = Search.WITH_TABLE.with(Technique.TABLE_EQUAL_DEPTH_ONLY);

    /** A table of {@code entries} entries that adjusts mate scores, as the chapter's search uses it. */
    private static TranspositionTable table(long entries, TranspositionTable.Scheme scheme) {
        return new TranspositionTable(entries, scheme, true);
    }

    // ------------------------------------------------------------------ entries

    @Test
    @DisplayName("an entry keeps depth, bound, score and move exactly, for extreme values too")
    void entryRoundTrip() {
        TranspositionTable table = table(1 << 10, TranspositionTable.Scheme.ALWAYS_REPLACE);
        int move = Move.of(89, 88);
        for (int score : new int[] {0, 1, -1, 4321, -4321, Score.MATE - 1, -Score.MATE + 1}) {
            table.store(42, Search.MAX_DEPTH, TranspositionTable.UPPER, score, move, 0);
            int entry = table.probe(42);
            assertThat(table.score(entry, 0)).isEqualTo(score);
            assertThat(table.depth(entry)).isEqualTo(Search.MAX_DEPTH);
            assertThat(table.bound(entry)).isEqualTo(TranspositionTable.UPPER);
            assertThat(table.move(entry)).isEqualTo(move);
        }
    }

    @Test
    @DisplayName("the size in MB is rounded down to a power of two of 16-byte entries")
    void sizeInMegabytes() {
        assertThat(new TranspositionTable(16, TWO_TIER).entries()).isEqualTo(1 << 20);
        assertThat(new TranspositionTable(3, TWO_TIER).entries()).isEqualTo(1 << 17); // 3 MB holds 196,608: round down
        assertThatThrownBy(() -> TranspositionTable.parseMegabytes("0")).hasMessageContaining("out of range");
        assertThatThrownBy(() -> TranspositionTable.parseMegabytes("lots")).hasMessageContaining("not a whole number");
    }

    @Test
    @DisplayName("a forced slot collision never returns the other position's entry")
    void slotCollisionIsNotAHit() {
        TranspositionTable table = table(1 << 10, TranspositionTable.Scheme.ALWAYS_REPLACE);
        long key = 0x1234_5678_0000_0155L;
        long sameSlot = key + (1L << 40); // the same low bits: the same slot
        table.store(key, 3, TranspositionTable.EXACT, 77, Move.of(1, 2), 0);
        assertThat(table.probe(sameSlot)).isEqualTo(TranspositionTable.MISSING);
        assertThat(table.probe(key)).isNotEqualTo(TranspositionTable.MISSING);
        table.store(sameSlot, 1, TranspositionTable.LOWER, -5, Move.NONE, 0);
        assertThat(table.probe(key)).as("always-replace evicted it").isEqualTo(TranspositionTable.MISSING);
    }

    @Test
    @DisplayName("a store without a best move keeps the move already stored for that position")
    void storeWithoutMoveKeepsMove() {
        TranspositionTable table = table(1 << 10, TWO_TIER);
        table.store(99, 2, TranspositionTable.LOWER, 50, Move.of(10, 19), 0);
        table.store(99, 3, TranspositionTable.UPPER, 20, Move.NONE, 0);
        int entry = table.probe(99);
        assertThat(table.bound(entry)).isEqualTo(TranspositionTable.UPPER);
        assertThat(table.move(entry)).isEqualTo(Move.of(10, 19));
    }

    @Test
    @DisplayName("probing never changes the table (XQWLight's port changed the stored score)")
    void probeIsReadOnly() {
        TranspositionTable table = table(1 << 10, TWO_TIER);
        table.store(7, 4, TranspositionTable.EXACT, Score.MATE - 5, Move.of(3, 4), 2);
        int first = table.score(table.probe(7), 2);
        for (int i = 0; i < 5; i++) {
            table.score(table.probe(7), 6);
        }
        assertThat(table.score(table.probe(7), 2)).isEqualTo(first).isEqualTo(Score.MATE - 5);
    }

    // ------------------------------------------------------------------ 杀棋分数调整

    @ParameterizedTest(name = "score {0} at ply {1}")
    @CsvSource({"29995, 0", "29995, 3", "29990, 9", "-29995, 3", "-29990, 9", "-29999, 1", "29937, 1", "-29937, 1"})
    @DisplayName("toTable and fromTable are inverse at every ply, for both signs")
    void adjustmentRoundTrip(int score, int ply) {
        TranspositionTable table = table(2, TWO_TIER);
        assertThat(table.fromTable(table.toTable(score, ply), ply)).isEqualTo(score);
    }

    @Test
    @DisplayName("a mate is stored as seen from its own node: mate at root ply 7, stored at ply 3 -> 4 plies")
    void mateStoredRelativeToItsNode() {
        TranspositionTable table = table(2, TWO_TIER);
        assertThat(table.toTable(Score.MATE - 7, 3)).isEqualTo(Score.MATE - 4);
        assertThat(table.toTable(-Score.MATE + 7, 3)).isEqualTo(-Score.MATE + 4);
        // Read back 5 plies from a new root, the same mate is 4 + 5 = 9 plies away.
        assertThat(table.fromTable(Score.MATE - 4, 5)).isEqualTo(Score.MATE - 9);
    }

    @Test
    @DisplayName("normal scores do not depend on the ply; the edges of the mate band are exact")
    void thresholdEdges() {
        TranspositionTable table = table(2, TWO_TIER);
        for (int score : new int[] {0, 250, -250, Score.MATE_BOUND, -Score.MATE_BOUND}) {
            assertThat(table.toTable(score, 17)).as("%d is not a mate", score).isEqualTo(score);
            assertThat(table.fromTable(score, 17)).isEqualTo(score);
        }
        assertThat(table.toTable(Score.MATE_BOUND + 1, 1)).as("the first mate score").isEqualTo(Score.MATE_BOUND + 2);
        assertThat(table.toTable(-Score.MATE_BOUND - 1, 1)).isEqualTo(-Score.MATE_BOUND - 2);
    }

    // ------------------------------------------------------------------ schemes

    @Test
    @DisplayName("depth-preferred: a shallower result never replaces a deeper one, an equal or deeper one does")
    void depthPreferred() {
        TranspositionTable table = table(1 << 4, TranspositionTable.Scheme.DEPTH_PREFERRED);
        long a = 0x100;
        long b = 0x200; // same slot as a (low four bits 0)
        table.store(a, 5, TranspositionTable.EXACT, 1, Move.NONE, 0);
        table.store(b, 4, TranspositionTable.EXACT, 2, Move.NONE, 0);
        assertThat(table.probe(b)).as("shallower: dropped").isEqualTo(TranspositionTable.MISSING);
        table.store(b, 5, TranspositionTable.EXACT, 2, Move.NONE, 0);
        assertThat(table.probe(b)).as("as deep: replaces").isNotEqualTo(TranspositionTable.MISSING);
        assertThat(table.probe(a)).isEqualTo(TranspositionTable.MISSING);
    }

    @Test
    @DisplayName("always-replace: the newest result always takes the slot")
    void alwaysReplace() {
        TranspositionTable table = table(1 << 4, TranspositionTable.Scheme.ALWAYS_REPLACE);
        table.store(0x100, 9, TranspositionTable.EXACT, 1, Move.NONE, 0);
        table.store(0x200, 1, TranspositionTable.EXACT, 2, Move.NONE, 0);
        assertThat(table.probe(0x100)).isEqualTo(TranspositionTable.MISSING);
        assertThat(table.score(table.probe(0x200), 0)).isEqualTo(2);
    }

    @Test
    @DisplayName("two-tier: a deeper result takes tier 1 and pushes the old one to tier 2; a shallower one goes to tier 2")
    void twoTier() {
        TranspositionTable table = table(1 << 4, TWO_TIER); // 8 slots of two entries
        long a = 0x100;
        long b = 0x200;
        long c = 0x300;
        table.store(a, 3, TranspositionTable.EXACT, 1, Move.NONE, 0);
        table.store(b, 5, TranspositionTable.EXACT, 2, Move.NONE, 0); // b in tier 1, a steps down
        assertThat(table.probe(a)).isNotEqualTo(TranspositionTable.MISSING);
        assertThat(table.probe(b)).isNotEqualTo(TranspositionTable.MISSING);
        table.store(c, 2, TranspositionTable.EXACT, 3, Move.NONE, 0);  // shallower: tier 2, a is gone
        assertThat(table.probe(a)).isEqualTo(TranspositionTable.MISSING);
        assertThat(table.probe(b)).as("the deep entry survives").isNotEqualTo(TranspositionTable.MISSING);
        assertThat(table.probe(c)).isNotEqualTo(TranspositionTable.MISSING);
        table.store(b, 6, TranspositionTable.EXACT, 4, Move.NONE, 0);  // b again, deeper: no duplicate in tier 2
        assertThat(table.score(table.probe(b), 0)).isEqualTo(4);
        assertThat(table.probe(c)).as("tier 2 kept c").isNotEqualTo(TranspositionTable.MISSING);
    }

    // ------------------------------------------------------------------ the search

    /** Positions from random games of 4 to 23 plies, from each of the demo's three open positions in turn. */
    private static List<Position> samplePositions(int count) {
        Random random = new Random(404);
        List<Position> positions = new ArrayList<>();
        while (positions.size() < count) {
            Examples.Example example = Examples.ALL.get(positions.size() % 3); // start, middlegame, attack
            positions.add(playRandomly(example.fen(), 4 + random.nextInt(20), random));
        }
        return positions;
    }

    @Test
    @DisplayName("accepting only equal depth, the table never changes the root score (120 positions, depths 3-4)")
    void equalDepthRuleKeepsTheScore() {
        int compared = 0;
        for (Position position : samplePositions(120)) {
            for (int depth = 3; depth <= 4; depth++) {
                Search withTable = new Search(SAME_DEPTH_ONLY, table(1 << 16, TWO_TIER));
                assertThat(withTable.search(position, depth).score()).as(position.toFen())
                        .isEqualTo(Search.withAlphaBeta().search(position, depth).score());
                compared++;
            }
        }
        assertThat(compared).isEqualTo(240);
    }

    @Test
    @DisplayName("a table warmed by a depth-4 search: equal-depth answers as plain depth 3; the >= rule may not")
    void deeperEntriesMayChangeTheScore() {
        int differ = 0;
        for (Position position : samplePositions(120)) {
            int plain = Search.withAlphaBeta().search(position, 3).score();

            TranspositionTable equalOnly = table(1 << 16, TWO_TIER);
            Search.withTable(equalOnly).search(position, 4);
            Search strict = new Search(SAME_DEPTH_ONLY, equalOnly);
            assertThat(strict.search(position, 3).score()).as(position.toFen()).isEqualTo(plain);

            TranspositionTable deeper = table(1 << 16, TWO_TIER);
            Search.withTable(deeper).search(position, 4);
            if (Search.withTable(deeper).search(position, 3).score() != plain) {
                differ++; // a depth-4 entry answered a node that needed only depth 3 or less
            }
        }
        // Not a contract but an observation the README explains: it does happen.
        assertThat(differ).isPositive();
    }

    static Stream<Arguments> matePuzzles() {
        return Stream.of(
                arguments(MATE_IN_ONE, 4, "mate 1"),
                arguments(MATE_IN_TWO, 4, "mate 2"),
                arguments(MATE_IN_THREE, 6, "mate 3"),
                arguments("2bk5/4a4/3a5/9/9/9/9/9/R8/4K3R w - - 0 1", 6, "mate 3"),
                arguments("3k5/4a4/4b4/9/9/9/9/9/R8/4K3R w - - 0 1", 6, "mate 3"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matePuzzles")
    @DisplayName("mate puzzles report the same distance with the table as without, cold and warm")
    void mateDistances(String fen, int depth, String expected) {
        Position position = Position.fromFen(fen);
        assertThat(Score.toUci(Search.withAlphaBeta().search(position, depth).score())).as("no table").isEqualTo(expected);
        TranspositionTable table = table(1 << 16, TWO_TIER);
        assertThat(Score.toUci(Search.withTable(table).search(position, depth).score())).as("cold").isEqualTo(expected);
        assertThat(Score.toUci(Search.withTable(table).search(position, depth).score())).as("warm").isEqualTo(expected);
    }

    @ParameterizedTest(name = "adjustment {0}")
    @CsvSource({"true, mate 2", "false, mate 3"})
    @DisplayName("two plies into a mate in three, a warm table reports mate in two only with the adjustment")
    void warmTableAfterTwoPlies(boolean adjust, String reported) {
        TranspositionTable table = new TranspositionTable(1 << 16, TWO_TIER, adjust);
        Position position = Position.fromFen(MATE_IN_THREE);
        assertThat(Score.toUci(Search.withTable(table).search(position, 6).score())).isEqualTo("mate 3");
        play(position, "d0e0", "e8f7");
        assertThat(Score.toUci(Search.withTable(table).search(position, 4).score())).isEqualTo(reported);
    }

    @ParameterizedTest
    @EnumSource(TranspositionTable.Scheme.class)
    @DisplayName("every scheme finds chapter 3's best move and score from the start position at depth 4")
    void schemesAgreeAtTheRoot(TranspositionTable.Scheme scheme) {
        Search.Result result = Search.withTable(table(1 << 16, scheme)).search(Position.startPosition(), 4);
        assertThat(result.score()).isEqualTo(-50);
        assertThat(Move.toUci(result.bestMove())).isEqualTo("b2e2");
        assertThat(result.nodes()).as("fewer than chapter 3's 149,556").isLessThan(149_556);
    }

    @Test
    @DisplayName("the table is a pure saving at depth 5: fewer nodes than chapter 3's 5,236,364, same answer")
    void depthFive() {
        Search.Result result = Search.withTable(table(1 << 20, TWO_TIER)).search(Position.startPosition(), 5);
        assertThat(result.nodes()).isEqualTo(3_196_581);
        assertThat(Move.toUci(result.bestMove())).isEqualTo("c3c4");
        assertThat(result.score()).isEqualTo(110);
    }
}
