package org.gridsched.engine;

/** Receives progress of a long run, a few times per second at most. */
@FunctionalInterface
public interface ProgressListener {
    /**
     * @param jobsFinished jobs finished so far
     * @param fraction     fraction of the workload consumed in [0,1], or NaN when unknown
     * @param now          current simulated time
     */
    void progress(long jobsFinished, double fraction, double now);
}
