package xiangqi.app;

import java.util.List;
import xiangqi.*;

/**
 * The positions every chapter measures. This file is the same in every chapter, so a
 * number printed by one chapter's demo, bench or test can be put beside the same number
 * from another chapter: same position, same depth.
 */
public final class Examples {
    /** A position with the name the reports print above it, in English and in Chinese. */
    public record Example(String name, String nameZh, String fen) {
        /** A position named in English only: the Chinese report prints the English name. */
        public Example(String name, String fen) {
            this(name, name, fen);
        }

        public Position position() {
            return Position.fromFen(fen);
        }

        /** The name in the language of the report being printed. */
        String title() {
            return Report.say(name, nameZh);
        }
    }

    static final Example START = new Example("the start position", "初始局面", Position.START_FEN);
    public static final Example MIDDLEGAME = new Example("a middlegame: horses out, central files open",
            "中局：双马已出，中路敞开",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1");
    public static final Example ATTACK = new Example("an attack: red has few moves, black's cannons bear down",
            "攻势：红方着法很少，黑方双炮压境",
            "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1");
    public static final Example NO_MOVE_LOSES = new Example("困毙: a general with no move loses, even when not in check",
            "困毙：无着可走的一方判负，即使没有被将军",
            "3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1");
    public static final Example MATE_IN_TWO = new Example("two chariots: mate in two, found at depth 4",
            "双车：两步杀，深度 4 可以找到",
            "3k5/4a4/3a5/9/9/9/9/9/R8/4K3R w - - 0 1");
    /** Mate in three; after d0e0 e8f7 it is mate in two (chapter 4's mate-distance example). */
    public static final Example MATE_IN_THREE = new Example("two chariots: mate in three", "双车：三步杀",
            "5k3/4a4/3a5/9/9/9/9/9/9/R2K4R w - - 0 1");

    /**
     * The position of the README's tree picture ({@code tree} command): small enough that
     * minimax's whole tree fits on a page, and the same in every chapter, so the pictures
     * show the tree shrink from chapter to chapter.
     */
    public static final Example SMALL_TREE = new Example(
            "a horse against a soldier at the general: a tree small enough to draw",
            "单马对贴近帅的卒：小到可以画出来的搜索树",
            "5k3/9/9/9/9/9/9/9/4p4/3K1N3 w - - 0 1");
    public static final int SMALL_TREE_DEPTH = 4;

    /** The demo positions, in the order the reports print them. */
    public static final List<Example> ALL = List.of(START, MIDDLEGAME, ATTACK, NO_MOVE_LOSES, MATE_IN_TWO);

    private Examples() {
    }
}
