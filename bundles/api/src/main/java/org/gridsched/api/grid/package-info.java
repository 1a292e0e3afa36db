/**
 * Meta-scheduling: on a platform of several clusters, a {@link org.gridsched.api.grid.MetaScheduler}
 * (broker) decides which cluster each arriving job is submitted to; the cluster's batch policy then
 * schedules it there.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.4.0")
package org.gridsched.api.grid;
