package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.example.thirdparty.FaultyPlugins;
import org.gridsched.batch.EasyPolicy;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.metrics.UtilizationCollector;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Errors that come from a plugin, or that the engine finds in its decisions, name the plugin and its bundle. */
class PluginErrorsNamedTest {
    @TempDir
    Path tmp;

    private CliHarness cli() {
        return new CliHarness(tmp).add(new LublinGenerator(), new EasyPolicy(), new JobMetricsCollector(), new UtilizationCollector());
    }

    private int simulate(CliHarness cli, String... more) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("simulate", "--generator", "lublin99", "--workload-option",
                "jobs=50", "--out", tmp.resolve("r").toString()));
        args.addAll(java.util.List.of(more));
        return cli.run(args.toArray(String[]::new));
    }

    /** A plugin's own InputException named the plugin neither with a field nor without, when created nor during the run. */
    @ParameterizedTest
    @CsvSource({"true, true", "true, false", "false, true", "false, false"})
    void aPluginsOwnInputExceptionNamesThePluginAndItsBundle(boolean whenCreated, boolean withField) {
        CliHarness cli = cli();
        cli.registry().add(new FaultyPlugins.Refusing(whenCreated, withField), "org.example.thirdparty", "0.2.0", 0);
        assertEquals(1, simulate(cli, "--platform", "c:64", "--batch", "refusing"));
        String problem = withField ? "queue_file: must name a readable file" : "the queue file is missing";
        assertTrue(cli.err().startsWith("gridsched: error: batch policy 'refusing' (org.example.thirdparty 0.2.0): " + problem + "\n"),
                cli.err());
    }
}
