package org.gridsched.launcher;

/**
 * Watches a run from another thread: receives its progress and may ask it to stop. The run checks
 * {@link #cancelled()} every few hundred events and after every reallocation event (one can take seconds on a
 * long queue), so a cancel takes effect within milliseconds of the current event.
 */
public interface RunMonitor {

    /** Same meaning as {@link org.gridsched.engine.ProgressListener#progress}; called from the run's thread. */
    void progress(long jobsFinished, double fraction, double now);

    boolean cancelled();

    /** Thrown inside the run when its monitor cancelled it; nothing is written for a cancelled run. */
    final class Cancelled extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Cancelled() {
            super("cancelled", null, false, false);
        }
    }
}
