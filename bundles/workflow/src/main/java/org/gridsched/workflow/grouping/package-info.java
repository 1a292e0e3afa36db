/**
 * Grouping heuristics of the Ocean-Atmosphere controller: how the processors of one cluster are split into groups,
 * each running one monthly main task at a time. A third-party bundle adds one by registering a
 * {@link org.gridsched.workflow.grouping.GroupingHeuristic} service; the {@code ocean-atmosphere} controller
 * chooses it by name (its {@code grouping} option).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.gridsched.workflow.grouping;
