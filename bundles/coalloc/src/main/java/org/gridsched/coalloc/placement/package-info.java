/**
 * Placement policies of the co-allocation controller: where the components of a co-allocated job go. A
 * third-party bundle adds one by registering a {@link org.gridsched.coalloc.placement.PlacementPolicy}
 * service; the {@code coalloc} controller chooses it by name (its {@code placement} option).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.gridsched.coalloc.placement;
