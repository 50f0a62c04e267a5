package xiangqi.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import xiangqi.*;
import xiangqi.common.Chapter;

/** The report's two languages (issue 25): what {@code demo --lang zh} changes, and what it keeps. */
class ReportTest {

    @Test
    @DisplayName("--lang takes en or zh; anything else is one line naming both")
    void languagesByName() {
        assertThat(Report.Language.parse("en")).isEqualTo(Report.Language.EN);
        assertThat(Report.Language.parse("zh")).isEqualTo(Report.Language.ZH);
        assertThatThrownBy(() -> Report.Language.parse("fr")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--lang 'fr' is not a language here: give en or zh");
    }

    @Test
    @DisplayName("the language belongs to the thread printing: a Chinese report beside an English one stays English")
    void languagePerThread() {
        assertThat(Report.say("depth", "深度")).isEqualTo("depth");
        String chinese = Report.speaking(Report.Language.ZH, () -> {
            String beside = CompletableFuture.supplyAsync(() -> Report.say("depth", "深度")).join();
            return Report.say("depth", "深度") + " " + beside;
        });
        assertThat(chinese).isEqualTo("深度 depth");
        assertThat(Report.say("depth", "深度")).as("after speaking Chinese").isEqualTo("depth");
    }

    @Test
    @DisplayName("the Chinese diagram is the same board, its files numbered as a Xiangqi board numbers them")
    void diagramInChinese() {
        Position position = Position.startPosition();
        List<String> english = Report.diagram(position).lines().toList();
        List<String> chinese = Report.speaking(Report.Language.ZH, () -> Report.diagram(position)).lines().toList();

        assertThat(chinese.get(0)).as("black's files above, 1 at black's right").isEqualTo("  １２３４５６７８９");
        assertThat(chinese.subList(1, chinese.size() - 3)).isEqualTo(english.subList(0, english.size() - 2));
        assertThat(chinese.get(chinese.size() - 3)).as("red's files below, 一 at red's right").isEqualTo("  九八七六五四三二一");
        assertThat(chinese.get(chinese.size() - 2)).as("the coordinates' letters stay").isEqualTo(english.get(english.size() - 2))
                .isEqualTo("  ａｂｃｄｅｆｇｈｉ");
        assertThat(english.get(english.size() - 1)).isEqualTo("  red (upper-case FEN, 帅) to move");
        assertThat(chinese.get(chinese.size() - 1)).isEqualTo("  红方（FEN 大写，帅）走棋");
    }

    @Test
    @DisplayName("a mate in Chinese is written one way, the count in Chinese numerals: 一步杀, 两步杀, 被一步杀")
    void mateInChinese() {
        assertThat(Report.mateInChinese(1)).isEqualTo("一步杀");
        assertThat(Report.mateInChinese(-1)).isEqualTo("被一步杀");
        assertThat(Report.mateInChinese(2)).isEqualTo("两步杀");
        assertThat(Report.mateInChinese(-3)).isEqualTo("被三步杀");
        assertThat(Report.mateInChinese(10)).isEqualTo("十步杀");
        assertThat(Report.mateInChinese(12)).isEqualTo("十二步杀");
        assertThat(Report.mateInChinese(20)).isEqualTo("二十步杀");
        assertThat(Report.mateInChinese(32)).isEqualTo("三十二步杀");
        assertThat(Report.speaking(Report.Language.ZH, () -> Report.scoreInWords(-40)))
                .as("a centipawn score: the number and its unit").isEqualTo("-40 分");
        assertThat(Report.scoreInWords(-40)).isEqualTo("cp -40");
    }

    /**
     * Issue 42: a student reads 车八进九 off the Chinese diagram. For every move of either side
     * (red's from the start, black's after 炮二平五), the file the notation names is the column
     * the diagram labels with that number, on that side's label line, and the piece the
     * notation names stands in that column. Labels in the wrong order (一…九 below, or black's
     * numbers mirrored) put the named file under another column and fail.
     */
    @Test
    @DisplayName("every move's file in Chinese notation is the column the Chinese diagram labels with it")
    void movesReadOffTheChineseDiagram() {
        Position position = Position.startPosition();
        assertMovesReadOff(position);
        position.makeMove(MoveGenerator.parseLegal(position, "h2e2"));
        assertMovesReadOff(position);
    }

    private static void assertMovesReadOff(Position position) {
        List<String> rows = Report.speaking(Report.Language.ZH, () -> Report.diagram(position)).lines().toList();
        boolean red = position.sideToMove() == Piece.RED;
        String labels = (red ? rows.get(rows.size() - 3) : rows.get(0)).substring(2);
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.generateLegal(position, moves);
        assertThat(count).isPositive();
        for (int i = 0; i < count; i++) {
            String notation = Notation.chinese(position, moves[i]);
            char file = notation.charAt(1); // black's 8 in 马8进7 is printed full-width above the board, ８
            int column = labels.indexOf(file >= '1' && file <= '9' ? (char) (file - '1' + '１') : file);
            int from = Move.from(moves[i]);
            assertThat(column).as("%s: the file %s on the %s labels %s", notation, notation.charAt(1), red ? "bottom" : "top", labels)
                    .isEqualTo(Square.file(from));
            String row = rows.stream().filter(line -> line.startsWith(Square.rank(from) + " ")).findFirst().orElseThrow();
            char drawn = row.charAt(2 + column); // the diagram draws red's 车 马 and black's 炮 as 俥 傌 砲
            assertThat("俥傌砲".indexOf(drawn) >= 0 ? "车马炮".charAt("俥傌砲".indexOf(drawn)) : drawn)
                    .as("%s: the piece in the column labelled %s", notation, notation.charAt(1)).isEqualTo(notation.charAt(0));
        }
    }

    @Test
    @DisplayName("a report in Chinese: Chinese introduction, part titles, footer and headline, the same layout")
    void reportInChinese() {
        List<Report.Part> parts = List.of(
                new Report.Part("One.", "一。", true, out -> Report.say("Headline: 1.", "要点：1。")),
                new Report.Part("Two.", "二。", false, out -> "unused"));
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        Report.run(new PrintStream(text, true, StandardCharsets.UTF_8), Report.Language.ZH, "Intro.", "引言。", parts,
                Report.choose(parts, false, null));

        List<String> lines = text.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines.subList(0, 3)).containsExactly("引言。", "", "第 1 部分：一。");
        assertThat(ReadmeTest.withoutTimes(lines.subList(4, 6))).containsExactly(
                "第 " + Integer.parseInt(Chapter.NAME.substring("chapter".length(), "chapter".length() + 2))
                        + " 章演示，共 2 个部分中的第 1 部分（demo --all 显示全部）：- 秒", "要点：1。");
    }

    @Test
    @DisplayName("a part printed in both languages at once reads, in each, as that language alone prints it")
    void bothLanguagesFromOneRun() {
        Function<PrintStream, String> body = out -> {
            out.println(Report.diagram(Position.startPosition()));
            new TextTable(out, Report.say("depth", "深度"), Report.say("warm table", "沿用的表"), Report.say("note", "注"))
                    .widths(5, -8, -4)
                    .row(1, Report.say("yes", "是"), Report.say("two-tier", "双层"))
                    .row(12, Report.say("no", "否"), "b2e2 炮二平五");
            return Report.say("Headline: " + Report.say("two-tier", "双层") + " wins.", "要点：" + Report.say("two-tier", "双层") + "胜出。");
        };
        for (Report.Language language : List.of(Report.Language.EN, Report.Language.ZH)) {
            String[] alone = print(language, body);
            String[] both = print(Report.Language.BOTH, body);
            assertThat(Report.in(language, both[0])).as("printout in %s", language).isEqualTo(alone[0]);
            assertThat(Report.in(language, both[1])).as("headline in %s", language).isEqualTo(alone[1]);
        }
        assertThat(print(Report.Language.ZH, body)[0]).contains(" 深度 | 沿用的表 | 注", "    1 | 是       | 双层");
    }

    /** What {@code body} prints speaking {@code language}, and its headline. */
    private static String[] print(Report.Language language, Function<PrintStream, String> body) {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        String headline = Report.speaking(language, () -> body.apply(new PrintStream(text, true, StandardCharsets.UTF_8)));
        return new String[] {text.toString(StandardCharsets.UTF_8), headline};
    }
}
