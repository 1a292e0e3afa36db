package org.gridsched.workflow.oa;

import java.util.ArrayDeque;
import java.util.List;
import java.util.PriorityQueue;

import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.control.JobSpec;
import org.gridsched.api.control.Part;
import org.gridsched.workflow.grouping.Grouping;

/**
 * One cluster's share of an experiment, run as it happens (thesis §4.4.2): its processors split into groups, its
 * scenarios, and a FIFO queue of post-processing tasks.
 *
 * <ul>
 * <li>An idle group takes the next month of the least advanced scenario that is not running (fastest idle group
 * first). Decisions wait for every event of the instant (a timer at now), so that simultaneous ends are seen
 * together. Under the {@link Assignment#BALANCED} assignment an idle group may instead wait for a less advanced
 * scenario running on a slower group (see {@link #worthWaitingFor}).</li>
 * <li>With U scenarios not finished, only the U fastest groups can still be useful: any other group retires when it
 * is idle, and its processors join the post-processing pool for good. (In lock-step equal groups this frees
 * exactly the groups the last iteration leaves idle, R_left of eqs 4.3 and 4.6.)</li>
 * <li>Posts run FIFO, one processor each, on the processors that are in no active group, under the
 * {@link PostRule}.</li>
 * </ul>
 */
final class ClusterChains {
    /** Times within this (relative) distance are equal: sums of the same durations in another order. */
    private static final double TOLERANCE = 1e-9;

    private final GridOperations grid;
    final OceanAtmosphereRun run;
    final int cluster;
    final ClusterPlan plan;
    private final PostRule postRule;
    private final Assignment assignment;
    private final Failures failures;
    final Group[] groups;
    final Scenario[] scenarios;
    private final int months;
    private final PriorityQueue<Scenario> available = new PriorityQueue<>(Scenario.LEAST_ADVANCED);
    private final ArrayDeque<OaTask> posts = new ArrayDeque<>();
    /** Scenarios not finished (U). */
    private int unfinished;
    /** Processors in no active group: the post-processing pool. */
    private int postProcessors;
    private int runningPosts;
    private boolean dispatchPending;
    double lastEnd = Double.NaN;
    long mainsDone;
    long postsDone;
    long failed;

    ClusterChains(OceanAtmosphereRun run, GridOperations grid, ClusterPlan plan, int months, PostRule postRule,
            Assignment assignment, Failures failures) {
        this.run = run;
        this.grid = grid;
        this.cluster = plan.cluster();
        this.plan = plan;
        this.months = months;
        this.postRule = postRule;
        this.assignment = assignment;
        this.failures = failures;
        Grouping g = plan.grouping();
        groups = new Group[g.count()];
        for (int i = 0; i < groups.length; i++) {
            int size = g.groups().get(i);
            double time = plan.benchmark().groupTime(size);
            if (!(time > 0)) {
                throw new IllegalStateException("grouping " + g + " of cluster '" + plan.benchmark().cluster() + "' has a group of "
                        + size + " processors, for which the benchmarks give no main-task time");
            }
            groups[i] = new Group(i, size, time);
        }
        java.util.Arrays.sort(groups, java.util.Comparator.comparingDouble((Group x) -> x.mainTime).thenComparingInt(x -> x.rank));
        postProcessors = plan.processors() - g.processors();
        scenarios = new Scenario[plan.scenarios().size()];
        for (int i = 0; i < scenarios.length; i++) {
            scenarios[i] = new Scenario(plan.scenarios().get(i));
            available.add(scenarios[i]);
        }
        unfinished = scenarios.length;
    }

    /** Starts the experiment on this cluster at {@code time}. */
    void begin(double time) {
        dispatchPending = true;
        grid.timer(time, this);                   // the cluster itself is its dispatch timer's tag
    }

    /** All decisions of one instant, after every event of that instant has been seen. */
    void dispatch() {
        dispatchPending = false;
        for (Group g : groups) {                  // the scenarios waited for that are free now
            if (g.awaited != null && !g.awaited.running) {
                Scenario s = g.awaited;
                g.awaited = null;
                s.awaitedBy = null;
                startMain(g, s);
            }
        }
        for (int i = 0; i < groups.length; i++) {
            Group g = groups[i];
            if (!g.idle() || g.awaited != null) {
                continue;
            }
            if (i >= unfinished) {
                g.retired = true;
                postProcessors += g.size;
                continue;
            }
            Scenario s = available.peek();
            if (s == null) {
                continue;
            }
            Scenario b = assignment == Assignment.BALANCED ? worthWaitingFor(g, s) : null;
            if (b != null) {
                g.awaited = b;
                b.awaitedBy = g;
            } else {
                startMain(g, available.poll());
            }
        }
        double horizon = postRule == PostRule.ITERATIONS ? earliestMainEnd() : Double.POSITIVE_INFINITY;
        double now = grid.now();
        double tp = plan.benchmark().postTime();
        while (!posts.isEmpty() && runningPosts < postProcessors
                && now + tp <= horizon + TOLERANCE * Math.max(1, Math.abs(horizon))) {
            startPost(posts.poll());
        }
    }

    /**
     * The {@link Assignment#BALANCED} rule: idle group g would take scenario a (the least advanced free one). A less
     * advanced scenario b whose month runs on a slower group h is worth waiting for when the two scenarios' remaining
     * months end both earlier swapped (g waits for b's month to end and runs b; h then runs a) than kept (g runs a, h
     * keeps b): max(e_b + rem_a·T_h, e_b + rem_b·T_g) < max(now + rem_a·T_g, e_b + rem_b·T_h), with e_b the end of b's
     * month and rem the months left after it. The least advanced such b, or null.
     */
    private Scenario worthWaitingFor(Group g, Scenario a) {
        double now = grid.now();
        int remA = months - a.done;
        Scenario best = null;
        for (Group h : groups) {
            OaTask t = h.running;
            if (t == null || !(h.mainTime > g.mainTime)) {
                continue;
            }
            Scenario b = t.scenario;
            if (b.awaitedBy != null || b.done >= a.done || (best != null && (b.done > best.done || (b.done == best.done && b.number > best.number)))) {
                continue;
            }
            double eb = t.plannedEnd;
            int remB = months - b.done - 1;
            double kept = Math.max(now + remA * g.mainTime, eb + remB * h.mainTime);
            double swapped = Math.max(eb + remA * h.mainTime, eb + remB * g.mainTime);
            if (swapped < kept - TOLERANCE * Math.max(1, kept)) {
                best = b;
            }
        }
        return best;
    }

    private double earliestMainEnd() {
        double e = Double.POSITIVE_INFINITY;
        for (Group g : groups) {
            if (g.running != null) {
                e = Math.min(e, g.running.plannedEnd);
            }
        }
        return e;
    }

    private void startMain(Group g, Scenario s) {
        OaTask t = new OaTask(this, s, s.done + 1, g);
        g.running = t;
        s.running = true;
        t.plannedEnd = grid.now() + g.mainTime;
        t.job = submit(t, g.mainTime, g.size);
        failures.arm(t, grid.now(), g.mainTime);
    }

    private void startPost(OaTask t) {
        runningPosts++;
        t.job = submit(t, plan.benchmark().postTime(), 1);
    }

    /** The job arrives at once (now); {@link #arrived} starts it on this cluster. */
    private GridJob submit(OaTask t, double seconds, int processors) {
        // the engine divides by the cluster's speed; benchmark times are already this cluster's
        double runtime = seconds * grid.speed(cluster);
        GridJob job = grid.submit(new JobSpec(t.id(), grid.now(), runtime, runtime, processors));
        job.tag(t);
        return job;
    }

    void arrived(OaTask t) {
        int procs = t.main() ? t.group.size : 1;
        if (t.main() && t.group.running != t) {
            throw new IllegalStateException(t + " arrived for " + t.group + ", which runs " + t.group.running);
        }
        if (!grid.start(t.job, List.of(new Part(cluster, procs)))) {
            throw new IllegalStateException("cannot start the " + t + " on " + procs + " processors of cluster '"
                    + grid.clusterName(cluster) + "' (" + grid.freeProcessors(cluster)
                    + " free): an Ocean-Atmosphere cluster must be dedicated to the experiment");
        }
    }

    void ended(OaTask t) {
        lastEnd = Double.isNaN(lastEnd) ? grid.now() : Math.max(lastEnd, grid.now());
        if (t.main()) {
            t.group.running = null;
            Scenario s = t.scenario;
            s.running = false;
            s.done++;
            mainsDone++;
            posts.add(new OaTask(this, s, t.month, null));
            if (s.done == months) {
                unfinished--;
                release(s);
            } else if (s.awaitedBy == null) {
                available.add(s);
            }
        } else {
            runningPosts--;
            postsDone++;
        }
        requestDispatch();
    }

    /** A main task failed: its scenario restarts from its last completed month. */
    void failed(OaTask t) {
        t.group.running = null;
        t.scenario.running = false;
        failed++;
        if (t.scenario.awaitedBy == null) {          // else its waiting group restarts the month
            available.add(t.scenario);
        }
        requestDispatch();
    }

    /** A finished scenario no longer holds a group waiting for it. */
    private static void release(Scenario s) {
        if (s.awaitedBy != null) {
            s.awaitedBy.awaited = null;
            s.awaitedBy = null;
        }
    }

    private void requestDispatch() {
        if (!dispatchPending) {
            dispatchPending = true;
            grid.timer(grid.now(), this);
        }
    }

    /** The makespan so far: the last end, from the experiment's start. */
    double makespan(double start) {
        return Double.isNaN(lastEnd) ? 0 : lastEnd - start;
    }

    boolean finished() {
        return unfinished == 0 && posts.isEmpty() && runningPosts == 0;
    }
}
