package xiangqi.common;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one line that bad input gets, wherever it comes from: the command line's stderr,
 * UCI's {@code info string error:}, the web board's 4xx. The lesson's parsers say what is
 * wrong and quote the input; each front end fits the message on one line with
 * {@link #clip} before it prints it. The rule lives here, in the one package that the
 * command line, UCI and the web board all import and that imports nothing of theirs, so
 * the three cut a 100 KB FEN the same way. The same file in every chapter.
 */
public final class ErrorLine {
    /** The most of one quoted piece of bad input that a message repeats. */
    public static final int QUOTED_CHARS = 32;
    /**
     * The longest message, "..." included: with its prefix ({@code error: }, or UCI's
     * {@code info string error: }) no error line passes 200 characters, whatever the input.
     */
    public static final int MAX_CHARS = 180;

    private static final Pattern QUOTED = Pattern.compile("'([^']*)'");

    private ErrorLine() {
    }

    /**
     * {@code message} fit for one line: each quoted piece of the bad input is cut to its first
     * {@value #QUOTED_CHARS} characters and the whole to {@value #MAX_CHARS}, so that a 100 KB
     * FEN or a 10 MB line is not echoed back; a control character (a newline, a NUL, an
     * escape) shows as {@code ?}, so the line stays one line and prints as it reads.
     */
    public static String clip(String message) {
        StringBuilder line = new StringBuilder(message.length());
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            line.append(Character.isISOControl(c) ? '?' : c);
        }
        String cut = QUOTED.matcher(line).replaceAll(quote -> Matcher.quoteReplacement(
                quote.group(1).length() <= QUOTED_CHARS ? quote.group()
                        : "'" + quote.group(1).substring(0, QUOTED_CHARS) + "...'"));
        return cut.length() <= MAX_CHARS ? cut : cut.substring(0, MAX_CHARS - 3) + "...";
    }
}
