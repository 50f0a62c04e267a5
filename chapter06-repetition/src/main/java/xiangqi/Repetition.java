package xiangqi;

import java.util.Arrays;
import java.util.List;

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
 * is the shortest cycle). Past {@link #SCANNED_PLIES} the position's index of keys answers,
 * so that a game of any length costs a search the same at every node.
 *
 * <p><b>When it is ruled.</b> This chapter follows the Asian (WXF/AXF) rules, as Pikafish and
 * Fairy-Stockfish do. An arbiter rules when a position stands for the third time, the cycle
 * played twice ({@link Verdict#endsTheGame}); {@link #judge} gives the verdict on the cycle
 * from its first return on, so that a player (and the search) knows what repeating it would
 * cost. The search rules a return at once when the earlier occurrence lies in its own tree,
 * and at the third occurrence when it lies in the game before the root
 * ({@link #ruledInSearch}). The game is also drawn after 60 moves by each side without a
 * capture ({@link #moveLimitReached}).
 *
 * <p><b>The verdict.</b> The moves between the two occurrences form a cycle; each side
 * made half of them (from the third occurrence on, the last two cycles are judged together). A side's level is {@link Level#CHECK} if every one of its moves gave
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
public final class Repetition {
    /** What a side did all cycle long, from harmless to forbidden: the higher level loses. */
    public enum Level { IDLE, CHASE, CHECK }

    /** The ruling on the current position, as {@code judge} prints it. */
    public enum Outcome {
        NONE("none"), DRAW("draw"), RED_LOSES("red-loses"), BLACK_LOSES("black-loses"),
        /** 60 moves by each side without a capture: the arbiter draws the game. */
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
     * The ruling, and why: the cycle (history indexes {@code start} up to the present), each
     * side's level, for a chasing side the square where the piece it chased stood when the
     * cycle began, how many times the position has now stood ({@code occurrence}: 2 at the
     * first return), and the history index from which the levels were judged
     * ({@code judgedFrom}): {@code start} at the first return; from the third occurrence on,
     * the occurrence before {@code start}, so that the last two cycles are judged together.
     */
    public record Verdict(Outcome outcome, int start, int[] cycle, Level[] level, int[] chasedFrom, int occurrence,
            int judgedFrom) {
        static final Verdict NO_REPETITION = new Verdict(Outcome.NONE, -1, new int[0], new Level[0], new int[0], 1, -1);
        static final Verdict MOVE_LIMIT = new Verdict(Outcome.MOVE_LIMIT, -1, new int[0], new Level[0], new int[0], 1, -1);

        /**
         * Does an arbiter end the game here? At the move limit, and at the third occurrence of
         * a repeated position (the cycle has been played twice); at the second, the verdict says
         * what the cycle is, and the players may still vary.
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
     * How far back the scan compares keys one by one, more than a search's depth and the move
     * limit's 120 plies; further back, in a game that went on without a capture for longer (a
     * GUI may send 100,000 moves), the position's index of keys answers instead, so that the
     * scan costs the same at every node however long the game.
     */
    static final int SCANNED_PLIES = 256;

    /**
     * What a piece is worth when one piece takes another: a piece attacked by a cheaper
     * piece is chased even when protected, because the exchange wins material. Indexed by
     * {@link Piece} type; the general is never taken. These are the rule book's values,
     * not the evaluation's ({@link Evaluation#MATERIAL}) or the move picker's: the chase
     * rules count a horse and a cannon as equal, so neither chases the other when it is
     * protected.
     */
    private static final int[] WORTH = {0, 0, 2, 2, 4, 9, 4, 1};

    // An arbiter's scratch paper, reused by every ruling it makes: the search rules at every
    // repetition in its tree, and a ruling that allocated would fill the heap with garbage.
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
    private int occurrence;
    private int judgedFrom;
    private final Level[] level = new Level[2];
    private final int[] chasedFrom = new int[2];

    /** An arbiter for the search: its rulings, {@link #loser}, allocate nothing. */
    public Repetition() {
    }

    /**
     * Moreland's scan: the history index where the current position stood before, with
     * the same side to move and no irreversible move since, or {@link #NOT_FOUND}. The most recent
     * occurrence is found first, so the cycle is the shortest one.
     */
    static int find(Position position) {
        return findBefore(position, position.historyLength());
    }

    /**
     * The scan from history index {@code below} down: the most recent earlier occurrence of the
     * current position that lies before {@code below}. Called with an occurrence already found,
     * it finds the one before that.
     */
    static int findBefore(Position position, int below) {
        long key = position.key();
        int length = position.historyLength();
        int floor = Math.max(0, length - SCANNED_PLIES);
        for (int i = length - 1; i >= floor; i--) {
            if (position.irreversible(i)) {
                return NOT_FOUND;
            }
            int plies = length - i;
            if (i < below && plies >= 4 && plies % 2 == 0 && position.keyBefore(i) == key) {
                return i;
            }
        }
        // Further back the position's index answers (the same key means the same side to move).
        List<Integer> earlier = floor == 0 ? List.of() : position.entriesWithKey(key, Math.min(below, floor));
        return earlier.isEmpty() ? NOT_FOUND : earlier.get(earlier.size() - 1);
    }

    /**
     * How many times the current position has stood since the last irreversible move, now
     * included: one scan over the recent moves, then the index for the rest.
     */
    static int occurrences(Position position) {
        long key = position.key();
        int length = position.historyLength();
        int floor = Math.max(0, length - SCANNED_PLIES);
        int count = 1;
        for (int i = length - 1; i >= floor; i--) {
            if (position.irreversible(i)) {
                return count;
            }
            int plies = length - i;
            count += plies >= 4 && plies % 2 == 0 && position.keyBefore(i) == key ? 1 : 0;
        }
        return floor == 0 ? count : count + position.entriesWithKey(key, floor).size();
    }

    /**
     * The fold rule: does the search rule on this position, {@code ply} plies from its root? A
     * return to a position at or after the root is ruled at once: the side that repeats had
     * every alternative at the earlier node searched too, so nothing is lost by calling the
     * cycle final. A return to a position the game played before the root is not: the game's
     * node had no alternatives in the tree, and the side may repeat once and then vary. It is
     * ruled at the third occurrence, as an arbiter rules. (Pikafish's rule; Fairy-Stockfish
     * waits for the third occurrence for every check or chase ruling.)
     */
    public static boolean ruledInSearch(Position position, int ply) {
        int earlier = find(position);
        if (earlier == NOT_FOUND) {
            return false;
        }
        int root = position.historyLength() - ply; // the history index of the root position
        return earlier >= root || findBefore(position, earlier) != NOT_FOUND;
    }

    /**
     * The ruling on the current position. The cycle is taken back on the position itself and
     * replayed move by move, recording for each move whether it gave check and which enemy
     * pieces it newly chased; the position is left as it was.
     */
    public static Verdict judge(Position position) {
        Verdict verdict = judgeCycle(position);
        return moveLimitReached(position) && !verdict.endsTheGame() ? Verdict.MOVE_LIMIT : verdict;
    }

    /**
     * The side that {@link #judge} rules has lost on the current position, or -1 (none, or a
     * draw): the search's ruling. It gives the same answer with no garbage, and stops as soon
     * as the answer is known: a side that checked on every move has the highest level, so then
     * no chase need be looked for (the cheap test, first), and once neither side can still be
     * chasing one piece on every move, the cycle is drawn.
     */
    public int loser(Position position) {
        if (!rule(position, false) || outcome.loser() == -1) {
            return -1;
        }
        return occurrence < ARBITER_OCCURRENCES && moveLimitReached(position) ? -1 : outcome.loser();
    }

    /**
     * The ruling on the cycle the current position closes, if it closes one. At the first
     * return the cycle is judged alone. From the third occurrence on, the moves since the
     * occurrence before it are judged, both cycles together: an arbiter rules on everything
     * played since the first of the three, and two cycles that each chase a different piece
     * (one chariot chasing one cannon, then another chariot another cannon) chase no piece
     * on every move; a side that chases the same piece in both loses as before.
     */
    private static Verdict judgeCycle(Position position) {
        Repetition arbiter = new Repetition();
        if (!arbiter.rule(position, true)) {
            return Verdict.NO_REPETITION;
        }
        int[] cycle = Arrays.copyOfRange(arbiter.judged, arbiter.start - arbiter.judgedFrom,
                position.historyLength() - arbiter.judgedFrom);
        return new Verdict(arbiter.outcome, arbiter.start, cycle, arbiter.level.clone(), arbiter.chasedFrom.clone(),
                arbiter.occurrence, arbiter.judgedFrom);
    }

    /**
     * Rules on the cycle the current position closes (false if it closes none), into this
     * arbiter's fields. The moves are taken back one by one, and before each goes the board
     * shows whether it gave check; then they are replayed, looking for chases. With
     * {@code explain} every move is looked at, for a verdict that says why; without it the
     * looking stops once the outcome is known.
     */
    private boolean rule(Position position, boolean explain) {
        start = find(position);
        if (start == NOT_FOUND) {
            return false;
        }
        occurrence = occurrences(position);
        judgedFrom = occurrence >= ARBITER_OCCURRENCES ? findBefore(position, start) : start;
        int length = position.historyLength() - judgedFrom;
        if (judged.length < length) {
            judged = new int[2 * length];
        }
        checkedEveryMove[Piece.RED] = true;
        checkedEveryMove[Piece.BLACK] = true;
        for (int i = length - 1; i >= 0; i--) {
            judged[i] = position.moveAt(judgedFrom + i);
            boolean check = position.inCheck();
            position.unmakeMove(judged[i]);
            checkedEveryMove[position.sideToMove()] &= check;
        }
        // A piece is known by the square it stood on when the cycle began, so a chased piece
        // that runs away is still the same piece. Pieces that never move keep their square.
        for (int square = 0; square < Square.COUNT; square++) {
            identity[square] = square;
        }
        Arrays.fill(chasedEveryMove[Piece.RED], true);
        Arrays.fill(chasedEveryMove[Piece.BLACK], true);
        boolean looking = explain || !checkedEveryMove[Piece.RED] && !checkedEveryMove[Piece.BLACK];
        mayChase[Piece.RED] = true;
        mayChase[Piece.BLACK] = true;
        for (int i = 0; i < length; i++) {
            int move = judged[i];
            if (!looking) {
                position.makeMove(move); // the outcome is known: the rest only restores the position
                continue;
            }
            int mover = position.sideToMove();
            position.makeMove(move);
            identity[Move.to(move)] = identity[Move.from(move)];
            if (!explain && !mayChase[mover]) {
                continue; // this side chases no piece on every move, whatever it does now
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
     * Has the game reached the move limit (自然限着): {@link #MOVE_LIMIT_PLIES} plies without a
     * capture, counted as the Asian rules count them? A mate on the last move still wins: a
     * side to move that has no legal move has lost, limit or not.
     */
    static boolean moveLimitReached(Position position) {
        return pliesTowardLimit(position) >= MOVE_LIMIT_PLIES
                && MoveGenerator.generateLegal(position, new int[MoveGenerator.MAX_MOVES]) > 0;
    }

    /**
     * The plies since the last capture that count toward the move limit. A side may not reach
     * the limit by checking: once it has given {@link #COUNTED_CHECKS} checks, its further
     * checks and the replies to them do not count. The count is the halfmove clock until that
     * could matter; past the limit it is read from the note on the last move (see {@link
     * #noteHistory}). Plies before the history began (the FEN's clock) count in full.
     */
    public static int pliesTowardLimit(Position position) {
        int clock = position.halfmoveClock();
        if (clock < MOVE_LIMIT_PLIES || position.historyLength() == 0) {
            return clock; // uncounted checks only lower the count
        }
        noteHistory(position);
        return counted(position.noteAt(position.historyLength() - 1));
    }

    /**
     * Notes every entry of the history that has no note yet with the count toward the move
     * limit after its move: how many plies count since the last capture, each side's checks
     * (up to one past {@link #COUNTED_CHECKS}), and whether the move answered an uncounted
     * check. A note follows from the one before it and from whether the move gave check, so
     * the moves without a note are taken back and replayed once; after that, each new move
     * costs one test for check. Packed in a long: the count in the low 32 bits, red's checks
     * from bit 32, black's from bit 40, the reply flag at bit 48.
     */
    private static void noteHistory(Position position) {
        int length = position.historyLength();
        int first = position.notedEntries();
        if (first == length - 1) { // the common case in a search: the position is right after the move
            int mover = position.sideToMove() ^ 1;
            long previous = first == 0 ? note(position.halfmoveClock() - 1, 0, 0, false) : position.noteAt(first - 1);
            position.addNote(nextNote(previous, mover, position.halfmoveClock() == 0, position.inCheck()));
            return;
        }
        int[] moves = new int[length - first];
        for (int i = 0; i < moves.length; i++) {
            moves[i] = position.moveAt(first + i);
        }
        for (int i = moves.length - 1; i >= 0; i--) {
            position.unmakeMove(moves[i]);
        }
        long note = first == 0 ? note(position.halfmoveClock(), 0, 0, false) : position.noteAt(first - 1);
        for (int move : moves) {
            int mover = position.sideToMove();
            position.makeMove(move);
            note = nextNote(note, mover, position.halfmoveClock() == 0, position.inCheck());
            position.addNote(note);
        }
    }

    /** The note after a move by {@code mover}: a capture starts the count again. */
    private static long nextNote(long previous, int mover, boolean capture, boolean check) {
        if (capture) {
            return note(0, 0, 0, false);
        }
        int[] checks = {checks(previous, Piece.RED), checks(previous, Piece.BLACK)};
        checks[mover] = Math.min(checks[mover] + (check ? 1 : 0), COUNTED_CHECKS + 1);
        boolean uncounted = check && checks[mover] > COUNTED_CHECKS;
        boolean replyToUncounted = (previous >>> 48 & 1) == 1;
        int counted = counted(previous) + (uncounted || replyToUncounted ? 0 : 1);
        return note(counted, checks[Piece.RED], checks[Piece.BLACK], uncounted);
    }

    /** A note from its parts (see {@link #noteHistory} for the layout). */
    private static long note(int counted, int redChecks, int blackChecks, boolean uncountedCheck) {
        return counted | (long) redChecks << 32 | (long) blackChecks << 40 | (uncountedCheck ? 1L << 48 : 0);
    }

    /** The plies a note counts toward the move limit. */
    private static int counted(long note) {
        return (int) note;
    }

    /** The checks a note counts for {@code color}, up to one past {@link #COUNTED_CHECKS}. */
    private static int checks(long note, int color) {
        return (int) (note >>> (color == Piece.RED ? 32 : 40) & 0xff);
    }

    /**
     * The enemy pieces the side to move chases, into {@code threatenedBefore}: those it could
     * take now, legally, with gain. Indexed by the pieces' identity.
     */
    private void chasedPieces(Position position) {
        Arrays.fill(threatenedBefore, false);
        int count = MoveGenerator.generateLegal(position, moves, MoveGenerator.CAPTURES);
        for (int i = 0; i < count; i++) {
            if (isChase(position, moves[i])) {
                threatenedBefore[identity[Move.to(moves[i])]] = true;
            }
        }
    }

    /**
     * The enemy pieces the side that just played {@code move} chases anew, into {@code chased}:
     * those it could take next with gain, were it its turn again, and could not take with gain
     * before the move ({@code threatenedBefore}), whichever of its pieces attacks (the WXF
     * rules: two pieces taking turns to chase one is a perpetual chase, rule 33; one piece
     * chasing two in turn is not, rule 32). And the attack itself must be new: the attacker did
     * not attack the piece before the move ({@code attacksBefore}), or the piece's protection
     * is now false (a protector pinned to its general, or a general that may not take back).
     * An attack that does not change chases nothing (the rules' diagram 106), even when the
     * move takes the piece's protection away, say a cannon's mount. The position before the
     * move is looked at only if some capture would win something: most moves threaten none.
     * 3k5/8R/c8/3N5/9/9/9/9/9/4K4 w, d6c8 a7a8 c8d6 a8a7: the horse, then the chariot it
     * uncovers, attack the running cannon anew each time: a chase. 3k1a3/9/9/9/n7R/9/2R6/9/9/4K4
     * w, c3c5 ... c5c7 ...: the a5 horse stands attacked with gain all cycle long, by one
     * chariot or the other, never anew, so no chase. 4k4/4a4/c1R3R1c/9/9/9/9/9/9/3K5 w, c7c6
     * e8d7 c6c7 d7e8 g7g6 e8f7 g6g7 f7e8: g7g6 takes away the mount over which the i7 cannon
     * protects a7, but the c7 chariot attacked a7 before it too, so a7 is not chased anew; no
     * cannon is chased by every move, no chase.
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
        if (position.inCheck()) {
            attackedPieces(position);
        } else {
            chasedPieces(position);
        }
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

    /**
     * Records which enemy pieces each piece of the side to move attacks, legally or not, with
     * gain or not, into {@code attacksBefore}: pairs of the pieces' identities.
     */
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
     * After this capture, could the victim's side take back if its own general's safety did not
     * count? Then the victim's protection is false: a protector pinned to its general, or the
     * general itself, which may not step into the attack of a line just opened.
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
     * The enemy pieces the side to move attacks at all, legally or not and with gain or not,
     * by a piece that may chase (not the general, not a soldier), into {@code threatenedBefore}.
     * Indexed by the pieces' identity. Asked of a side in check, whose legal captures are only
     * those the check allows.
     */
    private void attackedPieces(Position position) {
        Arrays.fill(threatenedBefore, false);
        int count = MoveGenerator.generatePseudoLegal(position, moves);
        for (int i = 0; i < count; i++) {
            int attacker = Piece.type(position.pieceAt(Move.from(moves[i])));
            int victim = position.pieceAt(Move.to(moves[i]));
            if (victim != Piece.EMPTY && Piece.type(victim) != Piece.GENERAL
                    && attacker != Piece.GENERAL && attacker != Piece.SOLDIER) {
                threatenedBefore[identity[Move.to(moves[i])]] = true;
            }
        }
    }

    /**
     * Would this legal capture win something? The rules of chase, one by one, each with the
     * position (red to move) and capture that {@code RepetitionTest.chaseRules} tries. The
     * capture is legal, so an attacker pinned to its own general, or one that would let
     * the generals face, chases nothing. Left out (see the README): finer protection
     * rules, several attackers in turn, and the Chinese rules' forbidden alternations.
     */
    boolean isChase(Position position, int capture) {
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
        // A piece pinned to its own general chases nothing, not even the pinner it may legally
        // take (the Asian rules' diagrams 39-41: a chariot held by a horse does not chase that
        // horse; rule 27: nor does a chariot held on its file by a cannon as it moves along that
        // file). 3k5/9/9/9/9/9/9/4n4/4R4/5K3 w: the chariot on e1 blocks the horse's leg
        // towards f0, so e1e2 is no chase; with the general on e0 instead, it is one. But a piece
        // whose move has just made a new attack on the piece that pins it chases it (rule 18,
        // diagrams 37 and 38: a chariot that follows a cannon, and blocks the cannon's check as
        // its second screen, still chases that cannon).
        if (position.pinnedToGeneral(from) && !newAttackOnPinner(position, capture)) {
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
        // 4k4/9/9/9/3r4r/9/2N6/9/9/5K3 w: c3d5, the i5 chariot protects d5, still a chase. In a
        // cycle (the WXF rules' rule 15): 4k4/9/1r6r/9/1PP6/9/9/2C6/9/3K5 w, c2b2 b7c7 b2c2 c7b7,
        // the cannon chases the protected chariot over b5 and c5, and loses.
        if (WORTH[Piece.type(victim)] > WORTH[attacker]) {
            return true;
        }
        // Otherwise only an unprotected piece is chased. "Protected" means a legal
        // recapture: a protector pinned to its general protects nothing, and the general
        // protects only squares it may step on. 3k1r3/9/9/9/R4n3/9/9/9/9/4K4 w: a5f5, the
        // f9 chariot takes back, no chase; 3k1r2R/9/9/9/R4n3/9/9/9/9/4K4 w: the i9 chariot
        // pins f9 to its general, so a5f5 is a chase.
        //
        // After a checking move (the verdict asks what the checker attacks, with the check still
        // on the board) a protector counts even if the check forbids it to take back: a check
        // is a check, not also a chase of every piece the check leaves unguarded. So one check
        // then one attack on a protected piece is no perpetual chase (the Asian rules: one
        // check, one chase is a draw). r3k4/9/n7R/9/4R4/9/9/9/9/3K5 w, black in check from e5:
        // i7a7, the a9 chariot protects a7 though it may not take back now, no chase.
        boolean checkOnBoard = MoveGenerator.isAttacked(position, position.generalSquare(Piece.color(victim)),
                position.sideToMove());
        position.makeMove(capture);
        boolean protectedVictim = canTakeOn(position, to, checkOnBoard);
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

    /**
     * Can the side to move take whatever stands on {@code square}, legally? With
     * {@code despiteCheck}, a piece other than the general may take even if the check already
     * on the board forbids it.
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
     * Is this legal capture by a pinned piece the new attack of a piece that has just moved, on
     * the piece that pins it? The last move of the history brought the attacker here, not along
     * the line of the capture (moving along it, a chariot attacked the same square before, as
     * in rule 27's diagram), and taking the victim frees the attacker.
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

    /** Could the piece on {@code victim}, were it its side's turn, legally take the attacker? */
    private boolean canStrikeBack(Position position, int victim, int attacker) {
        position.passTurn();
        boolean legal = MoveGenerator.isLegal(position, Move.of(victim, attacker), scratch);
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
