/**
 * Workloads: {@link org.gridsched.api.workload.WorkloadReader}s read trace files,
 * {@link org.gridsched.api.workload.WorkloadGenerator}s synthesise jobs from a seed. Both stream jobs
 * through a {@link org.gridsched.api.workload.JobSource}: nothing requires holding a whole trace in memory.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.4.0")
package org.gridsched.api.workload;
