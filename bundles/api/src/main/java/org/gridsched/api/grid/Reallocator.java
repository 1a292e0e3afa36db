package org.gridsched.api.grid;

import org.osgi.annotation.versioning.ConsumerType;

/** Moves waiting jobs between clusters at periodic reallocation events. */
@ConsumerType
public interface Reallocator {

    /** Seconds between two events; the first event comes one period after the first submission. */
    double period();

    /** One reallocation event, at {@link Grid#now()}. */
    void reallocate();
}
