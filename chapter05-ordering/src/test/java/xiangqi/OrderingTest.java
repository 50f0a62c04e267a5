package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import xiangqi.MovePicker.Stage;

/**
 * Move ordering and iterative deepening in the search: they change how much is searched,
 * never what the search finds; and the chapter's numbers, pinned.
 */
class OrderingTest {
    /** Ordering on (captures, killers, history), the table off: nothing can change the root score. */
    private static final Techniques ORDERED_NO_TABLE =
            Search.ORDERED.without(Technique.TABLE, Technique.HASH_MOVE);
    /** The same, one search to the full depth only. */
    private static final Techniques ORDERED_NO_TABLE_NO_DEEPENING =
            ORDERED_NO_TABLE.without(Technique.ITERATIVE_DEEPENING);

    /** The table the chapter's numbers are measured with: 2^20 entries, two-tier, mate scores adjusted. */
    private static TranspositionTable table() {
        return new TranspositionTable(1L << 20, TranspositionTable.Scheme.TWO_TIER, true);
    }

    // ------------------------------------------------------------------ the value is unchanged

    @Test
    @DisplayName("ordering changes the work, never the value: the root score of chapter 2's alpha-beta "
            + "on 120 random positions at depths 1-4, with fewer nodes in total")
    void orderingKeepsTheScore() {
        List<Position> positions = Fixtures.randomPositions(55, 24, 40);
        assertThat(positions).hasSizeGreaterThanOrEqualTo(100);
        long plainNodes = 0;
        long orderedNodes = 0;
        long orderedNoDeepeningNodes = 0;
        for (Position position : positions) {
            String fen = position.toFen();
            for (int depth = 1; depth <= 4; depth++) {
                Search.Result plain = Search.withAlphaBeta().search(position, depth);
                Search.Result ordered = new Search(ORDERED_NO_TABLE, null).search(position, depth);
                Search.Result once = new Search(ORDERED_NO_TABLE_NO_DEEPENING, null).search(position, depth);

                assertThat(ordered.score()).as("%s depth %d, deepening", fen, depth).isEqualTo(plain.score());
                assertThat(once.score()).as("%s depth %d, no deepening", fen, depth).isEqualTo(plain.score());
                assertThat(position.toFen()).as("the position is left unchanged").isEqualTo(fen);
                plainNodes += plain.nodes();
                orderedNodes += ordered.nodes();
                orderedNoDeepeningNodes += once.nodes();
            }
        }
        assertThat(orderedNodes).as("ordered, depths 1 to D summed").isLessThan(plainNodes);
        assertThat(orderedNoDeepeningNodes).as("ordered, depth D only").isLessThan(plainNodes);
    }

    @Test
    @DisplayName("the ordered search's PV is a legal line, and its first move is the best move")
    void pvIsLegal() {
        Position position = Position.fromFen(Fixtures.MIDDLEGAME);
        Search.Result result = Search.ordered(table()).search(position, 5);

        assertThat(result.pv()).hasSizeGreaterThan(0);
        assertThat(result.bestMove()).isEqualTo(result.pv()[0]);
        for (int move : result.pv()) {
            assertThat(Fixtures.legalMoves(position)).contains(Move.toUci(move));
            position.makeMove(move);
        }
    }

    // ------------------------------------------------------------------ the chapter's numbers

    @ParameterizedTest(name = "depth {0}: {1} nodes")
    @CsvSource({"1, 45", "2, 906", "3, 20387", "4, 130773"})
    @DisplayName("Search.withTable is chapter 4's search: its node counts from the start position, exactly "
            + "(depth 5's 3,196,581 is pinned in TranspositionTableTest)")
    void withTableIsChapterFour(int depth, long nodes) {
        Search.Result result = Search.withTable(table()).search(Position.startPosition(), depth);

        assertThat(result.nodes()).isEqualTo(nodes);
        assertThat(result.depth()).isEqualTo(depth);
    }

    @ParameterizedTest(name = "depth {0}: {1} nodes, score {2}")
    @CsvSource({"1, 45, 400", "2, 174, -70", "3, 1963, 330", "4, 11490, -50", "5, 79973, 110"})
    @DisplayName("chapter 5's own numbers from the start position: nodes of all iterations, and chapter 4's scores")
    void orderedNumbers(int depth, long nodes, int score) {
        Search.Result result = Search.ordered(table()).search(Position.startPosition(), depth);

        assertThat(result.nodes()).isEqualTo(nodes);
        assertThat(result.score()).isEqualTo(score);
        assertThat(result.depth()).isEqualTo(depth);
    }

    @Test
    @DisplayName("at depth 6 at least 90% of the cut-offs come from the first move tried")
    void firstMoveCutoffRate() {
        Search search = Search.ordered(table());
        Search.Result result = search.search(Position.startPosition(), 6);

        assertThat(result.cutoffs()).isPositive();
        double rate = (double) search.firstMoveCutoffs() / result.cutoffs();
        assertThat(rate).isGreaterThanOrEqualTo(0.90);
    }

    @Test
    @DisplayName("every cut-off is credited to the stage of the move that made it; each stage makes some")
    void cutoffsByStage() {
        Search search = Search.ordered(table());
        Search.Result result = search.search(Position.fromFen(Fixtures.MIDDLEGAME), 5);

        long sum = 0;
        for (Stage stage : Stage.values()) {
            sum += search.cutoffs(stage);
        }
        assertThat(sum).isEqualTo(result.cutoffs());
        assertThat(search.cutoffs(Stage.DONE)).isZero();
        for (Stage stage : List.of(Stage.HASH, Stage.CAPTURES, Stage.KILLER_1, Stage.QUIETS)) {
            assertThat(search.cutoffs(stage)).as(stage.name()).isPositive();
        }
        assertThat(search.firstMoveCutoffs()).isLessThanOrEqualTo(result.cutoffs());
    }

    @Test
    @DisplayName("chapter 2's order has no stages: every cut-off is made by a move of the QUIETS stage (all moves, unsorted)")
    void unorderedCutoffsAreAllQuiets() {
        Search search = Search.withAlphaBeta();
        Search.Result result = search.search(Position.startPosition(), 3);

        assertThat(result.cutoffs()).isPositive();
        assertThat(search.cutoffs(Stage.QUIETS)).isEqualTo(result.cutoffs());
    }

    // ------------------------------------------------------------------ iterative deepening

    @Test
    @DisplayName("iterative deepening reports iterations 1, 2, 3, 4 in order, nodes growing; the last is the result")
    void iterationsReported() {
        List<Search.Result> iterations = new ArrayList<>();
        Search.Result result = Search.ordered(table())
                .search(Position.startPosition(), 4, TimeControl.none(), iterations::add);

        assertThat(iterations).extracting(Search.Result::depth).containsExactly(1, 2, 3, 4);
        assertThat(iterations).extracting(Search.Result::nodes).isSorted().doesNotHaveDuplicates();
        assertThat(iterations.get(3)).isSameAs(result);
        assertThat(iterations).extracting(Search.Result::score).containsExactly(400, -70, 330, -50);
        for (Search.Result iteration : iterations) {
            assertThat(iteration.pv()).hasSizeLessThanOrEqualTo(iteration.depth()).isNotEmpty();
        }
    }

    @Test
    @DisplayName("without iterative deepening, one iteration: the depth asked")
    void noDeepeningOneIteration() {
        List<Search.Result> iterations = new ArrayList<>();
        Search.Result result = new Search(ORDERED_NO_TABLE_NO_DEEPENING, null)
                .search(Position.startPosition(), 3, TimeControl.none(), iterations::add);

        assertThat(iterations).singleElement().isSameAs(result);
        assertThat(result.depth()).isEqualTo(3);
    }

    @Test
    @DisplayName("a Search keeps its history table from one search to the next: the same search again, "
            + "without a table, finds the same score with fewer nodes")
    void secondSearchReusesTheHistory() {
        Search search = new Search(ORDERED_NO_TABLE, null);
        Position position = Position.fromFen(Fixtures.MIDDLEGAME);
        Search.Result first = search.search(position, 4);
        Search.Result second = search.search(position, 4);

        assertThat(second.score()).isEqualTo(first.score());
        assertThat(second.nodes()).isLessThan(first.nodes());
        assertThat(new Search(ORDERED_NO_TABLE, null).search(position, 4).nodes()).as("a fresh Search")
                .isEqualTo(first.nodes());
    }
}
