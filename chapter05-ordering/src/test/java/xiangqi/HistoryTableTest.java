package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The history table: depth² per cut-off, halved before it can overflow, order kept. */
class HistoryTableTest {

    private static int move(String text) {
        return Move.parseUci(text);
    }

    @Test
    @DisplayName("a cut-off at depth d adds d² to the score of that piece going to that square")
    void depthSquared() {
        Position position = Position.startPosition();
        HistoryTable history = new HistoryTable();
        history.reward(position, move("h0g2"), 3);
        history.reward(position, move("h0g2"), 5);

        assertThat(history.score(position, move("h0g2"))).isEqualTo(9 + 25);
        assertThat(history.score(position, move("b0c2"))).as("another move").isZero();
        assertThat(history.score(position, move("h0i2"))).as("the same horse, another square").isZero();
    }

    @Test
    @DisplayName("the score belongs to the piece and the destination, not to the origin or the position")
    void pieceAndDestination() {
        HistoryTable history = new HistoryTable();
        Position start = Position.startPosition();
        history.reward(start, move("h0g2"), 4);

        // The same horse reaching g2 from e1, in another position.
        Position other = Fixtures.after(Position.START_FEN, "h0g2", "c6c5", "g2e1", "c5c4");
        assertThat(history.score(other, move("e1g2"))).isEqualTo(16);
        // The cannon going to g2 is another piece.
        assertThat(history.score(start, move("h2g2"))).isZero();
    }

    @Test
    @DisplayName("millions of depth-32 rewards of one move never overflow: the score stays in 0..LIMIT")
    void oneMoveCannotOverflow() {
        Position position = Position.startPosition();
        HistoryTable history = new HistoryTable();
        int move = move("h0g2");
        int halvings = 0;
        int previous = 0;
        for (int i = 0; i < 3_000_000; i++) { // 3 million times 1024: three times Integer.MAX_VALUE
            history.reward(position, move, Search.MAX_DEPTH);
            int score = history.score(position, move);
            assertThat(score >= 0 && score <= HistoryTable.LIMIT).as("score %d after %d rewards", score, i + 1).isTrue();
            halvings += score < previous ? 1 : 0;
            previous = score;
        }
        assertThat(halvings).as("the scores were halved, many times").isGreaterThan(1000);
        assertThat(previous).as("still a large score").isGreaterThan(HistoryTable.LIMIT / 2 - Search.MAX_DEPTH * Search.MAX_DEPTH);
    }

    @Test
    @DisplayName("many different moves rewarded at random depths: every score stays in 0..LIMIT")
    void manyMovesCannotOverflow() {
        Random random = new Random(7);
        HistoryTable history = new HistoryTable();
        List<Position> positions = Fixtures.randomPositions(8, 10, 30);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        Set<String> rewarded = new HashSet<>();
        for (int round = 0; round < 400; round++) {
            for (Position position : positions) {
                int count = MoveGenerator.generateLegal(position, moves);
                for (int i = 0; i < count; i++) {
                    history.reward(position, moves[i], 1 + random.nextInt(Search.MAX_DEPTH));
                    if (round == 0) {
                        rewarded.add(position.toFen() + " " + Move.toUci(moves[i]));
                    }
                }
            }
        }
        for (Position position : positions) {
            int count = MoveGenerator.generateLegal(position, moves);
            for (int move : Arrays.copyOf(moves, count)) {
                assertThat(history.score(position, move)).isBetween(0, HistoryTable.LIMIT);
            }
        }
        assertThat(rewarded).hasSizeGreaterThan(1000);
    }

    @Test
    @DisplayName("halving keeps the order: a move rewarded more stays ahead of one rewarded less, through many halvings")
    void halvingKeepsTheOrder() {
        Position position = Position.startPosition();
        HistoryTable history = new HistoryTable();
        int more = move("h0g2");
        int less = move("b0c2");
        int halvings = 0;
        int previous = 0;
        for (int i = 0; i < 200_000; i++) {
            history.reward(position, more, 20);  // 400 each time
            history.reward(position, less, 10);  // 100 each time
            int scoreMore = history.score(position, more);
            assertThat(scoreMore).isGreaterThan(history.score(position, less));
            halvings += scoreMore < previous ? 1 : 0;
            previous = scoreMore;
        }
        assertThat(halvings).isGreaterThan(10);
        // Halving is floor(x / 2), monotonic: it may make two scores equal but never swaps them.
        history.clear();
        history.reward(position, more, 2);  // 4
        history.reward(position, less, 1);  // 1
        history.reward(position, move("i0i1"), 1025); // 1025² > 2^20 = LIMIT: everything is halved
        assertThat(history.score(position, move("i0i1"))).isLessThanOrEqualTo(HistoryTable.LIMIT);
        assertThat(history.score(position, more)).isEqualTo(2);
        assertThat(history.score(position, less)).isEqualTo(0);
    }

    @Test
    @DisplayName("clear forgets everything")
    void clear() {
        Position position = Position.startPosition();
        HistoryTable history = new HistoryTable();
        history.reward(position, move("h0g2"), 7);
        history.clear();

        assertThat(history.score(position, move("h0g2"))).isZero();
    }
}
