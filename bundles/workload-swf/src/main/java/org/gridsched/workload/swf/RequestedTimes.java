package org.gridsched.workload.swf;

import org.gridsched.api.SimTime;

/**
 * Where a job's requested time comes from: the trace (field 9, the runtime when it is missing), the
 * runtime (perfect estimates), or the trace with missing values synthesized as runtime x U[1, k].
 *
 * <p>Why synthesize: many archive traces have no requested times, and studies whose gains come from
 * over-estimated walltimes (reallocation, backfilling) see nothing on them. The factor of a job depends
 * only on the seed and its id (SplitMix64's finaliser), so it does not change when other lines are added,
 * removed or skipped.
 */
record RequestedTimes(boolean perfect, boolean synthesizes, double overestimateMax, long seed) {
    static final RequestedTimes FROM_TRACE = new RequestedTimes(false, false, 1, 0);
    static final RequestedTimes PERFECT = new RequestedTimes(true, false, 1, 0);

    static RequestedTimes synthesized(double overestimateMax, long seed) {
        return new RequestedTimes(false, true, overestimateMax, seed);
    }

    /**
     * runtime x U[1, k], at least 1 s and at most {@link SimTime#MAX_JOB_TIME} (a runtime near that limit times a factor
     * above 1 would give a request no simulation takes: the run skipped the job as {@code invalid_job}).
     */
    double synthesize(long jobId, double runtime) {
        long z = seed + jobId * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z = z ^ (z >>> 31);
        double u = (z >>> 11) * 0x1.0p-53;
        return Math.min(SimTime.MAX_JOB_TIME, Math.max(1, runtime * (1 + u * (overestimateMax - 1))));
    }
}
