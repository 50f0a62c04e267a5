package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The demo's measuring tools: counting distinct positions and shared key bits. */
class PositionSetTest {
    @Test
    @DisplayName("the demo's position set confirms key matches by comparing boards")
    void positionSetComparesBoards() {
        Demo.PositionSet set = new Demo.PositionSet();
        Position position = Position.startPosition();
        set.add(position);
        set.add(position);
        assertThat(set.size()).as("the same position twice").isEqualTo(1);
        position.makeMove(MoveGenerator.parseLegal(position, "h2e2"));
        set.add(position);
        assertThat(set.size()).isEqualTo(2);
        assertThat(set.fullKeyClashes()).isZero();
    }

    @Test
    @DisplayName("sharing counts every key whose masked value occurs more than once")
    void sharingCounts() {
        long[] keys = {0x1_0000_0005L, 0x2_0000_0005L, 0x3_0000_0007L, 0x4_0000_0009L, 0x5_0000_0009L, 0x6_0000_0009L};
        assertThat(Demo.sharing(keys, 0xFFFF_FFFFL)).isEqualTo(5);
        assertThat(Demo.sharing(keys, -1L)).isZero();
    }
}
