package org.gridsched.engine;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.TreeMap;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.QueuedJob;

/**
 * Power management (docs/energy.md): a processor idle for a cluster's timeout while its queue is empty is switched
 * off; processors are switched on again when the waiting jobs need more than the free and already-switching ones.
 * Processors switching off, off and switching on are out of the pool and every batch policy sees them as a
 * reservation it did not make: those switching, until their switch ends; those off, until a far instant
 * ({@link #FAR}), since nobody has asked for them yet. A job that needs them therefore starts when their switch-on
 * ends: the start delay is in its wait.
 */
final class PowerManager {
    /** The end shown to policies for processors that are off: beyond every job time. */
    static final double FAR = 4 * SimTime.MAX_JOB_TIME;
    static final int SWITCHING_OFF = 0;
    static final int OFF = 1;
    static final int SWITCHING_ON = 2;

    /** Processors of one cluster switching (a {@link Hold} until the switch ends). */
    static final class Switch extends Hold {
        final BitSet ids;
        final int[] runs;
        final boolean on;

        Switch(int cluster, String clusterName, BitSet ids, int[] runs, double start, double end, boolean on) {
            super(cluster, clusterName, ids.cardinality(), start, end, null);
            this.ids = ids;
            this.runs = runs;
            this.on = on;
        }
    }

    private final Simulation sim;
    private final double[] timeout;
    private final double[][] freeSince;
    private final BitSet[] off;
    private final Hold[] offHold;
    private final int[] switchingOn;
    final long[] switchOns;
    final long[] switchOffs;
    /** (cluster, state, from, to, processors) of every off or switching interval; to is NaN while open. */
    private final List<double[]> intervals = new ArrayList<>();
    /** The open interval of each cluster's off processors (its count changes close it and open another). */
    private final double[][] openOff;
    final StringBuilder timeline = new StringBuilder("time,cluster,off,switching_on,switching_off\n");
    private final int[] switchingOff;
    /** unavailable.csv's header, then its rows: switches at their start, off periods at their end (see {@link #closeOff}). */
    final StringBuilder outages = new StringBuilder(Outages.HEADER);
    /** Per managed cluster and processor: since when it is off. */
    private final double[][] offSince;

    PowerManager(Simulation sim, List<Double> timeouts) {
        this.sim = sim;
        int n = sim.clusters.length;
        timeout = new double[n];
        freeSince = new double[n][];
        off = new BitSet[n];
        offHold = new Hold[n];
        switchingOn = new int[n];
        switchingOff = new int[n];
        switchOns = new long[n];
        switchOffs = new long[n];
        openOff = new double[n][];
        offSince = new double[n][];
        for (int c = 0; c < n; c++) {
            Double t = c < timeouts.size() ? timeouts.get(c) : null;
            timeout[c] = t == null ? Double.NaN : SimTime.of(t);
            off[c] = new BitSet();
            if (t == null) {
                continue;
            }
            double[] since = new double[sim.clusters[c].spec.processors()];
            freeSince[c] = since;
            offSince[c] = new double[since.length];
            int cluster = c;
            sim.clusters[c].pool.released = runs -> freed(cluster, runs);
            sim.events.push(SimTime.add(0, timeout[c]), Simulation.POWER_CHECK, null, c);
        }
    }

    /** The processors of cluster {@code c} off or switching. */
    BitSet unavailable(int c) {
        BitSet b = (BitSet) off[c].clone();
        for (Hold h : sim.clusters[c].holdList()) {
            if (h instanceof Switch s) {
                b.or(s.ids);
            }
        }
        return b;
    }

    boolean managed(int c) {
        return freeSince[c] != null;
    }

    /** Processors came back to the pool: idle from now, checked once the timeout has passed. */
    private void freed(int c, int[] runs) {
        double[] since = freeSince[c];
        for (int i = 0; i < runs.length; i += 2) {
            java.util.Arrays.fill(since, runs[i], runs[i + 1], sim.now);
        }
        sim.events.push(SimTime.add(sim.now, timeout[c]), Simulation.POWER_CHECK, null, c);
    }

    /** POWER_CHECK: with an empty queue, the processors idle for the timeout are switched off. */
    void check(Object payload, int c) {
        ClusterRuntime cluster = sim.clusters[c];
        if (cluster.scheduler.waitingJobs() > 0) {
            return;
        }
        double limit = sim.now - timeout[c];
        BitSet idle = cluster.pool.freeSet();
        double[] since = freeSince[c];
        for (int p = idle.nextSetBit(0); p >= 0; p = idle.nextSetBit(p + 1)) {
            if (since[p] > limit) {
                idle.clear(p);
            }
        }
        if (idle.isEmpty()) {
            return;
        }
        PowerModel m = sim.settings.power.get(c);
        int n = idle.cardinality();
        int[] runs = cluster.pool.take(idle);
        switchOffs[c] += n;
        sim.reactions.enterController();
        try {
            if (m.switchOffTime() > 0) {
                double end = SimTime.add(sim.now, SimTime.of(m.switchOffTime()));
                Switch s = new Switch(c, sim.clusters[c].spec.name(), idle, runs, sim.now, end, false);
                switchingOff[c] += n;
                intervals.add(new double[] {c, SWITCHING_OFF, sim.now, end, n});
                Outages.row(outages, cluster.spec.name(), sim.now, end, "switching_off", runs);
                cluster.add(s);
                sim.events.push(end, Simulation.SWITCHED, s, 0);
                changed(c);
            } else {
                intervals.add(new double[] {c, SWITCHING_OFF, sim.now, sim.now, n});
                nowOff(c, idle);
            }
        } finally {
            sim.reactions.exitController();
        }
    }

    /** SWITCHED: a switch ended; processors switched off are off, those switched on join the pool. */
    void switched(Object payload, int arg) {
        Switch s = (Switch) payload;
        ClusterRuntime cluster = sim.clusters[s.cluster];
        sim.reactions.enterController();
        try {
            cluster.remove(s);
            if (s.on) {
                switchingOn[s.cluster] -= s.processors();
                cluster.pool.release(s.runs);
                changed(s.cluster);
            } else {
                switchingOff[s.cluster] -= s.processors();
                nowOff(s.cluster, s.ids);
            }
        } finally {
            sim.reactions.exitController();
        }
    }

    private void nowOff(int c, BitSet ids) {
        off[c].or(ids);
        for (int p = ids.nextSetBit(0); p >= 0; p = ids.nextSetBit(p + 1)) {
            offSince[c][p] = sim.now;
        }
        offChanged(c);
    }

    /** The off processors' reservation and interval follow their count. */
    private void offChanged(int c) {
        ClusterRuntime cluster = sim.clusters[c];
        if (offHold[c] != null) {
            cluster.remove(offHold[c]);
            offHold[c] = null;
        }
        if (openOff[c] != null) {
            openOff[c][3] = sim.now;
            openOff[c] = null;
        }
        int n = off[c].cardinality();
        if (n > 0) {
            offHold[c] = new Hold(c, sim.clusters[c].spec.name(), n, sim.now, FAR, null);
            cluster.add(offHold[c]);
            openOff[c] = new double[] {c, OFF, sim.now, Double.NaN, n};
            intervals.add(openOff[c]);
        }
        changed(c);
    }

    /** After every event: off processors are switched on for the waiting jobs that the up ones cannot hold. */
    void afterEvent() {
        for (int c = 0; c < off.length; c++) {
            if (off[c].isEmpty()) {
                continue;
            }
            ClusterRuntime cluster = sim.clusters[c];
            if (cluster.scheduler.waitingJobs() == 0) {
                continue;
            }
            int offCount = off[c].cardinality();
            long room = (long) cluster.pool.freeCount() + switchingOn[c];
            long demand = 0;
            for (QueuedJob j : cluster.scheduler.waiting()) {
                demand += j.processors();
                if (demand >= room + offCount) {
                    break;
                }
            }
            int needed = (int) Math.min(offCount, demand - room);
            if (needed > 0) {
                switchOn(c, needed);
            }
        }
    }

    /**
     * A broker's estimate of a job's start on cluster {@code c} when off processors would be switched on for it: the
     * policy's own estimate sees them held for ever ({@link #FAR}), so a cluster that had switched off was never
     * chosen again. With an empty queue (the state in which processors are switched off, and in which {@link
     * #afterEvent} switches on as many as a job submitted now needs) the policy is asked once more with the off
     * processors held only until their switch-on would end, and the earlier answer counts. The hold's end is changed
     * in place and put back before returning, the policy told of each change directly (also inside a controller's
     * callback): with no waiting job there is no plan for the passing change to move and nothing to start. (All off
     * processors are assumed to come on, so the estimate is the earliest start a switch-on can give.)
     *
     * @return the earlier of {@code policyEstimate} and the start with the off processors switched on now
     */
    double estimateWithSwitchOn(int c, int processors, double requested, double policyEstimate) {
        Hold hold = offHold[c];
        ClusterRuntime cluster = sim.clusters[c];
        if (hold == null || cluster.scheduler.waitingJobs() > 0) {
            return policyEstimate;
        }
        double on = SimTime.add(sim.now, SimTime.of(sim.settings.power.get(c).switchOnTime()));
        if (policyEstimate <= on) {
            return policyEstimate;
        }
        double end = hold.end;
        hold.end = on;
        try {
            cluster.scheduler.reservationsChanged();
            return Math.min(policyEstimate, cluster.scheduler.estimateStart(processors, requested));
        } finally {
            hold.end = end;
            cluster.scheduler.reservationsChanged();
        }
    }

    private void switchOn(int c, int n) {
        BitSet ids = new BitSet();
        for (int p = off[c].nextSetBit(0), k = 0; k < n; p = off[c].nextSetBit(p + 1), k++) {
            ids.set(p);
        }
        off[c].andNot(ids);
        offRows(c, ids, sim.now);
        PowerModel m = sim.settings.power.get(c);
        switchOns[c] += n;
        ClusterRuntime cluster = sim.clusters[c];
        sim.reactions.enterController();
        try {
            double end = SimTime.add(sim.now, SimTime.of(m.switchOnTime()));
            Switch s = new Switch(c, sim.clusters[c].spec.name(), ids, ProcessorPool.runs(ids), sim.now, end, true);
            switchingOn[c] += n;
            intervals.add(new double[] {c, SWITCHING_ON, sim.now, end, n});
            if (end > sim.now) {
                Outages.row(outages, cluster.spec.name(), sim.now, end, "switching_on", s.runs);
            }
            cluster.add(s);
            offChanged(c);
            if (end > sim.now) {
                sim.events.push(end, Simulation.SWITCHED, s, 0);
            } else {
                switched(s, 0);
            }
        } finally {
            sim.reactions.exitController();
        }
    }

    /** Rows for processors {@code ids} of cluster {@code c}, off until {@code end}: one per instant they went off. */
    private void offRows(int c, BitSet ids, double end) {
        TreeMap<Double, BitSet> bySince = new TreeMap<>();
        for (int p = ids.nextSetBit(0); p >= 0; p = ids.nextSetBit(p + 1)) {
            bySince.computeIfAbsent(offSince[c][p], k -> new BitSet()).set(p);
        }
        bySince.forEach((since, group) -> {
            if (end > since) {
                Outages.row(outages, sim.clusters[c].spec.name(), since, end, "off", ProcessorPool.runs(group));
            }
        });
    }

    /** The rows of the processors still off at {@code end}, the last job's end (none for those that went off later). */
    void closeOff(double end) {
        for (int c = 0; c < off.length; c++) {
            if (!off[c].isEmpty()) {
                offRows(c, off[c], end);
            }
        }
    }

    private void changed(int c) {
        SimTime.append(timeline, sim.now);
        timeline.append(',').append(sim.clusters[c].spec.name()).append(',').append(off[c].cardinality()).append(',')
                .append(switchingOn[c]).append(',').append(switchingOff[c]).append('\n');
    }

    /** What {@link #forEachInterval} gives: an off or switching interval ({@code to} NaN while still off). */
    interface StateInterval {
        void accept(int cluster, int state, double from, double to, int processors);
    }

    void forEachInterval(StateInterval to) {
        for (double[] i : intervals) {
            to.accept((int) i[0], (int) i[1], i[2], i[3], (int) i[4]);
        }
    }

    /** Processor-seconds of cluster {@code c} in {@code state} within [from, to); open intervals end at {@code to}. */
    double seconds(int c, int state, double from, double to) {
        double s = 0;
        for (double[] i : intervals) {
            if ((int) i[0] == c && (int) i[1] == state) {
                double a = Math.max(from, i[2]);
                double b = Math.min(to, Double.isNaN(i[3]) ? to : i[3]);
                if (b > a) {
                    s += (b - a) * i[4];
                }
            }
        }
        return s;
    }

    /** Processors of cluster {@code c} whose switch of the given kind started within [from, to]. */
    long switches(int c, int state, double from, double to) {
        long n = 0;
        for (double[] i : intervals) {
            if ((int) i[0] == c && (int) i[1] == state && i[2] >= from && i[2] <= to) {
                n += (long) i[4];
            }
        }
        return n;
    }

    /** Grams of CO2 of the switches of cluster {@code c} started within [from, to]: each switch's energy at its start. */
    double switchingGrams(int c, double from, double to, CarbonSeries carbon, PowerModel m) {
        double g = 0;
        for (double[] i : intervals) {
            if ((int) i[0] == c && (int) i[1] != OFF && i[2] >= from && i[2] <= to) {
                double joules = i[4] * ((int) i[1] == SWITCHING_ON ? m.switchOnEnergy() : m.switchOffEnergy());
                g += joules * carbon.at(i[2]) / EnergyMeter.JOULES_PER_KWH;
            }
        }
        return g;
    }

    /** Processor-seconds weighted by a carbon intensity, of {@code state} within [from, to). */
    double intensitySeconds(int c, int state, double from, double to, CarbonSeries carbon) {
        double s = 0;
        for (double[] i : intervals) {
            if ((int) i[0] == c && (int) i[1] == state) {
                s += carbon.integral(Math.max(from, i[2]), Math.min(to, Double.isNaN(i[3]) ? to : i[3])) * i[4];
            }
        }
        return s;
    }
}
