package org.gridsched.engine.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

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
 * @param sections   what others computed beside the run ({@link SummarySection}: a comparison with a reference
 *                   run, queueing theory's predictions), in the order they were added
 */
public record RunReport(Map<String, Object> run, JobCounts jobs, List<MetricSection> metrics,
        List<ClusterReport> clusters, Map<String, String> plugins, List<SummarySection> sections) {

    public RunReport {
        run = Collections.unmodifiableMap(new LinkedHashMap<>(run));
        metrics = List.copyOf(metrics);
        clusters = List.copyOf(clusters);
        plugins = plugins == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(plugins));
        sections = sections == null ? List.of() : List.copyOf(sections);
    }

    public RunReport withPlugins(Map<String, String> plugins) {
        return new RunReport(run, jobs, metrics, clusters, plugins, sections);
    }

    /** This report with one more section, after the others; one of the same key is an error (it would be written twice). */
    public RunReport withSection(SummarySection section) {
        for (SummarySection s : sections) {
            if (s.key().equals(section.key())) {
                throw new IllegalArgumentException("the report already has a section '" + section.key() + "'");
            }
        }
        List<SummarySection> more = new ArrayList<>(sections);
        more.add(section);
        return new RunReport(run, jobs, metrics, clusters, plugins, more);
    }

    /** The section of that type, or null. */
    public <T extends SummarySection> T section(Class<T> type) {
        for (SummarySection s : sections) {
            if (type.isInstance(s)) {
                return type.cast(s);
            }
        }
        return null;
    }

    /** The section under that key, or null. */
    public SummarySection summarySection(String key) {
        for (SummarySection s : sections) {
            if (s.key().equals(key)) {
                return s;
            }
        }
        return null;
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
     * The content of {@code summary.json} as ordered maps: {@code run} (then the sections' run entries, such as
     * {@code theory_model}), {@code jobs}, the collectors' values, {@code clusters} (each ending with the sections'
     * objects for it, such as {@code theory}), then {@code plugins} and the sections' root objects (such as
     * {@code comparison}) when present.
     */
    /**
     * A collector's values into an object of summary.json. A key the object keeps for its own (the run's settings,
     * its job counts, the clusters) is an error: the collector's value would replace them, or be replaced, silently.
     */
    static void putMetrics(Map<String, Object> into, MetricSection s, Set<String> own, String where) {
        for (Map.Entry<String, Object> e : s.values().entrySet()) {
            if (own.contains(e.getKey())) {
                throw new IllegalStateException((s.collector().isEmpty() ? "a metric collector" : "metric collector '" + s.collector() + "'")
                        + " reports '" + e.getKey() + "'" + where + ", a key summary.json keeps for its own "
                        + new TreeSet<>(own) + "; choose another name for the metric");
            }
            into.put(e.getKey(), e.getValue());
        }
    }

    public Map<String, Object> toSummary() {
        Map<String, Object> root = new LinkedHashMap<>();
        Map<String, Object> runMap = new LinkedHashMap<>(run);
        sections.forEach(s -> runMap.putAll(s.runEntries()));
        root.put("run", runMap);
        root.put("jobs", jobs.toMap());
        Set<String> own = new HashSet<>(List.of("run", "jobs", "clusters", "plugins"));
        sections.forEach(s -> own.add(s.key()));
        for (MetricSection s : metrics) {
            putMetrics(root, s, own, "");
        }
        Map<String, Object> cs = new LinkedHashMap<>();
        for (int i = 0; i < clusters.size(); i++) {
            ClusterReport c = clusters.get(i);
            Map<String, Object> extra = new LinkedHashMap<>();
            for (SummarySection s : sections) {
                Map<String, ?> m = s.cluster(i);
                if (m != null) {
                    extra.put(s.key(), m);
                }
            }
            cs.put(c.name(), c.toMap(extra));
        }
        root.put("clusters", cs);
        if (plugins != null) {
            root.put("plugins", new LinkedHashMap<>(plugins));
        }
        for (SummarySection s : sections) {
            Map<String, ?> m = s.root();
            if (m != null) {
                root.put(s.key(), m);
            }
        }
        return root;
    }
}
