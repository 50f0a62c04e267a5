package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static xiangqi.Fixtures.ATTACK;
import static xiangqi.Fixtures.MIDDLEGAME;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The checks of chapter 4's exercises (see the README's "Exercises"). Each fails, with one
 * line saying what is missing, until its exercise is solved, and asserts only what the
 * solution does:
 * <ul>
 *   <li>4.1: after {@code newSearch()}, in both schemes it applies to (depth-preferred and
 *       two-tier's first tier), new results replace the old searches' deeper entries,
 *       however many searches ago those were stored, so a search of an unrelated position
 *       goes exactly as with an empty table, while the old entries still answer until
 *       replaced;</li>
 *   <li>4.2: the bucket scheme keeps four positions of one slot, stores a position met again
 *       in its own entry, replaces the shallowest, and in a crowded table searches fewer
 *       nodes than two-tier.</li>
 * </ul>
 * Run them with {@code mvn -q -pl chapter04-ttable test -Pexercises}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the README's order, so "not yet" lines come in it
class ExercisesTest {
    /** Two-tier's nodes from the start position at depth 5 in 2^12 entries (demo part 3). */
    private static final long TWO_TIER_SMALL_TABLE_DEPTH_5 = 4_401_390;
    /** The schemes that keep a deeper result: the two that aging changes. */
    private static final TranspositionTable.Scheme[] AGED = {TranspositionTable.Scheme.DEPTH_PREFERRED,
        TranspositionTable.Scheme.TWO_TIER};

    @Order(1)
    @Exercise(value = "4.1 aging: an entry remembers its search (世代)", zh = "4.1 老化：表项记住它的那次搜索（世代）",
            hint = "keep the search's number in spare bits of the data word; where store decides whether to replace, an "
                    + "entry of an earlier search gives way whatever its depth, while probe still reads it",
            hintZh = "把搜索的编号存在数据字空闲的位里；在 store 决定是否替换的地方，"
                    + "较早那次搜索的表项不论深度都让位，而 probe 照样读它")
    @DisplayName("after newSearch, old entries still answer but no longer block new results, in both schemes")
    void aging() {
        for (TranspositionTable.Scheme scheme : AGED) {
            // The entries of one slot that new results of one search can fill: tier 1 and 2 in two-tier.
            int ways = scheme == TranspositionTable.Scheme.TWO_TIER ? 2 : 1;
            String name = Exercises.say(scheme.label(), ways == 2 ? "双层置换表" : "深度优先替换");
            TranspositionTable table = new TranspositionTable(1 << 4, scheme, true);
            table.store(key(0), 6, TranspositionTable.EXACT, 40, Move.NONE, 0);
            for (int i = 1; i <= ways; i++) {
                table.store(key(i), 1, TranspositionTable.EXACT, 10, Move.NONE, 0);
            }
            assertThat(table.probe(key(1))).as(Exercises.say("%s, in one search: a deeper entry gave way to shallower results"
                    + " of its slot, where it should keep its place until newSearch()", "%s，同一次搜索之内：较深的表项"
                    + "给同一槽位里较浅的结果让了位，而在 newSearch() 之前它应当保住位置"), name)
                    .isEqualTo(TranspositionTable.MISSING);

            // 1 to 16 searches later: a generation of b bits makes the entry of 2^b searches ago current again.
            for (int searchesAgo = 1; searchesAgo <= 16; searchesAgo++) {
                table = new TranspositionTable(1 << 4, scheme, true);
                table.store(key(0), 6, TranspositionTable.EXACT, 40, Move.NONE, 0);
                for (int i = 0; i < searchesAgo; i++) {
                    newSearch(table);
                }
                assertThat(table.probe(key(0)) != TranspositionTable.MISSING).as(Exercises.say("%s, after %d newSearch(): the"
                        + " old entry no longer answers, where it should until replaced: does newSearch() clear the"
                        + " table?", "%s，调用 %d 次 newSearch() 之后：旧表项不再回答，而在被替换之前它应当照样回答："
                        + "newSearch() 是不是把置换表清空了？"), name, searchesAgo).isTrue();
                for (int i = 1; i <= ways; i++) {
                    table.store(key(i), 1, TranspositionTable.EXACT, 10, Move.NONE, 0);
                }
                for (int i = 1; i <= ways; i++) {
                    String which = ways == 1 ? Exercises.say("a shallower result", "一个较浅的结果")
                            : i == 1 ? Exercises.say("the first of two shallower results", "两个较浅结果中的第一个")
                            : Exercises.say("the second of two shallower results", "两个较浅结果中的第二个");
                    assertThat(table.probe(key(i)) != TranspositionTable.MISSING).as(Exercises.say("%s: %s, stored"
                            + " after %d newSearch(), was dropped: a deeper entry of its slot from %d search%s ago still"
                            + " blocks new results, where it should give way%s", "%1$s：%3$d 次 newSearch() 之后存入的"
                            + "%2$s被丢掉了：同一槽位里 %4$d 次搜索之前的较深表项仍然挡住新的结果，而它应当让位%6$s"),
                            name, which, searchesAgo, searchesAgo, searchesAgo == 1 ? "" : "es",
                            searchesAgo > 1 && Integer.bitCount(searchesAgo) == 1
                                    ? Exercises.say(": is the generation counted in %d bit%s, so that it wraps round after"
                                            + " %d searches and the entry of %d searches ago passes for the current"
                                            + " search's? give it more bits", "：世代是不是只用了 %d 位%2$s，于是 %3$d 次"
                                            + "搜索之后就转回原处，%4$d 次搜索之前的表项被当成了当前这次搜索的？"
                                            + "给它多留几位", Integer.numberOfTrailingZeros(searchesAgo),
                                            searchesAgo == 2 ? "" : Exercises.say("s", ""), searchesAgo, searchesAgo)
                                    : "").isTrue();
                }
            }

            // In a search: the middlegame in a table full of two other positions' entries, of two
            // searches ago and of the last, goes exactly as in an empty table.
            long fresh = Search.withTable(new TranspositionTable(1 << 12, scheme, true))
                    .search(Position.fromFen(MIDDLEGAME), 4).nodes();
            TranspositionTable used = new TranspositionTable(1 << 12, scheme, true);
            Search.withTable(used).search(Position.startPosition(), 4);
            newSearch(used);
            Search.withTable(used).search(Position.fromFen(ATTACK), 4);
            newSearch(used);
            long nodes = Search.withTable(used).search(Position.fromFen(MIDDLEGAME), 4).nodes();
            assertThat(nodes).as(Exercises.say("%s: the middlegame at depth 4 after searches of the start and the"
                    + " attack, each followed by newSearch(): %,d nodes, where an empty table gives %,d: does each entry"
                    + " keep the number of the search that stored it, so that within one search the deeper entry still"
                    + " keeps its place and only an earlier search's gives way?", "%s："
                    + "先搜索初始局面和进攻局面、每次之后调用 newSearch()，再以深度 4 搜索中局局面：%,d 个节点，"
                    + "而用空的置换表是 %,d 个：每个表项是不是都记下了存入它的那次搜索的编号，使同一次搜索之内较深的表项"
                    + "仍然保住位置，只有较早那次搜索的表项才让位？"), name, nodes, fresh).isEqualTo(fresh);
        }
    }

    @Order(2)
    @Exercise(value = "4.2 buckets of four entries (四路组相联)", zh = "4.2 四项一组的桶（四路组相联）",
            hint = "a slot is now four entries side by side, and a quarter as many slots: probe reads all four; store looks "
                    + "for the same key, then an empty entry, then the shallowest",
            hintZh = "一个槽位现在是并排的四个表项，槽位只有原来的四分之一：probe 四个都读；"
                    + "store 先找同一个键值，再找空表项，最后找最浅的")
    @DisplayName("the bucket scheme keeps four positions a slot, replaces the shallowest, and beats two-tier")
    void bucket() {
        TranspositionTable.Scheme bucket;
        try {
            bucket = Exercises.constant(TranspositionTable.Scheme.class, "BUCKET");
        } catch (AssertionError missing) {
            throw new AssertionError(missing.getMessage() + Exercises.say(": add it, four entries a slot, the shallowest"
                    + " replaced", "：加上它，每个槽位四个表项，替换最浅的"));
        }
        TranspositionTable.Scheme parsed = TranspositionTable.Scheme.parse("bucket");
        assertThat(parsed).as(Exercises.say("4.2: --tt-scheme bucket reads as %s, where it should be BUCKET",
                "4.2：--tt-scheme bucket 读成了 %s，而应当是 BUCKET"), parsed).isEqualTo(bucket);
        TranspositionTable table = new TranspositionTable(1 << 4, bucket, true);
        int[] depths = {4, 2, 3, 5};
        for (int i = 0; i < depths.length; i++) {
            table.store(key(i), depths[i], TranspositionTable.EXACT, i, Move.NONE, 0);
        }
        for (int i = 0; i < depths.length; i++) {
            assertThat(table.probe(key(i)) != TranspositionTable.MISSING).as(Exercises.say("the bucket: of four positions"
                    + " stored in one slot, the one of depth %d no longer answers, where all four should", "桶：同一槽位"
                    + "存入的四个局面中，深度为 %d 的那个不再回答，而四个都应当回答"), depths[i]).isTrue();
        }
        table.store(key(4), 1, TranspositionTable.EXACT, 4, Move.NONE, 0);
        assertThat(table.probe(key(4)) != TranspositionTable.MISSING).as(Exercises.say("the bucket: a fifth position of the"
                + " slot was dropped, where it should replace the shallowest of the four", "桶：同一槽位的第五个局面"
                + "被丢掉了，而它应当替换四个中最浅的那个")).isTrue();
        assertThat(table.probe(key(1)) == TranspositionTable.MISSING).as(Exercises.say("the bucket: a fifth position of the"
                + " slot did not replace the shallowest of the four (depth 2), which still answers", "桶：同一槽位的"
                + "第五个局面没有替换四个中最浅的那个（深度 2），它仍然回答")).isTrue();
        for (int i : new int[] {0, 2, 3}) {
            assertThat(table.probe(key(i)) != TranspositionTable.MISSING).as(Exercises.say("the bucket: a fifth position of"
                    + " the slot replaced the entry of depth %d, where it should replace the shallowest (depth 2)",
                    "桶：同一槽位的第五个局面替换了深度为 %d 的表项，而应当替换最浅的那个（深度 2）"), depths[i]).isTrue();
        }

        // Two equally shallow entries: the exercise gives up the first of them.
        table = new TranspositionTable(1 << 4, bucket, true);
        int[] tied = {3, 2, 5, 2};
        for (int i = 0; i < tied.length; i++) {
            table.store(key(i), tied[i], TranspositionTable.EXACT, i, Move.NONE, 0);
        }
        table.store(key(4), 1, TranspositionTable.EXACT, 4, Move.NONE, 0);
        assertThat(table.probe(key(1)) == TranspositionTable.MISSING && table.probe(key(3)) != TranspositionTable.MISSING)
                .as(Exercises.say("the bucket: four entries of depths 3, 2, 5, 2 in one slot, a fifth position replaced %s,"
                        + " where it should replace the first of the two equally shallow ones (the second entry): is"
                        + " the shallowest chosen with < rather than <=?", "桶：同一槽位里四个表项的深度是 3、2、5、2，"
                        + "第五个局面替换了%s，而它应当替换两个同样最浅的表项中的第一个（第二个表项）："
                        + "选最浅的表项时，用的是 < 而不是 <= 吗？"), replacedIn(table, tied.length))
                .isTrue();

        // A position met again is stored over its own entry: no second copy, whose old result would answer.
        table = new TranspositionTable(1 << 4, bucket, true);
        table.store(key(0), 2, TranspositionTable.EXACT, 0, Move.NONE, 0);
        table.store(key(0), 5, TranspositionTable.EXACT, 9, Move.NONE, 0);
        int entry = table.probe(key(0));
        assertThat(entry == TranspositionTable.MISSING ? -1 : table.depth(entry)).as(Exercises.say("the bucket: a position"
                + " stored at depth 2, then at depth 5, answers with depth %d, where its own entry should hold the new"
                + " result", "桶：一个局面先以深度 2、再以深度 5 存入，回答的深度是 %d，而它自己的表项应当存着新的结果"),
                entry == TranspositionTable.MISSING ? -1 : table.depth(entry)).isEqualTo(5);

        Search.Result result = Search.withTable(new TranspositionTable(1 << 12, bucket, true))
                .search(Position.startPosition(), 5);
        assertThat(Move.toUci(result.bestMove())).as(Exercises.say("the bucket, start position, depth 5: the move %s,"
                + " where chapter 3's is c3c4", "桶，初始局面，深度 5：着法是 %s，而第 3 章的是 c3c4"),
                Move.toUci(result.bestMove())).isEqualTo("c3c4");
        assertThat(result.score()).as(Exercises.say("the bucket, start position, depth 5: the score %d, where chapter 3's is 110",
                "桶，初始局面，深度 5：分值是 %d，而第 3 章的是 110"), result.score()).isEqualTo(110);
        assertThat(result.nodes()).as(Exercises.say("the bucket, start position, depth 5 in 2^12 entries: %,d nodes,"
                + " not fewer than two-tier's %,d", "桶，初始局面，深度 5，2^12 个表项：%,d 个节点，并不比双层置换表的"
                + " %,d 个少"), result.nodes(), TWO_TIER_SMALL_TABLE_DEPTH_5)
                .isLessThan(TWO_TIER_SMALL_TABLE_DEPTH_5);
    }

    /** Which of the first {@code stored} keys of one slot no longer answer, as "entries 2 and 4" (counted from 1). */
    private static String replacedIn(TranspositionTable table, int stored) {
        List<String> gone = new ArrayList<>();
        for (int i = 0; i < stored; i++) {
            if (table.probe(key(i)) == TranspositionTable.MISSING) {
                gone.add(String.valueOf(i + 1));
            }
        }
        return gone.isEmpty() ? Exercises.say("none of them", "一个也没有")
                : Exercises.say("entry " + String.join(" and ", gone), "第 " + String.join("、", gone) + " 个表项");
    }

    /** Keys that all share one slot, in any table of up to 2^20 entries. */
    private static long key(int i) {
        return (long) (i + 1) << 40 | 3;
    }

    private static void newSearch(TranspositionTable table) {
        try {
            Exercises.call(table, "newSearch");
        } catch (AssertionError missing) {
            if (missing instanceof Exercises.Missing) {
                throw new AssertionError(missing.getMessage() + Exercises.say(": add it, and let new results replace old"
                        + " entries", "：加上它，让新的结果替换旧的表项"));
            }
            throw missing;
        }
    }
}
