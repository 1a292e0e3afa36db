package org.gridsched.workflow.dag;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.gridsched.api.InputException;
import org.junit.jupiter.api.Test;

/** Reading WfCommons instances, 1.5 and 1.4, and the errors bad ones give. */
class WfCommonsReaderTest {

    @Test
    void readsSchemaOnePointFive() {
        Workflow w = WfCommonsReader.read(Harness.resource("diamond.json"));
        assertEquals("diamond", w.name());
        assertEquals(4, w.size());
        int a = w.index("A");
        int d = w.index("D");
        assertEquals(0, a);
        assertEquals(3, d);
        assertEquals(2, w.cores(w.index("B")));
        assertEquals(30, w.runtime(w.index("C")));
        assertArrayEquals(new int[] {w.index("B"), w.index("C")}, w.parents(d));
        assertEquals(45, w.criticalPath());
        assertEquals(45, w.upwardRank(a));
        assertEquals(35, w.upwardRank(w.index("C")));
    }

    /** Dependencies named only on one side (parents here) count; tasks listed before their parents are reordered. */
    @Test
    void readsParentsOnlyAndReordersTopologically() {
        Workflow w = WfCommonsReader.read(Harness.resource("forkjoin-3level.json"));
        assertEquals(115, w.criticalPath());
        for (int t = 0; t < w.size(); t++) {
            for (int p : w.parents(t)) {
                assertTrue(p < t);
            }
        }
        Workflow real = WfCommonsReader.read(Harness.shipped("helloworld-forkjoin-10-chameleon.json"));
        assertEquals(10, real.size());
        assertEquals("cpuhog_forkjoin_00000010", real.id(9), "the join, listed third in the file, comes last");
        assertEquals(8, real.parents(9).length);
        Workflow genome = WfCommonsReader.read(Harness.shipped("1000genome-chameleon-2ch-100k-001.json"));
        assertEquals(52, genome.size());
        assertEquals(50, WfCommonsReader.read(Harness.shipped("synthetic-layered-50.json")).size());
    }

    /** 1.4: tasks under workflow.tasks, parents by name, cores (fractional cores round up). */
    @Test
    void readsSchemaOnePointFour() {
        Workflow w = WfCommonsReader.read(Harness.resource("diamond-1.4.json"));
        assertEquals(4, w.size());
        assertEquals(45, w.criticalPath());
        assertEquals(2, w.cores(w.index("ID02")));
        assertEquals(2, w.parents(w.index("ID04")).length);
    }

    @Test
    void aCycleIsAnErrorListingItsTasks() {
        Path f = Harness.resource("cycle.json");
        InputException e = assertThrows(InputException.class, () -> WfCommonsReader.read(f));
        assertEquals(f + ": workflow: the dependencies have a cycle: 'Y' -> 'Z' -> 'W' -> 'Y'", e.getMessage());
    }

    @Test
    void anUnknownParentIsAnErrorNamingTaskAndParent() {
        Path f = Harness.resource("unknown-parent.json");
        InputException e = assertThrows(InputException.class, () -> WfCommonsReader.read(f));
        assertEquals(f + ": workflow.specification.tasks[1].parents: unknown parent 'Q' of task 'Y'", e.getMessage());
    }

    @Test
    void aMissingRuntimeIsAnErrorNamingTheTask() {
        Path f = Harness.resource("missing-runtime.json");
        InputException e = assertThrows(InputException.class, () -> WfCommonsReader.read(f));
        assertEquals(f + ": workflow.execution.tasks (task 'Y').runtimeInSeconds: missing runtime", e.getMessage());
    }

    @Test
    void otherBadInput() {
        assertEquals("x.json: task id 'A' is used twice", message("{\"name\":\"n\",\"workflow\":{\"specification\":{\"tasks\":["
                + "{\"id\":\"A\",\"name\":\"a\"},{\"id\":\"A\",\"name\":\"b\"}]},\"execution\":{\"tasks\":[{\"id\":\"A\",\"runtimeInSeconds\":1}]}}}")
                .replace("workflow.specification.tasks[1].id: ", ""));
        assertEquals("x.json: workflow.execution.tasks: no execution entry (runtimeInSeconds) for task 'B'",
                message("{\"workflow\":{\"specification\":{\"tasks\":[{\"id\":\"A\",\"name\":\"a\"},{\"id\":\"B\",\"name\":\"b\"}]},"
                        + "\"execution\":{\"tasks\":[{\"id\":\"A\",\"runtimeInSeconds\":1}]}}}"));
        assertEquals("x.json: workflow.execution.tasks: missing: the runtimes of the tasks are needed",
                message("{\"workflow\":{\"specification\":{\"tasks\":[{\"id\":\"A\",\"name\":\"a\"}]}}}"));
        assertEquals("x.json: workflow.execution.tasks (task 'A').runtimeInSeconds: must be a non-negative number of seconds, got -1",
                message("{\"workflow\":{\"specification\":{\"tasks\":[{\"id\":\"A\",\"name\":\"a\"}]},\"execution\":{\"tasks\":[{\"id\":\"A\",\"runtimeInSeconds\":-1}]}}}"));
        assertEquals("x.json: workflow: missing (not a WfCommons instance?)", message("{\"name\": 1}"));
        assertTrue(message("{\"workflow\": ").startsWith("x.json:1: not valid JSON"));
        assertTrue(message("{\"workflow\":{\"tasks\":[{\"name\":\"a\",\"parents\":[\"zz\"],\"runtimeInSeconds\":1}]}}")
                .endsWith("unknown parent 'zz' of task 'a'"));
    }

    /**
     * A second execution entry of a task replaced its runtime without a word, an entry of no task was ignored, an object
     * as a parent was "unknown parent ''", and 3e9 cores were 2147483647: each is now an error naming the field.
     */
    @Test
    void executionEntriesMustMatchTheTasksOneToOne() {
        String spec = "{\"schemaVersion\":\"1.6\",\"workflow\":{\"specification\":{\"tasks\":[{\"id\":\"A\",\"name\":\"a\"},"
                + "{\"id\":\"B\",\"name\":\"b\",\"parents\":%s}]},\"execution\":{\"tasks\":[{\"id\":\"A\",\"runtimeInSeconds\":1},"
                + "{\"id\":\"B\",\"runtimeInSeconds\":2%s}%s]}}}";
        assertEquals(2, WfCommonsReader.parse(String.format(spec, "[\"A\"]", "", ""), "x.json").size()); // schema 1.6: as 1.5
        assertEquals("x.json: workflow.execution.tasks[2].id: task 'B' has a second execution entry",
                message(String.format(spec, "[\"A\"]", "", ",{\"id\":\"B\",\"runtimeInSeconds\":999}")));
        assertEquals("x.json: workflow.execution.tasks[2].id: no task 'Z' in workflow.specification.tasks",
                message(String.format(spec, "[\"A\"]", "", ",{\"id\":\"Z\",\"runtimeInSeconds\":999}")));
        assertEquals("x.json: workflow.specification.tasks[1].parents: expected task ids, got {\"id\":\"A\"}",
                message(String.format(spec, "[{\"id\":\"A\"}]", "", "")));
        assertTrue(message(String.format(spec, "[\"A\"]", ",\"coreCount\":3e9", ""))
                .startsWith("x.json: workflow.execution.tasks (task 'B').coreCount: expected a positive number of cores, at most"));
    }

    /** A byte order mark was "not valid JSON: Unexpected character", gzip and Latin-1 files "Input length = 1". */
    @Test
    void aByteOrderMarkAndGzipAreRead(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        byte[] json = java.nio.file.Files.readAllBytes(Harness.resource("diamond.json"));
        Path bom = dir.resolve("bom.json");
        java.nio.file.Files.write(bom, concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, json));
        int tasks = WfCommonsReader.read(Harness.resource("diamond.json")).size();
        assertEquals(tasks, WfCommonsReader.read(bom).size());
        Path gz = dir.resolve("gz.json");
        try (java.io.OutputStream o = new java.util.zip.GZIPOutputStream(java.nio.file.Files.newOutputStream(gz))) {
            o.write(json);
        }
        assertEquals(tasks, WfCommonsReader.read(gz).size());
        Path latin1 = dir.resolve("latin1.json");
        java.nio.file.Files.write(latin1, concat(json, new byte[] {' ', (byte) 0xE9}));
        assertEquals(latin1 + ": not UTF-8 text (a WfCommons instance is a JSON file)",
                assertThrows(InputException.class, () -> WfCommonsReader.read(latin1)).getMessage());
        Path cut = dir.resolve("cut.json");
        java.nio.file.Files.write(cut, java.util.Arrays.copyOf(java.nio.file.Files.readAllBytes(gz), 20));
        assertTrue(assertThrows(InputException.class, () -> WfCommonsReader.read(cut)).getMessage()
                .startsWith(cut + ": corrupt or truncated gzip data"));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static String message(String json) {
        return assertThrows(InputException.class, () -> WfCommonsReader.parse(json, "x.json")).getMessage();
    }
}
