package org.gridsched.experiments;

import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The first failure among an experiment's runs on its thread pool. Once a run failed, the runs not yet started are
 * not started (each fails at once with a cancellation); those under way end before the experiment returns, so that
 * none writes into the staging folder after the command has removed it.
 */
final class FirstFailure {
    private final AtomicReference<RuntimeException> first = new AtomicReference<>();

    /** Runs {@code run} unless a run failed already; keeps its exception if it is the first. */
    <T> T run(Supplier<T> run) {
        if (first.get() != null) {
            throw new CancellationException("another run of the experiment failed");
        }
        try {
            return run.get();
        } catch (RuntimeException e) {
            first.compareAndSet(null, e);
            throw e;
        }
    }

    /** Throws the first run's own error, not the cancellation of those that did not start; nothing if none failed. */
    void rethrow() {
        RuntimeException e = first.get();
        if (e != null) {
            throw e;
        }
    }
}
