package org.gridsched.engine;

import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.batch.QueuedJob;

import org.gridsched.api.grid.GridControl;
import org.gridsched.api.grid.JobRequest;
import org.gridsched.api.grid.WaitingJob;

/**
 * The grid as the meta-scheduler or the reallocation algorithm sees it (each has its own view); the server operations go
 * to {@link ReallocationProtocol}. A misuse is a finding about the view's {@link #decider}: the meta-scheduler's router
 * may cast its {@code Grid} to {@code GridControl}, and its cancel is its own fault, not the reallocation algorithm's.
 */
final class GridView extends GridState implements GridControl {
    /** Only for the reallocation algorithm's view: the meta-scheduler may not cancel or submit. */
    ReallocationProtocol reallocation;
    /** Whose view this is. */
    private final PluginDecision.Decider decider;

    GridView(Simulation sim, PluginDecision.Decider decider) {
        super(sim);
        this.decider = decider;
    }

    @Override
    public double estimateCompletion(int c, JobRequest job) {
        return sim.placement.estimateCompletion(c, job, job instanceof ReallocationProtocol.Waiting w ? w.job : null);
    }

    @Override
    public double estimateStart(int c, JobRequest job) {
        return sim.placement.estimateStart(c, job, job instanceof ReallocationProtocol.Waiting w ? w.job : null);
    }

    @Override
    public List<WaitingJob> waiting(int c) {
        List<WaitingJob> list = new ArrayList<>();
        for (QueuedJob q : sim.clusters[c].scheduler.waiting()) {
            if (!((SimJob) q).local) { // local users' jobs are not the middleware's to move
                list.add(new ReallocationProtocol.Waiting((SimJob) q));
            }
        }
        return list;
    }

    @Override
    public double currentCompletion(WaitingJob w) {
        SimJob j = job(w, "asked for the current completion of");
        if (j.state != SimJob.WAITING || j.inTransit) {
            throw new PluginDecisionException(decider, null, "asked for the current completion of " + j + ", which is not waiting in a"
                    + " queue at t=" + Numbers.format(sim.now) + " s");
        }
        return sim.clusters[j.cluster].scheduler.plannedStart(j) + j.requested;
    }

    @Override
    public boolean cancel(WaitingJob w) {
        SimJob j = job(w, "cancelled");
        return protocol("cancel " + j).cancel(w);
    }

    @Override
    public List<WaitingJob> cancelAll() {
        return protocol("cancel every waiting job").cancelAll();
    }

    @Override
    public void submit(WaitingJob w, int c) {
        SimJob j = job(w, "submitted");
        protocol("submit " + j).submit(w, c);
    }

    /** The job of a waiting job the plugin {@code did} something to ("cancelled"), which must be one this run gave it. */
    private SimJob job(WaitingJob w, String did) {
        if (!(w instanceof ReallocationProtocol.Waiting waiting)) {
            throw new PluginArgumentException(decider, null, did + " " + w + ", which is not a waiting job of this run (one that"
                    + " waiting() or cancelAll() gave)");
        }
        return waiting.job;
    }

    /** The reallocation's protocol; a meta-scheduler that asked {@code what} ("cancel job 3") is refused. */
    private ReallocationProtocol protocol(String what) {
        if (reallocation == null) {
            throw new PluginDecisionException(decider, null, "asked to " + what + " (jobs are cancelled and submitted again only by a"
                    + " reallocation algorithm, from its reallocate())");
        }
        return reallocation;
    }
}
