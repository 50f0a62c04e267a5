package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static xiangqi.Fixtures.after;

import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import xiangqi.app.Demo;

/**
 * The repetition rules: how a repeated position is found, how the cycle is ruled, and each
 * rule of what a chase is, on positions built to show one rule each. Moves are written
 * with ranks 0-9 (rank 0 is red's back rank).
 */
public class RepetitionTest {

    /**
     * The verdict on the position after {@code moves}, as {@code judge} gives it; and the search's
     * ruling, which stops looking as soon as it knows and allocates nothing, must name the
     * same loser (a wrong shortcut, such as calling a cycle drawn once its checks are known,
     * fails every test that goes through here).
     */
    private static String verdict(String fen, String moves) {
        Position position = after(fen, moves.split(" "));
        Repetition.Verdict verdict = Repetition.judge(position);
        assertThat(new Repetition().loser(position)).as("the search's ruling").isEqualTo(verdict.outcome().loser());
        return verdict.outcome().text;
    }

    @Nested
    @DisplayName("detection")
    class Detection {
        @Test
        @DisplayName("the start position: four quiet moves and back, and the position has come back once")
        void shuffleComesBack() {
            Position position = after(Position.START_FEN, "b0c2", "b9c7", "c2b0");
            assertThat(Repetition.find(position)).isEqualTo(Repetition.NOT_FOUND);
            Fixtures.play(position, "c7b9");
            assertThat(Repetition.find(position)).isZero(); // the position before move 0, the start
            assertThat(Repetition.judge(position).outcome()).isEqualTo(Repetition.Outcome.DRAW);
        }

        @Test
        @DisplayName("the same board with the other side to move is not a repetition")
        void sideToMoveCounts() {
            // The red chariot goes round a0-a1-a2-a0 in three moves while black's goes a9-a8-a9
            // in two: after five plies the board is the start's, but with black to move.
            String fen = "r3k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
            Position position = after(fen, "a0a1", "a9a8", "a1a2", "a8a9", "a2a0");
            assertThat(position.toFen().split(" ")[0]).isEqualTo(fen.split(" ")[0]);
            assertThat(Repetition.find(position)).isEqualTo(Repetition.NOT_FOUND);
        }

        @Test
        @DisplayName("a capture ends the scan: positions before it can never come back")
        void captureEndsTheScan() {
            String fen = "r3k4/9/9/9/9/9/9/9/9/R2K5 w";
            Position position = after(fen, "a0a1", "a9a8", "a1a0", "a8a9");
            assertThat(Repetition.find(position)).isZero();
            Fixtures.play(position, "a0a9"); // chariot takes chariot
            assertThat(Repetition.judge(position).outcome()).isEqualTo(Repetition.Outcome.NONE);
            Fixtures.play(position, "e9e8", "a9a8", "e8e9", "a8a9");
            assertThat(Repetition.find(position)).isEqualTo(5); // the cycle after the capture, not before it
        }

        @Test
        @DisplayName("so does a soldier's step forward: soldiers never step back")
        void soldierStepEndsTheScan() {
            Position position = after("r3k4/9/9/9/P8/9/9/9/9/R2K5 w", "a0a1", "a9a8", "a1a0", "a8a9");
            assertThat(Repetition.find(position)).isZero();
            Fixtures.play(position, "a5a6", "e9e8", "a0a1", "e8e9", "a1a0");
            assertThat(Repetition.find(position)).isEqualTo(5); // not 0: the soldier stepped forward at move 4
            // Across the river a soldier also steps sideways, and that step can be undone.
            Fixtures.play(position, "e9e8", "a6b6", "e8e9", "b6a6");
            assertThat(Repetition.find(position)).isEqualTo(9);
        }

        @Test
        @DisplayName("judging leaves the position, its key and its history exactly as they were")
        void judgeRestoresThePosition() {
            Position position = after(FSF_CHASE_FEN, FSF_CHASE_MOVES.split(" "));
            String fen = position.toFen();
            long key = position.key();
            int length = position.historyLength();
            Repetition.judge(position);
            assertThat(position.toFen()).isEqualTo(fen);
            assertThat(position.key()).isEqualTo(key);
            assertThat(position.historyLength()).isEqualTo(length);
        }
    }

    /** Fairy-Stockfish's "direct chase by cannon": red's cannon chases the black chariot. */
    static final String FSF_CHASE_FEN = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";
    static final String FSF_CHASE_MOVES = "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2";

    /** Part 1 of the demo, the first 14 plies of both games: red to move, d8d9 would repeat. */
    static final String PART_ONE_MOVES = "b0b9 f9e9 e8e2 g9i7 b9d9 e9e8 d2d1 i7g5 d1d0 e8f8 d0e0 g5e7 d9d8 f8f9";

    /**
     * The black general on d9, a red chariot on a8 that can check it from rank 9 or rank 8
     * (and red's quiet e0e1 would leave black without a move: the tests here use the checks).
     */
    public static final String CHARIOT_CHECKS = "3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1";

    @Nested
    @DisplayName("the verdict: check > chase > idle, the higher level loses")
    class Verdict {
        @Test
        @DisplayName("perpetual check (长将) loses: every red move gives check")
        void perpetualCheckLoses() {
            Repetition.Verdict verdict = Repetition.judge(after(CHARIOT_CHECKS, "a8a9", "d9d8", "a9a8", "d8d9", "a8a9"));
            assertThat(verdict.level()).containsExactly(Repetition.Level.CHECK, Repetition.Level.IDLE);
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.RED_LOSES);
        }

        @Test
        @DisplayName("one check, then a quiet move (一将一闲): idle, and the repetition is a draw")
        void checkThenIdleIsNotPerpetual() {
            Repetition.Verdict verdict = Repetition.judge(after(CHARIOT_CHECKS, "a8a9", "d9d8", "a9a7", "d8d9", "a7a9"));
            assertThat(verdict.level()).containsExactly(Repetition.Level.IDLE, Repetition.Level.IDLE);
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.DRAW);
        }

        @Test
        @DisplayName("mutual perpetual check draws (Fairy-Stockfish's suite)")
        void mutualCheckDraws() {
            Repetition.Verdict verdict = Repetition.judge(after("9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w",
                    "e3d3 d6e6 d3e3 e6d6 e3d3 d6e6 d3e3 e6d6".split(" ")));
            assertThat(verdict.level()).containsExactly(Repetition.Level.CHECK, Repetition.Level.CHECK);
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.DRAW);
        }

        @Test
        @DisplayName("perpetual chase (长捉) loses: the chariot follows the cannon from b7 to c7 and back")
        void chasingOnePieceLoses() {
            Repetition.Verdict verdict = Repetition.judge(after("4k4/9/1c7/9/9/2R6/9/9/9/3K5 w",
                    "c4b4", "b7c7", "b4c4", "c7b7", "c4b4"));
            assertThat(verdict.level()).containsExactly(Repetition.Level.CHASE, Repetition.Level.IDLE);
            assertThat(Square.name(verdict.chasedFrom()[Piece.RED])).isEqualTo("b7"); // one piece, followed as it ran
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.RED_LOSES);
        }

        @Test
        @DisplayName("attacking two pieces in turn is not a chase: it must be the same piece all cycle")
        void chasingTwoPiecesInTurnIsIdle() {
            Repetition.Verdict verdict = Repetition.judge(after("4k4/9/1cc6/9/9/2R6/9/9/9/3K5 w",
                    "c4b4", "e9e8", "b4c4", "e8e9", "c4b4"));
            assertThat(verdict.level()).containsExactly(Repetition.Level.IDLE, Repetition.Level.IDLE);
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.DRAW);
        }

        @Test
        @DisplayName("two pieces taking turns to chase one (WXF rule 33): the horse, then the chariot it uncovers")
        void twoPiecesInTurnChase() {
            // The horse from d6 to c8 attacks the cannon on a7 and blocks the i8 chariot's rank;
            // the cannon runs to a8; the horse steps back, the chariot's rank opens on a8; and so on.
            Repetition.Verdict verdict = Repetition.judge(after("3k5/8R/c8/3N5/9/9/9/9/9/4K4 w",
                    "d6c8 a7a8 c8d6 a8a7 d6c8 a7a8 c8d6 a8a7 d6c8".split(" ")));
            assertThat(verdict.level()).containsExactly(Repetition.Level.CHASE, Repetition.Level.IDLE);
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.RED_LOSES);
        }

        @Test
        @DisplayName("an attack handed from one piece to another is not new: a piece that never escapes it is not chased")
        void handedOverAttackIsNoChase() {
            // The horse on a5 stands attacked all cycle long: by the i5 chariot, then by the c-file
            // chariot stepping in front of it on c5, then by the i5 chariot again when it steps to
            // c7. Eight plies, two red pieces taking turns, and no red move attacks anew.
            String round = "c3c5 d9d8 c5c7 f9e8 c7c5 d8d9 c5c3 e8f9 ";
            Repetition.Verdict verdict = Repetition.judge(after("3k1a3/9/9/9/n7R/9/2R6/9/9/4K4 w",
                    (round + round).trim().split(" ")));
            assertThat(verdict.cycle()).hasSize(8);
            assertThat(verdict.level()).containsExactly(Repetition.Level.IDLE, Repetition.Level.IDLE);
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.DRAW);
        }

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', textBlock = """
                the chariot protected by i7   | 4k4/9/1r6r/9/1PP6/9/9/2C6/9/3K5 w
                the chariot unprotected       | 4k4/9/1r7/9/1PP6/9/9/2C6/9/3K5 w
                """)
        @DisplayName("a cannon chasing a chariot loses, protected or not (WXF rule 15): over b5, then over c5")
        void cannonChasesChariot(String what, String fen) {
            String round = "c2b2 b7c7 b2c2 c7b7 ";
            Repetition.Verdict verdict = Repetition.judge(after(fen, (round + round + "c2b2").split(" ")));
            assertThat(verdict.level()).as(what).containsExactly(Repetition.Level.CHASE, Repetition.Level.IDLE);
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.RED_LOSES);
        }

        /**
         * The Asian rules' chase rules, one position each, built for this chapter after the rule's
         * diagrams (the diagrams give only moves). The cycle is played twice and its first move
         * once more, so that the position stands for the third time.
         */
        @ParameterizedTest(name = "rule {0}: {4}")
        @CsvSource(delimiter = '|', textBlock = """
                15, D19: the chariot runs to a protected square, then attacks a horse| n4k3/2N6/1r7/9/1PP6/9/9/2C6/9/3K5 w | c2b2 b7c7 b2c2 c7b7 | c2b2 | red-loses
                15, D20: the chariot's escapes attack two horses in turn            | n4k3/1NN6/1r7/9/1PP6/9/9/2C6/9/3K5 w | c2b2 b7c7 b2c2 c7b7 | c2b2 | red-loses
                23, D49: the chased horse attacks the chariot back once in two      | 4k4/9/2n6/9/9/9/9/1R7/9/3K5 w        | b2c2 c7b5 c2b2 b5c7 | b2c2 | red-loses
                26, D62: the chariot stands; an advisor makes the cannon's mount    | 3k5/9/4r4/9/3c5/9/9/3A5/9/4CK3 w     | d2e1 d5e5 e1d2 e5d5 | d2e1 | red-loses
                27, D63: a chariot held on its file by a cannon, chased by a cannon | 4k4/9/4b4/2P1r4/C1P6/9/9/4C4/9/3K5 w | a5a6 e6e5 a6a5 e5e6 | a5a6 | red-loses
                28, D67: the general may chase for ever                             | 5k3/9/9/9/9/9/9/9/4c4/3K5 w          | d0e0 e1d1 e0d0 d1e1 | d0e0 | draw
                28, D68: the general and a horse it uncovers take turns             | 3k5/9/9/9/9/9/9/4K4/5N3/4p4 w        | e2e1 e0d0 e1e2 d0e0 | e2e1 | draw
                """)
        @DisplayName("the Asian rules' chase diagrams, rebuilt: one position per rule")
        void asianRulesDiagrams(String rule, String fen, String cycle, String closing, String expected) {
            assertThat(verdict(fen, cycle + " " + cycle + " " + closing)).as(rule).isEqualTo(expected);
        }

        /**
         * Two red chariots on rank 2, two black cannons at its ends (the elephant and advisor
         * keep each chariot's line off the far cannon, and the cannons from protecting each
         * other). Each chariot in turn steps off the rank and back, following its own cannon.
         */
        static final String TWO_CHARIOTS_TWO_CANNONS = "5k3/9/9/9/9/9/9/c1R1BAR1c/9/3K5 b";
        static final String FIRST_CHARIOT_ROUND = "a2a1 c2c1 a1a2 c1c2";
        static final String SECOND_CHARIOT_ROUND = "i2i3 g2g3 i3i2 g3g2";

        @Test
        @DisplayName("two chariots take turns, each chasing its own cannon: at the third occurrence both cycles count, a draw")
        void twoChariotsTakingTurnsOnTwoCannonsDraw() {
            // The position stands for the third time after the second round. Each round alone
            // chases one cannon with every move, but over the two (what an arbiter rules on) the
            // attacks alternate between the cannons and no cannon is attacked anew by every move.
            Repetition.Verdict verdict = Repetition.judge(after(TWO_CHARIOTS_TWO_CANNONS,
                    (FIRST_CHARIOT_ROUND + " " + SECOND_CHARIOT_ROUND).split(" ")));
            assertThat(verdict.occurrence()).isEqualTo(Repetition.ARBITER_OCCURRENCES);
            assertThat(verdict.cycle()).hasSize(4);
            assertThat(verdict.judgedFrom()).isZero(); // both cycles: from the first occurrence
            assertThat(verdict.level()).containsExactly(Repetition.Level.IDLE, Repetition.Level.IDLE);
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.DRAW);
            // The same chariot twice chases the same cannon with every move: red loses.
            assertThat(verdict(TWO_CHARIOTS_TWO_CANNONS, FIRST_CHARIOT_ROUND + " " + FIRST_CHARIOT_ROUND)).isEqualTo("red-loses");
            assertThat(verdict(TWO_CHARIOTS_TWO_CANNONS, SECOND_CHARIOT_ROUND + " " + SECOND_CHARIOT_ROUND)).isEqualTo("red-loses");
            // At the second occurrence only the last cycle is known, and it is a chase.
            assertThat(verdict(TWO_CHARIOTS_TWO_CANNONS, FIRST_CHARIOT_ROUND)).isEqualTo("red-loses");
        }

        /**
         * Two red chariots on rank 7, two black cannons at its ends. Each chariot in turn steps
         * off the rank and back. Stepping off hands the near cannon to the other chariot, whose
         * line now runs the whole rank, and takes away the mount over which the far cannon
         * protected the near one; stepping back attacks the near cannon again.
         */
        static final String TWO_CHARIOTS_ON_A_RANK = "4k4/4a4/c1R3R1c/9/9/9/9/9/9/3K5 w";

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', textBlock = """
                the advisor steps in between the chariots and out again | c7c6 e8d7 c6c7 d7e8 g7g6 e8f7 g6g7 f7e8
                the general steps aside and back, nothing in between     | c7c6 e9f9 c6c7 f9e9 g7g6 e9f9 g6g7 f9e9
                """)
        @DisplayName("two chariots step off a rank and back in turn: a cannon that stood attacked is not chased anew, a draw")
        void chariotsSteppingOffARankDraw(String what, String round) {
            // g7g6 leaves the a7 cannon attacked by c7, as it was, only no longer protected by i7
            // (g7 was the mount): no new attack. c7c6 does the same to i7. So no cannon is
            // attacked anew by every red move, over one round or two. Fairy-Stockfish: a draw.
            assertThat(verdict(TWO_CHARIOTS_ON_A_RANK, round)).as(what).isEqualTo("draw");
            Repetition.Verdict verdict = Repetition.judge(after(TWO_CHARIOTS_ON_A_RANK, (round + " " + round).split(" ")));
            assertThat(verdict.level()).as(what).containsExactly(Repetition.Level.IDLE, Repetition.Level.IDLE);
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.DRAW);
        }

        @Test
        @DisplayName("a piece that stood attacked but protected is chased anew by a new attacker that may take it with gain")
        void newAttackerOnAnAttackedPieceChases() {
            // The c7 chariot alone steps off and back while the advisor steps in and out: c7c6
            // hands a7 to the g7 chariot, which may take it with gain where c7 could not (the i7
            // cannon protected it over g7), and c6c7 attacks it past the advisor: red chases a7
            // with every move. The cannon a7 chases g7 back over the advisor, then over c7: a
            // mutual chase, a draw (Fairy-Stockfish's "fake protection by cannon, mutual chase").
            Repetition.Verdict verdict = Repetition.judge(after(TWO_CHARIOTS_ON_A_RANK,
                    "c7c6 e8d7 c6c7 d7e8 c7c6 e8d7 c6c7 d7e8".split(" ")));
            assertThat(verdict.level()).containsExactly(Repetition.Level.CHASE, Repetition.Level.CHASE);
            assertThat(Square.name(verdict.chasedFrom()[Piece.RED])).isEqualTo("a7");
            assertThat(Square.name(verdict.chasedFrom()[Piece.BLACK])).isEqualTo("g7");
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.DRAW);
        }

        @Test
        @DisplayName("a check suspends an attack without ending it: the move out of check does not attack anew")
        void moveOutOfCheckIsNoNewAttack() {
            // The c-chariot attacks the i-cannon (c1c2, c2c1); a1a0 checks through the b0 chariot,
            // which steps away (b0b1) and back (b1b0). b0b1 only frees the c1 chariot's capture of
            // i1, which the check had held back, and b1b0 only takes away a1's protection of i1 (b1
            // was its screen): neither attacks a cannon anew. Without the first rule, red lost.
            String cycle = "i2i1 c2c1 a1a0 b0b1 a0a1 b1b0 i1i2 c1c2";
            Repetition.Verdict verdict = Repetition.judge(after("5k3/9/9/9/9/9/9/8c/c1R6/1R1K5 w",
                    ("c1c2 " + cycle + " " + cycle).split(" ")));
            assertThat(verdict.cycle()).hasSize(8);
            assertThat(verdict.level()).containsExactly(Repetition.Level.IDLE, Repetition.Level.IDLE);
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.DRAW);
        }

        @Test
        @DisplayName("a chariot that blocks a cannon's check as its second screen still chases it (rule 18, diagrams 37-38)")
        void secondScreenStillChases() {
            // The f9 cannon runs between f9, where it checks through the f4 horse, and h9, where it
            // attacks the h2 horse through the h4 soldier: one check, one chase, idle. The chariot
            // follows it from f6 to h6 and back; on f6 it blocks the check and is pinned, yet it
            // attacks the cannon anew, and taking it would free it. Red chases for ever and loses.
            Repetition.Verdict verdict = Repetition.judge(after("3k1c3/9/9/7R1/9/5N1p1/9/7N1/9/5K3 w",
                    "h6f6 f9h9 f6h6 h9f9 h6f6 f9h9 f6h6 h9f9 h6f6".split(" ")));
            assertThat(verdict.level()).containsExactly(Repetition.Level.CHASE, Repetition.Level.IDLE);
            assertThat(Square.name(verdict.chasedFrom()[Piece.RED])).isEqualTo("f9");
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.RED_LOSES);
        }

        @Test
        @DisplayName("a soldier may attack for ever: the same dance with a chariot loses, with a soldier draws")
        void soldierAttacksAreNotChases() {
            String moves = "g5f5 f6g6 f5g5 g6f6 g5f5";
            assertThat(verdict("4k4/9/9/5c3/6R2/9/9/9/9/3K5 w", moves)).isEqualTo("red-loses");
            assertThat(verdict("4k4/9/9/5c3/6P2/9/9/9/9/3K5 w", moves)).isEqualTo("draw");
        }
    }

    private static TranspositionTable table() {
        return new TranspositionTable(1L << 16, TranspositionTable.Scheme.TWO_TIER, true);
    }

    @Nested
    @DisplayName("in the search")
    class InTheSearch {
        /** Red has checked from a9 and a8 once each; checking again from a9 repeats the cycle. */
        private Position afterOneRoundOfChecks() {
            return after(CHARIOT_CHECKS, "a8a9", "d9d8", "a9a8", "d8d9");
        }

        @Test
        @DisplayName("the fold rule: a return inside the tree is ruled at once, one into the game at the third occurrence")
        void foldRule() {
            // a8a9 brings back the position after ply 1. Searched from the root after ply 4,
            // that occurrence is the game's: red may repeat once and vary, so no ruling yet.
            Position position = after(CHARIOT_CHECKS, "a8a9", "d9d8", "a9a8", "d8d9", "a8a9");
            assertThat(Repetition.ruledInSearch(position, 1)).isFalse();
            // Searched from the root after ply 1, the same return lies inside the tree: ruled.
            assertThat(Repetition.ruledInSearch(position, 4)).isTrue();
            // After a second round the position stands for the third time: ruled from any root.
            Fixtures.play(position, "d9d8", "a9a8", "d8d9", "a8a9");
            assertThat(Repetition.occurrences(position)).isEqualTo(3);
            assertThat(Repetition.ruledInSearch(position, 1)).isTrue();
        }

        @Test
        @DisplayName("a repetition that began in the game is ruled in the search at its third occurrence")
        void gameHistoryReachesTheSearch() {
            Position position = afterOneRoundOfChecks();
            Fixtures.play(position, "a8a9"); // the search's first ply: the position of ply 1, a second time
            int second = Search.withRepetitions(table()).alphaBeta(position, -Score.INFINITE, Score.INFINITE, 3, 1);
            // Red may still vary: no arbiter rules here, the score is the board's, as if it had no history.
            Position sameBoard = Position.fromFen(position.toFen());
            assertThat(second).isEqualTo(Search.withRepetitions(table()).alphaBeta(sameBoard, -Score.INFINITE, Score.INFINITE, 3, 1));

            Fixtures.play(position, "d9d8", "a9a8", "d8d9", "a8a9"); // the third time
            int third = Search.withRepetitions(table()).alphaBeta(position, -Score.INFINITE, Score.INFINITE, 3, 1);
            assertThat(third).isEqualTo(Score.MATE - 1); // black, to move, wins by the rule one ply from the root, as by a mate
        }

        @Test
        @DisplayName("the README's example: black, a chariot down, gets an honest score, not a win by the rule")
        void readmeExampleIsHonest() {
            Position position = after(CHARIOT_CHECKS, "a8a9", "d9d8", "a9a8");
            Search.Result result = Search.withRepetitions(table()).search(position, 3);
            Search.Result sameBoard = Search.withRepetitions(table()).search(Position.fromFen(position.toFen()), 3);
            assertThat(result.score()).isEqualTo(sameBoard.score()).isNegative(); // black to move, a chariot down
        }

        @Test
        @DisplayName("a perpetual check inside the tree is ruled at its first return")
        void inTreePerpetualIsRuled() {
            // The root is set up from a FEN, no history: red's checks from a8 and a9 come back
            // to it four plies later, inside the tree, and lose for red (to move) at once.
            Position position = Position.fromFen(CHARIOT_CHECKS);
            Fixtures.play(position, "a8a9", "d9d8", "a9a8", "d8d9");
            int score = Search.withRepetitions(table()).alphaBeta(position, -Score.INFINITE, Score.INFINITE, 2, 4);
            assertThat(score).isEqualTo(Score.matedIn(4)); // as if mated there
        }

        @Test
        @DisplayName("a loss by the rule scores as a mate there: a later mate is preferred to losing by the rule now")
        void lossByRuleScoresAsAMate() {
            // Red has checked from a8 and a9 twice round. a8a9 would bring the position back a
            // third time: red loses by perpetual check one ply from the root. a8a7 stops
            // checking, and black mates at once with c2c0 (the b1 chariot holds rank 1): red
            // mated two plies from the root. A later loss is the better one, as Pikafish and
            // Fairy-Stockfish score it; a band of its own below the mates chose the rule.
            Position position = after("R2k5/9/9/9/9/9/9/2r6/1r7/4K4 b", "d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9".split(" "));
            Search search = Search.withRepetitions(table());
            search.restrict(new int[] {MoveGenerator.parseLegal(position, "a8a9"), MoveGenerator.parseLegal(position, "a8a7")},
                    Long.MAX_VALUE);
            Search.Result result = search.search(position, 3);
            assertThat(Move.toUci(result.bestMove())).isEqualTo("a8a7");
            assertThat(result.score()).isEqualTo(Score.matedIn(2));
            assertThat(Score.toUci(Score.matedIn(1))).isEqualTo("mate -1"); // the rule's loss, as UCI prints it
        }

        @Test
        @DisplayName("chapter 5's search cannot see it: the same call scores the position by the board")
        void chapterFiveSearchIsBlind() {
            Position position = afterOneRoundOfChecks();
            Fixtures.play(position, "a8a9", "d9d8", "a9a8", "d8d9", "a8a9"); // the third time: chapter 6 rules
            int score = Search.ordered(table()).alphaBeta(position, -Score.INFINITE, Score.INFINITE, 3, 1);
            Position sameBoard = Position.fromFen(position.toFen());
            assertThat(score).isNotEqualTo(Score.MATE - 1)
                    .isEqualTo(Search.ordered(table()).alphaBeta(sameBoard, -Score.INFINITE, Score.INFINITE, 3, 1));
        }

        @Test
        @DisplayName("the root is never ruled on: a repeated root still gets a move")
        void rootIsNotRuled() {
            Position position = after(CHARIOT_CHECKS, "a8a9", "d9d8", "a9a8", "d8d9", "a8a9");
            assertThat(Repetition.judge(position).outcome()).isEqualTo(Repetition.Outcome.RED_LOSES);
            Search.Result result = Search.withRepetitions(table()).search(position, 3);
            assertThat(result.bestMove()).isNotEqualTo(Move.NONE);
        }

        @Test
        @DisplayName("a node with a loss by the rule below still stores its best move: the root starts each "
                + "iteration with the last best, and a search cut short keeps it (chapter 5's tree, within 5 %)")
        void rootKeepsItsBestMove() {
            // Red mates in four; black's cannon can only check and chase, and the tree is full of
            // losses by the rule. When a node stored nothing for them, not even its move, the root
            // began depth 8 with c2d4, the table's stale move since depth 4; cut short at 160,000
            // nodes, depth 8 was thrown away (depth 7, 1560), and depth 10 cost 1,450,336 nodes.
            String fen = "4k4/9/4c4/9/9/R8/9/2N6/9/3AK4 w - - 0 1";
            Search budgeted = Search.standard();
            budgeted.restrict(null, 160_000);
            Search.Result result = budgeted.search(Position.fromFen(fen), Search.MAX_DEPTH, TimeControl.none(), i -> { });
            assertThat(result.depth()).isEqualTo(8);
            assertThat(Score.toUci(result.score())).isEqualTo("mate 4");
            assertThat(Move.toUci(result.bestMove())).isEqualTo("a4a7");

            long withRules = Search.standard().search(Position.fromFen(fen), 10).nodes();
            long chapterFive = Search.ordered(new TranspositionTable(TranspositionTable.DEFAULT_MB,
                    TranspositionTable.Scheme.TWO_TIER)).search(Position.fromFen(fen), 10).nodes();
            assertThat(withRules).isEqualTo(1_004_604);
            assertThat(chapterFive).isEqualTo(965_323);
            assertThat((double) withRules / chapterFive).isLessThan(1.05);
        }

        @Test
        @DisplayName("bench times the rules on the two chariots' mate in two at depth 9: nearly the nodes of "
                + "chapter 5's search (the README's 1.66 M and 1.68 M), so the times compare per node")
        void benchComparesNearlyTheSameTree() {
            String fen = Fixtures.MATE_IN_TWO;
            long withRules = Search.standard().search(Position.fromFen(fen), 9).nodes();
            long chapterFive = Search.ordered(new TranspositionTable(TranspositionTable.DEFAULT_MB,
                    TranspositionTable.Scheme.TWO_TIER)).search(Position.fromFen(fen), 9).nodes();
            assertThat(withRules).isEqualTo(1_676_168);
            assertThat(chapterFive).isEqualTo(1_661_967);
        }

        @Test
        @DisplayName("a search whose tree holds thousands of repetitions allocates nothing per node once warm: "
                + "its rulings reuse their arrays")
        void rulingsAllocateNothing() {
            // The JVM counts the bytes each thread allocates. Depth 8 below meets about 2,800
            // repetitions in 160,000 nodes; what the search allocates at all (its results, one
            // per iteration) is about 5 KB. When each ruling was judge's, whose replay made its
            // attack tables anew for every move of every cycle, this search allocated 140 MB; a
            // ruling that made one small array (16 bytes or more) would add 45 KB, and a leak of
            // 8 bytes a node over 1 MB.
            com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
            long thread = Thread.currentThread().getId();
            long allocated = 0;
            for (int run = 0; run < 4; run++) { // the last one is measured, warm
                Search search = Search.standard();
                Position position = Position.fromFen("4k4/9/4c4/9/9/R8/9/2N6/9/3AK4 w - - 0 1");
                long before = threads.getThreadAllocatedBytes(thread);
                search.search(position, 8);
                allocated = threads.getThreadAllocatedBytes(thread) - before;
            }
            assertThat(allocated).isLessThan(24 * 1024);
        }

        @Test
        @DisplayName("a draw or a loss by the rule never enters the table as a score, so none comes back from it as a cut-off")
        void pathScoresStayOutOfTheTable() {
            // Part 1's game after 14 plies: red's d8d9 would bring back the position of ply
            // 12 and lose by perpetual check. A depth-6 search meets many such returns,
            // ruled draws and losses by the rule. A loss by the rule scores as a mate, so the
            // walk asks of every mate in the table whether the board alone holds it (without
            // the ruledBelow filter in store, a false one was stored).
            TranspositionTable shared = table();
            Position withHistory = after(Demo.CHECKING_WINNER, PART_ONE_MOVES.split(" "));
            Search.Result result = Search.withRepetitions(shared).search(withHistory, 6);
            assertThat(Move.toUci(result.bestMove())).isNotEqualTo("d8d9");
            assertNoPathDependentEntries(shared, withHistory, 4);

            // The same board set up from its FEN, without the history: the table it finds
            // was filled by the search above, and must not hand it any of that path's rulings.
            Position fresh = Position.fromFen(withHistory.toFen());
            for (int depth = 1; depth <= 6; depth++) {
                Search.Result warm = new Search(Search.WITH_REPETITIONS, shared).search(fresh, depth);
                assertThat(warm.score()).as("depth " + depth).isNotEqualTo(Score.DRAW);
                assertThat(Score.isMate(warm.score())).as("depth " + depth).isFalse();
            }
        }

        /**
         * Walks every line {@code plies} deep and checks that no entry holds a draw, and that
         * every mate an entry holds is one: chapter 5's search, which knows no repetition rule,
         * finds a mate for the same side on the same board as near.
         */
        private void assertNoPathDependentEntries(TranspositionTable table, Position position, int plies) {
            int entry = table.probe(position.key());
            // An entry that keeps only a move (a path's score left out) is a lower bound of -∞: it says nothing.
            boolean moveOnly = entry != TranspositionTable.MISSING && table.bound(entry) == TranspositionTable.LOWER
                    && table.score(entry, 0) == -Score.INFINITE;
            if (entry != TranspositionTable.MISSING && !moveOnly) {
                int stored = table.score(entry, 0);
                assertThat(stored).as(position.toFen()).isNotEqualTo(Score.DRAW);
                if (Score.isMate(stored)) {
                    Position board = Position.fromFen(position.toFen());
                    int distance = Score.MATE - Math.abs(stored); // then one more, to see the mated side has no move
                    int found = Search.ordered(table()).search(board, distance + 1).score();
                    assertThat(Score.isMate(found) && Integer.signum(found) == Integer.signum(stored))
                            .as("a mate stored for " + position.toFen() + " is not on the board").isTrue();
                }
            }
            if (plies == 0) {
                return;
            }
            int[] moves = new int[MoveGenerator.MAX_MOVES];
            int count = MoveGenerator.generateLegal(position, moves);
            for (int i = 0; i < count; i++) {
                position.makeMove(moves[i]);
                assertNoPathDependentEntries(table, position, plies - 1);
                position.unmakeMove(moves[i]);
            }
        }

        @Test
        @DisplayName("no evaluation is ever exactly the draw score, so a 0 in the tree is a repetition")
        void evaluationNeverDraws() {
            Position symmetric = Position.startPosition();
            assertThat(Evaluation.evaluate(symmetric)).isZero();
            int score = Search.withRepetitions(table()).alphaBeta(symmetric, -Score.INFINITE, Score.INFINITE, 0, 1);
            assertThat(score).isEqualTo(1);
        }

        @ParameterizedTest(name = "{0}")
        @CsvSource({"part 1 (red ahead), check, " + Demo.CHECKING_WINNER, "part 2 (black lost), check, " + Demo.CHECKING_LOSER,
                "part 3 (red ahead), chase, " + Demo.CHASING_WINNER})
        @DisplayName("in the demo's self-play, chapter 6 never loses by a repetition rule, and chapter 5 does")
        void selfPlayNeverLosesByRule(String game, String rule, String fen) {
            Demo.Game ruled = Demo.play(fen, Search.WITH_REPETITIONS, Search.WITH_REPETITIONS);
            assertThat(ruled.verdict() == null ? Repetition.Outcome.NONE : ruled.verdict().outcome())
                    .isIn(Repetition.Outcome.NONE, Repetition.Outcome.DRAW, Repetition.Outcome.MOVE_LIMIT);
            Demo.Game blind = Demo.play(fen, Search.ORDERED, Search.ORDERED);
            assertThat(blind.end()).contains("loses by perpetual " + rule);
        }

        @Test
        @DisplayName("part 3: chapter 5 chases the cannon from i7 and h7 as it runs; the third time, red loses")
        void demoChase() {
            Demo.Game blind = Demo.play(Demo.CHASING_WINNER, Search.ORDERED, Search.WITH_REPETITIONS);
            assertThat(blind.verdict().outcome()).isEqualTo(Repetition.Outcome.RED_LOSES);
            assertThat(blind.verdict().level()).containsExactly(Repetition.Level.CHASE, Repetition.Level.IDLE);
            assertThat(Square.name(blind.verdict().chasedFrom()[Piece.RED])).isEqualTo("i6");
            assertThat(blind.verdict().occurrence()).isEqualTo(Repetition.ARBITER_OCCURRENCES);
            Demo.Game ruled = Demo.play(Demo.CHASING_WINNER, Search.WITH_REPETITIONS, Search.WITH_REPETITIONS);
            assertThat(ruled.end()).isEqualTo("black is mated");
            assertThat(ruled.moves().subList(0, 8)).isEqualTo(blind.moves().subList(0, 8)); // the same, until the third time
        }

        @Test
        @DisplayName("UCI: a repetition in 'position ... moves' is respected by go")
        void uciSeesTheGame() {
            // Black to move, in check; d8d9 brings back, for the third time, the position the
            // game began with, and red's checks all cycle long lose: black wins by the rule.
            String position = "position fen " + CHARIOT_CHECKS;
            String winByRule = "score mate 1"; // a win by the rule, scored and printed as a mate in one
            Fixtures.Run repeated = Fixtures.uciSession(position + " moves a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8", "go depth 1");
            assertThat(repeated.lines()).anyMatch(line -> line.contains(winByRule));
            assertThat(repeated.bestmove()).isEqualTo("d8d9");

            Fixtures.Run fresh = Fixtures.uciSession("position fen 9/R2k5/9/9/9/9/9/9/9/4K4 b", "go depth 1"); // same board
            assertThat(fresh.lines()).noneMatch(line -> line.contains(winByRule));
        }
    }

    @Nested
    @DisplayName("the move limit: 60 moves by each side without a capture draw")
    class MoveLimit {
        /** A red chariot against the bare black general, and 118 plies already without a capture. */
        static final String LONG_GAME = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 118 1";

        @Test
        @DisplayName("the 120th ply without a capture draws the game, and the arbiter ends it there")
        void limitDraws() {
            Position position = after(LONG_GAME, "a1a2");
            assertThat(Repetition.judge(position).outcome()).isEqualTo(Repetition.Outcome.NONE);
            Fixtures.play(position, "e9e8");
            Repetition.Verdict verdict = Repetition.judge(position);
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.MOVE_LIMIT);
            assertThat(verdict.endsTheGame()).isTrue();
            assertThat(verdict.outcome().text).isEqualTo("draw-by-move-limit");
        }

        @Test
        @DisplayName("a side's checks after its tenth do not count, nor the replies to them")
        void checksPastTheTenthDoNotCount() {
            // 22 plies, every red move a check and no position twice: the clock reaches 120,
            // but red's eleventh check and black's answer do not count.
            String checks = "a1a9 e9e8 a9a8 e8e7 a8a7 e7e8 a7e7 e8f8 e7e8 f8f7 e8f8 f7e7 f8f7 e7e8 f7f8 e8e9"
                    + " f8e8 e9f9 e8e9 f9f8 e9f9 f8e8";
            Position position = after("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 98 1", checks.split(" "));
            assertThat(position.halfmoveClock()).isEqualTo(120);
            assertThat(Repetition.pliesTowardLimit(position)).isEqualTo(118);
            assertThat(Repetition.judge(position).outcome()).isEqualTo(Repetition.Outcome.NONE);
        }

        @Test
        @DisplayName("a mate on the 120th ply still wins")
        void mateBeatsTheLimit() {
            Position position = after("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 119 1", "a0a9");
            assertThat(MoveGenerator.generateLegal(position, new int[MoveGenerator.MAX_MOVES])).isZero();
            assertThat(Repetition.judge(position).outcome()).isEqualTo(Repetition.Outcome.NONE);
        }

        @Test
        @DisplayName("the search scores the limit as a draw; without MOVE_LIMIT it sees only the extra chariot")
        void searchScoresTheLimit() {
            Position position = Position.fromFen(LONG_GAME);
            assertThat(Search.withRepetitions(table()).search(position, 3).score()).isEqualTo(Score.DRAW);
            Techniques noLimit = Search.WITH_REPETITIONS.without(Technique.MOVE_LIMIT);
            assertThat(new Search(noLimit, table()).search(position, 3).score()).isGreaterThan(500);
        }

        @Test
        @DisplayName("below a root past the limit, a capture starts the count again and a mate still wins")
        void pastTheLimitAtTheRoot() {
            // The search asks the limit once at the root (Search.moveLimitReached): a line without
            // a capture below it is past the limit too. Not a line that captures: taking the a1
            // chariot leaves red a chariot up, not a draw.
            Position capture = Position.fromFen("4k4/9/9/9/9/9/9/9/r8/R2K5 w - - 130 1");
            assertThat(Search.withRepetitions(table()).search(capture, 3).score()).isGreaterThan(500);
            // Nor a line that mates: a0a9 mates on the spot, limit or not.
            Position mate = Position.fromFen("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 130 1");
            assertThat(Search.withRepetitions(table()).search(mate, 3).score()).isEqualTo(-Score.matedIn(1));
        }

        @Test
        @DisplayName("UCI: the MoveLimit option turns it off; a bad value is one error line")
        void uciOption() {
            String position = "position fen " + LONG_GAME;
            assertThat(Fixtures.uciSession(position, "go depth 3").lines()).anyMatch(line -> line.contains("score cp 0 "));
            Fixtures.Run off = Fixtures.uciSession("setoption name MoveLimit value false", position, "go depth 3");
            assertThat(off.lines()).noneMatch(line -> line.contains("score cp 0 "));
            assertThat(Fixtures.uciSession("uci").lines()).contains("option name MoveLimit type check default true");
            assertThat(Fixtures.uciSession("setoption name MoveLimit value maybe").lines())
                    .containsExactly("info string error: MoveLimit takes true or false, got 'maybe'");
        }
    }

    @Nested
    @DisplayName("long games: the same rulings however far back the position stood, and the count past many checks")
    class LongGames {
        /** From the start position, four moves there and back, {@code plies} plies: no capture, no check. */
        private Position shuffle(int plies, String... round) {
            Position position = Position.startPosition();
            play(position, plies, round);
            return position;
        }

        private void play(Position position, int plies, String... round) {
            for (int i = 0; i < plies; i++) {
                Fixtures.play(position, round[i % round.length]);
            }
        }

        /** Plies further back than a search's depth and the move limit's 120 plies. */
        private static final int FAR_BACK = 256;

        private static final String[] LEFT_HORSES = {"b0c2", "b9c7", "c2b0", "c7b9"};
        private static final String[] RIGHT_HORSES = {"h0g2", "h9g7", "g2h0", "g7h9"};

        @Test
        @DisplayName("a shuffle of 1,000 plies: the last occurrence, every occurrence, and the verdict")
        void longShuffle() {
            Position position = shuffle(1000, LEFT_HORSES);
            assertThat(position.historyLength()).isGreaterThan(FAR_BACK);
            assertThat(Repetition.find(position)).isEqualTo(996);
            assertThat(Repetition.findBefore(position, 996)).isEqualTo(992);
            assertThat(Repetition.occurrences(position)).isEqualTo(251); // the start, and after every round
            Repetition.Verdict verdict = Repetition.judge(position);
            assertThat(verdict.outcome()).isEqualTo(Repetition.Outcome.DRAW);
            assertThat(verdict.occurrence()).isEqualTo(251);
            assertThat(Repetition.ruledInSearch(position, 1)).isTrue();
            // 300 plies of the other horses, then the left horses out: a position that last stood
            // before move 998, further back than any search's depth or the move limit's 120 plies.
            play(position, 300, RIGHT_HORSES);
            Fixtures.play(position, "b0c2", "b9c7");
            assertThat(position.historyLength() - Repetition.find(position)).isGreaterThan(FAR_BACK);
            assertThat(Repetition.find(position)).isEqualTo(998);
            assertThat(Repetition.findBefore(position, 998)).isEqualTo(994);
            assertThat(Repetition.occurrences(position)).isEqualTo(251);
            // A capture ends it: nothing before it is found any more, near or far.
            Fixtures.play(position, "h2h9", "i9h9", "c2b0", "c7b9", "b0c2", "b9c7");
            assertThat(Repetition.find(position)).isEqualTo(position.historyLength() - 4);
            assertThat(Repetition.occurrences(position)).isEqualTo(2);
        }

        @Test
        @DisplayName("the answers follow the history: a position searched from and taken back gives the same answers")
        void answersFollowMakeAndUnmake() {
            Position position = shuffle(600, LEFT_HORSES);
            int occurrences = Repetition.occurrences(position);
            Search.withRepetitions(table()).search(position, 3); // makes and takes back many moves
            assertThat(Repetition.occurrences(position)).isEqualTo(occurrences);
            // Take back 300 plies and play them again: the answers follow the history.
            int[] moves = new int[300];
            for (int i = 0; i < moves.length; i++) {
                moves[i] = position.moveAt(300 + i);
            }
            for (int i = moves.length - 1; i >= 0; i--) {
                position.unmakeMove(moves[i]);
            }
            assertThat(Repetition.occurrences(position)).isEqualTo(76);
            for (int move : moves) {
                position.makeMove(move);
            }
            assertThat(Repetition.occurrences(position)).isEqualTo(occurrences);
            assertThat(Repetition.find(position)).isEqualTo(596);
        }

        @Test
        @DisplayName("600 plies of checks: only red's first ten checks and their replies count toward the limit")
        void longCheckingGameCount() {
            // Red checks on every move; after its tenth, neither its checks nor black's replies
            // count: 20 plies, however long it goes on.
            String[] round = {"a8a9", "d9d8", "a9a8", "d8d9"};
            Position position = Position.fromFen(CHARIOT_CHECKS);
            for (int i = 0; i < 600; i++) {
                Fixtures.play(position, round[i % 4]);
            }
            assertThat(position.halfmoveClock()).isEqualTo(600);
            assertThat(Repetition.pliesTowardLimit(position)).isEqualTo(20);
            Search.withRepetitions(table()).search(position, 3);
            assertThat(Repetition.pliesTowardLimit(position)).isEqualTo(20);
            // A quiet move by each side counts two plies more.
            Fixtures.play(position, "a8a7", "d9d8");
            assertThat(Repetition.pliesTowardLimit(position)).isEqualTo(22);
            assertThat(Repetition.judge(position).outcome()).isEqualTo(Repetition.Outcome.NONE);
        }
    }

    @Nested
    @DisplayName("the judge command")
    class JudgeCommand {
        private static final String CHECKS = "a8a9 d9d8 a9a8 d8d9 a8a9";

        private Fixtures.Run judge(String fen, String moves, String... more) {
            String[] args = Stream.concat(Stream.of("judge", "--fen", fen, "--moves"),
                    Stream.concat(Stream.of(moves.split(" ")), Stream.of(more))).toArray(String[]::new);
            return Fixtures.run(args);
        }

        @Test
        @DisplayName("prints one line, the verdict on the position the moves reach")
        void verdictLine() {
            assertThat(judge(CHARIOT_CHECKS, CHECKS).lines()).containsExactly("red-loses");
            assertThat(judge(CHARIOT_CHECKS, "a8a9 d9d8 a9a8").lines()).containsExactly("none");
            assertThat(judge(CHARIOT_CHECKS, "a8a9 d9d8 a9a7 d8d9 a7a9").lines()).containsExactly("draw");
        }

        @Test
        @DisplayName("--why shows the cycle and each side's level, the verdict last")
        void why() {
            Fixtures.Run run = judge(CHARIOT_CHECKS, CHECKS, "--why");
            assertThat(run.status()).isZero();
            assertThat(run.lines()).containsExactly(
                    "the position after ply 1 came back 4 plies later: d9d8 a9a8 d8d9 a8a9",
                    "red   check every red move gave check",
                    "black idle  neither all checks nor all chases of one piece",
                    "the position stands for the second time: an arbiter rules at the third",
                    "red-loses");
            assertThat(judge("4k4/9/1c7/9/9/2R6/9/9/9/3K5 w", "c4b4 b7c7 b4c4 c7b7 c4b4", "--why").lines())
                    .contains("red   chase every red move attacked anew the black cannon that stood on b7");
        }

        @Test
        @DisplayName("--why names the cycle before when the two cycles judged together differ")
        void whyNamesBothCycles() {
            String moves = Verdict.FIRST_CHARIOT_ROUND + " " + Verdict.SECOND_CHARIOT_ROUND;
            assertThat(judge(Verdict.TWO_CHARIOTS_TWO_CANNONS, moves, "--why").lines()).containsExactly(
                    "the position after ply 4 came back 4 plies later: i2i3 g2g3 i3i2 g3g2",
                    "before that, the position before the first move came back 4 plies later: a2a1 c2c1 a1a2 c1c2"
                            + " (both cycles are judged)",
                    "red   idle  neither all checks nor all chases of one piece",
                    "black idle  neither all checks nor all chases of one piece",
                    "the position stands for the third time: an arbiter rules now",
                    "draw");
        }

        @Test
        @DisplayName("--why --lang zh explains in an arbiter's Chinese, line for line, the verdict word unchanged")
        void whyInChinese() {
            Fixtures.Run run = judge(CHARIOT_CHECKS, CHECKS, "--why", "--lang", "zh");
            assertThat(run.status()).isZero();
            assertThat(run.lines()).containsExactly(
                    "第 1 步后的局面在 4 步后重现：将4进1 车九退一 将4退1 车九进一（d9d8 a9a8 d8d9 a8a9）", // as an arbiter writes it
                    "红方 长将 每一着都将军",
                    "黑方 允许 允许着法：既非每着将军，也非每着捉同一子",
                    "此局面第二次出现，待第三次出现时裁判裁决：不变则红方判负",
                    "red-loses");
            assertThat(judge("4k4/9/1c7/9/9/2R6/9/9/9/3K5 w", "c4b4 b7c7 b4c4 c7b7 c4b4", "--why", "--lang", "zh").lines())
                    .contains("红方 长捉 每一着都重新捉原在 b7 的黑炮");
            assertThat(judge(CHARIOT_CHECKS, "a8a9 d9d8 a9a8", "--why", "--lang", "zh").lines()).containsExactly(
                    "无重复：同一方走棋时，此局面此前未曾出现",
                    "（往回查到最近一次吃子或兵卒前进为止）",
                    "none");
            assertThat(judge(CHARIOT_CHECKS, CHECKS, "--why", "--lang", "en").lines())
                    .isEqualTo(judge(CHARIOT_CHECKS, CHECKS, "--why").lines());
        }

        @Test
        @DisplayName("in Chinese too: both cycles judged together, a draw at the third occurrence, and the move limit")
        void chineseRulings() {
            String moves = Verdict.FIRST_CHARIOT_ROUND + " " + Verdict.SECOND_CHARIOT_ROUND;
            assertThat(judge(Verdict.TWO_CHARIOTS_TWO_CANNONS, moves, "--why", "--lang", "zh").lines()).containsExactly(
                    "第 4 步后的局面在 4 步后重现：炮9退1 车三进一 炮9进1 车三退一（i2i3 g2g3 i3i2 g3g2）",
                    "此前，第一步之前的局面在 4 步后重现：炮1进1 车七退一 炮1退1 车七进一（a2a1 c2c1 a1a2 c1c2）；两个循环一并裁决",
                    "红方 允许 允许着法：既非每着将军，也非每着捉同一子",
                    "黑方 允许 允许着法：既非每着将军，也非每着捉同一子",
                    "此局面第三次出现，裁判现在裁决：判和",
                    "draw");
            assertThat(judge(MoveLimit.LONG_GAME, "a1a2 e9e8", "--why", "--lang", "zh").lines()).containsExactly(
                    "未吃子已计 120 步（60 回合），达到 60 回合的自然限着（一方第 10 次以后的将军不计）：判和",
                    "draw-by-move-limit");
        }

        @Test
        @DisplayName("--lang takes en or zh: anything else is one line on stderr and exit status 2")
        void badLanguage() {
            Fixtures.Run run = judge(CHARIOT_CHECKS, CHECKS, "--why", "--lang", "fr");
            assertThat(run.status()).isEqualTo(2);
            assertThat(run.out()).isEmpty();
            assertThat(run.errLines()).containsExactly("error: --lang 'fr' is not a language here: give en or zh");
        }

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', textBlock = """
                an illegal move   | 3k5/R8/9/9/9/9/9/9/9/4K4 w | a8a9 d9d7 | illegal move 'd9d7': the general on d9 cannot go to d7
                a malformed move  | 3k5/R8/9/9/9/9/9/9/9/4K4 w | a8a9 d9   | malformed move 'd9': expected four characters
                a broken FEN      | 3k5/R8/9/9/9/9/9/4K4 w     | a8a9      | bad FEN: 8 ranks, expected 10
                """)
        @DisplayName("bad input: one line on stderr naming what is wrong, exit status 2")
        void badInput(String what, String fen, String moves, String message) {
            Fixtures.Run run = judge(fen, moves);
            assertThat(run.status()).isEqualTo(2);
            assertThat(run.out()).isEmpty();
            assertThat(run.errLines()).singleElement().asString().startsWith("error: " + message);
        }

        @Test
        @DisplayName("--why takes no value, and judge takes no other option")
        void badOptions() {
            assertThat(Fixtures.run("judge", "--fen", CHARIOT_CHECKS, "--why", "yes").errLines())
                    .containsExactly("error: --why takes no value, got 'yes'");
            assertThat(Fixtures.run("judge", "--depth", "3").status()).isEqualTo(2);
        }
    }

    /** Is {@code capture} a chase in {@code fen}? The capture must be legal there. */
    private static boolean chase(String fen, String capture) {
        Position position = Position.fromFen(fen);
        return new Repetition().isChase(position, MoveGenerator.parseLegal(position, capture));
    }

    @ParameterizedTest(name = "{2}: {1} is {3}")
    @DisplayName("what a chase is, one rule at a time")
    @CsvSource(delimiter = '|', textBlock = """
            3k5/9/9/9/9/9/9/9/4n4/4K4 w        | e0e1 | the general attacks an unprotected horse             | false
            3k5/9/9/9/9/9/9/9/R3n4/4K4 w       | a1e1 | a chariot attacks the same horse                      | true
            3k5/9/4n4/4P4/9/9/9/9/9/4K4 w      | e6e7 | a soldier across the river attacks a horse            | false
            3k5/9/9/4p4/9/9/9/4R4/9/5K3 w      | e2e6 | a chariot attacks a soldier that has not crossed      | false
            3k5/9/9/9/9/9/4p4/9/4R4/5K3 w      | e1e3 | a chariot attacks a soldier that has crossed          | true
            3kr4/9/9/9/R3n4/9/9/9/9/5K3 w      | a5e5 | a chariot attacks a horse its chariot protects        | false
            3k5/9/9/9/R3n4/9/9/9/9/5K3 w       | a5e5 | a chariot attacks an unprotected horse                | true
            4k4/9/9/9/3r4r/9/2N6/9/9/5K3 w     | c3d5 | a horse attacks a protected chariot                   | true
            r3k4/9/9/9/9/9/9/r8/9/2B2K3 w      | c0a2 | an elephant attacks a protected chariot               | true
            3k1r3/9/9/9/R4n3/9/9/9/9/4K4 w     | a5f5 | a chariot attacks a horse that f9 protects            | false
            3k1r2R/9/9/9/R4n3/9/9/9/9/4K4 w    | a5f5 | the same, but the protector on f9 is pinned           | true
            3k5/9/9/9/R3r4/9/9/9/9/5K3 w       | a5e5 | a chariot offers an exchange of chariots              | false
            4k4/9/9/9/3n5/9/2N6/9/9/5K3 w      | c3d5 | a horse offers an exchange of horses                  | false
            4k4/9/9/9/3n5/3p5/2N6/9/9/5K3 w    | c3d5 | the same, but d4 blocks the black horse's leg         | true
            3k5/9/9/9/9/9/9/4n4/4R4/4K4 w      | e1e2 | a chariot attacks an unprotected horse                | true
            3k5/9/9/9/9/9/9/4n4/4R4/5K3 w      | e1e2 | the same, but the horse pins it to the general on f0  | false
            """)
    void chaseRules(String fen, String capture, String description, boolean isChase) {
        assertThat(chase(fen, capture)).as(description).isEqualTo(isChase);
    }

    @Test
    @DisplayName("a check is a check, not a chase: the piece whose protector must answer the check is still protected")
    void checkDoesNotUnguard() {
        // Red checks with d5e5, then (the turn handed back, as the verdict asks) attacks the
        // a7 horse from i7. The a9 chariot may not take back while its general is in check,
        // but it protects a7 all the same; without it the horse is chased.
        for (String fen : new String[] {"r3k4/9/n7R/9/3R5/9/9/9/9/3K5 w", "4k4/9/n7R/9/3R5/9/9/9/9/3K5 w"}) {
            Position position = after(fen, "d5e5");
            position.passTurn();
            boolean chased = new Repetition().isChase(position, MoveGenerator.parseLegal(after(fen), "i7a7"));
            assertThat(chased).as(fen).isEqualTo(fen.startsWith("4k4"));
        }
    }

    @Test
    @DisplayName("an attacker pinned to its own general chases nothing: its capture is not even legal")
    void pinnedAttackerChasesNothing() {
        assertThat(Fixtures.legalMoves("3kr4/9/9/9/9/9/n3R4/9/9/4K4 w")).doesNotContain("e3a3");
    }

    /**
     * Fairy-Stockfish's repetition suite (its {@code test.py}, {@code test_is_optional_game_end}:
     * cases from the Asian Xiangqi Federation's rules), ranks renumbered 0-9 and its results
     * written as verdicts. The moves repeat each position three times, as an arbiter
     * needs; this chapter rules on the last repetition.
     */
    static Stream<Arguments> fairyStockfishSuite() {
        return Stream.of(
                Arguments.of("direct chase by cannon", "red-loses", FSF_CHASE_FEN, FSF_CHASE_MOVES),
                Arguments.of("chase, with the chasing side to move", "red-loses", FSF_CHASE_FEN,
                        FSF_CHASE_MOVES + " a7b7 a2b2 b7a7"),
                Arguments.of("discovered chase by cannon", "red-loses", "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w",
                        "a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5"),
                Arguments.of("chase by soldier", "draw", "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w",
                        "a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5"),
                Arguments.of("discovered and anti-discovered chase", "red-loses", "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w",
                        "f4d4 f5d5 d4f4 d5f5 f4d4 f5d5 d4f4 d5f5"),
                Arguments.of("mutual chase", "draw", "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w",
                        "f6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6"),
                Arguments.of("perpetual check against intermittent checks", "black-loses", "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w",
                        "d6e6 e4d4 e6d6 d4e4 d6e6 e4d4 e6d6 d4e4"),
                Arguments.of("perpetual check by soldier", "black-loses", "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w",
                        "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2"),
                Arguments.of("perpetual check, case 2", "black-loses", "3k5/4P4/4b4/3C5/4c4/9/9/9/9/5K3 w",
                        "d6e6 e7g5 e6d6 g5e7 d6e6 e7g5 e6d6 g5e7"),
                Arguments.of("perpetual check, case 3", "black-loses", "3k5/9/9/9/9/9/9/9/cr1CAK3/9 w",
                        "d1d3 b1b3 d3d1 b3b1 d1d3 b1b3 d3d1 b3b1"),
                Arguments.of("perpetual check, case 4", "black-loses", "4k4/9/4b4/2c2nR2/9/9/9/9/9/3K5 w",
                        "g6g5 f6g8 g5g6 g8f6 g6g5 f6g8 g5g6 g8f6"),
                Arguments.of("perpetual check, case 5", "black-loses", "3P5/3k5/3nn4/9/9/9/9/9/9/5K3 w",
                        "d9e9 d8e8 e9d9 e8d8 d9e9 d8e8 e9d9 e8d8"),
                Arguments.of("perpetual check, case 6", "black-loses", "4ck3/9/9/9/9/2r1R4/9/9/4A4/3AK4 w",
                        "e4e3 c4c3 e3e4 c3c4 e4e3 c4c3 e3e4 c3c4"),
                Arguments.of("perpetual check, case 7", "black-loses", "4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w",
                        "a1c1 a4c4 c1a1 c4a4 a1c1 a4c4 c1a1 c4a4"),
                Arguments.of("mutual perpetual check", "draw", "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w",
                        "e3d3 d6e6 d3e3 e6d6 e3d3 d6e6 d3e3 e6d6"),
                Arguments.of("mutual perpetual check 2", "draw", "3k5/6c2/9/7P1/6c2/6P2/9/9/9/5K3 w",
                        "h6g6 g5h5 g6h6 h5g5 h6g6 g5h5 g6h6 h5g5"),
                Arguments.of("mutual perpetual check 3", "draw", "4ck3/9/9/9/9/2r1R1N2/6N2/9/4A4/3AK4 w",
                        "e4e3 c4c3 e3e4 c3c4 e4e3 c4c3 e3e4 c3c4"),
                Arguments.of("mutual perpetual check 4", "draw", "5k3/9/9/c8/9/P1P6/9/2C6/9/3K5 w",
                        "c2a2 a6c6 a2c2 c6a6 c2a2 a6c6 a2c2 c6a6"),
                Arguments.of("mutual perpetual check 5", "draw", "4k4/9/r1r6/9/PPPP5/9/9/9/1C7/5K3 w",
                        "b1a1 a7b7 a1c1 c7d7 c1b1 b7a7 b1d1 d7c7 d1a1 a7b7 a1c1 c7d7 c1b1 b7a7 b1d1 d7c7 d1a1"),
                Arguments.of("D106: the chariot's attack on the cannon does not change", "draw",
                        "3k2b2/4P4/4b4/9/8p/6Bc1/6P1P/3AB4/4pp3/1p1K3R1 w", "h0h1 h4h3 h1h0 h3h4 h0h1 h4h3 h1h0 h3h4"),
                Arguments.of("creating pins to undermine a protector", "black-loses", "4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b",
                        "e3g4 e1f1 g4e3 f1e1 e3g4 e1f1 g4e3 f1e1"),
                Arguments.of("discovered check threatens a capture by chariot", "black-loses",
                        "5k3/9/9/9/9/1N2P1C2/9/4BC3/9/cr1RK4 w", "b4c2 b0c0 c2b4 c0b0 b4c2 b0c0 c2b4 c0b0"),
                Arguments.of("a pin undermines a protector; discovered check by horse", "black-loses",
                        "5k3/9/9/9/9/4c4/3n5/3NBA3/4A4/4K4 w", "e0d0 e4d4 d0e0 d4e4 e0d0 e4d4 d0e0 d4e4"),
                Arguments.of("a pin undermines a protector; discovered check by chariot", "black-loses",
                        "5k3/9/9/9/9/4c4/3r5/3NB4/4A4/4K4 w", "e0d0 e4d4 d0e0 d4e4 e0d0 e4d4 d0e0 d4e4"),
                Arguments.of("x-ray protected discovered check", "black-loses", "5k3/9/9/9/9/9/9/9/9/3NK1cr1 w",
                        "d0c2 h0h2 c2d0 h2h0 d0c2 h0h2 c2d0 h2h0"),
                Arguments.of("no overprotection by the general", "draw", "3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w",
                        "d0c2 d3c3 c2d0 c3d3 d0c2 d3c3 c2d0 c3d3"),
                Arguments.of("overprotection by the general", "black-loses", "3k5/9/9/9/9/9/3r5/9/9/3NK4 w",
                        "d0c2 d3c3 c2d0 c3d3 d0c2 d3c3 c2d0 c3d3"),
                Arguments.of("fake protection by cannon", "black-loses", "5k3/9/9/9/9/1C7/1r7/9/1C7/4K4 w",
                        "b4c4 b3c3 c4b4 c3b3 b4c4 b3c3 c4b4 c3b3"),
                Arguments.of("fake protection by cannon, mutual chase", "draw", "4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w",
                        "f8f6 f9e8 f6f8 e8f9 f8f6 f9e8 f6f8 e8f9"),
                // The suite's two cases from the rules' diagram 39, which its authors call
                // controversial: a chariot pinned by a horse attacks that horse. The pinned
                // chariot chases nothing (isChase), so only the other side chases.
                Arguments.of("D39: a chariot pinned by a horse, first case", "red-loses",
                        "2baka1r1/C4rN2/9/1Rp1p4/9/9/4P4/9/4A4/4KA3 w", "b6b8 f9e8 b8b9 e8f9 b9b8 f9e8 b8b9 e8f9 b9b8"),
                Arguments.of("D39: a chariot pinned by a horse, second case", "black-loses",
                        "5k3/9/9/9/9/9/7r1/9/2nRA3c/4K4 w", "e1f0 h3h1 f0e1 h1h3 e1f0 h3h1 f0e1 h1h3"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("fairyStockfishSuite")
    @DisplayName("Fairy-Stockfish's repetition suite: the same verdict")
    void agreesWithFairyStockfish(String name, String expected, String fen, String moves) {
        assertThat(verdict(fen, moves)).isEqualTo(expected);
    }
}
