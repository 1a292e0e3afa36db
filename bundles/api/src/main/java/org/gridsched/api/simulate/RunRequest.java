package org.gridsched.api.simulate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.workload.JobRecord;

/**
 * One nested simulation: its clusters, the batch policy of every cluster, its grid controllers and its jobs.
 * Immutable; the {@code with...} methods return a changed copy:
 *
 * <pre>{@code
 * RunRequest r = RunRequest.on(List.of(new RunRequest.Cluster("a", 40, 1.0)))
 *         .withBatch("fcfs", Map.of())                 // a batch policy plugin by name, or withBatch(policy)
 *         .withController(grid -> new MyController(grid))
 *         .withJobs(jobs);
 * }</pre>
 *
 * <p>There is no meta-scheduler: on several clusters every job must be taken by a controller (a job that reaches the
 * meta-scheduler fails the run). Jobs are killed at their requested time.
 */
public final class RunRequest {

    /** A cluster of the platform: its name, processors and speed (1 = the workload's reference speed). */
    public record Cluster(String name, int processors, double speed) {
        public Cluster {
            Objects.requireNonNull(name, "name");
            if (processors <= 0) {
                throw new IllegalArgumentException("cluster " + name + ": processors must be positive, got " + processors);
            }
            if (!(speed > 0)) {
                throw new IllegalArgumentException("cluster " + name + ": speed must be positive, got " + speed);
            }
        }
    }

    private final String name;
    private final List<Cluster> clusters;
    private final String batchName;
    private final Map<String, Object> batchOptions;
    private final BatchPolicy batchPolicy;
    private final List<Function<GridOperations, Controller>> controllers;
    private final List<JobRecord> jobs;

    private RunRequest(String name, List<Cluster> clusters, String batchName, Map<String, ?> batchOptions, BatchPolicy batchPolicy,
            List<Function<GridOperations, Controller>> controllers, List<JobRecord> jobs) {
        this.name = name;
        this.clusters = List.copyOf(clusters);
        this.batchName = batchName;
        this.batchOptions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(batchOptions));
        this.batchPolicy = batchPolicy;
        this.controllers = List.copyOf(controllers);
        List<JobRecord> copies = new ArrayList<>(jobs.size());
        jobs.forEach(j -> copies.add(j.copy()));
        this.jobs = java.util.Collections.unmodifiableList(copies);
    }

    /**
     * A request on these clusters (at least one), named "nested", with the batch policy {@code fcfs}, no controller
     * and no job.
     */
    public static RunRequest on(List<Cluster> clusters) {
        if (clusters.isEmpty()) {
            throw new IllegalArgumentException("a nested simulation needs at least one cluster");
        }
        return new RunRequest("nested", clusters, "fcfs", Map.of(), null, List.of(), List.of());
    }

    /** The same request under another name (what its messages call it). */
    public RunRequest withName(String name) {
        return new RunRequest(Objects.requireNonNull(name, "name"), clusters, batchName, batchOptions, batchPolicy, controllers, jobs);
    }

    /** Every cluster runs the batch policy plugin of that name (looked up among the available ones) with these options. */
    public RunRequest withBatch(String policyName, Map<String, ?> options) {
        return new RunRequest(name, clusters, Objects.requireNonNull(policyName, "policyName"), options == null ? Map.of() : options,
                null, controllers, jobs);
    }

    /** Every cluster runs this batch policy (registered or not), with no options. */
    public RunRequest withBatch(BatchPolicy policy) {
        return new RunRequest(name, clusters, null, Map.of(), Objects.requireNonNull(policy, "policy"), controllers, jobs);
    }

    /** Adds a grid controller, created for the run from its grid operations; controllers are asked in the order added. */
    public RunRequest withController(Function<GridOperations, Controller> controller) {
        List<Function<GridOperations, Controller>> list = new ArrayList<>(controllers);
        list.add(Objects.requireNonNull(controller, "controller"));
        return new RunRequest(name, clusters, batchName, batchOptions, batchPolicy, list, jobs);
    }

    /** The workload's jobs, in submission order (copied). */
    public RunRequest withJobs(List<JobRecord> jobs) {
        return new RunRequest(name, clusters, batchName, batchOptions, batchPolicy, controllers, jobs);
    }

    public String name() {
        return name;
    }

    public List<Cluster> clusters() {
        return clusters;
    }

    /** The batch policy plugin's name; null when the request gives a {@link #batchPolicy()} instance. */
    public String batchName() {
        return batchName;
    }

    /** The options of the named batch policy (empty with a {@link #batchPolicy()} instance). */
    public Map<String, Object> batchOptions() {
        return batchOptions;
    }

    /** The batch policy instance; null when the request names a plugin ({@link #batchName()}). */
    public BatchPolicy batchPolicy() {
        return batchPolicy;
    }

    public List<Function<GridOperations, Controller>> controllers() {
        return controllers;
    }

    public List<JobRecord> jobs() {
        return jobs;
    }
}
