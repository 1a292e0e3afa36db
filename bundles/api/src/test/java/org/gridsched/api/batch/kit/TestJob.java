package org.gridsched.api.batch.kit;

import org.gridsched.api.batch.QueuedJob;

/**
 * A job as the engine gives one to the kit's structures under test ({@link WaitingQueueTest}, {@link DueOrderTest}): an
 * id, which is also its submission order, a submission instant and a width.
 */
record TestJob(long id, double submitTime, int processors) implements QueuedJob {
    @Override
    public double requestedTime() {
        return 100;
    }

    @Override
    public long submitOrder() {
        return id;
    }

    @Override
    public Object attachment() {
        return null;
    }

    @Override
    public void attach(Object state) {
    }
}
