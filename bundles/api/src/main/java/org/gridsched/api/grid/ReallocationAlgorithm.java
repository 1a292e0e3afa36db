package org.gridsched.api.grid;

import org.gridsched.api.Plugin;
import org.gridsched.api.PluginOptions;
import org.osgi.annotation.versioning.ConsumerType;

/** A reallocation algorithm plugin (e.g. "regular", "all-cancellation"); creates one {@link Reallocator} per run. */
@ConsumerType
public interface ReallocationAlgorithm extends Plugin {

    Reallocator create(GridControl grid, SelectionHeuristic heuristic, PluginOptions options);
}
