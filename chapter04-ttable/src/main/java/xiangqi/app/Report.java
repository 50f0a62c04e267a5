package xiangqi.app;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import xiangqi.*;
import xiangqi.common.Chapter;
import xiangqi.common.MateText;

/**
 * How every chapter's demo is laid out: an introduction, then numbered parts, one idea and
 * one table each. The default demo runs the parts marked {@code byDefault}, quick enough to
 * watch; {@code demo --all} runs every part and {@code demo --part N} one of them. Last come
 * the time it all took and the headline: the one number the chapter is about.
 *
 * <p>On a terminal, a slow measurement shows its progress while it runs (see {@link Ticker}),
 * on stderr, so the report itself stays the same to the byte.
 *
 * <p>The report speaks English or Chinese ({@code demo --lang zh}): every prose line is
 * written in both, {@link #say} picks one. Numbers, moves and the layout are the same in
 * both. The language belongs to the thread printing the report, so two reports in two
 * languages can run side by side. The tests print each part once in both at once
 * ({@link Language#BOTH}); so a part pads or measures a phrase only through
 * {@link TextTable} or {@link #perLanguage}, which lay out each language on its own.
 */
final class Report {
    /** The languages the report speaks; the name is what {@code --lang} takes (en or zh). */
    enum Language {
        EN, ZH,
        /**
         * Both at once, which no command line asks for: each phrase {@link #say} gives holds
         * its two texts, marked, and {@link #in} reads the printout in one language. The tests
         * print a demo part this way once for both READMEs, since its searches are the same
         * in every language.
         */
        BOTH;

        /** The language {@code --lang} names: en or zh, anything else is bad input. */
        static Language parse(String name) {
            return switch (name) {
                case "en" -> EN;
                case "zh" -> ZH;
                default -> throw new IllegalArgumentException("--lang '" + name + "' is not a language here: give en or zh");
            };
        }
    }

    /**
     * One part of a demo, its title in English and in Chinese. Its body prints the part and
     * returns its headline, a sentence with the number that matters.
     */
    record Part(String title, String titleZh, boolean byDefault, Function<PrintStream, String> body) {
    }

    /** The language of the report this thread prints. */
    private static final ThreadLocal<Language> LANGUAGE = ThreadLocal.withInitial(() -> Language.EN);

    /** The progress line of the report running on a terminal; null when there is none. */
    private static volatile Ticker ticker;

    private Report() {
    }

    /**
     * Where a phrase in both languages begins, where its Chinese half begins, and where it
     * ends: control characters, which no report prints otherwise.
     */
    private static final char BOTH_OPEN = '\u0002', BOTH_SPLIT = '\u001f', BOTH_CLOSE = '\u0003';

    /** The text in the language of the report being printed: {@code en} or its translation {@code zh}. */
    static String say(String en, String zh) {
        return switch (LANGUAGE.get()) {
            case EN -> en;
            case ZH -> zh;
            case BOTH -> BOTH_OPEN + en + BOTH_SPLIT + zh + BOTH_CLOSE;
        };
    }

    /**
     * Text printed speaking {@link Language#BOTH}, read in {@code language}: each marked
     * phrase becomes its half in that language, the innermost first, since a phrase may
     * hold another ("Headline: " and a scheme's name, say).
     */
    static String in(Language language, String printed) {
        StringBuilder text = new StringBuilder(printed);
        for (int close = text.indexOf(String.valueOf(BOTH_CLOSE)); close >= 0;
                close = text.indexOf(String.valueOf(BOTH_CLOSE))) {
            int open = text.lastIndexOf(String.valueOf(BOTH_OPEN), close);
            int split = text.indexOf(String.valueOf(BOTH_SPLIT), open);
            String half = language == Language.ZH ? text.substring(split + 1, close) : text.substring(open + 1, split);
            text.replace(open, close + 1, half);
        }
        return text.toString();
    }

    /**
     * A line made once for each language the report speaks: {@code make} is given the way to
     * read any phrase in the language it makes. Speaking both, it makes the line twice and
     * marks the two as one phrase. A table needs this: a column is as wide as its header in
     * the language printed, and a cell's padding depends on the language too.
     */
    static String perLanguage(Function<UnaryOperator<String>, String> make) {
        if (LANGUAGE.get() != Language.BOTH) {
            return make.apply(UnaryOperator.identity());
        }
        return BOTH_OPEN + make.apply(text -> in(Language.EN, text)) + BOTH_SPLIT
                + make.apply(text -> in(Language.ZH, text)) + BOTH_CLOSE;
    }

    /** Runs {@code work} speaking {@code language}, then speaks the language it spoke before. */
    static <T> T speaking(Language language, java.util.function.Supplier<T> work) {
        Language before = LANGUAGE.get();
        LANGUAGE.set(language);
        try {
            return work.get();
        } finally {
            LANGUAGE.set(before);
        }
    }

    /**
     * The position's diagram, its last line (who is to move) in the report's language. The
     * lesson's diagram speaks English; the board itself is drawn in Chinese already. In
     * Chinese the files carry the numbers a Xiangqi board prints, as the web board does:
     * black's １…９ above (black counts from its right, the reader's left), red's 九…一 below
     * (red counts from its right), so that 车八进九 can be read off the diagram; the letters
     * and rank digits of the coordinates stay, for the moves a command types ({@code h2e2}).
     */
    static String diagram(Position position) {
        String drawn = position.diagram();
        String board = drawn.substring(0, drawn.lastIndexOf('\n') + 1);
        int letters = board.lastIndexOf(FILE_LETTERS);
        return say(board, BLACK_FILES + "\n" + board.substring(0, letters) + RED_FILES + "\n" + board.substring(letters))
                + say(drawn.substring(board.length()),
                        position.sideToMove() == Piece.RED ? "  红方（FEN 大写，帅）走棋" : "  黑方（FEN 小写，将）走棋");
    }

    /** The line of file letters under the lesson's diagram. */
    private static final String FILE_LETTERS = "  ａｂｃｄｅｆｇｈｉ";
    /** Black's file numbers, above the board: black counts from its right, the reader's left. */
    static final String BLACK_FILES = "  １２３４５６７８９";
    /** Red's file numbers, below the board: red counts from its right, in Chinese numerals. */
    static final String RED_FILES = "  九八七六五四三二一";

    /**
     * A position's FEN on a line of its own, which a reader may copy into {@code --fen}: the
     * format keeps its name in both languages.
     */
    static String fen(String fen) {
        return say("fen ", "FEN ") + fen;
    }

    /**
     * A move a person reads, played in {@code position}: its ICCS coordinates and Chinese
     * notation in English ({@code b2e2 炮八平五}); the Chinese report gives the notation alone,
     * as a Chinese book does ({@code 炮八平五}), since no one types a table's move.
     */
    static String move(Position position, int move) {
        String notation = Notation.chinese(position, move);
        return say(Move.toUci(move) + " " + notation, notation);
    }

    /**
     * A score as a table prints it: centipawns ({@code -50}), or a mate by its moves, {@code M2}
     * in English and {@code 两步杀} in Chinese, the count in Chinese numerals as a Xiangqi book
     * writes it. A side being mated is {@code M-1}, {@code 被一步杀}.
     */
    static String score(int score) {
        String text = Score.toShortText(score);
        if (!text.startsWith("M")) {
            return text;
        }
        return say(text, mateInChinese(Integer.parseInt(text.substring(1))));
    }

    /**
     * The widest score a table's score column is laid out for: a mate in nine, {@code M9} in
     * English (no wider than a centipawn score) and {@code 九步杀} in Chinese.
     */
    static String widestScore() {
        return score(-Score.matedIn(17));
    }

    /**
     * A score in words: UCI's {@code cp 35} or {@code mate 2} in English, {@code 35 分} or
     * {@code 两步杀} in Chinese ({@code 被一步杀} for the side being mated).
     */
    static String scoreInWords(int score) {
        String uci = Score.toUci(score);
        String number = uci.substring(uci.indexOf(' ') + 1);
        return say(uci, uci.startsWith("cp ") ? number + " 分" : mateInChinese(Integer.parseInt(number)));
    }

    /**
     * A mate in {@code moves} of the mating side's moves, the one way the Chinese report writes
     * it ({@link MateText}): 一步杀, 两步杀, 十二步杀; negative for the side being mated, 被一步杀.
     */
    static String mateInChinese(int moves) {
        return MateText.chinese(moves);
    }

    /**
     * This chapter as a reader calls it: its name ({@code chapter04-ttable}) in English, 第 4 章
     * in Chinese, the number read from the name.
     */
    static String chapter() {
        return say(Chapter.NAME, "第 " + Integer.parseInt(Chapter.NAME.replaceAll("\\D*(\\d+).*", "$1")) + " 章");
    }

    /**
     * Names the measurement about to run, and the counter of its nodes (or null), for the
     * progress line; the name holds until the report prints its next line. Nothing happens
     * when the report is not on a terminal. The counter is read from another thread while
     * the search runs: it only displays, it never changes what the search counts.
     */
    static void progress(String what, LongSupplier nodes) {
        Ticker shown = ticker;
        if (shown != null) {
            shown.measuring(what, nodes);
        }
    }

    /**
     * The progress line's name for a measurement at a depth: "depth 4, alpha-beta" or
     * "深度 4，Alpha-Beta" ({@code what} and its translation {@code whatZh} may be empty).
     */
    static String atDepth(int depth, String what, String whatZh) {
        return say("depth " + depth + (what.isEmpty() ? "" : ", " + what), "深度 " + depth + (whatZh.isEmpty() ? "" : "，" + whatZh));
    }

    /**
     * One search of a demo. On a terminal, the progress line names it and counts its nodes
     * while it runs; the result is the search's own, whatever the line shows.
     */
    static Search.Result searching(String what, Search search, Position position, int depth) {
        progress(what, search::nodes);
        return search.search(position, depth);
    }

    /** The parts a command line asks for: every part, one part (1-based), or the default ones. */
    static List<Integer> choose(List<Part> parts, boolean all, Integer only) {
        if (all && only != null) {
            throw new IllegalArgumentException("give --all or --part N, not both");
        }
        if (only != null && (only < 1 || only > parts.size())) {
            throw new IllegalArgumentException("--part " + only + " is out of range 1.." + parts.size());
        }
        return java.util.stream.IntStream.rangeClosed(1, parts.size())
                .filter(number -> all || (only == null ? parts.get(number - 1).byDefault() : number == only))
                .boxed().toList();
    }

    /**
     * Prints the report in {@code language}: the introduction ({@code introduction} or its
     * translation {@code introductionZh}), the chosen parts, the time and the headline.
     */
    static void run(PrintStream report, Language language, String introduction, String introductionZh,
            List<Part> parts, List<Integer> chosen) {
        ticker = System.console() == null ? null : new Ticker(report, language); // null in tests and pipes
        PrintStream out = ticker == null ? report : new PrintStream(ticker, true, StandardCharsets.UTF_8);
        try {
            speaking(language, () -> {
                print(out, say(introduction, introductionZh), parts, chosen);
                return null;
            });
        } finally {
            if (ticker != null) {
                ticker.stop();
                ticker = null;
            }
        }
    }

    private static void print(PrintStream out, String introduction, List<Part> parts, List<Integer> chosen) {
        long start = System.nanoTime();
        out.println(introduction);
        String headline = null;
        for (int number : chosen) {
            Part part = parts.get(number - 1);
            out.println();
            out.println(say("Part " + number + ". ", "第 " + number + " 部分：") + say(part.title(), part.titleZh()));
            String result = part.body().apply(out);
            headline = headline == null ? result : headline;
        }
        out.println();
        String numbers = chosen.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(say(", ", "、")));
        String which = chosen.size() == parts.size() ? say("all " + parts.size() + " parts", "全部 " + parts.size() + " 个部分")
                : say("part " + numbers + " of " + parts.size() + " (demo --all shows every part)",
                        "共 " + parts.size() + " 个部分中的第 " + numbers + " 部分（demo --all 显示全部）");
        double seconds = (System.nanoTime() - start) / 1e9;
        out.println(String.format(java.util.Locale.ROOT, say("%s demo, %s: %.1f s", "%s演示，%s：%.1f 秒"),
                chapter(), which, seconds));
        out.println(headline);
    }

    /**
     * The progress line, as build tools draw it: while the report has printed nothing new
     * for half a second, one line on stderr, rewritten in place four times a second, says
     * what is being measured, its nodes so far and its seconds. It is wiped before the
     * report prints its next line, which passes through here.
     */
    private static final class Ticker extends FilterOutputStream {
        private static final long QUIET_NANOS = 500_000_000L;
        private static final int MAX_COLUMNS = 79;
        private final PrintStream err =
                new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        private final Thread thread;
        private String what;
        private LongSupplier nodes;
        private long since = System.nanoTime();
        private boolean atLineStart = true;
        private int shown;
        private boolean stopped;

        /** The progress line for a report in {@code language}, which its own thread speaks too. */
        Ticker(OutputStream report, Language language) {
            super(report);
            thread = new Thread(() -> speaking(language, () -> {
                tick();
                return null;
            }), "progress");
            thread.setDaemon(true);
            thread.start();
        }

        synchronized void measuring(String what, LongSupplier nodes) {
            this.what = what;
            this.nodes = nodes;
            since = System.nanoTime();
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        /** A line of the report: wipe the progress line, print, and forget the measurement named. */
        @Override
        public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
            wipe();
            out.write(bytes, offset, length);
            out.flush();
            atLineStart = length == 0 ? atLineStart : bytes[offset + length - 1] == '\n';
            what = null;
            nodes = null;
            since = System.nanoTime();
        }

        private void tick() {
            while (true) {
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    return;
                }
                synchronized (this) {
                    if (stopped) {
                        return;
                    }
                    if (atLineStart && System.nanoTime() - since >= QUIET_NANOS) {
                        draw();
                    }
                }
            }
        }

        /**
         * "  depth 6, alpha-beta: 1,234,567 nodes, 3.2 s"; "  working: 3.2 s" if nothing is named;
         * in Chinese "  深度 6，Alpha-Beta：1,234,567 个节点，3.2 秒".
         */
        private void draw() {
            double seconds = (System.nanoTime() - since) / 1e9;
            String counted = nodes == null ? "" : String.format(say("%,d nodes, ", "%,d 个节点，"), nodes.getAsLong());
            String text = "  " + (what == null ? say("working", "计算中") : what) + say(": ", "：") + counted
                    + String.format(say("%.1f s", "%.1f 秒"), seconds);
            while (TextTable.displayWidth(text) > MAX_COLUMNS) { // one line: a wrapped one could not be wiped
                text = text.substring(0, text.length() - 1);
            }
            int width = TextTable.displayWidth(text);
            err.print("\r" + text + " ".repeat(Math.max(0, shown - width)));
            err.flush();
            shown = width;
        }

        private void wipe() {
            if (shown > 0) {
                err.print("\r" + " ".repeat(shown) + "\r");
                err.flush();
                shown = 0;
            }
        }

        synchronized void stop() {
            stopped = true;
            thread.interrupt();
            wipe();
        }
    }
}
