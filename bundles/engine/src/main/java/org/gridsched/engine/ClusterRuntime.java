package org.gridsched.engine;

import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;

/** One cluster during a run: its processors, its scheduler, and the {@link Cluster} view the scheduler uses. */
final class ClusterRuntime implements Cluster {
    final int index;
    final ClusterSpec spec;
    final ProcessorPool pool;
    private final Simulation sim;
    BatchScheduler scheduler;
    long submitted;

    ClusterRuntime(int index, ClusterSpec spec, Simulation sim) {
        this.index = index;
        this.spec = spec;
        this.pool = new ProcessorPool(spec.processors());
        this.sim = sim;
    }

    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public int processors() {
        return spec.processors();
    }

    @Override
    public double speed() {
        return spec.speed();
    }

    @Override
    public double now() {
        return sim.now;
    }

    @Override
    public int freeProcessors() {
        return pool.freeCount();
    }

    @Override
    public void start(QueuedJob queued) {
        if (!(queued instanceof SimJob job) || job.cluster != index || job.state != SimJob.WAITING) {
            throw new IllegalStateException("cluster " + spec.name() + ": " + queued + " is not waiting here");
        }
        if (job.procs > pool.freeCount()) {
            throw new IllegalStateException("cluster " + spec.name() + ": " + job + " needs " + job.procs
                    + " processors at t=" + sim.now + " but only " + pool.freeCount() + " are free");
        }
        sim.startJob(this, job);
    }

    @Override
    public void wakeUpAt(double time) {
        if (time < sim.now || Double.isNaN(time)) {
            throw new IllegalArgumentException("cluster " + spec.name() + ": wake-up at " + time + " is before now (" + sim.now + ")");
        }
        sim.wakeUp(this, time);
    }

    @Override
    public String toString() {
        return "cluster " + spec.name();
    }
}
