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

    /**
     * The engine's findings about a plugin's decisions named the cluster, or "the meta-scheduler", never the plugin: a
     * user running two policies or a broker of a third party could not tell whose decision it was.
     */
    @Test
    void theEnginesFindingsAboutAPluginsDecisionsNameThePlugin() throws Exception {
        CliHarness cli = cli();
        cli.registry().add(new FaultyPlugins.Losing(), "org.example.thirdparty", "0.2.0", 0);
        cli.registry().add(new FaultyPlugins.Greedy(), "org.example.thirdparty", "0.2.0", 0);
        cli.registry().add(new FaultyPlugins.Astray(), "org.example.thirdparty", "0.2.0", 0);

        assertEquals(1, simulate(cli, "--platform", "c:64", "--batch", "losing"));
        assertTrue(cli.err().startsWith("gridsched: failed: the batch policy 'losing' (org.example.thirdparty 0.2.0) of cluster c lost 50"
                + " job(s) submitted to it: it never started or rejected them"), cli.err());

        assertEquals(1, simulate(cli, "--platform", "c:64", "--batch", "greedy"));
        assertTrue(cli.err().matches("(?s)gridsched: failed: at t=[0-9,.]+ s, during the submission of a job from the workload: the batch"
                + " policy 'greedy' \\(org.example.thirdparty 0.2.0\\) of cluster c started job [0-9]+, which needs [0-9]+ processors, at"
                + " t=[0-9,.]+ s when only [0-9]+ are free\n.*"), cli.err());

        assertEquals(1, simulate(cli, "--platform", "a:64,b:64", "--batch", "easy", "--meta", "astray"));
        assertTrue(cli.err().contains("gridsched: failed: at t=554 s, during the submission of a job from the workload: the"
                + " meta-scheduler 'astray' (org.example.thirdparty 0.2.0) sent job 1 (4 processors) to cluster index 7, which does not"
                + " exist\n"), cli.err());

        // a built-in policy is named without its bundle; with a policy per cluster, the one of the cluster concerned
        CliHarness builtIn = cli().add(new FaultyPlugins.Losing(), new FaultyPlugins.Alternating());
        Path profile = java.nio.file.Files.writeString(tmp.resolve("two.json"), "{\"name\": \"two\", \"platform\": [{\"name\": \"a\","
                + " \"processors\": 64}, {\"name\": \"b\", \"processors\": 64, \"batch\": \"losing\"}], \"batch\": \"easy\","
                + " \"meta\": \"alternating\", \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 50}}}");
        assertEquals(1, builtIn.run("run", profile.toString(), "--out", tmp.resolve("two").toString()));
        assertTrue(builtIn.err().contains("gridsched: failed: the batch policy 'losing' of cluster b lost 25 job(s)"), builtIn.err());
    }
}
