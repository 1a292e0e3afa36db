package org.gridsched.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.Report;
import org.gridsched.api.metrics.RunInfo;
import org.junit.jupiter.api.Test;

/** Jobs on parts of several clusters and re-queued attempts, on hand-computed values. */
class MultiPartCollectorsTest {
    private static final RunInfo TWO = new RunInfo() {
        public int clusterCount() {
            return 2;
        }

        public String clusterName(int c) {
            return c == 0 ? "a" : "b";
        }

        public int clusterProcessors(int c) {
            return 4;
        }

        public double clusterSpeed(int c) {
            return 1;
        }
    };

    /** A job on 2 processors of a and 1 of b (or one part when {@code b} is 0). */
    private record Job(double start, double finish, int a, int b) implements JobOutcome {
        public long id() {
            return 1;
        }

        public int cluster() {
            return 0;
        }

        public double submitTime() {
            return 0;
        }

        public double startTime() {
            return start;
        }

        public double finishTime() {
            return finish;
        }

        public int processors() {
            return a + b;
        }

        public double requestedTime() {
            return 1000;
        }

        public double runtime() {
            return finish - start;
        }

        public double referenceRuntime() {
            return finish - start;
        }

        public boolean killed() {
            return false;
        }

        @Override
        public int parts() {
            return b == 0 ? 1 : 2;
        }

        @Override
        public int partCluster(int part) {
            return part;
        }

        @Override
        public int partProcessors(int part) {
            return part == 0 ? a : b;
        }
    }

    private static Map<String, Object> report(Collector c) {
        Map<String, Object> values = new HashMap<>();
        c.report(new Report() {
            public void overall(String k, Object v) {
                values.put(k, v);
            }

            public void cluster(int cluster, String k, Object v) {
                values.put(cluster + "." + k, v);
            }

            public void file(String name, String content) {
            }
        });
        return values;
    }

    @Test
    void eachPartCountsOnItsOwnCluster() {
        Collector c = new UtilizationCollector().create(TWO, PluginOptions.empty("utilization"));
        c.jobFinished(new Job(0, 100, 2, 1));
        Map<String, Object> r = report(c);
        assertEquals(200.0, r.get("0.busy_processor_seconds"));
        assertEquals(100.0, r.get("1.busy_processor_seconds"));
        assertEquals(0.5, r.get("0.utilization"));
        assertEquals(0.25, r.get("1.utilization"));
        assertEquals(300.0, r.get("busy_processor_seconds"));
    }

    @Test
    void aRequeuedAttemptCountsAsBusyTime() {
        Collector c = new UtilizationCollector().create(TWO, PluginOptions.empty("utilization"));
        c.jobRequeued(new Job(0, 40, 4, 0), 40); // killed at 40 and re-queued
        c.jobFinished(new Job(60, 100, 4, 0));
        Map<String, Object> r = report(c);
        assertEquals(4 * 40.0 + 4 * 40.0, r.get("0.busy_processor_seconds"));
    }

    @Test
    void busyProcessorsFollowEveryPart() {
        Collector c = new QueueCollector().create(TWO, PluginOptions.empty("queue"));
        Job j = new Job(0, 100, 2, 1);
        c.jobSubmitted(j);
        c.jobStarted(j);
        c.jobFinished(j);
        Map<String, Object> r = report(c);
        assertEquals(2.0, ((Number) r.get("0.busy_cpus")).doubleValue(), 1e-12);
        assertEquals(1.0, ((Number) r.get("1.busy_cpus")).doubleValue(), 1e-12);
    }
}
