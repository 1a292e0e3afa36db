package org.gridsched.engine;

import org.gridsched.api.batch.Reservation;

/**
 * Processors of one cluster that its batch policy must plan around over [start, end): a controller's
 * claim ({@link ClaimHold}) or a part of a job a controller started (then {@link #job} is set).
 */
class Hold implements Reservation {
    final int cluster;
    /** The cluster's name, for messages (a plugin author prints a claim). */
    final String clusterName;
    final int processors;
    final double start;
    double end;
    final SimJob job;

    Hold(int cluster, String clusterName, int processors, double start, double end, SimJob job) {
        this.cluster = cluster;
        this.clusterName = clusterName;
        this.processors = processors;
        this.start = start;
        this.end = end;
        this.job = job;
    }

    @Override
    public double start() {
        return start;
    }

    @Override
    public double end() {
        return end;
    }

    @Override
    public int processors() {
        return processors;
    }

    @Override
    public String toString() {
        return processors + " processors of cluster " + clusterName + " over [" + Numbers.format(start) + ", "
                + Numbers.format(end) + ")" + (job == null ? "" : " for " + job);
    }
}
