package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The killer moves: two slots per distance from the root. */
class KillersTest {
    private static final int A = Move.parseUci("h0g2");
    private static final int B = Move.parseUci("b0c2");
    private static final int C = Move.parseUci("c3c4");

    @Test
    @DisplayName("at first both slots are empty")
    void emptyAtFirst() {
        Killers killers = new Killers();

        assertThat(killers.first(0)).isEqualTo(Move.NONE);
        assertThat(killers.second(0)).isEqualTo(Move.NONE);
    }

    @Test
    @DisplayName("remembering a move makes it the first killer and shifts the old first to second; the old second is dropped")
    void rememberShifts() {
        Killers killers = new Killers();
        killers.remember(3, A);
        assertThat(killers.first(3)).isEqualTo(A);
        assertThat(killers.second(3)).isEqualTo(Move.NONE);

        killers.remember(3, B);
        assertThat(killers.first(3)).isEqualTo(B);
        assertThat(killers.second(3)).isEqualTo(A);

        killers.remember(3, C);
        assertThat(killers.first(3)).isEqualTo(C);
        assertThat(killers.second(3)).isEqualTo(B);
    }

    @Test
    @DisplayName("remembering the first killer again changes nothing: one move never fills both slots")
    void sameMoveTwice() {
        Killers killers = new Killers();
        killers.remember(5, A);
        killers.remember(5, A);
        assertThat(killers.first(5)).isEqualTo(A);
        assertThat(killers.second(5)).isEqualTo(Move.NONE);

        killers.remember(5, B);
        killers.remember(5, B);
        assertThat(killers.first(5)).isEqualTo(B);
        assertThat(killers.second(5)).isEqualTo(A);
    }

    @Test
    @DisplayName("the second killer remembered again moves up to first, and the two swap")
    void secondBecomesFirst() {
        Killers killers = new Killers();
        killers.remember(2, A);
        killers.remember(2, B);
        killers.remember(2, A);

        assertThat(killers.first(2)).isEqualTo(A);
        assertThat(killers.second(2)).isEqualTo(B);
    }

    @Test
    @DisplayName("each distance from the root has its own killers, from 0 to Score.MAX_PLY; clear empties them all")
    void perPly() {
        Killers killers = new Killers();
        killers.remember(0, A);
        killers.remember(Score.MAX_PLY, B);

        assertThat(killers.first(0)).isEqualTo(A);
        assertThat(killers.first(1)).isEqualTo(Move.NONE);
        assertThat(killers.first(Score.MAX_PLY)).isEqualTo(B);

        killers.clear();
        assertThat(killers.first(0)).isEqualTo(Move.NONE);
        assertThat(killers.first(Score.MAX_PLY)).isEqualTo(Move.NONE);
        assertThat(killers.second(0)).isEqualTo(Move.NONE);
    }
}
