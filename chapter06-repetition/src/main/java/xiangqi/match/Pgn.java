package xiangqi.match;

import java.util.List;
import xiangqi.*;

/**
 * Games as PGN, the way Xiangqi databases and Fairy-Stockfish's tools keep them: tags
 * (players, result, the starting FEN, {@code Variant "xiangqi"}), then the moves in
 * Fairy-Stockfish's algebraic notation (SAN): a piece letter (K general, A advisor,
 * E elephant, H horse, R chariot, C cannon, P soldier), the file or rank of the piece when
 * another of its kind could go to the same square, {@code x} for a capture, the square with
 * ranks numbered 1 to 10 from red's side, {@code +} for check and {@code #} for mate.
 * (UCI's ranks run 0 to 9 in this project; SAN's run 1 to 10.)
 */
final class Pgn {
    private static final String LETTERS = " KAEHRCP";

    private Pgn() {
    }

    /** One finished game, as the referee recorded it. */
    record Game(int round, String red, String black, String startFen, List<Integer> moves, String result, String reason) {
    }

    /** The square in SAN: file a..i, rank 1..10. */
    static String square(int square) {
        return (char) ('a' + Square.file(square)) + Integer.toString(Square.rank(square) + 1);
    }

    /**
     * {@code move} in SAN, in {@code position} before it is played. The file, else the rank,
     * else both name the piece when another piece of the same kind could legally go there.
     */
    static String san(Position position, int move) {
        int from = Move.from(move);
        int to = Move.to(move);
        int piece = position.pieceAt(from);
        StringBuilder san = new StringBuilder().append(LETTERS.charAt(Piece.type(piece)));
        boolean sameFile = false;
        boolean sameRank = false;
        boolean rival = false;
        int[] moves = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.generateLegal(position, moves);
        for (int i = 0; i < count; i++) {
            int other = Move.from(moves[i]);
            if (Move.to(moves[i]) == to && other != from && position.pieceAt(other) == piece) {
                rival = true;
                sameFile |= Square.file(other) == Square.file(from);
                sameRank |= Square.rank(other) == Square.rank(from);
            }
        }
        if (rival && (!sameFile || sameRank)) {
            san.append((char) ('a' + Square.file(from)));
        }
        if (rival && sameFile) {
            san.append(Square.rank(from) + 1);
        }
        if (position.pieceAt(to) != Piece.EMPTY) {
            san.append('x');
        }
        san.append(square(to));
        position.makeMove(move);
        if (position.inCheck()) {
            san.append(MoveGenerator.generateLegal(position, moves) == 0 ? '#' : '+');
        }
        position.unmakeMove(move);
        return san.toString();
    }

    /** The game as a PGN record: the tags, a blank line, the numbered moves, the reason and result. */
    static String write(Game game, String event, String date) {
        StringBuilder pgn = new StringBuilder();
        tag(pgn, "Event", event);
        tag(pgn, "Site", "?");
        tag(pgn, "Date", date);
        tag(pgn, "Round", Integer.toString(game.round()));
        tag(pgn, "Red", game.red());
        tag(pgn, "Black", game.black());
        tag(pgn, "Result", game.result());
        tag(pgn, "Variant", "xiangqi");
        tag(pgn, "FEN", game.startFen());
        tag(pgn, "PlyCount", Integer.toString(game.moves().size()));
        pgn.append('\n');
        Position position = Position.fromFen(game.startFen());
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < game.moves().size(); i++) {
            int move = game.moves().get(i);
            StringBuilder word = new StringBuilder();
            if (position.sideToMove() == Piece.RED || i == 0) { // a game may begin with black to move: "1... "
                word.append(fullmove(position)).append(position.sideToMove() == Piece.RED ? ". " : "... ");
            }
            word.append(san(position, move));
            position.makeMove(move);
            wrap(pgn, line, word.toString());
        }
        wrap(pgn, line, "{" + game.reason().replace('}', ')') + "}");
        wrap(pgn, line, game.result());
        return pgn.append(line).append("\n\n").toString();
    }

    /** The move number in the FEN: the last field of {@link Position#toFen}. */
    private static String fullmove(Position position) {
        String fen = position.toFen();
        return fen.substring(fen.lastIndexOf(' ') + 1);
    }

    private static void tag(StringBuilder pgn, String name, String value) {
        pgn.append('[').append(name).append(" \"").append(value.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]\n");
    }

    /** Adds {@code word} to the movetext, starting a new line before 80 columns. */
    private static void wrap(StringBuilder pgn, StringBuilder line, String word) {
        if (!line.isEmpty() && line.length() + 1 + word.length() > 79) {
            pgn.append(line).append('\n');
            line.setLength(0);
        }
        if (!line.isEmpty()) {
            line.append(' ');
        }
        line.append(word);
    }
}
