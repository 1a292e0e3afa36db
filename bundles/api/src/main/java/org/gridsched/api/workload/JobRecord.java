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
    /**
     * Who submitted the job, as the workload numbers them (SWF fields 12 user, 13 group, 14 executable
     * (application), 15 queue, 16 partition): whole numbers &ge; 0, or -1 when unknown.
     *
     * @since 1.3
     */
    public int user = -1;
    /** The submitter's group (SWF field 13), or -1 when unknown. @since 1.3 */
    public int group = -1;
    /** The executable (application) number (SWF field 14), or -1 when unknown. @since 1.3 */
    public int executable = -1;
    /** The queue number (SWF field 15), or -1 when unknown. @since 1.3 */
    public int queue = -1;
    /** The partition number (SWF field 16), or -1 when unknown. @since 1.3 */
    public int partition = -1;
    /**
     * The wait time the trace recorded (SWF field 3), seconds: what the real machine's scheduler made the job
     * wait; -1 when unknown (generated jobs, traces without it).
     *
     * @since 1.3
     */
    public double recordedWait = -1;
    /** The job this one followed (SWF field 17, preceding job number), or -1. @since 1.3 */
    public long precedingJob = -1;
    /** Seconds between the preceding job's end and this submission (SWF field 18, think time), or -1. @since 1.3 */
    public double thinkTime = -1;

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
        this.user = -1;
        this.group = -1;
        this.executable = -1;
        this.queue = -1;
        this.partition = -1;
        this.recordedWait = -1;
        this.precedingJob = -1;
        this.thinkTime = -1;
        return this;
    }

    /** Copies the fields of {@link #user} to {@link #thinkTime} (who submitted it, recorded wait) from another record. @since 1.3 */
    public JobRecord setSubmitter(JobRecord from) {
        this.user = from.user;
        this.group = from.group;
        this.executable = from.executable;
        this.queue = from.queue;
        this.partition = from.partition;
        this.recordedWait = from.recordedWait;
        this.precedingJob = from.precedingJob;
        this.thinkTime = from.thinkTime;
        return this;
    }

    public JobRecord copy() {
        JobRecord r = new JobRecord().set(id, submitTime, runtime, requestedTime, processors);
        r.line = line;
        r.home = home;
        r.components = components;
        r.setSubmitter(this);
        return r;
    }

    @Override
    public String toString() {
        return "job " + id + " submit=" + submitTime + " runtime=" + runtime + " requested=" + requestedTime
                + " procs=" + processors;
    }
}
