package xiangqi.app;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import xiangqi.*;
import xiangqi.common.ErrorLine;
import xiangqi.picture.SearchTree;
import xiangqi.uci.Uci;
import xiangqi.web.Classroom;
import xiangqi.web.WebBoard;

/**
 * The command line, the same in every chapter:
 * <pre>
 *   demo [--all | --part N] [--lang en|zh]       this chapter's report (the default), in English or Chinese
 *   perft  --fen FEN --depth D [--divide]        leaf count of the legal move tree
 *   search --fen FEN [--moves m1 m2 ...] --depth D
 *   tree   --fen FEN [--moves m1 m2 ...] --depth D --out FILE.svg [--lang en|zh]
 *                                                a picture of the tree searched, its labels in English or Chinese
 *   uci                                          the UCI protocol, for Xiangqi GUIs
 *   bench                                        speed: perft and a search suite
 *   bench  --class [--students N] [--seconds S]  a class on one board: N browsers play it for S seconds
 *   serve  [--port P] [--host H] [--max-depth D] [--max-movetime MS]
 *                                                a board in the browser, played against this search
 * </pre>
 * Bad input gets one line on stderr and exit status 2.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        int status = run(args, System.in, out, err);
        out.flush();
        if (status != 0) {
            System.exit(status); // only on failure: under `mvn exec:java` exit(0) would stop Maven itself
        }
    }

    /** Runs one command; returns the exit status. Separate from main() so tests can call it. */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        try {
            String command = args.length == 0 ? "demo" : args[0];
            if (!List.of("demo", "perft", "search", "tree", "uci", "bench", "serve").contains(command)) {
                throw new IllegalArgumentException(
                        "unknown command '" + command + "': expected demo, perft, search, tree, uci, bench or serve");
            }
            Options options = new Options(args);
            switch (command) {
                case "demo" -> {
                    options.allow("--all", "--part", "--lang");
                    Report.Language language = Report.Language.parse(options.wordOr("--lang", "en"));
                    Report.run(out, language, Demo.INTRODUCTION, Demo.INTRODUCTION_ZH, Demo.PARTS,
                            Report.choose(Demo.PARTS, options.flag("--all"), options.number("--part")));
                }
                case "perft" -> {
                    options.allow("--fen", "--depth", "--divide");
                    perft(options.position(), options.depth(0, 12), options.flag("--divide"), out);
                }
                case "search" -> {
                    options.allow("--fen", "--moves", "--depth");
                    search(options.position(), options.depth(1, Search.MAX_DEPTH), out);
                }
                case "tree" -> {
                    options.allow("--fen", "--moves", "--depth", "--out", "--lang");
                    tree(options.position(), options.depth(1, Search.MAX_DEPTH), options.word("--out", "tree.svg"),
                            language(options.wordOr("--lang", "en")), out);
                }
                case "uci" -> {
                    options.allow();
                    new Uci(out).run(in);
                }
                case "bench" -> {
                    options.allow("--class", "--students", "--seconds");
                    if (options.flag("--class")) {
                        Integer students = options.number("--students");
                        Integer seconds = options.number("--seconds");
                        Classroom.bench(students == null ? Classroom.STUDENTS : students,
                                seconds == null ? Classroom.SECONDS : seconds, out);
                    } else if (options.number("--students") != null || options.number("--seconds") != null) {
                        throw new IllegalArgumentException("--students and --seconds go with bench --class");
                    } else {
                        Bench.run(out);
                    }
                }
                case "serve" -> {
                    options.allow("--port", "--host", "--max-depth", "--max-movetime");
                    Integer port = options.number("--port");
                    WebBoard.Caps caps = WebBoard.Caps.of(options.number("--max-depth"), options.number("--max-movetime"));
                    WebBoard.serve(options.wordOr("--host", "127.0.0.1"), port == null ? WebBoard.DEFAULT_PORT : port, caps, out);
                }
                default -> throw new IllegalStateException("unreachable: " + command);
            }
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("error: " + ErrorLine.clip(e.getMessage()));
            return 2;
        }
    }

    private static void perft(Position position, int depth, boolean divide, PrintStream out) {
        Perft perft = new Perft(depth);
        long total;
        if (divide && depth > 0) {
            total = 0;
            int[] moves = new int[MoveGenerator.MAX_MOVES];
            int count = MoveGenerator.generateLegal(position, moves);
            for (int i = 0; i < count; i++) {
                position.makeMove(moves[i]);
                long leaves = perft.count(position, depth - 1);
                position.unmakeMove(moves[i]);
                out.println(Move.toUci(moves[i]) + ": " + leaves);
                total += leaves;
            }
        } else {
            total = perft.count(position, depth);
        }
        out.println("nodes " + total);
    }

    private static void search(Position position, int depth, PrintStream out) {
        Search.Result result = Search.standard().search(position, depth);
        Uci.printInfo(result, out);
        Uci.printBestMove(position, result, out);
    }

    /**
     * Searches as {@code search} does, recording every node, and writes the picture of the
     * tree to {@code file}, its labels in {@code language}: as many nodes as {@code search}
     * counts for the same input.
     */
    private static void tree(Position position, int depth, String file, Locale language, PrintStream out) {
        SearchTree tree = SearchTree.recorder();
        Search.Result result = Search.standard().reportingTo(tree).search(position, depth);
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of(file), tree.svg(position, language), StandardCharsets.UTF_8);
        } catch (java.io.IOException | java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException("cannot write --out '" + file + "': " + whyNot(e));
        }
        Uci.printInfo(result, out);
        Uci.printBestMove(position, result, out);
        out.println("wrote " + file + ": " + tree.nodes() + " nodes");
    }

    /**
     * The language {@code --lang} names for a command's words: {@code en} or {@code zh}. Its own
     * small parse, apart from the demo's, so that each command's options stay where it runs.
     */
    private static Locale language(String code) {
        return switch (code) {
            case "en" -> Locale.ENGLISH;
            case "zh" -> Locale.SIMPLIFIED_CHINESE;
            default -> throw new IllegalArgumentException("--lang '" + code + "' is not a language here: give en or zh");
        };
    }

    /** Why a file could not be written, in words: the exception's own text often only repeats the path. */
    private static String whyNot(Exception e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "its folder does not exist";
        } else if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        } else if (e instanceof java.nio.file.FileSystemException fileSystem && fileSystem.getReason() != null) {
            return fileSystem.getReason();
        } else if (e instanceof java.nio.file.InvalidPathException invalid) {
            return "not a valid path (" + invalid.getReason() + ")";
        }
        return e.getMessage();
    }

    /**
     * Command-line options: {@code --name value...}. An option takes every word up to the
     * next {@code --option}, so an unquoted FEN or a list of moves both work.
     */
    private static final class Options {
        private final Map<String, List<String>> values = new HashMap<>();

        Options(String[] args) {
            List<String> current = null;
            for (int i = 1; i < args.length; i++) {
                if (args[i].startsWith("--")) {
                    current = new ArrayList<>();
                    if (values.put(args[i], current) != null) {
                        throw new IllegalArgumentException("option '" + args[i] + "' given twice");
                    }
                } else if (current == null) {
                    throw new IllegalArgumentException("unexpected word '" + args[i] + "': options start with --");
                } else {
                    current.add(args[i]);
                }
            }
        }

        void allow(String... names) {
            Set<String> allowed = Set.of(names);
            for (String name : values.keySet()) {
                if (!allowed.contains(name)) {
                    throw new IllegalArgumentException("unknown option '" + name + "'"
                            + (names.length == 0 ? " (this command takes none)" : ", expected one of " + String.join(" ", names)));
                }
            }
        }

        boolean flag(String name) {
            List<String> words = values.get(name);
            if (words != null && !words.isEmpty()) {
                throw new IllegalArgumentException(name + " takes no value, got '" + words.get(0) + "'");
            }
            return words != null;
        }

        int depth(int min, int max) {
            Integer depth = number("--depth");
            if (depth == null) {
                throw new IllegalArgumentException("missing --depth N (a whole number from " + min + " to " + max + ")");
            }
            if (depth < min || depth > max) {
                throw new IllegalArgumentException("--depth " + depth + " is out of range " + min + ".." + max);
            }
            return depth;
        }

        /** The one word after {@code name}, which must be given; {@code example} shows one. */
        String word(String name, String example) {
            List<String> words = values.get(name);
            if (words == null || words.size() != 1 || words.get(0).isBlank()) {
                throw new IllegalArgumentException(name + " takes one word, e.g. " + name + " " + example
                        + (words == null ? ", and it is missing" : ", got '" + String.join(" ", words) + "'"));
            }
            return words.get(0);
        }

        /** The one word after {@code name}, or {@code absent} if the option is not given. */
        String wordOr(String name, String absent) {
            return values.containsKey(name) ? word(name, absent) : absent;
        }

        /** The whole number after {@code name}, or null if the option is absent. */
        Integer number(String name) {
            List<String> words = values.get(name);
            if (words == null) {
                return null;
            }
            if (words.size() != 1) {
                throw new IllegalArgumentException(name + " takes one number, got '" + String.join(" ", words) + "'");
            }
            try {
                if (!words.get(0).matches("-?[0-9]{1,10}")) {
                    throw new NumberFormatException(); // ASCII digits only: Java would also read ٢ or ２
                }
                return Integer.parseInt(words.get(0));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " '" + words.get(0) + "' is not a whole number");
            }
        }

        /** The position from --fen (the start position if absent), with --moves played. */
        Position position() {
            List<String> fen = values.get("--fen");
            if (fen != null && fen.isEmpty()) {
                throw new IllegalArgumentException("--fen needs a position, e.g. --fen \"" + Position.START_FEN + "\"");
            }
            Position position = fen == null || fen.equals(List.of("startpos"))
                    ? Position.startPosition() : Position.fromFen(String.join(" ", fen));
            List<String> moves = values.get("--moves");
            if (moves != null) {
                for (String text : moves) {
                    position.makeMove(MoveGenerator.parseLegal(position, text));
                }
            }
            return position;
        }
    }
}
