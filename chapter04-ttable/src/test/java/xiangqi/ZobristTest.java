package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The incremental key is only useful if it always equals the key computed from scratch,
 * whatever the path to the position. These are the tests engine authors run whenever
 * they touch make/unmake.
 */
class ZobristTest {
    @Test
    @DisplayName("after every make and unmake of long random games, the incremental key equals a fresh one")
    void incrementalKeyEqualsRecomputedKey() {
        Random random = new Random(3);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int checked = 0;
        for (Demo.Example example : Demo.EXAMPLES) {
            for (int game = 0; game < 20; game++) {
                Position position = Position.fromFen(example.fen());
                int[] played = new int[200];
                long[] keys = new long[201];
                int plies = 0;
                keys[0] = position.key();
                while (plies < 200) {
                    int count = MoveGenerator.generateLegal(position, moves);
                    if (count == 0) {
                        break;
                    }
                    played[plies] = moves[random.nextInt(count)];
                    position.makeMove(played[plies++]);
                    assertThat(position.key()).as("after make").isEqualTo(Zobrist.compute(position));
                    keys[plies] = position.key();
                    checked++;
                }
                while (plies > 0) {
                    position.unmakeMove(played[--plies]);
                    assertThat(position.key()).as("unmake restores the key").isEqualTo(keys[plies])
                            .isEqualTo(Zobrist.compute(position));
                }
            }
        }
        assertThat(checked).as("positions checked").isGreaterThan(5000);
    }

    @Test
    @DisplayName("two move orders that reach the same position give the same key (a transposition)")
    void transpositionsShareAKey() {
        Position first = Position.startPosition();
        for (String move : new String[] {"h2e2", "h9g7", "b0c2", "b9c7"}) {
            first.makeMove(MoveGenerator.parseLegal(first, move));
        }
        Position second = Position.startPosition();
        for (String move : new String[] {"b0c2", "b9c7", "h2e2", "h9g7"}) {
            second.makeMove(MoveGenerator.parseLegal(second, move));
        }
        assertThat(second.toFen()).isEqualTo(first.toFen());
        assertThat(second.key()).isEqualTo(first.key());
    }

    @Test
    @DisplayName("a position read from FEN has the key of the same position reached by moves, captures included")
    void fenAndMovesAgree() {
        Position played = Position.startPosition();
        for (String move : new String[] {"h2e2", "h9g7", "e2e6", "g7e6"}) { // cannon takes soldier, horse takes cannon
            played.makeMove(MoveGenerator.parseLegal(played, move));
        }
        Position parsed = Position.fromFen(played.toFen());
        assertThat(parsed.key()).isEqualTo(played.key());
    }

    @Test
    @DisplayName("the side to move is part of the key: same board, other side, key differs by BLACK_TO_MOVE")
    void sideToMoveChangesTheKey() {
        String board = "3k5/4a4/3a5/9/9/9/9/9/R8/4K3R";
        long red = Position.fromFen(board + " w - - 0 1").key();
        long black = Position.fromFen(board + " b - - 0 1").key();
        assertThat(black).isNotEqualTo(red);
        assertThat(black ^ red).isEqualTo(Zobrist.BLACK_TO_MOVE);
    }

    @Test
    @DisplayName("keys are fixed by the seed: the start position has the same key on every machine")
    void keysArePinned() {
        // SplitMix64 from a fixed seed is pure arithmetic on longs: no JDK or platform dependence.
        assertThat(Long.toHexString(Position.startPosition().key())).isEqualTo("3052bc30b641a8ff");
    }

    @Test
    @DisplayName("every (piece, square) number is distinct and non-zero; the empty row is all zeros")
    void numbersAreDistinct() {
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (int piece = 0; piece < 16; piece++) {
            for (int square = 0; square < Square.COUNT; square++) {
                long number = Zobrist.PIECE_SQUARE[piece][square];
                if (Piece.type(piece) == Piece.EMPTY) {
                    assertThat(number).isZero();
                } else {
                    assertThat(number).isNotZero();
                    assertThat(seen.add(number)).as("distinct").isTrue();
                }
            }
        }
        assertThat(seen).hasSize(14 * Square.COUNT);
    }

    @Test
    @DisplayName("keys change no search result: chapter 2's scores, moves and node counts")
    void searchIsUnchanged() {
        // Chapter 2's numbers for the start position (its README): depth 4 and depth 5.
        Search.Result depth4 = new Search().search(Position.startPosition(), 4);
        assertThat(depth4.nodes()).isEqualTo(149_556);
        assertThat(depth4.score()).isEqualTo(-50);
        assertThat(Move.toUci(depth4.bestMove())).isEqualTo("b2e2");
        Search.Result depth5 = new Search().search(Position.startPosition(), 5);
        assertThat(depth5.nodes()).isEqualTo(5_236_364);
        assertThat(Move.toUci(depth5.bestMove())).isEqualTo("c3c4");
    }
}
