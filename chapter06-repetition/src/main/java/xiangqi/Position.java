package xiangqi;

import java.util.Arrays;

/**
 * A Xiangqi position: the board, the side to move, and the history of the game: every move
 * made since the position was set up, game moves and search moves alike.
 *
 * <p>The board is a flat {@code int[90]} indexed by {@link Square}; each entry is a
 * {@link Piece} code. {@link #makeMove} and {@link #unmakeMove} change it in place, so the
 * search walks the whole game tree with one object and no copying. Everything that
 * {@code makeMove} changes and cannot recompute (the captured piece, the move clock) is
 * pushed on a stack that {@code unmakeMove} pops; for {@link Repetition} it also records
 * each move's key and whether it can be undone, so a position meets every earlier one.
 *
 * <p>The position also carries its {@link Zobrist} key, kept up to date move by move.
 */
public final class Position {
    public static final String START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    private final int[] board = new int[Square.COUNT];
    private final int[] generalSquare = new int[2];
    private int sideToMove;
    private int halfmoveClock;
    private int fullmoveNumber;
    private long key;

    // The history stack (历史局面栈): one entry per move since set-up, the game's and the search's:
    // the key before move i, the move, what it captured, whether it can ever be undone.
    private int[] capturedStack = new int[256];
    private int[] clockStack = new int[256];
    private long[] keyStack = new long[256];
    private int[] moveStack = new int[256];
    private boolean[] irreversibleStack = new boolean[256];
    private int ply;

    private Position() {
    }

    public static Position startPosition() {
        return fromFen(START_FEN);
    }

    public int pieceAt(int square) {
        return board[square];
    }

    public int sideToMove() {
        return sideToMove;
    }

    int generalSquare(int color) {
        return generalSquare[color];
    }

    /** The Zobrist key: equal positions (board and side to move) have equal keys. */
    public long key() {
        return key;
    }

    /** How many moves the history stack holds: game moves and search moves since set-up. */
    int historyLength() {
        return ply;
    }

    /** The key of the position before move {@code index} of the history (0 is the first move). */
    long keyBefore(int index) {
        return keyStack[index];
    }

    /** Move {@code index} of the history. */
    public int moveAt(int index) {
        return moveStack[index];
    }

    /** Was move {@code index} a capture or a soldier's step forward, which no move undoes? */
    boolean irreversible(int index) {
        return irreversibleStack[index];
    }

    /**
     * Hands the move to the other side without moving a piece (a "null move"). Only
     * {@link Repetition} uses it, to ask what the side that just moved now attacks; calling
     * it again restores the position exactly.
     */
    void passTurn() {
        sideToMove ^= 1;
        key ^= Zobrist.BLACK_TO_MOVE;
    }

    /** True if the side to move's general is attacked (including by the facing general). */
    public boolean inCheck() {
        return MoveGenerator.isAttacked(this, generalSquare[sideToMove], sideToMove ^ 1);
    }

    /**
     * Is the piece on {@code square} pinned to its own general: with the general safe now,
     * would it be attacked were this piece lifted off the board? (A pinned piece chases nothing.)
     */
    boolean pinnedToGeneral(int square) {
        int piece = board[square];
        int color = Piece.color(piece);
        int general = generalSquare[color];
        if (square == general || MoveGenerator.isAttacked(this, general, color ^ 1)) {
            return false;
        }
        board[square] = Piece.EMPTY;
        boolean exposed = MoveGenerator.isAttacked(this, general, color ^ 1);
        board[square] = piece;
        return exposed;
    }

    /** Plies since the last capture: the FEN's halfmove clock, kept move by move (the move limit reads it). */
    int halfmoveClock() {
        return halfmoveClock;
    }

    /**
     * Plays a move that {@link MoveGenerator} produced. The move must at least be
     * pseudo-legal; legality is the generator's job, not this method's.
     */
    public void makeMove(int move) {
        int from = Move.from(move);
        int to = Move.to(move);
        int piece = board[from];
        int captured = board[to];
        if (ply == capturedStack.length) {
            capturedStack = Arrays.copyOf(capturedStack, ply * 2);
            clockStack = Arrays.copyOf(clockStack, ply * 2);
            keyStack = Arrays.copyOf(keyStack, ply * 2);
            moveStack = Arrays.copyOf(moveStack, ply * 2);
            irreversibleStack = Arrays.copyOf(irreversibleStack, ply * 2);
        }
        capturedStack[ply] = captured;
        clockStack[ply] = halfmoveClock;
        keyStack[ply] = key;
        moveStack[ply] = move;
        // A capture cannot be undone, nor a soldier's step forward (soldiers never step back).
        irreversibleStack[ply] = captured != Piece.EMPTY
                || Piece.type(piece) == Piece.SOLDIER && Square.file(from) == Square.file(to);
        ply++;

        board[to] = piece;
        board[from] = Piece.EMPTY;
        if (Piece.type(piece) == Piece.GENERAL) {
            generalSquare[sideToMove] = to;
        }
        updateKey(piece, from, to, captured);
        halfmoveClock = captured == Piece.EMPTY ? halfmoveClock + 1 : 0;
        if (sideToMove == Piece.BLACK) {
            fullmoveNumber++;
        }
        sideToMove ^= 1;
    }

    /** Takes back the last move made; {@code move} must be that move. */
    public void unmakeMove(int move) {
        int from = Move.from(move);
        int to = Move.to(move);
        ply--;
        sideToMove ^= 1;
        if (sideToMove == Piece.BLACK) {
            fullmoveNumber--;
        }
        halfmoveClock = clockStack[ply];

        int piece = board[to];
        board[from] = piece;
        board[to] = capturedStack[ply];
        if (Piece.type(piece) == Piece.GENERAL) {
            generalSquare[sideToMove] = from;
        }
        updateKey(piece, from, to, capturedStack[ply]); // XOR undoes itself: the same steps restore the key
    }

    /**
     * The incremental Zobrist update, three XORs and the side: (1) the mover leaves
     * {@code from}, (2) a captured piece leaves {@code to}, (3) the mover arrives on
     * {@code to}; then the side to move flips. Nothing else on the board changed, so
     * nothing else enters the key.
     */
    private void updateKey(int piece, int from, int to, int captured) {
        key ^= Zobrist.PIECE_SQUARE[piece][from];
        key ^= Zobrist.PIECE_SQUARE[captured][to]; // row 0 (no piece) is all zeros: no branch needed
        key ^= Zobrist.PIECE_SQUARE[piece][to];
        key ^= Zobrist.BLACK_TO_MOVE;
    }

    // ---------------------------------------------------------------- FEN

    /**
     * Reads a position in FEN: ten ranks from black's side (rank 9) down to red's (rank 0),
     * upper case red, then the side to move, {@code w} (red) or {@code b} (black). The two
     * fields after it are unused in Xiangqi and may be {@code -}; the move clocks may be
     * left out. The position is checked for what the rules make impossible (a general
     * outside its palace, an elephant across the river, facing generals, ...).
     *
     * @throws IllegalArgumentException with one line naming what is wrong
     */
    public static Position fromFen(String fen) {
        String[] fields = fen.trim().split("\\s+");
        if (fields.length == 0 || fields[0].isEmpty()) {
            throw new IllegalArgumentException("bad FEN: it is empty");
        }
        Position position = new Position();
        position.placePieces(fields[0]);
        if (fields.length < 2) {
            throw new IllegalArgumentException("bad FEN: the side to move is missing (expected 'w' or 'b' after the board)");
        }
        position.sideToMove = switch (fields[1]) {
            case "w" -> Piece.RED;
            case "b" -> Piece.BLACK;
            default -> throw new IllegalArgumentException(
                    "bad FEN: side to move is '" + fields[1] + "', expected 'w' (red) or 'b' (black)");
        };
        for (int i = 2; i < Math.min(fields.length, 4); i++) {
            if (!fields[i].equals("-")) {
                throw new IllegalArgumentException("bad FEN: '" + fields[i] + "' where '-' belongs (field " + (i + 1)
                        + ": Xiangqi has no castling and no en passant)");
            }
        }
        if (fields.length > 6) {
            throw new IllegalArgumentException("bad FEN: '" + fields[6] + "' after the move number (moves go after 'moves')");
        }
        position.halfmoveClock = fields.length > 4 ? parseCounter(fields[4], "halfmove clock", 0) : 0;
        position.fullmoveNumber = fields.length > 5 ? parseCounter(fields[5], "move number", 1) : 1;
        position.checkLegal();
        position.key = Zobrist.compute(position);
        return position;
    }

    private void placePieces(String placement) {
        String[] ranks = placement.split("/", -1);
        if (ranks.length != Square.RANKS) {
            throw new IllegalArgumentException("bad FEN: " + ranks.length + " ranks, expected 10 separated by '/'");
        }
        int[] generals = new int[2];
        for (int row = 0; row < Square.RANKS; row++) {
            int rank = Square.RANKS - 1 - row;
            int file = 0;
            for (char c : ranks[row].toCharArray()) {
                if (c >= '1' && c <= '9') {
                    file += c - '0';
                } else {
                    int piece = Piece.fromFenLetter(c);
                    if (piece == Piece.EMPTY) {
                        throw new IllegalArgumentException("bad FEN: unknown piece letter '" + c + "' in rank " + rank);
                    }
                    if (file < Square.FILES) {
                        int square = Square.of(file, rank);
                        board[square] = piece;
                        checkPlacement(piece, square);
                        if (Piece.type(piece) == Piece.GENERAL) {
                            generals[Piece.color(piece)]++;
                            generalSquare[Piece.color(piece)] = square;
                        }
                    }
                    file++;
                }
            }
            if (file != Square.FILES) {
                throw new IllegalArgumentException("bad FEN: rank " + rank + " ('" + ranks[row] + "') covers "
                        + file + " files, expected 9");
            }
        }
        for (int color = Piece.RED; color <= Piece.BLACK; color++) {
            if (generals[color] != 1) {
                throw new IllegalArgumentException("bad FEN: " + generals[color] + " " + colorName(color)
                        + " generals, expected exactly one");
            }
        }
        checkPieceCounts();
    }

    /** Each piece type may stand only where its moves can bring it. */
    private static void checkPlacement(int piece, int square) {
        int color = Piece.color(piece);
        int file = Square.file(square);
        int rank = Square.rank(square);
        int ownRank = color == Piece.RED ? rank : 9 - rank; // rank counted from its own side
        // Seen from its own side: advisors stand on d0 f0 e1 d2 f2 (odd file + rank), elephants
        // on c0 g0 a2 e2 i2 c4 g4 (even file and rank, file + rank = 2, 6 or 10), soldiers on
        // a3 c3 e3 g3 i3 and a4 ... i4 before the river, anywhere beyond it.
        boolean ok = switch (Piece.type(piece)) {
            case Piece.GENERAL -> Square.inPalace(square, color);
            case Piece.ADVISOR -> Square.inPalace(square, color) && (file + ownRank) % 2 == 1;
            case Piece.ELEPHANT -> ownRank <= 4 && ownRank % 2 == 0 && file % 2 == 0 && (file + ownRank) % 4 == 2;
            case Piece.SOLDIER -> ownRank >= 5 || (ownRank >= 3 && file % 2 == 0);
            default -> true;
        };
        if (!ok) {
            throw new IllegalArgumentException("bad FEN: " + colorName(color) + " " + typeName(Piece.type(piece))
                    + " on " + Square.name(square) + ", a square it can never reach");
        }
    }

    private void checkPieceCounts() {
        int[] limit = {0, 1, 2, 2, 2, 2, 2, 5};
        int[] count = new int[16];
        for (int piece : board) {
            count[piece]++;
        }
        for (int piece = 1; piece < 16; piece++) {
            int type = Piece.type(piece);
            if (type != Piece.EMPTY && count[piece] > limit[type]) {
                throw new IllegalArgumentException("bad FEN: " + count[piece] + " " + colorName(Piece.color(piece)) + " "
                        + typeName(type) + "s, at most " + limit[type] + " allowed");
            }
        }
    }

    /** The side that just moved may not have left its general attacked, nor facing the other. */
    private void checkLegal() {
        if (MoveGenerator.generalsFace(this)) {
            throw new IllegalArgumentException("bad FEN: the generals face each other on an open file");
        }
        int justMoved = sideToMove ^ 1;
        if (MoveGenerator.isAttacked(this, generalSquare[justMoved], sideToMove)) {
            throw new IllegalArgumentException("bad FEN: the " + colorName(justMoved)
                    + " general is in check but it is " + colorName(sideToMove) + " to move");
        }
    }

    private static int parseCounter(String text, String what, int minimum) {
        if (text.equals("-")) {
            return minimum;
        }
        try {
            int value = text.matches("[0-9]{1,9}") ? Integer.parseInt(text) : -1; // ASCII digits only
            if (value >= minimum) {
                return value;
            }
        } catch (NumberFormatException e) {
            // fall through to the message below
        }
        throw new IllegalArgumentException("bad FEN: " + what + " '" + text + "' is not a number >= " + minimum);
    }

    /** Writes the position as FEN, the exact inverse of {@link #fromFen}. */
    public String toFen() {
        StringBuilder fen = new StringBuilder();
        for (int rank = Square.RANKS - 1; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < Square.FILES; file++) {
                int piece = board[Square.of(file, rank)];
                if (piece == Piece.EMPTY) {
                    empty++;
                } else {
                    if (empty > 0) {
                        fen.append(empty);
                        empty = 0;
                    }
                    fen.append(Piece.fenLetter(piece));
                }
            }
            if (empty > 0) {
                fen.append(empty);
            }
            if (rank > 0) {
                fen.append('/');
            }
        }
        fen.append(sideToMove == Piece.RED ? " w" : " b");
        fen.append(" - - ").append(halfmoveClock).append(' ').append(fullmoveNumber);
        return fen.toString();
    }

    /** A board diagram with Chinese piece names, black at the top as on a printed board. */
    public String diagram() {
        StringBuilder out = new StringBuilder();
        for (int rank = Square.RANKS - 1; rank >= 0; rank--) {
            out.append(rank).append(' ');
            for (int file = 0; file < Square.FILES; file++) {
                int piece = board[Square.of(file, rank)];
                out.append(piece == Piece.EMPTY ? "・" : String.valueOf(Piece.diagramName(piece)));
            }
            out.append('\n');
            if (rank == 5) {
                out.append("  ～楚河～～～汉界～\n");
            }
        }
        out.append("  ａｂｃｄｅｆｇｈｉ\n");
        out.append(sideToMove == Piece.RED ? "  red (upper-case FEN, 帅) to move" : "  black (lower-case FEN, 将) to move");
        return out.toString();
    }

    public static String colorName(int color) {
        return color == Piece.RED ? "red" : "black";
    }

    public static String typeName(int type) {
        return switch (type) {
            case Piece.GENERAL -> "general";
            case Piece.ADVISOR -> "advisor";
            case Piece.ELEPHANT -> "elephant";
            case Piece.HORSE -> "horse";
            case Piece.CHARIOT -> "chariot";
            case Piece.CANNON -> "cannon";
            case Piece.SOLDIER -> "soldier";
            default -> "nothing";
        };
    }
}
