package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static xiangqi.Fixtures.after;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class NotationTest {

    /** The notation of a move written in coordinates, checked to be legal in the FEN first. */
    private static String notation(String fen, String uci) {
        Position position = Position.fromFen(fen);
        return Notation.chinese(position, MoveGenerator.parseLegal(position, uci));
    }

    @Test
    @DisplayName("red's opening moves from the start position")
    void redOpeningMoves() {
        String start = Position.START_FEN;
        assertThat(notation(start, "h2e2")).isEqualTo("炮二平五");
        assertThat(notation(start, "b0c2")).isEqualTo("马八进七");
        assertThat(notation(start, "h0g2")).isEqualTo("马二进三");
        assertThat(notation(start, "i0i1")).isEqualTo("车一进一");
        assertThat(notation(start, "g3g4")).isEqualTo("兵三进一");
        assertThat(notation(start, "c0e2")).isEqualTo("相七进五");
        assertThat(notation(start, "f0e1")).isEqualTo("仕四进五");
    }

    @Test
    @DisplayName("a capture is written like any other move: the cannon takes the horse, 炮二进七")
    void captureCountsRanks() {
        assertThat(notation(Position.START_FEN, "h2h9")).isEqualTo("炮二进七");
    }

    @Test
    @DisplayName("black's replies to the central cannon use digits counted from black's right")
    void blackRepliesUseDigits() {
        String fen = after(Position.START_FEN, "h2e2").toFen();
        assertThat(notation(fen, "h9g7")).isEqualTo("马8进7");
        assertThat(notation(fen, "b7e7")).isEqualTo("炮2平5");
        assertThat(notation(fen, "i9i8")).isEqualTo("车9进1");
        assertThat(notation(fen, "c6c5")).isEqualTo("卒3进1");
    }

    @Test
    @DisplayName("the general moves one step: 帅五进一, 帅五退一, 帅五平四 and black's 将4进1")
    void generalSteps() {
        assertThat(notation("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0e1")).isEqualTo("帅五进一");
        assertThat(notation("3k5/9/9/9/9/9/9/9/4K4/9 w", "e1e0")).isEqualTo("帅五退一");
        assertThat(notation("3k5/9/9/9/9/9/9/9/4K4/9 w", "e1f1")).isEqualTo("帅五平四");
        assertThat(notation("3k5/9/9/9/9/9/9/9/9/4K4 b", "d9d8")).isEqualTo("将4进1");
    }

    @Test
    @DisplayName("a chariot retreats, advances and moves sideways: 车一退二, 车一进四, 车一平九")
    void chariotDirections() {
        String fen = "3k5/9/9/9/9/9/8R/9/9/4K4 w";
        assertThat(notation(fen, "i3i1")).isEqualTo("车一退二");
        assertThat(notation(fen, "i3i7")).isEqualTo("车一进四");
        assertThat(notation(fen, "i3a3")).isEqualTo("车一平九");
    }

    @Test
    @DisplayName("black's backward is towards rank 9: a4a8 is 车1退4")
    void blackRetreatsUpTheBoard() {
        assertThat(notation("3k5/9/9/9/9/r8/9/9/9/4K4 b", "a4a8")).isEqualTo("车1退4");
    }

    @Test
    @DisplayName("a retreating horse names its destination file: 马七退八")
    void horseRetreatNamesDestinationFile() {
        assertThat(notation("3k5/9/9/9/9/9/9/2N6/9/4K4 w", "c2b0")).isEqualTo("马七退八");
    }

    @Test
    @DisplayName("two cannons on one file are 前炮 and 后炮")
    void tandemCannons() {
        String fen = "3k5/9/9/9/9/7C1/9/7C1/9/4K4 w";
        assertThat(notation(fen, "h4e4")).isEqualTo("前炮平五");
        assertThat(notation(fen, "h2e2")).isEqualTo("后炮平五");
        assertThat(notation(fen, "h2h3")).isEqualTo("后炮进一");
    }

    @Test
    @DisplayName("two chariots on one file are 前车 and 后车")
    void tandemChariots() {
        String fen = "3k5/9/9/9/9/9/8R/9/9/4K3R w";
        assertThat(notation(fen, "i0i1")).isEqualTo("后车进一");
        assertThat(notation(fen, "i3i6")).isEqualTo("前车进三");
    }

    @Test
    @DisplayName("black's front horse is the one nearer rank 0: 前马进3, 后马进3")
    void tandemBlackHorses() {
        String fen = "1n1k5/9/1n7/9/9/9/9/9/9/4K4 b";
        assertThat(notation(fen, "b7c5")).isEqualTo("前马进3");
        assertThat(notation(fen, "b7a9")).isEqualTo("前马退1");
        assertThat(notation(fen, "b9c7")).isEqualTo("后马进3");
    }

    @Test
    @DisplayName("three soldiers on one file are 前兵, 中兵 and 后兵")
    void threeSoldiersOnOneFile() {
        String fen = "3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w";
        assertThat(notation(fen, "e7d7")).isEqualTo("前兵平六");
        assertThat(notation(fen, "e6f6")).isEqualTo("中兵平四");
        assertThat(notation(fen, "e5d5")).isEqualTo("后兵平六");
    }

    @Test
    @DisplayName("five red soldiers on one file are numbered 一..五 from the front")
    void fiveRedSoldiersOnOneFile() {
        String fen = "5k3/4P4/4P4/4P4/4P4/4P4/9/9/9/4K4 w";
        assertThat(notation(fen, "e8e9")).isEqualTo("一兵进一");
        assertThat(notation(fen, "e7d7")).isEqualTo("二兵平六");
        assertThat(notation(fen, "e6f6")).isEqualTo("三兵平四");
        assertThat(notation(fen, "e5d5")).isEqualTo("四兵平六");
    }

    @Test
    @DisplayName("four black soldiers on one file are numbered 1..4 from the front")
    void fourBlackSoldiersOnOneFile() {
        String fen = "5k3/9/9/9/9/4p4/4p4/4p4/4p4/3K5 b";
        assertThat(notation(fen, "e1f1")).isEqualTo("1卒平6");
        assertThat(notation(fen, "e3d3")).isEqualTo("3卒平4");
        assertThat(notation(fen, "e4d4")).isEqualTo("4卒平4");
    }

    @Test
    @DisplayName("soldiers stacked on two files put the file number in place of the piece: 前七平八")
    void soldiersStackedOnTwoFiles() {
        String fen = "3k5/9/9/2P3P2/2P1P1P2/9/9/9/9/4K4 w";
        assertThat(notation(fen, "c6b6")).isEqualTo("前七平八");
        assertThat(notation(fen, "c5b5")).isEqualTo("后七平八");
        assertThat(notation(fen, "g5h5")).isEqualTo("后三平二");
        assertThat(notation(fen, "e5e6")).isEqualTo("兵五进一");
    }

    @Test
    @DisplayName("two advisors on one file keep the file number: the verb tells them apart")
    void advisorsOnOneFile() {
        String fen = "3k5/9/9/9/9/9/9/3A5/9/3AK4 w";
        assertThat(notation(fen, "d0e1")).isEqualTo("仕六进五");
        assertThat(notation(fen, "d2e1")).isEqualTo("仕六退五");
    }

    @Test
    @DisplayName("two elephants on one file keep the file number: the verb tells them apart")
    void elephantsOnOneFile() {
        String fen = "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w";
        assertThat(notation(fen, "c0e2")).isEqualTo("相七进五");
        assertThat(notation(fen, "c4e2")).isEqualTo("相七退五");
        assertThat(notation(fen, "c4a2")).isEqualTo("相七退九");
    }

    @Test
    @DisplayName("chinese() leaves the position unchanged, and every move is four characters")
    void chineseLeavesPositionUnchanged() {
        Position position = after(Position.START_FEN, "h2e2", "h9g7");
        String before = position.toFen();
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.generateLegal(position, moves);
        for (int i = 0; i < count; i++) {
            assertThat(Notation.chinese(position, moves[i])).hasSize(4);
        }
        assertThat(position.toFen()).isEqualTo(before);
    }

    @Test
    @DisplayName("chineseLine() writes a variation and takes its moves back")
    void chineseLineWritesVariation() {
        Position position = Position.startPosition();
        String before = position.toFen();
        int[] line = new int[4];
        String[] ucis = {"h2e2", "h9g7", "h0g2", "i9h9"};
        for (int i = 0; i < ucis.length; i++) {
            line[i] = MoveGenerator.parseLegal(position, ucis[i]);
            position.makeMove(line[i]);
        }
        for (int i = ucis.length - 1; i >= 0; i--) {
            position.unmakeMove(line[i]);
        }

        assertThat(Notation.chineseLine(position, line, 0, 4)).isEqualTo("炮二平五 马8进7 马二进三 车9平8");
        assertThat(Notation.chineseLine(position, line, 0, 0)).isEmpty();
        assertThat(position.toFen()).isEqualTo(before);
    }

    @Test
    @DisplayName("a move from an empty square is refused")
    void emptyOriginIsRefused() {
        Position position = Position.startPosition();
        assertThatThrownBy(() -> Notation.chinese(position, Move.parseUci("e4e5")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("e4");
    }
}
