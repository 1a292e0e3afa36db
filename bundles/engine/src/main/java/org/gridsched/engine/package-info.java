/**
 * The discrete-event simulation core. Plain Java: it knows plugins only through the API interfaces and is
 * driven by the launcher (inside OSGi) or directly from tests and a {@code main}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package org.gridsched.engine;
