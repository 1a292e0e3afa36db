package org.gridsched.coalloc.placement;

import java.util.List;

import org.gridsched.api.Plugin;
import org.gridsched.api.control.Part;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Decides on which clusters the components of a co-allocated job go (Worst Fit, Cluster Minimization, ...).
 * Register an implementation as an OSGi service ({@code @Component(service = PlacementPolicy.class)}); the
 * {@code coalloc} controller finds it by {@link #name()}.
 *
 * <p>One instance serves every run, concurrently: {@link #place} must be a pure function of its request
 * (no state, no randomness).
 */
@ConsumerType
public interface PlacementPolicy extends Plugin {

    /**
     * @return the parts of the job, (cluster, processors) each, whose processors add up to
     *         {@code components() * componentSize()} and none of which takes more than
     *         {@link PlacementRequest#available(int)} of its cluster (all parts on one cluster together);
     *         a rigid policy gives one part per component; several parts may share a cluster. Null when the
     *         job does not fit now.
     */
    List<Part> place(PlacementRequest request);
}
