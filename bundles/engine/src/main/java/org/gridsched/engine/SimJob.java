package org.gridsched.engine;

import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.metrics.JobOutcome;

/**
 * One job during one run: the {@link WorkloadJob} it comes from (immutable), its state in this run, and its
 * {@link JobAllocation} once started. Schedulers see it as a {@link QueuedJob} (no actual runtime),
 * collectors as a {@link JobOutcome}, controllers as a {@link GridJob}.
 */
public final class SimJob implements QueuedJob, JobOutcome, GridJob {
    static final byte WAITING = 0;
    static final byte RUNNING = 1;
    static final byte DONE = 2;
    static final byte HELD = 3;
    static final byte KILLED = 4;
    static final byte REJECTED = 5;

    final WorkloadJob spec;
    /** The workload's submit time, kept here too: collectors and policies read it at every step, and one
     * object touched per job beats two. */
    final double submit;
    /** Size, runtime and requested time at reference speed; a moldable job's change with its size. */
    int procs;
    double refRuntime;
    double refRequested;
    /** A moldable job's shape, or null for a rigid job. */
    Moldable.Shape shape;

    /** The cluster whose queue holds it, or where it runs (the first part); -1 before either. */
    int cluster = -1;
    /** Runtime and requested time on that cluster (divided by its relative speed). */
    double runtime;
    double requested;
    long submitOrder;
    private Object attachment;

    byte state = WAITING;
    double start = Double.NaN;
    double finish = Double.NaN;
    /** Stopped at its requested time. */
    boolean killed;
    /** Bumped at each kill, so that the end event of a killed attempt is recognised as stale. */
    int attempt;
    /**
     * Where it runs: the first part's processor runs on {@link #cluster}, and the whole allocation only when
     * it has several parts (one-part allocations, nearly all, cost no object of their own).
     */
    int[] runs;
    JobAllocation multiPart;
    /** Started by a controller rather than by its cluster's batch policy. */
    boolean foreign;
    /** In a controller's charge: not routed, in no queue. */
    boolean taken;
    /** Submitted by its cluster's local users, straight to the batch scheduler: never seen by the middleware. */
    boolean local;

    /** Times the job moved to another cluster (reallocation). */
    int moves;
    /** During a reallocation event: the cluster it was on when first cancelled in the event, else -1. */
    int eventOrigin = -1;
    /** Cancelled in the current reallocation event and not yet submitted again. */
    boolean inTransit;

    /** What only runs with controllers use; null until first needed. */
    private ControlState control;

    SimJob(WorkloadJob spec) {
        this.spec = spec;
        this.submit = spec.submit();
        this.procs = spec.processors();
        this.refRuntime = spec.runtime();
        this.refRequested = spec.requested();
    }

    /** Gives a moldable job n processors: walltime by Amdahl's law from its one-processor work. */
    void resize(int n) {
        procs = n;
        refRequested = shape.work1() / Moldable.speedup(shape.type().parallelFraction(), n);
        refRuntime = shape.runtimeRatio() * refRequested;
    }

    /** Puts the job on a cluster of the given relative speed; called when it is submitted there. */
    void assign(int clusterIndex, double speed, long order) {
        cluster = clusterIndex;
        runtime = refRuntime / speed;
        requested = refRequested / speed;
        submitOrder = order;
        attachment = null;
    }

    /** The job's controller-side state, made on first use (runs without controllers never make it). */
    ControlState control() {
        if (control == null) {
            control = new ControlState();
        }
        return control;
    }

    /** Whether it waits for other jobs to end. */
    boolean hasParents() {
        return control != null && control.pendingParents > 0;
    }

    /** Whether jobs wait for this one to end. */
    boolean hasChildren() {
        return control != null && control.childCount > 0;
    }

    /** The moldable type's name, or null for a rigid job. */
    public String moldableType() {
        return shape == null ? null : shape.type().name();
    }

    @Override
    public long id() {
        return spec.id();
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
    public int components() {
        return spec.components();
    }

    @Override
    public double referenceRequestedTime() {
        return refRequested;
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
    public Object tag() {
        return control == null ? null : control.tag;
    }

    @Override
    public void tag(Object state) {
        control().tag = state;
    }

    @Override
    public int cluster() {
        return cluster;
    }

    @Override
    public int queueCluster() {
        return state == WAITING && !taken && !inTransit ? cluster : -1;
    }

    @Override
    public int parts() {
        return multiPart == null ? 1 : multiPart.parts();
    }

    @Override
    public int partCluster(int part) {
        return multiPart == null ? cluster : multiPart.cluster(part);
    }

    @Override
    public int partProcessors(int part) {
        return multiPart == null ? procs : multiPart.processors(part);
    }

    /** Part {@code p}'s processors as [from, to) pairs. */
    int[] partRuns(int part) {
        return multiPart == null ? runs : multiPart.runs(part);
    }

    @Override
    public State state() {
        return switch (state) {
            case HELD -> State.HELD;
            case RUNNING -> State.RUNNING;
            case DONE -> State.DONE;
            case KILLED -> State.KILLED;
            case REJECTED -> State.REJECTED;
            default -> State.WAITING;
        };
    }

    @Override
    public String finalState() {
        return state == KILLED ? "COMPLETED_KILLED" : state == REJECTED ? "REJECTED" : killed ? "COMPLETED_WALLTIME_REACHED" : "COMPLETED_SUCCESSFULLY";
    }

    @Override
    public int kills() {
        return control == null ? 0 : control.kills;
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
        return spec.index();
    }

    public boolean isWaiting() {
        return state == WAITING;
    }

    public boolean isRunning() {
        return state == RUNNING;
    }

    /** Ended: completed, stopped at its requested time, or killed for good. */
    public boolean isDone() {
        return state == DONE || state == KILLED;
    }

    /** The processors it runs or ran on; null before it starts. */
    @Override
    public JobAllocation allocation() {
        return multiPart != null ? multiPart : runs == null ? null : JobAllocation.single(cluster, runs);
    }

    /** Allocated processors of its first part as an interval set, e.g. {@code "0-3 8"}. */
    public String allocationText() {
        return runs == null ? "" : JobAllocation.text(runs);
    }

    @Override
    public String toString() {
        return "job " + spec.id();
    }
}
