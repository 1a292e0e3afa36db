package org.gridsched.api.simulate;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Runs nested simulations for plugins. The framework registers one as an OSGi service; plugins get it with
 * {@code @Reference} and never build engine simulations themselves. Thread-safe: independent requests may run in
 * parallel. The same request gives the same result (the engine is deterministic).
 */
@ProviderType
public interface Simulator {

    /**
     * Runs the request to its end (every job ended, killed or rejected, and no controller event left).
     *
     * @throws org.gridsched.api.InputException if the request names a batch policy that is not available or gives it
     *                                          options it does not take
     */
    RunResult run(RunRequest request);
}
