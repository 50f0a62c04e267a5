package xiangqi;

/**
 * Chinese move notation, the four characters of Xiangqi books and broadcasts,
 * such as {@code 炮二平五} ("cannon on file two moves sideways to file five").
 *
 * <p>A move is written as piece, origin file, verb, number:
 * <ul>
 * <li>Files are counted from the mover's own right. Red writes Chinese numerals, so
 *     file i is 一 and file a is 九; black writes digits, so file a is 1 and file i is 9.
 *     Every number in a move uses the mover's system.</li>
 * <li>The verb is 进 (forward, towards the opponent), 退 (backward) or 平 (sideways).</li>
 * <li>Pieces that move along lines (general, chariot, cannon, soldier) follow 进 or 退
 *     with the number of ranks travelled, and 平 with the destination file: h2e2 in the
 *     start position is 炮二平五, i0i1 is 车一进一.</li>
 * <li>Pieces that move diagonally (advisor, elephant, horse) always change file, so the
 *     number is the destination file: b0c2 is 马八进七, h9g7 for black is 马8进7.</li>
 * </ul>
 *
 * <p>When two or more identical pieces of one side share a file, the file number no longer
 * says which one moves; the rules for that are given at {@code origin} below.
 */
public final class Notation {
    private static final String RED_NUMERALS = "一二三四五六七八九";

    private Notation() {
    }

    /**
     * The notation of {@code move}, which must start from a square holding a piece, in the
     * position before the move is made. Only the board is read: the position is not
     * changed. Legality is not checked.
     *
     * <p>Example: in the start position {@code h2h9} (the cannon takes the horse) is
     * 炮二进七, seven ranks forward on red's second file.
     *
     * @throws IllegalArgumentException if the origin square is empty
     */
    public static String chinese(Position position, int move) {
        int from = Move.from(move);
        int to = Move.to(move);
        int piece = position.pieceAt(from);
        if (piece == Piece.EMPTY) {
            throw new IllegalArgumentException("no piece on " + Square.name(from) + " to play " + Move.toUci(move));
        }
        int color = Piece.color(piece);
        int type = Piece.type(piece);
        int forward = ownRank(to, color) - ownRank(from, color);
        String verb = forward > 0 ? "进" : forward < 0 ? "退" : "平";
        boolean diagonal = type == Piece.ADVISOR || type == Piece.ELEPHANT || type == Piece.HORSE;
        int number = forward == 0 || diagonal ? fileNumber(to, color) : Math.abs(forward);
        return origin(position, from) + verb + numeral(number, color);
    }

    /**
     * The notation of {@code moves[from]} up to (not including) {@code moves[to]}, played
     * in turn from {@code position} and separated by spaces; for a principal variation
     * from the start position, say, {@code 炮二平五 马8进7 马二进三 车9平8}. The moves are
     * made to find each one's position and taken back before returning, so the position
     * ends as it began. They must be legal, one after the other.
     */
    public static String chineseLine(Position position, int[] moves, int from, int to) {
        StringBuilder line = new StringBuilder();
        int made = from;
        try {
            for (; made < to; made++) {
                if (made > from) {
                    line.append(' ');
                }
                line.append(chinese(position, moves[made]));
                position.makeMove(moves[made]);
            }
        } finally {
            for (int i = made - 1; i >= from; i--) {
                position.unmakeMove(moves[i]);
            }
        }
        return line.toString();
    }

    /**
     * The first two characters: which piece moves. Normally the piece and its file, 炮二.
     * When identical pieces of the mover's side share the file, a word for the piece's
     * place counted from the front (the end nearer the opponent) takes the file's place:
     * <ul>
     * <li>two: 前 (front) or 后 (rear), e.g. red cannons on h2 and h4, h4e4 is 前炮平五;</li>
     * <li>three soldiers: 前, 中 (middle) or 后;</li>
     * <li>four or five soldiers: their number from the front in the mover's system, e.g.
     *     with red soldiers on e4..e8, e7d7 is 二兵平六 (black would write 2卒).</li>
     * </ul>
     * Two cases need more care:
     * <ul>
     * <li>Advisors and elephants never get 前 or 后: of two on one file, the front one can
     *     only retreat and the rear one only advance, so the verb already tells them apart.
     *     Red advisors on d0 and d2 write 仕六进五 and 仕六退五.</li>
     * <li>If soldiers are stacked on two files, 前兵 would be ambiguous. The AXF/WXF notation
     *     rules (case IV of tandem pawns) then name the file of the soldier that moves, 7+.8;
     *     written in Chinese with the place word first, as in 前车, the file number takes the
     *     piece name's place. With red soldiers on c5, c6, g5 and g6, c6b6 is 前七平八 and
     *     g5h5 is 后三平二.</li>
     * </ul>
     */
    private static String origin(Position position, int from) {
        int piece = position.pieceAt(from);
        int color = Piece.color(piece);
        int type = Piece.type(piece);
        String name = String.valueOf(Piece.notationName(piece));
        String file = numeral(fileNumber(from, color), color);

        int ahead = 0;
        int count = 0;
        for (int rank = 0; rank < Square.RANKS; rank++) {
            int square = Square.of(Square.file(from), rank);
            if (position.pieceAt(square) == piece) {
                count++;
                if (ownRank(square, color) > ownRank(from, color)) {
                    ahead++;
                }
            }
        }
        if (count == 1 || type == Piece.ADVISOR || type == Piece.ELEPHANT) {
            return name + file;
        }
        String place;
        if (count == 2) {
            place = ahead == 0 ? "前" : "后";
        } else if (count == 3) {
            place = "前中后".substring(ahead, ahead + 1);
        } else {
            place = numeral(ahead + 1, color);
        }
        if (type == Piece.SOLDIER && stackedFiles(position, piece) > 1) {
            return place + file;
        }
        return place + name;
    }

    /** How many files hold two or more of {@code piece}. */
    private static int stackedFiles(Position position, int piece) {
        int files = 0;
        for (int file = 0; file < Square.FILES; file++) {
            int count = 0;
            for (int rank = 0; rank < Square.RANKS; rank++) {
                if (position.pieceAt(Square.of(file, rank)) == piece) {
                    count++;
                }
            }
            if (count >= 2) {
                files++;
            }
        }
        return files;
    }

    /** The rank counted from the given side's back rank, so that larger means further forward. */
    private static int ownRank(int square, int color) {
        return color == Piece.RED ? Square.rank(square) : Square.RANKS - 1 - Square.rank(square);
    }

    /** The file number 1..9 counted from the given side's right. */
    private static int fileNumber(int square, int color) {
        return color == Piece.RED ? Square.FILES - Square.file(square) : Square.file(square) + 1;
    }

    /** The number 1..9 as the given side writes it: 一..九 for red, 1..9 for black. */
    private static String numeral(int number, int color) {
        return color == Piece.RED ? String.valueOf(RED_NUMERALS.charAt(number - 1)) : String.valueOf(number);
    }
}
