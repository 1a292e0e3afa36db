package org.gridsched.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.grid.Reallocator;
import org.gridsched.api.grid.WaitingJob;

/**
 * Periodic reallocation of waiting jobs between clusters: the events (the first one period after the first
 * arrival, then every period while anything is left to do), and the cancel / submit protocol of an event
 * (a job cancelled in an event must be submitted again before it ends; a move counts when a job ends the
 * event on another cluster than the one it started it on).
 */
final class ReallocationProtocol {
    private final Simulation sim;
    private final Reallocator reallocator;
    /** Jobs cancelled in the current event and not yet submitted again. */
    private int inTransit;
    /** Jobs cancelled at least once in the current event. */
    private final List<SimJob> touched = new ArrayList<>();
    private boolean reallocating;
    long moves;
    long events;

    ReallocationProtocol(Simulation sim, Reallocator reallocator) {
        this.sim = sim;
        this.reallocator = reallocator;
    }

    void firstArrival(double time) {
        sim.events.push(SimTime.add(time, SimTime.of(reallocator.period())), Simulation.REALLOCATE, null, -1);
    }

    /** One reallocation event; the next comes one period later while anything is left to simulate. */
    void handle(boolean moreArrivals) {
        reallocating = true;
        try {
            reallocator.reallocate();
        } finally {
            reallocating = false;
        }
        if (inTransit > 0) {
            SimJob first = touched.stream().filter(j -> j.inTransit).findFirst().orElseThrow();
            throw new PluginDecisionException(PluginDecision.Decider.REALLOCATION, null, "cancelled " + first
                    + (inTransit > 1 ? " (and " + (inTransit - 1) + " more)" : "") + " and did not submit it again (a job it cancels"
                    + " must be submitted to a cluster in the same event)");
        }
        for (SimJob j : touched) {
            j.eventOrigin = -1;
        }
        touched.clear();
        events++;
        boolean busy = moreArrivals;
        for (ClusterRuntime c : sim.clusters) {
            busy |= c.scheduler.waitingJobs() > 0;
        }
        if (busy) {
            sim.events.push(SimTime.add(sim.now, SimTime.of(reallocator.period())), Simulation.REALLOCATE, null, -1);
        }
    }

    boolean cancel(WaitingJob w) {
        SimJob j = ((Waiting) w).job;
        requireEvent("cancel " + j);
        if (j.state != SimJob.WAITING || j.inTransit || !sim.clusters[j.cluster].scheduler.cancel(j)) {
            return false;
        }
        takeOut(j);
        return true;
    }

    /**
     * Empties every queue at once ({@link org.gridsched.api.batch.BatchScheduler#withdrawAll}); a policy that
     * starts a job meanwhile is a bug, reported as such. Local users' jobs go back to their queue at once.
     */
    List<WaitingJob> cancelAll() {
        requireEvent("cancel every waiting job");
        List<SimJob> cancelled = new ArrayList<>();
        for (ClusterRuntime c : sim.clusters) {
            int free = c.pool.freeCount();
            List<QueuedJob> withdrawn = c.scheduler.withdrawAll();
            if (c.pool.freeCount() != free || c.scheduler.waitingJobs() != 0) {
                throw new PluginDecisionException(PluginDecision.Decider.BATCH_POLICY, c, "started a job or kept "
                        + c.scheduler.waitingJobs() + " waiting while its queue was withdrawn at t=" + Numbers.format(sim.now)
                        + " (withdrawAll must only empty the queue)");
            }
            List<SimJob> local = new ArrayList<>();
            for (QueuedJob q : withdrawn) {
                SimJob j = (SimJob) q;
                if (j.local) {
                    local.add(j);
                } else {
                    takeOut(j);
                    cancelled.add(j);
                }
            }
            for (SimJob j : local) {
                j.assign(c.index, sim.relativeSpeed(c.index), c.submitted++);
                c.scheduler.jobSubmitted(j);
            }
        }
        cancelled.sort(OLDEST_FIRST);
        List<WaitingJob> list = new ArrayList<>(cancelled.size());
        for (SimJob j : cancelled) {
            list.add(new Waiting(j));
        }
        return list;
    }

    private static final Comparator<SimJob> OLDEST_FIRST =
            Comparator.comparingDouble(SimJob::submitTime).thenComparingLong(SimJob::id);

    /** The job has left its queue in this event and must be submitted again before it ends. */
    private void takeOut(SimJob j) {
        if (j.eventOrigin < 0) {
            j.eventOrigin = j.cluster;
            touched.add(j);
        }
        j.inTransit = true;
        inTransit++;
    }

    void submit(WaitingJob w, int c) {
        SimJob j = ((Waiting) w).job;
        requireEvent("submit " + j);
        if (!j.inTransit) {
            throw new PluginDecisionException(PluginDecision.Decider.REALLOCATION, null, "submitted " + j + ", which it had not cancelled");
        }
        if (c < 0 || c >= sim.clusters.length) {
            throw new PluginArgumentException(PluginDecision.Decider.REALLOCATION, null, "submitted " + j + " to cluster index " + c
                    + ", which does not exist (0.." + (sim.clusters.length - 1) + ")");
        }
        ClusterRuntime target = sim.clusters[c];
        if (j.shape == null && j.procs > target.spec.processors()) {
            throw new PluginDecisionException(PluginDecision.Decider.REALLOCATION, null, "submitted " + j + " (" + j.procs + " processors) to "
                    + target + ", which has " + target.spec.processors());
        }
        int from = j.cluster;
        j.inTransit = false;
        inTransit--;
        sim.placement.sizeFor(target, j);
        j.assign(c, sim.relativeSpeed(c), target.submitted++);
        if (c != j.eventOrigin) {
            j.moves++;
            moves++;
        }
        if (c != from) {
            sim.observers.moved(j, from, sim.now);
        }
        target.scheduler.jobSubmitted(j);
    }

    private void requireEvent(String what) {
        if (!reallocating) {
            throw new PluginDecisionException(PluginDecision.Decider.REALLOCATION, null, "asked to " + what + " outside its"
                    + " reallocation events (jobs are cancelled and submitted again only from reallocate())");
        }
    }

    /** A waiting job as reallocation sees it. */
    static final class Waiting implements WaitingJob {
        final SimJob job;

        Waiting(SimJob job) {
            this.job = job;
        }

        @Override
        public long id() {
            return job.id();
        }

        @Override
        public double submitTime() {
            return job.submitTime();
        }

        @Override
        public int processors() {
            return job.procs;
        }

        @Override
        public double requestedTime() {
            return job.refRequested;
        }

        @Override
        public int cluster() {
            return job.cluster;
        }

        @Override
        public int moves() {
            return job.moves;
        }

        @Override
        public boolean stillWaiting() {
            return job.state == SimJob.WAITING;
        }

        @Override
        public String toString() {
            return job.toString();
        }
    }
}
