/**
 * A planning kit for batch policies: write an order and pick a rule, the kit does the rest.
 *
 * <p>{@link org.gridsched.api.batch.kit.PlanningScheduler} is a whole
 * {@link org.gridsched.api.batch.BatchScheduler}: it owns the queue, the running jobs, the reservations of
 * controllers (claims), wake-ups, early ends, overruns, cancellation and estimates. A policy supplies a
 * {@link org.gridsched.api.batch.kit.JobOrder} (which waiting job comes first) and a
 * {@link org.gridsched.api.batch.kit.PlanningRule} (start only the head; EASY backfilling protecting the
 * first K; conservative backfilling; with Slurm-like depth and window limits). Both plan on the exported
 * {@link org.gridsched.api.batch.kit.AvailabilityProfile}, the step function of free processors over time.
 * An {@link org.gridsched.api.batch.kit.Eligibility} (since 1.1) skips jobs held by limits;
 * {@link org.gridsched.api.batch.kit.Partitions} (since 1.2) keep each job on its partition's processors;
 * a profile can be rebuilt in place ({@link org.gridsched.api.batch.kit.AvailabilityProfile#resetToRunning},
 * since 1.3); {@link org.gridsched.api.batch.kit.AvailabilityProfile#breakpointNear} and
 * {@link org.gridsched.api.batch.kit.AvailabilityProfile#earliestStartWithin} (since 1.4) search from where a planner
 * last looked, and inside a span; {@link org.gridsched.api.batch.kit.AvailabilityProfile#reserveEarliest} (since 1.5)
 * reserves at the earliest start in one search; {@link org.gridsched.api.batch.kit.AvailabilityProfile#copyInto} and
 * {@link org.gridsched.api.batch.kit.AvailabilityProfile#overwriteFrom} (since 1.6) copy a profile without allocating
 * and move a profile's tail as a whole.
 * See docs/policy-guide.md.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.6.0")
package org.gridsched.api.batch.kit;
