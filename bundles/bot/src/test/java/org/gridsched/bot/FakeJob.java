package org.gridsched.bot;

import org.gridsched.api.control.Allocation;
import org.gridsched.api.control.GridJob;

/** A job handle for provider tests that run without the engine. */
final class FakeJob implements GridJob {
    private Object tag;

    public long id() {
        return 0;
    }

    public double submitTime() {
        return 0;
    }

    public int processors() {
        return 1;
    }

    public int components() {
        return 1;
    }

    public double referenceRequestedTime() {
        return 1;
    }

    public State state() {
        return State.WAITING;
    }

    public double startTime() {
        return Double.NaN;
    }

    public double finishTime() {
        return Double.NaN;
    }

    public Allocation allocation() {
        return null;
    }

    public int queueCluster() {
        return -1;
    }

    public int kills() {
        return 0;
    }

    public Object tag() {
        return tag;
    }

    public void tag(Object state) {
        tag = state;
    }
}
