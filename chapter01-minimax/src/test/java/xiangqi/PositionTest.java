package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static xiangqi.Fixtures.playRandomGame;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Reading and writing FEN, and making and taking back moves. */
@DisplayName("Position: FEN and make/unmake")
final class PositionTest {

    // ------------------------------------------------------------------ FEN round trip

    @DisplayName("Writing a position read from FEN gives back the same FEN")
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
        "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
        "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
        "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
        "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
        "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1",
        "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
        "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
        "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
        "r1bakab1r/9/1c2c4/p3p3p/2p3p2/2P3P2/P3P3P/1C2C4/9/R1BAKAB1R w - - 0 1",
        // Black to move, and move counters other than 0 1.
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
        "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2",
        "4k4/R8/9/9/9/9/9/9/5R3/3K5 b - - 37 81",
        "3aka3/9/9/9/4C4/4C4/9/9/9/3K5 b - - 12 40",
    })
    void fenRoundTrip(String fen) {
        assertThat(Position.fromFen(fen).toFen()).isEqualTo(fen);
    }

    @DisplayName("The move counters may be left out; they default to 0 and 1")
    @Test
    void countersMayBeLeftOut() {
        String board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

        assertThat(Position.fromFen(board + " w").toFen()).isEqualTo(Position.START_FEN);
    }

    @DisplayName("The letters h and e are read as horse and elephant, and written back as n and b")
    @Test
    void horseAndElephantLettersAreAccepted() {
        Position position = Position.fromFen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1");

        assertThat(position.toFen()).isEqualTo(Position.START_FEN);
    }

    // ------------------------------------------------------------------ bad FEN

    @DisplayName("A bad FEN is rejected with a message naming the problem")
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            empty                            | "   "                                                                   | it is empty
            nine ranks                       | rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1     | 9 ranks, expected 10
            eleven ranks                     | rnbakabnr/9/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 | 11 ranks, expected 10
            a rank too long                  | rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C2/9/RNBAKABNR w - - 0 1   | rank 2 ('1C5C2') covers 10 files, expected 9
            a rank too short                 | rnbakabnr/9/1c5c1/p1p1p1p1p/8/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1   | rank 5 ('8') covers 8 files, expected 9
            unknown piece letter             | rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5X1/9/RNBAKABNR w - - 0 1   | unknown piece letter 'X' in rank 2
            two red generals                 | 3k5/9/9/9/9/9/9/9/4K4/4K4 w - - 0 1                                     | 2 red generals, expected exactly one
            no black general                 | 9/9/9/9/9/9/9/9/9/4K4 w - - 0 1                                         | 0 black generals, expected exactly one
            red general outside its palace   | 3k5/9/9/9/9/9/4K4/9/9/9 w - - 0 1                                       | red general on e3, a square it can never reach
            black general outside its palace | 2k6/9/9/9/9/9/9/9/9/4K4 w - - 0 1                                       | black general on c9, a square it can never reach
            side to move missing             | rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR             | side to move is missing
            side to move 'x'                 | rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1   | side to move is 'x', expected 'w' (red) or 'b' (black)
            side to move 'r' for red         | rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1   | side to move is 'r', expected 'w' (red) or 'b' (black)
            halfmove clock not a number      | rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1   | halfmove clock 'x' is not a number
            negative halfmove clock          | rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - -3 1  | halfmove clock '-3' is not a number >= 0
            move number not a number         | rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 one | move number 'one' is not a number
            move number zero                 | rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0   | move number '0' is not a number >= 1
            generals face each other         | 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1                                       | the generals face each other
            side not to move in check        | 4k4/4R4/9/9/9/9/9/9/9/3K5 w - - 0 1                                     | the black general is in check but it is red to move
            red elephant across the river    | 3k5/9/9/2B6/9/9/9/9/9/4K4 w - - 0 1                                     | red elephant on c6, a square it can never reach
            black elephant across the river  | 3k5/9/9/9/9/2b6/9/9/9/4K4 w - - 0 1                                     | black elephant on c4, a square it can never reach
            elephant off its points          | 3k5/9/9/9/9/9/9/9/9/3BK4 w - - 0 1                                      | red elephant on d0, a square it can never reach
            red advisor off its points       | 3k5/9/9/9/9/9/9/9/9/4AK3 w - - 0 1                                      | red advisor on e0, a square it can never reach
            black advisor off its points     | 3ka4/9/9/9/9/9/9/9/9/4K4 w - - 0 1                                      | black advisor on e9
            advisor outside the palace       | 3k5/9/9/9/9/9/9/2A6/9/4K4 w - - 0 1                                     | red advisor on c2, a square it can never reach
            soldier behind its start         | 3k5/9/9/9/9/9/9/P8/9/4K4 w - - 0 1                                      | red soldier on a2, a square it can never reach
            soldier sideways before river    | 3k5/9/9/9/9/1P7/9/9/9/4K4 w - - 0 1                                     | red soldier on b4, a square it can never reach
            three chariots                   | 3k5/9/9/9/9/9/9/9/9/RRR1K4 w - - 0 1                                    | 3 red chariots, at most 2 allowed
            a word after the move number     | 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1 h2e2                                | 'h2e2' after the move number
            a move where '-' belongs         | 3k5/9/9/9/9/9/9/9/9/4K4 w h2e2                                          | 'h2e2' where '-' belongs
            a non-ASCII digit as a counter   | 3k5/9/9/9/9/9/9/9/9/4K4 w - - ２ 1                                  | halfmove clock '２' is not a number
            the Kelvin sign for a general    | 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1                                       | unknown piece letter 'K'
            """)
    void badFenIsRejected(String problem, String fen, String message) {
        assertThatThrownBy(() -> Position.fromFen(fen))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    // ------------------------------------------------------------------ make and unmake

    @DisplayName("Making a move updates board, side to move and counters; unmaking restores each step")
    @Test
    void makeAndUnmakeKnownMoves() {
        Position position = Position.startPosition();
        String[] moves = {"h2e2", "h9g7", "e2e6"};
        String[] after = {
            // Central cannon: a quiet move, so the halfmove clock counts 1.
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
            // Black's reply completes move 1.
            "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
            // The cannon takes the centre soldier over the screen on e3: the clock resets.
            "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2",
        };
        String[] before = {Position.START_FEN, after[0], after[1]};
        int[] made = new int[moves.length];

        for (int i = 0; i < moves.length; i++) {
            made[i] = MoveGenerator.parseLegal(position, moves[i]);
            position.makeMove(made[i]);
            assertThat(position.toFen()).as("after %s", moves[i]).isEqualTo(after[i]);
        }
        for (int i = moves.length - 1; i >= 0; i--) {
            position.unmakeMove(made[i]);
            assertThat(position.toFen()).as("after taking back %s", moves[i]).isEqualTo(before[i]);
        }
    }

    @DisplayName("Along random games, every unmake restores exactly the position before the move")
    @Test
    void unmakeRestoresEveryPositionOfRandomGames() {
        Random random = new Random(7); // fixed seed: the same games on every run

        for (int game = 0; game < 100; game++) {
            Position position = Position.startPosition();
            List<String> fens = new ArrayList<>();
            int[] played = playRandomGame(position, 120, random, visited -> fens.add(visited.toFen()));
            for (int ply = played.length - 1; ply >= 0; ply--) {
                position.unmakeMove(played[ply]);
                assertThat(position.toFen()).as("after taking back %s in game %d", Move.toUci(played[ply]), game)
                        .isEqualTo(fens.get(ply));
                // The general's square is cached, not in the FEN: check it separately.
                assertThat(position.generalSquare(Piece.RED)).isEqualTo(squareOf(position, Piece.of(Piece.RED, Piece.GENERAL)));
                assertThat(position.generalSquare(Piece.BLACK)).isEqualTo(squareOf(position, Piece.of(Piece.BLACK, Piece.GENERAL)));
            }
            assertThat(position.toFen()).isEqualTo(Position.START_FEN);
        }
    }

    private static int squareOf(Position position, int piece) {
        for (int square = 0; square < Square.COUNT; square++) {
            if (position.pieceAt(square) == piece) {
                return square;
            }
        }
        return -1;
    }
}
