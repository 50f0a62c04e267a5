package xiangqi;

import java.io.PrintStream;
import java.util.List;
import java.util.function.Function;

/**
 * How every chapter's demo is laid out: an introduction, then numbered parts, one idea and
 * one table each. The default demo runs the parts marked {@code byDefault}, quick enough to
 * watch; {@code demo --all} runs every part and {@code demo --part N} one of them. Last come
 * the time it all took and the headline: the one number the chapter is about.
 */
final class Report {
    /**
     * One part of a demo. Its body prints the part and returns its headline, a sentence
     * with the number that matters.
     */
    record Part(String title, boolean byDefault, Function<PrintStream, String> body) {
    }

    private Report() {
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

    static void run(PrintStream out, String introduction, List<Part> parts, List<Integer> chosen) {
        long start = System.nanoTime();
        out.println(introduction);
        String headline = null;
        for (int number : chosen) {
            Part part = parts.get(number - 1);
            out.println();
            out.println("Part " + number + ". " + part.title());
            String result = part.body().apply(out);
            headline = headline == null ? result : headline;
        }
        out.println();
        String which = chosen.size() == parts.size() ? "all " + parts.size() + " parts"
                : "part " + chosen.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "))
                + " of " + parts.size() + " (demo --all shows every part)";
        out.printf("%s demo, %s: %.1f s%n", Examples.CHAPTER, which, (System.nanoTime() - start) / 1e9);
        out.println(headline);
    }
}
