package org.gridsched.bot;

import java.util.Comparator;

/**
 * The order in which a provider re-plans its waiting queue after an early completion (option
 * {@code rescheduling}).
 */
enum Rescheduling {
    /** The provider's submission order (classic conservative-backfilling compression, spec reading U1). */
    UNCOORDINATED(Comparator.<BagPart>comparingLong(p -> p.order)),
    /**
     * Algorithm 1: by the expected completion of the part's whole bag as the provider knows it, then
     * by expected start, then submission order. Parts that do not decide their bag's completion come after
     * jobs that finish earlier, which get first pick of the freed room.
     */
    COORDINATED(Comparator.<BagPart>comparingDouble(p -> p.knownGlobalCompletion)
            .thenComparingDouble(p -> p.start).thenComparingLong(p -> p.order));

    final Comparator<BagPart> order;

    Rescheduling(Comparator<BagPart> order) {
        this.order = order;
    }

    /** Whether the order depends on the start and the known global completion (then a part re-sorts when they change). */
    boolean keyed() {
        return this == COORDINATED;
    }
}
