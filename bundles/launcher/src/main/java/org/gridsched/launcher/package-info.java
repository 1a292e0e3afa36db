/**
 * The command line, run profiles, the plugin registry and the runner. Exported (not part of the plugin
 * API, so versioned 0.x) for the main-thread entry bundle and the in-framework tests.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package org.gridsched.launcher;
