package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static xiangqi.Fixtures.MIDDLEGAME;
import static xiangqi.Fixtures.playRandomGame;

import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;
import xiangqi.app.Examples;

/**
 * The checks of chapter 3's exercises (see the README's "Exercises"). Each fails, with one
 * line saying what is missing, until its exercise is solved, and asserts only what the
 * solution does:
 * <ul>
 *   <li>3.1: perft with a table of counts gives perft's own numbers when the whole key is
 *       the lock, and a wrong number when the lock is the slot's bits alone;</li>
 *   <li>3.2: the mirror key, kept up to date move by move, is the key of the mirrored
 *       board, and a board symmetric about the central file has mirror key = key.</li>
 * </ul>
 * Run them with {@code mvn -q -pl chapter03-zobrist test -Pexercises}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the README's order, so "not yet" lines come in it
class ExercisesTest {
    /** Perft of the start position at depth 5: published, and pinned by PerftTest. */
    private static final long START_PERFT_5 = 133_312_995L;

    @Order(1)
    @Exercise(value = "3.1 perft with a table, and a lock too short (校验码)", zh = "3.1 带表的 perft，以及太短的校验码",
            hint = "an entry holds a lock (the key's low lockBits bits), the depth and the count; it is a hit only when "
                    + "lock and depth both match; store a subtree's count once it is counted",
            hintZh = "表项存校验码（键值的低 lockBits 位）、深度和计数；"
                    + "校验码和深度都相同才算命中；一棵子树数完之后再存")
    @DisplayName("hashed perft counts exactly with a 64-bit lock, and wrongly with a 16-bit one")
    void hashedPerft() {
        Perft perft = new Perft(5);
        for (String fen : new String[] {Position.START_FEN, MIDDLEGAME, Fixtures.ATTACK, Fixtures.MATE_IN_TWO}) {
            for (int depth = 1; depth <= 4; depth++) {
                long expected = perft.count(Position.fromFen(fen), depth);
                long found = countHashed(perft, Position.fromFen(fen), depth, 64);
                assertThat(found).as(Exercises.say("countHashed(%s, depth %d, 64-bit lock) counts %,d, where perft counts"
                        + " %,d: does a hit need both the lock and the depth to match?", "countHashed(%s，深度 %d，"
                        + "64 位校验码) 数出 %,d，而 perft 数出 %,d：是不是校验码和深度都相同才算命中？"), fen, depth, found,
                        expected)
                        .isEqualTo(expected);
            }
        }
        // Deep searches of sparse boards, where one position is met again at another depth:
        // a hit that ignores the depth, or takes a deeper entry for a shallower count, shows
        // only here (at depth 4 the transpositions all come at the same depth).
        Perft deep = new Perft(8);
        for (String fen : SPARSE) {
            for (int depth = 5; depth <= 8; depth++) {
                long expected = deep.count(Position.fromFen(fen), depth);
                long found = countHashed(deep, Position.fromFen(fen), depth, 64);
                assertThat(found).as(Exercises.say("countHashed(%s, depth %d, 64-bit lock) counts %,d, where perft counts"
                        + " %,d%s", "countHashed(%s，深度 %d，64 位校验码) 数出 %,d，而 perft 数出 %,d%s"), fen, depth, found,
                        expected, found < expected ? Exercises.say(": is an entry's count used only for the depth it was"
                                + " counted to, not for another?", "：表项的计数是不是只用于它当初所数的那个深度，"
                                + "而不用于别的深度？")
                                : Exercises.say(": is an entry counted to a greater depth taken for a smaller one? a hit"
                                        + " needs the same depth", "：是不是把数到更深处的表项拿来当较浅的计数用了？"
                                        + "深度必须相同才算命中"))
                        .isEqualTo(expected);
            }
        }
        long exact = countHashed(perft, Position.startPosition(), 5, 64);
        assertThat(exact).as(Exercises.say("countHashed(start, depth 5, 64-bit lock) counts %,d, where perft counts %,d",
                "countHashed(初始局面，深度 5，64 位校验码) 数出 %,d，而 perft 数出 %,d"), exact, START_PERFT_5).isEqualTo(START_PERFT_5);
        // A lock of 48 bits adds 28 to the slot's 20: a false hit at depth 5 is about a chance
        // in a thousand, so the count must be exact. It is the lock a mask made with an int
        // shift gets wrong: Java takes an int's shift count mod 32, so 1 << 48 is 1 << 16.
        long long48 = countHashed(perft, Position.startPosition(), 5, 48);
        assertThat(long48).as(Exercises.say("countHashed(start, depth 5, 48-bit lock) counts %,d, where perft counts %,d:"
                + " does the lock keep the key's low lockBits bits for every lockBits up to 64? (an int's shift"
                + " count is taken mod 32: 1 << 48 is 1 << 16; a long needs 1L)", "countHashed(初始局面，深度 5，48 位校验码)"
                + " 数出 %,d，而 perft 数出 %,d：校验码是不是对 64 以内的每个 lockBits 都保留了键值的低 lockBits 位？"
                + "（int 的移位数按 32 取模：1 << 48 就是 1 << 16；long 要写 1L）"), long48, START_PERFT_5)
                .isEqualTo(START_PERFT_5);
        long short16 = countHashed(perft, Position.startPosition(), 5, 16);
        assertThat(short16).as(Exercises.say("countHashed(start, depth 5, 16-bit lock) counts %,d, perft's own count: a"
                + " lock no longer than the slot's bits lets different positions pass for one, so the count must go"
                + " wrong", "countHashed(初始局面，深度 5，16 位校验码) 数出 %,d，和 perft 自己数的一样：校验码不比槽位的"
                + "位数长，不同的局面就会被当成同一个，所以计数一定会出错"), short16).isNotEqualTo(START_PERFT_5);
    }

    /**
     * Boards with a few pieces, each side to move, where perft to depth 8 takes well under a
     * second and the same position comes back at different depths many times.
     */
    static final String[] SPARSE = {"3k5/9/9/9/9/9/9/9/4A4/4K1R2 w - - 0 1", "3k5/9/9/9/9/9/9/9/4A4/4K1R2 b - - 0 1",
        "4k4/9/9/9/9/9/9/9/4A4/3K1c3 w - - 0 1"};

    @Order(2)
    @Exercise(value = "3.2 the mirror key (镜像)", zh = "3.2 镜像的键值",
            hint = "the mirror key XORs a piece's key at the mirrored point (file a with i, b with h, ...); change it wherever "
                    + "makeMove and unmakeMove change key: the moving piece, the captured one, the side to move",
            hintZh = "镜像键值异或的是棋子在镜像交叉点（a 线与 i 线、b 线与 h 线……互换）上的键值；"
                    + "makeMove 和 unmakeMove 改 key 的地方都要改它："
                    + "走动的棋子、被吃的棋子、走子方")
    @DisplayName("the incremental mirror key is the key of the mirrored board, on every ply of random games")
    void mirrorKey() {
        assertThat(mirrorKeyOf(Position.startPosition())).as(Exercises.say("the start position is symmetric, but its mirror"
                + " key %016x differs from its key %016x", "初始局面左右对称，它的镜像键值 %016x 却与它的键值 %016x 不同"),
                mirrorKeyOf(Position.startPosition()), Position.startPosition().key()).isEqualTo(Position.startPosition().key());
        assertThat(mirrorKeyOf(Position.fromFen(mirror(MIDDLEGAME)))).as(Exercises.say("the mirrored middlegame's mirror key"
                + " %016x differs from the middlegame's key %016x", "镜像后的中局局面的镜像键值 %016x 与中局局面的键值"
                + " %016x 不同"), mirrorKeyOf(Position.fromFen(mirror(MIDDLEGAME))), Position.fromFen(MIDDLEGAME).key()).isEqualTo(Position.fromFen(MIDDLEGAME).key());
        Random random = new Random(23);
        int checked = 0;
        for (Examples.Example example : Examples.ALL) {
            for (int game = 0; game < 10; game++) {
                Position position = example.position();
                int[] played = playRandomGame(position, 120, random, visited ->
                        assertMirrorKey(visited, Exercises.say("after a move", "走一步之后")));
                for (int ply = played.length - 1; ply >= 0; ply--) {
                    position.unmakeMove(played[ply]);
                    assertMirrorKey(position, Exercises.say("after taking back %s", "退回 %s 之后",
                            Move.toUci(played[ply])));
                }
                checked += played.length;
            }
        }
        assertThat(checked).as(Exercises.say("positions checked", "检查过的局面数")).isGreaterThan(1000);
    }

    /** The incremental mirror key of {@code position}, {@code when} a move was made or taken back, against the mirrored board's key. */
    private static void assertMirrorKey(Position position, String when) {
        long found = mirrorKeyOf(position);
        long expected = Position.fromFen(mirror(position.toFen())).key();
        assertThat(found).as(Exercises.say("%s, on %s: mirrorKey() is %016x, where the mirrored board's key is %016x:"
                + " are the moving piece, a captured one and the side to move all XORed, as for key?", "%s，在 %s 上："
                + "mirrorKey() 是 %016x，而镜像棋盘的键值是 %016x：走动的棋子、被吃的棋子和走子方，"
                + "是不是都像 key 那样异或进去了？"), when, position.toFen(), found, expected).isEqualTo(expected);
    }

    /** Reaches the exercise's method by its name, with the exercise's task when it is missing. */
    private static long countHashed(Perft perft, Position position, int depth, int lockBits) {
        try {
            return (Long) Exercises.call(perft, "countHashed", position, depth, lockBits);
        } catch (AssertionError missing) {
            if (missing instanceof Exercises.Missing) {
                throw new AssertionError(missing.getMessage() + Exercises.say(": add it, perft with a table of counts",
                        "：加上它，一个带计数表的 perft"));
            }
            throw missing;
        }
    }

    private static long mirrorKeyOf(Position position) {
        try {
            return (Long) Exercises.call(position, "mirrorKey");
        } catch (AssertionError missing) {
            if (missing instanceof Exercises.Missing) {
                throw new AssertionError(missing.getMessage() + Exercises.say(": add it, the mirror image's key",
                        "：加上它，镜像局面的键值"));
            }
            throw missing;
        }
    }

    /** The FEN of the board mirrored left to right (file a to file i): each rank read backwards. */
    static String mirror(String fen) {
        String[] fields = fen.split(" ", 2);
        String[] ranks = fields[0].split("/");
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = new StringBuilder(ranks[i]).reverse().toString();
        }
        return String.join("/", ranks) + " " + fields[1];
    }
}
