package org.gridsched.workflow.dag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gridsched.api.InputException;
import org.gridsched.workflow.oa.Benchmarks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24: names that cannot name result files and times beyond the 1e10 s every job is held to are refused when
 * the workflow is read, before anything is simulated, naming file and field.
 */
class WorkflowInputLimitsTest {

    /** A one-task 1.5 instance; {@code name} is raw JSON (null: no name key). */
    private static String instance(String name, String runtime) {
        return "{" + (name == null ? "" : "\"name\":" + name + ",") + "\"workflow\":{\"specification\":{\"tasks\":["
                + "{\"id\":\"A\",\"name\":\"a\"}]},\"execution\":{\"tasks\":[{\"id\":\"A\",\"runtimeInSeconds\":" + runtime + "}]}}}";
    }

    private static InputException error(String json, String source) {
        return assertThrows(InputException.class, () -> WfCommonsReader.parse(json, source));
    }

    /** A 5,000-character name failed only after the whole run ("File name too long"), losing the results. */
    @Test
    void aNameTooLongForAFileNameIsRefusedWhenRead() {
        InputException e = error(instance("\"" + "w".repeat(5000) + "\"", "1"), "x.json");
        assertEquals("x.json", e.source());
        assertEquals("name", e.field());
        assertTrue(e.getMessage().contains("5000 characters") && e.getMessage().contains("at most 200"), e.getMessage());
        assertEquals("w".repeat(200), WfCommonsReader.parse(instance("\"" + "w".repeat(200) + "\"", "1"), "x.json").name());
    }

    /** The longest name accepted still makes a file name most file systems take (255 bytes). */
    @Test
    void theLongestNameGivesAUsableFileName() {
        Workflow w = WfCommonsReader.parse(instance("\"" + "é".repeat(WorkflowName.MAX_LENGTH) + "\"", "1"), "x.json");
        String file = WfCommonsWriter.fileName(new WorkflowInstance(null, 1_000_000_000, w, 0));
        assertTrue(file.getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= 255, file);
    }

    /** Without a name the file's name is used: the same limit applies, and the message says where it came from. */
    @Test
    void aLongFileNameWithoutANameKeyIsRefusedToo() {
        InputException e = error(instance(null, "1"), "/tmp/" + "f".repeat(240) + ".json");
        assertTrue(e.field().startsWith("name (none given"), e.getMessage());
    }

    @Test
    void controlCharactersEmptyAndNonStringNamesAreRefused() {
        assertTrue(error(instance("\"a\\nb\"", "1"), "x.json").getMessage().contains("U+000A at position 2"));
        assertTrue(error(instance("\"\\u001b[2J\"", "1"), "x.json").getMessage().contains("U+001B"));
        assertEquals("name", error(instance("\"  \"", "1"), "x.json").field());
        assertTrue(error(instance("{\"a\":1}", "1"), "x.json").getMessage().contains("expected a string"));
    }

    /** A 1e17 s task gave wrong times that validate called valid; now it is refused like an SWF or GWF job. */
    @Test
    void aTaskRuntimeBeyondTheJobTimeLimitIsRefused() {
        InputException e = error(instance("\"n\"", "1e17"), "x.json");
        assertEquals("workflow.execution.tasks (task 'A').runtimeInSeconds", e.field());
        assertTrue(e.getMessage().contains("at most 10000000000 s") && e.getMessage().contains("1.0E17"), e.getMessage());
        InputException v14 = error("{\"workflow\":{\"tasks\":[{\"name\":\"a\",\"runtimeInSeconds\":2e10}]}}", "x.json");
        assertEquals("workflow.tasks[0] (task 'a').runtimeInSeconds", v14.field());
        assertEquals(1e10, WfCommonsReader.parse(instance("\"n\"", "1e10"), "x.json").runtime(0), "the limit itself is allowed");
    }

    /** runtime_scale and walltime_factor can push a task past the limit: refused before the run, naming the task. */
    @Test
    void scaledTimesAndTimeOptionsBeyondTheLimitAreRefusedBeforeTheRun(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("w.json");
        Files.writeString(f, instance("\"n\"", "1e9"));
        InputException scaled = assertThrows(InputException.class, () -> Harness.run(Harness.platform(1), List.of(),
                Harness.options("workflows", f.toString(), "runtime_scale", 100)));
        assertEquals(f.toString(), scaled.source());
        assertEquals("task 'A'", scaled.field());
        InputException wall = assertThrows(InputException.class, () -> Harness.run(Harness.platform(1), List.of(),
                Harness.options("workflows", f.toString(), "walltime_factor", 11)));
        assertTrue(wall.getMessage().contains("requested time"), wall.getMessage());
        for (String key : List.of("first_arrival", "interarrival", "min_runtime")) {
            InputException e = assertThrows(InputException.class, () -> Harness.run(Harness.platform(1), List.of(),
                    Harness.options("workflows", f.toString(), key, 1e17)));
            assertEquals(key, e.field(), e.getMessage());
        }
        // each gap within the limit, but the arrivals beyond it: 10,000 workflows every 1e10 s arrived until 1e14 s
        InputException far = assertThrows(InputException.class, () -> Harness.run(Harness.platform(1), List.of(),
                Harness.options("workflows", f.toString(), "count", 10_000, "interarrival", 1e10, "arrival", "fixed")));
        assertEquals("interarrival", far.field(), far.getMessage());
        assertTrue(far.getMessage().contains("would arrive until about 1.00e+14 s"), far.getMessage());
    }

    /** Ocean-Atmosphere benchmark times (after time_factor) are held to the same limit, naming the field. */
    @Test
    void oceanAtmosphereBenchmarkTimesBeyondTheLimitAreRefused() {
        String main = "\"main\":{\"4\":800,\"5\":700,\"6\":600,\"7\":500,\"8\":400,\"9\":300,\"10\":200,\"11\":100}";
        String table = "{\"tables\":{\"t\":{" + main + ",\"post\":10}},\"clusters\":{\"c\":";
        InputException post = assertThrows(InputException.class,
                () -> Benchmarks.parse("{\"clusters\":{\"c\":{" + main + ",\"post\":1e17}}}", "b.json"));
        assertEquals("clusters.c.post", post.field(), post.getMessage());
        InputException factor = assertThrows(InputException.class,
                () -> Benchmarks.parse(table + "{\"table\":\"t\",\"time_factor\":1e9}}}", "b.json"));
        assertEquals("clusters.c.time_factor", factor.field(), factor.getMessage());
        Benchmarks.parse(table + "{\"table\":\"t\",\"time_factor\":2}}}", "b.json"); // within the limit: accepted
    }
}
