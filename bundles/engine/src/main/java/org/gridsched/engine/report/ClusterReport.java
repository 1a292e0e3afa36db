package org.gridsched.engine.report;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One cluster's part of a run's results. A multi-cluster job counts on each cluster it ran on.
 *
 * @param simulated                   jobs that ran (at least partly) on this cluster to their end
 * @param killed                      of those, jobs stopped at their requested time
 * @param claimedIdleProcessorSeconds processor-seconds claimed by controllers and used by no job
 * @param metrics                     what each metric collector reported for this cluster, in report order
 */
public record ClusterReport(String name, int processors, double speed, long simulated, long killed,
        double claimedIdleProcessorSeconds, List<MetricSection> metrics) {

    public ClusterReport {
        metrics = List.copyOf(metrics);
    }

    /** The value a collector reported for this cluster under {@code key}, or null. */
    public Object metric(String key) {
        return RunReport.find(metrics, key);
    }

    /** The cluster's object under {@code clusters} in {@code summary.json}, ending with the sections' objects ({@code extra}). */
    Map<String, Object> toMap(Map<String, Object> extra) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("processors", processors);
        c.put("speed", speed);
        Map<String, Object> jobs = new LinkedHashMap<>();
        jobs.put("simulated", simulated);
        jobs.put("killed", killed);
        c.put("jobs", jobs);
        if (claimedIdleProcessorSeconds > 0) {
            c.put("claimed_idle_processor_seconds", claimedIdleProcessorSeconds);
        }
        Set<String> own = new HashSet<>(List.of("processors", "speed", "jobs", "claimed_idle_processor_seconds"));
        own.addAll(extra.keySet());
        for (MetricSection s : metrics) {
            RunReport.putMetrics(c, s, own, " for cluster " + name);
        }
        c.putAll(extra);
        return c;
    }
}
