package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.gridsched.batch.multifactor.MultifactorPolicy;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.metrics.UtilizationCollector;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A configuration file's value that is a JSON object or list ({@code shares = {"3":2}}) reaches the plugin as one, as
 * {@code --batch-option 'shares={"3":2}'} does: .cfg values arrive as text, and the plugin said "expected a JSON
 * object". {@code plugins NAME} still shows the value as written.
 */
class ConfiguredJsonTest {
    @TempDir
    Path tmp;

    private static final String PID = "gridsched.batch.multifactor";
    private static final String FILE = "workspace/config/" + PID + ".cfg";

    private static PluginRegistry configured(Map<String, Object> values) {
        PluginRegistry registry = new PluginRegistry() {
            @Override
            protected Map<String, Object> configuration(String pid) {
                return pid.equals(PID) ? values : Map.of();
            }

            @Override
            protected String configurationSource(String pid) {
                return FILE;
            }
        };
        registry.add(new LublinGenerator());
        registry.add(new UtilizationCollector());
        registry.add(new JobMetricsCollector());
        registry.add(new MultifactorPolicy(), "classpath", "", 0, PID);
        return registry;
    }

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(PluginRegistry registry, String... args) {
        out.reset();
        err.reset();
        return new Cli(registry, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                false, tmp).run(args);
    }

    private int simulate(PluginRegistry registry, String out) {
        return run(registry, "simulate", "--generator", "lublin99", "--workload-option", "jobs=50", "--workload-option",
                "processors=64", "--platform", "c:64", "--batch", "multifactor", "--out", tmp.resolve(out).toString());
    }

    @Test
    void aJsonObjectInAConfigurationFileIsReadAsOne() throws Exception {
        PluginRegistry registry = configured(Map.of("shares", "{\"3\":2}", "weight_fairshare", "1000"));
        assertEquals(0, simulate(registry, "r"), err.toString(StandardCharsets.UTF_8));
        String summary = Files.readString(tmp.resolve("r/summary.json"));
        assertTrue(summary.replaceAll("\\s", "").contains("\"shares\":{\"value\":{\"3\":2},\"from\":\"" + FILE + "\"}"), summary);

        // the same value from the command line and from the file: the same run
        assertEquals(0, run(configured(Map.of("weight_fairshare", "1000")), "simulate", "--generator", "lublin99", "--workload-option",
                "jobs=50", "--workload-option", "processors=64", "--platform", "c:64", "--batch", "multifactor", "--batch-option",
                "shares={\"3\":2}", "--out", tmp.resolve("given").toString()), err.toString(StandardCharsets.UTF_8));
        assertEquals(Files.readString(tmp.resolve("given/jobs.csv")), Files.readString(tmp.resolve("r/jobs.csv")));

        // plugins NAME shows it as the file has it, not as a Java map
        assertEquals(0, run(registry, "plugins", "multifactor"));
        String shown = out.toString(StandardCharsets.UTF_8);
        assertTrue(shown.contains("shares = {\"3\":2} (configured; default "), shown);
    }

    @Test
    void badJsonInAConfigurationFileNamesTheFileAndKey() {
        PluginRegistry registry = configured(Map.of("shares", "{\"3\":2"));
        assertEquals(1, simulate(registry, "bad"));
        String said = err.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("gridsched: error: " + FILE + ": shares: not valid JSON: "), said);
        assertFalse(said.contains("expected a JSON object"), said);
        assertFalse(said.contains("\tat "), said);
    }
}
