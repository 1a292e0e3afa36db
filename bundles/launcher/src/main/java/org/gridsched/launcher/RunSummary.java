package org.gridsched.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

import org.gridsched.engine.Numbers;
import org.gridsched.engine.SimulationResult;
import org.gridsched.engine.report.JobCounts;
import org.gridsched.engine.report.RunReport;
import org.gridsched.launcher.PluginRegistry.Kind;
import org.gridsched.report.Words;

/** What a single run prints for people when it has finished: counts, times, waits, and the comparison with its reference. */
final class RunSummary {
    private final PrintStream out;

    RunSummary(PrintStream out) {
        this.out = out;
    }

    /** "read 1,000", then "skipped 3 {malformed_line=3}" and "repaired {...}" when there are any: what a workload lost. */
    static List<String> readCounts(long read, long skipped, Map<String, Long> skippedByReason, Map<String, Long> repaired) {
        List<String> counts = new ArrayList<>();
        counts.add(String.format("read %,d", read));
        if (skipped > 0) {
            counts.add(String.format("skipped %,d %s", skipped, skippedByReason));
        }
        if (!repaired.isEmpty()) {
            counts.add("repaired " + repaired);
        }
        return counts;
    }

    /**
     * The console summary for people: counts, then the collectors' times as seconds and as {@code 2d 03:12:45},
     * wait percentiles (from the jobs, nearest rank), each line wrapped under 100 columns.
     */
    void printSummary(RunProfile p, SimulationResult r, RunReport report, Path dir, List<String> files) {
        JobCounts jobs = report.jobs();
        String policies = p.clusters.isEmpty() || p.clusters.stream().allMatch(c -> c.batch() == null)
                ? p.choice(Kind.BATCH).name() : "per-cluster policies";
        print(ConsoleText.wrap(p.name + ": ", List.of(Words.count(jobs.simulated(), "job") + String.format(" simulated on %s with %s",
                r.platform(), policies), String.format("%.2f s (%,.0f jobs/s)", r.wallSeconds(),
                jobs.simulated() / Math.max(r.wallSeconds(), 1e-9)))));
        if (p.generator != null) {
            double offered = offeredLoad(r);
            out.printf("  generated workload: %s%s%n", Double.isNaN(offered) ? "every job submitted at one instant (no offered load to"
                    + " measure)" : String.format("offered load %.2f of the platform's processors", offered), targetLoad(p));
        }
        List<String> counts = readCounts(jobs.read(), jobs.skipped(), jobs.skippedByReason(), jobs.repairedByReason());
        if (jobs.killed() > 0) {
            counts.add(String.format("killed at requested time %,d", jobs.killed()));
        }
        if (jobs.controllerKills() > 0) {
            counts.add(String.format("killed by controllers %,d", jobs.controllerKills()));
        }
        if (jobs.requeued() > 0) {
            counts.add(String.format("re-queued %,d", jobs.requeued()));
        }
        if (jobs.rejected() > 0) {
            counts.add(String.format("rejected %,d %s", jobs.rejected(), jobs.rejectedByReason()));
        }
        if (jobs.multiCluster() > 0) {
            counts.add(String.format("on several clusters %,d", jobs.multiCluster()));
        }
        if (counts.size() > 1) {
            print(ConsoleText.wrap("  ", counts));
        }
        List<String> times = new ArrayList<>();
        boolean ranNone = ranNoJob(report);
        if (ranNone) {
            times.add("no job ran"); // not "makespan 0 s": summary.json's makespan of no job is 0, its first_start null
        } else {
            metric(report, "makespan").ifPresent(v -> times.add("makespan " + Words.duration(v)));
        }
        if (report.metric("utilization") instanceof Number u) {
            times.add(String.format("utilization %.1f %%", 100 * u.doubleValue()));
        }
        print(ConsoleText.wrap("  ", times));
        if (!ranNone) {
            idleClusters(report);
        }
        List<String> waits = new ArrayList<>();
        metric(report, "mean_wait").ifPresent(v -> waits.add("mean " + Words.duration(v)));
        double[] w = new double[r.jobs().size()];
        int n = 0;
        for (var j : r.jobs()) {
            if (!Double.isNaN(j.startTime())) {
                w[n++] = j.startTime() - j.submitTime();
            }
        }
        ConsoleText.sortedPrefix(w, n);
        for (int q : new int[] {50, 95, 99}) {
            if (n > 0) {
                waits.add("p" + q + " " + Words.duration(ConsoleText.percentile(w, n, q)));
            }
        }
        metric(report, "max_wait").ifPresent(v -> waits.add("max " + Words.duration(v)));
        print(ConsoleText.wrap("  wait: ", waits));
        List<String> others = new ArrayList<>();
        metric(report, "mean_response_time").ifPresent(v -> others.add("mean response " + Words.duration(v)));
        metric(report, "mean_slowdown").ifPresent(v -> others.add(String.format("mean slowdown %.2f", v)));
        metric(report, "mean_bounded_slowdown").ifPresent(v -> others.add(String.format("bounded %.2f", v)));
        print(ConsoleText.wrap("  ", others));
        energyLines(r);
        failureLines(r);
        out.println("  results in " + dir + " (" + String.join(", ", files) + ")");
    }

    /**
     * Energy and carbon, only for a run with a power model (and carbon series): the total in a unit a person reads
     * (MWh, not 1.0e12 J) and the share of it that idle processors drew, the part a scheduler or power management can
     * cut; with power management, the shares of off and switching processors and the switch-ons.
     */
    private void energyLines(SimulationResult r) {
        if (!r.hasEnergy()) {
            return;
        }
        Map<String, Object> e = r.energy();
        double total = number(e, "energy_joules");
        StringBuilder shares = new StringBuilder("idle " + ConsoleText.percent(number(e, "idle_energy_joules"), total));
        if (e.containsKey("off_energy_joules")) {
            shares.append(", off ").append(ConsoleText.percent(number(e, "off_energy_joules"), total))
                    .append(", switching ").append(ConsoleText.percent(number(e, "switching_energy_joules"), total));
        }
        List<String> items = new ArrayList<>();
        items.add(ConsoleText.energy(total) + " (" + shares + ")");
        if (e.get("switch_ons") instanceof Number ons) {
            items.add(Words.count(ons.longValue(), "processor switch-on"));
        }
        print(ConsoleText.wrap("  energy: ", items));
        if (r.hasCarbon()) {
            double grams = number(e, "carbon_grams");
            print(ConsoleText.wrap("  carbon: ", List.of(ConsoleText.carbon(grams) + " CO2 (idle "
                    + ConsoleText.percent(number(e, "idle_carbon_grams"), grams) + ")")));
        }
    }

    /**
     * Failures, only for a run with failures: how many, the availability over the run's window, and what they cost the
     * jobs (kills, the jobs that ended failed, the work lost, in processor-hours).
     */
    private void failureLines(SimulationResult r) {
        if (!r.hasFailures()) {
            return;
        }
        Map<String, Object> f = r.failures();
        List<String> items = new ArrayList<>();
        String count = String.format(Locale.ROOT, "%,d", (long) number(f, "failures"));
        if (f.get("failures_outside_window") instanceof Number outside) {
            count += String.format(Locale.ROOT, " (and %,d outside the run's window)", outside.longValue());
        }
        items.add(count);
        items.add(String.format(Locale.ROOT, "availability %.2f %%", 100 * number(f, "availability")));
        // every kill either re-submits its job or ends it failed: the failed ones say the rest
        items.add(Words.count((long) number(f, "failure_kills"), "kill") + " ("
                + Words.count((long) number(f, "failed_jobs"), "job") + " failed)");
        double lostHours = number(f, "lost_processor_seconds") / 3600;
        items.add(String.format(Locale.ROOT, lostHours >= 100 ? "lost %,.0f processor-hours" : "lost %,.1f processor-hours", lostHours));
        print(ConsoleText.wrap("  failures: ", items));
    }

    /**
     * Whether no job ran in the whole run: the time metrics have a first start, and it is undefined (summary.json's
     * null; its makespan is then 0, which is no makespan).
     */
    static boolean ranNoJob(RunReport report) {
        return report.metric("first_start") instanceof Number f && Double.isNaN(f.doubleValue());
    }

    /**
     * The clusters of a multi-cluster run that ran no job (a broker that never chose them, a cluster too small for
     * every job): summary.json gives them a makespan of 0 and no times, which reads as a cluster that finished at 0.
     */
    private void idleClusters(RunReport report) {
        if (report.clusters().size() < 2) {
            return;
        }
        List<String> idle = new ArrayList<>();
        for (var c : report.clusters()) {
            if (c.simulated() == 0) {
                idle.add(c.name());
            }
        }
        if (idle.isEmpty()) {
            return;
        }
        int shown = Math.min(idle.size(), 10);
        String names = String.join(", ", idle.subList(0, shown)) + (idle.size() > shown
                ? String.format(Locale.ROOT, " and %,d more", idle.size() - shown) : "");
        print(ConsoleText.wrap("  ", List.of((idle.size() == 1 ? "cluster " : "clusters ") + names + " ran no job")));
    }

    /** A number of the engine's energy or failure metrics (always present when the model is). */
    private static double number(Map<String, Object> metrics, String key) {
        return metrics.get(key) instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    private static OptionalDouble metric(RunReport report, String key) {
        return report.metric(key) instanceof Number v && !Double.isNaN(v.doubleValue())
                ? OptionalDouble.of(v.doubleValue()) : OptionalDouble.empty();
    }

    /** Lines of a summary; one with nothing after its indentation is left out. */
    private void print(List<String> lines) {
        if (!(lines.size() == 1 && lines.get(0).endsWith(": ")) && !lines.get(0).isBlank()) {
            lines.forEach(out::println);
        }
    }


    /**
     * The load a generated workload offers the platform: its work (runtime x processors, at the reference
     * speed) over the platform's processors times the span of the submissions; NaN with fewer than two jobs.
     */
    static double offeredLoad(SimulationResult r) {
        double work = 0;
        double first = Double.POSITIVE_INFINITY;
        double last = Double.NEGATIVE_INFINITY;
        for (var j : r.jobs()) {
            work += j.runtime() * j.processors();
            first = Math.min(first, j.submitTime());
            last = Math.max(last, j.submitTime());
        }
        int processors = 0;
        for (int c = 0; c < r.platform().size(); c++) {
            processors += r.platform().get(c).processors();
        }
        return last > first ? work / (processors * (last - first)) : Double.NaN;
    }

    /**
     * The generator's {@code load} option beside the load the jobs offer: the generator aims at it, but a finite sample
     * of very variable arrivals scatters around it (the quickstart asks 0.85 and its 20,000 jobs offer 0.81), and
     * without both numbers a user sees a contradiction.
     */
    private static String targetLoad(RunProfile p) {
        Object load = p.workloadOptions.get("load");
        if (load instanceof Number n) {
            return " (the generator's target: " + Numbers.format(n.doubleValue()) + ")"; // 1e6, not a 7-digit %.2f
        }
        if (load instanceof String s) {
            try {
                return String.format(" (the generator's target: %.2f)", Double.parseDouble(s.trim()));
            } catch (NumberFormatException e) {
                return ""; // "native": no target
            }
        }
        return "";
    }
}
