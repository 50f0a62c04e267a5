package xiangqi;

/**
 * Killer moves (杀手着法, Akl and Newborn 1977): for every distance from the root, the last
 * two quiet moves that cut off there. Nodes at the same distance from the root are often
 * alike (siblings, cousins), so a move that refuted one is worth trying early in the next.
 */
final class Killers {
    private final int[][] killers = new int[Score.MAX_PLY + 1][2];

    int first(int ply) {
        return killers[ply][0];
    }

    int second(int ply) {
        return killers[ply][1];
    }

    /** {@code move} cut off at {@code ply}: it becomes the first killer, the old first the second. */
    void remember(int ply, int move) {
        if (killers[ply][0] != move) {
            killers[ply][1] = killers[ply][0];
            killers[ply][0] = move;
        }
    }

    void clear() {
        for (int[] pair : killers) {
            pair[0] = Move.NONE;
            pair[1] = Move.NONE;
        }
    }
}
