package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static xiangqi.Fixtures.MATE_IN_TWO;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Alpha-beta must give exactly minimax's answer, only cheaper. These tests compare the
 * two on hundreds of positions from random games, and check the fail-soft contract that
 * the next chapters' transposition table will rely on.
 */
class AlphaBetaTest {
    /** 240 positions: 48 random games of up to 29 plies from each demo position. */
    private static List<Position> samplePositions() {
        return Fixtures.randomPositions(20261121, 48, 30);
    }

    @Test
    @DisplayName("alpha-beta's root score equals minimax's on 240 positions at depths 1-3")
    void sameScoreAsMinimax() {
        List<Position> positions = samplePositions();
        assertThat(positions).hasSizeGreaterThanOrEqualTo(200);
        int compared = 0;
        for (Position position : positions) {
            for (int depth = 1; depth <= 3; depth++) {
                Search.Result pruned = Search.withAlphaBeta().search(position, depth);
                Search.Result full = Search.minimax().search(position, depth);
                assertThat(pruned.score()).as("%s at depth %d", position.toFen(), depth).isEqualTo(full.score());
                assertThat(pruned.nodes()).as("alpha-beta never searches more").isLessThanOrEqualTo(full.nodes());
                compared++;
            }
        }
        assertThat(compared).isEqualTo(positions.size() * 3);
    }

    @Test
    @DisplayName("alpha-beta's best move is one of minimax's best moves (in fact the first of them)")
    void bestMoveIsAMinimaxBestMove() {
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        for (Position position : samplePositions()) {
            int depth = 2;
            int count = MoveGenerator.generateLegal(position, moves);
            if (count == 0) {
                continue;
            }
            // Minimax's value of every root move: the child's value, negated.
            int bestValue = -Score.INFINITE;
            List<Integer> bestMoves = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                position.makeMove(moves[i]);
                int value = -Search.minimax().search(position, depth - 1).score();
                position.unmakeMove(moves[i]);
                if (value > bestValue) {
                    bestValue = value;
                    bestMoves.clear();
                }
                if (value == bestValue) {
                    bestMoves.add(moves[i]);
                }
            }
            int chosen = Search.withAlphaBeta().search(position, depth).bestMove();
            assertThat(bestMoves).as(position.toFen()).contains(chosen);
            assertThat(chosen).as("ties go to the first move generated, as in minimax").isEqualTo(bestMoves.get(0));
        }
    }

    @Test
    @DisplayName("fail-soft: a result <= alpha bounds the true value from above, >= beta from below")
    void failSoftBounds() {
        Random random = new Random(7);
        int checked = 0;
        for (Position position : samplePositions()) {
            int depth = 1 + random.nextInt(3);
            int truth = Search.minimax().search(position, depth).score();
            // Windows below, around and above the true value.
            int[][] windows = {
                {truth - 300, truth - 100}, {truth - 50, truth + 50}, {truth + 100, truth + 300},
                {truth - 1, truth + 1}, {truth, truth + 1},
            };
            for (int[] window : windows) {
                int alpha = window[0];
                int beta = window[1];
                int result = Search.withAlphaBeta().alphaBeta(position, alpha, beta, depth, 0);
                if (result <= alpha) {
                    assertThat(truth).as("fail low gives an upper bound").isLessThanOrEqualTo(result);
                } else if (result >= beta) {
                    assertThat(truth).as("fail high gives a lower bound").isGreaterThanOrEqualTo(result);
                } else {
                    assertThat(result).as("inside the window the value is exact").isEqualTo(truth);
                }
                checked++;
            }
        }
        assertThat(checked).isGreaterThanOrEqualTo(1000);
    }

    @Test
    @DisplayName("with pruning off the search is chapter 1's minimax: the same node count")
    void pruningOffIsMinimax() {
        // 3,371,871 is chapter 1's count at depth 4 from the start position (its README).
        Search.Result full = Search.minimax().search(Position.startPosition(), 4);
        assertThat(full.nodes()).isEqualTo(3_371_871);
        assertThat(full.cutoffs()).isZero();
        assertThat(full.leaves()).as("every legal line is visited").isEqualTo(new Perft(4).count(Position.startPosition(), 4));
    }

    @Test
    @DisplayName("alpha-beta finds the same mate distance as minimax")
    void sameMateDistance() {
        Position position = Position.fromFen(MATE_IN_TWO);
        Search.Result pruned = Search.withAlphaBeta().search(position, 4);
        assertThat(Score.toUci(pruned.score())).isEqualTo("mate 2");
        assertThat(pruned.score()).isEqualTo(Search.minimax().search(position, 4).score());
    }
}
