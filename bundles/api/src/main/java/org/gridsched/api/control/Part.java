package org.gridsched.api.control;

/** A part of a multi-cluster start: {@code processors} processors on cluster {@code cluster}. */
public record Part(int cluster, int processors) {

    public Part {
        if (processors <= 0) {
            throw new IllegalArgumentException("a part needs at least one processor, got " + processors);
        }
    }
}
