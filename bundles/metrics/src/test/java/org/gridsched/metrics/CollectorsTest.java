package org.gridsched.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.Report;
import org.gridsched.api.metrics.RunInfo;
import org.junit.jupiter.api.Test;

/** Metric definitions checked on hand-computed values. */
class CollectorsTest {
    private static final RunInfo TWO_CLUSTERS = new RunInfo() {
        public int clusterCount() {
            return 2;
        }

        public String clusterName(int c) {
            return c == 0 ? "a" : "b";
        }

        public int clusterProcessors(int c) {
            return c == 0 ? 4 : 2;
        }

        public double clusterSpeed(int c) {
            return 1;
        }
    };

    private record Job(long id, int cluster, double submitTime, double startTime, double finishTime, int processors,
            double requestedTime, double runtime, boolean killed) implements JobOutcome {
        public double referenceRuntime() {
            return runtime;
        }
    }

    private static final class Captured implements Report {
        final Map<String, Object> overall = new LinkedHashMap<>();
        final Map<Integer, Map<String, Object>> clusters = new HashMap<>();

        public void overall(String k, Object v) {
            overall.put(k, v);
        }

        public void cluster(int c, String k, Object v) {
            clusters.computeIfAbsent(c, x -> new LinkedHashMap<>()).put(k, v);
        }

        public void file(String name, String content) {
            throw new AssertionError("no files expected");
        }

        double get(String k) {
            return ((Number) overall.get(k)).doubleValue();
        }

        double get(int c, String k) {
            return ((Number) clusters.get(c).get(k)).doubleValue();
        }
    }

    private static Captured feed(Collector c) {
        // cluster a: wait 0 run 100 on 4 procs; wait 10 run 5 on 2 procs; cluster b: wait 30 run 20 on 2 procs
        c.jobFinished(new Job(1, 0, 0, 0, 100, 4, 100, 100, false));
        c.jobFinished(new Job(2, 0, 90, 100, 105, 2, 5, 5, false));
        c.jobFinished(new Job(3, 1, 20, 50, 70, 2, 20, 20, false));
        Captured r = new Captured();
        c.report(r);
        return r;
    }

    @Test
    void jobTimeMetrics() {
        Captured r = feed(new JobMetricsCollector().create(TWO_CLUSTERS, PluginOptions.empty("jobs")));
        assertEquals(105.0, r.get("makespan"));                 // last finish 105 - first start 0
        assertEquals(40.0 / 3, r.get("mean_wait"), 1e-12);       // (0 + 10 + 30) / 3
        assertEquals(10.0, r.get("median_wait"));
        assertEquals(30.0, r.get("max_wait"));
        assertEquals((100 + 15 + 50) / 3.0, r.get("mean_response_time"), 1e-12);
        assertEquals((1 + 3 + 2.5) / 3.0, r.get("mean_slowdown"), 1e-12);
        // bounded slowdown with tau 10: job 2: 15 / max(5,10) = 1.5; job 3: 50 / 20 = 2.5
        assertEquals((1 + 1.5 + 2.5) / 3.0, r.get("mean_bounded_slowdown"), 1e-12);
        assertEquals(5.0, r.get(0, "mean_wait"));
        assertEquals(5.0, r.get(0, "median_wait"));              // even count: mean of 0 and 10
        assertEquals(20.0, r.get(1, "makespan"));
    }

    @Test
    void boundedSlowdownThresholdIsAnOption() {
        Captured r = feed(new JobMetricsCollector().create(TWO_CLUSTERS,
                new PluginOptions("jobs", Map.of("bounded_slowdown_threshold", 60))));
        // job 1: max(1, 100/100) = 1; job 2: max(1, 15/60) = 1; job 3: max(1, 50/60) = 1
        assertEquals(1.0, r.get("mean_bounded_slowdown"), 1e-12);
    }

    @Test
    void utilization() {
        Captured r = feed(new UtilizationCollector().create(TWO_CLUSTERS, PluginOptions.empty("utilization")));
        // a: (4*100 + 2*5) / (4 * 105); b: 2*20 / (2 * 20); overall: 450 / (6 * 105)
        assertEquals(410.0 / 420, r.get(0, "utilization"), 1e-12);
        assertEquals(1.0, r.get(1, "utilization"), 1e-12);
        assertEquals(450.0 / 630, r.get("utilization"), 1e-12);
    }
}
