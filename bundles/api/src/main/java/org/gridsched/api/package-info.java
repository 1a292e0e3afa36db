/**
 * Types shared by every kind of gridsched plugin: plugin identity, options and input errors.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.gridsched.api;
