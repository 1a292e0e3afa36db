package org.gridsched.api.control;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Processors of one cluster reserved ahead of time by a controller over [start, end). From its start the
 * processors are taken from the cluster (claimed and idle until a job starts in them); every batch policy
 * plans around claims it did not make. A claim ends at its end time, when the controller releases it, or
 * when a job started in it takes its processors. A claim is its controller's: only the controller that made it may
 * release it or start a job in it.
 */
@ProviderType
public interface Claim {

    int cluster();

    int processors();

    double start();

    double end();

    /** True from the start time until the claim ends, is released or used. */
    boolean active();

    /** True once it ended, was released or was used by a job. */
    boolean over();
}
