package org.gridsched.batch.multifactor;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * Decayed processor-seconds per association (a user within a group, as Slurm's user-in-account
 * associations). An ended job adds its processors x runtime at its end, and that amount then halves every
 * {@code halfLife} seconds; a running job counts its processor-seconds so far, undecayed. So at time t
 * <pre>  U(t) = sum over ended jobs of p * d * 2^(-(t - end) / halfLife) + sum over running jobs of p * (t - start)</pre>
 * Kept per association as a stock with the time it was last decayed to, and the running jobs as two sums
 * (processors, processors x start), so a refresh costs O(associations), not O(jobs).
 */
final class Usage {
    /** One user in one group. */
    static final class Assoc {
        final int user;
        final int group;
        double stock;
        double stockTime;
        double runningProcessors;
        double runningProcessorStarts;
        /** Usage at the last refresh, and the fair-share factor computed from it. */
        double usage;
        double factor = 1;

        Assoc(int user, int group) {
            this.user = user;
            this.group = group;
        }
    }

    private final double halfLife;
    /** By (group, user): a deterministic order for the fair-share computations. */
    private final Map<Long, Assoc> assocs = new TreeMap<>();
    private boolean changedSet;

    Usage(double halfLife) {
        this.halfLife = halfLife;
    }

    Assoc of(int user, int group) {
        long key = ((long) group << 32) | (user & 0xffffffffL);
        Assoc a = assocs.get(key);
        if (a == null) {
            a = new Assoc(user, group);
            assocs.put(key, a);
            changedSet = true;
        }
        return a;
    }

    Collection<Assoc> all() {
        return assocs.values();
    }

    /** True once after a new association appeared (the normalizations change). */
    boolean takeChangedSet() {
        boolean c = changedSet;
        changedSet = false;
        return c;
    }

    private void decayTo(Assoc a, double t) {
        if (t > a.stockTime) {
            a.stock *= Math.pow(2, -(t - a.stockTime) / halfLife);
            a.stockTime = t;
        }
    }

    void started(Assoc a, int processors, double start) {
        a.runningProcessors += processors;
        a.runningProcessorStarts += processors * start;
    }

    void ended(Assoc a, int processors, double start, double end) {
        a.runningProcessors -= processors;
        a.runningProcessorStarts -= processors * start;
        decayTo(a, end);
        a.stock += processors * (end - start);
    }

    /** Sets every association's {@code usage} to U(t). */
    void refresh(double t) {
        for (Assoc a : assocs.values()) {
            decayTo(a, t);
            // the running sums are exact only while jobs run; clamp rounding residue when none does
            double running = a.runningProcessors == 0 ? 0 : a.runningProcessors * t - a.runningProcessorStarts;
            a.usage = a.stock + Math.max(0, running);
        }
    }
}
