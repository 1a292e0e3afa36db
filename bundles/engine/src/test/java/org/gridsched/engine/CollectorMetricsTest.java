package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.Report;
import org.gridsched.api.workload.JobRecord;
import org.junit.jupiter.api.Test;

/**
 * What a metric collector reports lands in summary.json as it is, or the run fails naming the collector: never a key
 * that replaces the run's own (its settings, its job counts, a cluster's size) or is replaced by them, never a value
 * written as an object's toString (which changes from run to run). A third-party plugin author's audit found both.
 */
class CollectorMetricsTest {

    private static SimulationResult run(Consumer<Report> reporting) {
        Collector c = new Collector() {
            @Override
            public void jobFinished(JobOutcome job) {
            }

            @Override
            public void report(Report report) {
                reporting.accept(report);
            }
        };
        List<JobRecord> jobs = new ArrayList<>();
        jobs.add(new JobRecord().set(1, 0, 5, 5, 1));
        Platform p = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        return new Simulation(p, SimulationTest.Greedy::new, List.of(new Simulation.NamedCollector("mine", c)), new Simulation.Settings())
                .run(new ListJobSource("t", jobs));
    }

    private static String failure(Consumer<Report> reporting) {
        return assertThrows(IllegalStateException.class, () -> ResultWriter.report(run(reporting), Map.of("name", "r"), null).toSummary())
                .getMessage();
    }

    @Test
    void aKeyOfTheSummaryItselfIsRefused() {
        for (String key : List.of("run", "jobs", "clusters", "plugins")) {
            String m = failure(r -> r.overall(key, 1));
            // without the launcher's CollectorSections the values are not attributed: "a metric collector"
            assertTrue(m.startsWith("a metric collector reports '" + key + "', a key summary.json keeps for its own"), m);
        }
        for (String key : List.of("processors", "speed", "jobs")) {
            String m = failure(r -> r.cluster(0, key, 1));
            assertTrue(m.startsWith("a metric collector reports '" + key + "' for cluster c, a key"), m);
        }
    }

    @Test
    void aValueSummaryJsonCannotHoldIsRefused() {
        String m = failure(r -> r.overall("thing", new Object()));
        assertEquals("metric collector 'mine' reports 'thing' as a java.lang.Object; a metric is a number, text, boolean,"
                + " or a list or map of those", m);
        m = failure(r -> r.cluster(0, "nested", Map.of("a", List.of(1, new StringBuilder("ok"), Thread.currentThread()))));
        assertTrue(m.contains("reports 'nested' as a java.lang.Thread"), m);
        m = failure(r -> r.overall(" ", 1));
        assertEquals("metric collector 'mine' reports a metric without a name", m);
    }

    @Test
    void numbersTextListsAndMapsAreWrittenAsTheyAre() {
        Map<String, Object> s = ResultWriter.report(run(r -> {
            r.overall("mean", 2.5);
            r.overall("labels", List.of("a", "b"));
            r.cluster(0, "by_user", Map.of("1", 3L));
        }), Map.of("name", "r"), null).toSummary();
        assertEquals(2.5, s.get("mean"));
        assertEquals(List.of("a", "b"), s.get("labels"));
        assertEquals(Map.of("1", 3L), ((Map<?, ?>) ((Map<?, ?>) s.get("clusters")).get("c")).get("by_user"));
        assertEquals(Map.of("name", "r"), s.get("run"));
    }

    @Test
    void aMetaSchedulerWithoutARouterIsAnError() {
        Simulation.Settings settings = new Simulation.Settings();
        settings.router = grid -> null;
        Platform p = new Platform(List.of(new ClusterSpec("a", 4, 1.0), new ClusterSpec("b", 4, 1.0)));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new Simulation(p, SimulationTest.Greedy::new, List.of(), settings));
        assertEquals("the meta-scheduler gave no router", e.getMessage());
    }
}
