package org.gridsched.api.grid;

import org.osgi.annotation.versioning.ConsumerType;

/** Chooses the cluster of each arriving job, in arrival order. */
@ConsumerType
public interface Router {

    /**
     * @return the index of a cluster with at least {@link JobRequest#processors()} processors
     */
    int route(JobRequest job);
}
