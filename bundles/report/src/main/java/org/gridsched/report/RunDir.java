package org.gridsched.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** A finished run's folder: its {@code jobs.csv}, and what {@code summary.json} says of the run and platform. */
public final class RunDir {
    public final Path dir;
    public final String name;
    /** summary.json, or null when the folder has none (e.g. Batsim's output). */
    public final JsonNode summary;
    public final JobsTable jobs;
    /** unavailable.csv (failed, off and switching processors), or null: the run had no failures nor power management. */
    final Unavailability unavailable;
    /** energy.csv (power, energy and carbon over time), or null: the run had no power model. */
    final EnergySeries energy;

    private RunDir(Path dir, String name, JsonNode summary, JobsTable jobs) {
        this.dir = dir;
        this.name = name;
        this.summary = summary;
        this.jobs = jobs;
        this.unavailable = Unavailability.read(dir, jobs.clusters);
        this.energy = EnergySeries.read(dir, jobs.clusters);
    }

    /** A folder's own name (of "." too). */
    static String folderName(Path dir) {
        Path n = dir.toAbsolutePath().normalize().getFileName();
        return n == null ? dir.toString() : n.toString();
    }

    /** The jobs file of a run folder: jobs.csv, jobs.csv.gz or Batsim's *_jobs.csv. */
    static Path jobsFile(Path dir) {
        for (String n : List.of("jobs.csv", "jobs.csv.gz")) {
            if (Files.isRegularFile(dir.resolve(n))) {
                return dir.resolve(n);
            }
        }
        try (var s = Files.list(dir)) {
            List<Path> batsim = s.filter(p -> p.getFileName().toString().endsWith("_jobs.csv")).sorted().toList();
            if (batsim.size() == 1) {
                return batsim.get(0);
            }
        } catch (IOException e) {
            // reported below
        }
        return null;
    }

    public static RunDir open(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new InputException(dir.toString(), 0, null, Files.exists(dir) ? "is not a folder; give a run's output folder"
                    : "no such folder");
        }
        Path jobsFile = jobsFile(dir);
        if (jobsFile == null) {
            String what = Files.isRegularFile(dir.resolve("matrix.csv")) ? " (it is a matrix: its runs are under runs/)" : "";
            throw new InputException(dir.toString(), 0, null, "holds no jobs.csv" + what);
        }
        JsonNode summary = null;
        Path s = dir.resolve("summary.json");
        if (Files.isRegularFile(s)) {
            try {
                summary = new ObjectMapper().readTree(s.toFile());
            } catch (IOException e) {
                throw new InputException(s.toString(), 0, null, "is not valid JSON: "
                        + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()));
            }
        }
        String name = summary != null && summary.path("run").hasNonNull("name") ? summary.path("run").path("name").asText()
                : dir.toAbsolutePath().normalize().getFileName().toString();
        return new RunDir(dir, name, summary, JobsTable.read(jobsFile, platform(summary, s)));
    }

    /** The platform summary.json lists (run.platform, else the clusters section), or null. */
    static Clusters platform(JsonNode summary, Path file) {
        if (summary == null) {
            return null;
        }
        List<String> names = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        JsonNode list = summary.path("run").path("platform");
        if (list.isArray()) {
            for (JsonNode c : list) {
                names.add(c.path("name").asText());
                sizes.add(c.path("processors").asInt());
            }
        } else if (summary.path("clusters").isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = summary.path("clusters").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                names.add(e.getKey());
                sizes.add(e.getValue().path("processors").asInt());
            }
        }
        if (names.isEmpty()) {
            return null;
        }
        for (int i = 0; i < sizes.size(); i++) {
            if (sizes.get(i) <= 0) {
                throw new InputException(file.toString(), 0, "run.platform", "cluster '" + names.get(i) + "' has no processor count");
            }
        }
        return new Clusters(names, sizes.stream().mapToInt(Integer::intValue).toArray());
    }
}
