package org.gridsched.api.batch.kit;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;

import org.gridsched.api.batch.Reservation;

/**
 * The reservations a policy did not make ({@link org.gridsched.api.batch.Cluster#reservations()}: claims,
 * parts of jobs controllers started) kept in the profile as blocked capacity over [max(now, start), end).
 * Each is remembered by identity with what was applied for it, so a change costs O(R) for R reservations,
 * not a rebuild of the profile.
 */
final class Claims {
    /** {@link #sync} results: capacity came back; taken capacity collides with planned slots. */
    static final int FREED = 1;
    static final int COLLIDES = 2;

    /** A reservation as it was last applied to the profile. */
    private static final class Applied {
        final Reservation reservation;
        double start;
        double end;
        int processors;
        /** The sync at which it was last seen in the list, and last taken into the profile. */
        long seen;
        long taken;

        Applied(Reservation reservation) {
            this.reservation = reservation;
        }
    }

    /**
     * 0, or the size of the pool this applies to: a pool of a partitioned cluster holds only reservations
     * of the whole cluster (which then take all of the pool).
     */
    private final int poolSize;

    Claims() {
        this(0);
    }

    Claims(int poolSize) {
        this.poolSize = poolSize;
    }

    /** In the order first seen: a deterministic order to walk. */
    private final List<Applied> applied = new ArrayList<>();
    private final IdentityHashMap<Reservation, Applied> appliedBy = new IdentityHashMap<>();
    private long syncs;

    /** Whether the profile holds any reservation (it may still hold ones the list no longer has). */
    boolean any() {
        return !applied.isEmpty();
    }

    /** Applies the differences between {@code reservations} and what the profile holds for them. */
    int sync(AvailabilityProfile profile, List<Reservation> reservations, double now) {
        long change = ++syncs;
        boolean freed = false;
        for (Reservation r : reservations) {
            Applied a = appliedBy.get(r);
            if (a == null) {
                a = new Applied(r);
                appliedBy.put(r, a);
                applied.add(a);
            } else if (a.start == r.start() && a.end == r.end() && a.processors == r.processors()) {
                a.seen = change;
                continue;
            } else {
                freed |= give(profile, a, now);
            }
            a.start = r.start();
            a.end = r.end();
            a.processors = r.processors();
            a.seen = change;
            a.taken = change;
            double from = Math.max(now, a.start);
            if (a.end > from) {
                profile.reserve(from, a.end, held(a));
            }
        }
        for (int i = 0; i < applied.size(); i++) {
            Applied a = applied.get(i);
            if (a.seen != change) {
                freed |= give(profile, a, now);
                appliedBy.remove(a.reservation);
                applied.remove(i--);
            }
        }
        // taken capacity collides with the plan where the profile went below zero
        for (Applied a : applied) {
            double from = Math.max(now, a.start);
            if (a.taken == change && a.end > from && profile.minFree(from, a.end) < 0) {
                return COLLIDES | (freed ? FREED : 0);
            }
        }
        return freed ? FREED : 0;
    }

    private int held(Applied a) {
        return poolSize == 0 ? a.processors : poolSize;
    }

    /** Gives back what a reservation holds from now on; true if that was anything. */
    private boolean give(AvailabilityProfile profile, Applied a, double now) {
        double from = Math.max(now, a.start);
        if (a.end > from) {
            profile.release(from, a.end, held(a));
            return true;
        }
        return false;
    }
}
