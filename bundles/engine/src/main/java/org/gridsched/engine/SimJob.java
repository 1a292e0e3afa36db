package org.gridsched.engine;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.metrics.JobOutcome;

/**
 * One job during one run: what the workload said about it (immutable, {@link #spec()}), its state in this run,
 * and where it runs once started. Schedulers see it as a {@link QueuedJob} (no actual runtime), collectors as
 * a {@link JobOutcome}, controllers as a {@link GridJob}.
 */
public final class SimJob implements QueuedJob, JobOutcome, GridJob {
    static final byte WAITING = 0;
    static final byte RUNNING = 1;
    static final byte DONE = 2;
    static final byte HELD = 3;
    static final byte KILLED = 4;
    static final byte REJECTED = 5;

    // What the workload said (spec() gives it as a WorkloadJob). Fields, not an object of its own: on a million
    // jobs one more object per job cost 15-30 % of the run time (allocation, cache misses).
    final long id;
    final int index;
    final double submit;
    private final int home;
    private final int components;
    /**
     * Who submitted it (user, group, queue, partition: the workload's numbers, -1 unknown) and the wait the
     * trace recorded (seconds, -1 unknown). Ints and a float rather than an object: 20 bytes a job; a float
     * holds whole-second waits exactly up to 2^24 s (194 days).
     */
    private int user = -1;
    private int group = -1;
    private int queue = -1;
    private int partition = -1;
    private float recordedWait = -1;
    /** The workload's size and times, kept only once they changed (moldable sizing, multi-part start). */
    private WorkloadJob original;
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
    /** The group reservation it runs inside, while it runs there; null otherwise. */
    ClaimHold inside;
    /** Rejected by its cluster's batch policy after it was submitted there (not by a controller). */
    boolean rejectedFromQueue;
    /** Bumped at each kill, so that the end event of a killed attempt is recognised as stale. */
    int attempt;
    /** Where it runs: part 0's processor runs on {@link #cluster}; the whole allocation if it has several parts. */
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
    /**
     * Its place in its cluster's list of running jobs (runs with failures or controllers keep one). Here, not in
     * {@link ControlState}: every job of such a run starts, and an object more per job cost a run with a million
     * jobs 56 MB kept to its end. (It takes bytes the object's alignment left unused.)
     */
    int runningSlot;
    /** Joules and grams of CO2 of all its attempts, on runs with a power model ({@link EnergyMeter}). */
    double energy;
    double carbon;
    /** During a reallocation event: the cluster it was on when first cancelled in the event, else -1. */
    int eventOrigin = -1;
    /** Cancelled in the current reallocation event and not yet submitted again. */
    boolean inTransit;

    /** What only runs with controllers use; null until first needed. */
    private ControlState control;

    SimJob(long id, int index, double submit, double runtime, double requested, int processors, int home, int components) {
        this.id = id;
        this.index = index;
        this.submit = SimTime.of(submit);
        this.home = home;
        this.components = components;
        this.procs = processors;
        this.refRuntime = duration(runtime);
        this.refRequested = duration(requested);
    }

    /** Takes who submitted the job and its recorded wait from the workload's record. */
    void submitter(org.gridsched.api.workload.JobRecord rec) {
        user = rec.user;
        group = rec.group;
        queue = rec.queue;
        partition = rec.partition;
        recordedWait = rec.recordedWait >= 0 ? (float) rec.recordedWait : -1;
    }

    /**
     * A duration as it enters the simulation: on the time grid ({@link SimTime}), and a positive one at least one
     * tick long (a job never ends at the instant it starts unless the workload says it takes no time).
     */
    static double duration(double seconds) {
        double d = SimTime.of(seconds);
        return d == 0 && seconds > 0 ? SimTime.RESOLUTION : d;
    }

    /** Puts the job on a cluster of the given relative speed; called when it is submitted there. */
    void assign(int clusterIndex, double speed, long order) {
        cluster = clusterIndex;
        runtime = duration(refRuntime / speed); // rounded once here: every end and plan built on it is exact
        requested = duration(refRequested / speed);
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

    /** The ids of the jobs it was submitted to wait for ({@code GridOperations.submit} with {@code after}), or null. */
    long[] dependencies() {
        return control == null ? null : control.dependencies;
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
        return id;
    }

    /** What the workload (or the controller that submitted it) said about the job. */
    public WorkloadJob spec() {
        return original != null ? original : new WorkloadJob(id, index, submit, refRuntime, refRequested, procs, home, components);
    }

    /** Called before the size or times change, so that {@link #spec()} still says what the workload said. */
    void keepOriginal() {
        if (original == null) {
            original = spec();
        }
    }

    /**
     * Back in a queue after a kill: a rigid job asks for the processors the workload gave it again, not those of the
     * claims a controller started it in (a moldable job is sized again where it is placed).
     */
    void requestedSizeAgain() {
        if (original != null && shape == null) {
            procs = original.processors();
        }
    }

    /** The cluster of the workload it came from in a merged workload, or -1. */
    int home() {
        return home;
    }

    @Override
    public int user() {
        return user;
    }

    @Override
    public int group() {
        return group;
    }

    @Override
    public int queue() {
        return queue;
    }

    @Override
    public int partition() {
        return partition;
    }

    @Override
    public double recordedWaitTime() {
        return recordedWait >= 0 ? recordedWait : Double.NaN;
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
        return components;
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
        return ControlState.apiState(state);
    }

    @Override
    public String finalState() {
        return state == KILLED ? (control != null && control.failed ? "COMPLETED_FAILED" : "COMPLETED_KILLED") : state == REJECTED ? "REJECTED" : killed ? "COMPLETED_WALLTIME_REACHED" : "COMPLETED_SUCCESSFULLY";
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
    public boolean rejectedFromQueue() {
        return rejectedFromQueue;
    }

    @Override
    public boolean killed() {
        return killed;
    }

    /** Whether local users submitted it directly to its cluster (non-dedicated platforms). */
    public boolean isLocal() {
        return local;
    }

    /** Joules of all its attempts (runs with a power model). */
    public double consumedEnergy() {
        return energy;
    }

    /** Grams of CO2 of all its attempts (runs with carbon-intensity series). */
    public double carbon() {
        return carbon;
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
        return "job " + id;
    }
}
