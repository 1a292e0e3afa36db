package org.gridsched.coalloc.placement;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A co-allocated job to place now: {@link #components()} components of {@link #componentSize()} processors
 * each, and what each cluster can give it.
 */
@ProviderType
public interface PlacementRequest {

    long jobId();

    int components();

    int componentSize();

    int clusters();

    /**
     * Processors of a cluster the job may take now: its idle processors (not busy, not claimed), plus, at
     * a deadline under global priority, the processors of local jobs that may be killed.
     */
    int available(int cluster);

    /** The cluster's size. */
    int processors(int cluster);
}
