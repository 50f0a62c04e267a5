package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static xiangqi.Fixtures.legalMoveCount;
import static xiangqi.Fixtures.legalMoves;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * One test per rule, each on a small position built to show it. In the comments a square is
 * written file then rank, as in move strings: a..i from red's left, 0..9 from red's side.
 */
@DisplayName("Xiangqi rules, one edge case at a time")
final class RulesTest {

    // ------------------------------------------------------------------ horse and elephant

    @DisplayName("A horse cannot jump when the point next to it in the jump's long direction (its leg) is taken")
    @Test
    void horseIsBlockedAtItsLeg() {
        // Red horse e2, red soldier e3 on its leg towards d4 and f4.
        List<String> moves = legalMoves("3k5/9/9/9/9/9/4P4/4N4/9/4K4 w - - 0 1");

        assertThat(moves).as("jumps over free legs").contains("e2c3", "e2g3", "e2c1", "e2g1", "e2d0", "e2f0");
        assertThat(moves).as("jumps over the blocked leg e3").doesNotContain("e2d4", "e2f4");
    }

    @DisplayName("Asking for a blocked horse jump is rejected with a message that says why")
    @Test
    void blockedHorseJumpIsRejected() {
        Position position = Position.fromFen("3k5/9/9/9/9/9/4P4/4N4/9/4K4 w - - 0 1");

        assertThatThrownBy(() -> MoveGenerator.parseLegal(position, "e2d4"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the horse on e2 cannot go to d4");
    }

    @DisplayName("An elephant cannot move when the point between (its eye) is taken")
    @Test
    void elephantIsBlockedAtItsEye() {
        // Red elephant e2, red horse d3 on the eye towards c4.
        List<String> moves = legalMoves("3k5/9/9/9/9/9/3N5/4B4/9/4K4 w - - 0 1");

        assertThat(moves).contains("e2g4", "e2c0", "e2g0").doesNotContain("e2c4");
    }

    @DisplayName("An elephant never crosses the river")
    @Test
    void elephantStaysOnItsSide() {
        // Red elephant c4, at the river bank; a6 and e6 would be across.
        List<String> moves = legalMoves("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1");

        assertThat(moves).contains("c4a2", "c4e2").doesNotContain("c4a6", "c4e6");
    }

    // ------------------------------------------------------------------ the palace

    @DisplayName("An advisor moves one point diagonally and never leaves the palace")
    @Test
    void advisorStaysInPalace() {
        // Red advisor d2, at the palace's corner: its only way is back to the centre.
        List<String> moves = legalMoves("3k5/9/9/9/9/9/9/3A5/9/4K4 w - - 0 1");

        assertThat(moves).contains("d2e1").doesNotContain("d2c3", "d2e3", "d2c1");
    }

    @DisplayName("The general moves one point straight and never leaves the palace")
    @Test
    void generalStaysInPalace() {
        // Red general d2, at the palace's corner; black general f9, off the d-file.
        List<String> moves = legalMoves("5k3/9/9/9/9/9/9/3K5/9/9 w - - 0 1");

        assertThat(moves).containsExactlyInAnyOrder("d2d1", "d2e2");
    }

    // ------------------------------------------------------------------ the cannon

    // Red cannon b2. On its file: black horse b5, red horse b7, black chariot b8. On its rank:
    // red advisor d2, black horse g2, black chariot i2.
    private static final String CANNON = "5k3/1r7/1N7/9/1n7/9/9/1C1A2n1r/9/4K4 w - - 0 1";

    @DisplayName("Without capturing, a cannon moves like a chariot: any distance, but not past a piece")
    @Test
    void cannonMovesWithoutScreen() {
        List<String> moves = legalMoves(CANNON);

        assertThat(moves).contains("b2b3", "b2b4", "b2c2", "b2a2", "b2b0");
        assertThat(moves).as("empty points beyond a piece").doesNotContain("b2b6", "b2e2");
    }

    @DisplayName("A cannon captures only by jumping over exactly one piece (the screen), of either colour")
    @Test
    void cannonCapturesOverOneScreen() {
        List<String> moves = legalMoves(CANNON);

        assertThat(moves).as("over the red advisor d2").contains("b2g2");
        assertThat(moves).as("with no screen").doesNotContain("b2b5");
    }

    @DisplayName("A cannon cannot capture over two screens")
    @Test
    void cannonCannotCaptureOverTwoScreens() {
        List<String> moves = legalMoves(CANNON);

        assertThat(moves).as("over b5 and b7").doesNotContain("b2b8");
        assertThat(moves).as("over d2 and g2").doesNotContain("b2i2");
    }

    // ------------------------------------------------------------------ the soldier

    // Red soldier c4 has not crossed the river yet; red soldier g5 has.
    private static final String SOLDIERS = "3k5/9/9/9/6P2/2P6/9/9/9/4K4 w - - 0 1";

    @DisplayName("Before the river a soldier only moves forward")
    @Test
    void soldierMovesOnlyForwardBeforeTheRiver() {
        List<String> moves = legalMoves(SOLDIERS);

        assertThat(moves).contains("c4c5").doesNotContain("c4b4", "c4d4");
    }

    @DisplayName("Across the river a soldier may also move sideways")
    @Test
    void soldierMovesSidewaysAcrossTheRiver() {
        assertThat(legalMoves(SOLDIERS)).contains("g5g6", "g5f5", "g5h5");
    }

    @DisplayName("A soldier never moves backward")
    @Test
    void soldierNeverMovesBackward() {
        assertThat(legalMoves(SOLDIERS)).doesNotContain("g5g4", "c4c3");
    }

    @DisplayName("Across the river a soldier attacks sideways too, so it checks from beside the general")
    @Test
    void soldierChecksFromTheSide() {
        // Black soldier d0, long across the river, next to the red general e0.
        assertThat(Position.fromFen("3k5/9/9/9/7N1/9/9/9/9/3pK4 w - - 0 1").inCheck()).isTrue();
    }

    @DisplayName("A soldier behind the general gives no check, as it cannot move back")
    @Test
    void soldierBehindTheGeneralGivesNoCheck() {
        // Red soldier e9 on the last rank, right behind the black general e8.
        assertThat(Position.fromFen("4P4/4k4/9/9/R8/9/9/9/9/3K5 b - - 0 1").inCheck()).isFalse();
    }

    // ------------------------------------------------------------------ the generals and check

    @DisplayName("Flying general: the only piece between the two generals cannot leave their file")
    @Test
    void pieceBetweenGeneralsCannotLeaveTheFile() {
        // Red cannon e4 is all that stands between the generals on e0 and e9.
        List<String> moves = legalMoves("4k4/9/9/9/9/4C4/9/9/9/4K4 w - - 0 1");

        assertThat(moves).as("along the file").contains("e4e1", "e4e5", "e4e8");
        assertThat(moves).as("off the file").doesNotContain("e4d4", "e4a4", "e4f4", "e4i4");
    }

    @DisplayName("Flying general: a general may not step onto an open file facing the other general")
    @Test
    void generalCannotStepOntoTheOtherGeneralsFile() {
        // Black general d9; the d-file is empty.
        Position position = Position.fromFen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");

        assertThat(legalMoves(position)).contains("e0f0", "e0e1").doesNotContain("e0d0");
    }

    @DisplayName("A move that leaves one's own general in check is illegal")
    @Test
    void pinnedPieceCannotExposeItsGeneral() {
        // Red chariot e3 stands between its general e0 and the black chariot e7.
        List<String> moves = legalMoves("5k3/9/4r4/9/9/9/4R4/9/9/4K4 w - - 0 1");

        assertThat(moves).as("along the pin").contains("e3e5", "e3e7");
        assertThat(moves).as("off the pin").doesNotContain("e3a3", "e3d3", "e3i3");
    }

    @DisplayName("In check, only moves that answer the check are legal")
    @Test
    void inCheckOnlyAnswersAreLegal() {
        // Black chariot e4 checks the red general e0; the red chariot a4 can take it.
        Position position = Position.fromFen("4k4/9/9/9/9/R3r4/9/9/9/4K4 w - - 0 1");

        assertThat(position.inCheck()).isTrue();
        // e0e1 stays on the chariot's file; a4a5 and the like ignore the check.
        assertThat(legalMoves(position)).containsExactlyInAnyOrder("a4e4", "e0d0", "e0f0");
    }

    @DisplayName("Moving a piece between a cannon and one's own general gives the cannon a screen: illegal")
    @Test
    void pieceCannotStepIntoCannonLine() {
        // Black cannon e7 looks at the red general e0 over an empty file.
        List<String> moves = legalMoves("4k4/9/4c4/9/9/R8/9/2N6/9/3AK4 w - - 0 1");

        assertThat(moves).as("onto the e-file").doesNotContain("a4e4", "c2e3", "c2e1", "d0e1");
        assertThat(moves).as("elsewhere").contains("a4d4", "c2d4", "e0e1");
    }

    @DisplayName("A piece on the horse's leg blocks its check")
    @Test
    void horseCheckIsBlockedAtTheLeg() {
        // Black horse d2 would reach e0 past d1, its leg; the red chariot stands on d1.
        Position position = Position.fromFen("5k3/9/9/9/9/9/9/3n5/3R5/4K4 w - - 0 1");

        assertThat(position.inCheck()).isFalse();
        // So the chariot is pinned: leaving d1 would open the check, except by taking the horse.
        assertThat(legalMoves(position)).contains("d1d2").doesNotContain("d1c1", "d1a1", "d1d0");
    }

    @DisplayName("A piece next to the general does not block a horse's check: the leg is next to the horse")
    @Test
    void horseCheckIsNotBlockedNextToTheGeneral() {
        // Black horse f2 reaches e0 past f1, its leg, which is empty; the red advisor e1
        // stands next to the general, which does not matter.
        Position position = Position.fromFen("3k5/9/9/9/9/9/9/5n3/4A4/4K4 w - - 0 1");

        assertThat(position.inCheck()).isTrue();
    }

    // ------------------------------------------------------------------ end of the game

    @DisplayName("Checkmate: in check and no legal move")
    @Test
    void checkmateLeavesNoMoves() {
        // Red cannon e4 checks over the cannon e5; e8 is covered too, d9 and f9 are the black advisors.
        Position position = Position.fromFen("3aka3/9/9/9/4C4/4C4/9/9/9/3K5 b - - 0 1");

        assertThat(position.inCheck()).isTrue();
        assertThat(legalMoveCount(position)).isZero();
    }

    @DisplayName("Stalemate (困毙): not in check, but no legal move, which in Xiangqi loses just like mate")
    @Test
    void stalemateLeavesNoMoves() {
        // Black general e9: e8 is on the a8 chariot's rank, f9 on the f1 chariot's file,
        // and d9 would face the red general on d0.
        Position position = Position.fromFen("4k4/R8/9/9/9/9/9/9/5R3/3K5 b - - 0 1");

        assertThat(position.inCheck()).isFalse();
        assertThat(legalMoveCount(position)).isZero();
    }
}
