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

    public JobRecord set(long id, double submitTime, double runtime, double requestedTime, int processors) {
        this.id = id;
        this.submitTime = submitTime;
        this.runtime = runtime;
        this.requestedTime = requestedTime;
        this.processors = processors;
        this.line = 0;
        this.home = -1;
        return this;
    }

    public JobRecord copy() {
        JobRecord r = new JobRecord().set(id, submitTime, runtime, requestedTime, processors);
        r.line = line;
        r.home = home;
        return r;
    }

    @Override
    public String toString() {
        return "job " + id + " submit=" + submitTime + " runtime=" + runtime + " requested=" + requestedTime
                + " procs=" + processors;
    }
}
