/**
 * Local batch policies: a {@link org.gridsched.api.batch.BatchPolicy} service creates one
 * {@link org.gridsched.api.batch.BatchScheduler} per cluster and run. The scheduler sees requested times
 * only, never actual runtimes, and starts jobs through its {@link org.gridsched.api.batch.Cluster}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.3.0")
package org.gridsched.api.batch;
