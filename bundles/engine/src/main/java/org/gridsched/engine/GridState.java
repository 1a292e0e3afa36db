package org.gridsched.engine;

import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.JobRequest;

/** The clusters of a run as plugins observe them: the part every grid view shares. */
abstract class GridState implements Grid {
    final Simulation sim;

    GridState(Simulation sim) {
        this.sim = sim;
    }

    @Override
    public double now() {
        return sim.now;
    }

    @Override
    public int clusterCount() {
        return sim.clusters.length;
    }

    @Override
    public String clusterName(int c) {
        return sim.clusters[c].spec.name();
    }

    @Override
    public int processors(int c) {
        return sim.clusters[c].spec.processors();
    }

    @Override
    public double speed(int c) {
        return sim.clusters[c].spec.speed();
    }

    @Override
    public double linkBandwidth(int from, int to) {
        return sim.platform.links().bandwidth(from, to);
    }

    @Override
    public double linkLatency(int from, int to) {
        return sim.platform.links().latency(from, to);
    }

    @Override
    public int freeProcessors(int c) {
        return sim.clusters[c].pool.freeCount();
    }

    @Override
    public int waitingJobs(int c) {
        return sim.clusters[c].scheduler.waitingJobs();
    }

    @Override
    public double estimateCompletion(int c, JobRequest job) {
        return sim.placement.estimateCompletion(c, job, null);
    }

    @Override
    public double emissions(int c, int processors, double from, double to) {
        return sim.energy == null ? 0 : sim.energy.emissions(c, processors, from, to);
    }

    @Override
    public double estimateStart(int c, JobRequest job) {
        return sim.placement.estimateStart(c, job, null);
    }
}
