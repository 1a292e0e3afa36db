package org.gridsched.metrics;

import java.util.List;

import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.metrics.Report;
import org.gridsched.api.metrics.RunInfo;
import org.osgi.service.component.annotations.Component;

/**
 * Slowdown with two denominators, named apart because they differ on clusters of different speeds:
 * {@code mean_slowdown_virtual} = (wait + execution time) / runtime at reference speed (the heterogeneous
 * slowdown of random-brokering studies; below 1 on a cluster faster than the reference), and
 * {@code mean_slowdown_effective} = (wait + execution time) / execution time. Optionally only jobs
 * submitted after a warm-up, and only jobs finished by a time ("measured slowdown").
 */
@Component(service = MetricCollector.class, configurationPid = "gridsched.collector.slowdown")
public final class SlowdownCollector implements MetricCollector {

    @Override
    public String name() {
        return "slowdown";
    }

    @Override
    public String description() {
        return "Mean slowdown over virtual (reference-speed) and effective runtimes, optionally of jobs finished by a time";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(new Parameter("warmup", "0", "only jobs submitted at or after this time"),
                new Parameter("until", "0", "only jobs finished by this time (measured slowdown); 0 = all"));
    }

    @Override
    public Collector create(RunInfo run, PluginOptions options) {
        double warmup = options.getDouble("warmup", 0);
        double until = options.getDouble("until", 0);
        int n = run.clusterCount();
        long[] count = new long[n];
        double[] virtual = new double[n];
        double[] effective = new double[n];
        return new Collector() {
            @Override
            public void jobFinished(JobOutcome j) {
                if (j.submitTime() < warmup || (until > 0 && j.finishTime() > until)) {
                    return;
                }
                int c = j.cluster();
                double response = j.responseTime();
                count[c]++;
                virtual[c] += response / j.referenceRuntime();
                effective[c] += response / j.executionTime();
            }

            @Override
            public void report(Report report) {
                long all = 0;
                double v = 0;
                double e = 0;
                for (int c = 0; c < n; c++) {
                    report.cluster(c, "slowdown_jobs", count[c]);
                    report.cluster(c, "mean_slowdown_virtual", count[c] > 0 ? virtual[c] / count[c] : Double.NaN);
                    report.cluster(c, "mean_slowdown_effective", count[c] > 0 ? effective[c] / count[c] : Double.NaN);
                    all += count[c];
                    v += virtual[c];
                    e += effective[c];
                }
                report.overall("slowdown_jobs", all);
                report.overall("mean_slowdown_virtual", all > 0 ? v / all : Double.NaN);
                report.overall("mean_slowdown_effective", all > 0 ? e / all : Double.NaN);
            }
        };
    }
}
