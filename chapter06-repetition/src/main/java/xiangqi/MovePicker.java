package xiangqi;

/**
 * The move picker (着法排序, move ordering): hands out a node's moves one at a time, best
 * guess first, and generates them only when a stage needs them. Alpha-beta's cost is
 * decided by the order of the moves: the sooner a move that cuts off comes, the fewer
 * moves are searched at all.
 *
 * <p>The stages, as a state machine (the {@code SortStruct.Next} of XQWLight chapter 5,
 * the {@code MovePicker} of Stockfish):
 * <ol>
 * <li>{@link Stage#HASH}: the table's best move for this position, checked to be legal
 *     here. If it cuts off, no move was generated at all.</li>
 * <li>{@link Stage#CAPTURES}: the captures, most valuable victim first and, among equal
 *     victims, least valuable attacker first (MVV/LVA). Taking a chariot with a soldier
 *     is rarely wrong; the quiet moves are not even generated if a capture cuts off.</li>
 * <li>{@link Stage#KILLER_1}, {@link Stage#KILLER_2}: two quiet moves that cut off in
 *     other nodes at the same distance from the root (杀手着法, killer moves): a move
 *     that refutes one line often refutes its neighbours. A sibling's move may be illegal
 *     here, so each is checked.</li>
 * <li>{@link Stage#QUIETS}: the other quiet moves, by their history score (历史表): how
 *     often, and how deep, that piece going to that square has cut off before.</li>
 * </ol>
 * Every legal move comes exactly once: the later stages skip the hash move and killers.
 * A switched-off heuristic skips its stage (the demo's ablation): without MVV/LVA the
 * captures wait among the quiet moves.
 */
public final class MovePicker {
    /** The stages, in the order the picker goes through them. */
    public enum Stage { HASH, CAPTURES, KILLER_1, KILLER_2, QUIETS, DONE }

    /**
     * For MVV/LVA, by piece type (index 0 is the empty square, then general, advisor,
     * elephant, horse, chariot, cannon, soldier): {@link Evaluation#MATERIAL} in soldiers,
     * rounded (the cannon's 4.5 becomes 5), small enough that a victim's value times 16
     * outweighs any attacker. The general counts nothing: it is never taken, and a capture
     * it makes can never be answered by taking it (the move is legal).
     */
    private static final int[] VALUE = {0, 0, 2, 2, 4, 9, 5, 1};

    private final int[] moves = new int[MoveGenerator.MAX_MOVES];
    private final int[] scores = new int[MoveGenerator.MAX_MOVES];
    private final int[] scratch = new int[MoveGenerator.MAX_MOVES];

    private Position position;
    private Techniques techniques;
    private HistoryTable historyTable;
    private int hashMove;
    private int killer1;
    private int killer2;
    private Stage stage;
    private Stage lastStage;
    private int count;
    private int next;

    /** Gets ready to hand out the moves of {@code position}. */
    void start(Position position, Techniques techniques, int hashMove, int killer1, int killer2, HistoryTable historyTable) {
        this.position = position;
        this.techniques = techniques;
        this.historyTable = historyTable;
        this.hashMove = techniques.has(Technique.HASH_MOVE) ? hashMove : Move.NONE;
        this.killer1 = techniques.has(Technique.KILLERS) ? killer1 : Move.NONE;
        this.killer2 = techniques.has(Technique.KILLERS) ? killer2 : Move.NONE;
        this.stage = Stage.HASH;
        this.count = -1; // nothing generated yet
        this.next = 0;
    }

    /** The next move to try, or {@link Move#NONE} when every legal move has been handed out. */
    int next() {
        while (true) {
            switch (stage) {
                case HASH -> {
                    stage = Stage.CAPTURES;
                    if (hashMove != Move.NONE && MoveGenerator.isLegal(position, hashMove, scratch)) {
                        return handOut(Stage.HASH, hashMove);
                    }
                    hashMove = Move.NONE;
                }
                case CAPTURES -> {
                    if (techniques.has(Technique.CAPTURES_FIRST)) {
                        if (count < 0) {
                            generate(MoveGenerator.CAPTURES); // only now: a hash-move cut-off never gets here
                        }
                        int move = best();
                        if (move != Move.NONE) {
                            return handOut(Stage.CAPTURES, move);
                        }
                    }
                    stage = Stage.KILLER_1;
                    count = -1;
                }
                case KILLER_1 -> {
                    stage = Stage.KILLER_2;
                    if (usableKiller(killer1)) {
                        return handOut(Stage.KILLER_1, killer1);
                    }
                    killer1 = Move.NONE;
                }
                case KILLER_2 -> {
                    stage = Stage.QUIETS;
                    if (killer2 != killer1 && usableKiller(killer2)) {
                        return handOut(Stage.KILLER_2, killer2);
                    }
                    killer2 = Move.NONE;
                }
                case QUIETS -> {
                    if (count < 0) {
                        // Without MVV/LVA the captures were not handed out: they come here.
                        generate(techniques.has(Technique.CAPTURES_FIRST) ? MoveGenerator.QUIETS : MoveGenerator.ALL);
                    }
                    int move = best();
                    if (move != Move.NONE) {
                        return handOut(Stage.QUIETS, move);
                    }
                    stage = Stage.DONE;
                }
                case DONE -> {
                    return Move.NONE;
                }
            }
        }
    }

    /** Generates this stage's legal moves and scores them: captures by MVV/LVA, the rest by history. */
    private void generate(int kind) {
        count = MoveGenerator.generateLegal(position, moves, kind);
        next = 0;
        for (int i = 0; i < count; i++) {
            int move = moves[i];
            if (kind == MoveGenerator.CAPTURES) {
                int victim = Piece.type(position.pieceAt(Move.to(move)));
                int attacker = Piece.type(position.pieceAt(Move.from(move)));
                scores[i] = VALUE[victim] * 16 - VALUE[attacker];
            } else {
                scores[i] = techniques.has(Technique.HISTORY_HEURISTIC) ? historyTable.score(position, move) : 0;
            }
        }
    }

    /** The stage the last move handed out came from. */
    Stage lastStage() {
        return lastStage;
    }

    private int handOut(Stage from, int move) {
        lastStage = from;
        return move;
    }

    /** A killer is tried only if it is a legal quiet move here that no earlier stage gave. */
    private boolean usableKiller(int killer) {
        return killer != Move.NONE && killer != hashMove
                && position.pieceAt(Move.to(killer)) == Piece.EMPTY
                && MoveGenerator.isLegal(position, killer, scratch);
    }

    /**
     * The best-scored move not yet handed out, skipping those an earlier stage gave; ties
     * go to the first generated. A selection sort, one step per call: a node that cuts off
     * early never pays for sorting the rest.
     */
    private int best() {
        while (next < count) {
            int bestIndex = next;
            for (int i = next + 1; i < count; i++) {
                if (scores[i] > scores[bestIndex]) {
                    bestIndex = i;
                }
            }
            int move = moves[bestIndex];
            // Keep the others in generator order: shift the skipped ones up by one.
            System.arraycopy(moves, next, moves, next + 1, bestIndex - next);
            System.arraycopy(scores, next, scores, next + 1, bestIndex - next);
            next++;
            // A killer is a quiet move where it was found, but here it may capture: then it is
            // handed out among the captures, and its own stage (quiet moves only) skips it.
            if (move != hashMove && (stage == Stage.CAPTURES || move != killer1 && move != killer2)) {
                return move;
            }
        }
        return Move.NONE;
    }
}
