package xiangqi.common;

/**
 * Bad input is answered with one line that names what is wrong: on stderr, in UCI's
 * {@code info string error:}, in the web board's 4xx. The lesson's parsers say what is
 * wrong and quote the input; each front end fits the message on one line with
 * {@link #clip} before it prints it. The rule lives here, in the one package that the
 * command line, UCI and the web board all import and that imports nothing of theirs, so
 * the three cut a 100 KB FEN the same way.
 */
public final class ErrorLine {
    private ErrorLine() {
    }

    /**
     * An error message fit for one line: each quoted piece of the bad input is cut to its
     * first 32 characters, and the whole to 300, so that a 100 KB FEN or a 10 MB line is
     * not echoed back.
     */
    public static String clip(String message) {
        String cut = java.util.regex.Pattern.compile("'([^'\\n]*)'").matcher(message).replaceAll(quote -> java.util.regex.Matcher.quoteReplacement(
                quote.group(1).length() <= 32 ? quote.group() : "'" + quote.group(1).substring(0, 32) + "...'"));
        return cut.length() <= 300 ? cut : cut.substring(0, 300) + "...";
    }
}
