package org.gridsched.workflow.dag;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.control.JobSpec;
import org.gridsched.workflow.schedule.WorkflowScheduler;

/**
 * One run of the {@code workflow} controller. Workflow instances arrive over time (a timer per arrival); at its arrival
 * all of an instance's tasks are submitted with their dependencies, so the engine holds each task until its last
 * parent ends and releases it at that instant. A released task is taken in charge and waits until every event of the
 * instant has been handled; then the tasks ready at that instant are sorted by the scheduler's priority and each is
 * sent to the cluster the scheduler places it on, at once, or, when its input files must first cross a declared link
 * ({@link Links}), when the slowest of them has arrived. Jobs that are not workflow tasks (a background trace) are
 * left to the meta-scheduler.
 */
final class WorkflowRun implements Controller {
    /** Job numbers: instance × 10⁶ + task position + 1. */
    private static final long ID_STRIDE = 1_000_000L;

    private final GridOperations grid;
    final WorkflowSettings settings;
    private final List<Workflow> workflows;
    private final WorkflowScheduler scheduler;
    private final SplittableRandom arrivals;
    private final Object arrivalTag = new Object();
    private final Object flushTag = new Object();
    private final List<TaskRun> ready = new ArrayList<>();
    private boolean flushPending;
    private int submitted;
    private double nextArrival;
    private long sequence;
    final List<WorkflowInstance> instances = new ArrayList<>();
    final Links links;
    /** Upward ranks with mean transfer times, per workflow file (only when links are declared). */
    private final Map<Workflow, double[]> ranks = new IdentityHashMap<>();

    WorkflowRun(GridOperations grid, WorkflowSettings settings, List<Workflow> workflows, WorkflowScheduler scheduler, long seed) {
        this(grid, settings, workflows, scheduler, seed, Links.none(grid.clusterCount()));
    }

    WorkflowRun(GridOperations grid, WorkflowSettings settings, List<Workflow> workflows, WorkflowScheduler scheduler, long seed, Links links) {
        this.links = links;
        this.grid = grid;
        this.settings = settings;
        this.workflows = workflows;
        this.scheduler = scheduler;
        this.arrivals = new SplittableRandom(seed);
        nextArrival = settings.firstArrival();
        if (settings.count() > 0) {
            grid.timer(nextArrival, arrivalTag);
        }
    }

    @Override
    public void timer(Object tag) {
        if (tag instanceof TaskRun t) {                 // its input files have arrived on its cluster
            grid.send(t.job, t.cluster);
        } else if (tag == flushTag) {
            flush();
        } else if (tag == arrivalTag) {
            arrive();
        }
    }

    /** The next instance arrives now: every task is submitted, held for its parents. */
    private void arrive() {
        Workflow w = workflows.get(submitted % workflows.size());
        WorkflowInstance inst = new WorkflowInstance(this, ++submitted, w, grid.now());
        instances.add(inst);
        List<GridJob> parents = new ArrayList<>();
        for (int t = 0; t < w.size(); t++) {
            double runtime = Math.max(w.runtime(t) * settings.runtimeScale(), settings.minRuntime());
            TaskRun task = new TaskRun(inst, t, runtime, runtime * settings.walltime());
            inst.tasks[t] = task;
            parents.clear();
            for (int p : w.parents(t)) {
                parents.add(inst.tasks[p].job);
            }
            task.job = grid.submit(new JobSpec(inst.number * ID_STRIDE + t + 1, inst.arrival, runtime, task.requested, w.cores(t)), parents);
            task.job.tag(task);
        }
        if (submitted < settings.count()) {
            double gap = settings.poisson() ? -settings.interarrival() * Math.log(1 - arrivals.nextDouble()) : settings.interarrival();
            nextArrival += gap;
            grid.timer(nextArrival, arrivalTag);
        }
    }

    @Override
    public boolean jobArrived(GridJob job) {
        if (!(job.tag() instanceof TaskRun t) || t.instance.run != this) {
            return false;
        }
        t.sequence = sequence++;
        t.readyTime = grid.now();
        ready.add(t);
        if (!flushPending) {
            flushPending = true;
            grid.timer(grid.now(), flushTag);
        }
        return true;
    }

    /** The tasks that became ready this instant, in the scheduler's order, each to its cluster. */
    private void flush() {
        flushPending = false;
        if (ready.size() > 1) {
            ready.sort(scheduler.priority());
        }
        for (TaskRun t : ready) {
            int c = scheduler.place(t, grid);
            if (c < 0 || c >= grid.clusterCount()) {
                throw new IllegalStateException("workflow scheduler '" + scheduler.name() + "' placed " + t + " on no cluster (" + c + ")");
            }
            t.cluster = c;
            t.transfer = t.transferTime(c);
            if (t.transfer > 0) {
                grid.timer(grid.now() + t.transfer, t);
            } else {
                grid.send(t.job, c);
            }
        }
        ready.clear();
    }

    /**
     * A task's upward rank: the workflow's (runtimes only) × runtime_scale; with links declared and files moved, HEFT's
     * rank with communication costs: runtime × runtime_scale + the largest, over its successors (children, and the
     * tasks reading its files), of the successor's rank + the mean transfer time of the largest file it passes them.
     */
    double upwardRank(Workflow w, int task) {
        if (!links.any() || !w.movesData()) {
            return w.upwardRank(task) * settings.runtimeScale();
        }
        return ranks.computeIfAbsent(w, this::ranksWithTransfers)[task];
    }

    private double[] ranksWithTransfers(Workflow w) {
        int n = w.size();
        double[] rank = new double[n];
        double[] below = new double[n];
        for (int k = n - 1; k >= 0; k--) {             // successors have larger indexes: final before their predecessors
            rank[k] = w.runtime(k) * settings.runtimeScale() + below[k];
            for (int p : w.parents(k)) {
                below[p] = Math.max(below[p], rank[k]);
            }
            int[] from = w.dataFrom(k);
            double[] bytes = w.dataBytes(k);
            for (int i = 0; i < from.length; i++) {
                below[from[i]] = Math.max(below[from[i]], links.meanTransfer(bytes[i]) + rank[k]);
            }
        }
        return rank;
    }
}
