/**
 * Simulations a plugin runs itself, and experiments made of them. A {@link org.gridsched.api.simulate.Simulator}
 * (provided by the framework as an OSGi service) runs one nested simulation described by a
 * {@link org.gridsched.api.simulate.RunRequest} (clusters, a batch policy, grid controllers, jobs) and returns its
 * {@link org.gridsched.api.simulate.RunResult}: a plugin that needs to simulate (a controller estimating a plan, an
 * experiment) uses it instead of the engine. A {@link org.gridsched.api.simulate.Study} is an experiment plugin: a
 * run profile whose {@code "study"} key names it is run by it ({@code gridsched run PROFILE.json}), in a
 * {@link org.gridsched.api.simulate.StudyContext} that gives its options, its output folder and progress.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.gridsched.api.simulate;
