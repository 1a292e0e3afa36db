package org.gridsched.engine.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's results: what {@code summary.json} holds, as records. Everything the engine counts is a field; what
 * metric collectors report stays in one {@link MetricSection} per collector (plugins define their keys).
 * {@link #toSummary()} turns it into the ordered maps {@code summary.json} is written from.
 *
 * @param run        the effective settings, as the launcher describes them ({@code summary.json}'s {@code run})
 * @param jobs       job counts over the whole platform
 * @param metrics    what each collector reported over the whole platform, in report order
 * @param clusters   per cluster, in platform order
 * @param plugins    which bundle and version supplied each plugin ("kind name" to provenance); null if not
 *                   recorded
 * @param comparison against the reference run without reallocation; null without one
 * @param theory     queueing theory's predictions; null when theory does not apply
 */
public record RunReport(Map<String, Object> run, JobCounts jobs, List<MetricSection> metrics,
        List<ClusterReport> clusters, Map<String, String> plugins, Comparison comparison, Theory theory) {

    public RunReport {
        run = Collections.unmodifiableMap(new LinkedHashMap<>(run));
        metrics = List.copyOf(metrics);
        clusters = List.copyOf(clusters);
        plugins = plugins == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(plugins));
        if (theory != null && theory.clusters().size() != clusters.size()) {
            throw new IllegalArgumentException("theory predicts " + theory.clusters().size() + " clusters, the run has " + clusters.size());
        }
    }

    public RunReport withPlugins(Map<String, String> plugins) {
        return new RunReport(run, jobs, metrics, clusters, plugins, comparison, theory);
    }

    public RunReport withComparison(Comparison comparison) {
        return new RunReport(run, jobs, metrics, clusters, plugins, comparison, theory);
    }

    public RunReport withTheory(Theory theory) {
        return new RunReport(run, jobs, metrics, clusters, plugins, comparison, theory);
    }

    /** The value a collector reported over the whole platform under {@code key}, or null. */
    public Object metric(String key) {
        return find(metrics, key);
    }

    /** The section of the collector chosen under that name, or null. */
    public MetricSection section(String collector) {
        for (MetricSection s : metrics) {
            if (s.collector().equals(collector)) {
                return s;
            }
        }
        return null;
    }

    static Object find(List<MetricSection> sections, String key) {
        for (MetricSection s : sections) {
            if (s.values().containsKey(key)) {
                return s.values().get(key);
            }
        }
        return null;
    }

    /**
     * The content of {@code summary.json} as ordered maps: {@code run} (with {@code theory_model} last when theory
     * applies), {@code jobs}, the collectors' values, {@code clusters} (each with its {@code theory}), then
     * {@code plugins} and {@code comparison} when present.
     */
    public Map<String, Object> toSummary() {
        Map<String, Object> root = new LinkedHashMap<>();
        Map<String, Object> runMap = new LinkedHashMap<>(run);
        if (theory != null) {
            runMap.put("theory_model", theory.model());
        }
        root.put("run", runMap);
        root.put("jobs", jobs.toMap());
        for (MetricSection s : metrics) {
            root.putAll(s.values());
        }
        Map<String, Object> cs = new LinkedHashMap<>();
        for (int i = 0; i < clusters.size(); i++) {
            ClusterReport c = clusters.get(i);
            cs.put(c.name(), c.toMap(theory == null ? null : theory.clusters().get(i)));
        }
        root.put("clusters", cs);
        if (plugins != null) {
            root.put("plugins", new LinkedHashMap<>(plugins));
        }
        if (comparison != null) {
            root.put("comparison", comparison.toMap());
        }
        return root;
    }
}
