package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

import org.gridsched.batch.EasyPolicy;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.metrics.UtilizationCollector;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A configuration file's key that is no parameter of its plugin: {@code plugins} said "warning: ... (ignored)" while
 * every run that used the plugin stopped with an error about that key. Both now say it is an error, in the same words.
 */
class ConfiguredKeysTest {
    @TempDir
    Path tmp;

    private static final String PID = "gridsched.collector.jobs";
    private static final String FILE = "workspace/config/" + PID + ".cfg";

    /** A registry whose configuration admin holds {@code values} under the jobs collector's PID, read from {@link #FILE}. */
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
        registry.add(new EasyPolicy());
        registry.add(new UtilizationCollector());
        registry.add(new JobMetricsCollector(), "classpath", "", 0, PID);
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

    @Test
    void aKeyThatIsNoParameterIsAnErrorInPluginsAsInRuns() {
        PluginRegistry registry = configured(Map.of("bounded_slowdown_treshold", "60"));
        assertEquals(1, run(registry, "simulate", "--generator", "lublin99", "--workload-option", "jobs=20", "--platform", "c:64",
                "--out", tmp.resolve("r").toString()));
        String problem = FILE + ": bounded_slowdown_treshold: unknown option for metric collector 'jobs'; valid options:"
                + " bounded_slowdown_threshold, warmup";
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("gridsched: error: " + problem), err.toString(StandardCharsets.UTF_8));

        assertEquals(0, run(registry, "plugins"));
        String listed = out.toString(StandardCharsets.UTF_8);
        assertTrue(listed.contains("error: " + problem + " (every run that uses metric collector 'jobs' stops with this error:"
                + " correct or remove the key)"), listed);
        assertFalse(listed.contains("(ignored)"), "it is not ignored: runs refuse it\n" + listed);
        assertEquals(0, run(registry, "plugins", "jobs"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("error: " + problem), out.toString(StandardCharsets.UTF_8));
    }
}
