package xiangqi.picture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import xiangqi.*;
import xiangqi.app.Examples;

/** The {@code tree} command's picture: as many nodes as the search counts, each with its true value. */
class SearchTreeTest {

    /** A node of the picture, as the SVG describes it. */
    record Drawn(List<String> line, int depth, int alpha, int beta, int value) {
    }

    /** Draws the tree of a search from {@code fen} to {@code depth}, through the command line. */
    static String draw(String fen, int depth) throws Exception {
        Path file = Files.createTempFile("tree", ".svg");
        Fixtures.Run run = Fixtures.run("tree", "--fen", fen, "--depth", String.valueOf(depth), "--out", file.toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.lastLine()).startsWith("wrote " + file + ": ");
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /** The nodes of a picture, parsed with the JDK's XML parser (so the SVG is well-formed too). */
    static List<Drawn> nodes(String svg) throws Exception {
        NodeList groups = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8))).getElementsByTagName("g");
        List<Drawn> nodes = new ArrayList<>();
        for (int i = 0; i < groups.getLength(); i++) {
            Element group = (Element) groups.item(i);
            if (group.getAttribute("class").equals("node")) {
                String line = group.getAttribute("data-line");
                nodes.add(new Drawn(line.isEmpty() ? List.of() : List.of(line.split(" ")),
                        Integer.parseInt(group.getAttribute("data-depth")), Integer.parseInt(group.getAttribute("data-alpha")),
                        Integer.parseInt(group.getAttribute("data-beta")), Integer.parseInt(group.getAttribute("data-value"))));
            }
        }
        return nodes;
    }

    @ParameterizedTest(name = "{0}, depth {1}")
    @CsvSource(delimiter = '|', textBlock = """
            4k4/9/9/9/9/9/4p4/9/9/3K1N3 w - - 0 1 | 1
            4k4/9/9/9/9/9/4p4/9/9/3K1N3 w - - 0 1 | 3
            3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1   | 1
            3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1   | 2
            4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1   | 3
            """)
    @DisplayName("the picture has one node per call: exactly as many as the search counts")
    void nodeCountMatchesTheSearch(String fen, int depth) throws Exception {
        long searched = Search.standard().search(Position.fromFen(fen), depth).nodes();
        assertThat(nodes(draw(fen, depth))).hasSize((int) searched);
    }

    @ParameterizedTest(name = "{0}, depth {1}")
    @CsvSource(delimiter = '|', textBlock = """
            4k4/9/9/9/9/9/4p4/9/9/3K1N3 w - - 0 1 | 3
            3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1   | 2
            """)
    @DisplayName("every node shows its window and the value the search returned there: searched again with that window, it agrees")
    void everyValueIsTheSearchs(String fen, int depth) throws Exception {
        for (Drawn node : nodes(draw(fen, depth))) {
            Position position = Fixtures.after(fen, node.line().toArray(String[]::new));
            int again = Search.withAlphaBeta().alphaBeta(position, node.alpha(), node.beta(), node.depth(), node.line().size());
            assertThat(node.value()).as(String.join(" ", node.line())).isEqualTo(again);
        }
    }

    @Test
    @DisplayName("the moves a cut-off left are drawn too, faded: searched and never tried make all the legal moves")
    void cutOffMovesAreDrawn() throws Exception {
        String svg = draw(Examples.SMALL_TREE.fen(), Examples.SMALL_TREE_DEPTH);
        List<Drawn> nodes = nodes(svg);
        long interior = nodes.stream().filter(node -> node.depth() > 0).count();
        long searchedChildren = nodes.size() - 1;
        int neverTried = 0;
        java.util.regex.Matcher cut = java.util.regex.Pattern.compile("✂ (\\d+) never tried").matcher(svg);
        while (cut.find()) {
            neverTried += Integer.parseInt(cut.group(1));
        }
        int legal = 0;
        for (Drawn node : nodes) {
            if (node.depth() > 0) {
                legal += Fixtures.legalMoveCount(Fixtures.after(Examples.SMALL_TREE.fen(), node.line().toArray(String[]::new)));
            }
        }
        assertThat(interior).isPositive();
        assertThat(neverTried).isPositive();
        assertThat(searchedChildren + neverTried).isEqualTo(legal);
    }

    @Test
    @DisplayName("a tree too large to read is refused: one line naming the limit, exit status 2")
    void largeTreeIsRefused() {
        Fixtures.Run run = Fixtures.run("tree", "--depth", "3", "--out", "never.svg");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("error: the tree has more than " + SearchTree.MAX_NODES
                + " nodes, too many for a picture to show: try a smaller --depth or a position with fewer pieces");
        assertThat(Path.of("never.svg")).doesNotExist();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no --out        | tree --depth 2                          | --out takes one word, e.g. --out tree.svg, and it is missing
            two words       | tree --depth 2 --out a.svg b.svg        | --out takes one word, e.g. --out tree.svg, got 'a.svg b.svg'
            a bad depth     | tree --depth x --out a.svg              | --depth 'x' is not a whole number
            an illegal move | tree --moves e0e2 --depth 1 --out a.svg | illegal move 'e0e2'
            a bad language  | tree --depth 1 --out a.svg --lang fr    | --lang 'fr' is not a language here: give en or zh
            """)
    @DisplayName("bad input as for search: one line on stderr, exit status 2")
    void badInput(String what, String command, String message) {
        Fixtures.Run run = Fixtures.run(command.split(" "));
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.errLines()).singleElement().asString().startsWith("error: " + message);
    }

    /** The README's section on the picture, its line breaks read as spaces. */
    static String readmeTreeSection() throws Exception {
        String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        String section = readme.substring(readme.indexOf("## The tree, drawn"));
        return section.substring(0, section.indexOf("\n## ")).replaceAll("\\s+", " ");
    }

    /** The nodes {@code search} visits on the README's picture position. */
    static long treeNodes(Search search) {
        return search.search(Examples.SMALL_TREE.position(), Examples.SMALL_TREE_DEPTH).nodes();
    }

    @Test
    @DisplayName("the README quotes chapter 1's tree as minimax draws it")
    void readmeQuotesTheTrees() throws Exception {
        assertThat(readmeTreeSection()).contains("drew " + treeNodes(Search.minimax()) + " nodes");
    }

    /**
     * That {@code readme} shows {@code picture} and that the file is what the command just drew;
     * the drawing is left in target/ to copy over when it changes.
     */
    private static void assertPictureIsCurrent(String readme, String picture, String drawn) throws IOException {
        Files.writeString(Path.of("target", picture), drawn, StandardCharsets.UTF_8);
        assertThat(Files.readString(Path.of(readme), StandardCharsets.UTF_8)).contains("](" + picture + ")");
        assertThat(Files.readString(Path.of(picture), StandardCharsets.UTF_8))
                .as(picture + " is stale: copy target/" + picture + " over it").isEqualTo(drawn);
    }

    @Test
    @DisplayName("the README's picture is what the tree command draws")
    void readmePictureIsCurrent() throws Exception {
        String drawn = draw(Examples.SMALL_TREE.fen(), Examples.SMALL_TREE_DEPTH);
        assertPictureIsCurrent("README.md", "tree.svg", drawn);
    }

    /** The picture's rows, one per node or cut-off, without the title and the legend above them. */
    static String rowsOf(String svg) {
        return svg.substring(svg.indexOf("<g class="));
    }

    /** Draws the tree, as {@link #draw} does, with its labels in Chinese ({@code --lang zh}). */
    static String drawInChinese(String fen, int depth) throws Exception {
        Path file = Files.createTempFile("tree", ".svg");
        Fixtures.Run run = Fixtures.run("tree", "--fen", fen, "--depth", String.valueOf(depth), "--out", file.toString(),
                "--lang", "zh");
        assertThat(run.status()).as(run.err()).isZero();
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /** A picture, parsed with the JDK's XML parser. */
    static Document parse(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    @DisplayName("README.zh.md's picture is what tree --lang zh draws: the English picture's tree, node for node")
    void chineseReadmePictureIsCurrent() throws Exception {
        String drawn = drawInChinese(Examples.SMALL_TREE.fen(), Examples.SMALL_TREE_DEPTH);
        assertPictureIsCurrent("README.zh.md", "tree-zh.svg", drawn);
        assertThat(nodes(drawn)).isEqualTo(nodes(draw(Examples.SMALL_TREE.fen(), Examples.SMALL_TREE_DEPTH)));
    }

    /** Each mark a row of the English picture can carry, and its words in the Chinese picture. */
    private static final String[][] MARKS = {
        {"root, depth", "根节点，深度"},
        {"≥ β: cut-off", "≥ β：截断"},
        {"never tried: ", "步着法不再尝试："},
        {"leaf: evaluation", "叶子节点：局面评价"},
        {"no legal move: lost", "无合法着法：判负"}};

    /** How many times {@code word} stands in {@code text}. */
    static int count(String text, String word) {
        return text.split(Pattern.quote(word), -1).length - 1;
    }

    @Test
    @DisplayName("the Chinese picture marks the rows the English one marks, each mark in the book's Chinese term")
    void chineseMarksAreTheEnglishOnes() throws Exception {
        String english = rowsOf(draw(Examples.SMALL_TREE.fen(), Examples.SMALL_TREE_DEPTH));
        String chinese = rowsOf(drawInChinese(Examples.SMALL_TREE.fen(), Examples.SMALL_TREE_DEPTH));
        int marked = 0;
        for (String[] mark : MARKS) {
            assertThat(count(chinese, mark[1])).as("%s, as often as %s", mark[1], mark[0]).isEqualTo(count(english, mark[0]));
            marked += count(english, mark[0]);
        }
        assertThat(marked).isPositive();
    }

    /** What a reader sees of a picture: the words of each text element, a line each. */
    static List<String> visibleLines(Document picture) {
        NodeList texts = picture.getElementsByTagName("text");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < texts.getLength(); i++) {
            lines.add(texts.item(i).getTextContent());
        }
        return lines;
    }

    /**
     * The Latin letters a Chinese reader may still meet: the FEN in the title, a notation for
     * programs that README.zh.md's commands quote as it is, and the M of a mate score (M1,
     * M-1), which README.zh.md's tables print the same way.
     */
    private static final Pattern ALLOWED_LATIN = Pattern.compile("\\S+/\\S+ [wb] - - \\d+ \\d+|M(?=-?\\d)");

    @ParameterizedTest(name = "{0}")
    @CsvSource({"tree-zh.svg"})
    @DisplayName("the Chinese picture has no English left: no Latin letter but in the title's FEN and a mate score's M")
    void chinesePictureHasNoEnglish(String picture) throws Exception {
        String text = String.join("\n", visibleLines(parse(Files.readString(Path.of(picture), StandardCharsets.UTF_8))));
        assertThat(text).contains("根节点");
        assertThat(Pattern.compile("[A-Za-z]+").matcher(ALLOWED_LATIN.matcher(text).replaceAll("")).results()
                .map(MatchResult::group).toList()).as("English in %s", picture).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"tree-zh.svg"})
    @DisplayName("every line of the Chinese picture fits its width, a CJK character counted a full em and any other 0.6 em")
    void chineseLinesFitTheWidth(String picture) throws Exception {
        Document svg = parse(Files.readString(Path.of(picture), StandardCharsets.UTF_8));
        int width = Integer.parseInt(svg.getDocumentElement().getAttribute("width"));
        NodeList texts = svg.getElementsByTagName("text");
        for (int i = 0; i < texts.getLength(); i++) {
            Element text = (Element) texts.item(i);
            int size = text.hasAttribute("font-size") ? Integer.parseInt(text.getAttribute("font-size")) : 13;
            double ems = text.getTextContent().codePoints().mapToDouble(c -> c >= 0x2E80 ? 1 : 0.6).sum();
            assertThat(Integer.parseInt(text.getAttribute("x")) + ems * size).as(text.getTextContent())
                    .isLessThanOrEqualTo(width);
        }
    }
}
