package xiangqi.picture;

import java.util.List;
import xiangqi.*;

/**
 * One node of a recorded search, as the web board's watch mode replays it (the same file in
 * every chapter). The {@code tree} command draws these nodes; the board shows them one at a
 * time, in the order the search entered them: {@link SearchTree#visits} lists them so.
 *
 * <p>What a chapter does not have yet is null: the window before alpha-beta (chapter 2),
 * the key before Zobrist hashing (chapter 3), the table's bound before the table (chapter 4),
 * the stage and the iteration before move ordering and iterative deepening (chapter 5), the
 * ruling and what it repeats before repetition (chapter 6).
 *
 * @param parent         the index of the parent in the list of visits, -1 for a root
 * @param ply            how far from the root: 0 for the root
 * @param depth          the depth left to search at this node
 * @param iteration      which iteration of iterative deepening it belongs to (from chapter 5)
 * @param move           the move that led here, as {@code h2e2}; null for a root
 * @param chinese        the same move in Chinese notation; null for a root
 * @param stage          the move picker's stage that gave the move (from chapter 5)
 * @param alpha          α of the window the node was entered with, for the side to move (from chapter 2)
 * @param beta           β of that window
 * @param value          the value it returned, for the side to move at the node
 * @param end            what ended the node
 * @param untried        after a cut-off, the legal moves never tried (ICCS), in the generator's order
 * @param untriedChinese the same moves in Chinese notation
 * @param key            the position's Zobrist key in hexadecimal (from chapter 3)
 * @param ruling         the repetition ruling that scored the node (from chapter 6)
 * @param tableBound     for a node the table answered, the bound its entry gave (from chapter 4)
 * @param red            whether red is to move at the node: whose point of view {@code value} is
 * @param board          the position: 90 letters, a FEN letter or '.', square a0 first
 * @param repeats        for a node the repetition rules ended, the earlier position that came
 *                       back and the cycle that brought it back (from chapter 6); null for the others
 */
public record Visit(int parent, int ply, int depth, Integer iteration, String move, String chinese, String stage,
        Integer alpha, Integer beta, int value, End end, List<String> untried, List<String> untriedChinese,
        String key, String ruling, Bound tableBound, boolean red, String board, Repeats repeats) {

    /**
     * The position a line came back to, and how: the most recent earlier occurrence, which
     * the repetition ruling's cycle starts from.
     *
     * @param ply     the ply of that position, counted as {@link Visit#ply} counts: 0 is the root,
     *                1 its child on this line; below 0, a position of the game, that many plies
     *                before the root
     * @param moves   the cycle: the moves from that position to this node, as {@code h2e2}
     * @param chinese the same moves in Chinese notation, each in the position before it
     */
    public record Repeats(int ply, List<String> moves, List<String> chinese) {
    }

    /** What ended a node: the marks of the {@code tree} picture. */
    public enum End {
        /** Every legal move searched. */
        SEARCHED,
        /** A move scored at least β: the rest were never tried. */
        CUT,
        /** Moves to search, and none searched: the transposition table knew the value. */
        TABLE,
        /** The line returned to an earlier position: the repetition rules scored it. */
        REPETITION,
        /** No legal move, in check: lost. */
        MATE,
        /** No legal move, not in check (困毙): lost too. */
        STALEMATE,
        /** Depth 0: the evaluation scored it. */
        LEAF
    }

    /** What a fail-soft value says about the node's true value. */
    public enum Bound {
        /** The true value. */
        EXACT,
        /** At least this much: a move reached β and the rest were not tried (≥). */
        LOWER,
        /** At most this much: every move failed low, at or below α (≤). */
        UPPER
    }

    /**
     * What the value says, as the search itself classes it when it stores a node: against the
     * window the node was entered with, a value at or above β is a lower bound and one at or
     * below α an upper bound. A node the table answered has its entry's bound; the evaluation,
     * a mate and a repetition ruling are exact whatever the window, and so is every value of
     * chapter 1's minimax, which has no window.
     */
    public Bound bound() {
        if (tableBound != null) {
            return tableBound;
        }
        if (alpha == null || end == End.LEAF || end == End.MATE || end == End.STALEMATE || end == End.REPETITION) {
            return Bound.EXACT;
        }
        return value >= beta ? Bound.LOWER : value <= alpha ? Bound.UPPER : Bound.EXACT;
    }

    /** Moves as ICCS: {@code h2e2}. */
    static List<String> iccs(List<Integer> moves) {
        return moves.stream().map(Move::toUci).toList();
    }

    /** Moves of {@code position}'s side to move, in Chinese notation. */
    static List<String> chinese(Position position, List<Integer> moves) {
        return moves.stream().map(move -> Notation.chinese(position, move)).toList();
    }

    /** The board of {@code position} as the web board sends it: a letter or '.' per square. */
    static String board(Position position) {
        StringBuilder board = new StringBuilder(Square.COUNT);
        for (int square = 0; square < Square.COUNT; square++) {
            int piece = position.pieceAt(square);
            board.append(piece == Piece.EMPTY ? '.' : Piece.fenLetter(piece));
        }
        return board.toString();
    }
}
