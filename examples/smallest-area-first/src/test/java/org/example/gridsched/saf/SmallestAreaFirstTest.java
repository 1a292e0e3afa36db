package org.example.gridsched.saf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.batch.Reservation;
import org.junit.jupiter.api.Test;

/** Plain unit tests: no OSGi framework, just the policy on a cluster the test drives by hand. */
class SmallestAreaFirstTest {

    /** A job as the engine hands it over. */
    static final class Job implements QueuedJob {
        final long id;
        final double submit;
        final double requested;
        final int processors;
        long order;
        private Object attachment;

        Job(long id, double submit, int processors, double requested) {
            this.id = id;
            this.submit = submit;
            this.processors = processors;
            this.requested = requested;
        }

        @Override public long id() { return id; }
        @Override public double submitTime() { return submit; }
        @Override public double requestedTime() { return requested; }
        @Override public int processors() { return processors; }
        @Override public long submitOrder() { return order; }
        @Override public Object attachment() { return attachment; }
        @Override public void attach(Object state) { attachment = state; }
    }

    /** A cluster whose clock the test moves: it submits and ends jobs, and records when each started. */
    static final class FakeCluster implements Cluster {
        final int processors;
        int free;
        double now;
        long submitted;
        BatchScheduler scheduler;
        final Map<Long, Double> starts = new LinkedHashMap<>();

        FakeCluster(int processors) {
            this.processors = processors;
            this.free = processors;
        }

        Job submit(double t, Job job) {
            now = t;
            job.order = submitted++;
            scheduler.jobSubmitted(job);
            return job;
        }

        void end(double t, Job job) {
            now = t;
            free += job.processors;
            scheduler.jobEnded(job, false);
        }

        @Override public String name() { return "c"; }
        @Override public int processors() { return processors; }
        @Override public double speed() { return 1; }
        @Override public double now() { return now; }
        @Override public int freeProcessors() { return free; }
        @Override public void wakeUpAt(double time) { }
        @Override public List<Reservation> reservations() { return List.of(); }

        @Override
        public void start(QueuedJob job) {
            if (job.processors() > free) {
                throw new AssertionError("job " + job.id() + " started on " + free + " free processors");
            }
            free -= job.processors();
            starts.put(job.id(), now);
        }
    }

    private static FakeCluster cluster(int processors, Map<String, ?> options) {
        FakeCluster c = new FakeCluster(processors);
        c.scheduler = new SmallestAreaFirst().create(c, new PluginOptions("batch policy 'smallest-area-first'", options));
        return c;
    }

    @Test
    void describesItself() {
        SmallestAreaFirst policy = new SmallestAreaFirst();
        assertEquals("smallest-area-first", policy.name());
        assertEquals(List.of("protected", "bf_max_job_test", "bf_window"), policy.parameters().stream().map(Parameter::name).toList());
    }

    /**
     * On 4 processors, A (4 x 100 s) runs from 0; B (4 x 1000 s, area 4000), C (2 x 100, area 200) and D (1 x 50,
     * area 50) arrive while it runs. When A ends, D and C start, smallest area first, though B came first; B, which
     * no longer fits, waits.
     */
    @Test
    void theSmallestAreaStartsFirst() {
        FakeCluster c = cluster(4, Map.of());
        Job a = c.submit(0, new Job(1, 0, 4, 100));
        c.submit(10, new Job(2, 10, 4, 1000));
        Job cc = c.submit(20, new Job(3, 20, 2, 100));
        Job d = c.submit(30, new Job(4, 30, 1, 50));
        assertEquals(Map.of(1L, 0.0), c.starts, "nothing fits beside A");
        c.end(100, a);
        assertEquals(Map.of(1L, 0.0, 4L, 100.0, 3L, 100.0), c.starts);
        assertEquals(List.of(4L, 3L), c.starts.keySet().stream().skip(1).toList(), "D (area 50) before C (200)");
        assertEquals(1, c.scheduler.waitingJobs());
        c.end(150, d);
        assertEquals(3, c.starts.size(), "B needs all 4 processors; C still holds 2");
        c.end(200, cc);
        assertEquals(200.0, c.starts.get(2L));
    }

    /**
     * EASY behind the first blocked job: A (3 x 100 s) runs from 0; B (4 x 10 s, area 40, the smallest) does not fit
     * and is reserved at 100, when A ends; F (1 x 500 s) would still run then and delay B, so it waits; E (1 x 50 s)
     * ends before 100 and backfills on the free processor.
     */
    @Test
    void backfillsBehindTheFirstBlockedJobWithoutDelayingIt() {
        FakeCluster c = cluster(4, Map.of());
        Job a = c.submit(0, new Job(1, 0, 3, 100));
        Job b = c.submit(1, new Job(2, 1, 4, 10));
        c.submit(2, new Job(3, 2, 1, 500));
        Job e = c.submit(3, new Job(4, 3, 1, 50));
        assertEquals(Map.of(1L, 0.0, 4L, 3.0), c.starts, "E backfills; F would delay B");
        c.end(53, e);
        assertEquals(2, c.starts.size(), "F still waits behind B's reservation");
        c.end(100, a);
        assertEquals(100.0, c.starts.get(2L), "B at its reservation");
        c.end(110, b);
        assertEquals(110.0, c.starts.get(3L));
    }

    @Test
    void aBadOptionValueNamesTheOption() {
        InputException e = assertThrows(InputException.class, () -> cluster(4, Map.of("protected", 0)));
        assertTrue(e.getMessage().contains("protected") && e.getMessage().contains("0"), e.getMessage());
    }
}
