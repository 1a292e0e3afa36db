package org.gridsched.batch.multifactor;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * Decayed processor-seconds per association (a user within a group, as Slurm's user-in-account
 * associations), per group and in total. An ended job adds its processors x runtime at its end, and that
 * amount then halves every {@code halfLife} seconds; a running job counts its processor-seconds so far,
 * undecayed. So at time t
 * <pre>  U(t) = sum over ended jobs of p * d * 2^(-(t - end) / halfLife) + sum over running jobs of p * (t - start)</pre>
 * Each holder keeps a stock with the time it was last decayed to and its running jobs as two sums
 * (processors, processors x start): U(t) of one association, one group or the total is O(1), so a
 * classic fair-share factor costs O(1) and nothing walks all associations per event.
 */
final class Usage {
    /** Decayed usage of one holder: an association, a group, or everything. */
    static class Account {
        private double stock;
        private double stockTime = Double.NEGATIVE_INFINITY;
        private double runningProcessors;
        private double runningProcessorStarts;

        private void decayTo(double t, double halfLife) {
            if (t > stockTime) {
                stock = stock == 0 ? 0 : stock * Math.pow(2, -(t - stockTime) / halfLife);
                stockTime = t;
            }
        }

        /** U(t); t must not be before the last end recorded here. */
        double at(double t, double halfLife) {
            decayTo(t, halfLife);
            // the running sums are exact only while jobs run; no rounding residue when none does
            double running = runningProcessors == 0 ? 0 : runningProcessors * t - runningProcessorStarts;
            return stock + Math.max(0, running);
        }

        void started(int p, double start) {
            runningProcessors += p;
            runningProcessorStarts += p * start;
        }

        void ended(int p, double start, double end, double halfLife) {
            runningProcessors -= p;
            runningProcessorStarts -= p * start;
            decayTo(end, halfLife);
            stock += p * (end - start);
        }
    }

    /** A group (Slurm's account): its usage and the sum of its users' shares. */
    static final class Group extends Account {
        final int id;
        final double share;
        double userShares;

        Group(int id, double share) {
            this.id = id;
            this.share = share;
        }
    }

    /** One user in one group. */
    static final class Assoc extends Account {
        final int user;
        final Group group;
        final double share;
        /** Usage and fair-share factor as last computed, and the priority period they were computed in. */
        double usage;
        double factor = 1;
        double period = Double.NaN;

        Assoc(int user, Group group, double share) {
            this.user = user;
            this.group = group;
            this.share = share;
        }
    }

    final double halfLife;
    private final Settings settings;
    /** By (group, user) and by group: deterministic orders for Fair Tree. */
    private final Map<Long, Assoc> assocs = new TreeMap<>();
    final Map<Integer, Group> groups = new TreeMap<>();
    final Account total = new Account();
    double groupShares;

    Usage(Settings settings) {
        this.settings = settings;
        this.halfLife = settings.halfLife;
    }

    Assoc of(int user, int group) {
        long key = ((long) group << 32) | (user & 0xffffffffL);
        Assoc a = assocs.get(key);
        if (a == null) {
            Group g = groups.get(group);
            if (g == null) {
                g = new Group(group, settings.groupShares.getOrDefault(group, settings.defaultShare));
                groups.put(group, g);
                groupShares += g.share;
            }
            a = new Assoc(user, g, settings.userShares.getOrDefault(user, settings.defaultShare));
            g.userShares += a.share;
            assocs.put(key, a);
        }
        return a;
    }

    int size() {
        return assocs.size();
    }

    Collection<Assoc> all() {
        return assocs.values();
    }

    void started(Assoc a, int processors, double start) {
        a.started(processors, start);
        a.group.started(processors, start);
        total.started(processors, start);
    }

    void ended(Assoc a, int processors, double start, double end) {
        a.ended(processors, start, end, halfLife);
        a.group.ended(processors, start, end, halfLife);
        total.ended(processors, start, end, halfLife);
    }
}
