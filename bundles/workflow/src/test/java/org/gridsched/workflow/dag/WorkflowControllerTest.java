package org.gridsched.workflow.dag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.SimJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workflow controller on hand-computed schedules, with FCFS clusters. */
class WorkflowControllerTest {
    private static final String DIAMOND = Harness.resource("diamond.json").toString();
    private static final String FORK_JOIN = Harness.resource("forkjoin-3level.json").toString();

    /**
     * Diamond A (10) -> B (20 s, 2 cores), C (30 s, 2 cores) -> D (5): on 4 processors B and C run side by side and the
     * makespan is the critical path, 45; on 3 they take turns: 10 + 20 + 30 + 5 = 65.
     */
    @Test
    void diamond() {
        Harness.Outcome four = Harness.run(Harness.platform(4), List.of(), Harness.options("workflows", DIAMOND));
        assertEquals(45.0, four.overall().get("makespan_max"));
        assertEquals(10, four.task(1, "B").startTime());
        assertEquals(10, four.task(1, "C").startTime());
        assertEquals(40, four.task(1, "D").startTime());
        assertEquals(1.0, four.overall().get("makespan_over_critical_path_mean"));
        Harness.Outcome three = Harness.run(Harness.platform(3), List.of(), Harness.options("workflows", DIAMOND));
        assertEquals(65.0, three.overall().get("makespan_max"));
        assertEquals(30, three.task(1, "C").startTime(), "C waits for B's processors");
        assertEquals(20.0 / 4, three.overall().get("task_wait_mean"), "only C waits, 20 s");
    }

    /**
     * 3-level fork-join on 2 processors. F (10) forks S1, S2 (10) and L (50); L forks M1 (50) and M2 (20); J (5) joins.
     * FIFO runs S1 and S2 first: L 20-70, M1 70-120, J 120-125. Upward rank runs L first (rank 105): L 10-60, M1
     * 60-110, J 110-115, the critical path.
     */
    @Test
    void threeLevelForkJoin() {
        Harness.Outcome fifo = Harness.run(Harness.platform(2), List.of(), Harness.options("workflows", FORK_JOIN));
        assertEquals(125.0, fifo.overall().get("makespan_max"));
        assertEquals(20, fifo.task(1, "L").startTime());
        assertEquals(70, fifo.task(1, "M1").startTime());
        Harness.Outcome rank = Harness.run(Harness.platform(2), List.of(), Harness.options("workflows", FORK_JOIN, "scheduler", "upward-rank"));
        assertEquals(115.0, rank.overall().get("makespan_max"));
        assertEquals(10, rank.task(1, "L").startTime());
        assertEquals(20, rank.task(1, "S2").startTime());
        assertEquals(60, rank.task(1, "M1").startTime());
        assertEquals(115.0, rank.overall().get("critical_path_mean"));
    }

    /** A chain of 1,000 tasks: each is released exactly when its parent ends and starts then on the idle cluster. */
    @Test
    void aChainReleasesEachTaskAtItsParentsEnd(@TempDir Path dir) throws Exception {
        StringBuilder spec = new StringBuilder();
        StringBuilder exec = new StringBuilder();
        double total = 0;
        for (int i = 1; i <= 1000; i++) {
            double runtime = 1 + (i * 37 % 101) / 7.0;
            total += org.gridsched.api.SimTime.of(runtime); // sevenths enter the simulation on its time grid
            spec.append(i > 1 ? "," : "").append("{\"name\":\"t\",\"id\":\"t").append(i).append("\",\"parents\":[")
                    .append(i > 1 ? "\"t" + (i - 1) + "\"" : "").append("],\"children\":[]}");
            exec.append(i > 1 ? "," : "").append("{\"id\":\"t").append(i).append("\",\"runtimeInSeconds\":").append(runtime).append('}');
        }
        Path f = dir.resolve("chain.json");
        Files.writeString(f, "{\"name\":\"chain\",\"schemaVersion\":\"1.5\",\"workflow\":{\"specification\":{\"tasks\":[" + spec
                + "]},\"execution\":{\"makespanInSeconds\":0,\"executedAt\":\"x\",\"tasks\":[" + exec + "]}}}");
        Harness.Outcome o = Harness.run(Harness.platform(1), List.of(), Harness.options("workflows", f.toString(), "first_arrival", 100));
        SimJob previous = null;
        WorkflowInstance chain = o.run().instances.get(0);
        for (int i = 1; i <= 1000; i++) {
            SimJob t = o.task(1, "t" + i);
            double release = previous == null ? 100 : previous.finishTime();
            assertEquals(release, chain.tasks[chain.workflow.index("t" + i)].readyTime, "t" + i + " released at its parent's end");
            assertEquals(release, t.startTime(), "t" + i + " starts then");
            assertEquals(100, t.submitTime(), "a job's submit time stays its workflow's arrival");
            previous = t;
        }
        assertEquals(org.gridsched.api.SimTime.of(total), (Double) o.overall().get("makespan_max"), "exactly the sum of the tasks' durations");
        assertEquals(0.0, o.overall().get("task_wait_max"));
    }

    /**
     * Workflows mixed with a background load routed by the meta-scheduler: two clusters of 4 processors, background
     * jobs on each; workflow tasks go where they complete first and every job ends.
     */
    @Test
    void workflowsShareTheGridWithABackgroundLoad() {
        List<JobRecord> background = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            background.add(new JobRecord().set(i + 1, i * 15, 100, 120, 1 + i % 4));
        }
        Harness.Outcome o = Harness.run(Harness.platform(4, 4), new ListJobSource("bg", background),
                Harness.options("workflows", List.of(DIAMOND, FORK_JOIN), "count", 6, "interarrival", 100, "scheduler", "upward-rank"),
                Map.of(), 3);
        assertEquals(6, o.overall().get("workflows"));
        assertEquals(40 + 3 * 4 + 3 * 7, o.result().simulated());
        assertTrue((Double) o.overall().get("task_wait_mean") > 0, "the background load makes tasks wait");
        assertTrue((Double) o.overall().get("makespan_over_critical_path_mean") > 1);
        long onA = (Long) o.result().cluster(0).get("workflow_tasks");
        long onB = (Long) o.result().cluster(1).get("workflow_tasks");
        assertEquals(33, onA + onB);
        assertTrue(onA > 0 && onB > 0, "both clusters get tasks: " + onA + "/" + onB);
        String csv = o.result().files().get("workflows.csv");
        assertEquals(7, csv.lines().count());
        assertTrue(csv.lines().skip(1).allMatch(l -> l.matches("\\d+,(diamond|forkjoin-3level),.*")), csv);
    }

    /** Poisson arrivals come from the seed: the same seed gives the same run, another seed another. */
    @Test
    void arrivalsAreSeeded() {
        Map<String, Object> o = Harness.options("workflows", DIAMOND, "count", 20, "interarrival", 30);
        String a = Harness.run(Harness.platform(4), new ListJobSource("x", List.of()), o, Map.of(), 5).result().files().get("workflows.csv");
        String b = Harness.run(Harness.platform(4), new ListJobSource("x", List.of()), o, Map.of(), 5).result().files().get("workflows.csv");
        String c = Harness.run(Harness.platform(4), new ListJobSource("x", List.of()), o, Map.of(), 6).result().files().get("workflows.csv");
        assertEquals(a, b);
        assertTrue(!a.equals(c));
        Map<String, Object> fixed = Harness.options("workflows", DIAMOND, "count", 3, "interarrival", 30, "arrival", "fixed");
        Harness.Outcome f = Harness.run(Harness.platform(4), new ListJobSource("x", List.of()), fixed, Map.of(), 5);
        assertEquals(List.of(0.0, 30.0, 60.0), f.run().instances.stream().map(i -> i.arrival).toList());
    }

    /** The WfCommons file of a simulated workflow reads back as the same DAG, with the simulated times. */
    @Test
    void theExecutionSectionDescribesTheSimulation(@TempDir Path dir) throws Exception {
        Harness.Outcome o = Harness.run(Harness.platform(3), new ListJobSource("x", List.of()),
                Harness.options("workflows", DIAMOND, "count", 2, "arrival", "fixed", "interarrival", 1000), Map.of("wfcommons", 1), 1);
        Map<String, String> files = o.result().files();
        assertTrue(files.containsKey("workflow-00001-diamond.json"), files.keySet().toString());
        assertTrue(!files.containsKey("workflow-00002-diamond.json"), "only as many as asked");
        Path f = dir.resolve("sim.json");
        Files.writeString(f, files.get("workflow-00001-diamond.json"));
        Workflow back = WfCommonsReader.read(f);
        assertEquals(4, back.size());
        assertEquals(30, back.runtime(back.index("C")), "simulated runtime");
        assertEquals(45, back.criticalPath(), "the simulated durations along A, C, D");
        String text = files.get("workflow-00001-diamond.json");
        assertTrue(text.contains("\"makespanInSeconds\" : 65.0"), text);
        assertTrue(text.contains("\"executedAt\" : \"1970-01-01T00:00:30Z\""), "C started at 30");
        assertTrue(text.contains("\"machines\" : [ \"a\" ]"));
    }

    @Test
    void badOptionsAreErrors() {
        InputException wide = assertThrows(InputException.class,
                () -> Harness.run(Harness.platform(1), List.of(), Harness.options("workflows", DIAMOND)));
        assertEquals(DIAMOND + ": task 'B': needs 2 cores; the largest cluster has 1", wide.getMessage());
        assertTrue(assertThrows(InputException.class, () -> Harness.run(Harness.platform(4), List.of(), Harness.options("workflows", DIAMOND,
                "scheduler", "heft"))).getMessage().startsWith("scheduler: unknown workflow scheduler 'heft'; available: fifo, upward-rank"));
        assertTrue(assertThrows(InputException.class, () -> Harness.run(Harness.platform(4), List.of(), Harness.options()))
                .getMessage().startsWith("workflows: missing"));
        assertTrue(assertThrows(InputException.class, () -> Harness.run(Harness.platform(4), List.of(), Harness.options("workflows",
                "nowhere.json"))).getMessage().startsWith("workflows: file 'nowhere.json' not found"));
        assertTrue(assertThrows(InputException.class, () -> Harness.run(Harness.platform(4), List.of(), Harness.options("workflows",
                DIAMOND, "walltime_factor", 0.5))).getMessage().startsWith("walltime_factor: must be at least 1"));
        // NaN stopped the run with the engine's error on a timer at t=NaN, which named no option
        for (Object first : List.of("NaN", Double.NaN, -1)) {
            assertTrue(assertThrows(InputException.class, () -> Harness.run(Harness.platform(4), List.of(), Harness.options("workflows",
                    DIAMOND, "first_arrival", first))).getMessage().startsWith("first_arrival: must be a number of seconds of at least 0"),
                    "first_arrival " + first);
        }
        String cyc = Harness.resource("cycle.json").toString();
        assertTrue(assertThrows(InputException.class, () -> Harness.run(Harness.platform(4), List.of(), Harness.options("workflows", cyc)))
                .getMessage().contains("cycle"));
    }
}
