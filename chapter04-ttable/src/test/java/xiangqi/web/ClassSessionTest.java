package xiangqi.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A class answers together (issue 39, point 2): the teacher's page starts a session and drives
 * it with the key only it holds; students join with a nickname and answer each question once;
 * the teacher sees the tally, then the spread, and downloads the scores as CSV. Loopback only.
 * The same file in every chapter.
 */
class ClassSessionTest {
    @RegisterExtension
    static final LoopbackBoard board = new LoopbackBoard();

    private String key;

    private static String field(String json, String name) {
        String value = Classroom.field(json, name);
        assertThat(value).as(name + " in " + json).isNotNull();
        return value;
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    private static HttpResponse<String> post(String pathAndQuery) {
        return board.send("POST", pathAndQuery);
    }

    private static HttpResponse<String> ok(HttpResponse<String> answer) {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return answer;
    }

    /** The teacher's key, as a page opened on this machine gets it, and a new session started with it. */
    @BeforeEach
    void startASession() {
        key = field(ok(board.get("/api/class/key")).body(), "key");
        ok(post("/api/class/start?key=" + key));
    }

    private String join(String nickname) {
        return field(ok(post("/api/class/join?nickname=" + encode(nickname))).body(), "seat");
    }

    /** The teacher asks "will the search cut off here?" before step 9: yes or no, yes is right. */
    private String askCut() {
        return field(ok(post("/api/class/ask?key=" + key + "&step=9&index=0&kind=cut&choices=yes,no&right=yes")).body(),
                "question");
    }

    @Test
    @DisplayName("without the teacher's key, or with a wrong one, or with a student's seat, nothing moves the class: 403")
    void onlyTheTeacherDrives() {
        String seat = join("Ana");
        String question = askCut();
        List<String> driving = List.of(
                "/api/class/start?",
                "/api/class/follow?step=3&depth=2&watching=1&",
                "/api/class/ask?step=9&index=0&kind=cut&choices=yes,no&right=no&",
                "/api/class/reveal?question=" + question + "&",
                "/api/class/end?");
        for (String request : driving) {
            for (String credential : List.of("", "key=" + seat, "key=" + key.replace(key.charAt(0), key.charAt(0) == 'a' ? 'b' : 'a'))) {
                HttpResponse<String> refused = post(request + credential);
                assertThat(refused.statusCode()).as(request + credential).isEqualTo(403);
                assertThat(refused.body()).startsWith("error: only the teacher's page drives the class").endsWith("\n")
                        .hasLineCount(1);
            }
        }
        assertThat(board.get("/api/class/scores.csv").statusCode()).isEqualTo(403);
        assertThat(board.get("/api/class/scores.csv?key=" + seat).statusCode()).isEqualTo(403);
        assertThat(board.get("/api/class?key=" + seat).statusCode()).as("a seat is no key to the teacher's view").isEqualTo(403);
        // the class is where the teacher left it: the question open, unrevealed, the session running
        String seen = ok(board.get("/api/class?seat=" + seat)).body();
        assertThat(field(seen, "session")).isNotEqualTo("0");
        assertThat(seen).contains("\"revealed\":false").contains("\"step\":0");
    }

    @Test
    @DisplayName("a nickname is any text of 1 to 24 characters (not UTF-16 units), sent back escaped;"
            + " a longer or an empty one is refused with one line that names it")
    void nicknames() {
        String emoji = "🐉".repeat(24); // 24 characters, 48 UTF-16 units
        String seat = join(emoji);
        assertThat(ok(board.get("/api/class?seat=" + seat)).body()).contains("\"nickname\":\"" + emoji + "\"");
        HttpResponse<String> tooLong = post("/api/class/join?nickname=" + encode("象".repeat(25)));
        assertThat(tooLong.statusCode()).isEqualTo(400);
        assertThat(tooLong.body()).isEqualTo("error: nickname is 25 characters long, at most 24\n");
        assertThat(post("/api/class/join?nickname=%20%20").body()).isEqualTo("error: nickname: give one, 1 to 24 characters\n");

        String html = "<img src=x onerror=f()>"; // 23 characters
        join(html);
        String teacherSees = ok(board.get("/api/class?key=" + key)).body();
        assertThat(teacherSees).doesNotContain("<img").contains("\\u003cimg src=x onerror=f()\\u003e");
    }

    @Test
    @DisplayName("a student sees only their own nickname; the teacher sees everyone's")
    void nicknamesStayWithTheTeacher() {
        String ana = join("Ana");
        join("Bo");
        String anaSees = ok(board.get("/api/class?seat=" + ana)).body();
        assertThat(anaSees).contains("\"nickname\":\"Ana\"").doesNotContain("Bo").doesNotContain("\"class\"");
        String anyoneSees = ok(board.get("/api/class")).body();
        assertThat(anyoneSees).doesNotContain("Ana").doesNotContain("Bo");
        assertThat(ok(board.get("/api/class?key=" + key)).body()).contains("\"nickname\":\"Ana\"", "\"nickname\":\"Bo\"");
    }

    @Test
    @DisplayName("one answer per student and question counts: a second one, a choice not offered, a stranger's seat"
            + " and an answer after the reveal are refused")
    void oneAnswerEach() {
        String ana = join("Ana");
        String bo = join("Bo");
        String question = askCut();
        assertThat(field(ok(post("/api/class/answer?seat=" + ana + "&question=" + question + "&answer=no")).body(), "answered"))
                .isEqualTo("1");
        HttpResponse<String> again = post("/api/class/answer?seat=" + ana + "&question=" + question + "&answer=yes");
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(again.body()).isEqualTo("error: you have answered question " + question + " already: one answer counts\n");
        assertThat(post("/api/class/answer?seat=" + bo + "&question=" + question + "&answer=maybe").statusCode()).isEqualTo(400);
        assertThat(post("/api/class/answer?seat=" + bo + "&question=" + question + "&answer=yes,no").statusCode()).isEqualTo(400);
        assertThat(post("/api/class/answer?seat=" + key + "&question=" + question + "&answer=yes").statusCode()).isEqualTo(403);
        ok(post("/api/class/answer?seat=" + bo + "&question=" + question + "&answer=yes"));

        String revealed = ok(post("/api/class/reveal?key=" + key + "&question=" + question)).body();
        assertThat(field(revealed, "answered")).isEqualTo("2");
        assertThat(field(revealed, "rightCount")).isEqualTo("1");
        // Ana's first answer is the one that counted: no, wrong; her "yes" was refused
        String anaSees = ok(board.get("/api/class?seat=" + ana)).body();
        assertThat(anaSees).contains("\"answer\":\"no\",\"asked\":1,\"right\":0");
        assertThat(ok(board.get("/api/class?seat=" + bo)).body()).contains("\"answer\":\"yes\",\"asked\":1,\"right\":1");
        assertThat(post("/api/class/answer?seat=" + bo + "&question=" + question + "&answer=no").statusCode()).isEqualTo(409);
        // revealing twice counts once
        ok(post("/api/class/reveal?key=" + key + "&question=" + question));
        assertThat(ok(board.get("/api/class?seat=" + bo)).body()).contains("\"asked\":1,\"right\":1");
    }

    @Test
    @DisplayName("the teacher sees how many answered, then the spread: a bar per choice, the right one marked;"
            + " a multiple choice's bars are the sets given; students see no spread")
    void tallyAndSpread() {
        List<String> seats = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            seats.add(join("student " + i));
        }
        String value = field(ok(post("/api/class/ask?key=" + key + "&step=12&index=0&kind=value"
                + "&choices=" + encode("exact|190,lower|190,upper|190,exact|-200") + "&right=" + encode("upper|190"))).body(),
                "question");
        String[] given = {"upper|190", "upper|190", "upper|190", "exact|190", "exact|190", "exact|-200"};
        for (int i = 0; i < given.length; i++) {
            ok(post("/api/class/answer?seat=" + seats.get(i) + "&question=" + value + "&answer=" + encode(given[i])));
        }
        String before = ok(board.get("/api/class?key=" + key)).body();
        assertThat(before).contains("\"answered\":6").doesNotContain("spread").doesNotContain("rightCount");
        String revealed = ok(post("/api/class/reveal?key=" + key + "&question=" + value)).body();
        assertThat(revealed).contains("\"spread\":[{\"answer\":\"exact|190\",\"count\":2,\"right\":false},"
                + "{\"answer\":\"lower|190\",\"count\":0,\"right\":false},"
                + "{\"answer\":\"upper|190\",\"count\":3,\"right\":true},"
                + "{\"answer\":\"exact|-200\",\"count\":1,\"right\":false}]");
        assertThat(field(revealed, "rightCount")).isEqualTo("3");
        assertThat(ok(board.get("/api/class?seat=" + seats.get(0))).body()).doesNotContain("spread").doesNotContain("rightCount");

        String pruned = field(ok(post("/api/class/ask?key=" + key + "&step=13&index=1&kind=pruned&multiple=1"
                + "&choices=d0e0,g2h4,g2e3,e1d1&right=g2e3,e1d1")).body(), "question");
        ok(post("/api/class/answer?seat=" + seats.get(0) + "&question=" + pruned + "&answer=e1d1,g2e3"));
        ok(post("/api/class/answer?seat=" + seats.get(1) + "&question=" + pruned + "&answer=g2e3"));
        ok(post("/api/class/answer?seat=" + seats.get(2) + "&question=" + pruned + "&answer=g2e3,e1d1"));
        String bars = ok(post("/api/class/reveal?key=" + key + "&question=" + pruned)).body();
        assertThat(bars).contains("\"spread\":[{\"answer\":\"e1d1,g2e3\",\"count\":2,\"right\":true},"
                + "{\"answer\":\"g2e3\",\"count\":1,\"right\":false}]");
        // the seventh student answered neither: asked both, right in none
        assertThat(ok(board.get("/api/class?seat=" + seats.get(6))).body()).contains("\"asked\":2,\"right\":0");
    }

    @Test
    @DisplayName("the scores CSV has every student, in the order they joined, per kind of question;"
            + " nicknames CSV-quoted, and one a spreadsheet would run as a formula begins with an apostrophe")
    void scoresAsCsv() {
        List<String> nicknames = List.of("Ana", "Li, Wei", "say \"hi\"", "=1+1", "+86", "-x", "@home", "小明");
        List<String> seats = nicknames.stream().map(this::join).toList();
        String question = askCut();
        for (int i = 0; i < seats.size(); i++) {
            ok(post("/api/class/answer?seat=" + seats.get(i) + "&question=" + question + "&answer=" + (i % 2 == 0 ? "yes" : "no")));
        }
        ok(post("/api/class/reveal?key=" + key + "&question=" + question));
        HttpResponse<String> csv = ok(board.get("/api/class/scores.csv?key=" + key));
        assertThat(csv.headers().firstValue("Content-Type")).hasValue("text/csv; charset=utf-8");
        assertThat(csv.body().split("\r\n")).containsExactly(
                "nickname,asked,right,value asked,value right,cut asked,cut right,pruned asked,pruned right,"
                        + "table asked,table right,ruling asked,ruling right,stage asked,stage right",
                "Ana,1,1,0,0,1,1,0,0,0,0,0,0,0,0",
                "\"Li, Wei\",1,0,0,0,1,0,0,0,0,0,0,0,0,0",
                "\"say \"\"hi\"\"\",1,1,0,0,1,1,0,0,0,0,0,0,0,0",
                "'=1+1,1,0,0,0,1,0,0,0,0,0,0,0,0,0",
                "'+86,1,1,0,0,1,1,0,0,0,0,0,0,0,0",
                "'-x,1,0,0,0,1,0,0,0,0,0,0,0,0,0",
                "'@home,1,1,0,0,1,1,0,0,0,0,0,0,0,0",
                "小明,1,0,0,0,1,0,0,0,0,0,0,0,0,0");
        assertThat(ClassSession.csvField("=HYPERLINK(\"x\",\"y\")")).isEqualTo("\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\"");
    }

    @Test
    @DisplayName("a student's poll waits for the teacher's next step and brings it; with no change it answers"
            + " within its bound; a new session sends old seats to join again")
    void studentsFollow() throws Exception {
        String seat = join("Ana");
        String seen = ok(board.get("/api/class?seat=" + seat)).body();
        String version = field(seen, "version");
        CompletableFuture<HttpResponse<String>> waiting = CompletableFuture.supplyAsync(
                () -> board.get("/api/class?seat=" + seat + "&since=" + version));
        Thread.sleep(300);
        assertThat(waiting).as("the poll waits for a change").isNotDone();
        ok(post("/api/class/follow?key=" + key + "&moves=h2e2&depth=2&view=red&step=17&watching=1"));
        String moved = ok(waiting.get(10, TimeUnit.SECONDS)).body();
        assertThat(moved).contains("\"moves\":\"h2e2\"", "\"depth\":2", "\"view\":\"red\"", "\"step\":17",
                "\"watching\":true");

        long start = System.nanoTime();
        String still = ok(board.get("/api/class?seat=" + seat + "&since=" + field(moved, "version"))).body();
        long waited = (System.nanoTime() - start) / 1_000_000;
        assertThat(field(still, "step")).isEqualTo("17");
        assertThat(waited).as("a poll with no news waits its bound, then answers").isBetween(WebBoard.POLL_MILLIS - 100, 30_000L);

        HttpResponse<String> illegal = post("/api/class/follow?key=" + key + "&moves=e0e5&depth=2&step=1&watching=1");
        assertThat(illegal.statusCode()).isEqualTo(400);
        assertThat(illegal.body()).startsWith("error: ").hasLineCount(1).doesNotContain("Exception");
        assertThat(post("/api/class/ask?key=" + key + "&step=3&kind=guess&choices=a&right=a").body())
                .isEqualTo("error: kind 'guess' is not a question's kind: give one of value cut pruned table ruling stage\n");

        ok(post("/api/class/start?key=" + key));
        assertThat(board.get("/api/class?seat=" + seat).statusCode()).as("a seat of the last session").isEqualTo(403);
        ok(post("/api/class/end?key=" + key));
        assertThat(post("/api/class/join?nickname=Bo").statusCode()).as("no session runs").isEqualTo(409);
    }
}
