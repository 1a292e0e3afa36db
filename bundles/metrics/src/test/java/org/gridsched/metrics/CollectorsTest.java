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

        final Map<String, String> files = new LinkedHashMap<>();

        public void file(String name, String content) {
            files.put(name, content);
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

    @Test
    void queueLengthsBusyCpusDispatchAndDrain() {
        Collector c = new QueueCollector().create(TWO_CLUSTERS,
                new PluginOptions("queue", Map.of("until", 20, "sample_every", 5, "drain_after", 3)));
        // cluster a: job 1 (4 procs) runs [0,10); job 2 (2 procs) waits [1,10) and runs [10,30)
        // cluster b: job 3 (2 procs) submitted at 2, runs [2,12)
        Job j1 = new Job(1, 0, 0, 0, 10, 4, 10, 10, false);
        Job j2 = new Job(2, 0, 1, 10, 30, 2, 20, 20, false);
        Job j3 = new Job(3, 1, 2, 2, 12, 2, 10, 10, false);
        c.jobSubmitted(j1);
        c.jobStarted(j1);
        c.jobSubmitted(j2);
        c.jobSubmitted(j3);
        c.jobStarted(j3);
        c.jobFinished(j1);
        c.jobStarted(j2);
        c.jobFinished(j3);
        c.jobFinished(j2);
        Captured r = new Captured();
        c.report(r);
        // window [0, 20]: a's queue is 1 during [1,10): 9/20; a's busy: 4*10 + 2*10 = 60 -> 3; b's busy 2*10/20 = 1
        assertEquals(9.0 / 20, r.get(0, "mean_queue_length"), 1e-12);
        assertEquals(3.0, r.get(0, "busy_cpus"), 1e-12);
        assertEquals(1.0, r.get(1, "busy_cpus"), 1e-12);
        assertEquals(2.0 / 3, r.get(0, "dispatch_fraction"), 1e-12);
        assertEquals(0.5, r.get(0, "waited_fraction"), 1e-12);
        assertEquals(0.0, r.get(0, "queue_length_at"));
        assertEquals(10.0, r.get(0, "queue_empty_at"));      // a's queue drains when job 2 starts
        assertEquals(7.0, r.get(0, "drain_time"));
        assertEquals(3.0, r.get(1, "queue_empty_at"));       // b's queue is empty at 3 already
        assertEquals("time,cluster,queue_length,busy_cpus\n0,a,0,4\n0,b,0,0\n5,a,1,4\n5,b,0,2\n10,a,0,2\n10,b,0,2\n"
                + "15,a,0,2\n15,b,0,0\n20,a,0,2\n20,b,0,0\n25,a,0,2\n25,b,0,0\n30,a,0,0\n30,b,0,0\n", r.files.get("queue.csv"));
    }

    /** A job its cluster's policy rejects leaves the queue then; a controller's rejection was never in one. */
    @Test
    void aJobRejectedFromTheQueueLeavesIt() {
        Collector c = new QueueCollector().create(TWO_CLUSTERS, new PluginOptions("queue", Map.of("until", 10)));
        Job waiting = new Job(1, 0, 0, Double.NaN, Double.NaN, 1, 10, 10, false);
        c.jobSubmitted(waiting);
        c.jobRejected(new JobOutcome() {
            public long id() { return 1; }
            public int cluster() { return 0; }
            public double submitTime() { return 0; }
            public double startTime() { return Double.NaN; }
            public double finishTime() { return Double.NaN; }
            public int processors() { return 1; }
            public double requestedTime() { return 10; }
            public double runtime() { return 10; }
            public double referenceRuntime() { return 10; }
            public boolean killed() { return false; }
            public boolean rejectedFromQueue() { return true; }
        }, 3);
        c.jobRejected(new Job(2, 0, 0, Double.NaN, Double.NaN, 1, 10, 10, false), 5); // a controller's: no queue
        Job later = new Job(3, 0, 6, 6, 10, 1, 4, 4, false);
        c.jobSubmitted(later);
        c.jobStarted(later);
        c.jobFinished(later);
        Captured r = new Captured();
        c.report(r);
        assertEquals(3.0 / 10, r.get(0, "mean_queue_length"), 1e-12);
        assertEquals(0.0, r.get(0, "queue_length_at"));
    }

    @Test
    void aMovedJobLeavesOneQueueForTheOther() {
        Collector c = new QueueCollector().create(TWO_CLUSTERS, new PluginOptions("queue", Map.of("until", 10)));
        // job 1 waits on a from 0, moves to b at 4, starts there at 6
        c.jobSubmitted(new Job(1, 0, 0, Double.NaN, Double.NaN, 1, 10, 10, false));
        c.jobMoved(new Job(1, 1, 0, Double.NaN, Double.NaN, 1, 10, 10, false), 0, 4);
        Job started = new Job(1, 1, 0, 6, 10, 1, 10, 10, false);
        c.jobStarted(started);
        c.jobFinished(started);
        Captured r = new Captured();
        c.report(r);
        assertEquals(4.0 / 10, r.get(0, "mean_queue_length"), 1e-12);
        assertEquals(2.0 / 10, r.get(1, "mean_queue_length"), 1e-12);
        assertEquals(1.0, r.get(0, "dispatch_fraction"));   // first sent to a
        assertEquals(0.0, r.get(1, "queue_length_at"));
    }

    @Test
    void queueSampledAtGivenInstants() {
        Collector c = new QueueCollector().create(TWO_CLUSTERS,
                new PluginOptions("queue", Map.of("sample_at", java.util.List.of(12, 1, 5))));
        Job j1 = new Job(1, 0, 0, 0, 10, 4, 10, 10, false);
        Job j2 = new Job(2, 0, 1, 10, 30, 2, 20, 20, false);
        c.jobSubmitted(j1);
        c.jobStarted(j1);
        c.jobSubmitted(j2);
        c.jobFinished(j1);
        c.jobStarted(j2);
        c.jobFinished(j2);
        Captured r = new Captured();
        c.report(r);
        // at 1 job 2 has just arrived (state after the events at 1); at 5 it waits; at 12 it runs
        assertEquals("time,cluster,queue_length,busy_cpus\n1,a,1,4\n1,b,0,0\n5,a,1,4\n5,b,0,0\n12,a,0,2\n12,b,0,0\n",
                r.files.get("queue.csv"));
    }

    @Test
    void slowdownWithVirtualAndEffectiveDenominators() {
        RunInfo oneFastCluster = new RunInfo() {
            public int clusterCount() {
                return 1;
            }

            public String clusterName(int c) {
                return "fast";
            }

            public int clusterProcessors(int c) {
                return 1;
            }

            public double clusterSpeed(int c) {
                return 2;
            }
        };
        Collector c = new SlowdownCollector().create(oneFastCluster, new PluginOptions("slowdown", Map.of("until", 100)));
        // virtual length 20 at speed 2: runs 10 s; waits 10 s -> effective (10+10)/10 = 2, virtual 20/20 = 1
        c.jobFinished(new Job2(1, 0, 0, 10, 20, 1, 10, 10, 20));
        c.jobFinished(new Job2(2, 0, 50, 90, 110, 1, 20, 20, 40)); // finishes after 'until': not measured
        Captured r = new Captured();
        c.report(r);
        assertEquals(1.0, r.get("slowdown_jobs"));
        assertEquals(1.0, r.get("mean_slowdown_virtual"), 1e-12);
        assertEquals(2.0, r.get("mean_slowdown_effective"), 1e-12);
    }

    private record Job2(long id, int cluster, double submitTime, double startTime, double finishTime, int processors,
            double requestedTime, double runtime, double referenceRuntime) implements JobOutcome {
        public boolean killed() {
            return false;
        }
    }
}
