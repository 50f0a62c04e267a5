package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static xiangqi.Fixtures.MATE_IN_TWO;
import static xiangqi.Fixtures.after;
import static xiangqi.Fixtures.playRandomGame;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import xiangqi.app.Examples;

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
        int checked = 0;
        for (Examples.Example example : Examples.ALL) {
            for (int game = 0; game < 20; game++) {
                Position position = example.position();
                List<Long> keys = new ArrayList<>();
                int[] played = playRandomGame(position, 200, random, visited -> {
                    assertThat(visited.key()).as("the incremental key").isEqualTo(Zobrist.compute(visited));
                    keys.add(visited.key());
                });
                for (int ply = played.length - 1; ply >= 0; ply--) {
                    position.unmakeMove(played[ply]);
                    assertThat(position.key()).as("unmake restores the key").isEqualTo(keys.get(ply))
                            .isEqualTo(Zobrist.compute(position));
                }
                checked += played.length;
            }
        }
        assertThat(checked).as("positions checked").isGreaterThan(5000);
    }

    @Test
    @DisplayName("two move orders that reach the same position give the same key (a transposition)")
    void transpositionsShareAKey() {
        Position first = after(Position.START_FEN, "h2e2", "h9g7", "b0c2", "b9c7");
        Position second = after(Position.START_FEN, "b0c2", "b9c7", "h2e2", "h9g7");
        assertThat(second.toFen()).isEqualTo(first.toFen());
        assertThat(second.key()).isEqualTo(first.key());
    }

    @Test
    @DisplayName("a position read from FEN has the key of the same position reached by moves, captures included")
    void fenAndMovesAgree() {
        // The cannon takes a soldier, the horse takes the cannon.
        Position played = after(Position.START_FEN, "h2e2", "h9g7", "e2e6", "g7e6");
        Position parsed = Position.fromFen(played.toFen());
        assertThat(parsed.key()).isEqualTo(played.key());
    }

    @Test
    @DisplayName("the UCI command 'd' prints the key of the current position after its FEN")
    void uciShowsTheKey() {
        Fixtures.Run session = Fixtures.uciSession("position startpos moves h2e2", "d");

        Position position = after(Position.START_FEN, "h2e2");
        assertThat(session.lines()).endsWith("fen " + position.toFen(), "key " + Long.toHexString(position.key()));
    }

    @Test
    @DisplayName("the side to move is part of the key: same board, other side, key differs by BLACK_TO_MOVE")
    void sideToMoveChangesTheKey() {
        long red = Position.fromFen(MATE_IN_TWO).key();
        long black = Position.fromFen(MATE_IN_TWO.replace(" w ", " b ")).key();
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
        Set<Long> seen = new HashSet<>();
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
        Search.Result depth4 = Search.withAlphaBeta().search(Position.startPosition(), 4);
        assertThat(depth4.nodes()).isEqualTo(149_556);
        assertThat(depth4.score()).isEqualTo(-50);
        assertThat(Move.toUci(depth4.bestMove())).isEqualTo("b2e2");
        Search.Result depth5 = Search.withAlphaBeta().search(Position.startPosition(), 5);
        assertThat(depth5.nodes()).isEqualTo(5_236_364);
        assertThat(Move.toUci(depth5.bestMove())).isEqualTo("c3c4");
    }
}
