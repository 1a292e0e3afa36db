package org.gridsched.api.workload;

/**
 * One job as a workload provides it, in reference-speed seconds. Mutable and reused by
 * {@link JobSource#next(JobRecord)} so that streaming a million jobs allocates nothing per job.
 */
public final class JobRecord {
    /** Job number (SWF field 1). */
    public long id;
    /** Submission time, seconds from the start of the workload. */
    public double submitTime;
    /** Actual runtime at reference speed, seconds; positive. */
    public double runtime;
    /** Requested time (walltime) at reference speed, seconds; positive. */
    public double requestedTime;
    /** Processors; positive. */
    public int processors;
    /** Line in the source file, or 0 for generated jobs; used in error messages. */
    public long line;
    /**
     * The cluster (index) whose local users submitted the job, when the workload says so (one trace per
     * cluster); -1 otherwise.
     */
    public int home = -1;
    /**
     * Co-allocation: the number of equal components a job asks for, to be started together, possibly on
     * several clusters ({@link #processors} is their total); 1 for an ordinary job. Only a grid controller
     * can run a job of several components that is wider than every cluster; without one it is skipped as
     * too wide.
     *
     * @since 1.1
     */
    public int components = 1;

    /** Sets the five basic fields and resets the others to their defaults. */
    public JobRecord set(long id, double submitTime, double runtime, double requestedTime, int processors) {
        this.id = id;
        this.submitTime = submitTime;
        this.runtime = runtime;
        this.requestedTime = requestedTime;
        this.processors = processors;
        this.line = 0;
        this.home = -1;
        this.components = 1;
        return this;
    }

    public JobRecord copy() {
        JobRecord r = new JobRecord().set(id, submitTime, runtime, requestedTime, processors);
        r.line = line;
        r.home = home;
        r.components = components;
        return r;
    }

    @Override
    public String toString() {
        return "job " + id + " submit=" + submitTime + " runtime=" + runtime + " requested=" + requestedTime
                + " procs=" + processors;
    }
}
