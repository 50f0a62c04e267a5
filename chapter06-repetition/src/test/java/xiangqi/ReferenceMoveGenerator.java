package xiangqi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A second move generator, written to be obviously right rather than fast, so that the tests
 * can hold {@link MoveGenerator} against it.
 *
 * <p>It shares nothing with {@code MoveGenerator} except the piece codes and the move
 * encoding. There are no tables and no incremental tricks: for every pair of squares
 * (from, to) it asks "do the written rules allow this piece to go there?", working the
 * geometry out from file and rank differences. A move that passes is then played on a copy
 * of the board and thrown away if the mover's general is left attacked, where "attacked"
 * means just what the rules say: some enemy piece could move onto the general's square, or
 * the two generals look at each other along an open file.
 *
 * <p>It is about a hundred times slower than {@code MoveGenerator}, which does not matter
 * for the few thousand positions a test looks at.
 */
final class ReferenceMoveGenerator {
    private static final int FILES = 9;
    private static final int SQUARES = 90;

    private ReferenceMoveGenerator() {
    }

    /** The legal moves of the side to move, in ascending order of their {@code int} code. */
    static List<Integer> legalMoves(Position position) {
        return legalMoves(boardOf(position), position.sideToMove());
    }

    /** The number of leaves of the legal move tree {@code depth} plies deep. */
    static long perft(Position position, int depth) {
        return perft(boardOf(position), position.sideToMove(), depth);
    }

    private static long perft(int[] board, int side, int depth) {
        if (depth == 0) {
            return 1;
        }
        long leaves = 0;
        for (int move : legalMoves(board, side)) {
            leaves += perft(afterMove(board, move), 1 - side, depth - 1);
        }
        return leaves;
    }

    private static int[] boardOf(Position position) {
        int[] board = new int[SQUARES];
        for (int square = 0; square < SQUARES; square++) {
            board[square] = position.pieceAt(square);
        }
        return board;
    }

    private static List<Integer> legalMoves(int[] board, int side) {
        List<Integer> moves = new ArrayList<>();
        for (int from = 0; from < SQUARES; from++) {
            if (board[from] == Piece.EMPTY || Piece.color(board[from]) != side) {
                continue;
            }
            for (int to = 0; to < SQUARES; to++) {
                if (followsPieceRule(board, from, to) && !leavesOwnGeneralExposed(board, from, to)) {
                    moves.add(Move.of(from, to));
                }
            }
        }
        return moves;
    }

    // ------------------------------------------------------------------ how each piece moves

    /** Could the piece on {@code from} go to {@code to}, ignoring what happens to its general? */
    private static boolean followsPieceRule(int[] board, int from, int to) {
        int piece = board[from];
        if (piece == Piece.EMPTY || from == to) {
            return false;
        }
        int target = board[to];
        int colour = Piece.color(piece);
        if (target != Piece.EMPTY && Piece.color(target) == colour) {
            return false; // nobody captures his own piece
        }
        int df = file(to) - file(from);
        int dr = rank(to) - rank(from);
        int adf = Math.abs(df);
        int adr = Math.abs(dr);
        return switch (Piece.type(piece)) {
            // One step along a line, never out of the palace.
            case Piece.GENERAL -> adf + adr == 1 && inPalace(to, colour);
            // One step diagonally, never out of the palace.
            case Piece.ADVISOR -> adf == 1 && adr == 1 && inPalace(to, colour);
            // Two steps diagonally, the point in between (the eye) empty, never over the river.
            case Piece.ELEPHANT -> adf == 2 && adr == 2 && onOwnHalf(rank(to), colour)
                    && board[square(file(from) + df / 2, rank(from) + dr / 2)] == Piece.EMPTY;
            // One step straight, then one diagonally outward; the straight step's point (the
            // leg) must be empty.
            case Piece.HORSE -> (adf == 1 && adr == 2 && board[square(file(from), rank(from) + dr / 2)] == Piece.EMPTY)
                    || (adf == 2 && adr == 1 && board[square(file(from) + df / 2, rank(from))] == Piece.EMPTY);
            // Any distance along a line with nothing in the way.
            case Piece.CHARIOT -> (df == 0 || dr == 0) && piecesBetween(board, from, to) == 0;
            // Like a chariot to an empty point; to capture, exactly one piece (the screen) in between.
            case Piece.CANNON -> (df == 0 || dr == 0)
                    && piecesBetween(board, from, to) == (target == Piece.EMPTY ? 0 : 1);
            // One step forward; once over the river, one step sideways as well. Never back.
            case Piece.SOLDIER -> {
                int forward = colour == Piece.RED ? 1 : -1;
                boolean overRiver = !onOwnHalf(rank(from), colour);
                yield (df == 0 && dr == forward) || (dr == 0 && adf == 1 && overRiver);
            }
            default -> throw new IllegalStateException("no piece type " + piece);
        };
    }

    /** How many pieces stand strictly between two squares on one file or one rank. */
    private static int piecesBetween(int[] board, int from, int to) {
        int stepFile = Integer.signum(file(to) - file(from));
        int stepRank = Integer.signum(rank(to) - rank(from));
        int count = 0;
        for (int f = file(from) + stepFile, r = rank(from) + stepRank; square(f, r) != to; f += stepFile, r += stepRank) {
            if (board[square(f, r)] != Piece.EMPTY) {
                count++;
            }
        }
        return count;
    }

    // ------------------------------------------------------------------ the general's safety

    private static boolean leavesOwnGeneralExposed(int[] board, int from, int to) {
        int side = Piece.color(board[from]);
        int[] after = afterMove(board, Move.of(from, to));
        return generalsFace(after) || generalAttacked(after, side);
    }

    /** Can any enemy piece, by its own movement rule, go to the square of {@code side}'s general? */
    private static boolean generalAttacked(int[] board, int side) {
        int general = findGeneral(board, side);
        for (int square = 0; square < SQUARES; square++) {
            int piece = board[square];
            if (piece != Piece.EMPTY && Piece.color(piece) != side && followsPieceRule(board, square, general)) {
                return true;
            }
        }
        return false;
    }

    /** The flying-general rule: the generals may not see each other along a file. */
    private static boolean generalsFace(int[] board) {
        int red = findGeneral(board, Piece.RED);
        int black = findGeneral(board, Piece.BLACK);
        return file(red) == file(black) && piecesBetween(board, red, black) == 0;
    }

    private static int findGeneral(int[] board, int side) {
        for (int square = 0; square < SQUARES; square++) {
            if (board[square] == Piece.of(side, Piece.GENERAL)) {
                return square;
            }
        }
        throw new IllegalStateException("the " + (side == Piece.RED ? "red" : "black") + " general is missing");
    }

    private static int[] afterMove(int[] board, int move) {
        int[] after = Arrays.copyOf(board, SQUARES);
        after[Move.to(move)] = after[Move.from(move)];
        after[Move.from(move)] = Piece.EMPTY;
        return after;
    }

    // ------------------------------------------------------------------ geometry

    private static int file(int square) {
        return square % FILES;
    }

    private static int rank(int square) {
        return square / FILES;
    }

    private static int square(int file, int rank) {
        return rank * FILES + file;
    }

    /** Red's palace is files d-f on ranks 0-2, black's files d-f on ranks 7-9. */
    private static boolean inPalace(int square, int colour) {
        boolean palaceRank = colour == Piece.RED ? rank(square) <= 2 : rank(square) >= 7;
        return palaceRank && file(square) >= 3 && file(square) <= 5;
    }

    /** Red's half is ranks 0-4, black's ranks 5-9; the river runs between them. */
    private static boolean onOwnHalf(int rank, int colour) {
        return colour == Piece.RED ? rank <= 4 : rank >= 5;
    }
}
