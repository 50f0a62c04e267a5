package xiangqi;

import static org.assertj.core.api.Assertions.assertThat;
import static xiangqi.Fixtures.CHECKMATED;
import static xiangqi.Fixtures.HANGING_CHARIOT;
import static xiangqi.Fixtures.MATE_IN_ONE;
import static xiangqi.Fixtures.MATE_IN_TWO;
import static xiangqi.Fixtures.after;
import static xiangqi.Fixtures.runWithInput;
import static xiangqi.Fixtures.uciSession;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import xiangqi.Fixtures.Run;

class UciTest {

    @Test
    @DisplayName("'uci' is answered with the engine's id, its options if any, then uciok")
    void handshake() {
        Run session = uciSession("uci");

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
        assertThat(uciSession("isready").lines()).containsExactly("readyok");
    }

    @Test
    @DisplayName("position startpos with moves, then go depth 2: an info line and a legal red move")
    void positionStartposMoves() {
        Run session = uciSession("position startpos moves h2e2 h9g7", "go depth 2");

        assertThat(session.lines().get(0)).matches("info depth 2 score (cp|mate) -?\\d+ nodes \\d+ time \\d+ pv .*");
        assertThat(session.lines()).last().asString().matches("bestmove [a-i]\\d[a-i]\\d");
        Position position = after(Position.START_FEN, "h2e2", "h9g7");
        int best = MoveGenerator.parseLegal(position, session.bestmove()); // throws if not legal here
        assertThat(Piece.color(position.pieceAt(Move.from(best)))).as("a red piece moves").isEqualTo(Piece.RED);
    }

    @Test
    @DisplayName("position fen, then go depth 1: the search runs on that position")
    void positionFen() {
        Run session = uciSession("position fen " + HANGING_CHARIOT, "go depth 1");

        assertThat(session.lines().get(0)).startsWith("info depth 1 ");
        assertThat(session.bestmove()).as("take the hanging chariot").isEqualTo("a0a5");
    }

    @Test
    @DisplayName("position fen also takes moves after the FEN")
    void positionFenMoves() {
        Run session = uciSession("position fen " + MATE_IN_ONE + " moves i0i9", "d");

        assertThat(session.lines()).contains("fen 3k4R/R8/9/9/9/9/9/9/9/4K4 b - - 1 1");
    }

    @Test
    @DisplayName("before any position command, the engine is at the start position")
    void defaultPosition() {
        Run session = uciSession("go depth 1");

        MoveGenerator.parseLegal(Position.startPosition(), session.bestmove());
    }

    @Test
    @DisplayName("go with clock times but no depth searches to Search.DEFAULT_DEPTH")
    void goWithClock() {
        Run session = uciSession("position fen " + MATE_IN_TWO, "go wtime 1000 btime 1000");

        assertThat(session.lines().get(0)).startsWith("info depth " + Search.DEFAULT_DEPTH + " ")
                .as("depth 4 is enough to see this mate").contains("score mate 2");
    }

    @Test
    @DisplayName("go in a position with no legal move answers bestmove (none)")
    void goWhenMated() {
        Run session = uciSession("position fen " + CHECKMATED, "go depth 3");

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
        Run session = uciSession(bad, "isready");

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
        Run session = uciSession("position fen " + HANGING_CHARIOT, "position startpos moves a0a5",
                "go depth 1");

        assertThat(session.lines().get(0)).startsWith("info string error");
        assertThat(session.bestmove()).isEqualTo("a0a5");
    }

    @Test
    @DisplayName("ucinewgame is accepted silently and the next search works")
    void ucinewgame() {
        Run session = uciSession("ucinewgame", "isready", "position startpos", "go depth 1");

        assertThat(session.lines().get(0)).isEqualTo("readyok");
        assertThat(session.lines()).last().asString().startsWith("bestmove ");
    }

    @Test
    @DisplayName("empty lines, stop and ponderhit produce no answer; spaces around a command are ignored")
    void silentLines() {
        Run session = uciSession("", "   ", "stop", "ponderhit", "  isready  ");

        assertThat(session.lines()).containsExactly("readyok");
    }

    @Test
    @DisplayName("'d' draws the board and prints the FEN of the current position")
    void drawBoard() {
        Run session = uciSession("position startpos moves h2e2", "d");

        String fen = after(Position.START_FEN, "h2e2").toFen();
        assertThat(session.lines()).contains("fen " + fen);
        assertThat(session.lines()).anyMatch(line -> line.contains("炮"));
    }

    @Test
    @DisplayName("quit ends the session at once: later lines are not read, and the exit status is 0")
    void quit() {
        Run session = uciSession("isready", "quit", "isready", "go depth 1");

        assertThat(session.status()).isZero();
        assertThat(session.lines()).containsExactly("readyok");
    }

    @Test
    @DisplayName("the end of input ends the session cleanly, like quit")
    void endOfInput() {
        Run session = uciSession("isready", "position startpos", "go depth 1");

        assertThat(session.status()).isZero();
        assertThat(session.err()).isEmpty();
        assertThat(session.lines()).first().isEqualTo("readyok");
        assertThat(session.lines()).last().asString().startsWith("bestmove ");
    }

    @Test
    @DisplayName("an empty input stream is a session with nothing to say")
    void emptyInput() {
        Run session = runWithInput("", "uci");

        assertThat(session.status()).isZero();
        assertThat(session.out()).isEmpty();
    }

    @Test
    @DisplayName("the uci command takes no options: exit status 2 before reading any input")
    void uciWithOption() {
        Run run = runWithInput("isready\n", "uci", "--depth", "3");

        assertThat(run.status()).isEqualTo(2);
        assertThat(run.out()).as("readyok must not be answered").isEmpty();
        assertThat(run.err()).startsWith("error: ").contains("--depth");
    }
}
