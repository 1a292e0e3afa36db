package org.gridsched.workflow.dag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.workload.JobRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files moved between clusters over declared links: hand-computed schedules and the errors of bad input. */
class DataMovementTest {
    /** A (10 s) writes x (1 GB) for B (20 s), which writes y (2 GB) for C (5 s); A also reads a 5 GB workflow input. */
    private static final String CHAIN = """
            {"name": "chain", "schemaVersion": "1.5", "workflow": {
              "specification": {
                "tasks": [
                  {"name": "A", "id": "A", "parents": [], "children": ["B"], "inputFiles": ["in"], "outputFiles": ["x"]},
                  {"name": "B", "id": "B", "parents": ["A"], "children": ["C"], "inputFiles": ["x"], "outputFiles": ["y"]},
                  {"name": "C", "id": "C", "parents": ["B"], "children": [], "inputFiles": ["y"], "outputFiles": []}],
                "files": [{"id": "in", "sizeInBytes": 5e9}, {"id": "x", "sizeInBytes": 1e9}, {"id": "y", "sizeInBytes": 2e9}]},
              "execution": {"makespanInSeconds": 0, "executedAt": "x", "tasks": [
                {"id": "A", "runtimeInSeconds": 10}, {"id": "B", "runtimeInSeconds": 20}, {"id": "C", "runtimeInSeconds": 5}]}}}
            """;
    /** a and b, 100 MB/s and 0.5 s both ways. */
    private static final List<Map<String, Object>> LINK = List.of(Map.of("from", "a", "to", "b", "bandwidth", 1e8, "latency", 0.5));

    private static String write(Path dir, String name, String json) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, json);
        return f.toString();
    }

    /** Background job 2 (routed to cluster a by its even id) arrives at 5 and holds a's one processor over [10, 105). */
    private static List<JobRecord> busyA() {
        return List.of(new JobRecord().set(2, 5, 95, 95, 1));
    }

    /**
     * Two clusters of 1 processor. A runs 0-10 on a (tie: the first cluster); its workflow input is not staged. At 10 a
     * is taken by the background job until 105, so B completes first on b although x must cross the link: 1e9 / 1e8 +
     * 0.5 = 10.5 s, estimate 10 + 10.5 + 20 = 40.5 against 125 on a. B is submitted to b at 20.5 and runs 20.5-40.5;
     * C reads y where it was written: 40.5-45.5, no transfer. Makespan 45.5 = critical path 35 + the transfer.
     */
    @Test
    void aTwoClusterChainWaitsForItsInputToCrossTheLink(@TempDir Path dir) throws Exception {
        String f = write(dir, "chain.json", CHAIN);
        Harness.Outcome o = Harness.run(Harness.platform(1, 1).withLinks(LINK), busyA(), Harness.options("workflows", f));
        assertEquals(0, o.task(1, "A").startTime());
        assertEquals(0, o.task(1, "A").cluster());
        assertEquals(1, o.task(1, "B").cluster());
        assertEquals(20.5, o.task(1, "B").startTime());
        assertEquals(1, o.task(1, "C").cluster());
        assertEquals(40.5, o.task(1, "C").startTime());
        assertEquals(45.5, o.overall().get("makespan_max"));
        assertEquals(35.0, o.overall().get("critical_path_mean"));
        assertEquals(45.5 / 35, o.overall().get("makespan_over_critical_path_mean"));
        assertEquals(1L, o.overall().get("transfer_tasks"));
        assertEquals(10.5, o.overall().get("transfer_time_max"));
        assertEquals(0.0, o.overall().get("task_wait_max"), "the transfer is not counted as a wait in a queue");
        String csv = (String) o.result().files().get("workflows.csv");
        assertTrue(csv.startsWith("workflow,name,arrival,first_start,last_end,makespan,critical_path,makespan_over_critical_path,tasks,"
                + "mean_task_wait,max_task_wait,clusters,transfer_tasks,max_transfer\n1,chain,0,0,45.5,45.5,35,"), csv);
        assertTrue(csv.endsWith(",a;b,1,10.5\n"), csv);
        // B's job arrived (was released) at 10, its parent's end: jobs.csv's dependency check holds, 20.5 >= 10
        assertEquals(0, o.task(1, "B").submitTime());
    }

    /** The same run without links: moving x is free, B starts on b at 10 and the makespan is the critical path. */
    @Test
    void withoutLinksTransfersAreFree(@TempDir Path dir) throws Exception {
        String f = write(dir, "chain.json", CHAIN);
        Harness.Outcome o = Harness.run(Harness.platform(1, 1), busyA(), Harness.options("workflows", f));
        assertEquals(1, o.task(1, "B").cluster());
        assertEquals(10, o.task(1, "B").startTime());
        assertEquals(35.0, o.overall().get("makespan_max"));
        assertEquals(null, o.overall().get("transfer_tasks"));
        assertTrue(((String) o.result().files().get("workflows.csv")).startsWith(
                "workflow,name,arrival,first_start,last_end,makespan,critical_path,makespan_over_critical_path,tasks,mean_task_wait,"
                        + "max_task_wait,clusters\n"));
    }

    /**
     * A slow link (1 MB/s: x takes 1000 s) makes b's estimate 10 + 1000.5 + 20 = 1030.5, worse than waiting on a
     * (105 + 20 = 125): MCT counts the transfer and keeps B on a, where it starts at 105. A one-way link from b to a
     * does not serve a to b: declared "symmetric": false, b is reached for free again.
     */
    @Test
    void placementCountsTheTransferAndOneWayLinksServeOneDirection(@TempDir Path dir) throws Exception {
        String f = write(dir, "chain.json", CHAIN);
        Harness.Outcome slow = Harness.run(Harness.platform(1, 1).withLinks(List.of(Map.of("from", "a", "to", "b", "bandwidth", 1e6, "latency", 0.5))), busyA(), Harness.options("workflows", f));
        assertEquals(0, slow.task(1, "B").cluster());
        assertEquals(105, slow.task(1, "B").startTime());
        assertEquals(130.0, slow.overall().get("makespan_max"));
        Harness.Outcome oneWay = Harness.run(Harness.platform(1, 1).withLinks(List.of(Map.of("from", "b", "to", "a", "bandwidth", 1e6, "symmetric", false))), busyA(), Harness.options("workflows", f));
        assertEquals(1, oneWay.task(1, "B").cluster());
        assertEquals(10, oneWay.task(1, "B").startTime());
    }

    /**
     * A join reads two files from two clusters; it waits for the slower: P1 (on a) writes 1 GB, P2 (on b) 3 GB, J on
     * the third cluster c waits max(1e9 / 1e8 + 0.5, 3e9 / 1e9 + 2) = max(10.5, 5) = 10.5 s after P2's end.
     */
    @Test
    void aJoinWaitsForItsSlowestInput(@TempDir Path dir) throws Exception {
        String f = write(dir, "join.json", """
                {"name": "join", "schemaVersion": "1.5", "workflow": {
                  "specification": {
                    "tasks": [
                      {"name": "P1", "id": "P1", "parents": [], "children": ["J"], "outputFiles": ["p1"]},
                      {"name": "P2", "id": "P2", "parents": [], "children": ["J"], "outputFiles": ["p2"]},
                      {"name": "J", "id": "J", "parents": ["P1", "P2"], "children": [], "inputFiles": ["p1", "p2"], "outputFiles": []}],
                    "files": [{"id": "p1", "sizeInBytes": 1e9}, {"id": "p2", "sizeInBytes": 3e9}]},
                  "execution": {"makespanInSeconds": 0, "executedAt": "x", "tasks": [
                    {"id": "P1", "runtimeInSeconds": 10}, {"id": "P2", "runtimeInSeconds": 12}, {"id": "J", "runtimeInSeconds": 1}]}}}
                """);
        // c is the only cluster with 2 processors; J needs 2 cores, so it goes to c; P1, P2 (1 core) tie to a, then b
        String two = f.replace("join.json", "join2.json");
        Files.writeString(Path.of(two), Files.readString(Path.of(f)).replace("{\"id\": \"J\", \"runtimeInSeconds\": 1}",
                "{\"id\": \"J\", \"runtimeInSeconds\": 1, \"coreCount\": 2}"));
        Harness.Outcome o = Harness.run(Harness.platform(1, 1, 2).withLinks(List.of(
                Map.of("from", "a", "to", "c", "bandwidth", 1e8, "latency", 0.5),
                Map.of("from", "b", "to", "c", "bandwidth", 1e9, "latency", 2))), List.of(), Harness.options("workflows", two));
        assertEquals(0, o.task(1, "P1").cluster());
        assertEquals(1, o.task(1, "P2").cluster());
        assertEquals(2, o.task(1, "J").cluster());
        assertEquals(12 + 10.5, o.task(1, "J").startTime());
    }

    /**
     * HEFT's rank with communications: with 2 clusters the mean over the 4 ordered pairs is 1/bandwidth × 2/4 and
     * latency × 2/4 (a pair of the same cluster moves for free): C 5; B 20 + (2e9 × 5e-9 + 0.25) + 5 = 35.25; A 10 +
     * (1e9 × 5e-9 + 0.25) + 35.25 = 50.5. Without links, runtimes only: 35, 25, 5.
     */
    @Test
    void upwardRanksAddMeanTransferTimes(@TempDir Path dir) throws Exception {
        String f = write(dir, "chain.json", CHAIN);
        Harness.Outcome o = Harness.run(Harness.platform(1, 1).withLinks(LINK), List.of(), Harness.options("workflows", f));
        Workflow w = o.run().instances.get(0).workflow;
        assertEquals(50.5, o.run().upwardRank(w, w.index("A")), 1e-12);
        assertEquals(35.25, o.run().upwardRank(w, w.index("B")), 1e-12);
        assertEquals(5, o.run().upwardRank(w, w.index("C")));
        Harness.Outcome free = Harness.run(Harness.platform(1, 1), List.of(), Harness.options("workflows", f));
        assertEquals(35, free.run().upwardRank(w, w.index("A")));
    }

    @Test
    void badLinksAreErrorsNamingTheKey(@TempDir Path dir) throws Exception {
        String f = write(dir, "chain.json", CHAIN);
        String unknown = error(f, List.of(Map.of("from", "a", "to", "z", "bandwidth", 1e8)));
        assertTrue(unknown.contains("links[0].to: unknown cluster 'z'; the platform's clusters: a, b"), unknown);
        assertTrue(error(f, List.of(Map.of("from", "a", "to", "b", "bandwidth", 0))).contains("links[0].bandwidth: must be a positive number"));
        assertTrue(error(f, List.of(Map.of("from", "a", "to", "b", "bandwidth", -5))).contains("links[0].bandwidth: must be a positive number"));
        assertTrue(error(f, List.of(Map.of("from", "a", "to", "b"))).contains("links[0].bandwidth: missing"));
        assertTrue(error(f, List.of(Map.of("from", "a", "to", "b", "bandwidth", 1, "latency", -1))).contains("links[0].latency: must be"));
        assertTrue(error(f, List.of(Map.of("from", "a", "to", "b", "bandwidth", 1, "speed", 3))).contains("links[0].speed: unknown key"));
        String twice = error(f, List.of(Map.of("from", "a", "to", "b", "bandwidth", 1), Map.of("from", "b", "to", "a", "bandwidth", 2)));
        assertTrue(twice.contains("links[1]: a second link from 'b' to 'a'"), twice);
        assertTrue(error(f, "fast").contains("links: expected a list of links"));
    }

    private static String error(String f, Object links) {
        return assertThrows(InputException.class, () -> Harness.run(Harness.platform(1, 1).withLinks(links), List.of(),
                Harness.options("workflows", f))).getMessage();
    }

    @Test
    void badFilesAreErrorsNamingFileTaskAndKey() {
        String unknown = readError(CHAIN.replace("\"inputFiles\": [\"x\"]", "\"inputFiles\": [\"q\"]"));
        assertTrue(unknown.contains("w.json: workflow.specification.tasks[1].inputFiles: unknown file 'q' of task 'B'"), unknown);
        String negative = readError(CHAIN.replace("\"sizeInBytes\": 1e9", "\"sizeInBytes\": -1"));
        assertTrue(negative.contains("workflow.specification.files[1].sizeInBytes: expected a non-negative number of bytes, got -1"), negative);
        String twice = readError(CHAIN.replace("\"outputFiles\": []}]", "\"outputFiles\": [\"x\"]}]"));
        assertTrue(twice.contains("file 'x' is produced by both task 'A' and task 'C'"), twice);
        // C reads x, written by A, its grandparent: fine; B reading y, which its child C writes, is not
        String later = readError(CHAIN.replace("\"inputFiles\": [\"x\"], \"outputFiles\": [\"y\"]", "\"inputFiles\": [\"z\"], \"outputFiles\": []")
                .replace("\"inputFiles\": [\"y\"], \"outputFiles\": []", "\"inputFiles\": [], \"outputFiles\": [\"z\"]")
                .replace("{\"id\": \"y\", \"sizeInBytes\": 2e9}", "{\"id\": \"z\", \"sizeInBytes\": 2e9}"));
        assertTrue(later.contains("tasks[1].inputFiles: input file 'z' of task 'B' is produced by task 'C', which is not one of its ancestors"), later);
        Workflow grand = WfCommonsReader.parse(CHAIN.replace("\"inputFiles\": [\"y\"]", "\"inputFiles\": [\"y\", \"x\"]"), "w.json");
        assertEquals(List.of(0, 1), java.util.Arrays.stream(grand.dataFrom(2)).boxed().toList());
        assertEquals(List.of(1e9, 2e9), java.util.Arrays.stream(grand.dataBytes(2)).boxed().toList());
    }

    /** Schema 1.4: a task's files[] with link, name and sizeInBytes. */
    @Test
    void schema14FilesAreRead() {
        Workflow w = WfCommonsReader.parse("""
                {"name": "w", "schemaVersion": "1.4", "workflow": {"tasks": [
                  {"name": "A", "runtimeInSeconds": 1, "parents": [], "children": ["B"],
                   "files": [{"link": "output", "name": "x", "sizeInBytes": 300}, {"link": "output", "name": "x2", "sizeInBytes": 500}]},
                  {"name": "B", "runtimeInSeconds": 1, "parents": ["A"], "children": [],
                   "files": [{"link": "input", "name": "x", "sizeInBytes": 300}, {"link": "input", "name": "x2", "sizeInBytes": 500}]}]}}
                """, "w.json");
        assertEquals(0, w.dataFrom(1)[0]);
        assertEquals(500.0, w.dataBytes(1)[0]);
        assertTrue(readError("""
                {"name": "w", "schemaVersion": "1.4", "workflow": {"tasks": [
                  {"name": "A", "runtimeInSeconds": 1, "files": [{"link": "both", "name": "x", "sizeInBytes": 3}]}]}}
                """).contains("workflow.tasks[0].files[0].link: expected input or output, got 'both'"));
    }

    private static String readError(String json) {
        return assertThrows(InputException.class, () -> WfCommonsReader.parse(json, "w.json")).getMessage();
    }
}
