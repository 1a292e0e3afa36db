package org.example.gridsched.shortestqueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.JobRequest;
import org.gridsched.api.grid.Router;
import org.junit.jupiter.api.Test;

/** Plain unit tests: no OSGi framework, just the plugin against a hand-written grid. */
class ShortestQueueBrokerTest {

    /** A grid whose cluster states the test sets directly. */
    static final class FakeGrid implements Grid {
        record State(String name, int processors, int free, int waiting) {
        }

        final List<State> clusters = new ArrayList<>();

        FakeGrid cluster(String name, int processors, int free, int waiting) {
            clusters.add(new State(name, processors, free, waiting));
            return this;
        }

        @Override
        public double now() {
            return 0;
        }

        @Override
        public int clusterCount() {
            return clusters.size();
        }

        @Override
        public String clusterName(int cluster) {
            return clusters.get(cluster).name();
        }

        @Override
        public int processors(int cluster) {
            return clusters.get(cluster).processors();
        }

        @Override
        public double speed(int cluster) {
            return 1.0;
        }

        @Override
        public int freeProcessors(int cluster) {
            return clusters.get(cluster).free();
        }

        @Override
        public int waitingJobs(int cluster) {
            return clusters.get(cluster).waiting();
        }

        @Override
        public double estimateCompletion(int cluster, JobRequest job) {
            throw new AssertionError("shortest-queue must not need completion estimates");
        }
    }

    record Job(long id, double submitTime, int processors, double requestedTime) implements JobRequest {
    }

    private static Job job(int processors) {
        return new Job(1, 0, processors, 100);
    }

    private static Router router(Grid grid, Map<String, ?> options) {
        return new ShortestQueueBroker().create(grid, new PluginOptions("meta-scheduler 'shortest-queue'", options), 42);
    }

    @Test
    void describesItself() {
        ShortestQueueBroker broker = new ShortestQueueBroker();
        assertEquals("shortest-queue", broker.name());
        assertEquals(List.of("per-processor"), broker.parameters().stream().map(Parameter::name).toList());
        assertEquals("true", broker.parameters().get(0).defaultValue());
    }

    @Test
    void picksTheShortestQueue() {
        FakeGrid grid = new FakeGrid()
                .cluster("a", 8, 0, 5)
                .cluster("b", 8, 0, 2)
                .cluster("c", 8, 0, 7);
        assertEquals(1, router(grid, Map.of()).route(job(1)));
        assertEquals(1, router(grid, Map.of("per-processor", false)).route(job(1)));
    }

    @Test
    void followsTheQueuesAsTheyChange() {
        FakeGrid grid = new FakeGrid()
                .cluster("a", 8, 0, 1)
                .cluster("b", 8, 0, 3);
        Router r = router(grid, Map.of());
        assertEquals(0, r.route(job(1)));
        grid.clusters.set(0, new FakeGrid.State("a", 8, 0, 4));
        assertEquals(1, r.route(job(1)), "the router must read the grid at each job, not cache it");
    }

    @Test
    void perProcessorNormalisationFavoursTheLargeCluster() {
        // 10 jobs on 64 processors (0.16 per processor) against 4 jobs on 8 processors (0.5 per processor).
        FakeGrid grid = new FakeGrid()
                .cluster("big", 64, 0, 10)
                .cluster("small", 8, 0, 4);
        assertEquals(0, router(grid, Map.of()).route(job(1)), "per-processor is the default");
        assertEquals(0, router(grid, Map.of("per-processor", true)).route(job(1)));
        assertEquals(1, router(grid, Map.of("per-processor", false)).route(job(1)), "raw counts: 4 < 10");
        assertEquals(1, router(grid, Map.of("per-processor", "false")).route(job(1)), "text booleans are accepted");
    }

    @Test
    void neverChoosesAClusterTooSmallForTheJob() {
        FakeGrid grid = new FakeGrid()
                .cluster("tiny", 4, 4, 0)
                .cluster("wide", 16, 0, 9)
                .cluster("mid", 7, 7, 0);
        assertEquals(1, router(grid, Map.of()).route(job(8)));
        assertEquals(1, router(grid, Map.of("per-processor", false)).route(job(8)));
        assertEquals(2, router(grid, Map.of()).route(job(4)), "once the job fits, the empty queues win (mid: more free)");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> router(grid, Map.of()).route(job(17)));
        assertTrue(e.getMessage().contains("17"), e.getMessage());
    }

    @Test
    void tiesGoToTheMostFreeProcessorsThenTheFirstListed() {
        FakeGrid grid = new FakeGrid()
                .cluster("a", 8, 1, 2)
                .cluster("b", 8, 5, 2)
                .cluster("c", 8, 5, 2)
                .cluster("d", 8, 8, 3);
        assertEquals(1, router(grid, Map.of()).route(job(1)), "b and c tie on queue and free processors; b is listed first");

        FakeGrid full = new FakeGrid()
                .cluster("a", 8, 0, 0)
                .cluster("b", 8, 0, 0);
        assertEquals(0, router(full, Map.of()).route(job(1)));
    }

    @Test
    void equalRatiosAreATieEvenWhenTheCountsDiffer() {
        // 2/4 and 1/2 are the same load per processor: the tie-break (free processors) decides.
        FakeGrid grid = new FakeGrid()
                .cluster("four", 4, 0, 2)
                .cluster("two", 2, 2, 1);
        assertEquals(1, router(grid, Map.of()).route(job(1)));
        // Now the tie-break favours "four" while raw counts still favour "two".
        FakeGrid grid2 = new FakeGrid()
                .cluster("four", 4, 3, 2)
                .cluster("two", 2, 0, 1);
        assertEquals(0, router(grid2, Map.of()).route(job(1)), "tie on 0.5 per processor, four has more free");
        assertEquals(1, router(grid2, Map.of("per-processor", false)).route(job(1)), "raw counts: 1 < 2");
    }

    @Test
    void aBadOptionValueNamesTheOption() {
        FakeGrid grid = new FakeGrid().cluster("a", 8, 8, 0);
        InputException e = assertThrows(InputException.class, () -> router(grid, Map.of("per-processor", "maybe")));
        assertEquals("per-processor", e.field());
        assertTrue(e.getMessage().contains("per-processor") && e.getMessage().contains("maybe"), e.getMessage());
    }
}
