package org.gridsched.batch.multifactor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.batch.multifactor.FakeCluster.Job;
import org.junit.jupiter.api.Test;

/**
 * Four waiting jobs from three users, priorities computed by hand. Users 1 and 2 are in group 1, user 3 in
 * group 2; user shares 1:2, 2:1, 3:1, group shares 1 each. Half-life 1000 s; 100 processors.
 * <ul>
 * <li>A (user 1, 10 processors) and B (user 2, 4 processors) ran over [0, 100]: 1000 and 400
 * processor-seconds at t = 100, halved by t = 1100: 500 and 200.</li>
 * <li>C (user 3, 20 processors) runs from t = 1000: 20 x 100 = 2000 at t = 1100 (undecayed).</li>
 * <li>Total 2700: U1 = 5/27, U2 = 2/27, U3 = 20/27. S1 = 1/2 x 2/3 = 1/3, S2 = 1/2 x 1/3 = 1/6, S3 = 1/2.</li>
 * <li>classic: F1 = 2^(-(5/27)/(1/3)) = 2^(-5/9) = 0.680395, F2 = 2^(-4/9) = 0.734867, F3 = 2^(-40/27) = 0.358121.</li>
 * </ul>
 * Waiting at t = 1100 (80 processors free, none fits): W1 user 1, 90 processors, submitted 1000, partition
 * 1 (batch, tier 1 of 4), queue 1 (normal, 0); W2 user 2, 100, 1020, partition 2 (debug, tier 4), queue 1;
 * W3 user 3, 90, 1050, partition 1, queue 2 (high, 10); W4 user 1, 95, 1100, partition 3 and queue 3
 * (unmapped: 0). max_age 1000: ages 0.1, 0.08, 0.05, 0. Weights: age 1000, fair-share 10000, size 100,
 * partition 200, QOS 500.
 */
class MultifactorPriorityTest {
    private static final double EPS = 1e-9;

    private FakeCluster cluster;
    private MultifactorScheduler scheduler;
    private Job w1, w2, w3, w4;

    private void run(String mode) {
        Map<String, Object> o = new HashMap<>();
        o.put("weight_age", 1000);
        o.put("weight_fairshare", 10000);
        o.put("weight_job_size", 100);
        o.put("weight_partition", 200);
        o.put("weight_qos", 500);
        o.put("max_age", 1000);
        o.put("usage_half_life", 1000);
        o.put("priority_period", 100);
        o.put("fairshare_mode", mode);
        o.put("shares", Map.of("1", 2, "2", 1, "3", 1));
        o.put("partitions", Map.of("batch", 1, "debug", 4));
        o.put("partition_names", Map.of("1", "batch", "2", "debug"));
        o.put("qos", Map.of("normal", 0, "high", 10));
        o.put("qos_names", Map.of("1", "normal", "2", "high"));
        cluster = new FakeCluster(100);
        scheduler = (MultifactorScheduler) new MultifactorPolicy().create(cluster, new PluginOptions("multifactor", o));
        cluster.scheduler = scheduler;
        Job a = cluster.submit(0, new Job(1, 0, 500, 10, 1, 1, 1, 1));
        Job b = cluster.submit(0, new Job(2, 0, 500, 4, 2, 1, 1, 1));
        cluster.end(100, a);
        cluster.end(100, b);
        cluster.submit(1000, new Job(3, 1000, 5000, 20, 3, 2, 1, 1));
        w1 = cluster.submit(1000, new Job(11, 1000, 100, 90, 1, 1, 1, 1));
        w2 = cluster.submit(1020, new Job(12, 1020, 100, 100, 2, 1, 1, 2));
        w3 = cluster.submit(1050, new Job(13, 1050, 100, 90, 3, 2, 2, 1));
        w4 = cluster.submit(1100, new Job(14, 1100, 100, 95, 1, 1, 3, 3));
        assertEquals(Map.of(1L, 0.0, 2L, 0.0, 3L, 1000.0), cluster.starts);
    }

    private double priority(Job j) {
        return scheduler.order.priority(j, 1100);
    }

    @Test
    void classicFactorsAndWeightedSums() {
        run("classic");
        MultifactorOrder order = scheduler.order;
        assertEquals(0.1, order.age(w1, 1100), EPS);
        assertEquals(0.08, order.age(w2, 1100), EPS);
        assertEquals(0.05, order.age(w3, 1100), EPS);
        assertEquals(0.0, order.age(w4, 1100), EPS);
        assertEquals(0.9, order.size(w1), EPS);
        assertEquals(1.0, order.size(w2), EPS);
        assertEquals(0.95, order.size(w4), EPS);
        assertEquals(0.25, order.partition(w1, null), EPS);
        assertEquals(1.0, order.partition(w2, null), EPS);
        assertEquals(0.0, order.partition(w4, null), EPS);
        assertEquals(0.0, order.qos(scheduler.tracked(w1)), EPS);
        assertEquals(1.0, order.qos(scheduler.tracked(w3)), EPS);
        assertEquals(0.0, order.qos(scheduler.tracked(w4)), EPS);
        assertEquals(500, scheduler.tracked(w1).assoc.usage, EPS);
        assertEquals(200, scheduler.tracked(w2).assoc.usage, EPS);
        assertEquals(2000, scheduler.tracked(w3).assoc.usage, EPS);
        assertEquals(0.680395000087, scheduler.tracked(w1).assoc.factor, 1e-9);
        assertEquals(0.734867246138, scheduler.tracked(w2).assoc.factor, 1e-9);
        assertEquals(0.358120874271, scheduler.tracked(w3).assoc.factor, 1e-9);
        // 100 + 6803.950 + 90 + 50 + 0; 80 + 7348.672 + 100 + 200 + 0; 50 + 3581.209 + 90 + 50 + 500; 0 + 6803.950 + 95
        assertEquals(7043.950000872, priority(w1), 1e-6);
        assertEquals(7728.672461378, priority(w2), 1e-6);
        assertEquals(4271.208742707, priority(w3), 1e-6);
        assertEquals(6898.950000872, priority(w4), 1e-6);
        assertEquals(List.<QueuedJob>of(w2, w1, w4, w3), scheduler.waiting());
    }

    /**
     * Fair Tree: group Level FS = S/U: group 1 = (1/2)/(7/27) = 1.93, group 2 = (1/2)/(20/27) = 0.675, so
     * group 1 first; in it user 1 = (2/3)/(5/7) = 0.93, user 2 = (1/3)/(2/7) = 1.17: user 2, user 1, then
     * user 3: ranks 3, 2, 1 of 3, factors 1, 2/3, 1/3.
     */
    @Test
    void fairTreeRanks() {
        run("fair-tree");
        assertEquals(2.0 / 3, scheduler.tracked(w1).assoc.factor, EPS);
        assertEquals(1.0, scheduler.tracked(w2).assoc.factor, EPS);
        assertEquals(1.0 / 3, scheduler.tracked(w3).assoc.factor, EPS);
        assertEquals(100 + 10000 * 2.0 / 3 + 90 + 50, priority(w1), 1e-6);
        assertEquals(80 + 10000 + 100 + 200, priority(w2), 1e-6);
        assertEquals(50 + 10000 / 3.0 + 90 + 50 + 500, priority(w3), 1e-6);
        assertEquals(10000 * 2.0 / 3 + 95, priority(w4), 1e-6);
        assertEquals(List.<QueuedJob>of(w2, w1, w4, w3), scheduler.waiting());
    }

    /**
     * Keys are computed at arrival and then only once per waiting job per priority_period: 50 jobs arriving
     * one second apart behind a job that holds the whole cluster cost 1 + 50 keys, not one per job per
     * event; the first event of the next period (an arrival at 1000) costs its own key plus one per waiting
     * job (51).
     */
    @Test
    void keysAreNotRecomputedPerEvent() {
        cluster = new FakeCluster(10);
        scheduler = (MultifactorScheduler) new MultifactorPolicy().create(cluster,
                new PluginOptions("multifactor", Map.of("priority_period", 1000)));
        cluster.scheduler = scheduler;
        cluster.submit(0, new Job(0, 0, 5000, 10, 0, 0, -1, -1));
        for (int i = 1; i <= 50; i++) {
            cluster.submit(i, new Job(i, i, 100, 1 + i % 10, i % 7, 0, -1, -1));
        }
        assertEquals(51, scheduler.order.computations);
        cluster.submit(1000, new Job(51, 1000, 100, 1, 3, 0, -1, -1));
        assertEquals(51 + 1 + 51, scheduler.order.computations);
        assertEquals(51, scheduler.waitingJobs());
        // the queue after the recalculation is in the order of the new priorities, ties in submission order
        List<QueuedJob> expected = new ArrayList<>(scheduler.waiting());
        Map<QueuedJob, Double> at1000 = new IdentityHashMap<>();
        for (QueuedJob j : expected) {
            at1000.put(j, scheduler.order.priority(j, 1000));
        }
        expected.sort(Comparator.<QueuedJob>comparingDouble(j -> -at1000.get(j)).thenComparingLong(QueuedJob::submitOrder));
        assertEquals(expected, scheduler.waiting());
    }

    /**
     * A recalculation that changes the order: A (user 1) and B (user 2) wait from t = 1 and 2 with fair-share
     * factors 1 (no usage), A first by submission. R (user 1, 2 processors) then backfills and runs, so at the
     * next period (t = 100) user 1 has usage and a factor below 1: B, then C (user 3, arrived at 100), then A.
     */
    @Test
    void recalculationReordersTheQueue() {
        cluster = new FakeCluster(12);
        scheduler = (MultifactorScheduler) new MultifactorPolicy().create(cluster,
                new PluginOptions("multifactor", Map.of("priority_period", 100, "weight_age", 0, "weight_fairshare", 1)));
        cluster.scheduler = scheduler;
        cluster.submit(0, new Job(0, 0, 1000, 10, 0, 0, -1, -1));
        Job a = cluster.submit(1, new Job(1, 1, 100, 12, 1, 0, -1, -1));
        Job b = cluster.submit(2, new Job(2, 2, 100, 12, 2, 0, -1, -1));
        assertEquals(List.<QueuedJob>of(a, b), scheduler.waiting());
        cluster.submit(3, new Job(3, 3, 500, 2, 1, 0, -1, -1));
        assertEquals(3.0, cluster.starts.get(3L));
        Job c = cluster.submit(100, new Job(4, 100, 100, 12, 3, 0, -1, -1));
        assertEquals(List.<QueuedJob>of(b, c, a), scheduler.waiting());
        // user 1: 2 x 97 = 194 of 10 x 100 + 194 = 1194 processor-seconds, share 1/4: 2^(-4 x 194/1194)
        assertEquals(Math.pow(2, -4 * 194.0 / 1194), scheduler.order.priority(a, 100), 1e-12);
    }
}
