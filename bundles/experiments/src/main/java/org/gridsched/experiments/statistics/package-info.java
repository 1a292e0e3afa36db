/**
 * Statistics over replications that every experiment's tables share (the mean and its Student-t confidence
 * interval). Exported for the tests and tools of other bundles that tabulate replications.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.gridsched.experiments.statistics;
