package xiangqi;

/**
 * The transposition table (置换表): results of searched positions, kept so that a position
 * reached again, by another move order or in a later search, need not be searched again.
 *
 * <p><b>An entry</b> is 16 bytes in two parallel {@code long} arrays, no object per entry:
 * the full 64-bit Zobrist key (the lock, 校验码, that confirms a hit) and one {@code long}
 * packing the best move (14 bits), the score (16 bits), the depth searched (8 bits) and
 * the bound (2 bits). The slot is chosen by the key's low bits, so many positions share a
 * slot; only a full key match counts as a hit.
 *
 * <p><b>The bound</b> says what the stored score means, since alpha-beta does not always
 * learn a node's exact value: {@link #EXACT} (the value), {@link #LOWER} (the true value is
 * at least the score: a move reached beta, a cut-off), {@link #UPPER} (the true value is at
 * most the score: every move failed low).
 *
 * <p><b>Mate scores</b> are stored relative to the entry's own position, not to the root,
 * because the same position can be reached at different distances from the root (杀棋分数调整,
 * mate-score adjustment): see {@link #toTable} and {@link #fromTable}.
 */
public final class TranspositionTable {
    public static final int BYTES_PER_ENTRY = 16;
    /** The default size in megabytes: 2^20 entries. */
    public static final int DEFAULT_MB = 16;
    static final int MAX_MB = 16 * 1024;

    /** No entry: an empty slot has bound 0. */
    static final int NONE = 0;
    /** The true value is at least the stored score (the node failed high: a β cut-off). */
    public static final int LOWER = 1;
    /** The true value is at most the stored score (the node failed low: no move reached α). */
    public static final int UPPER = 2;
    /** The stored score is the value. */
    public static final int EXACT = 3;

    /** What {@link #probe} returns when the position is not in the table. */
    static final int MISSING = -1;

    // The layout of an entry's data word, lowest bits first, as Stockfish's tt.cpp names its
    // fields: | move: 14 | score + 32768: 16 | depth: 8 | bound: 2 |. The key is the other word.
    private static final int MOVE_SHIFT = 0;
    private static final long MOVE_MASK = (1L << 14) - 1;
    private static final int SCORE_SHIFT = 14;
    private static final long SCORE_MASK = (1L << 16) - 1;
    private static final int SCORE_OFFSET = 32768; // scores are stored as unsigned 16-bit numbers
    private static final int DEPTH_SHIFT = 30;
    private static final long DEPTH_MASK = (1L << 8) - 1;
    private static final int BOUND_SHIFT = 38;
    private static final long BOUND_MASK = (1L << 2) - 1;

    /** Which entry a store may overwrite. */
    public enum Scheme {
        /** Replace only with a search at least as deep: deep results are worth more. */
        DEPTH_PREFERRED,
        /** Always replace: the newest result is the likeliest to be needed again. */
        ALWAYS_REPLACE,
        /**
         * Two tiers (双置换表) per slot, a depth-preferred entry and an always-replace entry:
         * Belle's scheme (Condon and Thompson), as the Baidu Baike article describes it and
         * Breuker, Uiterwijk and van den Herik (1996) measured it.
         */
        TWO_TIER;

        /** The name on the command line: depth-preferred, always-replace, two-tier. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        public static String names() {
            return "depth-preferred, always-replace, two-tier";
        }

        public static Scheme parse(String label) {
            for (Scheme scheme : values()) {
                if (scheme.label().equals(label)) {
                    return scheme;
                }
            }
            throw new IllegalArgumentException("unknown table scheme '" + label + "', expected one of " + names());
        }
    }

    /** A size in megabytes from the command line or the UCI Hash option. */
    public static int parseMegabytes(String text) {
        int megabytes;
        try {
            if (!text.matches("[0-9]{1,10}")) {
                throw new NumberFormatException(); // ASCII digits only
            }
            megabytes = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("hash size '" + text + "' is not a whole number of megabytes");
        }
        if (megabytes < 1 || megabytes > MAX_MB) {
            throw new IllegalArgumentException("hash size " + megabytes + " MB is out of range 1.." + MAX_MB);
        }
        return megabytes;
    }

    /**
     * The biggest table, in MB and a power of two, that this Java heap holds beside the rest
     * of the engine (64 MB): UCI's Hash option offers up to it. {@code java -Xmx} raises it.
     */
    public static int largestMegabytes() {
        long heapMegabytes = Runtime.getRuntime().maxMemory() / (1024 * 1024);
        return (int) Math.min(MAX_MB, Long.highestOneBit(Math.max(heapMegabytes - 64, 1)));
    }

    private final long[] keys;
    private final long[] data;
    private final Scheme scheme;
    private final int slotMask;
    /** False only in the demo, to show what goes wrong without 杀棋分数调整. */
    private final boolean adjustMateScores;

    private long probes;
    private long hits;

    /**
     * A table of {@code megabytes} MB, rounded down to a power of two of entries.
     *
     * @throws IllegalArgumentException if the Java heap cannot hold it: the message names the
     *         largest size that fits and how to allow more, for the command line and UCI
     */
    public TranspositionTable(int megabytes, Scheme scheme) {
        this(entriesFor(megabytes), scheme, true);
    }

    public TranspositionTable(long entries, Scheme scheme, boolean adjustMateScores) {
        if (entries < 2 || Long.bitCount(entries) != 1 || entries > 1 << 30) {
            throw new IllegalArgumentException("table size " + entries + " is not a power of two from 2 to 2^30 entries");
        }
        try {
            this.keys = new long[(int) entries];
            this.data = new long[(int) entries];
        } catch (OutOfMemoryError e) {
            throw tooLarge(entries * BYTES_PER_ENTRY);
        }
        this.scheme = scheme;
        this.adjustMateScores = adjustMateScores;
        // In the two-tier table a slot is a pair of entries: tier 1 at 2i, tier 2 at 2i + 1.
        this.slotMask = (int) (scheme == Scheme.TWO_TIER ? entries / 2 : entries) - 1;
    }

    private static long entriesFor(int megabytes) {
        long entries = Long.highestOneBit((long) megabytes * 1024 * 1024 / BYTES_PER_ENTRY);
        if (entries * BYTES_PER_ENTRY > freeHeapBytes()) {
            throw tooLarge(entries * BYTES_PER_ENTRY); // asking first beats dying half-way
        }
        return entries;
    }

    /** What the Java heap could still give, counting memory that is only garbage as free. */
    private static long freeHeapBytes() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
    }

    private static IllegalArgumentException tooLarge(long bytes) {
        Runtime runtime = Runtime.getRuntime();
        long megabyte = 1024 * 1024;
        long fits = Long.highestOneBit(Math.max(freeHeapBytes() / megabyte, 1));
        long used = runtime.totalMemory() - runtime.freeMemory();
        long neededGigabytes = (bytes + used + 256 * megabyte) / (1024 * megabyte) + 1;
        return new IllegalArgumentException("a hash table of " + bytes / megabyte + " MB does not fit in this Java heap of "
                + runtime.maxMemory() / megabyte + " MB: use a size up to " + fits + " MB, or give Java more memory, e.g. java -Xmx"
                + neededGigabytes + "g -jar ...");
    }

    public int entries() {
        return keys.length;
    }

    public Scheme scheme() {
        return scheme;
    }

    public long probes() {
        return probes;
    }

    public long hits() {
        return hits;
    }

    /** Forgets every entry (a new game) and the statistics. */
    public void clear() {
        java.util.Arrays.fill(keys, 0);
        java.util.Arrays.fill(data, 0);
        probes = 0;
        hits = 0;
    }

    // ---------------------------------------------------------------- probe

    /**
     * The index of the entry for this key, or {@link #MISSING}. A hit needs the whole
     * 64-bit key to match: the slot alone is shared by many positions. Reading never
     * changes the table.
     */
    int probe(long key) {
        probes++;
        int entry = find(key);
        if (entry != MISSING) {
            hits++;
        }
        return entry;
    }

    /**
     * The best move stored for {@code key}, or {@link Move#NONE}: for showing the principal
     * variation after a search, so not counted among the probes, which count the nodes' look-ups.
     */
    int bestMove(long key) {
        int entry = find(key);
        return entry == MISSING ? Move.NONE : move(entry);
    }

    /** The entry that holds {@code key}: the first of its slot's tier(s) with that key, or {@link #MISSING}. */
    private int find(long key) {
        int first = firstEntry(key);
        int last = scheme == Scheme.TWO_TIER ? first + 1 : first;
        for (int entry = first; entry <= last; entry++) {
            if (keys[entry] == key && bound(entry) != NONE) {
                return entry;
            }
        }
        return MISSING;
    }

    int move(int entry) {
        return (int) (data[entry] >>> MOVE_SHIFT & MOVE_MASK);
    }

    /** The stored score made relative to the root again: the probing node is {@code ply} from it. */
    int score(int entry, int ply) {
        return fromTable(storedScore(entry), ply);
    }

    int depth(int entry) {
        return (int) (data[entry] >>> DEPTH_SHIFT & DEPTH_MASK);
    }

    int bound(int entry) {
        return (int) (data[entry] >>> BOUND_SHIFT & BOUND_MASK);
    }

    private int storedScore(int entry) {
        return (int) (data[entry] >>> SCORE_SHIFT & SCORE_MASK) - SCORE_OFFSET;
    }

    // ---------------------------------------------------------------- store

    /**
     * Records a searched node: its depth, the bound its score has, the score (made
     * relative to this node) and its best move. A store without a best move (a node that
     * failed low has none) keeps the move already stored for the same position.
     */
    void store(long key, int depth, int bound, int score, int move, int ply) {
        int entry = entryToReplace(key, depth);
        if (entry == MISSING) {
            return;
        }
        if (move == Move.NONE && keys[entry] == key) {
            move = move(entry);
        }
        keys[entry] = key;
        data[entry] = (long) move << MOVE_SHIFT
                | (long) (toTable(score, ply) + SCORE_OFFSET) << SCORE_SHIFT
                | (long) depth << DEPTH_SHIFT
                | (long) bound << BOUND_SHIFT;
    }

    /** The replacement scheme: which entry the new result goes to, or MISSING to drop it. */
    private int entryToReplace(long key, int depth) {
        int first = firstEntry(key);
        switch (scheme) {
            case ALWAYS_REPLACE:
                return first;
            case DEPTH_PREFERRED:
                return bound(first) == NONE || depth >= depth(first) ? first : MISSING;
            default: // TWO_TIER
                int second = first + 1;
                if (bound(first) == NONE || depth >= depth(first)) {
                    if (keys[first] != key) { // the old tier-1 entry steps down, unless it is this position
                        keys[second] = keys[first];
                        data[second] = data[first];
                    }
                    return first;
                }
                return second;
        }
    }

    private int firstEntry(long key) {
        int slot = (int) key & slotMask;
        return scheme == Scheme.TWO_TIER ? 2 * slot : slot;
    }

    // ---------------------------------------------------------------- 杀棋分数调整

    /**
     * Mate-score adjustment on the way in. The search scores "mated {@code n} plies from
     * the root"; stored like that, the entry would be wrong wherever the position turns
     * up at another distance from the root. So a mate score is stored as seen from the
     * entry's own node: {@code ply} plies nearer to the mate. Normal scores pass unchanged.
     */
    int toTable(int score, int ply) {
        if (!adjustMateScores) {
            return score;
        }
        return score > Score.MATE_BOUND ? score + ply : score < -Score.MATE_BOUND ? score - ply : score;
    }

    /** The inverse of {@link #toTable}: a stored mate score made relative to the root again. */
    int fromTable(int score, int ply) {
        if (!adjustMateScores) {
            return score;
        }
        return score > Score.MATE_BOUND ? score - ply : score < -Score.MATE_BOUND ? score + ply : score;
    }
}
