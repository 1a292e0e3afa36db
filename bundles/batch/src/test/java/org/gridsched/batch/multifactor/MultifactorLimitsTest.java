package org.gridsched.batch.multifactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.batch.multifactor.FakeCluster.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Limits hold jobs without blocking the jobs behind them. Submission order (no age or fair-share weight) and
 * the head-only rule, where any job that waits at the head would block everything behind it: on 10
 * processors, X1 (user 1, 4 processors) starts at 0; X2 (user 1, 8 processors) arrives at 1 and does not
 * fit; Y (user 2, 2 processors) arrives at 2.
 */
class MultifactorLimitsTest {
    private FakeCluster cluster;
    private MultifactorScheduler scheduler;

    private Map<String, Object> fifoOptions() {
        Map<String, Object> o = new HashMap<>();
        o.put("weight_age", 0);
        o.put("weight_fairshare", 0);
        o.put("rule", "fcfs");
        return o;
    }

    private void create(Map<String, Object> options, int processors) {
        cluster = new FakeCluster(processors);
        scheduler = (MultifactorScheduler) new MultifactorPolicy().create(cluster, new PluginOptions("multifactor", options));
        cluster.scheduler = scheduler;
    }

    @Test
    void heldJobDoesNotBlockALaterJobOfAnotherUser() {
        Map<String, Object> o = fifoOptions();
        o.put("limits", Map.of("user", Map.of("max_running", 1)));
        create(o, 10);
        Job x1 = cluster.submit(0, new Job(1, 0, 100, 4, 1, 0, -1, -1));
        Job x2 = cluster.submit(1, new Job(2, 1, 100, 8, 1, 0, -1, -1));
        cluster.submit(2, new Job(3, 2, 10, 2, 2, 0, -1, -1));
        assertEquals(Map.of(1L, 0.0, 3L, 2.0), cluster.starts, "Y starts at 2 beside the held X2");
        assertEquals(1, scheduler.heldByLimit());
        cluster.end(100, x1);
        assertEquals(100.0, cluster.starts.get(x2.id), "X2 is reconsidered when X1 ends");
        assertEquals(1, scheduler.heldByLimit());
    }

    /** The control: without the limit, X2 waits at the head and Y waits behind it until X1 ends. */
    @Test
    void withoutTheLimitTheHeadBlocks() {
        create(fifoOptions(), 10);
        Job x1 = cluster.submit(0, new Job(1, 0, 100, 4, 1, 0, -1, -1));
        cluster.submit(1, new Job(2, 1, 100, 8, 1, 0, -1, -1));
        cluster.submit(2, new Job(3, 2, 10, 2, 2, 0, -1, -1));
        assertEquals(Map.of(1L, 0.0), cluster.starts);
        cluster.end(100, x1);
        assertEquals(Map.of(1L, 0.0, 2L, 100.0, 3L, 100.0), cluster.starts);
        assertEquals(0, scheduler.heldByLimit());
    }

    /** max_processors 6: X2 (8) alone would break it, so it is refused at submission; 4 + 2 fits, 4 + 4 not. */
    @Test
    void processorLimit() {
        Map<String, Object> o = fifoOptions();
        o.put("rule", "easy");
        o.put("limits", Map.of("user", Map.of("max_processors", 6)));
        create(o, 10);
        Job a = cluster.submit(0, new Job(1, 0, 100, 4, 1, 0, -1, -1));
        cluster.submit(0, new Job(2, 0, 100, 2, 1, 0, -1, -1));
        Job c = cluster.submit(0, new Job(3, 0, 100, 4, 1, 0, -1, -1));
        cluster.submit(0, new Job(4, 0, 100, 4, 2, 0, -1, -1));
        assertEquals(Map.of(1L, 0.0, 2L, 0.0, 4L, 0.0), cluster.starts);
        assertFalse(cluster.starts.containsKey(c.id));
        cluster.end(50, a);
        assertEquals(50.0, cluster.starts.get(c.id));
        assertEquals(1, scheduler.heldByLimit());
        // wider than the limit, it could never start: rejected, naming the limit, and the run goes on (it stopped the run)
        cluster.submit(60, new Job(5, 60, 100, 8, 1, 0, -1, -1));
        assertEquals(Map.of(5L, "over_user_processor_limit"), cluster.rejected);
        assertEquals(0, scheduler.waitingJobs(), "rejected jobs never queue");
    }

    /** Each kind's processor limit gives its own reason; a job within all of them is not refused. */
    @Test
    void overAProcessorLimitIsRejectedWithTheKindsReason() {
        Map<String, Object> o = fifoOptions();
        o.put("qos", Map.of("normal", 0));
        o.put("qos_names", Map.of("1", "normal"));
        o.put("limits", Map.of("user", Map.of("max_processors", 8), "group", Map.of("max_processors", 6),
                "qos", Map.of("max_processors", 4, "by_name", Map.of("normal", Map.of("max_processors", 3)))));
        create(o, 10);
        cluster.submit(0, new Job(1, 0, 100, 9, 1, 0, -1, -1));
        cluster.submit(0, new Job(2, 0, 100, 7, 1, 0, -1, -1));
        cluster.submit(0, new Job(3, 0, 100, 4, 1, 0, 1, -1));
        cluster.submit(0, new Job(4, 0, 100, 3, 1, 0, 1, -1));
        assertEquals(Map.of(1L, "over_user_processor_limit", 2L, "over_group_processor_limit", 3L, "over_qos_processor_limit"),
                cluster.rejected);
        assertEquals(Map.of(4L, 0.0), cluster.starts);
        assertEquals(0, scheduler.waitingJobs());
    }

    /** max_submitted 2: the third job of user 1 is not admitted until one of the first two leaves. */
    @Test
    void submittedLimit() {
        Map<String, Object> o = fifoOptions();
        o.put("rule", "easy");
        o.put("limits", Map.of("user", Map.of("max_submitted", 2)));
        create(o, 10);
        Job a = cluster.submit(0, new Job(1, 0, 100, 8, 1, 0, -1, -1));
        cluster.submit(0, new Job(2, 0, 100, 8, 1, 0, -1, -1));
        Job c = cluster.submit(0, new Job(3, 0, 100, 1, 1, 0, -1, -1));
        cluster.submit(0, new Job(4, 0, 100, 1, 2, 0, -1, -1));
        assertEquals(Map.of(1L, 0.0, 4L, 0.0), cluster.starts, "job 3 would backfill but is not admitted");
        cluster.end(100, a);
        assertTrue(cluster.starts.containsKey(2L));
        assertEquals(100.0, cluster.starts.get(c.id));
        assertEquals(1, scheduler.heldByLimit());
    }

    /** Cancelling user 1's admitted job admits the next one at once, and it backfills in the same pass. */
    @Test
    void cancellationFreesSubmittedRoom() {
        Map<String, Object> o = fifoOptions();
        o.put("rule", "easy");
        o.put("limits", Map.of("user", Map.of("max_submitted", 1)));
        create(o, 10);
        cluster.submit(0, new Job(0, 0, 100, 9, 9, 0, -1, -1));
        Job first = cluster.submit(1, new Job(1, 1, 100, 10, 1, 0, -1, -1));
        Job second = cluster.submit(2, new Job(2, 2, 10, 1, 1, 0, -1, -1));
        assertEquals(Map.of(0L, 0.0), cluster.starts, "the second job of user 1 is not admitted");
        assertTrue(cluster.cancel(5, first));
        assertEquals(5.0, cluster.starts.get(second.id));
        assertFalse(cluster.cancel(6, first), "not waiting any more");
    }

    /** by_name: user 2 may run 2 jobs where every other user may run 1. */
    @Test
    void namedOverride() {
        Map<String, Object> o = fifoOptions();
        o.put("limits", Map.of("user", Map.of("max_running", 1, "by_name", Map.of("2", Map.of("max_running", 2)))));
        create(o, 10);
        cluster.submit(0, new Job(1, 0, 100, 1, 1, 0, -1, -1));
        cluster.submit(0, new Job(2, 0, 100, 1, 1, 0, -1, -1));
        cluster.submit(0, new Job(3, 0, 100, 1, 2, 0, -1, -1));
        cluster.submit(0, new Job(4, 0, 100, 1, 2, 0, -1, -1));
        cluster.submit(0, new Job(5, 0, 100, 1, 2, 0, -1, -1));
        assertEquals(Map.of(1L, 0.0, 3L, 0.0, 4L, 0.0), cluster.starts);
        assertEquals(2, scheduler.heldByLimit());
    }

    /**
     * Jobs with no user (-1: a trace without users, a generator without them) are under no user's limits, and counted;
     * as one user, max_running 1 ran them one at a time, saying nothing. The same for no group and no QOS.
     */
    @Test
    void jobsWithNoUserGroupOrQosAreUnderNoneOfTheirLimitsAndCounted() {
        Map<String, Object> o = fifoOptions();
        o.put("qos", Map.of("normal", 0));
        o.put("qos_names", Map.of("1", "normal"));
        o.put("limits", Map.of("user", Map.of("max_running", 1), "group", Map.of("max_running", 1), "qos", Map.of("max_running", 1)));
        create(o, 10);
        for (int i = 1; i <= 3; i++) {
            cluster.submit(0, new Job(i, 0, 100, 2, -1, -1, -1, -1));
        }
        cluster.submit(0, new Job(4, 0, 100, 2, 7, 3, 1, -1)); // user 7, group 3, QOS normal
        cluster.submit(0, new Job(5, 0, 100, 2, 7, -1, -1, -1)); // user 7 again: held
        assertEquals(Map.of(1L, 0.0, 2L, 0.0, 3L, 0.0, 4L, 0.0), cluster.starts, "jobs 1-3 run together, job 5 waits for user 7's");
        assertEquals(1, scheduler.heldByLimit());
        Map<String, Long> expected = new java.util.LinkedHashMap<>();
        expected.put("held_by_limit", 1L);
        expected.put("exempt_from_user_limits", 3L);
        expected.put("exempt_from_group_limits", 4L);
        expected.put("exempt_from_qos_limits", 4L);
        assertEquals(expected, scheduler.counters());
        // wider than a user's max_processors: a job with no user is not refused by it
        o.put("limits", Map.of("user", Map.of("max_processors", 4)));
        create(o, 10);
        cluster.submit(0, new Job(6, 0, 100, 8, -1, -1, -1, -1));
        assertEquals(Map.of(6L, 0.0), cluster.starts);
        assertEquals(Map.of(), cluster.rejected);
    }

    /** by_name "-1" limits the jobs with no user as one user; none is exempt then. Only the kinds' limits for all count. */
    @Test
    void byNameMinusOneLimitsTheJobsWithNoUserAsOneUser() {
        Map<String, Object> o = fifoOptions();
        o.put("limits", Map.of("user", Map.of("max_running", 4, "by_name", Map.of("-1", Map.of("max_running", 1)))));
        create(o, 10);
        for (int i = 1; i <= 3; i++) {
            cluster.submit(0, new Job(i, 0, 100, 2, -1, -1, -1, -1));
        }
        assertEquals(Map.of(1L, 0.0), cluster.starts);
        assertEquals(Map.of("held_by_limit", 2L), scheduler.counters());
        // limits by name only (user 7): jobs with no user were never under them; nothing to say
        o.put("limits", Map.of("user", Map.of("by_name", Map.of("7", Map.of("max_running", 1)))));
        create(o, 10);
        cluster.submit(0, new Job(1, 0, 100, 2, -1, -1, -1, -1));
        assertEquals(Map.of("held_by_limit", 0L), scheduler.counters());
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = ';', value = {
        "weight_age; -1", "weight_qos; -0.5", "usage_half_life; 0", "priority_period; 0", "max_age; 0",
        "fairshare_mode; fairtree", "rule; cbf", "default_share; -1"})
    void badScalarsNameTheirKey(String key, String value) {
        Object v = value.matches("-?[0-9.]+") ? (Object) Double.valueOf(value) : value;
        InputException e = assertThrows(InputException.class,
                () -> new MultifactorPolicy().create(new FakeCluster(4), new PluginOptions("multifactor", Map.of(key, v))));
        assertEquals(key, e.field(), e.getMessage());
    }

    @Test
    void badMapsNameTheirKey() {
        assertEquals("shares", field(Map.of("shares", Map.of("3", -2))));
        assertEquals("partition_names", field(Map.of("partitions", Map.of("batch", 1), "partition_names", Map.of("1", "bach"))));
        assertEquals("qos_names", field(Map.of("qos", Map.of("normal", 1), "qos_names", Map.of("1", "hi"))));
        assertEquals("limits.user.max_running", field(Map.of("limits", Map.of("user", Map.of("max_running", 0)))));
        assertEquals("limits.group.max_submitted", field(Map.of("limits", Map.of("group", Map.of("max_submitted", 1.5)))));
        assertEquals("limits.qos", field(Map.of("limits", Map.of("qos", Map.of("max_running", 2)))));
        assertEquals("limits", field(Map.of("limits", Map.of("account", Map.of()))));
        assertEquals("limits.qos.by_name", field(Map.of("qos", Map.of("normal", 1), "qos_names", Map.of("1", "normal"),
                "limits", Map.of("qos", Map.of("by_name", Map.of("nromal", Map.of("max_running", 1)))))));
        assertEquals("limits.user.by_name.7.max_processors",
                field(Map.of("limits", Map.of("user", Map.of("by_name", Map.of("7", Map.of("max_processors", 0)))))));
        assertEquals("limits", field(Map.of("rule", "conservative", "limits", Map.of("user", Map.of("max_running", 2)))));
    }

    private static String field(Map<String, Object> options) {
        return assertThrows(InputException.class, () -> new MultifactorPolicy().create(new FakeCluster(4),
                new PluginOptions("multifactor", options))).field();
    }
}
