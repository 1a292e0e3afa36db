/**
 * Types shared by every kind of gridsched plugin: plugin identity, options, input errors and simulated time
 * ({@link org.gridsched.api.SimTime}, since 1.1; its MAX_JOB_TIME since 1.2; {@link InputException#problem()} since 1.3).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.3.0")
package org.gridsched.api;
