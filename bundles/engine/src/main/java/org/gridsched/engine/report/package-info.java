/**
 * A run's results as typed records ({@link org.gridsched.engine.report.RunReport}): job counts, the metric
 * collectors' sections overall and per cluster, and the sections others add ({@link
 * org.gridsched.engine.report.SummarySection}: the experiments bundle's comparison with a reference run and queueing
 * theory's predictions). {@code summary.json} is the report turned into ordered maps at the very end
 * ({@link org.gridsched.engine.report.RunReport#toSummary()}), written by
 * {@link org.gridsched.engine.ResultWriter}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.2.0")
package org.gridsched.engine.report;
