/**
 * Metric collectors: each run creates one {@link org.gridsched.api.metrics.Collector} per collector named
 * in the profile; it sees every finished job and reports values into {@code summary.json}, overall and per
 * cluster.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.2.0")
package org.gridsched.api.metrics;
