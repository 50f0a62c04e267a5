package xiangqi;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The demos' tables: a header row, then one row per line, columns separated by {@code |}.
 * Columns are as wide as their widest cell measured in display columns, where a Chinese
 * character takes two (the way a terminal draws it), so rows holding 炮二平五 line up.
 * A column whose cells are all numbers (or "-") is right-aligned, any other left-aligned.
 */
final class TextTable {
    private final String[] header;
    private final List<String[]> rows = new ArrayList<>();

    TextTable(String... header) {
        this.header = header;
    }

    /** Adds a row; each cell is printed with {@code String.valueOf}. */
    TextTable row(Object... cells) {
        if (cells.length != header.length) {
            throw new IllegalArgumentException(cells.length + " cells for " + header.length + " columns");
        }
        String[] texts = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            texts[i] = String.valueOf(cells[i]);
        }
        rows.add(texts);
        return this;
    }

    void print(PrintStream out) {
        int[] widths = new int[header.length];
        boolean[] numeric = new boolean[header.length];
        for (int column = 0; column < header.length; column++) {
            widths[column] = displayWidth(header[column]);
            numeric[column] = true;
            for (String[] row : rows) {
                widths[column] = Math.max(widths[column], displayWidth(row[column]));
                numeric[column] &= row[column].matches("[-+]?M?[0-9][0-9.,]*[x%]?|-");
            }
        }
        out.println(line(header, widths, numeric));
        for (String[] row : rows) {
            out.println(line(row, widths, numeric));
        }
    }

    private static String line(String[] cells, int[] widths, boolean[] numeric) {
        StringBuilder line = new StringBuilder();
        for (int column = 0; column < cells.length; column++) {
            String padding = " ".repeat(widths[column] - displayWidth(cells[column]));
            line.append(column == 0 ? "" : " | ");
            line.append(numeric[column] ? padding + cells[column] : cells[column] + padding);
        }
        return line.toString().stripTrailing();
    }

    /** Columns a terminal uses for the text: two for each wide (CJK) character, one for others. */
    static int displayWidth(String text) {
        return text.codePoints().map(c -> isWide(c) ? 2 : 1).sum();
    }

    private static boolean isWide(int codePoint) {
        return codePoint >= 0x1100 && (codePoint <= 0x115F            // Hangul Jamo
                || codePoint >= 0x2E80 && codePoint <= 0xA4CF         // CJK radicals .. Yi
                || codePoint >= 0xAC00 && codePoint <= 0xD7A3         // Hangul syllables
                || codePoint >= 0xF900 && codePoint <= 0xFAFF         // CJK compatibility ideographs
                || codePoint >= 0xFE30 && codePoint <= 0xFE4F         // CJK compatibility forms
                || codePoint >= 0xFF00 && codePoint <= 0xFF60         // full-width forms (ａ, ～)
                || codePoint >= 0xFFE0 && codePoint <= 0xFFE6
                || codePoint >= 0x20000 && codePoint <= 0x3FFFD);     // CJK extensions
    }
}
