package org.gridsched.api.batch.kit;

import org.gridsched.api.batch.QueuedJob;

/**
 * {@link JobOrder#recalculatedEvery}: an order with a period. A class of its own (not an anonymous one of
 * {@code JobOrder}) so that an error about a key it gave names the order the policy wrote, not this wrapper.
 */
final class RecalculatedOrder implements JobOrder {
    final JobOrder order;
    private final double seconds;

    RecalculatedOrder(double seconds, JobOrder order) {
        this.order = order;
        this.seconds = seconds;
    }

    @Override
    public double key(QueuedJob job, double now) {
        return order.key(job, now);
    }

    @Override
    public double recalculationPeriod() {
        return seconds;
    }
}
