package org.gridsched.api.metrics;

import org.osgi.annotation.versioning.ProviderType;

/** The platform of a run, as collectors see it. */
@ProviderType
public interface RunInfo {
    int clusterCount();

    String clusterName(int cluster);

    int clusterProcessors(int cluster);

    double clusterSpeed(int cluster);
}
