package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The checks of this chapter's exercises (see the README's "Exercises"). Each asserts what
 * the search does once the exercise is solved, by playing it on named positions against
 * this chapter's ordered search: quiescence search (5.1) must stop the horizon's blunders
 * and the odd/even swing of the root score; principal variation search (5.2) must find the
 * same root scores as alpha-beta, and with the table fewer nodes; null-move pruning (5.3) must
 * halve the nodes and still find the short mates. As shipped, each fails with one line that
 * says what to add.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExercisesTest {

    /** The chapter's search with these techniques, and a fresh 16 MB table. */
    private static Search searchWith(Techniques techniques) {
        return new Search(techniques, new TranspositionTable(TranspositionTable.DEFAULT_MB,
                TranspositionTable.Scheme.TWO_TIER));
    }

    /**
     * The technique an exercise adds, or the one line that says it is missing and what it is
     * for.
     */
    private static Technique technique(String name, String whatFor) {
        try {
            return Exercises.constant(Technique.class, name);
        } catch (AssertionError missing) {
            throw new AssertionError(missing.getMessage() + ": add it, and " + whatFor);
        }
    }

    @Order(1)
    @Exercise("5.1 quiescence search (静态搜索)")
    void quiescence() {
        Technique quiescence = technique("QUIESCENCE", "search the captures at the horizon");
        Techniques techniques = Search.ORDERED.with(quiescence);

        // At depth 1 the plain search takes a horse with the cannon (b2b9) and stops: it does not
        // see the chariot take the cannon back. Quiescence sees the recapture.
        Search.Result start = searchWith(techniques).search(Position.startPosition(), 1);
        assertThat(Move.toUci(start.bestMove()))
                .as("5.1: depth 1 from the start still plays b2b9, the cannon taking a defended horse")
                .isNotEqualTo("b2b9");
        assertThat(Math.abs(start.score())).as("5.1: depth 1 from the start, the score").isLessThan(100);

        // The red chariot must not take the soldier that the black chariot defends...
        Search.Result defended = searchWith(techniques).search(Position.fromFen(Fixtures.DEFENDED_SOLDIER), 1);
        assertThat(Move.toUci(defended.bestMove()))
                .as("5.1: depth 1, the chariot still takes the defended soldier").isNotEqualTo("a0a5");
        // ... and must still take the chariot that nothing defends.
        Search.Result hanging = searchWith(techniques).search(Position.fromFen(Fixtures.HANGING_CHARIOT), 1);
        assertThat(Move.toUci(hanging.bestMove()))
                .as("5.1: depth 1, the hanging chariot is no longer taken").isEqualTo("a0a5");

        // The root score from the start no longer swings between odd and even depths.
        List<Integer> scores = new ArrayList<>();
        for (int depth = 1; depth <= 4; depth++) {
            scores.add(searchWith(techniques).search(Position.startPosition(), depth).score());
        }
        for (int depth = 2; depth <= 4; depth++) {
            assertThat(Math.abs(scores.get(depth - 1) - scores.get(depth - 2)))
                    .as("5.1: the score from the start swings between depths %d and %d: %s", depth - 1, depth, scores)
                    .isLessThan(100);
        }
    }

    @Order(2)
    @Exercise("5.2 principal variation search (主要变例搜索)")
    void principalVariation() {
        Technique pvs = technique("PRINCIPAL_VARIATION", "search every move after the first with a null window");

        // Without the table nothing but the window can change the root score: it must stay the same.
        Techniques noTable = Search.ORDERED.without(Technique.TABLE, Technique.HASH_MOVE);
        for (Position position : Fixtures.randomPositions(23, 4, 40)) {
            for (int depth = 1; depth <= 4; depth++) {
                int plain = new Search(noTable, null).search(position, depth).score();
                int principal = new Search(noTable.with(pvs), null).search(position, depth).score();
                assertThat(principal).as("5.2: the root score of %s at depth %d", position.toFen(), depth)
                        .isEqualTo(plain);
            }
        }

        // With the table, on the demo's positions at depth 6: the same scores, fewer nodes in all.
        long plainNodes = 0;
        long principalNodes = 0;
        for (String fen : List.of(Position.START_FEN, Fixtures.MIDDLEGAME, Fixtures.ATTACK)) {
            Search.Result plain = searchWith(Search.ORDERED).search(Position.fromFen(fen), 6);
            Search.Result principal = searchWith(Search.ORDERED.with(pvs)).search(Position.fromFen(fen), 6);
            assertThat(principal.score()).as("5.2: the root score of %s at depth 6", fen).isEqualTo(plain.score());
            plainNodes += plain.nodes();
            principalNodes += principal.nodes();
        }
        assertThat(principalNodes).as("5.2: the nodes of the three positions at depth 6, against %,d plain",
                plainNodes).isLessThan(plainNodes);
    }

    @Order(3)
    @Exercise("5.3 null-move pruning (空着裁剪)")
    void nullMove() {
        Technique nullMove = technique("NULL_MOVE", "let the opponent move twice before searching a node's moves");

        // The demo's three positions at depth 6: less than half the nodes.
        long plainNodes = 0;
        long pruningNodes = 0;
        for (String fen : List.of(Position.START_FEN, Fixtures.MIDDLEGAME, Fixtures.ATTACK)) {
            plainNodes += searchWith(Search.ORDERED).search(Position.fromFen(fen), 6).nodes();
            pruningNodes += searchWith(Search.ORDERED.with(nullMove)).search(Position.fromFen(fen), 6).nodes();
        }
        assertThat(pruningNodes).as("5.3: the nodes of the three positions at depth 6, against %,d without",
                plainNodes).isLessThan(plainNodes / 2);

        // Short mates are still found: a pass is never tried in check, nor with a mate score at stake.
        for (String fen : List.of(Fixtures.MATE_IN_ONE, Fixtures.MATE_IN_TWO)) {
            int plain = searchWith(Search.ORDERED).search(Position.fromFen(fen), 4).score();
            int pruning = searchWith(Search.ORDERED.with(nullMove)).search(Position.fromFen(fen), 4).score();
            assertThat(pruning).as("5.3: the mate found at depth 4 in %s", fen).isEqualTo(plain);
        }
    }
}

