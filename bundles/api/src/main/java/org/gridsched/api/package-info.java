/**
 * Types shared by every kind of gridsched plugin: plugin identity, options, input errors and simulated time
 * ({@link org.gridsched.api.SimTime}, since 1.1).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package org.gridsched.api;
