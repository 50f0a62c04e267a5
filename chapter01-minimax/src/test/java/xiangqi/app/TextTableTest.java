package xiangqi.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import xiangqi.*;

/** The demos' tables print each row as it is added, in columns declared up front. */
class TextTableTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private List<String> printed() {
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    @DisplayName("nothing is printed before the first row; then the header and each row at once")
    void rowsArePrintedAsTheyCome() {
        TextTable table = new TextTable(out, "depth", "nodes", "move").widths(5, 7, -4);
        assertThat(printed()).isEmpty();
        table.row(1, 45, "b2b9 炮八进七");
        assertThat(printed()).containsExactly(
                "depth |   nodes | move",
                "    1 |      45 | b2b9 炮八进七");
        table.row(4, 3371871, "b2e2 炮八平五");
        assertThat(printed()).hasSize(3).last().isEqualTo("    4 | 3371871 | b2e2 炮八平五");
    }

    @Test
    @DisplayName("a positive width right-aligns, a negative one left-aligns; a Chinese character takes two columns")
    void widthsAlignLikePrintf() {
        new TextTable(out, "position", "ratio", "note").widths(-12, 6, -5)
                .row("困毙", "1.002x", "a")
                .row("two chariots", "0.9x", "b");
        assertThat(printed()).containsExactly(
                "position     |  ratio | note",
                "困毙         | 1.002x | a",
                "two chariots |   0.9x | b");
    }

    @Test
    @DisplayName("a column is never narrower than its header; without declared widths, each is its header's, right-aligned")
    void headersSetTheLeastWidth() {
        new TextTable(out, "depth", "tree nodes").widths(1, 3).row(1, 45);
        new TextTable(out, "depth", "tree nodes").row(2, 1965);
        assertThat(printed()).containsExactly(
                "depth | tree nodes", "    1 |         45",
                "depth | tree nodes", "    2 |       1965");
    }

    @Test
    @DisplayName("a row or a width list that does not match the header is refused")
    void mismatchesAreRefused() {
        TextTable table = new TextTable(out, "a", "b");
        assertThatThrownBy(() -> table.widths(1, 2, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("3 widths for 2 columns");
        assertThatThrownBy(() -> table.row(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("1 cells for 2 columns");
    }

    @Test
    @DisplayName("display width: two columns for each Chinese or full-width character")
    void displayWidth() {
        assertThat(TextTable.displayWidth("b2b9 炮八进七")).isEqualTo(13);
        assertThat(TextTable.displayWidth("ａｂ～")).isEqualTo(6);
    }
}
