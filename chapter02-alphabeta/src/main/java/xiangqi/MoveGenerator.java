package xiangqi;

/**
 * Legal move generation and attack detection.
 *
 * <p>Everything that depends only on geometry is worked out once, in tables indexed by
 * square: where a horse may jump and which square is its leg (马腿), where an elephant may
 * go and which square is its eye (象眼), the palace steps of the general and advisors,
 * the soldier's steps before and after the river, and the squares along each line for
 * chariots and cannons. Move generation then only looks at the board.
 *
 * <p><b>Move order</b> is part of the contract (later chapters' node counts depend on
 * it): pieces in square order a0, b0, ..., i0, a1, ..., i9; for each piece its
 * destinations in table order: lines north, east, south, west, each from near to far;
 * horse and elephant jumps and palace steps in the fixed offset order of the tables below.
 */
public final class MoveGenerator {
    /** More than the most moves any Xiangqi position has (about 120 pseudo-legal at most). */
    public static final int MAX_MOVES = 128;

    private static final int NORTH = 0;
    private static final int EAST = 1;
    private static final int SOUTH = 2;
    private static final int WEST = 3;
    private static final int[] LINE_FILE_STEP = {0, 1, 0, -1};
    private static final int[] LINE_RANK_STEP = {1, 0, -1, 0};

    /** LINES[square][direction]: the squares from near to far, for chariots, cannons, checks. */
    private static final int[][][] LINES = new int[Square.COUNT][4][];
    private static final int[][] GENERAL_STEPS = new int[Square.COUNT][];
    private static final int[][] ADVISOR_STEPS = new int[Square.COUNT][];
    private static final int[][] ELEPHANT_STEPS = new int[Square.COUNT][];
    private static final int[][] ELEPHANT_EYES = new int[Square.COUNT][];
    private static final int[][] HORSE_STEPS = new int[Square.COUNT][];
    private static final int[][] HORSE_LEGS = new int[Square.COUNT][];
    /** Squares from which a horse attacks this square, and the leg that horse needs empty. */
    private static final int[][] HORSE_ATTACKERS = new int[Square.COUNT][];
    private static final int[][] HORSE_ATTACKER_LEGS = new int[Square.COUNT][];
    /** SOLDIER_STEPS[color][square]: forward, then sideways once across the river. */
    private static final int[][][] SOLDIER_STEPS = new int[2][Square.COUNT][];
    /** SOLDIER_ATTACKERS[color][square]: squares from which a soldier of that colour attacks it. */
    private static final int[][][] SOLDIER_ATTACKERS = new int[2][Square.COUNT][];

    private MoveGenerator() {
    }

    static {
        int[][] orthogonal = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
        int[][] diagonal = {{1, 1}, {1, -1}, {-1, -1}, {-1, 1}};
        int[][] horseJumps = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        for (int square = 0; square < Square.COUNT; square++) {
            int file = Square.file(square);
            int rank = Square.rank(square);
            for (int dir = NORTH; dir <= WEST; dir++) {
                int length = 0;
                int[] line = new int[Square.RANKS];
                for (int f = file + LINE_FILE_STEP[dir], r = rank + LINE_RANK_STEP[dir]; Square.onBoard(f, r);
                        f += LINE_FILE_STEP[dir], r += LINE_RANK_STEP[dir]) {
                    line[length++] = Square.of(f, r);
                }
                LINES[square][dir] = java.util.Arrays.copyOf(line, length);
            }
            // The general and advisors never leave the palace they stand in.
            int palace = Square.inPalace(square, Piece.RED) ? Piece.RED
                    : Square.inPalace(square, Piece.BLACK) ? Piece.BLACK : -1;
            GENERAL_STEPS[square] = steps(file, rank, orthogonal, 1, to -> palace >= 0 && Square.inPalace(to, palace));
            ADVISOR_STEPS[square] = steps(file, rank, diagonal, 1, to -> palace >= 0 && Square.inPalace(to, palace));
            // Elephants move two points diagonally and never cross the river.
            int side = Square.onOwnSide(square, Piece.RED) ? Piece.RED : Piece.BLACK;
            ELEPHANT_STEPS[square] = steps(file, rank, diagonal, 2, to -> Square.onOwnSide(to, side));
            ELEPHANT_EYES[square] = midpoints(square, ELEPHANT_STEPS[square]);
            // A horse jumps one point straight then one diagonally; the straight point is its leg.
            HORSE_STEPS[square] = steps(file, rank, horseJumps, 1, to -> true);
            HORSE_LEGS[square] = new int[HORSE_STEPS[square].length];
            HORSE_ATTACKERS[square] = HORSE_STEPS[square];
            HORSE_ATTACKER_LEGS[square] = new int[HORSE_STEPS[square].length];
            for (int i = 0; i < HORSE_STEPS[square].length; i++) {
                int to = HORSE_STEPS[square][i];
                HORSE_LEGS[square][i] = horseLeg(square, to);
                // The jump reversed: a horse on 'to' reaches 'square' over its own leg.
                HORSE_ATTACKER_LEGS[square][i] = horseLeg(to, square);
            }
            for (int color = Piece.RED; color <= Piece.BLACK; color++) {
                int forward = color == Piece.RED ? 1 : -1;
                int[][] directions = Square.onOwnSide(square, color)
                        ? new int[][] {{0, forward}}
                        : new int[][] {{0, forward}, {1, 0}, {-1, 0}};
                SOLDIER_STEPS[color][square] = steps(file, rank, directions, 1, to -> true);
            }
        }
        for (int color = Piece.RED; color <= Piece.BLACK; color++) {
            int[] count = new int[Square.COUNT];
            int[][] attackers = new int[Square.COUNT][3];
            for (int from = 0; from < Square.COUNT; from++) {
                for (int to : SOLDIER_STEPS[color][from]) {
                    attackers[to][count[to]++] = from;
                }
            }
            for (int square = 0; square < Square.COUNT; square++) {
                SOLDIER_ATTACKERS[color][square] = java.util.Arrays.copyOf(attackers[square], count[square]);
            }
        }
    }

    private static int[] steps(int file, int rank, int[][] offsets, int scale, java.util.function.IntPredicate allowed) {
        int[] result = new int[offsets.length];
        int length = 0;
        for (int[] offset : offsets) {
            int f = file + offset[0] * scale;
            int r = rank + offset[1] * scale;
            if (Square.onBoard(f, r) && allowed.test(Square.of(f, r))) {
                result[length++] = Square.of(f, r);
            }
        }
        return java.util.Arrays.copyOf(result, length);
    }

    private static int[] midpoints(int from, int[] targets) {
        int[] result = new int[targets.length];
        for (int i = 0; i < targets.length; i++) {
            result[i] = (from + targets[i]) / 2;
        }
        return result;
    }

    /** The leg of a horse jump: one point from 'from' along the jump's long side. */
    private static int horseLeg(int from, int to) {
        int df = Square.file(to) - Square.file(from);
        int dr = Square.rank(to) - Square.rank(from);
        return Math.abs(df) == 2 ? Square.of(Square.file(from) + df / 2, Square.rank(from))
                : Square.of(Square.file(from), Square.rank(from) + dr / 2);
    }

    // ---------------------------------------------------------------- generation

    /**
     * Writes every legal move of the side to move into {@code moves} and returns how many.
     * A pseudo-legal move is legal if, once made, it does not leave the mover's general
     * attacked or facing the other general; we simply make it and look.
     */
    public static int generateLegal(Position position, int[] moves) {
        int count = generatePseudoLegal(position, moves);
        int us = position.sideToMove();
        int legal = 0;
        for (int i = 0; i < count; i++) {
            int move = moves[i];
            position.makeMove(move);
            if (!isAttacked(position, position.generalSquare(us), us ^ 1)) {
                moves[legal++] = move;
            }
            position.unmakeMove(move);
        }
        return legal;
    }

    /** Moves that obey each piece's movement rule, before the test for self-check. */
    static int generatePseudoLegal(Position position, int[] moves) {
        int us = position.sideToMove();
        int count = 0;
        for (int from = 0; from < Square.COUNT; from++) {
            int piece = position.pieceAt(from);
            if (piece == Piece.EMPTY || Piece.color(piece) != us) {
                continue;
            }
            switch (Piece.type(piece)) {
                case Piece.GENERAL -> count = addSteps(position, us, from, GENERAL_STEPS[from], moves, count);
                case Piece.ADVISOR -> count = addSteps(position, us, from, ADVISOR_STEPS[from], moves, count);
                case Piece.ELEPHANT -> count = addBlockableSteps(position, us, from, ELEPHANT_STEPS[from],
                        ELEPHANT_EYES[from], moves, count);
                case Piece.HORSE -> count = addBlockableSteps(position, us, from, HORSE_STEPS[from],
                        HORSE_LEGS[from], moves, count);
                case Piece.CHARIOT -> count = addChariotMoves(position, us, from, moves, count);
                case Piece.CANNON -> count = addCannonMoves(position, us, from, moves, count);
                case Piece.SOLDIER -> count = addSteps(position, us, from, SOLDIER_STEPS[us][from], moves, count);
                default -> throw new IllegalStateException("no piece type " + piece);
            }
        }
        return count;
    }

    private static boolean emptyOrEnemy(int piece, int us) {
        return piece == Piece.EMPTY || Piece.color(piece) != us;
    }

    private static int addSteps(Position position, int us, int from, int[] targets, int[] moves, int count) {
        for (int to : targets) {
            if (emptyOrEnemy(position.pieceAt(to), us)) {
                moves[count++] = Move.of(from, to);
            }
        }
        return count;
    }

    /** Horse and elephant: the jump is allowed only if its leg (or eye) is empty. */
    private static int addBlockableSteps(Position position, int us, int from, int[] targets, int[] blockers,
            int[] moves, int count) {
        for (int i = 0; i < targets.length; i++) {
            if (position.pieceAt(blockers[i]) == Piece.EMPTY && emptyOrEnemy(position.pieceAt(targets[i]), us)) {
                moves[count++] = Move.of(from, targets[i]);
            }
        }
        return count;
    }

    /** Chariot: slide until the first piece, which may be captured if it is an enemy. */
    private static int addChariotMoves(Position position, int us, int from, int[] moves, int count) {
        for (int[] line : LINES[from]) {
            for (int to : line) {
                int target = position.pieceAt(to);
                if (target == Piece.EMPTY) {
                    moves[count++] = Move.of(from, to);
                } else {
                    if (Piece.color(target) != us) {
                        moves[count++] = Move.of(from, to);
                    }
                    break;
                }
            }
        }
        return count;
    }

    /** Cannon: slide like a chariot, but capture only by jumping exactly one screen (炮架). */
    private static int addCannonMoves(Position position, int us, int from, int[] moves, int count) {
        for (int[] line : LINES[from]) {
            int i = 0;
            while (i < line.length && position.pieceAt(line[i]) == Piece.EMPTY) {
                moves[count++] = Move.of(from, line[i++]);
            }
            for (i++; i < line.length; i++) { // i passed the screen
                int target = position.pieceAt(line[i]);
                if (target != Piece.EMPTY) {
                    if (Piece.color(target) != us) {
                        moves[count++] = Move.of(from, line[i]);
                    }
                    break;
                }
            }
        }
        return count;
    }

    // ---------------------------------------------------------------- attacks

    /**
     * Is the general standing on {@code square} attacked by side {@code by}? Works outward
     * from the general: along the four lines the first piece may be a chariot (or the enemy
     * general on an open file: the flying-general rule, 对面笑, makes facing generals an
     * attack) and the second piece a cannon; then the horse squares, each with its own leg,
     * and the soldier squares.
     */
    static boolean isAttacked(Position position, int square, int by) {
        int chariot = Piece.of(by, Piece.CHARIOT);
        int cannon = Piece.of(by, Piece.CANNON);
        int general = Piece.of(by, Piece.GENERAL);
        for (int[] line : LINES[square]) {
            int i = 0;
            while (i < line.length && position.pieceAt(line[i]) == Piece.EMPTY) {
                i++;
            }
            if (i == line.length) {
                continue;
            }
            int first = position.pieceAt(line[i]);
            if (first == chariot || first == general) {
                return true;
            }
            for (i++; i < line.length; i++) {
                int second = position.pieceAt(line[i]);
                if (second != Piece.EMPTY) {
                    if (second == cannon) {
                        return true;
                    }
                    break;
                }
            }
        }
        int horse = Piece.of(by, Piece.HORSE);
        int[] horses = HORSE_ATTACKERS[square];
        int[] legs = HORSE_ATTACKER_LEGS[square];
        for (int i = 0; i < horses.length; i++) {
            if (position.pieceAt(horses[i]) == horse && position.pieceAt(legs[i]) == Piece.EMPTY) {
                return true;
            }
        }
        int soldier = Piece.of(by, Piece.SOLDIER);
        for (int from : SOLDIER_ATTACKERS[by][square]) {
            if (position.pieceAt(from) == soldier) {
                return true;
            }
        }
        return false;
    }

    /** True if the two generals stand on one file with nothing between them. */
    static boolean generalsFace(Position position) {
        int red = position.generalSquare(Piece.RED);
        int black = position.generalSquare(Piece.BLACK);
        if (Square.file(red) != Square.file(black)) {
            return false;
        }
        for (int square = red + Square.FILES; square < black; square += Square.FILES) {
            if (position.pieceAt(square) != Piece.EMPTY) {
                return false;
            }
        }
        return true;
    }

    /**
     * The legal move written {@code text} in this position.
     *
     * @throws IllegalArgumentException if it is malformed or not legal here
     */
    public static int parseLegal(Position position, String text) {
        int move = Move.parseUci(text);
        int[] moves = new int[MAX_MOVES];
        int count = generateLegal(position, moves);
        for (int i = 0; i < count; i++) {
            if (moves[i] == move) {
                return move;
            }
        }
        int piece = position.pieceAt(Move.from(move));
        String what = piece == Piece.EMPTY ? "there is no piece on " + Square.name(Move.from(move))
                : Piece.color(piece) != position.sideToMove()
                        ? "the piece on " + Square.name(Move.from(move)) + " is not " + Position.colorName(position.sideToMove()) + "'s"
                        : "the " + Position.typeName(Piece.type(piece)) + " on " + Square.name(Move.from(move))
                                + " cannot go to " + Square.name(Move.to(move));
        throw new IllegalArgumentException("illegal move '" + text + "': " + what);
    }
}
