package org.gridsched.api.batch.kit;

import org.gridsched.api.batch.QueuedJob;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Which waiting job comes first: a key per job, smaller first, equal keys in submission order
 * ({@link QueuedJob#submitOrder()}). The kit keeps the queue sorted by the keys incrementally (a balanced
 * tree, O(log n) per arrival, start or cancellation) and never re-sorts it per event.
 *
 * <p>A key is computed when the job arrives. A priority that changes with time (age, fair share) is
 * recomputed for every waiting job only every {@link #recalculationPeriod()} seconds, at the first event at
 * or after each multiple of the period, like Slurm's {@code PriorityCalcPeriod}; between two
 * recalculations the order is what it was. A policy whose relative order never changes (shortest first,
 * smallest area first) keeps the default: computed once.
 *
 * <p>Higher-is-better priorities (Slurm's) are written as {@code -priority}.
 */
@ConsumerType
@FunctionalInterface
public interface JobOrder {

    /** The job's key at {@code now}: smaller goes first. Must be deterministic and not NaN. */
    double key(QueuedJob job, double now);

    /** Seconds between two recalculations of every waiting job's key; +infinity (the default): never. */
    default double recalculationPeriod() {
        return Double.POSITIVE_INFINITY;
    }

    /** Submission order: first come, first served. */
    static JobOrder submission() {
        return (job, now) -> 0;
    }

    /**
     * {@code order} with its keys recomputed every {@code seconds}.
     *
     * @throws IllegalArgumentException unless {@code seconds} is positive
     */
    static JobOrder recalculatedEvery(double seconds, JobOrder order) {
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("the recalculation period must be positive, got " + seconds);
        }
        return new RecalculatedOrder(seconds, order);
    }
}
