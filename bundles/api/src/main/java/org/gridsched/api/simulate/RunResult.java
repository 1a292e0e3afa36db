package org.gridsched.api.simulate;

import java.util.List;

/**
 * What a nested simulation did.
 *
 * @param makespan the time the last job ended (seconds from 0); 0 when no job ran
 * @param jobs     every job of the run (the workload's and those controllers submitted), in creation order
 */
public record RunResult(double makespan, List<Job> jobs) {
    public RunResult {
        jobs = List.copyOf(jobs);
    }

    /**
     * One job's times.
     *
     * @param cluster    the cluster it ran on (its first part's, for a job on several clusters); -1 if it never started
     * @param startTime  NaN if it never started
     * @param finishTime NaN if it never ended
     * @param state      how it ended, as jobs.csv says it (COMPLETED_SUCCESSFULLY, COMPLETED_WALLTIME_REACHED, COMPLETED_KILLED, REJECTED)
     */
    public record Job(long id, int cluster, int processors, double submitTime, double startTime, double finishTime, String state) {
    }
}
