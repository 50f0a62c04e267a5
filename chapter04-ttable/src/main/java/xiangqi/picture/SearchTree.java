package xiangqi.picture;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import xiangqi.*;
import xiangqi.common.Chapter;
import xiangqi.common.MateText;

/**
 * The tree a search really visited, recorded one node per call and drawn as an SVG picture
 * (the {@code tree} command). Textbooks draw the tree by hand; this one is the search's own.
 *
 * <p><b>Recording.</b> The search reports each child after it returns, with the move that
 * led there, the window it was searched with and the score it came back with: one line in
 * the move loop, and one for the root. A node reports after its children, so when a node at ply p arrives, the nodes
 * waiting at ply p + 1 are its children. The search knows it only as a {@link SearchListener};
 * every search but the {@code tree} command's holds {@link SearchListener#NONE}, which records nothing.
 *
 * <p><b>Layout.</b> A sideways outline, one row per node, each child indented under its
 * parent, the way a file browser shows folders. A tidy top-down tree would need a column
 * per leaf: a few hundred leaves make it metres wide, while the outline grows only
 * downwards and every label stays readable without zooming.
 *
 * <p><b>Language.</b> English, or Chinese ({@code --lang zh}): the same tree, every word in
 * the book's Chinese terms and every move in Chinese notation alone, with a CJK font named
 * first. The ICCS coordinates stay in {@code data-line}, where the tests read them.
 *
 * <p><b>Alpha-beta</b> adds to the picture what it adds to the search: each node's window
 * (α, β) as it was entered, and, under a node that was cut off, one faded row with the
 * moves it never tried.
 *
 * <p><b>The transposition table</b> adds one mark: a node that had legal moves but searched
 * none was answered by the table (置换表), from a position met before.
 */
public final class SearchTree implements SearchListener {
    /** The largest tree the command draws; a larger picture is too large to read. */
    public static final int MAX_NODES = 2000;

    private static final int ROW = 20;
    private static final int INDENT = 26;
    private static final int MARGIN = 12;

    /**
     * One node: the move that led to it, the window it was searched with, the value it
     * returned, and its children in the order searched.
     */
    record Node(int move, int alpha, int beta, int value, Visit.Bound tableBound,
            List<Node> children) {
    }

    /** One search from the root: its depth and its root node. */
    record Root(int depth, Node node) {
    }

    /** Per ply, the nodes that have returned while their parent is still being searched. */
    private final List<List<Node>> waiting = new ArrayList<>();
    private final List<Root> roots = new ArrayList<>();
    private long nodes;
    /** The bound of the table's answer to the node about to be reported; null if the table did not answer it. */
    private Visit.Bound tableBound;

    private SearchTree() {
    }

    /** A recorder for one search. */
    public static SearchTree recorder() {
        return new SearchTree();
    }

    /**
     * The search's report of a child at {@code ply}: reached by {@code move} and searched
     * with the window ({@code alpha}, {@code beta}), it returned a value that its parent
     * sees as {@code score} (negamax: the child's value negated).
     */
    @Override
    public void searched(int ply, int move, int alpha, int beta, int score) {
        count();
        waitingAt(ply - 1).add(new Node(move, alpha, beta, -score, takeTableBound(), takeWaiting(ply)));
    }

    /** The search's report of the root: searched to {@code depth} with ({@code alpha}, {@code beta}), it returned {@code score}. */
    @Override
    public void root(int depth, int alpha, int beta, int score) {
        count();
        roots.add(new Root(depth, new Node(Move.NONE, alpha, beta, score, null, takeWaiting(0))));
    }

    /**
     * The search's report that the table answered the child at {@code ply} with an entry of
     * {@code bound}: the child's {@link #searched} report comes next, and takes it.
     */
    @Override
    public void answeredByTable(int ply, int bound) {
        tableBound = bound == TranspositionTable.EXACT ? Visit.Bound.EXACT
                : bound == TranspositionTable.LOWER ? Visit.Bound.LOWER : Visit.Bound.UPPER;
    }

    /** The bound the table just gave, or null if the table answered nothing since the last report. */
    private Visit.Bound takeTableBound() {
        Visit.Bound bound = tableBound;
        tableBound = null;
        return bound;
    }

    /** Counts a node; past {@link #MAX_NODES} the search is abandoned, since no picture would come of it. */
    private void count() {
        if (++nodes > MAX_NODES) {
            throw new IllegalArgumentException("the tree has more than " + MAX_NODES + " nodes, too many for a"
                    + " picture to show: try a smaller --depth or a position with fewer pieces");
        }
    }

    private List<Node> waitingAt(int ply) {
        while (waiting.size() <= ply) {
            waiting.add(new ArrayList<>());
        }
        return waiting.get(ply);
    }

    private List<Node> takeWaiting(int parentPly) {
        List<Node> children = List.copyOf(waitingAt(parentPly));
        waitingAt(parentPly).clear();
        return children;
    }

    /** How many nodes the search visited: one per call. */
    public long nodes() {
        return nodes;
    }

    /** The key to the picture, drawn under its title: what each colour and mark means. */
    private static final String[] LEGEND = {
        "each row: the move (ICCS, Chinese)  → its value, for the side to move after it (negamax)",
        "<tspan fill=\"#369\">(α, β)</tspan> the window it was searched with · "
                + "<tspan fill=\"#b60\">≥ β: cut-off</tspan>, and <tspan fill=\"#aaa\">✂ the moves never tried</tspan>",
        "<tspan fill=\"#070\">answered by the table</tspan> · "
                + "<tspan fill=\"#666\">leaf: evaluation</tspan> · "
                + "<tspan fill=\"#b00\">no legal move: lost</tspan>"};

    /** The same key in Chinese, line for line, in the words the web board's watch mode uses. */
    private static final String[] LEGEND_ZH = {
        "每一行：着法（中文记谱）  → 它的值，按走这步之后的走子方计（负极大值）",
        "<tspan fill=\"#369\">(α, β)</tspan> 搜索它时的窗口 · "
                + "<tspan fill=\"#b60\">≥ β：截断</tspan>，以及 <tspan fill=\"#aaa\">✂ 不再尝试的着法</tspan>",
        "<tspan fill=\"#070\">置换表命中</tspan> · "
                + "<tspan fill=\"#666\">叶子节点：局面评价</tspan> · "
                + "<tspan fill=\"#b00\">无合法着法：判负</tspan>"};

    /** The picture of the recorded tree, searched from {@code position}, its words in {@code language}. */
    public String svg(Position position, Locale language) {
        boolean zh = language.getLanguage().equals("zh");
        List<String> rows = new ArrayList<>(); // one per row, top to bottom
        for (Root root : roots) {
            drawNode(position, root.node(), root.depth(), 0, "", -1, zh, rows);
        }
        int width = 900;
        int height = MARGIN * 2 + rows.size() * ROW + 24 + LEGEND.length * ROW;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"%s\" font-size=\"13\">%n", width, height, width, height,
                zh ? FONTS_ZH : "sans-serif"));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
        String title = zh ? String.format(Locale.ROOT, "第 %d 章：从 %s 出发，共 %d 个节点", chapterNumber(), position.toFen(), nodes)
                : String.format(Locale.ROOT, "%s: %d nodes from %s", Chapter.NAME, nodes, position.toFen());
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"14\">%s</text>%n", MARGIN, MARGIN + 12, title));
        for (int i = 0; i < LEGEND.length; i++) { // so that the picture explains itself when opened alone
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"#333\">%s</text>%n",
                    MARGIN, MARGIN + 12 + (i + 1) * ROW, (zh ? LEGEND_ZH : LEGEND)[i]));
        }
        rows.forEach(svg::append);
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** Fonts for the Chinese picture: a CJK font first, so that no label falls back to boxes. */
    private static final String FONTS_ZH = "'Noto Sans CJK SC', 'Source Han Sans SC', 'Microsoft YaHei', 'PingFang SC', sans-serif";

    /** This chapter's number, from its folder's name ({@code chapter06-repetition}): 第 6 章. */
    private static int chapterNumber() {
        return Integer.parseInt(Chapter.NAME.substring("chapter".length(), "chapter".length() + 2));
    }

    /** Where the text of row {@code row} stands. */
    private static int baseline(int row) {
        return MARGIN + 24 + (LEGEND.length + row) * ROW + 14;
    }

    /**
     * One node's row, then its children's, in the order searched. The connector from the
     * parent, down its column and across, is drawn with the child; {@code data-line} (the
     * moves from the root), {@code data-depth} and {@code data-value} let a test check
     * the picture against the search.
     */
    private void drawNode(Position position, Node node, int depth, int ply, String line, int parentY, boolean zh,
            List<String> rows) {
        int x = MARGIN + ply * INDENT;
        int y = baseline(rows.size()); // rows are added top to bottom: this one is next
        StringBuilder row = new StringBuilder();
        row.append(String.format(Locale.ROOT, "<g class=\"node\" data-line=\"%s\" data-depth=\"%d\" data-alpha=\"%d\""
                + " data-beta=\"%d\" data-value=\"%d\">", line.strip(), depth, node.alpha(), node.beta(), node.value()));
        if (ply > 0) {
            row.append(String.format(Locale.ROOT, "<path d=\"M%d %d V%d H%d\" stroke=\"#999\" fill=\"none\"/>",
                    x - INDENT + 6, parentY + 5, y - 4, x - 3));
        }
        List<Integer> untried = untried(position, node, depth);
        boolean answered = node.children().isEmpty() && !untried.isEmpty(); // moves to search, and none searched
        if (answered) {
            untried = List.of(); // not cut off: the table knew the value
        }
        row.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>", x, y,
                label(position, node, depth, ply, !untried.isEmpty(), answered, zh)));
        row.append("</g>\n");
        rows.add(row.toString());
        for (Node child : node.children()) {
            position.makeMove(child.move());
            drawNode(position, child, depth - 1, ply + 1, line + " " + Move.toUci(child.move()), y, zh, rows);
            position.unmakeMove(child.move());
        }
        if (!untried.isEmpty()) { // the cut-off: the moves alpha-beta never tried, faded
            int shown = Math.min(untried.size(), 8);
            int cutY = baseline(rows.size());
            List<String> names = zh ? Visit.chinese(position, untried.subList(0, shown)) : Visit.iccs(untried.subList(0, shown));
            rows.add(String.format(Locale.ROOT, "<g class=\"cut\"><path d=\"M%d %d V%d H%d\" stroke=\"#ccc\""
                    + " stroke-dasharray=\"3 3\" fill=\"none\"/><text x=\"%d\" y=\"%d\" fill=\"#aaa\">"
                    + (zh ? "✂ 其余 %d 步着法不再尝试：%s%s" : "✂ %d never tried: %s%s")
                    + "</text></g>%n", x + 6, y + 5, cutY - 4, x + INDENT - 3, x + INDENT, cutY, untried.size(),
                    String.join(" ", names), shown < untried.size() ? " …" : ""));
        }
    }

    /**
     * The recorded tree as the web board's watch mode replays it: every node in the order the
     * search entered it (a parent before its children), each with what the picture shows for
     * it, so that the page and the picture tell the same search.
     */
    public List<Visit> visits(Position position) {
        List<Visit> visits = new ArrayList<>();
        for (Root root : roots) {
            visit(position, root.node(), root.depth(), 0, -1, null, visits);
        }
        return visits;
    }

    /** One node's visit, then its children's, marked as {@link #drawNode} marks them. */
    private void visit(Position position, Node node, int depth, int ply, int parent, Integer iteration,
            List<Visit> visits) {
        List<Integer> untried = untried(position, node, depth);
        boolean answered = node.children().isEmpty() && !untried.isEmpty();
        if (answered) {
            untried = List.of();
        }
        Visit.End end = answered ? Visit.End.TABLE
                : !untried.isEmpty() ? Visit.End.CUT
                : depth == 0 ? Visit.End.LEAF
                : !node.children().isEmpty() ? Visit.End.SEARCHED
                : position.inCheck() ? Visit.End.MATE : Visit.End.STALEMATE;
        String move = null;
        String chinese = null;
        if (ply > 0) {
            position.unmakeMove(node.move());
            move = Move.toUci(node.move());
            chinese = Notation.chinese(position, node.move());
            position.makeMove(node.move());
        }
        int index = visits.size();
        String key = String.format(Locale.ROOT, "%016x", position.key());
        visits.add(new Visit(parent, ply, depth, iteration, move, chinese,
                null, node.alpha(), node.beta(), node.value(), end, Visit.iccs(untried),
                Visit.chinese(position, untried), key, null, node.tableBound(),
                position.sideToMove() == Piece.RED, Visit.board(position), null));
        for (Node child : node.children()) {
            position.makeMove(child.move());
            visit(position, child, depth - 1, ply + 1, index, iteration, visits);
            position.unmakeMove(child.move());
        }
    }

    /** The legal moves of a node that the search did not try: a cut-off left them. */
    private static List<Integer> untried(Position position, Node node, int depth) {
        List<Integer> untried = new ArrayList<>();
        if (depth > 0) {
            int[] moves = new int[MoveGenerator.MAX_MOVES];
            int count = MoveGenerator.generateLegal(position, moves);
            for (int i = 0; i < count; i++) {
                int move = moves[i];
                if (node.children().stream().noneMatch(child -> child.move() == move)) {
                    untried.add(move);
                }
            }
        }
        return untried;
    }

    /** A window's bound: a score, or ∞ for the open window of the root. */
    private static String bound(int bound, boolean zh) {
        return bound >= Score.INFINITE ? "∞" : bound <= -Score.INFINITE ? "-∞" : score(bound, zh);
    }

    /** A score as a row prints it: {@code 190}, or a mate, {@code M1} in English and 一步杀 in Chinese. */
    private static String score(int score, boolean zh) {
        String text = Score.toShortText(score);
        return zh ? MateText.chineseShortScore(text) : text;
    }

    /**
     * What a row says: the move (ICCS and Chinese, or Chinese alone with {@code zh}), the value
     * returned, and what kind of node it is.
     */
    private static String label(Position position, Node node, int depth, int ply, boolean cutOff, boolean answered, boolean zh) {
        StringBuilder label = new StringBuilder();
        if (ply == 0) {
            label.append(zh ? "根节点，深度 " : "root, depth ").append(depth);
        } else {
            position.unmakeMove(node.move());
            if (zh) { // Chinese notation alone: the coordinates are for programs
                label.append("<tspan font-weight=\"bold\">").append(Notation.chinese(position, node.move())).append("</tspan>");
            } else {
                label.append("<tspan font-weight=\"bold\">").append(Move.toUci(node.move())).append("</tspan> ")
                        .append(Notation.chinese(position, node.move()));
            }
            position.makeMove(node.move());
        }
        label.append("  <tspan fill=\"#369\">(").append(bound(node.alpha(), zh)).append(", ").append(bound(node.beta(), zh))
                .append(")</tspan>");
        label.append("  → <tspan font-weight=\"bold\">").append(score(node.value(), zh)).append("</tspan>");
        if (cutOff) {
            label.append(zh ? "  <tspan fill=\"#b60\">≥ β：截断</tspan>"
                    : "  <tspan fill=\"#b60\">≥ β: cut-off</tspan>"); // the opponent already has better: stop
        }
        if (answered) {
            label.append(zh ? "  <tspan fill=\"#070\">置换表命中</tspan>"
                    : "  <tspan fill=\"#070\">answered by the table</tspan>");
        } else if (depth == 0) {
            label.append(zh ? "  <tspan fill=\"#666\">叶子节点：局面评价</tspan>"
                    : "  <tspan fill=\"#666\">leaf: evaluation</tspan>");
        } else if (node.children().isEmpty()) {
            label.append(zh ? "  <tspan fill=\"#b00\">无合法着法：判负</tspan>"
                    : "  <tspan fill=\"#b00\">no legal move: lost</tspan>");
        }
        return label.toString();
    }
}
