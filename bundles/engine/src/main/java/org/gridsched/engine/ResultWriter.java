package org.gridsched.engine;

import java.io.BufferedWriter;
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
    /** Column order of jobs.csv; Batsim/Evalys names so existing analysis tools read it. */
    public static final String JOBS_HEADER = "job_id,submission_time,requested_number_of_resources,requested_time,"
            + "starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,success,final_state,"
            + "allocated_resources,cluster,reallocations";

    private ResultWriter() {
    }

    public static void write(SimulationResult result, Map<String, Object> summary, Path dir) {
        try {
            Files.createDirectories(dir);
            writeJobs(result, dir.resolve("jobs.csv"));
            for (Map.Entry<String, String> f : result.files().entrySet()) {
                Files.writeString(dir.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
            }
            Files.writeString(dir.resolve("summary.json"), Json.write(summary), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + dir + ": " + e.getMessage(), e);
        }
    }

    public static void writeJobs(SimulationResult result, Path file) throws IOException {
        Platform platform = result.platform();
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(JOBS_HEADER);
            w.write('\n');
            StringBuilder sb = new StringBuilder(256);
            for (SimJob j : result.jobs()) {
                sb.setLength(0);
                double exec = j.finish - j.start;
                double turnaround = j.finish - j.submit;
                sb.append(j.id).append(',');
                Numbers.append(sb, j.submit);
                sb.append(',').append(j.procs).append(',');
                Numbers.append(sb, j.requested);
                sb.append(',');
                Numbers.append(sb, j.start);
                sb.append(',');
                Numbers.append(sb, exec);
                sb.append(',');
                Numbers.append(sb, j.finish);
                sb.append(',');
                Numbers.append(sb, j.start - j.submit);
                sb.append(',');
                Numbers.append(sb, turnaround);
                sb.append(',');
                Numbers.append(sb, turnaround / exec);
                sb.append(',').append(j.killed ? 0 : 1).append(',')
                        .append(j.killed ? "COMPLETED_WALLTIME_REACHED" : "COMPLETED_SUCCESSFULLY").append(',')
                        .append(j.allocationText()).append(',')
                        .append(platform.get(j.cluster).name()).append(',').append(j.moves).append('\n');
                w.append(sb);
            }
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
