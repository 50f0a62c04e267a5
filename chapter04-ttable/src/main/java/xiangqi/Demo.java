package xiangqi;

import java.io.PrintStream;
import java.util.List;

/**
 * Chapter 4's report, in five parts: alpha-beta (chapter 3) beside alpha-beta with the
 * transposition table, depth by depth; the three replacement schemes in a small table;
 * hit rate against table size; a mate searched twice with and without mate-score
 * adjustment; and seed 000's advice not to store the horizon's leaves, measured.
 */
final class Demo {
    static final String CHAPTER = "chapter04-ttable";

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
    static final int MAX_DEPTH = 6;
    /** The example for mate distances: mate in three, then (two plies on) mate in two. */
    static final String MATE_IN_THREE = "5k3/4a4/3a5/9/9/9/9/9/9/R2K4R w - - 0 1";

    private Demo() {
    }

    static void run(PrintStream out) {
        out.println("Chapter 4: the transposition table (置换表), " + TranspositionTable.BYTES_PER_ENTRY
                + " bytes an entry, two-tier scheme, 2^20 entries unless said.");
        compareWithAlphaBeta(out);
        compareSchemes(out);
        sweepSizes(out);
        mateDistances(out);
        horizon(out);
    }

    private static TranspositionTable table(int log2Entries, TranspositionTable.Scheme scheme) {
        return new TranspositionTable(1L << log2Entries, scheme);
    }

    /**
     * Part 1. cold: a fresh table for each search, the table's own effect. warm: one table
     * kept from depth to depth, as a game keeps it from move to move; its best moves from
     * the shallower search are tried first, a preview of chapter 5.
     */
    private static void compareWithAlphaBeta(PrintStream out) {
        out.println();
        out.println("Part 1. Alpha-beta (chapter 3) beside alpha-beta + table. cold = a new table for each");
        out.println("search; warm = one table kept from each depth to the next, as a game keeps it.");
        out.println("Cut-offs by the bound of the entry that answered: E exact, L lower, U upper.");
        for (Example example : EXAMPLES) {
            Position position = Position.fromFen(example.fen());
            out.println();
            out.println("== " + example.name() + " ==");
            out.println("depth | alpha-beta |  ab + table |  ratio | time ab | time tt |   probes |     hits "
                    + "| cut E |  cut L | cut U |  warm table |  ratio | score move");
            TranspositionTable warm = table(20, TranspositionTable.Scheme.TWO_TIER);
            for (int depth = 1; depth <= MAX_DEPTH; depth++) {
                Search.Result plain = new Search().search(position, depth);
                TranspositionTable cold = table(20, TranspositionTable.Scheme.TWO_TIER);
                Search withTable = new Search(cold);
                Search.Result result = withTable.search(position, depth);
                Search.Result warmResult = new Search(warm).search(position, depth);
                long[] cuts = withTable.tableCutoffs;
                out.printf("%5d | %10d | %11d | %5.2fx | %7d | %7d | %8d | %8d | %5d | %6d | %5d | %11d | %5.2fx | %s %s%n",
                        depth, plain.nodes(), result.nodes(), (double) plain.nodes() / result.nodes(), plain.millis(),
                        result.millis(), cold.probes, cold.hits, cuts[TranspositionTable.EXACT],
                        cuts[TranspositionTable.LOWER], cuts[TranspositionTable.UPPER], warmResult.nodes(),
                        (double) plain.nodes() / warmResult.nodes(), scoreText(result.score()), Move.toUci(result.bestMove()));
            }
        }
    }

    /** Part 2. The three schemes in a table far too small for the search. */
    private static void compareSchemes(PrintStream out) {
        int depth = MAX_DEPTH - 1;
        out.println();
        out.println("Part 2. The replacement schemes in a small table: 2^12 entries, start position, depth " + depth + ".");
        out.println("scheme          |    nodes | time ms |   probes |     hits | hit rate");
        for (TranspositionTable.Scheme scheme : TranspositionTable.Scheme.values()) {
            TranspositionTable small = table(12, scheme);
            Search.Result result = new Search(small).search(Position.startPosition(), depth);
            out.printf("%-15s | %8d | %7d | %8d | %8d | %7.1f%%%n", scheme.label(), result.nodes(), result.millis(),
                    small.probes, small.hits, 100.0 * small.hits / small.probes);
        }
    }

    /** Part 3. Hit rate against table size: seed 000 reports about +7% a doubling in chess. */
    private static void sweepSizes(PrintStream out) {
        int depth = MAX_DEPTH - 1;
        out.println();
        out.println("Part 3. Table size, start position, depth " + depth + ", two-tier (seed 000: about +7% hit rate");
        out.println("a doubling, in chess).");
        out.println("entries |    nodes |   probes |     hits | hit rate | change");
        double previous = Double.NaN;
        for (int log2 = 10; log2 <= 22; log2++) {
            TranspositionTable sized = table(log2, TranspositionTable.Scheme.TWO_TIER);
            Search.Result result = new Search(sized).search(Position.startPosition(), depth);
            double rate = 100.0 * sized.hits / sized.probes;
            out.printf("   2^%-2d | %8d | %8d | %8d | %7.1f%% | %s%n", log2, result.nodes(), sized.probes, sized.hits, rate,
                    Double.isNaN(previous) ? "" : String.format("%+.1f", rate - previous));
            previous = rate;
        }
    }

    /**
     * Part 4. 杀棋分数调整: search a mate in three, play two plies as the game would, and
     * search again with the same table. Without the adjustment the second search reads
     * mate scores stored two plies further from the old root and reports the wrong distance.
     */
    private static void mateDistances(PrintStream out) {
        out.println();
        out.println("Part 4. Mate-score adjustment (杀棋分数调整). One table, two searches: the mate in three");
        out.println(MATE_IN_THREE + " at depth 6, then two plies later at depth 4.");
        out.println("adjustment | first search | after d0e0 e8f7 | without a table");
        for (boolean adjust : new boolean[] {true, false}) {
            TranspositionTable shared = table(16, TranspositionTable.Scheme.TWO_TIER);
            shared.adjustMateScores = adjust;
            Position position = Position.fromFen(MATE_IN_THREE);
            Search.Result first = new Search(shared).search(position, 6);
            position.makeMove(MoveGenerator.parseLegal(position, "d0e0"));
            position.makeMove(MoveGenerator.parseLegal(position, "e8f7"));
            Search.Result second = new Search(shared).search(position, 4);
            Search.Result truth = new Search().search(position, 4);
            out.printf("%-10s | %-12s | %-15s | %s%n", adjust ? "on" : "off", Score.toUci(first.score()),
                    Score.toUci(second.score()) + (second.score() == truth.score() ? "" : " (wrong)"),
                    Score.toUci(truth.score()));
        }
    }

    /** Part 5. Seed 000: do not store the horizon's nodes. Both ways, depth 6, start position. */
    private static void horizon(PrintStream out) {
        out.println();
        out.println("Part 5. Storing the horizon's leaves too, or not (seed 000: not). Start position, depth 6.");
        out.println("scheme          | leaves stored |    nodes | time ms | hit rate");
        for (TranspositionTable.Scheme scheme : new TranspositionTable.Scheme[] {
            TranspositionTable.Scheme.TWO_TIER, TranspositionTable.Scheme.ALWAYS_REPLACE}) {
            for (boolean atHorizon : new boolean[] {false, true}) {
                TranspositionTable table = table(20, scheme);
                Search search = new Search(table);
                search.tableAtHorizon = atHorizon;
                Search.Result result = search.search(Position.startPosition(), MAX_DEPTH);
                out.printf("%-15s | %-13s | %8d | %7d | %7.1f%%%n", scheme.label(), atHorizon ? "yes" : "no",
                        result.nodes(), result.millis(), 100.0 * table.hits / table.probes);
            }
        }
    }

    /** A score as the demo tables show it: centipawns, or M3 / -M2 for mates in moves. */
    static String scoreText(int score) {
        String uci = Score.toUci(score);
        return uci.startsWith("mate ") ? "M" + uci.substring(5) : uci.substring(3);
    }
}
