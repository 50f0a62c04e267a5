package xiangqi.app;

import java.io.PrintStream;
import xiangqi.*;

/**
 * The demos' tables: a header row, then one row per line, columns separated by {@code |}.
 * Each row is printed as soon as it is added, so a slow table shows its rows as they are
 * measured; for that the widths are declared where the table is made, as printf's: 9 is a
 * right-aligned column (numbers) and -9 a left-aligned one (text), at least as wide as its
 * header (without declared widths, each column is as wide as its header, right-aligned).
 * Widths count display columns, where a Chinese character takes two (the way a
 * terminal draws it), so rows holding 炮二平五 line up.
 */
final class TextTable {
    private final PrintStream out;
    private final String[] header;
    private int[] declared;
    /** Per column, the widest cell it will hold, in both languages (see {@link #fits}); null when none. */
    private final String[] widest;
    private boolean started;

    TextTable(PrintStream out, String... header) {
        this.out = out;
        this.header = header;
        this.declared = new int[header.length]; // 0: as wide as the header, right-aligned
        this.widest = new String[header.length];
    }

    /** Declares the columns' widths: positive right-aligns, negative left-aligns. */
    TextTable widths(int... declared) {
        if (declared.length != header.length) {
            throw new IllegalArgumentException(declared.length + " widths for " + header.length + " columns");
        }
        this.declared = declared.clone();
        return this;
    }

    /**
     * Widens a column, in the language that needs it, to hold {@code cell} (said in both
     * languages): a declared width is the English layout's, and a Chinese cell may be wider
     * (两步杀 beside M2), so the Chinese table makes room without changing the English one.
     */
    TextTable fits(int column, String cell) {
        widest[column] = cell;
        return this;
    }

    /** Prints a row, after the header if it is the first; each cell is printed with {@code String.valueOf}. */
    TextTable row(Object... cells) {
        if (cells.length != header.length) {
            throw new IllegalArgumentException(cells.length + " cells for " + header.length + " columns");
        }
        if (!started) {
            out.println(line(header));
            started = true;
        }
        String[] texts = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            texts[i] = String.valueOf(cells[i]);
        }
        out.println(line(texts));
        return this;
    }

    /**
     * The cells padded to their columns. A column is at least as wide as its header, and the
     * header's width depends on the language, so the line is laid out per language.
     */
    private String line(String[] cells) {
        return Report.perLanguage(read -> {
            StringBuilder line = new StringBuilder();
            for (int column = 0; column < cells.length; column++) {
                String cell = read.apply(cells[column]);
                int width = Math.max(displayWidth(read.apply(header[column])), Math.abs(declared[column]));
                width = widest[column] == null ? width : Math.max(width, displayWidth(read.apply(widest[column])));
                String padding = " ".repeat(Math.max(0, width - displayWidth(cell)));
                line.append(column == 0 ? "" : " | ");
                line.append(declared[column] < 0 ? cell + padding : padding + cell);
            }
            return line.toString().stripTrailing();
        });
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
