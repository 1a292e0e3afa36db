package org.gridsched.api.control;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The processors a running job holds: one part per cluster it spans (several parts may be on the same
 * cluster). All parts start and end together.
 */
@ProviderType
public interface Allocation {

    int parts();

    /** The cluster of part {@code i}. */
    int cluster(int part);

    /** The number of processors of part {@code i}. */
    int processors(int part);

    /** Part {@code i}'s processor ids on its cluster as {@code [from, to)} pairs. */
    int[] processorIds(int part);

    /** Processors over all parts. */
    int totalProcessors();
}
