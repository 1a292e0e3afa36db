/**
 * Reports of finished runs: the schedule validator, the self-contained HTML report, static PNG charts and
 * Batsim's schedule aggregates. Plain Java (no OSGi types); exported, versioned 0.x, for the launcher.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package org.gridsched.report;
