package xiangqi.app;

import java.io.PrintStream;
import xiangqi.*;
import xiangqi.common.Chapter;

/**
 * Speed, measured the way engine authors compare: perft(5) of the start position in both
 * counting conventions, then the demo positions searched to the chapter's default depth,
 * whose total node count is the chapter's signature: a change that alters the search
 * changes that number.
 */
final class Bench {
    static final int PERFT_DEPTH = 5;

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
    }

    private static void report(PrintStream out, String what, long count, String unit, long nanos) {
        double seconds = nanos / 1e9;
        String padded = what + " ".repeat(Math.max(0, 58 - TextTable.displayWidth(what))); // 困毙 takes four columns
        out.printf("%s %11d %s in %7.2f s = %6.2f M %s/s%n", padded, count, unit, seconds, count / seconds / 1e6, unit);
    }
}
