package org.gridsched.api.batch;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Processors of a cluster that its batch policy did not plan and must plan around over [start, end): a
 * controller's claim, or a part of a job a controller started itself (a multi-cluster job), held until its
 * requested end. Once {@code start <= now} the processors are already missing from
 * {@link Cluster#freeProcessors()}.
 */
@ProviderType
public interface Reservation {

    double start();

    double end();

    int processors();
}
