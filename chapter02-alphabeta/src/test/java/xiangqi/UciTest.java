package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UciTest {

    /** A finished session: exit status, the engine's lines, and anything on stderr. */
    record Session(int status, List<String> lines, String err) {
        String bestmove() {
            return lines.stream().filter(line -> line.startsWith("bestmove ")).reduce((first, second) -> second)
                    .orElseThrow().substring("bestmove ".length());
        }
    }

    /** Feeds the lines to {@code uci} as a GUI would on standard input. */
    private static Session session(String... input) {
        byte[] script = (String.join("\n", input) + "\n").getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"uci"}, new ByteArrayInputStream(script),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        List<String> lines = text.isEmpty() ? List.of() : Arrays.asList(text.split("\\R"));
        return new Session(status, lines, err.toString(StandardCharsets.UTF_8));
    }

    private static Position after(Position position, String... moves) {
        for (String move : moves) {
            position.makeMove(MoveGenerator.parseLegal(position, move));
        }
        return position;
    }

    @Test
    @DisplayName("'uci' is answered with the engine's id, its options if any, then uciok")
    void handshake() {
        Session session = session("uci");

        assertThat(session.status()).isZero();
        assertThat(session.err()).isEmpty();
        List<String> lines = session.lines();
        assertThat(lines.get(0)).startsWith("id name ").hasSizeGreaterThan("id name ".length());
        assertThat(lines.get(1)).startsWith("id author ");
        assertThat(lines.subList(2, lines.size() - 1)).allMatch(line -> line.startsWith("option name "));
        assertThat(lines.get(lines.size() - 1)).isEqualTo("uciok");
    }

    @Test
    @DisplayName("'isready' is answered with readyok")
    void isready() {
        assertThat(session("isready").lines()).containsExactly("readyok");
    }

    @Test
    @DisplayName("position startpos with moves, then go depth 2: an info line and a legal red move")
    void positionStartposMoves() {
        Session session = session("position startpos moves h2e2 h9g7", "go depth 2");

        assertThat(session.lines().get(0)).matches("info depth 2 score (cp|mate) -?\\d+ nodes \\d+ time \\d+ pv .*");
        assertThat(session.lines()).last().asString().matches("bestmove [a-i]\\d[a-i]\\d");
        Position position = after(Position.startPosition(), "h2e2", "h9g7");
        int best = MoveGenerator.parseLegal(position, session.bestmove()); // throws if not legal here
        assertThat(Piece.color(position.pieceAt(Move.from(best)))).as("a red piece moves").isEqualTo(Piece.RED);
    }

    @Test
    @DisplayName("position fen, then go depth 1: the search runs on that position")
    void positionFen() {
        Session session = session("position fen " + SearchTest.HANGING_CHARIOT, "go depth 1");

        assertThat(session.lines().get(0)).startsWith("info depth 1 ");
        assertThat(session.bestmove()).as("take the hanging chariot").isEqualTo("a0a5");
    }

    @Test
    @DisplayName("position fen also takes moves after the FEN")
    void positionFenMoves() {
        Session session = session("position fen " + SearchTest.MATE_IN_ONE + " moves i0i9", "d");

        assertThat(session.lines()).last().asString().isEqualTo("fen 3k4R/R8/9/9/9/9/9/9/9/4K4 b - - 1 1");
    }

    @Test
    @DisplayName("before any position command, the engine is at the start position")
    void defaultPosition() {
        Session session = session("go depth 1");

        MoveGenerator.parseLegal(Position.startPosition(), session.bestmove());
    }

    @Test
    @DisplayName("go with clock times but no depth searches to Search.DEFAULT_DEPTH")
    void goWithClock() {
        Session session = session("position fen " + SearchTest.MATE_IN_TWO, "go wtime 1000 btime 1000");

        assertThat(session.lines().get(0)).startsWith("info depth " + Search.DEFAULT_DEPTH + " ")
                .as("depth 4 is enough to see this mate").contains("score mate 2");
    }

    @Test
    @DisplayName("go in a position with no legal move answers bestmove (none)")
    void goWhenMated() {
        Session session = session("position fen " + SearchTest.CHECKMATED, "go depth 3");

        assertThat(session.lines()).hasSize(2);
        assertThat(session.lines().get(0)).matches("info depth 3 score mate 0 nodes 1 time \\d+");
        assertThat(session.lines().get(1)).isEqualTo("bestmove (none)");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "position fen garbage",
        "position",
        "position fen",
        "position startpos moves a0a5",
        "position startpos moves h2e2 h2e2",
        "position startpos moves z9",
        "go depth x",
        "go depth",
        "go depth 0",
        "go depth 99",
        "foo",
    })
    @DisplayName("a bad line is answered with 'info string error' and the session goes on")
    void badLineKeepsSessionAlive(String bad) {
        Session session = session(bad, "isready");

        assertThat(session.status()).isZero();
        assertThat(session.err()).isEmpty();
        assertThat(session.lines()).hasSize(2);
        assertThat(session.lines().get(0)).startsWith("info string error");
        assertThat(session.lines().get(1)).isEqualTo("readyok");
    }

    @Test
    @DisplayName("a rejected position command keeps the previous position")
    void badPositionKeepsOldOne() {
        // a0a5 is illegal from the start position but would be the capture in the old one.
        Session session = session("position fen " + SearchTest.HANGING_CHARIOT, "position startpos moves a0a5",
                "go depth 1");

        assertThat(session.lines().get(0)).startsWith("info string error");
        assertThat(session.bestmove()).isEqualTo("a0a5");
    }

    @Test
    @DisplayName("ucinewgame is accepted silently and the next search works")
    void ucinewgame() {
        Session session = session("ucinewgame", "isready", "position startpos", "go depth 1");

        assertThat(session.lines().get(0)).isEqualTo("readyok");
        assertThat(session.lines()).last().asString().startsWith("bestmove ");
    }

    @Test
    @DisplayName("empty lines, stop and ponderhit produce no answer; spaces around a command are ignored")
    void silentLines() {
        Session session = session("", "   ", "stop", "ponderhit", "  isready  ");

        assertThat(session.lines()).containsExactly("readyok");
    }

    @Test
    @DisplayName("'d' draws the board and prints the FEN of the current position")
    void drawBoard() {
        Session session = session("position startpos moves h2e2", "d");

        String fen = after(Position.startPosition(), "h2e2").toFen();
        assertThat(session.lines()).last().asString().isEqualTo("fen " + fen);
        assertThat(session.lines()).anyMatch(line -> line.contains("炮"));
    }

    @Test
    @DisplayName("quit ends the session at once: later lines are not read, and the exit status is 0")
    void quit() {
        Session session = session("isready", "quit", "isready", "go depth 1");

        assertThat(session.status()).isZero();
        assertThat(session.lines()).containsExactly("readyok");
    }

    @Test
    @DisplayName("the end of input ends the session cleanly, like quit")
    void endOfInput() {
        Session session = session("isready", "position startpos", "go depth 1");

        assertThat(session.status()).isZero();
        assertThat(session.err()).isEmpty();
        assertThat(session.lines()).first().isEqualTo("readyok");
        assertThat(session.lines()).last().asString().startsWith("bestmove ");
    }

    @Test
    @DisplayName("an empty input stream is a session with nothing to say")
    void emptyInput() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"uci"}, new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));

        assertThat(status).isZero();
        assertThat(out.size()).isZero();
    }

    @Test
    @DisplayName("the uci command takes no options: exit status 2 before reading any input")
    void uciWithOption() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"uci", "--depth", "3"}, new ByteArrayInputStream("isready\n".getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(2);
        assertThat(out.size()).as("readyok must not be answered").isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: ").contains("--depth");
    }
}
