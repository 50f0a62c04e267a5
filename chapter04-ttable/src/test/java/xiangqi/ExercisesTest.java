package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static xiangqi.Fixtures.MIDDLEGAME;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The checks of chapter 4's exercises (see the README's "Exercises"). Each fails, with one
 * line saying what is missing, until its exercise is solved, and asserts only what the
 * solution does:
 * <ul>
 *   <li>4.1: after {@code newSearch()}, a depth-preferred table lets new results replace
 *       the old search's deeper entries, so a search of an unrelated position goes exactly
 *       as with an empty table, while the old entries still answer until replaced;</li>
 *   <li>4.2: the bucket scheme keeps four positions of one slot, replaces the shallowest,
 *       and in a crowded table searches fewer nodes than two-tier.</li>
 * </ul>
 * Run them with {@code mvn -q -pl chapter04-ttable test -Pexercises}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the README's order, so "not yet" lines come in it
class ExercisesTest {
    /** Two-tier's nodes from the start position at depth 5 in 2^12 entries (demo part 3). */
    private static final long TWO_TIER_SMALL_TABLE_DEPTH_5 = 4_401_390;

    @Order(1)
    @Exercise("4.1 aging: an entry remembers its search (世代)")
    @DisplayName("after newSearch, old entries still answer but no longer block new results")
    void aging() {
        TranspositionTable table = depthPreferred(1 << 4);
        long deep = 5L << 32 | 7;
        long shallow = 9L << 32 | 7; // the same slot: the same low bits
        table.store(deep, 6, TranspositionTable.EXACT, 40, Move.NONE, 0);
        table.store(shallow, 1, TranspositionTable.EXACT, 10, Move.NONE, 0);
        assertThat(table.probe(shallow)).as("in one search, depth-preferred drops a shallower result")
                .isEqualTo(TranspositionTable.MISSING);
        newSearch(table);
        assertThat(table.probe(deep)).as("after newSearch, the old entry still answers")
                .isNotEqualTo(TranspositionTable.MISSING);
        table.store(shallow, 1, TranspositionTable.EXACT, 10, Move.NONE, 0);
        assertThat(table.probe(shallow)).as("after newSearch, a shallower result replaces the old search's entry")
                .isNotEqualTo(TranspositionTable.MISSING);

        long fresh = Search.withTable(depthPreferred(1 << 12)).search(Position.fromFen(MIDDLEGAME), 4).nodes();
        TranspositionTable used = depthPreferred(1 << 12);
        Search.withTable(used).search(Position.startPosition(), 4);
        newSearch(used);
        assertThat(Search.withTable(used).search(Position.fromFen(MIDDLEGAME), 4).nodes())
                .as("the middlegame at depth 4 in a table full of the start position's old entries:"
                        + " as many nodes as with an empty table")
                .isEqualTo(fresh);
    }

    @Order(2)
    @Exercise("4.2 buckets of four entries (四路组相联)")
    @DisplayName("the bucket scheme keeps four positions a slot, replaces the shallowest, and beats two-tier")
    void bucket() {
        TranspositionTable.Scheme bucket;
        try {
            bucket = Exercises.constant(TranspositionTable.Scheme.class, "BUCKET");
        } catch (AssertionError missing) {
            throw new AssertionError(missing.getMessage() + ": add it, four entries a slot, the shallowest replaced");
        }
        assertThat(TranspositionTable.Scheme.parse("bucket")).as("--tt-scheme bucket").isEqualTo(bucket);
        TranspositionTable table = new TranspositionTable(1 << 4, bucket, true);
        int[] depths = {4, 2, 3, 5};
        for (int i = 0; i < depths.length; i++) {
            table.store(key(i), depths[i], TranspositionTable.EXACT, i, Move.NONE, 0);
        }
        for (int i = 0; i < depths.length; i++) {
            assertThat(table.probe(key(i))).as("four positions of one slot are all kept").isNotEqualTo(
                    TranspositionTable.MISSING);
        }
        table.store(key(4), 1, TranspositionTable.EXACT, 4, Move.NONE, 0);
        assertThat(table.probe(key(4))).as("a fifth position is stored").isNotEqualTo(TranspositionTable.MISSING);
        assertThat(table.probe(key(1))).as("over the shallowest of the four (depth 2)")
                .isEqualTo(TranspositionTable.MISSING);
        for (int i : new int[] {0, 2, 3}) {
            assertThat(table.probe(key(i))).as("the deeper three stay").isNotEqualTo(TranspositionTable.MISSING);
        }

        Search.Result result = Search.withTable(new TranspositionTable(1 << 12, bucket, true))
                .search(Position.startPosition(), 5);
        assertThat(Move.toUci(result.bestMove())).as("chapter 3's move at depth 5").isEqualTo("c3c4");
        assertThat(result.score()).as("chapter 3's score at depth 5").isEqualTo(110);
        assertThat(result.nodes()).as("nodes at depth 5 in 2^12 entries, fewer than two-tier's")
                .isLessThan(TWO_TIER_SMALL_TABLE_DEPTH_5);
    }

    /** Keys that all share one slot, in any table of up to 2^20 entries. */
    private static long key(int i) {
        return (long) (i + 1) << 40 | 3;
    }

    private static TranspositionTable depthPreferred(long entries) {
        return new TranspositionTable(entries, TranspositionTable.Scheme.DEPTH_PREFERRED, true);
    }

    private static void newSearch(TranspositionTable table) {
        try {
            Exercises.call(table, "newSearch");
        } catch (AssertionError missing) {
            if (missing.getCause() == null && missing.getMessage().contains("has no method")) {
                throw new AssertionError(missing.getMessage() + ": add it, and let new results replace old entries");
            }
            throw missing;
        }
    }
}
