package org.gridsched.api.grid;

import org.osgi.annotation.versioning.ProviderType;

/** A job arriving at the meta-scheduler, before it is given to a cluster. */
@ProviderType
public interface JobRequest {
    long id();

    double submitTime();

    int processors();

    /** Requested time at reference speed (not yet divided by any cluster's speed). */
    double requestedTime();
}
