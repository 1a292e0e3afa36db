package org.gridsched.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
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
 * Replay fidelity: how close the simulated waits come to the waits the trace recorded (SWF field 3: what the
 * real machine's scheduler did), over the jobs that have a recorded wait. In {@code summary.json}:
 * <ul>
 * <li>{@code fidelity_jobs} (compared), {@code fidelity_jobs_without_recorded_wait} (not compared);</li>
 * <li>{@code fidelity_mean_recorded_wait}, {@code fidelity_mean_simulated_wait};</li>
 * <li>{@code fidelity_mae_wait}: mean absolute error, mean of |simulated − recorded| (seconds);</li>
 * <li>{@code fidelity_median_ratio}: median over jobs of (simulated + c) / (recorded + c), c =
 *     {@code ratio_offset} seconds (default 1): the offset keeps zero waits in (two zero waits give 1, a
 *     zero recorded wait against 59 s simulated gives 60); 1 means the typical job waits as long as it did,
 *     above 1 longer;</li>
 * <li>{@code fidelity_spearman}: Spearman's rank correlation of simulated and recorded waits (Pearson's
 *     correlation of the ranks, ties sharing their average rank): 1 when the policy orders jobs' waits as the
 *     machine did, whatever their scale; empty (NaN) when either side is constant.</li>
 * </ul>
 * The same per user in {@code fidelity.csv} ({@code user,jobs,mae_wait,median_ratio,spearman}; jobs without
 * user as {@code unknown}). When no job has a recorded wait (generated workloads, traces with -1 in field 3)
 * nothing is compared: {@code fidelity_jobs} is 0, {@code fidelity_note} says why and no file is written.
 */
@Component(service = MetricCollector.class, configurationPid = "gridsched.collector.fidelity")
public final class FidelityCollector implements MetricCollector {
    static final String RATIO_OFFSET = "ratio_offset";
    static final String WARMUP = JobMetricsCollector.WARMUP;
    static final String NO_WAITS = "the workload records no wait times (SWF field 3 is -1, or a generated workload): nothing to compare";

    @Override
    public String name() {
        return "fidelity";
    }

    @Override
    public String description() {
        return "Simulated vs recorded (trace) waits: mean absolute error, median ratio, Spearman correlation, per user (fidelity.csv)";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(new Parameter(RATIO_OFFSET, "1",
                        "c in the median of (simulated wait + c) / (recorded wait + c), seconds, > 0: keeps zero waits comparable"),
                new Parameter(WARMUP, "0", "only jobs submitted at or after this time count"));
    }

    /** Simulated and recorded waits of a set of jobs, side by side. */
    static final class Pairs {
        double[] simulated = new double[64];
        double[] recorded = new double[64];
        int n;

        void add(double sim, double rec) {
            if (n == simulated.length) {
                simulated = Arrays.copyOf(simulated, n * 2);
                recorded = Arrays.copyOf(recorded, n * 2);
            }
            simulated[n] = sim;
            recorded[n++] = rec;
        }

        double mae() {
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += Math.abs(simulated[i] - recorded[i]);
            }
            return n > 0 ? s / n : Double.NaN;
        }

        double medianRatio(double c) {
            double[] r = new double[n];
            for (int i = 0; i < n; i++) {
                r[i] = (simulated[i] + c) / (recorded[i] + c);
            }
            return Fairness.median(r, n);
        }

        double spearman() {
            return Fairness.spearman(simulated, recorded, n);
        }

        static double mean(double[] v, int n) {
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += v[i];
            }
            return n > 0 ? s / n : Double.NaN;
        }
    }

    @Override
    public Collector create(RunInfo run, PluginOptions options) {
        options.requireKnown(parameters());
        double c = options.getPositive(RATIO_OFFSET, 1.0);
        double warmup = options.getDouble(WARMUP, 0);
        Pairs all = new Pairs();
        Map<Integer, Pairs> users = new HashMap<>();
        long[] without = new long[1];
        return new Collector() {
            @Override
            public void jobFinished(JobOutcome j) {
                if (j.submitTime() < warmup) {
                    return;
                }
                double recorded = j.recordedWaitTime();
                if (!(recorded >= 0)) {
                    without[0]++;
                    return;
                }
                double simulated = j.waitTime();
                all.add(simulated, recorded);
                users.computeIfAbsent(Math.max(-1, j.user()), k -> new Pairs()).add(simulated, recorded);
            }

            @Override
            public void report(Report report) {
                report.overall("fidelity_jobs", all.n);
                report.overall("fidelity_jobs_without_recorded_wait", without[0]);
                if (all.n == 0) {
                    report.overall("fidelity_note", NO_WAITS);
                    return;
                }
                report.overall("fidelity_mean_recorded_wait", Pairs.mean(all.recorded, all.n));
                report.overall("fidelity_mean_simulated_wait", Pairs.mean(all.simulated, all.n));
                report.overall("fidelity_mae_wait", all.mae());
                report.overall("fidelity_median_ratio", all.medianRatio(c));
                report.overall("fidelity_spearman", all.spearman());
                List<Map.Entry<Integer, Pairs>> rows = new ArrayList<>(users.entrySet());
                rows.sort(Map.Entry.comparingByKey());
                StringBuilder sb = new StringBuilder("user,jobs,mae_wait,median_ratio,spearman\n");
                for (Map.Entry<Integer, Pairs> e : rows) {
                    Pairs p = e.getValue();
                    sb.append(Fairness.name(e.getKey())).append(',').append(p.n).append(',').append(Fairness.cell(p.mae()))
                            .append(',').append(Fairness.cell(p.medianRatio(c))).append(',')
                            .append(Fairness.cell(p.spearman())).append('\n');
                }
                report.file("fidelity.csv", sb.toString());
            }
        };
    }
}
