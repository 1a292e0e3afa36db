package org.gridsched.metrics;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.metrics.Report;
import org.gridsched.api.metrics.RunInfo;
import org.osgi.service.component.annotations.Component;

/**
 * Utilization: busy processor-seconds divided by available processor-seconds over the makespan window
 * [first start, last finish], per cluster and for the whole platform (raw processor-seconds, not
 * speed-weighted).
 */
@Component(service = MetricCollector.class, configurationPid = "gridsched.collector.utilization")
public final class UtilizationCollector implements MetricCollector {

    @Override
    public String name() {
        return "utilization";
    }

    @Override
    public String description() {
        return "Fraction of processor time used between the first start and the last finish";
    }

    @Override
    public Collector create(RunInfo run, PluginOptions options) {
        int n = run.clusterCount();
        double[] work = new double[n];
        double[] first = new double[n];
        double[] last = new double[n];
        java.util.Arrays.fill(first, Double.POSITIVE_INFINITY);
        java.util.Arrays.fill(last, Double.NEGATIVE_INFINITY);
        return new Collector() {
            /** Each part of a multi-cluster job counts on its own cluster. */
            @Override
            public void jobFinished(JobOutcome job) {
                for (int p = 0, parts = job.parts(); p < parts; p++) {
                    int c = job.partCluster(p);
                    work[c] += job.partProcessors(p) * job.executionTime();
                    first[c] = Math.min(first[c], job.startTime());
                    last[c] = Math.max(last[c], job.finishTime());
                }
            }

            /** The processor time of a killed attempt was used too. */
            @Override
            public void jobRequeued(JobOutcome job, double now) {
                jobFinished(job);
            }

            @Override
            public void report(Report report) {
                double totalWork = 0;
                double totalProcs = 0;
                double gFirst = Double.POSITIVE_INFINITY;
                double gLast = Double.NEGATIVE_INFINITY;
                for (int c = 0; c < n; c++) {
                    double span = last[c] - first[c];
                    report.cluster(c, "utilization", span > 0 ? work[c] / (run.clusterProcessors(c) * span) : 0.0);
                    report.cluster(c, "busy_processor_seconds", work[c]);
                    totalWork += work[c];
                    totalProcs += run.clusterProcessors(c);
                    gFirst = Math.min(gFirst, first[c]);
                    gLast = Math.max(gLast, last[c]);
                }
                double span = gLast - gFirst;
                report.overall("utilization", span > 0 ? totalWork / (totalProcs * span) : 0.0);
                report.overall("busy_processor_seconds", totalWork);
            }
        };
    }
}
