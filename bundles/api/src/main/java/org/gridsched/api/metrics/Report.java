package org.gridsched.api.metrics;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Where a collector writes its results. Values are numbers, strings, booleans, or lists and maps of them;
 * keys are snake_case and become {@code summary.json} keys.
 */
@ProviderType
public interface Report {
    void overall(String key, Object value);

    void cluster(int cluster, String key, Object value);

    /**
     * Adds a file to the run's output folder (e.g. a time series as CSV). Names are plain file names;
     * two collectors may not write the same one.
     */
    void file(String fileName, String content);
}
