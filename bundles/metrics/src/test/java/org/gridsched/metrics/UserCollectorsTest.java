package org.gridsched.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.Report;
import org.gridsched.api.metrics.RunInfo;
import org.junit.jupiter.api.Test;

/** The per-user collectors (users, fidelity, fairshare) and their statistics, on hand-computed values. */
class UserCollectorsTest {
    private static final RunInfo ONE = new RunInfo() {
        public int clusterCount() {
            return 1;
        }

        public String clusterName(int c) {
            return "a";
        }

        public int clusterProcessors(int c) {
            return 4;
        }

        public double clusterSpeed(int c) {
            return 1;
        }
    };

    private record Job(long id, double submitTime, double startTime, double finishTime, int processors, int user, int group,
            double recordedWaitTime) implements JobOutcome {
        public int cluster() {
            return 0;
        }

        public double requestedTime() {
            return finishTime - startTime;
        }

        public double runtime() {
            return finishTime - startTime;
        }

        public double referenceRuntime() {
            return runtime();
        }

        public boolean killed() {
            return false;
        }
    }

    private static final class Captured implements Report {
        final Map<String, Object> overall = new LinkedHashMap<>();
        final Map<String, String> files = new LinkedHashMap<>();

        public void overall(String k, Object v) {
            overall.put(k, v);
        }

        public void cluster(int c, String k, Object v) {
        }

        public void file(String name, String content) {
            files.put(name, content);
        }

        double get(String k) {
            return ((Number) overall.get(k)).doubleValue();
        }
    }

    private static PluginOptions options(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return new PluginOptions("collector 'test'", m);
    }

    private static Captured run(Collector c, Job... jobs) {
        for (Job j : jobs) {
            c.jobFinished(j);
        }
        Captured r = new Captured();
        c.report(r);
        return r;
    }

    // ------------------------------------------------------------------ statistics

    @Test
    void jainIndex() {
        // (20 + 0 + 40)^2 / (3 (400 + 0 + 1600)) = 3600 / 6000
        assertEquals(0.6, Fairness.jain(new double[] {20, 0, 40}, 3), 1e-12);
        assertEquals(1, Fairness.jain(new double[] {7, 7, 7, 7}, 4), 1e-12);
        assertEquals(0.25, Fairness.jain(new double[] {0, 0, 9, 0}, 4), 1e-12); // one takes it all: 1/n
        assertEquals(1, Fairness.jain(new double[] {0, 0}, 2)); // all zero: equal
        assertTrue(Double.isNaN(Fairness.jain(new double[0], 0)));
    }

    @Test
    void spearmanWithTiesUsesAverageRanks() {
        // x ranks 1, 2.5, 2.5, 4; y (10, 30, 20, 20) ranks 1, 4, 2.5, 2.5; centred on 2.5:
        // sum dx dy = (-1.5)(-1.5) = 2.25, sum dx^2 = sum dy^2 = 4.5: rho = 2.25 / 4.5
        double[] x = {1, 2, 2, 3};
        double[] y = {10, 30, 20, 20};
        assertEquals(List.of(1.0, 2.5, 2.5, 4.0), List.of(boxed(Fairness.ranks(x, 4))));
        assertEquals(List.of(1.0, 4.0, 2.5, 2.5), List.of(boxed(Fairness.ranks(y, 4))));
        assertEquals(0.5, Fairness.spearman(x, y, 4), 1e-12);
        assertEquals(-1, Fairness.spearman(new double[] {1, 2, 3}, new double[] {9, 5, 1}, 3), 1e-12);
        assertTrue(Double.isNaN(Fairness.spearman(new double[] {1, 2}, new double[] {4, 4}, 2)), "a constant side");
        assertTrue(Double.isNaN(Fairness.spearman(new double[] {1}, new double[] {4}, 1)));
    }

    private static Double[] boxed(double[] v) {
        return java.util.Arrays.stream(v).boxed().toArray(Double[]::new);
    }

    // ------------------------------------------------------------------ users

    @Test
    void perUserAndPerGroupTimesAndJainOverUsers() {
        UsersCollector users = new UsersCollector();
        Captured r = run(users.create(ONE, options()),
                new Job(1, 0, 10, 15, 1, 1, 1, Double.NaN), // wait 10, response 15, bsld 15 / max(5, 10) = 1.5
                new Job(2, 0, 30, 130, 1, 1, 1, Double.NaN), // wait 30, response 130, bsld 1.3
                new Job(3, 0, 0, 50, 2, 2, 1, Double.NaN), // wait 0, response 50, bsld 1
                new Job(4, 10, 50, 70, 1, 3, 2, Double.NaN), // wait 40, response 60, bsld 3
                new Job(5, 10, 110, 120, 1, -1, -1, Double.NaN)); // no user, no group
        assertEquals("user,jobs,mean_wait,mean_response,mean_bounded_slowdown\n"
                + "unknown,1,100,110,11\n"
                + "1,2,20,72.5,1.4\n"
                + "2,1,0,50,1\n"
                + "3,1,40,60,3\n", r.files.get("users.csv"));
        assertEquals("group,jobs,mean_wait,mean_response,mean_bounded_slowdown\n"
                + "unknown,1,100,110,11\n"
                + "1,3," + 40 / 3.0 + ",65," + 3.8 / 3 + "\n" // response (15 + 130 + 50) / 3
                + "2,1,40,60,3\n", r.files.get("groups.csv"));
        assertEquals(3, r.get("users"));
        assertEquals(2, r.get("groups"));
        assertEquals(1, r.get("users_unknown_jobs"));
        assertEquals(0.6, r.get("users_jain_wait"), 1e-12); // waits 20, 0, 40: the unknown row is no user
        // bounded slowdowns 1.4, 1, 3: 5.4^2 / (3 (1.96 + 1 + 9))
        assertEquals(5.4 * 5.4 / (3 * 11.96), r.get("users_jain_bounded_slowdown"), 1e-12);
    }

    // ------------------------------------------------------------------ fidelity

    private static final Job[] REPLAY = {
        new Job(1, 0, 0, 10, 1, 1, -1, 0), // simulated 0, recorded 0: ratio 1/1, error 0
        new Job(2, 0, 10, 20, 1, 1, -1, 4), // 10 vs 4: ratio 11/5, error 6
        new Job(3, 5, 10, 20, 1, 2, -1, 9), // 5 vs 9: ratio 6/10, error 4
        new Job(4, 1, 100, 120, 1, 2, -1, 49), // 99 vs 49: ratio 100/50, error 50
        new Job(5, 1, 100, 120, 1, 2, -1, Double.NaN), // nothing recorded
    };

    @Test
    void fidelityComparesSimulatedAndRecordedWaits() {
        Captured r = run(new FidelityCollector().create(ONE, options()), REPLAY);
        assertEquals(4, r.get("fidelity_jobs"));
        assertEquals(1, r.get("fidelity_jobs_without_recorded_wait"));
        assertEquals(15, r.get("fidelity_mae_wait"), 1e-12); // (0 + 6 + 4 + 50) / 4
        assertEquals(1.5, r.get("fidelity_median_ratio"), 1e-12); // ratios 0.6, 1, 2, 2.2
        // ranks simulated 1 3 2 4, recorded 1 2 3 4: 1 - 6 (0 + 1 + 1 + 0) / (4 (16 - 1)) = 0.8
        assertEquals(0.8, r.get("fidelity_spearman"), 1e-12);
        assertEquals(28.5, r.get("fidelity_mean_simulated_wait"), 1e-12);
        assertEquals(15.5, r.get("fidelity_mean_recorded_wait"), 1e-12);
        List<String> rows = r.files.get("fidelity.csv").lines().toList();
        assertEquals("user,jobs,mae_wait,median_ratio,spearman", rows.get(0));
        String[] u1 = rows.get(1).split(",");
        assertEquals(List.of("1", "2", "3", "1"), List.of(u1[0], u1[1], u1[2], u1[4]));
        assertEquals(1.6, Double.parseDouble(u1[3]), 1e-12); // ratios 1 and 2.2
        String[] u2 = rows.get(2).split(",");
        assertEquals(List.of("2", "2", "27", "1"), List.of(u2[0], u2[1], u2[2], u2[4]));
        assertEquals(1.3, Double.parseDouble(u2[3]), 1e-12); // ratios 0.6 and 2
        assertEquals(3, rows.size());
        assertFalse(r.overall.containsKey("fidelity_note"));
    }

    @Test
    void theRatioOffsetIsAnOption() {
        // offset 9: ratios 9/9, 19/13, 14/18, 108/58: median (1 + 19/13) / 2
        Captured r = run(new FidelityCollector().create(ONE, options("ratio_offset", 9)), REPLAY);
        assertEquals((1 + 19 / 13.0) / 2, r.get("fidelity_median_ratio"), 1e-12);
        assertThrows(InputException.class, () -> new FidelityCollector().create(ONE, options("ratio_offset", 0)));
    }

    @Test
    void fidelityWithoutRecordedWaitsSaysSo() {
        Captured r = run(new FidelityCollector().create(ONE, options()), new Job(1, 0, 5, 10, 1, 1, 1, Double.NaN));
        assertEquals(0, r.get("fidelity_jobs"));
        assertEquals(1, r.get("fidelity_jobs_without_recorded_wait"));
        assertEquals(FidelityCollector.NO_WAITS, r.overall.get("fidelity_note"));
        assertFalse(r.overall.containsKey("fidelity_mae_wait"));
        assertTrue(r.files.isEmpty());
    }

    // ------------------------------------------------------------------ fairshare

    /** User 1: 2 processors over [0, 100); user 2: 1 processor over [50, 150), submitted at 0; windows of 100 s. */
    private static final Job[] SHARING = {
        new Job(1, 0, 0, 100, 2, 1, 1, Double.NaN),
        new Job(2, 0, 50, 150, 1, 2, 1, Double.NaN),
    };

    @Test
    void deliveredAgainstEqualTargetShares() {
        Captured r = run(new FairshareCollector().create(ONE, options("window", 100)), SHARING);
        // window 0: 200 and 50 processor-seconds of 250 (0.8, 0.2) against 0.5 each; window 1: only user 2 is active
        assertEquals("window_start,window_end,user,processor_seconds,delivered_share,target_share\n"
                + "0,100,1,200,0.8,0.5\n"
                + "0,100,2,50,0.2,0.5\n"
                + "100,200,2,50,1,1\n", r.files.get("fairshare.csv"));
        assertEquals(2, r.get("fairshare_windows"));
        assertEquals(0.2, r.get("fairshare_mean_abs_deviation"), 1e-12); // (0.3 + 0.3 + 0) / 3
        assertEquals(0.3, r.get("fairshare_max_abs_deviation"), 1e-12);
        assertEquals("user", r.overall.get("fairshare_by"));
    }

    @Test
    void targetSharesFromTheOptionAndByGroup() {
        Captured r = run(new FairshareCollector().create(ONE, options("window", 100, "shares", Map.of("1", 3))), SHARING);
        // window 0 targets 3/4 and 1/4: deviations 0.05 and 0.05; window 1: 0
        assertEquals(0.1 / 3, r.get("fairshare_mean_abs_deviation"), 1e-12);
        Captured text = run(new FairshareCollector().create(ONE, options("window", 100, "shares", "1:3, 2:1")), SHARING);
        assertEquals(r.files, text.files);
        Captured groups = run(new FairshareCollector().create(ONE, options("window", 100, "by", "group")), SHARING);
        assertEquals("window_start,window_end,group,processor_seconds,delivered_share,target_share\n"
                + "0,100,1,250,1,1\n"
                + "100,200,1,50,1,1\n", groups.files.get("fairshare.csv"));
    }

    @Test
    void badSharesNameTheOption() {
        FairshareCollector f = new FairshareCollector();
        for (Object bad : List.of("1=3", Map.of("alice", 1), Map.of("1", -2), Map.of("1", "lots"), List.of(1))) {
            InputException e = assertThrows(InputException.class, () -> f.create(ONE, options("shares", bad)), bad.toString());
            assertTrue(e.getMessage().contains("shares"), e.getMessage());
        }
        InputException e = assertThrows(InputException.class, () -> f.create(ONE, options("by", "queue")));
        assertTrue(e.getMessage().contains("by"), e.getMessage());
    }
}
