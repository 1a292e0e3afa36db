package org.gridsched.metrics;

import java.util.ArrayList;
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
 * Per-user and per-group job times: {@code users.csv} and {@code groups.csv} (one row per user or group, by
 * number: jobs, mean wait, mean response, mean bounded slowdown max(1, response / max(execution, τ))), and in
 * {@code summary.json} the number of users and groups and Jain's fairness index (Σx)² / (n Σx²) over the
 * users' mean wait and mean bounded slowdown (1 = every user fares the same, 1/n = one user takes it all;
 * all-zero waits count as equal). Jobs whose workload names no user (or group) are one row {@code unknown},
 * which is not a user: it is left out of the counts and of the fairness index ({@code users_unknown_jobs}
 * says how many jobs that is).
 */
@Component(service = MetricCollector.class, configurationPid = "gridsched.collector.users")
public final class UsersCollector implements MetricCollector {
    static final String THRESHOLD = JobMetricsCollector.THRESHOLD;
    static final String WARMUP = JobMetricsCollector.WARMUP;

    @Override
    public String name() {
        return "users";
    }

    @Override
    public String description() {
        return "Per-user and per-group wait, response and bounded slowdown (users.csv, groups.csv), Jain's fairness index over users";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(new Parameter(THRESHOLD, "10", "τ of the bounded slowdown, seconds"),
                new Parameter(WARMUP, "0", "only jobs submitted at or after this time count"));
    }

    /** Sums of one user's or group's jobs. */
    static final class Sums {
        long jobs;
        double wait;
        double response;
        double boundedSlowdown;

        double mean(double sum) {
            return jobs > 0 ? sum / jobs : Double.NaN;
        }
    }

    @Override
    public Collector create(RunInfo run, PluginOptions options) {
        options.requireKnown(parameters());
        double tau = options.getPositive(THRESHOLD, 10.0);
        double warmup = options.getDouble(WARMUP, 0);
        Map<Integer, Sums> users = new HashMap<>();
        Map<Integer, Sums> groups = new HashMap<>();
        return new Collector() {
            @Override
            public void jobFinished(JobOutcome j) {
                if (j.submitTime() < warmup) {
                    return;
                }
                double wait = j.waitTime();
                double response = j.responseTime();
                double bsld = Math.max(1.0, response / Math.max(j.executionTime(), tau));
                for (Sums s : new Sums[] {users.computeIfAbsent(Math.max(-1, j.user()), k -> new Sums()),
                    groups.computeIfAbsent(Math.max(-1, j.group()), k -> new Sums())}) {
                    s.jobs++;
                    s.wait += wait;
                    s.response += response;
                    s.boundedSlowdown += bsld;
                }
            }

            @Override
            public void report(Report report) {
                report.file("users.csv", table("user", users));
                report.file("groups.csv", table("group", groups));
                int n = users.size() - (users.containsKey(-1) ? 1 : 0);
                double[] waits = new double[n];
                double[] slowdowns = new double[n];
                int i = 0;
                for (Map.Entry<Integer, Sums> e : sorted(users)) {
                    if (e.getKey() >= 0) {
                        waits[i] = e.getValue().mean(e.getValue().wait);
                        slowdowns[i++] = e.getValue().mean(e.getValue().boundedSlowdown);
                    }
                }
                report.overall("users", n);
                report.overall("groups", groups.size() - (groups.containsKey(-1) ? 1 : 0));
                Sums unknown = users.get(-1);
                report.overall("users_unknown_jobs", unknown == null ? 0 : unknown.jobs);
                report.overall("users_jain_wait", Fairness.jain(waits, n));
                report.overall("users_jain_bounded_slowdown", Fairness.jain(slowdowns, n));
            }
        };
    }

    /** The rows by number, {@code unknown} (-1) first. */
    static List<Map.Entry<Integer, Sums>> sorted(Map<Integer, Sums> m) {
        List<Map.Entry<Integer, Sums>> rows = new ArrayList<>(m.entrySet());
        rows.sort(Map.Entry.comparingByKey());
        return rows;
    }

    static String table(String what, Map<Integer, Sums> rows) {
        StringBuilder sb = new StringBuilder(what).append(",jobs,mean_wait,mean_response,mean_bounded_slowdown\n");
        for (Map.Entry<Integer, Sums> e : sorted(rows)) {
            Sums s = e.getValue();
            sb.append(Fairness.name(e.getKey())).append(',').append(s.jobs).append(',').append(Fairness.cell(s.mean(s.wait)))
                    .append(',').append(Fairness.cell(s.mean(s.response))).append(',')
                    .append(Fairness.cell(s.mean(s.boundedSlowdown))).append('\n');
        }
        return sb.toString();
    }
}
