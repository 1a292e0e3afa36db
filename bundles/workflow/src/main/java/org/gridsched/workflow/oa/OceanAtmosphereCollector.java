package org.gridsched.workflow.oa;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.gridsched.api.Csv;
import org.gridsched.api.Decimals;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.metrics.Report;
import org.gridsched.api.metrics.RunInfo;
import org.osgi.service.component.annotations.Component;

/**
 * The {@code ocean-atmosphere} collector: the experiment's makespan, its repartition and each cluster's grouping with
 * its simulated, estimated (performance vector) and, for the basic heuristic, closed-form makespans, failures; and
 * {@code ocean-atmosphere.csv}, one row per scenario (its cluster and when its last main and post tasks ended).
 *
 * <p>It finds the run's controller through the tag the controller attaches to each of its jobs
 * ({@link JobOutcome#tag()}); without the {@code ocean-atmosphere} controller it reports nothing.
 */
@Component(service = MetricCollector.class, configurationPid = "gridsched.collector.ocean-atmosphere")
public final class OceanAtmosphereCollector implements MetricCollector {

    @Override
    public String name() {
        return "ocean-atmosphere";
    }

    @Override
    public String description() {
        return "Ocean-Atmosphere experiment: makespan, repartition, groupings, estimates vs simulation, per-scenario ends";
    }

    @Override
    public Collector create(RunInfo info, PluginOptions options) {
        return new Collector() {
            OceanAtmosphereRun run;
            /** scenario -> {cluster, last main end, last post end} */
            final Map<Integer, double[]> scenarios = new TreeMap<>();

            @Override
            public void jobFinished(JobOutcome job) {
                if (!(job.tag() instanceof OaTask t)) {
                    return;
                }
                run = t.owner.run;
                double[] s = scenarios.computeIfAbsent(t.scenario.number, k -> new double[] {t.owner.cluster, Double.NaN, Double.NaN});
                int i = t.main() ? 1 : 2;
                s[i] = Double.isNaN(s[i]) ? job.finishTime() : Math.max(s[i], job.finishTime());
            }

            @Override
            public void report(Report report) {
                if (run == null) {
                    return;
                }
                ExperimentPlan p = run.plan();
                OaSettings s = p.settings();
                report.overall("scenarios", s.scenarios());
                report.overall("months", s.months());
                report.overall("grouping", s.grouping());
                report.overall("repartition", s.repartition().word());
                report.overall("assignment", s.assignment().word());
                report.overall("experiment_makespan", run.makespan());
                if (!Double.isNaN(p.estimatedMakespan())) {
                    report.overall("estimated_makespan", p.estimatedMakespan());
                    report.overall("estimated_round_robin_makespan", p.estimatedRoundRobin());
                    report.overall("expected_gain_over_round_robin_percent", 100 * (1 - p.estimatedMakespan() / p.estimatedRoundRobin()));
                }
                report.overall("failures", run.failures());
                List<Map<String, Object>> clusters = run.clusterSummaries();
                for (int i = 0; i < clusters.size(); i++) {
                    int c = p.clusters().get(i).cluster();
                    clusters.get(i).forEach((k, v) -> {
                        // its name and processors are the cluster's own keys of summary.json (which refuses them)
                        if (!k.equals("cluster") && !k.equals("processors")) {
                            report.cluster(c, k, v);
                        }
                    });
                }
                StringBuilder csv = new StringBuilder("scenario,cluster,last_main_end,last_post_end\n");
                scenarios.forEach((n, v) -> csv.append(String.format(Locale.ROOT, "%d,%s,%s,%s%n", n, Csv.field(info.clusterName((int) v[0])),
                        number(v[1]), number(v[2]))));
                report.file("ocean-atmosphere.csv", csv.toString());
            }
        };
    }

    private static String number(double v) {
        return Double.isNaN(v) ? "" : v == Math.rint(v) ? String.valueOf((long) v) : Decimals.shortest(v);
    }
}
