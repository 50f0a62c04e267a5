package xiangqi.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import xiangqi.*;

/**
 * The root README's chart: the nodes each chapter searches from the start position at
 * depths 4, 5 and 6, one group of bars per depth, one bar per chapter, on a log scale.
 * It is drawn from the README's own table, whose every row a chapter's {@code ReadmeTest}
 * checks against its search; so the chart, a function of the table, cannot go stale
 * either ({@code ReadmeTest.rootChartIsDrawnFromTheTable}). Plain SVG, written by hand.
 */
final class NodeChart {
    static final String FILE = "nodes-per-chapter.svg";
    static final int FIRST_DEPTH = 4;

    private static final String[] COLORS = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#b07aa1",
        "#edc948", "#9c755f"};
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 440;
    private static final int LEFT = 60;
    private static final int RIGHT = 780;
    private static final int TOP = 50;
    private static final int BOTTOM = 380;

    /** One row of the table: a chapter and its node counts by depth, -1 where it shows "-". */
    record Row(String chapter, long[] nodes) {
    }

    private NodeChart() {
    }

    /** The rows of the table under "## The numbers" in the root README. */
    static List<Row> rows(String readme) {
        List<Row> rows = new ArrayList<>();
        String section = readme.substring(readme.indexOf("## The numbers"));
        for (String line : section.lines().toList()) {
            if (line.startsWith("| chapter") && !line.startsWith("| chapter |")) {
                String[] cells = line.split("\\|");
                long[] nodes = new long[cells.length - 3];
                for (int i = 0; i < nodes.length; i++) {
                    String cell = cells[i + 3].trim().replace(",", "");
                    nodes[i] = cell.equals("-") ? -1 : Long.parseLong(cell);
                }
                rows.add(new Row(cells[1].trim(), nodes));
            } else if (!rows.isEmpty() && !line.startsWith("|")) {
                break; // the table has ended
            }
        }
        return rows;
    }

    /** The chart as an SVG document. */
    static String svg(List<Row> rows) {
        long smallest = Long.MAX_VALUE;
        long largest = 1;
        for (Row row : rows) {
            for (long nodes : row.nodes()) {
                if (nodes > 0) {
                    smallest = Math.min(smallest, nodes);
                    largest = Math.max(largest, nodes);
                }
            }
        }
        // One power of ten below the smallest count, so that even the shortest bar stands clear of the axis.
        int lowPower = (int) Math.floor(Math.log10(smallest)) - 1;
        int highPower = (int) Math.ceil(Math.log10(largest));
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", WIDTH, HEIGHT));
        svg.append("<text x=\"").append(LEFT).append("\" y=\"28\" font-size=\"16\">Nodes searched from the start position"
                + " (log scale; fewer is better)</text>\n");
        // The scale: one line per power of ten.
        for (int power = lowPower; power <= highPower; power++) {
            double y = y(Math.pow(10, power), lowPower, highPower);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ccc\"/>%n",
                    LEFT, y, RIGHT, y));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" font-size=\"12\" text-anchor=\"end\">%s</text>%n",
                    LEFT - 6, y + 4, shortCount((long) Math.pow(10, power))));
        }
        int depths = rows.get(0).nodes().length;
        double groupWidth = (double) (RIGHT - LEFT) / depths;
        double barWidth = (groupWidth - 20) / rows.size();
        for (int d = 0; d < depths; d++) {
            double groupLeft = LEFT + d * groupWidth + 10;
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\">depth %d</text>%n",
                    groupLeft + (groupWidth - 20) / 2, BOTTOM + 22, FIRST_DEPTH + d));
            for (int r = 0; r < rows.size(); r++) {
                long nodes = rows.get(r).nodes()[d];
                double x = groupLeft + r * barWidth;
                double center = x + barWidth / 2;
                if (nodes < 0) {
                    svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\""
                            + " fill=\"#888\">not run</text>%n", center, BOTTOM - 4));
                    continue;
                }
                double y = y(nodes, lowPower, highPower);
                svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
                        + "<title>%s, depth %d: %,d nodes</title></rect>%n", x + 1, y, barWidth - 2, BOTTOM - y,
                        COLORS[r % COLORS.length], rows.get(r).chapter(), FIRST_DEPTH + d, nodes));
                svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\">%s</text>%n",
                        center, y - 3, shortCount(nodes)));
            }
        }
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>%n",
                LEFT, BOTTOM, RIGHT, BOTTOM));
        for (int r = 0; r < rows.size(); r++) { // the legend
            int y = TOP + 10 + r * 22;
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\"/>%n",
                    RIGHT + 20, y - 11, COLORS[r % COLORS.length]));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"13\">%s</text>%n",
                    RIGHT + 40, y, rows.get(r).chapter()));
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** The height of a count on the log scale. */
    private static double y(double nodes, int lowPower, int highPower) {
        double share = (Math.log10(nodes) - lowPower) / (highPower - lowPower);
        return BOTTOM - share * (BOTTOM - TOP);
    }

    /** 11,490 as 11.5k, 3,371,871 as 3.37M: three significant digits. */
    static String shortCount(long nodes) {
        if (nodes < 1000) {
            return String.valueOf(nodes);
        }
        double value = nodes < 1_000_000 ? nodes / 1e3 : nodes / 1e6;
        String unit = nodes < 1_000_000 ? "k" : "M";
        String digits = value >= 100 ? String.format(Locale.ROOT, "%.0f", value)
                : value >= 10 ? String.format(Locale.ROOT, "%.1f", value) : String.format(Locale.ROOT, "%.2f", value);
        return (digits.contains(".") ? digits.replaceAll("0+$", "").replaceAll("\\.$", "") : digits) + unit;
    }
}
