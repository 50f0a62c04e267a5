package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;
import static xiangqi.Fixtures.MIDDLEGAME;
import static xiangqi.Fixtures.legalMoves;
import static xiangqi.Fixtures.playRandomGame;

import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Holds {@link MoveGenerator} against {@link ReferenceMoveGenerator}, a slow generator that
 * decides every (from, to) pair straight from the written rules.
 *
 * <p>Published perft numbers cover the positions someone else chose. Here we choose our own:
 * each position below is built to put one rule under stress, with few pieces so that a
 * disagreement points at the rule. Random games then add thousands of positions nobody chose.
 */
@DisplayName("The fast move generator agrees with a naive one written straight from the rules")
final class ReferencePerftTest {

    /** Small positions, each isolating one rule. Every one is a legal position. */
    static Stream<Arguments> positionsIsolatingOneRule() {
        return Stream.of(
                // Checks and their answers
                arguments("chariot check: capture the chariot or step aside",
                        "4k4/9/9/9/9/R3r4/9/9/9/4K4 w - - 0 1"),
                arguments("cannon check over one screen: move the screen away, add a second screen, or step aside",
                        "4k4/9/9/9/4c4/9/9/2N6/4A4/4K4 w - - 0 1"),
                arguments("horse check: put a piece on the horse's leg, or step aside",
                        "5k3/9/9/9/9/9/9/3n5/R8/4K4 w - - 0 1"),
                arguments("horse check is not blocked by a piece next to the general",
                        "3k5/9/9/9/9/9/R8/5n3/4A4/4K4 w - - 0 1"),
                arguments("a horse with its leg blocked gives no check, so the blocker is pinned",
                        "5k3/9/9/9/9/9/9/3n5/3R5/4K4 w - - 0 1"),
                arguments("soldier checks from the front",
                        "3k5/9/9/9/9/9/9/9/R3p4/4K4 w - - 0 1"),
                arguments("soldier over the river checks from the side",
                        "3k5/9/9/9/7N1/9/9/9/9/3pK4 w - - 0 1"),
                arguments("red soldier checks black's general from the side",
                        "3Pk4/9/9/9/9/9/9/1C7/9/5K3 b - - 0 1"),
                arguments("a soldier behind the general gives no check: soldiers never move back",
                        "4P4/4k4/9/9/R8/9/9/9/9/3K5 b - - 0 1"),
                // Pins
                arguments("a chariot pinned on its general's file may only slide along it",
                        "5k3/9/4r4/9/9/9/4R4/9/9/1N2K4 w - - 0 1"),
                arguments("a horse pinned on its general's file cannot move at all",
                        "3k5/9/9/4r4/9/9/9/9/4N4/4K4 w - - 0 1"),
                arguments("two pieces between a cannon and the general: removing either leaves one screen, so both are pinned",
                        "3k5/9/9/4c4/9/9/9/4N4/4A4/4K4 w - - 0 1"),
                arguments("flying general: the only piece between the generals cannot leave the file",
                        "4k4/9/9/9/n8/4N4/9/9/9/4K4 w - - 0 1"),
                arguments("flying general: black's cannon between the generals may move only along the file",
                        "4k4/9/9/2P6/4c4/9/9/9/R8/4K4 b - - 0 1"),
                arguments("a piece moving between a cannon and its own general becomes a screen: self-check",
                        "4k4/9/4c4/9/9/R8/9/2N6/9/3AK4 w - - 0 1"),
                arguments("a piece moving in front of its own cannon gives check",
                        "4k4/9/4c4/2n6/9/8R/9/9/9/3AK4 b - - 0 1"),
                // Blocked moves and boundaries
                arguments("horse legs blocked by own pieces",
                        "3k5/9/1nc6/9/9/2B6/4P4/4N4/9/4K4 w - - 0 1"),
                arguments("elephant eyes blocked by an own and an enemy piece",
                        "9/3k5/4b4/5P3/9/9/5n3/4B4/5K3/9 w - - 0 1"),
                arguments("elephants at the river do not cross it",
                        "3k5/9/9/9/2b3b2/2B3B2/9/9/9/4K4 w - - 0 1"),
                arguments("red soldiers before, at and across the river, and on the last rank",
                        "3k4P/9/9/6P2/4P4/1pP6/P8/7p1/9/5K3 w - - 0 1"),
                arguments("black soldiers before, at and across the river, and on the last rank",
                        "3k5/9/9/2p6/1P4p2/4p4/9/9/9/p4K3 b - - 0 1"),
                arguments("red general and advisors at the edges of the palace",
                        "5k3/9/3a1a3/9/9/9/9/3K5/4A4/3A5 w - - 0 1"),
                arguments("black general and advisors at the edges of the palace",
                        "3a5/4a4/3k5/9/9/9/9/5K3/4A4/3A5 b - - 0 1"),
                // No moves at all
                arguments("stalemate (困毙): not in check, but every move is illegal",
                        "4k4/R8/9/9/9/9/9/9/5R3/3K5 b - - 0 1"),
                arguments("checkmate by two chariots",
                        "R3k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1"),
                arguments("checkmate by two cannons (重炮)",
                        "3aka3/9/9/9/4C4/4C4/9/9/9/3K5 b - - 0 1"),
                arguments("checkmate by horse and chariot",
                        "3aka3/2N5R/9/9/9/9/9/9/9/3K5 b - - 0 1"));
    }

    @DisplayName("Same set of legal moves")
    @ParameterizedTest(name = "{0}")
    @MethodSource("positionsIsolatingOneRule")
    void sameMoves(String rule, String fen) {
        Position position = Position.fromFen(fen);

        assertThat(legalMoves(position)).as("legal moves in %s", fen)
                .containsExactlyInAnyOrderElementsOf(referenceMoves(position));
    }

    @DisplayName("Same perft counts at depths 1 to 3")
    @ParameterizedTest(name = "{0}")
    @MethodSource("positionsIsolatingOneRule")
    void samePerft(String rule, String fen) {
        Position position = Position.fromFen(fen);
        Perft perft = new Perft(3);

        for (int depth = 1; depth <= 3; depth++) {
            assertThat(perft.count(position, depth)).as("perft(%d) of %s", depth, fen)
                    .isEqualTo(ReferenceMoveGenerator.perft(position, depth));
        }
    }

    @DisplayName("Same moves in every position of 200 random games")
    @Test
    void sameMovesAlongRandomGames() {
        String[] starts = {
            Position.START_FEN,
            MIDDLEGAME,
            "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
            "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
        };
        Random random = new Random(20240601); // fixed seed: the same games on every run
        int positionsChecked = 0;

        for (int game = 0; game < 200; game++) {
            int[] played = playRandomGame(Position.fromFen(starts[game % starts.length]), 60, random,
                    position -> assertThat(legalMoves(position)).as("legal moves in %s", position.toFen())
                            .containsExactlyInAnyOrderElementsOf(referenceMoves(position)));
            positionsChecked += played.length + 1; // every position of the game, the first and the last
        }
        assertThat(positionsChecked).isGreaterThan(5_000);
    }

    /** Checks the checker: the naive generator alone must also reproduce published counts. */
    @DisplayName("The reference generator itself reproduces published perft(3) counts")
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = ';', textBlock = """
            rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1; 79666
            CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1; 14808
            C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1; 6241
            1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1; 22787
            """)
    void referenceMatchesPublishedCounts(String fen, long expected) {
        assertThat(ReferenceMoveGenerator.perft(Position.fromFen(fen), 3)).isEqualTo(expected);
    }

    /** The reference generator's moves as text, so that a failure shows "e2d4" rather than an int. */
    private static List<String> referenceMoves(Position position) {
        return ReferenceMoveGenerator.legalMoves(position).stream().map(Move::toUci).toList();
    }
}
