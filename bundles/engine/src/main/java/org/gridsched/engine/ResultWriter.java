package org.gridsched.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.engine.report.ClusterReport;
import org.gridsched.engine.report.CollectorSections;
import org.gridsched.engine.report.JobCounts;
import org.gridsched.engine.report.MetricSection;
import org.gridsched.engine.report.RunReport;

/**
 * Builds a run's {@link RunReport} and writes its output folder: {@code jobs.csv} (see {@link JobsCsv}), the
 * collectors' files and {@code summary.json} (the report as ordered maps, written by {@link Json}).
 */
public final class ResultWriter {
    private ResultWriter() {
    }

    public static void write(SimulationResult result, RunReport report, Path dir) {
        try {
            Files.createDirectories(dir);
            JobsCsv.write(result, dir.resolve("jobs.csv"), workloadNames(report.run()));
            for (Map.Entry<String, CharSequence> f : result.fileTexts().entrySet()) {
                write(dir.resolve(f.getKey()), f.getValue());
            }
            Files.writeString(dir.resolve("summary.json"), Json.write(report.toSummary()), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Characters per piece of a large text written in pieces: each piece is copied into a short-lived string. */
    private static final int PIECE = 1 << 16;

    /**
     * Writes {@code text} as UTF-8. A string as it is; a builder (the engine's files, tens of MB on a long run with
     * failures) piece by piece, so that it is never copied whole into a string beside itself.
     */
    static void write(Path file, CharSequence text) throws IOException {
        if (text instanceof String s) {
            Files.writeString(file, s, StandardCharsets.UTF_8);
            return;
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            if (text instanceof RowText rows) {
                rows.writeTo(out); // already in pieces
                return;
            }
            int n = text.length();
            for (int from = 0; from < n;) {
                int to = Math.min(n, from + PIECE);
                if (to < n && Character.isHighSurrogate(text.charAt(to - 1))) {
                    to--; // a surrogate pair stays in one piece, or each half would be written as '?'
                }
                out.write(text.subSequence(from, to).toString().getBytes(StandardCharsets.UTF_8));
                from = to;
            }
        }
    }

    /**
     * jobs.csv's {@code workload_name}s, as {@code summary.json}'s {@code run.workload} names the workload: its
     * trace file, each trace of a merged workload, or its generator.
     */
    static List<String> workloadNames(Map<String, Object> run) {
        if (run != null && run.get("workload") instanceof Map<?, ?> w) {
            if (w.get("files") instanceof List<?> files && !files.isEmpty()) {
                return files.stream().map(String::valueOf).toList();
            }
            for (String key : List.of("file", "generator")) {
                if (w.get(key) != null) {
                    return List.of(String.valueOf(w.get(key)));
                }
            }
        }
        return List.of("workload");
    }

    /**
     * The report of a finished run, without plugins, comparison or theory (see the {@code with...} methods of
     * {@link RunReport}).
     *
     * @param run      the effective settings ({@code summary.json}'s {@code run}); null for none
     * @param sections what each collector reported, if the run's collectors were
     *                 {@linkplain CollectorSections#track tracked}; null puts all collector values in one
     *                 section named ""
     */
    public static RunReport report(SimulationResult result, Map<String, Object> run, CollectorSections sections) {
        JobCounts jobs = new JobCounts(result.workload().read(), result.simulated(), result.workload().skippedTotal(),
                result.workload().skipped(), result.workload().repaired(), result.killed(), result.controllerKills(),
                result.requeues(), result.rejectedByReason(), result.multiClusterJobs(), result.localJobs(),
                result.reallocations(), result.reallocationEvents(), result.workload().skippedExamples());
        Platform platform = result.platform();
        List<ClusterReport> clusters = new ArrayList<>();
        for (int i = 0; i < platform.size(); i++) {
            ClusterSpec spec = platform.get(i);
            List<MetricSection> metrics = new ArrayList<>(
                    sections == null ? CollectorSections.unattributed(result.cluster(i)) : sections.cluster(i, result.cluster(i)));
            if (result.hasEnergy()) {
                metrics.add(new MetricSection("energy", new LinkedHashMap<>(result.energy(i))));
            }
            if (result.hasFailures()) {
                metrics.add(new MetricSection("failures", new LinkedHashMap<>(result.failures(i))));
            }
            if (!result.policyCounters(i).isEmpty()) {
                metrics.add(new MetricSection("batch policy", new LinkedHashMap<>(result.policyCounters(i))));
            }
            clusters.add(new ClusterReport(spec.name(), spec.processors(), spec.speed(), result.simulatedOn(i),
                    result.killedOn(i), result.claimedIdleSeconds(i), metrics));
        }
        List<MetricSection> overall = new ArrayList<>(
                sections == null ? CollectorSections.unattributed(result.overall()) : sections.overall(result.overall()));
        if (result.hasEnergy()) {
            overall.add(new MetricSection("energy", new LinkedHashMap<>(result.energy())));
        }
        if (result.hasFailures()) {
            overall.add(new MetricSection("failures", new LinkedHashMap<>(result.failures())));
        }
        return new RunReport(run == null ? Map.of() : run, jobs, overall, clusters, null, List.of());
    }
}
