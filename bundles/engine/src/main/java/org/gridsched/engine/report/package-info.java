/**
 * A run's results as typed records ({@link org.gridsched.engine.report.RunReport}): job counts, the metric
 * collectors' sections overall and per cluster, the comparison with a reference run and the queueing-theory
 * predictions. {@code summary.json} is the report turned into ordered maps at the very end
 * ({@link org.gridsched.engine.report.RunReport#toSummary()}), written by
 * {@link org.gridsched.engine.ResultWriter}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package org.gridsched.engine.report;
