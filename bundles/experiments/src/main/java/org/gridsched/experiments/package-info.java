/**
 * Experiments: the one home of what runs many simulations and tabulates them. A profile's matrix is a list of
 * cells and a cell is a run ({@link org.gridsched.experiments.MetricMatrix}, a reallocation study's scenarios in
 * {@link org.gridsched.experiments.ReallocationStudy}); a table is a view of the results
 * ({@link org.gridsched.experiments.MatrixTables}: the metric tables, the study's report tables). A sweep runs the
 * same cells piece by piece or as Slurm array tasks and merges them into the same files.
 * <p>
 * Dependencies run one way: this bundle uses the launcher's run API (profiles, {@code Runner}, the parsed matrix
 * {@code MatrixAxes}) and implements the launcher's {@code Experiments} interface as a service; the launcher never
 * imports this bundle, so there is no cycle between the two. The other direction (the launcher calling classes
 * here) would have made the launcher depend on the experiments and the experiments on the runner it calls back.
 * Private: the launcher reaches it through the service alone; only the statistics are exported.
 */
package org.gridsched.experiments;
