package org.gridsched.engine;

import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.batch.QueuedJob;

import org.gridsched.api.grid.GridControl;
import org.gridsched.api.grid.JobRequest;
import org.gridsched.api.grid.WaitingJob;

/** The grid as meta-schedulers and reallocation see it; the server operations go to {@link ReallocationProtocol}. */
final class GridView extends GridState implements GridControl {
    ReallocationProtocol reallocation;

    GridView(Simulation sim) {
        super(sim);
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
        SimJob j = ((ReallocationProtocol.Waiting) w).job;
        if (j.state != SimJob.WAITING || j.inTransit) {
            throw new IllegalStateException(j + " is not waiting in a queue");
        }
        return sim.clusters[j.cluster].scheduler.plannedStart(j) + j.requested;
    }

    @Override
    public boolean cancel(WaitingJob w) {
        return protocol().cancel(w);
    }

    @Override
    public List<WaitingJob> cancelAll() {
        return protocol().cancelAll();
    }

    @Override
    public void submit(WaitingJob w, int c) {
        protocol().submit(w, c);
    }

    private ReallocationProtocol protocol() {
        if (reallocation == null) {
            throw new IllegalStateException("a job may be cancelled or submitted again only by a reallocation, during its events");
        }
        return reallocation;
    }
}
