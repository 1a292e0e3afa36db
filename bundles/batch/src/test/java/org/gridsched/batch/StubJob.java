package org.gridsched.batch;

import org.gridsched.api.batch.QueuedJob;

/**
 * A job as a scheduler sees it, for tests that call a scheduler or its parts directly: submitted at 0 in the order of
 * its id, 100 s requested, the state a scheduler attaches kept.
 */
final class StubJob implements QueuedJob {
    private final long id;
    private final int processors;
    private Object attachment;

    StubJob(long id, int processors) {
        this.id = id;
        this.processors = processors;
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public double submitTime() {
        return 0;
    }

    @Override
    public double requestedTime() {
        return 100;
    }

    @Override
    public int processors() {
        return processors;
    }

    @Override
    public long submitOrder() {
        return id;
    }

    @Override
    public Object attachment() {
        return attachment;
    }

    @Override
    public void attach(Object state) {
        attachment = state;
    }
}
