package xiangqi;

import java.io.PrintStream;
import java.util.List;

/**
 * Chapter 3's report. Zobrist keys change no search result; they measure what chapter 4
 * will harvest. While alpha-beta (chapter 2's search, unchanged) runs, every node's key is
 * recorded: how many nodes revisit a position already searched by another move order
 * (a transposition, 置换)? Then a collision experiment over the distinct positions of the
 * largest search: how often do different positions share a table slot, the low 32 bits
 * of their keys, the whole 64-bit key?
 */
final class Demo {
    static final String CHAPTER = "chapter03-zobrist";

    record Example(String name, String fen) {
    }

    static final List<Example> EXAMPLES = List.of(
            new Example("the start position", Position.START_FEN),
            new Example("a middlegame: horses out, central files open",
                    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"),
            new Example("an attack: red has few moves, black's cannons bear down",
                    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1"),
            new Example("困毙: a general with no move loses, even when not in check",
                    "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1"),
            new Example("two chariots: mate in two, found at depth 4",
                    "3k5/4a4/3a5/9/9/9/9/9/R8/4K3R w - - 0 1"));
    static final int MAX_DEPTH = 5;

    private Demo() {
    }

    static void run(PrintStream out) {
        out.println("Chapter 3: Zobrist keys. Alpha-beta (chapter 2's search, unchanged) with every node's");
        out.println("position recorded. revisits = nodes whose position was already searched in the same");
        out.println("search, reached by another move order: work a table of results could save.");
        PositionSet largest = null;
        long largestNodes = 0;
        for (Example example : EXAMPLES) {
            Position position = Position.fromFen(example.fen());
            out.println();
            out.println("== " + example.name() + " ==");
            out.println("fen " + example.fen() + "   key " + hex(position.key()));
            out.println("depth |    nodes | distinct | revisits | revisit share | score move");
            for (int depth = 1; depth <= MAX_DEPTH; depth++) {
                PositionSet seen = new PositionSet();
                Search search = new Search();
                search.onNode = seen::add;
                Search.Result result = search.search(position, depth);
                out.printf("%5d | %8d | %8d | %8d | %12.1f%% | %s %s%n", depth, result.nodes(), seen.size(),
                        result.nodes() - seen.size(), 100.0 * (result.nodes() - seen.size()) / result.nodes(),
                        scoreText(result.score()), Move.toUci(result.bestMove()));
                if (result.nodes() > largestNodes) {
                    largest = seen;
                    largestNodes = result.nodes();
                }
            }
        }
        collisions(largest, out);
    }

    /**
     * Among n distinct positions, how many share a slot (the key's low bits) with another,
     * compared with what random keys would give: each position is alone in its slot with
     * probability (1 - 1/m)^(n-1) among m slots.
     */
    private static void collisions(PositionSet positions, PrintStream out) {
        long[] keys = positions.keys();
        int n = keys.length;
        out.println();
        out.println("== collisions among the " + n + " distinct positions of the largest search ==");
        out.println("                            |  positions sharing | expected for random keys");
        for (int bits : new int[] {16, 20, 24, 32}) {
            long mask = (1L << bits) - 1;
            double expected = n * (1 - Math.pow(1 - Math.pow(2, -bits), n - 1));
            String what = bits == 32 ? "the low 32 bits" : "a slot of a 2^" + bits + " table";
            out.printf("%-27s | %18d | %24.0f%n", what, sharing(keys, mask), expected);
        }
        out.printf("%-27s | %18d | %24.4f%n", "the whole 64-bit key", positions.fullKeyClashes(),
                (double) n * (n - 1) / 2 / Math.pow(2, 64) * 2);
        long[] pair = firstPairSharing(keys, 0xFFFF_FFFFL);
        if (pair != null) {
            out.println("for example " + hex(pair[0]) + " and " + hex(pair[1])
                    + ": different positions, same low 32 bits.");
        }
        out.println("A slot index is only an address: the table must keep the whole key (the lock, 校验码)");
        out.println("and compare it, and 32 bits of lock are not enough. With 64 bits no two of these");
        out.println("positions clash (every key match above was confirmed by comparing the boards).");
    }

    /** How many of the keys share their masked value with at least one other key. */
    static long sharing(long[] keys, long mask) {
        long[] masked = new long[keys.length];
        for (int i = 0; i < keys.length; i++) {
            masked[i] = keys[i] & mask;
        }
        java.util.Arrays.sort(masked);
        long shared = 0;
        for (int i = 0; i < masked.length; ) {
            int j = i;
            while (j < masked.length && masked[j] == masked[i]) {
                j++;
            }
            if (j - i > 1) {
                shared += j - i;
            }
            i = j;
        }
        return shared;
    }

    private static long[] firstPairSharing(long[] keys, long mask) {
        java.util.Map<Long, Long> byLowBits = new java.util.HashMap<>();
        for (long key : keys) {
            Long other = byLowBits.put(key & mask, key);
            if (other != null && other != key) {
                return new long[] {Math.min(other, key), Math.max(other, key)};
            }
        }
        return null;
    }

    static String hex(long key) {
        return String.format("%016x", key);
    }

    /**
     * The distinct positions seen by one search: an open-addressing table keyed by the
     * Zobrist key, which also keeps each board (packed in six longs) so that a key match is
     * confirmed by comparing boards, never assumed.
     */
    static final class PositionSet {
        private static final int BOARD_LONGS = 6; // 90 squares and the side, four bits each
        private long[] keys = new long[1 << 16];
        private long[] boards = new long[keys.length * BOARD_LONGS];
        private boolean[] used = new boolean[keys.length];
        private int size;
        private long fullKeyClashes;

        void add(Position position) {
            if (2 * (size + 1) > keys.length) {
                grow();
            }
            long[] board = pack(position);
            insert(position.key(), board, 0);
        }

        private void insert(long key, long[] board, int from) {
            int mask = keys.length - 1;
            for (int slot = (int) key & mask; ; slot = (slot + 1) & mask) {
                if (!used[slot]) {
                    used[slot] = true;
                    keys[slot] = key;
                    System.arraycopy(board, from, boards, slot * BOARD_LONGS, BOARD_LONGS);
                    size++;
                    return;
                }
                if (keys[slot] == key) {
                    if (java.util.Arrays.equals(boards, slot * BOARD_LONGS, (slot + 1) * BOARD_LONGS,
                            board, from, from + BOARD_LONGS)) {
                        return; // the same position again: a transposition
                    }
                    fullKeyClashes++; // two different positions with one 64-bit key
                }
            }
        }

        private void grow() {
            long[] oldKeys = keys;
            long[] oldBoards = boards;
            boolean[] oldUsed = used;
            keys = new long[oldKeys.length * 2];
            boards = new long[keys.length * BOARD_LONGS];
            used = new boolean[keys.length];
            size = 0;
            for (int slot = 0; slot < oldKeys.length; slot++) {
                if (oldUsed[slot]) {
                    insert(oldKeys[slot], oldBoards, slot * BOARD_LONGS);
                }
            }
        }

        private static long[] pack(Position position) {
            long[] packed = new long[BOARD_LONGS];
            for (int square = 0; square < Square.COUNT; square++) {
                packed[square / 16] |= (long) position.pieceAt(square) << (4 * (square % 16));
            }
            packed[BOARD_LONGS - 1] |= (long) position.sideToMove() << 60;
            return packed;
        }

        int size() {
            return size;
        }

        long fullKeyClashes() {
            return fullKeyClashes;
        }

        long[] keys() {
            long[] result = new long[size];
            int count = 0;
            for (int slot = 0; slot < keys.length; slot++) {
                if (used[slot]) {
                    result[count++] = keys[slot];
                }
            }
            return result;
        }
    }

    /** A score as the demo tables show it: centipawns, or M3 / -M2 for mates in moves. */
    static String scoreText(int score) {
        String uci = Score.toUci(score);
        return uci.startsWith("mate ") ? "M" + uci.substring(5) : uci.substring(3);
    }
}
