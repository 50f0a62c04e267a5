package xiangqi;

import java.util.Arrays;

/**
 * Repetition (重复局面) and how Xiangqi rules it. In chess a repeated position is a draw.
 * In Xiangqi it is a draw only if neither side forced it: a side that repeats by
 * checking on every move (长将, perpetual check) or by chasing the same piece on every
 * move (长捉, perpetual chase) must stop or lose.
 *
 * <p><b>Detection</b> (Moreland's scheme). A position can come back only if no capture and
 * no soldier's step forward came between (neither can be undone), and only with the same side
 * to move, so we step back through the history stack over the moves since the last such move,
 * comparing keys two plies at a time (4 plies is the shortest cycle).
 *
 * <p><b>When it is ruled.</b> This chapter follows the Asian (WXF/AXF) rules, as Pikafish and
 * Fairy-Stockfish do. An arbiter rules when a position stands for the third time
 * ({@link Verdict#endsTheGame}); {@link #judge} gives the verdict from the first return on,
 * so that a player (and the search) knows what repeating would cost. The search rules a
 * return at once when the earlier occurrence lies in its own tree, and at the third
 * occurrence when it lies in the game before the root ({@link #ruledInSearch}). The game is
 * also drawn after 60 moves by each side without a capture ({@link #moveLimitReached}).
 *
 * <p><b>The verdict.</b> The moves between the two occurrences form a cycle; each side
 * made half of them. A side's level is {@link Level#CHECK} if every one of its moves gave
 * check, else {@link Level#CHASE} if every one of them chased, and the same enemy piece
 * all cycle long, else {@link Level#IDLE}. The higher level loses; equal levels draw. So
 * mutual perpetual check is a draw, perpetual check against perpetual chase loses for the
 * checker, and a side that checks once and then makes a quiet move (一将一闲) is idle.
 * The stack records no checks or chases: {@code makeMove} is also the move generator's
 * legality test and must stay cheap, so the verdict replays the cycle to find them, only
 * when a key comes back. An instance is the search's arbiter: its rulings allocate nothing.
 */
public final class Repetition {
    /** What a side did all cycle long, from harmless to forbidden: the higher level loses. */
    public enum Level { IDLE, CHASE, CHECK }

    /** The ruling on the current position, as {@code judge} prints it. */
    public enum Outcome {
        NONE("none"), DRAW("draw"), RED_LOSES("red-loses"), BLACK_LOSES("black-loses"),
        MOVE_LIMIT("draw-by-move-limit");

        public final String text;

        Outcome(String text) {
            this.text = text;
        }

        /** The colour that loses, or -1 for none and the draws. */
        public int loser() {
            return this == RED_LOSES ? Piece.RED : this == BLACK_LOSES ? Piece.BLACK : -1;
        }
    }

    /**
     * The ruling, and why: the cycle's moves from history index {@code start}, each side's level,
     * for a chaser the square its piece stood on when the cycle began, the occurrence (2 at the
     * first return), and the index the levels were judged from (the occurrence before, from the third).
     */
    public record Verdict(Outcome outcome, int start, int[] cycle, Level[] level, int[] chasedFrom, int occurrence,
            int judgedFrom) {
        static final Verdict NO_REPETITION = new Verdict(Outcome.NONE, -1, new int[0], new Level[0], new int[0], 1, -1);
        static final Verdict MOVE_LIMIT = new Verdict(Outcome.MOVE_LIMIT, -1, new int[0], new Level[0], new int[0], 1, -1);

        /**
         * Does an arbiter end the game here? At the move limit, and at the third occurrence (the
         * cycle played twice); at the second the players may still vary.
         */
        public boolean endsTheGame() {
            return outcome == Outcome.MOVE_LIMIT || outcome != Outcome.NONE && occurrence >= ARBITER_OCCURRENCES;
        }
    }

    /** The occurrence of a repeated position at which an arbiter rules: the third. */
    static final int ARBITER_OCCURRENCES = 3;
    /** The move limit (自然限着): 60 moves by each side, 120 plies, without a capture. */
    public static final int MOVE_LIMIT_PLIES = 120;
    /** A side's checks count toward the move limit up to this many; later ones do not. */
    public static final int COUNTED_CHECKS = 10;

    static final int NOT_FOUND = -1;

    /**
     * What a piece is worth when one piece takes another, by {@link Piece} type: a piece attacked
     * by a cheaper one is chased even when protected. The rule book's values, not the evaluation's:
     * a horse and a cannon are equal, so neither chases the other when it is protected.
     */
    private static final int[] WORTH = {0, 0, 2, 2, 4, 9, 4, 1};

    // Scratch paper, reused by every ruling: the search rules at every repetition in its tree,
    // and a ruling that allocated would fill the heap with garbage.
    private int[] judged = new int[64];
    private final int[] identity = new int[Square.COUNT];
    private final boolean[] checkedEveryMove = new boolean[2];
    private final boolean[][] chasedEveryMove = new boolean[2][Square.COUNT];
    private final boolean[] threatenedBefore = new boolean[Square.COUNT];
    private final boolean[] chased = new boolean[Square.COUNT];
    private final boolean[] mayChase = new boolean[2];
    /** Each attack before the move, as {@code attacker * Square.COUNT + victim}, by identity. */
    private final int[] attacksBefore = new int[MoveGenerator.MAX_MOVES];
    private int attackCount;
    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final int[] gainingCaptures = new int[MoveGenerator.MAX_MOVES];
    private final int[] replies = new int[MoveGenerator.MAX_MOVES];
    private final int[] scratch = new int[MoveGenerator.MAX_MOVES];
    // The last ruling (see judgeCycle): what judge turns into a Verdict.
    private Outcome outcome;
    private int start;
    private int judgedFrom;
    private final Level[] level = new Level[2];
    private final int[] chasedFrom = new int[2];

    /**
     * Moreland's scan: the history index where the current position last stood, with no
     * irreversible move since, or {@link #NOT_FOUND}. The last, so the cycle is the shortest.
     */
    static int find(Position position) {
        return findBefore(position, position.historyLength());
    }

    /** The scan from history index {@code below} down: given an occurrence, the one before it. */
    static int findBefore(Position position, int below) {
        long key = position.key();
        int length = position.historyLength();
        for (int i = length - 1; i >= 0 && !position.irreversible(i); i--) {
            int plies = length - i;
            if (i < below && plies >= 4 && plies % 2 == 0 && position.keyBefore(i) == key) {
                return i;
            }
        }
        return NOT_FOUND;
    }

    /** How many times the current position has stood since the last irreversible move, now included. */
    static int occurrences(Position position) {
        int count = 1;
        for (int i = position.historyLength() - 1; i >= 0 && !position.irreversible(i); i--) {
            int plies = position.historyLength() - i;
            count += plies >= 4 && plies % 2 == 0 && position.keyBefore(i) == position.key() ? 1 : 0;
        }
        return count;
    }

    /**
     * The fold rule: does the search rule on this position, {@code ply} plies from its root? A
     * return to a position at or after the root is ruled at once: the side that repeats had
     * every alternative at the earlier node searched too. A return into the game before the root
     * is not: the game's node had no alternatives in the tree, and the side may repeat once and
     * vary; it is ruled at the third occurrence, as an arbiter rules (Pikafish's rule;
     * Fairy-Stockfish waits for the third occurrence for every check or chase ruling).
     */
    public static boolean ruledInSearch(Position position, int ply) {
        int earlier = find(position);
        if (earlier == NOT_FOUND) {
            return false;
        }
        int root = position.historyLength() - ply; // the history index of the root position
        return earlier >= root || findBefore(position, earlier) != NOT_FOUND;
    }

    /** The ruling on the current position, as an arbiter gives it: the verdict and why. */
    public static Verdict judge(Position position) {
        Verdict verdict = judgeCycle(position);
        return moveLimitReached(position) && !verdict.endsTheGame() ? Verdict.MOVE_LIMIT : verdict;
    }

    /**
     * The side that {@link #judge} rules has lost on the current position, or -1: the search's
     * ruling, with no garbage, stopping once the answer is known. A side that checked on every
     * move has the highest level, so no chase need be looked for (the cheap test, first); once
     * neither side can still be chasing one piece on every move, the cycle is drawn.
     */
    public int loser(Position position) {
        if (!rule(position, false) || outcome.loser() == -1) {
            return -1;
        }
        return judgedFrom == start && moveLimitReached(position) ? -1 : outcome.loser();
    }

    /** The ruling on the cycle the current position closes, if it closes one (see {@link #rule}). */
    private static Verdict judgeCycle(Position position) {
        Repetition arbiter = new Repetition();
        if (!arbiter.rule(position, true)) {
            return Verdict.NO_REPETITION;
        }
        int[] cycle = Arrays.copyOfRange(arbiter.judged, arbiter.start - arbiter.judgedFrom,
                position.historyLength() - arbiter.judgedFrom);
        return new Verdict(arbiter.outcome, arbiter.start, cycle, arbiter.level.clone(), arbiter.chasedFrom.clone(),
                occurrences(position), arbiter.judgedFrom);
    }

    /**
     * Rules on the cycle the current position closes (false if none), into this arbiter's
     * fields. The moves are taken back one by one, the board showing before each whether it gave
     * check, then replayed, looking for chases. From the third occurrence on, both cycles are
     * judged together, as an arbiter rules on all since the first of the three: two cycles that
     * each chase a different piece chase no piece on every move. With {@code explain} every move
     * is looked at, for a verdict that says why; without, the looking stops once the outcome is known.
     */
    private boolean rule(Position position, boolean explain) {
        start = find(position);
        if (start == NOT_FOUND) {
            return false;
        }
        int before = findBefore(position, start); // a third occurrence: both cycles are judged
        judgedFrom = before == NOT_FOUND ? start : before;
        int length = position.historyLength() - judgedFrom;
        if (judged.length < length) {
            judged = new int[2 * length];
        }
        Arrays.fill(checkedEveryMove, true);
        for (int i = length - 1; i >= 0; i--) {
            judged[i] = position.moveAt(judgedFrom + i);
            boolean check = position.inCheck();
            position.unmakeMove(judged[i]);
            checkedEveryMove[position.sideToMove()] &= check;
        }
        // A piece is known by the square it stood on when the cycle began, so a chased piece
        // that runs away is still the same piece. Pieces that never move keep their square.
        Arrays.setAll(identity, square -> square);
        Arrays.fill(chasedEveryMove[Piece.RED], true);
        Arrays.fill(chasedEveryMove[Piece.BLACK], true);
        boolean looking = explain || !checkedEveryMove[Piece.RED] && !checkedEveryMove[Piece.BLACK];
        Arrays.fill(mayChase, true);
        for (int i = 0; i < length; i++) {
            int move = judged[i];
            int mover = position.sideToMove();
            position.makeMove(move);
            identity[Move.to(move)] = identity[Move.from(move)];
            if (!looking || !explain && !mayChase[mover]) {
                continue; // the outcome is known, or this side chases no piece on every move
            }
            chasedAnew(position, move);
            mayChase[mover] = false;
            for (int piece = 0; piece < Square.COUNT; piece++) {
                chasedEveryMove[mover][piece] &= chased[piece];
                mayChase[mover] |= chasedEveryMove[mover][piece];
            }
            looking = explain || mayChase[Piece.RED] || mayChase[Piece.BLACK];
        }
        for (int color = Piece.RED; color <= Piece.BLACK; color++) {
            chasedFrom[color] = indexOfTrue(chasedEveryMove[color]);
            level[color] = checkedEveryMove[color] ? Level.CHECK
                    : chasedFrom[color] != NOT_FOUND ? Level.CHASE : Level.IDLE;
        }
        int order = level[Piece.RED].compareTo(level[Piece.BLACK]);
        outcome = order == 0 ? Outcome.DRAW : order > 0 ? Outcome.RED_LOSES : Outcome.BLACK_LOSES;
        return true;
    }

    /**
     * Has the game reached the move limit (自然限着), {@link #MOVE_LIMIT_PLIES} plies as the Asian
     * rules count them? A mate on the last move still wins: no legal move loses, limit or not.
     */
    static boolean moveLimitReached(Position position) {
        return pliesTowardLimit(position) >= MOVE_LIMIT_PLIES
                && MoveGenerator.generateLegal(position, new int[MoveGenerator.MAX_MOVES]) > 0;
    }

    /**
     * The plies since the last capture that count toward the move limit. A side may not reach
     * the limit by checking: once it has given {@link #COUNTED_CHECKS} checks, its further
     * checks and the replies to them do not count. Below the limit the halfmove clock answers
     * (uncounted checks only lower the count); past it the moves since the capture are taken
     * back and replayed, counting checks. Plies before the history began count in full.
     */
    public static int pliesTowardLimit(Position position) {
        int clock = position.halfmoveClock();
        int length = position.historyLength();
        if (clock < MOVE_LIMIT_PLIES || length == 0) {
            return clock;
        }
        int[] moves = new int[Math.min(clock, length)];
        for (int i = moves.length - 1; i >= 0; i--) {
            moves[i] = position.moveAt(length - moves.length + i);
            position.unmakeMove(moves[i]);
        }
        int counted = position.halfmoveClock(); // 0 after the capture, or the FEN's clock
        int[] checks = new int[2];
        boolean replyToUncounted = false;
        for (int move : moves) {
            int mover = position.sideToMove();
            position.makeMove(move);
            boolean check = position.inCheck();
            checks[mover] += check ? 1 : 0;
            boolean uncounted = check && checks[mover] > COUNTED_CHECKS;
            counted += uncounted || replyToUncounted ? 0 : 1;
            replyToUncounted = uncounted;
        }
        return counted;
    }

    /**
     * The enemy pieces the side that just played {@code move} chases anew, into {@code chased}:
     * those it could take next with gain, were it its turn again, and could not take with gain
     * before the move ({@code threatenedBefore}), whichever of its pieces attacks (the WXF
     * rules: two pieces taking turns to chase one is a perpetual chase, rule 33; one piece
     * chasing two in turn is not, rule 32). And the attack itself must be new: the attacker did
     * not attack the piece before ({@code attacksBefore}), or its protection is now false (a
     * pinned protector, or a general that may not take back). An attack that does not change
     * chases nothing (diagram 106), even when the move takes away the piece's protection, say a
     * cannon's mount. The position before the move is looked at only when a capture gains.
     */
    private void chasedAnew(Position position, int move) {
        Arrays.fill(chased, false);
        position.passTurn(); // what could the mover take next, if it were its turn again?
        int count = MoveGenerator.generateLegal(position, moves, MoveGenerator.CAPTURES);
        int gains = 0;
        for (int i = 0; i < count; i++) {
            if (isChase(position, moves[i])) {
                gainingCaptures[gains++] = moves[i];
            }
        }
        position.passTurn();
        if (gains == 0) {
            return;
        }
        // A check on the mover suspends its attacks, it does not end them: a move out of
        // check attacks anew only a piece that no piece of the mover attacked before it.
        position.unmakeMove(move);
        threatenedPieces(position, position.inCheck());
        recordAttacks(position);
        position.makeMove(move);
        position.passTurn();
        for (int i = 0; i < gains; i++) {
            int capture = gainingCaptures[i];
            int attacker = identity[Move.from(capture)];
            int victim = identity[Move.to(capture)];
            if (!threatenedBefore[victim] && (!attackedBefore(attacker, victim) || falselyProtected(position, capture))) {
                chased[victim] = true;
            }
        }
        position.passTurn();
    }

    /** Records every attack of the side to move, legal or not, into {@code attacksBefore}. */
    private void recordAttacks(Position position) {
        attackCount = 0;
        int count = MoveGenerator.generatePseudoLegal(position, moves);
        for (int i = 0; i < count; i++) {
            if (position.pieceAt(Move.to(moves[i])) != Piece.EMPTY) {
                attacksBefore[attackCount++] = identity[Move.from(moves[i])] * Square.COUNT + identity[Move.to(moves[i])];
            }
        }
    }

    /** Did {@code attacker} attack {@code victim} before the move (see {@link #recordAttacks})? */
    private boolean attackedBefore(int attacker, int victim) {
        for (int i = 0; i < attackCount; i++) {
            if (attacksBefore[i] == attacker * Square.COUNT + victim) {
                return true;
            }
        }
        return false;
    }

    /**
     * After this capture, could the victim's side take back if its general's safety did not
     * count? Then its protection is false: a protector pinned to its general, or a general
     * that may not step into a line just opened.
     */
    private boolean falselyProtected(Position position, int capture) {
        position.makeMove(capture);
        int count = MoveGenerator.generatePseudoLegal(position, replies);
        position.unmakeMove(capture);
        for (int i = 0; i < count; i++) {
            if (Move.to(replies[i]) == Move.to(capture)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The enemy pieces the side to move chases, into {@code threatenedBefore}, by identity: those
     * it could take now, legally, with gain; or, for a side {@code inCheck} (whose legal captures
     * the check limits), those it attacks at all by a piece that may chase (not the general, not a soldier).
     */
    private void threatenedPieces(Position position, boolean inCheck) {
        Arrays.fill(threatenedBefore, false);
        int count = inCheck ? MoveGenerator.generatePseudoLegal(position, moves)
                : MoveGenerator.generateLegal(position, moves, MoveGenerator.CAPTURES);
        for (int i = 0; i < count; i++) {
            int attacker = Piece.type(position.pieceAt(Move.from(moves[i])));
            int victim = position.pieceAt(Move.to(moves[i]));
            boolean threat = inCheck ? victim != Piece.EMPTY && Piece.type(victim) != Piece.GENERAL
                    && attacker != Piece.GENERAL && attacker != Piece.SOLDIER : isChase(position, moves[i]);
            threatenedBefore[identity[Move.to(moves[i])]] |= threat;
        }
    }

    /**
     * Would this legal capture win something? The rules of chase, one by one; for each,
     * {@code RepetitionTest.chaseRules} tries a position (red to move) and a capture on each
     * side of it. The capture is legal, so an attacker pinned to its own general, or one that
     * would let the generals face, chases nothing. Left out (see the README): finer protection
     * rules, several attackers in turn, and the Chinese rules' forbidden alternations.
     */
    boolean isChase(Position position, int capture) {
        int from = Move.from(capture);
        int to = Move.to(capture);
        int attacker = Piece.type(position.pieceAt(from));
        int victim = position.pieceAt(to);
        // The general and the soldiers may attack as often as they like: their attacks are
        // never chases (soldierAttacksAreNotChases: the same dance, chariot or soldier).
        if (attacker == Piece.GENERAL || attacker == Piece.SOLDIER) {
            return false;
        }
        // A piece pinned to its own general chases nothing, not even the pinner it may legally
        // take (the Asian rules' diagrams 39-41: a chariot held by a horse; rule 27: a chariot
        // held on its file by a cannon, moving along it). But a piece whose move has just made a
        // new attack on the piece that pins it chases it (rule 18, diagrams 37 and 38: a chariot
        // that follows a cannon and blocks its check as the second screen chases that cannon).
        if (position.pinnedToGeneral(from) && !newAttackOnPinner(position, capture)) {
            return false;
        }
        // An attack on the general is a check, ruled by its own level.
        if (Piece.type(victim) == Piece.GENERAL) {
            return false;
        }
        // A soldier that has not crossed the river may be attacked freely; one that has
        // crossed counts as a piece.
        if (Piece.type(victim) == Piece.SOLDIER && Square.onOwnSide(to, Piece.color(victim))) {
            return false;
        }
        // A chariot attacked by a horse or cannon (or an advisor or elephant) is chased even
        // when protected: taking it and losing the attacker still wins material (the WXF
        // rules' rule 15; cannonChasesChariot: in a cycle the cannon loses).
        if (WORTH[Piece.type(victim)] > WORTH[attacker]) {
            return true;
        }
        // Otherwise only an unprotected piece is chased. "Protected" means a legal
        // recapture: a protector pinned to its general protects nothing, and the general
        // protects only squares it may step on.
        //
        // After a checking move (the verdict asks what the checker attacks, with the check still
        // on the board) a protector counts even if the check forbids it to take back: a check is
        // not also a chase of every piece it leaves unguarded, and one check, one attack on a
        // protected piece is no perpetual chase (the Asian rules; checkDoesNotUnguard).
        boolean checkOnBoard = MoveGenerator.isAttacked(position, position.generalSquare(Piece.color(victim)),
                position.sideToMove());
        position.makeMove(capture);
        boolean protectedVictim = canTakeOn(position, to, checkOnBoard);
        position.unmakeMove(capture);
        if (protectedVictim) {
            return false;
        }
        // Two like pieces attacking each other is an offer to exchange, not a chase, unless
        // the attacked piece cannot take back (a horse whose leg is blocked).
        if (Piece.type(victim) != attacker) {
            return true;
        }
        position.passTurn(); // could the victim take the attacker, were it its turn?
        boolean strikesBack = MoveGenerator.isLegal(position, Move.of(to, from), scratch);
        position.passTurn();
        return !strikesBack;
    }

    /**
     * Can the side to move legally take on {@code square}? With {@code despiteCheck}, a piece
     * other than the general may take even if the check on the board forbids it.
     */
    private boolean canTakeOn(Position position, int square, boolean despiteCheck) {
        int count = despiteCheck ? MoveGenerator.generatePseudoLegal(position, replies)
                : MoveGenerator.generateLegal(position, replies, MoveGenerator.CAPTURES);
        for (int i = 0; i < count; i++) {
            int move = replies[i];
            boolean general = Piece.type(position.pieceAt(Move.from(move))) == Piece.GENERAL;
            if (Move.to(move) == square && (!despiteCheck || !general || MoveGenerator.isLegal(position, move, scratch))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Is this legal capture by a pinned piece a new attack, on the piece that pins it, by a piece
     * that has just moved? The last move brought the attacker here, not along the capture's line
     * (moving along it, a chariot attacked the square before: rule 27), and the capture frees it.
     */
    private static boolean newAttackOnPinner(Position position, int capture) {
        int length = position.historyLength();
        int last = length > 0 ? position.moveAt(length - 1) : Move.NONE;
        int from = Move.from(capture);
        int to = Move.to(capture);
        if (last == Move.NONE || Move.to(last) != from) {
            return false;
        }
        boolean alongTheLine = Square.file(Move.from(last)) == Square.file(from) && Square.file(to) == Square.file(from)
                || Square.rank(Move.from(last)) == Square.rank(from) && Square.rank(to) == Square.rank(from);
        if (alongTheLine) {
            return false;
        }
        position.makeMove(capture);
        boolean free = !position.pinnedToGeneral(to);
        position.unmakeMove(capture);
        return free;
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
