package xiangqi;

import java.util.Arrays;

/**
 * Repetition (重复局面) and how Xiangqi rules it. In chess a repeated position is a draw.
 * In Xiangqi it is a draw only if neither side forced it: a side that repeats by
 * checking on every move (长将, perpetual check) or by chasing the same piece on every
 * move (长捉, perpetual chase) must stop or lose.
 *
 * <p><b>Detection</b> (Moreland's scheme). A position can come back only if no capture
 * and no soldier's step forward came between (neither can be undone), and only with the
 * same side to move, so from the current position we step back through the history stack
 * over the moves since the last such move and compare keys two plies at a time (4 plies
 * is the shortest cycle). One earlier occurrence is enough:
 * an engine rules there, because a position that came back once can come back for ever.
 * An arbiter waits for the third occurrence before ruling; the verdict is the same.
 *
 * <p><b>The verdict.</b> The moves between the two occurrences form a cycle; each side
 * made half of them. A side's level is {@link Level#CHECK} if every one of its moves gave
 * check, else {@link Level#CHASE} if every one of them chased, and the same enemy piece
 * all cycle long, else {@link Level#IDLE}. The higher level loses; equal levels draw. So
 * mutual perpetual check is a draw, perpetual check against perpetual chase loses for the
 * checker, and a side that checks once and then makes a quiet move (一将一闲) is idle.
 *
 * <p>The verdict needs what each move of the cycle did to the opponent. The stack records
 * only the key, the move and the capture, because {@code makeMove} is also the move
 * generator's legality test and must stay cheap; the verdict replays the cycle to find
 * checks and chases, and that happens only when a key comes back.
 */
final class Repetition {
    /** What a side did all cycle long, from harmless to forbidden: the higher level loses. */
    enum Level { IDLE, CHASE, CHECK }

    /** The ruling on the current position, as {@code judge} prints it. */
    enum Outcome {
        NONE("none"), DRAW("draw"), RED_LOSES("red-loses"), BLACK_LOSES("black-loses");

        final String text;

        Outcome(String text) {
            this.text = text;
        }

        /** The colour that loses, or -1 for none and draw. */
        int loser() {
            return this == RED_LOSES ? Piece.RED : this == BLACK_LOSES ? Piece.BLACK : -1;
        }
    }

    /**
     * The ruling, and why: the cycle (history indexes {@code start} up to the present), each
     * side's level, and for a chasing side the square where the piece it chased stood
     * when the cycle began.
     */
    record Verdict(Outcome outcome, int start, int[] cycle, Level[] level, int[] chasedFrom) {
        static final Verdict NO_REPETITION = new Verdict(Outcome.NONE, -1, new int[0], new Level[0], new int[0]);
    }

    static final int NOT_FOUND = -1;

    /**
     * What a piece is worth when one piece takes another: a piece attacked by a cheaper
     * piece is chased even when protected, because the exchange wins material. Indexed by
     * {@link Piece} type; the general is never taken. These are the rule book's values,
     * not the evaluation's ({@link Evaluation#MATERIAL}) or the move picker's: the chase
     * rules count a horse and a cannon as equal, so neither chases the other when it is
     * protected.
     */
    private static final int[] WORTH = {0, 0, 2, 2, 4, 9, 4, 1};

    private Repetition() {
    }

    /**
     * Moreland's scan: the history index where the current position stood before, with
     * the same side to move and no irreversible move since, or {@link #NOT_FOUND}. The most recent
     * occurrence is found first, so the cycle is the shortest one.
     */
    static int find(Position position) {
        long key = position.key();
        int length = position.historyLength();
        for (int i = length - 1; i >= 0 && !position.irreversible(i); i--) {
            int plies = length - i;
            if (plies >= 4 && plies % 2 == 0 && position.keyBefore(i) == key) {
                return i;
            }
        }
        return NOT_FOUND;
    }

    /**
     * The ruling on the current position. The cycle is taken back on the position itself and
     * replayed move by move, recording for each move whether it gave check and which enemy
     * pieces it newly chased; the position is left as it was.
     */
    static Verdict judge(Position position) {
        int start = find(position);
        if (start == NOT_FOUND) {
            return Verdict.NO_REPETITION;
        }
        int[] cycle = new int[position.historyLength() - start];
        for (int i = 0; i < cycle.length; i++) {
            cycle[i] = position.moveAt(start + i);
        }
        for (int i = cycle.length - 1; i >= 0; i--) {
            position.unmakeMove(cycle[i]);
        }
        // A piece is known by the square it stood on when the cycle began, so a chased piece
        // that runs away is still the same piece. Pieces that never move keep their square.
        int[] identity = new int[Square.COUNT];
        Arrays.setAll(identity, square -> square);
        boolean[] checkedEveryMove = {true, true};
        boolean[][] chasedEveryMove = new boolean[2][Square.COUNT];
        Arrays.fill(chasedEveryMove[Piece.RED], true);
        Arrays.fill(chasedEveryMove[Piece.BLACK], true);
        for (int move : cycle) {
            int mover = position.sideToMove();
            boolean[] before = chasedPieces(position, identity);
            position.makeMove(move);
            identity[Move.to(move)] = identity[Move.from(move)];
            checkedEveryMove[mover] &= position.inCheck();
            position.passTurn(); // what could the mover take next, if it were its turn again?
            boolean[] after = chasedPieces(position, identity);
            position.passTurn();
            for (int piece = 0; piece < Square.COUNT; piece++) {
                chasedEveryMove[mover][piece] &= after[piece] && !before[piece]; // only a new attack chases
            }
        }
        Level[] level = new Level[2];
        int[] chasedFrom = new int[2];
        for (int color = Piece.RED; color <= Piece.BLACK; color++) {
            chasedFrom[color] = indexOfTrue(chasedEveryMove[color]);
            level[color] = checkedEveryMove[color] ? Level.CHECK
                    : chasedFrom[color] != NOT_FOUND ? Level.CHASE : Level.IDLE;
        }
        int order = level[Piece.RED].compareTo(level[Piece.BLACK]);
        Outcome outcome = order == 0 ? Outcome.DRAW : order > 0 ? Outcome.RED_LOSES : Outcome.BLACK_LOSES;
        return new Verdict(outcome, start, cycle, level, chasedFrom);
    }

    /**
     * The enemy pieces the side to move chases: those it could take now, legally, with
     * gain. Indexed by the pieces' identity.
     */
    private static boolean[] chasedPieces(Position position, int[] identity) {
        boolean[] chased = new boolean[Square.COUNT];
        int[] captures = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.generateLegal(position, captures, MoveGenerator.CAPTURES);
        for (int i = 0; i < count; i++) {
            if (isChase(position, captures[i])) {
                chased[identity[Move.to(captures[i])]] = true;
            }
        }
        return chased;
    }

    /**
     * Would this legal capture win something? The rules of chase, one by one, each with the
     * position (red to move) and capture that {@code RepetitionTest.chaseRules} tries. The
     * capture is legal, so an attacker pinned to its own general, or one that would let
     * the generals face, chases nothing. Left out (see the README): finer protection
     * rules, several attackers in turn, and the Chinese rules' forbidden alternations.
     */
    static boolean isChase(Position position, int capture) {
        int from = Move.from(capture);
        int to = Move.to(capture);
        int attacker = Piece.type(position.pieceAt(from));
        int victim = position.pieceAt(to);
        // The general and the soldiers may attack as often as they like: their attacks are
        // never chases. 3k5/9/9/9/9/9/9/9/4n4/4K4 w: e0e1, the general takes an unprotected
        // horse: no chase. (Also soldierAttacksAreNotChases: the same dance, chariot or soldier.)
        if (attacker == Piece.GENERAL || attacker == Piece.SOLDIER) {
            return false;
        }
        // An attack on the general is a check, ruled by its own level.
        if (Piece.type(victim) == Piece.GENERAL) {
            return false;
        }
        // A soldier that has not crossed the river may be attacked freely; one that has
        // crossed counts as a piece. 3k5/9/9/4p4/9/9/9/4R4/9/5K3 w: e2e6, no chase;
        // 3k5/9/9/9/9/9/4p4/9/4R4/5K3 w: e1e3, a chase.
        if (Piece.type(victim) == Piece.SOLDIER && Square.onOwnSide(to, Piece.color(victim))) {
            return false;
        }
        // A chariot attacked by a horse or cannon (or an advisor or elephant) is chased even
        // when protected: taking it and losing the attacker still wins material.
        // 4k4/9/9/9/3r4r/9/2N6/9/9/5K3 w: c3d5, the i5 chariot protects d5, still a chase.
        if (WORTH[Piece.type(victim)] > WORTH[attacker]) {
            return true;
        }
        // Otherwise only an unprotected piece is chased. "Protected" means a legal
        // recapture: a protector pinned to its general protects nothing, and the general
        // protects only squares it may step on. 3k1r3/9/9/9/R4n3/9/9/9/9/4K4 w: a5f5, the
        // f9 chariot takes back, no chase; 3k1r2R/9/9/9/R4n3/9/9/9/9/4K4 w: the i9 chariot
        // pins f9 to its general, so a5f5 is a chase.
        position.makeMove(capture);
        boolean protectedVictim = canTakeOn(position, to);
        position.unmakeMove(capture);
        if (protectedVictim) {
            return false;
        }
        // Two like pieces attacking each other is an offer to exchange, not a chase, unless
        // the attacked piece cannot take back. 4k4/9/9/9/3n5/9/2N6/9/9/5K3 w: c3d5, horse
        // against horse, no chase; with a black soldier on d4, the d5 horse's leg towards
        // c3 is blocked, it cannot take back, and c3d5 is a chase.
        return Piece.type(victim) != attacker || !canStrikeBack(position, to, from);
    }

    /** Can the side to move take whatever stands on {@code square}, legally? */
    private static boolean canTakeOn(Position position, int square) {
        int[] captures = new int[MoveGenerator.MAX_MOVES];
        int count = MoveGenerator.generateLegal(position, captures, MoveGenerator.CAPTURES);
        for (int i = 0; i < count; i++) {
            if (Move.to(captures[i]) == square) {
                return true;
            }
        }
        return false;
    }

    /** Could the piece on {@code victim}, were it its side's turn, legally take the attacker? */
    private static boolean canStrikeBack(Position position, int victim, int attacker) {
        position.passTurn();
        boolean legal = MoveGenerator.isLegal(position, Move.of(victim, attacker), new int[MoveGenerator.MAX_MOVES]);
        position.passTurn();
        return legal;
    }

    private static int indexOfTrue(boolean[] flags) {
        for (int i = 0; i < flags.length; i++) {
            if (flags[i]) {
                return i;
            }
        }
        return NOT_FOUND;
    }
}
