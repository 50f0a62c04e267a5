package xiangqi;

import java.util.EnumSet;
import java.util.stream.Collectors;

/**
 * The techniques one search uses, fixed when it is made. A chapter's search is a preset
 * ({@code Search.ALPHA_BETA}, ...); an experiment that measures one idea takes it away,
 * {@code Search.ORDERED.without(Technique.KILLERS)}, and every call site names what it means.
 */
public final class Techniques {
    private final EnumSet<Technique> members;

    private Techniques(EnumSet<Technique> members) {
        this.members = members;
    }

    /** Exactly these techniques (none at all is chapter 1's minimax). */
    static Techniques of(Technique... techniques) {
        EnumSet<Technique> members = EnumSet.noneOf(Technique.class);
        members.addAll(java.util.List.of(techniques));
        return new Techniques(members);
    }

    /** These techniques and {@code more}. */
    public Techniques with(Technique... more) {
        EnumSet<Technique> members = EnumSet.copyOf(this.members);
        members.addAll(java.util.List.of(more));
        return new Techniques(members);
    }

    /** These techniques less {@code fewer}: the ablations the demo and the tests measure. */
    public Techniques without(Technique... fewer) {
        EnumSet<Technique> members = EnumSet.copyOf(this.members);
        members.removeAll(java.util.List.of(fewer));
        return new Techniques(members);
    }

    boolean has(Technique technique) {
        return members.contains(technique);
    }

    /** The names, lower case: {@code [alpha_beta_cutoff, table]}. */
    @Override
    public String toString() {
        return members.stream().map(t -> t.name().toLowerCase(java.util.Locale.ROOT))
                .collect(Collectors.joining(", ", "[", "]"));
    }
}
