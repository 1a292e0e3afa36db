package org.gridsched.batch.multifactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.batch.multifactor.FakeCluster.Job;
import org.junit.jupiter.api.Test;

/**
 * Partitions, computed by hand. 10 processors; {@code big} = 0-7 (max_time 1000), {@code short} = 4-9
 * (max_time 100, at most 4 processors). So processors 0-3 are big's own, 8-9 short's own, 4-7 shared: a
 * job takes its partition's own processors first. SWF partition 1 is big, 2 is short; submission order
 * (no age, no fair-share weight) and EASY backfilling.
 */
class MultifactorPartitionsTest {
    private FakeCluster cluster;
    private MultifactorScheduler scheduler;

    private static Map<String, Object> options() {
        Map<String, Object> o = new HashMap<>();
        o.put("weight_age", 0);
        o.put("weight_fairshare", 0);
        Map<String, Object> parts = new LinkedHashMap<>();
        parts.put("big", Map.of("processors", "0-7", "max_time", 1000, "tier", 1));
        parts.put("short", Map.of("processors", "4-9", "max_time", 100, "max_processors", 4, "tier", 2));
        o.put("partitions", parts);
        o.put("partition_names", Map.of("1", "big", "2", "short"));
        return o;
    }

    private void create(Map<String, Object> options) {
        cluster = new FakeCluster(10);
        scheduler = (MultifactorScheduler) new MultifactorPolicy().create(cluster, new PluginOptions("multifactor", options));
        cluster.scheduler = scheduler;
    }

    private static Job job(long id, double t, double requested, int processors, int partition) {
        return new Job(id, t, requested, processors, 1, 0, -1, partition);
    }

    private static BitSet ids(int from, int to) {
        BitSet b = new BitSet();
        b.set(from, to + 1);
        return b;
    }

    /** Routing: by number; over a limit, rejected with that limit's reason; unmapped, the first partition that admits it. */
    @Test
    void routesAndRejects() {
        create(options());
        Job a = cluster.submit(0, job(1, 0, 500, 6, 1));
        Job b = cluster.submit(0, job(2, 0, 50, 4, 2));
        cluster.submit(0, job(3, 0, 500, 2, 2)); // short allows 100 s
        cluster.submit(0, job(4, 0, 50, 6, 2)); // short allows 4 processors
        Job e = cluster.submit(0, job(5, 0, 50, 8, 7)); // partition 7 is not mapped: big admits it
        cluster.submit(0, job(6, 0, 50, 9, 7)); // nothing admits 9 processors
        assertEquals(Map.of(3L, "over_partition_time_limit", 4L, "over_partition_size_limit", 6L, "no_partition"), cluster.rejected);
        assertEquals("big", scheduler.partitionOf(a));
        assertEquals("short", scheduler.partitionOf(b));
        assertEquals("big", scheduler.partitionOf(e));
        // A takes big's own 0-3, then shared 4-5; B takes short's own 8-9, then shared 6-7
        assertEquals(ids(0, 5), cluster.held.get(1L));
        BitSet bIds = ids(6, 9);
        assertEquals(bIds, cluster.held.get(2L));
        assertEquals(Map.of(1L, 0.0, 2L, 0.0), cluster.starts);
        assertEquals(1, scheduler.waitingJobs(), "E waits, and nothing else: rejected jobs never queue");
    }

    /** A job that fits the free processors of the cluster but not those of its partition waits. */
    @Test
    void freeProcessorsOutsideThePartitionDoNotCount() {
        create(options());
        cluster.submit(0, job(1, 0, 500, 6, 1)); // 0-5
        Job j = cluster.submit(1, job(2, 1, 100, 3, 1)); // 4 free (6-9) but big has only 6-7
        assertFalse(cluster.starts.containsKey(j.id));
        Job s = cluster.submit(2, job(3, 2, 100, 4, 2)); // short: 8-9 and 6-7
        assertEquals(2.0, cluster.starts.get(s.id));
        assertEquals(ids(6, 9), cluster.held.get(3L));
    }

    /**
     * EASY inside partitions. A (big, 4, to 500) takes 0-3; B (big, 4, to 500) takes 4-7; E (big, 6) is
     * reserved at 500 on big's own 0-3 and 2 shared; K (short, 2, 100 s) runs on 8-9 from 2 to 102. At 420 B
     * ends early: 4-7 are free, but E still needs A's processors, so it stays reserved at 500, on 4 own
     * and 2 shared. L (short, 4, 100 s, submitted at 3) starts at 420 on 8-9 and the 2 shared processors E
     * leaves (4-5); M (short, 2, 100 s) would hold 6-7 over 500 and waits; N (short, 2, 50 s) ends by 500
     * and starts on 6-7.
     */
    @Test
    void backfillingKeepsTheReservationInsideThePartition() {
        create(options());
        Job a = cluster.submit(0, job(1, 0, 500, 4, 1));
        Job b = cluster.submit(0, job(2, 0, 500, 4, 1));
        Job e = cluster.submit(1, job(3, 1, 100, 6, 1));
        Job k = cluster.submit(2, job(4, 2, 100, 2, 2));
        Job l = cluster.submit(3, job(5, 3, 100, 4, 2));
        assertEquals(ids(0, 3), cluster.held.get(a.id));
        assertEquals(ids(4, 7), cluster.held.get(b.id));
        assertEquals(ids(8, 9), cluster.held.get(k.id));
        assertEquals(500.0, scheduler.plannedStart(e));
        cluster.end(102, k);
        assertFalse(cluster.starts.containsKey(l.id), "L needs 2 of the shared processors, which B holds");
        cluster.end(420, b);
        assertEquals(420.0, cluster.starts.get(l.id));
        BitSet lIds = ids(8, 9);
        lIds.or(ids(4, 5));
        assertEquals(lIds, cluster.held.get(l.id));
        assertEquals(500.0, scheduler.plannedStart(e));
        Job m = cluster.submit(421, job(6, 421, 100, 2, 2));
        assertFalse(cluster.starts.containsKey(m.id), "M would hold 6-7, which E takes at 500");
        Job n = cluster.submit(422, job(7, 422, 50, 2, 2));
        assertEquals(422.0, cluster.starts.get(n.id));
        assertEquals(ids(6, 7), cluster.held.get(n.id));
        cluster.end(472, n);
        cluster.end(500, a);
        assertEquals(500.0, cluster.starts.get(e.id));
        BitSet eIds = ids(0, 3);
        eIds.or(ids(6, 7));
        assertEquals(eIds, cluster.held.get(e.id), "E on big's own 0-3 and the shared 6-7 (4-5 are L's)");
    }

    /** Allowed groups, the queue mapping and the default partition. */
    @Test
    void groupsQueuesAndDefault() {
        Map<String, Object> o = options();
        Map<String, Object> parts = new LinkedHashMap<>();
        parts.put("big", Map.of("processors", "0-7", "groups", List.of(5)));
        parts.put("short", Map.of("processors", "4-9", "max_time", 100));
        o.put("partitions", parts);
        o.put("queue_partitions", Map.of("3", "short"));
        o.put("default_partition", "big");
        create(o);
        cluster.submit(0, new Job(1, 0, 50, 2, 1, 5, -1, 1)); // big, group 5
        cluster.submit(0, new Job(2, 0, 50, 2, 1, 6, -1, 1)); // big refuses group 6
        cluster.submit(0, new Job(3, 0, 50, 2, 1, 6, 3, -1)); // queue 3 -> short
        cluster.submit(0, new Job(4, 0, 50, 2, 1, 5, -1, -1)); // default: big
        assertEquals(Map.of(2L, "group_not_allowed_in_partition"), cluster.rejected);
        assertEquals(ids(0, 1), cluster.held.get(1L));
        assertEquals(ids(8, 9), cluster.held.get(3L));
        assertEquals(ids(2, 3), cluster.held.get(4L));
    }

    @Test
    void badPartitionsNameTheirKey() {
        assertEquals("partitions.big.processors", field(Map.of("big", Map.of("processors", "0-10"))));
        assertEquals("partitions.big.processors", field(Map.of("big", Map.of("processors", "7-3"))));
        assertEquals("partitions.big.max_time", field(Map.of("big", Map.of("max_time", 0))));
        assertEquals("partitions.big.max_processors", field(Map.of("big", Map.of("max_processors", 0.5))));
        assertEquals("partitions.big.groups", field(Map.of("big", Map.of("groups", List.of()))));
        assertEquals("partitions.big.wall", field(Map.of("big", Map.of("wall", 3))));
        assertEquals("partitions.big", field(Map.of("big", "fast")));
        Map<String, Object> o = options();
        o.put("default_partition", "huge");
        assertEquals("default_partition", fieldOf(o));
        o = options();
        o.put("rule", "conservative");
        assertEquals("partitions", fieldOf(o));
        o = new HashMap<>();
        o.put("partitions", Map.of("big", 1));
        o.put("queue_partitions", Map.of("1", "big"));
        assertEquals("queue_partitions", fieldOf(o));
    }

    /** Partitions of tiers only (no processors, no rules) route nothing and reject nothing, as before. */
    @Test
    void tiersAloneDoNotPartition() {
        Map<String, Object> o = new HashMap<>();
        o.put("weight_age", 0);
        o.put("weight_fairshare", 0);
        o.put("partitions", Map.of("batch", 1));
        create(o);
        cluster.submit(0, job(1, 0, 10, 10, 9));
        assertTrue(cluster.rejected.isEmpty());
        assertEquals(0.0, cluster.starts.get(1L));
    }

    private static String field(Map<String, Object> partitions) {
        Map<String, Object> o = new HashMap<>();
        o.put("partitions", partitions);
        return fieldOf(o);
    }

    private static String fieldOf(Map<String, Object> o) {
        InputException e = assertThrows(InputException.class,
                () -> new MultifactorPolicy().create(new FakeCluster(10), new PluginOptions("multifactor", o)));
        return e.field();
    }
}
