package xiangqi.app;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import xiangqi.*;
import xiangqi.common.Chapter;

/**
 * Speed, measured the way engine authors compare: perft(5) of the start position in both
 * counting conventions, then the demo positions searched to the chapter's default depth,
 * whose total node count is the chapter's signature: a change that alters the search
 * changes that number. Then what the rules cost a node, and last, the clock: how much of a
 * second's move time bought the move.
 */
final class Bench {
    static final int PERFT_DEPTH = 5;
    /** The clock's test: {@code go movetime} with this many milliseconds. */
    static final long CLOCK_MILLIS = 1000;
    /** The rules' cost: each search this many times, the fastest kept. */
    static final int RULINGS_RUNS = 5;

    private Bench() {
    }

    static void run(PrintStream out) {
        out.println("bench " + Chapter.NAME + " on " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + "), "
                + Runtime.getRuntime().availableProcessors() + " processors");
        Position start = Position.startPosition();
        Perft perft = new Perft(PERFT_DEPTH);

        long begin = System.nanoTime();
        long leaves = perft.count(start, PERFT_DEPTH);
        report(out, "perft(5), bulk counting (last ply counted, not made)", leaves, "leaves", System.nanoTime() - begin);

        begin = System.nanoTime();
        leaves = perft.countMakingLeaves(start, PERFT_DEPTH);
        report(out, "perft(5), making every leaf", leaves, "leaves", System.nanoTime() - begin);

        out.println();
        out.println("search suite: Search.standard() to depth " + Search.DEFAULT_DEPTH + " on the demo positions");
        long totalNodes = 0;
        long totalNanos = 0;
        for (Examples.Example example : Examples.ALL) {
            Position position = Position.fromFen(example.fen());
            begin = System.nanoTime();
            Search.Result result = Search.standard().search(position, Search.DEFAULT_DEPTH);
            long nanos = System.nanoTime() - begin;
            totalNodes += result.nodes();
            totalNanos += nanos;
            report(out, "  " + example.name(), result.nodes(), "nodes", nanos);
        }
        report(out, "search total", totalNodes, "nodes", totalNanos);
        out.println("bench nodes " + totalNodes);
        rulingsCost(out);
        clock(out);
    }

    /**
     * What the rules cost a node: chapter 5's search ({@link Search#ordered}) and this chapter's
     * on two positions whose trees hold thousands of repetitions, to the same depth, a fresh
     * table each, by turns, the fastest of {@link #RULINGS_RUNS} runs by the thread's CPU time
     * (a collection or another process on the machine makes a run slower, never faster). The
     * counts differ a little (a repetition ends its line), so the times are compared a node.
     */
    private static void rulingsCost(PrintStream out) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        out.println();
        out.println("the rules' cost: chapter 5's search and this chapter's, the fastest of " + RULINGS_RUNS
                + " runs (CPU time)");
        record Case(String name, String fen, int depth) {
        }
        for (Case c : List.of(new Case("two chariots, mate in two", Examples.MATE_IN_TWO.fen(), 9),
                new Case("chariot and horse against a cannon", "4k4/9/4c4/9/9/R8/9/2N6/9/3AK4 w - - 0 1", 10))) {
            long[] nodes = new long[2];
            long[] nanos = {Long.MAX_VALUE, Long.MAX_VALUE};
            for (int run = 0; run < RULINGS_RUNS; run++) {
                for (int rules = 0; rules < 2; rules++) {
                    TranspositionTable table = new TranspositionTable(TranspositionTable.DEFAULT_MB,
                            TranspositionTable.Scheme.TWO_TIER);
                    Search search = rules == 1 ? Search.withRepetitions(table) : Search.ordered(table);
                    long begin = threads.getCurrentThreadCpuTime();
                    nodes[rules] = search.search(Position.fromFen(c.fen()), c.depth()).nodes();
                    nanos[rules] = Math.min(nanos[rules], threads.getCurrentThreadCpuTime() - begin);
                }
            }
            double[] perNode = {(double) nanos[0] / nodes[0], (double) nanos[1] / nodes[1]};
            out.printf("  %s, depth %d%n", c.name(), c.depth());
            out.printf("    chapter 5's search %9d nodes in %5d ms = %4.0f ns a node%n", nodes[0], nanos[0] / 1_000_000,
                    perNode[0]);
            out.printf("    with the rules     %9d nodes in %5d ms = %4.0f ns a node: %.2f× chapter 5's%n", nodes[1],
                    nanos[1] / 1_000_000, perNode[1], perNode[1] / perNode[0]);
        }
    }

    /**
     * The clock at work: {@code go movetime 1000} on each demo position, and the share of
     * the second that bought the move played: the time to the end of the last root move
     * searched to the end, in the iteration the search answered with (a partial one, marked
     * {@code +}, when the clock cut it short after some root moves). The rest was spent on
     * an iteration that did not get that far, or not at all. A search that has proved a mate
     * (marked {@code #}) answers at once, and its share is of the time it took: it wasted none.
     */
    private static void clock(PrintStream out) {
        out.println();
        out.println("clock: Search.standard() with go movetime " + CLOCK_MILLIS + " on the demo positions");
        long settled = 0;
        long spent = 0;
        for (Examples.Example example : Examples.ALL) {
            Search search = Search.standard();
            Search.Result result = search.search(Position.fromFen(example.fen()), Search.MAX_DEPTH,
                    TimeControl.moveTime(CLOCK_MILLIS), iteration -> { });
            long millis = search.settledNanos() / 1_000_000;
            boolean mate = !result.partial() && Search.mateProved(result.score(), result.depth());
            long budget = mate ? Math.max(millis, result.millis()) : CLOCK_MILLIS;
            settled += millis;
            spent += budget;
            String what = "  " + example.name();
            out.printf("%s depth %2d%s answered after %4d ms, settled at %4d ms: %3d%% of the time%n",
                    what + " ".repeat(Math.max(0, 58 - TextTable.displayWidth(what))), result.depth(),
                    result.partial() ? "+" : mate ? "#" : " ", result.millis(), millis, budget == 0 ? 100 : 100 * millis / budget);
        }
        out.printf("clock share %d%% (the time that bought the move played, over the %d positions' budget;"
                + " # a proved mate, over its time)%n", spent == 0 ? 100 : 100 * settled / spent, Examples.ALL.size());
    }

    private static void report(PrintStream out, String what, long count, String unit, long nanos) {
        double seconds = nanos / 1e9;
        String padded = what + " ".repeat(Math.max(0, 58 - TextTable.displayWidth(what))); // 困毙 takes four columns
        out.printf("%s %11d %s in %7.2f s = %6.2f M %s/s%n", padded, count, unit, seconds, count / seconds / 1e6, unit);
    }
}
