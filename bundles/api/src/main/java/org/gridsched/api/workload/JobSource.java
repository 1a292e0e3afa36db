package org.gridsched.api.workload;

import java.util.Map;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A stream of jobs in non-decreasing submission time. Lines a reader repairs or skips are counted in
 * {@link #report()}, never dropped silently.
 */
@ConsumerType
public interface JobSource extends AutoCloseable {

    /**
     * Fills {@code into} with the next job.
     *
     * @return false at the end of the workload
     * @throws org.gridsched.api.InputException on input that cannot be read (strict mode, I/O errors)
     */
    boolean next(JobRecord into);

    /** Where the jobs come from, for messages, e.g. the file path or generator and seed. */
    String describe();

    /** What was read, repaired and skipped so far. */
    WorkloadReport report();

    /**
     * Header facts (SWF {@code MaxProcs}, {@code UnixStartTime}, ...); keys as in the source. A key the source gives
     * several times (SWF's {@code Queue}, {@code Partition} and {@code Note} lines) has its values joined by
     * {@code '\n'}, in the source's order.
     */
    default Map<String, String> header() {
        return Map.of();
    }

    /** Fraction of the workload consumed, in [0, 1], or NaN when unknown; drives the progress bar. */
    default double progress() {
        return Double.NaN;
    }

    @Override
    default void close() {
    }
}
