package org.gridsched.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a run's output folder: {@code jobs.csv} (Batsim/Evalys column names plus {@code cluster}) and
 * {@code summary.json}.
 */
public final class ResultWriter {
    private ResultWriter() {
    }

    public static void write(SimulationResult result, Map<String, Object> summary, Path dir) {
        try {
            Files.createDirectories(dir);
            JobsCsv.write(result, dir.resolve("jobs.csv"));
            for (Map.Entry<String, String> f : result.files().entrySet()) {
                Files.writeString(dir.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
            }
            Files.writeString(dir.resolve("summary.json"), Json.write(summary), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The content of summary.json, as ordered maps (the caller may add to them before
     * {@link #write(SimulationResult, Map, Path)}).
     */
    public static Map<String, Object> summary(SimulationResult result, Map<String, Object> runInfo) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("run", runInfo == null ? new LinkedHashMap<>() : runInfo);
        Map<String, Object> jobs = new LinkedHashMap<>();
        jobs.put("read", result.workload().read());
        jobs.put("simulated", result.simulated());
        jobs.put("skipped", result.workload().skippedTotal());
        jobs.put("skipped_by_reason", new LinkedHashMap<>(result.workload().skipped()));
        jobs.put("repaired_by_reason", new LinkedHashMap<>(result.workload().repaired()));
        jobs.put("killed", result.killed());
        if (result.localJobs() > 0) {
            jobs.put("local", result.localJobs());
        }
        if (result.reallocationEvents() > 0) {
            jobs.put("reallocations", result.reallocations());
            jobs.put("reallocation_events", result.reallocationEvents());
        }
        root.put("jobs", jobs);
        root.putAll(result.overall());
        Map<String, Object> clusters = new LinkedHashMap<>();
        Platform platform = result.platform();
        for (int i = 0; i < platform.size(); i++) {
            ClusterSpec spec = platform.get(i);
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("processors", spec.processors());
            c.put("speed", spec.speed());
            Map<String, Object> cj = new LinkedHashMap<>();
            cj.put("simulated", result.simulatedOn(i));
            cj.put("killed", result.killedOn(i));
            c.put("jobs", cj);
            c.putAll(result.cluster(i));
            clusters.put(spec.name(), c);
        }
        root.put("clusters", clusters);
        return root;
    }
}
