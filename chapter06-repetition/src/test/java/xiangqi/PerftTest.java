package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static xiangqi.Fixtures.MIDDLEGAME;

import java.util.concurrent.atomic.AtomicLong;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Perft against published numbers. A perft count is the number of leaves of the legal move
 * tree; two generators that agree on it for many positions and depths almost surely agree
 * on every move, so this is the strongest single test of the rules.
 *
 * <p>The counts below are the published ones (the chessprogramming wiki's Xiangqi table and
 * engine test suites), each confirmed by two independent engines. We stop at depth 4 so the
 * class runs in a few seconds; deeper counts are for the command line.
 */
@DisplayName("Perft: leaf counts of the legal move tree match the published numbers")
final class PerftTest {

    @DisplayName("Each position's leaf counts, depth by depth, are the published ones")
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', nullValues = "-", textBlock = """
            # position; FEN; its perft at depths 1, 2, 3 and 4 (- where none is published)
            start position;                          rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1;          44; 1920; 79666; 3290240
            middlegame (CPW pos 2);                  r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1;         38; 1128; 43929; 1339047
            middlegame, few red moves (CPW pos 3);   1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1;                 7;  281;  8620;  326201
            endgame R+C vs R+N (CPW pos 4);          5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1;                            25;  424;  9850;  202884
            checks/evasions (CPW pos 5);             CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1;                           28;  516; 14808;  395483
            checks/evasions (CPW pos 6);             R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1;                           21;  364;  7626;  162837
            cannon/horse checks (CPW pos 7);         C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1;                                  28;  222;  6241;   64971
            horse+cannon endgame (CPW pos 8);        4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1;                                  23;  345;  8124;  149272
            horse+cannon endgame (CPW pos 9);        2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1;                                 21;  195;  3883;   48060
            cannons deep in enemy camp (CPW pos 10); 1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1;                30;  830; 22787;  649866
            checks/evasions (CPW pos 11);            CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1;                           19;  583; 11714;  376467
            opening/middlegame;                      r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1;        58; 1651; 90744; 2605437
            wild middlegame;                         1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1;  -;    -;     -; 4485547
            endgame, soldier on last rank;           4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1;                                 -;    -;     -;   92741
            developed horses/cannons (symmetric);    r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1;      36; 1292; 47994; 1777662
            elephant eyes / soldier clash;           r1bakab1r/9/1c2c4/p3p3p/2p3p2/2P3P2/P3P3P/1C2C4/9/R1BAKAB1R w - - 0 1;          33; 1066; 36542; 1259434
            """)
    void matchesPublishedCounts(String description, String fen, Long depth1, Long depth2, Long depth3, Long depth4) {
        Long[] published = {null, depth1, depth2, depth3, depth4};
        Position position = Position.fromFen(fen);
        Perft perft = new Perft(4);

        SoftAssertions.assertSoftly(softly -> {
            for (int depth = 1; depth < published.length; depth++) {
                if (published[depth] != null) {
                    softly.assertThat(perft.count(position, depth)).as("perft(%d) of %s", depth, description)
                            .isEqualTo(published[depth]);
                    // Perft must leave the position exactly as it found it.
                    softly.assertThat(position.toFen()).as("after perft(%d)", depth).isEqualTo(fen);
                }
            }
        });
    }

    @DisplayName("visit shows every node of the tree, the root and the leaves included, and leaves the position as it was")
    @Test
    void visitShowsEveryNode() {
        Position position = Position.fromFen(MIDDLEGAME);
        Perft perft = new Perft(3);
        long tree = 1 + perft.count(position, 1) + perft.count(position, 2) + perft.count(position, 3);
        AtomicLong shown = new AtomicLong();

        long nodes = perft.visit(position, 3, node -> shown.incrementAndGet());

        assertThat(nodes).isEqualTo(shown.get()).isEqualTo(tree);
        assertThat(position.toFen()).isEqualTo(MIDDLEGAME);
    }

    @DisplayName("Bulk counting (count the moves one ply above the leaves) gives the same numbers as making every leaf")
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
        "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
        "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    })
    void bulkCountingChangesNothing(String fen) {
        Position position = Position.fromFen(fen);
        Perft perft = new Perft(3);

        assertThat(perft.count(position, 3)).isEqualTo(perft.countMakingLeaves(position, 3));
    }
}
