package org.gridsched.engine;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import org.gridsched.api.InputException;
import org.gridsched.api.SimTime;

/**
 * Processor failures and repairs during a run (docs/failures.md). A failure takes processors of a cluster down over
 * [t, t + repair): the jobs running on them are killed (re-submitted from scratch, within a retry limit, or ended
 * {@code COMPLETED_FAILED}), the processors leave the pool, and every batch policy sees them as a reservation it did
 * not make until the repair, so FCFS, EASY, CBF and the kit plan around them as around a maintenance window. A
 * failure of a processor already down, or held by a claim or declared reservation, does not touch it.
 *
 * <p>Failures from traces are scheduled at the start; each modelled node has its next failure scheduled after its
 * repair, while the run still has work (jobs to come, waiting or running).
 */
final class Failures {
    /**
     * A failure's processors, held from the failure to the repair. A later failure that covers some of them beyond this
     * repair takes them over ({@link #prolong}): they leave {@link #ids} and {@link #runs}, which are what the repair
     * gives back, while the hold still counts them until the repair (they are down until then either way).
     */
    static final class Down extends Hold {
        int[] runs;
        final BitSet ids;
        /** The modelled node it took down, or -1 for a trace's failure. */
        final int node;

        Down(int cluster, String clusterName, BitSet ids, int[] runs, double start, double end, int node) {
            super(cluster, clusterName, ids.cardinality(), start, end, null);
            this.ids = ids;
            this.runs = runs;
            this.node = node;
        }

        @Override
        public String toString() {
            return "failure of " + super.toString();
        }
    }

    /** The order of {@link ClusterRuntime#runningJobs}. */
    private static final Comparator<SimJob> BY_RUNNING_SLOT = Comparator.comparingInt(j -> j.runningSlot);

    private final Simulation sim;
    private final FailureSpec spec;
    private final BitSet[] down;
    /** A modelled node's processors, set for one call of {@link #take} and cleared after it (not one set a failure). */
    private final BitSet nodeIds = new BitSet();
    private final SplittableRandom[] random;
    /** Trace events that took no processor down (all down, off or claimed already), and the first few of them. */
    long withoutEffect;
    final List<String> withoutEffectExamples = new ArrayList<>();

    /** Per cluster: failures that took processors down, processor-seconds down, lost work and kills. */
    final long[] failures;
    final long[] kills;
    final double[] lostSeconds;
    final int[] downNow;
    long failedJobs;
    long resubmissions;
    /** (time, cluster, processors down) at every change, in time order: availability.csv. */
    final RowText timeline = new RowText("time,cluster,unavailable_processors\n", (sb, time, unused, count, cluster, none) -> {
        SimTime.append(sb, time);
        sb.append(',').append((String) cluster).append(',').append(count).append('\n');
    });
    /** unavailable.csv's header, then each failure's cluster, interval and processors, at the failure. */
    final RowText outages = new RowText(Outages.HEADER,
            (sb, from, to, unused, cluster, runs) -> Outages.row(sb, (String) cluster, from, to, "failed", (int[]) runs));
    /**
     * Every down interval: cluster, from, to, processors, the number of the failure it comes from (its own outage, or
     * processors it kept down after an earlier repair), and 1 if that failure killed jobs (on its own outage's interval);
     * for the unavailable processor-seconds and the failures within a window. A failure's intervals are consecutive.
     * Six numbers an interval, in chunks of {@link #CHUNK} intervals: a run with a million failures kept a million
     * small arrays alive to its end, which the collector traced and copied again and again; one array grown by
     * doubling was then copied into ever larger arrays (up to 100 MB) that the parallel collector puts straight into
     * the old generation, where only full collections reclaim the ones left behind (a million-job FCFS run with
     * failures had three full collections, two in chunks).
     */
    private double[][] intervals = new double[16][];
    private int intervalCount;
    private static final int CHUNK = 1 << 10;
    /** The failures so far (those counted in {@link #failures}), which number the intervals. */
    private long numbered;
    /**
     * How long jobs may wait with nothing running and nothing to come before the run is declared stalled: 1,000 failure
     * and repair cycles of the slowest modelled node. Modelled failures go on while jobs wait, so a job wider than the
     * processors that are ever up at once would keep the run going forever; in that time every node has cycled a
     * thousand times, so a job that could start would have.
     */
    private final double stallLimit;
    /** Since when jobs wait with nothing running and nothing to come (NaN: not stalled); the fewest down since then. */
    private double stalledSince = Double.NaN;
    /** Jobs ended when the stall began: a job that started and ended between two failures ends it. */
    private long finishedAtStall;
    private final int[] fewestDownSinceStall;

    Failures(Simulation sim, FailureSpec spec) {
        this.sim = sim;
        this.spec = spec;
        int n = sim.clusters.length;
        down = new BitSet[n];
        random = new SplittableRandom[n];
        failures = new long[n];
        kills = new long[n];
        lostSeconds = new double[n];
        downNow = new int[n];
        fewestDownSinceStall = new int[n];
        double cycle = 0;
        for (FailureSpec.Model m : spec.models()) {
            if (m != null) {
                cycle = Math.max(cycle, m.mtbf() + m.repairMean());
            }
        }
        stallLimit = 1000 * cycle;
        SplittableRandom root = new SplittableRandom(spec.seed());
        for (int c = 0; c < n; c++) {
            down[c] = new BitSet();
            random[c] = root.split();
        }
        for (FailureSpec.Event e : spec.events()) {
            ClusterSpec cs = sim.platform.get(checkCluster(e));
            if (e.processors().isEmpty() || e.processors().length() > cs.processors()) {
                throw new InputException(e.source(), e.line(), "processors", "processors " + e.processors() + " are outside cluster "
                        + cs.name() + " (0-" + (cs.processors() - 1) + ")");
            }
            if (!(e.time() >= 0) || e.time() > SimTime.MAX_JOB_TIME) {
                throw new InputException(e.source(), e.line(), "time", "must be between 0 and " + SimTime.format(SimTime.MAX_JOB_TIME)
                        + ", got " + e.time());
            }
            if (!(e.duration() > 0) || e.duration() > SimTime.MAX_JOB_TIME) {
                throw new InputException(e.source(), e.line(), "duration", "must be positive, got " + e.duration());
            }
            sim.events.pushLast(SimTime.of(e.time()), Simulation.FAILURE, e, -1);
        }
        for (int c = 0; c < Math.min(n, spec.models().size()); c++) {
            FailureSpec.Model m = spec.models().get(c);
            if (m == null) {
                continue;
            }
            int nodes = (sim.platform.get(c).processors() + m.nodeSize() - 1) / m.nodeSize();
            for (int node = 0; node < nodes; node++) {
                scheduleNext(c, node, spec.modelFrom());
            }
        }
    }

    private int checkCluster(FailureSpec.Event e) {
        if (e.cluster() < 0 || e.cluster() >= sim.clusters.length) {
            throw new InputException(e.source(), e.line(), "cluster", "no such cluster on the platform (" + String.join(", ",
                    sim.platform.names()) + ")");
        }
        return e.cluster();
    }

    private void scheduleNext(int c, int node, double after) {
        FailureSpec.Model m = spec.models().get(c);
        double t = SimTime.of(after + m.timeBetweenFailures(random[c]));
        sim.events.pushLast(Math.max(t, SimTime.of(after)), Simulation.FAILURE, this, encode(c, node));
    }

    /** Cluster and node in one int: node x clusters + cluster. */
    private int encode(int c, int node) {
        return node * sim.clusters.length + c;
    }

    /** Whether the run still has work: jobs to come, waiting or running. */
    private boolean work() {
        if (sim.arrivals.hasMore() || sim.execution.running > 0) {
            return true;
        }
        for (ClusterRuntime c : sim.clusters) {
            if (c.scheduler.waitingJobs() > 0) {
                return true;
            }
        }
        return false;
    }

    /** FAILURE: a trace's event (payload the event) or a modelled node's failure (payload this, arg the node). */
    void fail(Object payload, int arg) {
        if (payload instanceof FailureSpec.Event e) {
            if (!take(e.cluster(), e.processors(), e.duration(), -1)) {
                // all its processors were off or switching, claimed, or down until its end already: not a failure, but never silent
                withoutEffect++;
                if (withoutEffectExamples.size() < 5) {
                    withoutEffectExamples.add(e.source() + ":" + e.line());
                }
            }
            return;
        }
        int c = arg % sim.clusters.length;
        int node = arg / sim.clusters.length;
        if (!work()) {
            return; // the run is over: this node fails no more
        }
        watchStall();
        FailureSpec.Model m = spec.models().get(c);
        int size = sim.clusters[c].spec.processors();
        BitSet ids = nodeIds;
        int from = node * m.nodeSize();
        int to = Math.min(size, (node + 1) * m.nodeSize());
        ids.set(from, to);
        double repair = m.repairTime(random[c]);
        boolean took;
        try {
            took = take(c, ids, repair, node);
        } finally {
            ids.clear(from, to);
        }
        if (!took) {
            scheduleNext(c, node, sim.now); // already down or claimed: its clock starts again now
        }
    }

    /**
     * Takes {@code ids} of cluster {@code c} down for {@code duration}: those up now go down, and those already down by an
     * earlier failure whose repair comes before this one's stay down until this one's ({@link #prolong}). False if it
     * did neither. A modelled node none of whose processors are up does not prolong anything: it is down, and its clock
     * starts again.
     */
    private boolean take(int c, BitSet ids, double duration, int node) {
        ClusterRuntime cluster = sim.clusters[c];
        BitSet alreadyDown = null; // usually none: no copy (a million-failure run makes a million of these calls)
        if (anyOf(ids, down[c])) {
            alreadyDown = (BitSet) ids.clone();
            alreadyDown.and(down[c]);
        }
        // a copy of the words up to the last of ids only (a clone would take as many as ids has room for): the outage
        // keeps it until the repair
        BitSet hit = new BitSet(ids.length());
        hit.or(ids);
        hit.andNot(down[c]);
        if (sim.power != null) {
            hit.andNot(sim.power.unavailable(c)); // off or switching: not running, nothing to fail
        }
        // a controller's active claim on a hit processor is broken (cancelled, its owner told); a profile's
        // reservation keeps its processors (a maintenance window's are out of service anyway)
        List<ClaimHold> broken = List.of(); // usually none: no list made
        List<Hold> holds = cluster.holdList();
        for (int h = 0; h < holds.size(); h++) {
            if (holds.get(h) instanceof ClaimHold claim && claim.active()) {
                if (!claim.declared && intersects(claim.runs, hit)) {
                    if (broken.isEmpty()) {
                        broken = new ArrayList<>();
                    }
                    broken.add(claim);
                } else {
                    for (int i = 0; i < claim.runs.length; i += 2) {
                        hit.clear(claim.runs[i], claim.runs[i + 1]);
                    }
                }
            }
        }
        double now = sim.now;
        double end = SimTime.of(now + duration);
        if (end <= now) {
            end = SimTime.add(now, SimTime.RESOLUTION);
        }
        if (hit.isEmpty()) {
            if (node >= 0) {
                return false;
            }
            sim.reactions.enterController(); // the policies react once to all the outages prolonged
            try {
                if (!prolong(c, alreadyDown, end, numbered + 1)) {
                    return false;
                }
            } finally {
                sim.reactions.exitController();
            }
            numbered++;
            failures[c]++; // it kept processors down that would have come back: a failure that happened
            return true;
        }
        sim.reactions.enterController(); // the policies react once the processors are down, not to each kill
        try {
            // the policy's jobs on the hit processors, in the order of runningJobs() (the order of their kills)
            List<SimJob> victims = new ArrayList<>(2);
            for (int p = hit.nextSetBit(0); p >= 0; p = hit.nextSetBit(p + 1)) {
                SimJob j = cluster.policyJobOn(p);
                if (j != null && !victims.contains(j)) {
                    victims.add(j);
                }
            }
            if (victims.size() > 1) {
                victims.sort(BY_RUNNING_SLOT);
            }
            for (int i = 0; i < holds.size(); i++) {
                SimJob j = holds.get(i).job;
                if (j != null && j.state == SimJob.RUNNING && !victims.contains(j)) {
                    for (int p = 0; p < j.parts(); p++) {
                        if (j.partCluster(p) == c && intersects(j.partRuns(p), hit)) {
                            victims.add(j);
                            break;
                        }
                    }
                }
            }
            for (SimJob j : victims) {
                kill(j, c);
            }
            sim.claims.breakFor(broken);
            int[] runs = cluster.pool.take(hit);
            down[c].or(hit);
            Down d = new Down(c, sim.clusters[c].spec.name(), hit, runs, now, end, node);
            long number = ++numbered;
            failures[c]++;
            changed(c, d.processors());
            interval(c, now, end, d.processors(), number, !victims.isEmpty());
            outages.add(now, end, 0, cluster.spec.name(), runs);
            cluster.add(d);
            sim.events.push(end, Simulation.REPAIR, d, 0);
            prolong(c, alreadyDown, end, number);
            sim.claims.toldBroken(broken); // once the processors are down: a controller claiming again sees them so
        } finally {
            sim.reactions.exitController();
        }
        return true;
    }

    /**
     * A failure covering processors ({@code already}, null if none) that earlier failures hold down, some until a
     * repair before {@code end}: a processor is down while any failure covering it lasts, so the earlier failure's
     * repair does not give those back (it ended this failure's outage early, without a word). They pass, at that
     * repair, to a new outage up to {@code end}: a hold the policies see from now (the end of a failure is known at
     * its start), a row of unavailable.csv and unavailable processor-seconds; availability.csv changes only at the last
     * repair. Returns whether any outage was prolonged.
     */
    private boolean prolong(int c, BitSet already, double end, long number) {
        if (already == null) {
            return false; // the usual case: nothing to look for
        }
        ClusterRuntime cluster = sim.clusters[c];
        boolean prolonged = false;
        // each down processor is given back by exactly one outage (the last of a chain of take-overs); copy the holds,
        // since the new outages join them
        for (Hold h : List.copyOf(cluster.holdList())) {
            if (h instanceof Down d && d.end < end && anyOf(already, d.ids)) {
                BitSet taken = (BitSet) d.ids.clone();
                taken.and(already);
                d.ids.andNot(taken);
                d.runs = ProcessorPool.runs(d.ids);
                int[] runs = ProcessorPool.runs(taken);
                Down after = new Down(c, d.clusterName, taken, runs, d.end, end, -1);
                interval(c, d.end, end, after.processors(), number, false);
                outages.add(d.end, end, 0, cluster.spec.name(), runs);
                cluster.add(after);
                sim.events.push(end, Simulation.REPAIR, after, 0);
                prolonged = true;
            }
        }
        return prolonged;
    }

    private void kill(SimJob j, int c) {
        double ran = sim.now - j.start;
        for (int p = 0; p < j.parts(); p++) {
            lostSeconds[j.partCluster(p)] += j.partProcessors(p) * ran;
        }
        kills[c]++;
        ControlState s = j.control();
        boolean again = spec.resubmit() && s.failureKills < spec.retries();
        s.failureKills++;
        if (again) {
            resubmissions++;
        } else {
            s.failed = true;
            failedJobs++;
        }
        sim.execution.kill(j, again, true);
    }

    /**
     * Whether some processor of {@code ids} is in {@code set} (the failures' one test of two sets of processors): the
     * two sets' bits leapfrog, so a node's few processors cost a step or two. Not {@link BitSet#intersects}: its word
     * loop, counting down to zero, failed one of C2's loop-limit checks as soon as the compiled {@code take} first ran,
     * and that code (about 70 KB, with the policies' reactions inlined) was thrown away and compiled again: 0.38-0.44 s
     * more of compiler time in a million-job run with failures, on a 2-core machine where the compiler shares the cores
     * with the simulation.
     */
    static boolean anyOf(BitSet ids, BitSet set) {
        int p = ids.nextSetBit(0);
        while (p >= 0) {
            int q = set.nextSetBit(p);
            if (q < 0) {
                return false;
            }
            if (q == p) {
                return true;
            }
            p = ids.nextSetBit(q);
        }
        return false;
    }

    private static boolean intersects(int[] runs, BitSet ids) {
        for (int i = 0; runs != null && i < runs.length; i += 2) {
            int p = ids.nextSetBit(runs[i]);
            if (p >= 0 && p < runs[i + 1]) {
                return true;
            }
        }
        return false;
    }

    /**
     * REPAIR: the processors come back, except those a later failure took over (they stay down until its repair); a
     * modelled node's next failure is drawn.
     */
    void repair(Object payload, int arg) {
        Down d = (Down) payload;
        ClusterRuntime cluster = sim.clusters[d.cluster];
        cluster.pool.release(d.runs);
        down[d.cluster].andNot(d.ids);
        int back = d.ids.cardinality();
        if (back > 0) {
            changed(d.cluster, -back);
        }
        cluster.remove(d);
        if (d.node >= 0) {
            scheduleNext(d.cluster, d.node, sim.now);
        }
    }

    /**
     * Ends a run that modelled failures would keep going forever: jobs wait, nothing runs, nothing is to come, and for
     * {@link #stallLimit} no job has started. An error, since no result could come of it.
     */
    private void watchStall() {
        if (sim.arrivals.hasMore() || sim.execution.running > 0) {
            stalledSince = Double.NaN;
            return;
        }
        if (Double.isNaN(stalledSince) || sim.execution.finished != finishedAtStall) {
            stalledSince = sim.now;
            finishedAtStall = sim.execution.finished;
            System.arraycopy(downNow, 0, fewestDownSinceStall, 0, downNow.length);
            return;
        }
        if (sim.now - stalledSince <= stallLimit) {
            return;
        }
        StringBuilder why = new StringBuilder();
        for (int c = 0; c < sim.clusters.length; c++) {
            ClusterRuntime cluster = sim.clusters[c];
            int widest = 0;
            for (var j : cluster.scheduler.waiting()) {
                widest = Math.max(widest, j.processors());
            }
            if (cluster.scheduler.waitingJobs() > 0) {
                why.append(why.length() > 0 ? "; " : "").append(String.format(java.util.Locale.ROOT,
                        "cluster %s: %,d job(s) wait, the widest for %,d processors, and at most %,d of its %,d were up at once",
                        cluster.spec.name(), cluster.scheduler.waitingJobs(), widest,
                        cluster.spec.processors() - fewestDownSinceStall[c], cluster.spec.processors()));
            }
        }
        throw new InputException(null, 0, "failures.model", "the run cannot end: for " + SimTime.format(sim.now - stalledSince)
                + " s of simulated time (1,000 failure and repair cycles of a node) no job could start, nothing ran and no"
                + " job was to come (" + why + "). Lower the failure rate or the repair times, or the jobs' widths");
    }

    private void changed(int c, int delta) {
        downNow[c] += delta;
        if (!Double.isNaN(stalledSince)) {
            fewestDownSinceStall[c] = Math.min(fewestDownSinceStall[c], downNow[c]);
        }
        timeline.add(sim.now, 0, downNow[c], sim.clusters[c].spec.name(), null);
    }

    /** What {@link #forEachDown} gives: a failure's cluster, interval and processor count. */
    interface DownInterval {
        void accept(int cluster, double from, double to, int processors);
    }

    /** The fields of an interval, in its six numbers. */
    private static final int CLUSTER = 0;
    private static final int FROM = 1;
    private static final int TO = 2;
    private static final int PROCESSORS = 3;
    private static final int NUMBER = 4;
    private static final int KILLED = 5;

    /** A field of interval {@code n}. */
    private double field(int n, int field) {
        return intervals[n / CHUNK][6 * (n % CHUNK) + field];
    }

    private void interval(int c, double from, double to, int processors, long number, boolean killed) {
        int at = 6 * (intervalCount % CHUNK);
        if (at == 0) {
            newChunk(intervalCount / CHUNK);
        }
        double[] a = intervals[intervalCount++ / CHUNK];
        a[at + CLUSTER] = c;
        a[at + FROM] = from;
        a[at + TO] = to;
        a[at + PROCESSORS] = processors;
        a[at + NUMBER] = number;
        a[at + KILLED] = killed ? 1 : 0;
    }

    /**
     * Room for the intervals from chunk {@code chunk} on, the array of chunks doubled when full. Behind the one branch
     * taken at every chunk, so that the code compiled for {@link #take} has seen it taken (chunks are small enough that
     * a few fill before it is compiled): the doubling tested at every interval was first taken after 65,536 intervals,
     * when C2 had already compiled {@code take} (the policies' reactions inlined: 70 KB of code, 0.2-0.5 s of compiler
     * time) on a profile that never saw it, so that code was thrown away at that interval and compiled again.
     */
    private void newChunk(int chunk) {
        if (chunk == intervals.length) {
            intervals = java.util.Arrays.copyOf(intervals, 2 * chunk);
        }
        intervals[chunk] = new double[6 * CHUNK];
    }

    void forEachDown(DownInterval to) {
        for (int n = 0; n < intervalCount; n++) {
            to.accept((int) field(n, CLUSTER), field(n, FROM), field(n, TO), (int) field(n, PROCESSORS));
        }
    }

    /** Processor-seconds of cluster {@code c} down within [from, to), weighted by a carbon intensity. */
    double downIntensitySeconds(int c, double from, double to, CarbonSeries carbon) {
        double s = 0;
        for (int n = 0; n < intervalCount; n++) {
            if ((int) field(n, CLUSTER) == c) {
                s += carbon.integral(Math.max(from, field(n, FROM)), Math.min(to, field(n, TO))) * field(n, PROCESSORS);
            }
        }
        return s;
    }

    /**
     * The failures of cluster {@code c} within the run's window [from, to]: those whose outage overlaps it (the window
     * whose unavailable processor-seconds summary.json gives beside them), and those that killed a job. A trace's failure
     * after the last job's end, or one repaired before the first submission, is not among them; a failure that kills the
     * last running job ends the window at its own start, and is (before, it was counted outside the window beside its
     * kill).
     */
    long failuresWithin(int c, double from, double to) {
        long count = 0;
        double last = 0; // failure numbers start at 1
        for (int n = 0; n < intervalCount; n++) {
            if ((int) field(n, CLUSTER) == c && field(n, NUMBER) != last
                    && (field(n, FROM) < to && field(n, TO) > from || field(n, KILLED) > 0)) {
                count++;
                last = field(n, NUMBER);
            }
        }
        return count;
    }

    /** Processor-seconds of cluster {@code c} down within [from, to). */
    double downSeconds(int c, double from, double to) {
        double s = 0;
        for (int n = 0; n < intervalCount; n++) {
            if ((int) field(n, CLUSTER) == c) {
                double a = Math.max(from, field(n, FROM));
                double b = Math.min(to, field(n, TO));
                if (b > a) {
                    s += (b - a) * field(n, PROCESSORS);
                }
            }
        }
        return s;
    }
}
