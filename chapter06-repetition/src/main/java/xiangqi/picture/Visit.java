package xiangqi.picture;

import xiangqi.*;

/**
 * One node of a recorded search, as the web board's watch mode replays it (the same file in
 * every chapter). The {@code tree} command draws these nodes; the board shows them one at a
 * time, in the order the search entered them: {@link SearchTree#visits} lists them so.
 *
 * <p>What a chapter does not have yet is null: the window before alpha-beta (chapter 2),
 * the key before Zobrist hashing (chapter 3), the stage and the iteration before move
 * ordering and iterative deepening (chapter 5), the ruling before repetition (chapter 6).
 *
 * @param parent    the index of the parent in the list of visits, -1 for a root
 * @param ply       how far from the root: 0 for the root
 * @param depth     the depth left to search at this node
 * @param iteration which iteration of iterative deepening it belongs to (from chapter 5)
 * @param move      the move that led here, as {@code h2e2}; null for a root
 * @param chinese   the same move in Chinese notation; null for a root
 * @param stage     the move picker's stage that gave the move (from chapter 5)
 * @param alpha     α of the window the node was entered with, as text (from chapter 2)
 * @param beta      β of that window, as text (from chapter 2)
 * @param value     the value it returned, for the side to move at the node
 * @param valueText the same value as the command line prints it
 * @param end       what ended the node
 * @param untried   after a cut-off, how many legal moves were never tried
 * @param key       the position's Zobrist key in hexadecimal (from chapter 3)
 * @param ruling    the repetition ruling that scored the node (from chapter 6)
 * @param board     the position: 90 letters, a FEN letter or '.', square a0 first
 */
public record Visit(int parent, int ply, int depth, Integer iteration, String move, String chinese, String stage,
        String alpha, String beta, int value, String valueText, End end, int untried, String key, String ruling,
        String board) {

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
