package org.gridsched.metrics;

import java.util.List;
import java.util.Map;

import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.metrics.Report;
import org.gridsched.api.metrics.RunInfo;
import org.osgi.service.component.annotations.Component;

/**
 * Job time metrics, overall and per cluster. Definitions (docs/semantics.md): wait = start − submit;
 * response = finish − submit; slowdown = response / execution time; bounded slowdown =
 * max(1, response / max(execution time, τ)); makespan = last finish − first start.
 */
@Component(service = MetricCollector.class, configurationPid = "gridsched.collector.jobs")
public final class JobMetricsCollector implements MetricCollector {
    static final String THRESHOLD = "bounded_slowdown_threshold";
    static final String WARMUP = "warmup";

    @Override
    public String name() {
        return "jobs";
    }

    @Override
    public String description() {
        return "Makespan, mean/median/max wait, mean response time, mean slowdown and bounded slowdown";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(new Parameter(THRESHOLD, "10", "τ of the bounded slowdown, seconds"),
                new Parameter(WARMUP, "0", "only jobs submitted at or after this time count"));
    }

    @Override
    public Collector create(RunInfo run, PluginOptions options) {
        double tau = options.getPositive(THRESHOLD, 10.0);
        double warmup = options.getDouble(WARMUP, 0);
        JobTimeStats[] clusters = new JobTimeStats[run.clusterCount()];
        for (int i = 0; i < clusters.length; i++) {
            clusters[i] = new JobTimeStats(tau);
        }
        // with one cluster the platform's figures are the cluster's: count each job once
        JobTimeStats overall = clusters.length == 1 ? clusters[0] : new JobTimeStats(tau);
        return new Collector() {
            @Override
            public void jobFinished(JobOutcome job) {
                if (job.submitTime() < warmup) {
                    return;
                }
                clusters[job.cluster()].add(job);
                if (clusters.length > 1) {
                    overall.add(job);
                }
            }

            @Override
            public void report(Report report) {
                overall.values().forEach(report::overall);
                for (int i = 0; i < clusters.length; i++) {
                    int c = i;
                    for (Map.Entry<String, Object> e : clusters[i].values().entrySet()) {
                        report.cluster(c, e.getKey(), e.getValue());
                    }
                }
            }
        };
    }
}
