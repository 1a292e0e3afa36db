/**
 * The SWF writer, beside the reader: any job source as a Standard Workload Format trace ({@code generate --swf}).
 * Exported (not part of the plugin API, so versioned 0.x) for the launcher, which imports it when it first writes a
 * trace: this bundle belongs to the workloads feature and is installed after the launcher has started.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package org.gridsched.workload.swf.writer;
