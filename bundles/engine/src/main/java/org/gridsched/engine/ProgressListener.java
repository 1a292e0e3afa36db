package org.gridsched.engine;

/**
 * Receives progress of a run every few hundred events (so it can also stop a run quickly by throwing);
 * implementations that print limit their own rate.
 */
@FunctionalInterface
public interface ProgressListener {
    /**
     * @param jobsFinished jobs finished so far
     * @param fraction     fraction of the workload consumed in [0,1], or NaN when unknown
     * @param now          current simulated time
     */
    void progress(long jobsFinished, double fraction, double now);
}
