package org.gridsched.engine;

import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.metrics.JobOutcome;

/**
 * The engine's record of one job: its input, its state during the run, and its outcome. Schedulers see it
 * as a {@link QueuedJob} (no actual runtime), collectors as a {@link JobOutcome}.
 */
public final class SimJob implements QueuedJob, JobOutcome {
    static final byte WAITING = 0;
    static final byte RUNNING = 1;
    static final byte DONE = 2;

    final long id;
    /** Arrival rank over the whole run; output order. */
    final int index;
    final double submit;
    /** Runtime and requested time at reference speed; a moldable job's change with its size. */
    double refRuntime;
    double refRequested;
    int procs;
    /** Moldable type, or null for a rigid job. */
    Moldable.Type moldType;
    /** A moldable job's requested time on one processor, and its runtime / requested time ratio. */
    double work1;
    double runtimeRatio;

    int cluster = -1;
    double runtime;
    double requested;
    long submitOrder;
    private Object attachment;

    byte state = WAITING;
    double start = Double.NaN;
    double finish = Double.NaN;
    boolean killed;
    /** Allocated processors as [from, to) pairs. */
    int[] allocation;
    /** Times the job moved to another cluster (reallocation). */
    int moves;
    /** During a reallocation event: the cluster it was on when first cancelled in the event, else -1. */
    int eventOrigin = -1;
    /** Cancelled in the current reallocation event and not yet submitted again. */
    boolean inTransit;
    /** Submitted by its cluster's local users, straight to the batch scheduler: never seen by the middleware. */
    boolean local;

    SimJob(long id, int index, double submit, double refRuntime, double refRequested, int procs) {
        this.id = id;
        this.index = index;
        this.submit = submit;
        this.refRuntime = refRuntime;
        this.refRequested = refRequested;
        this.procs = procs;
    }

    /** Gives a moldable job n processors: walltime by Amdahl's law from its one-processor work. */
    void resize(int n) {
        procs = n;
        refRequested = work1 / Moldable.speedup(moldType.parallelFraction(), n);
        refRuntime = runtimeRatio * refRequested;
    }

    /** The moldable type's name, or null for a rigid job. */
    public String moldableType() {
        return moldType == null ? null : moldType.name();
    }

    /** Puts the job on a cluster of the given speed; called when it is submitted there. */
    void assign(int clusterIndex, double speed, long order) {
        cluster = clusterIndex;
        runtime = refRuntime / speed;
        requested = refRequested / speed;
        submitOrder = order;
        attachment = null;
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public double submitTime() {
        return submit;
    }

    @Override
    public double requestedTime() {
        return requested;
    }

    @Override
    public int processors() {
        return procs;
    }

    @Override
    public long submitOrder() {
        return submitOrder;
    }

    @Override
    public Object attachment() {
        return attachment;
    }

    @Override
    public void attach(Object state) {
        attachment = state;
    }

    @Override
    public int cluster() {
        return cluster;
    }

    @Override
    public double startTime() {
        return start;
    }

    @Override
    public double finishTime() {
        return finish;
    }

    @Override
    public double runtime() {
        return runtime;
    }

    @Override
    public double referenceRuntime() {
        return refRuntime;
    }

    @Override
    public boolean killed() {
        return killed;
    }

    /** Whether local users submitted it directly to its cluster (non-dedicated platforms). */
    public boolean isLocal() {
        return local;
    }

    /** How many times the job moved to another cluster. */
    public int moves() {
        return moves;
    }

    /** Input order index (0-based), stable across policies for the same workload. */
    public int index() {
        return index;
    }

    public boolean isWaiting() {
        return state == WAITING;
    }

    public boolean isRunning() {
        return state == RUNNING;
    }

    public boolean isDone() {
        return state == DONE;
    }

    /** Allocated processor ids as {@code [from, to)} pairs; null before the job starts. */
    public int[] allocation() {
        return allocation;
    }

    /** Allocated processors as an interval set, e.g. {@code "0-3 8"}. */
    public String allocationText() {
        if (allocation == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < allocation.length; i += 2) {
            if (i > 0) {
                sb.append(' ');
            }
            int from = allocation[i];
            int last = allocation[i + 1] - 1;
            sb.append(from);
            if (last > from) {
                sb.append('-').append(last);
            }
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return "job " + id;
    }
}
