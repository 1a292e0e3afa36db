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

    /**
     * The engine's checks of a reallocation algorithm's and a grid controller's decisions, and the ones a batch policy
     * meets as an IllegalArgumentException (a rejection reason, processor pools), named no plugin, and the latter printed
     * Java's class name: "the reallocation cancelled job 5 (and 2 more) ...", "java.lang.IllegalArgumentException: job 3
     * needs 40 processors; cluster a has 8".
     */
    @Test
    void theEnginesFindingsAboutReallocationsControllersAndRejectionsNameThePlugin() {
        CliHarness cli = cli();
        for (org.gridsched.api.Plugin p : java.util.List.of(new FaultyPlugins.Alternating(), new FaultyPlugins.Picky(), new FaultyPlugins.Careless(),
                new FaultyPlugins.Hoarding(), new FaultyPlugins.Passing(), new FaultyPlugins.Forgetful(), new FaultyPlugins.First())) {
            cli.registry().add(p, "org.example.thirdparty", "0.2.0", 0);
        }

        assertEquals(1, simulate(cli, "--platform", "c:64", "--batch", "picky"));
        assertTrue(cli.err().matches("(?s)gridsched: failed: at t=[0-9,.]+ s, during the submission of a job from the workload: the batch policy 'picky'"
                + " \\(org.example.thirdparty 0.2.0\\) of cluster c rejected job [0-9]+ with the reason 'Too Big', which is not a snake_case"
                + " word \\(such as no_partition\\)\n.*"), cli.err());

        assertEquals(1, simulate(cli, "--platform", "a:8,b:64", "--meta", "alternating", "--controllers", "careless"));
        assertTrue(cli.err().matches("(?s)gridsched: failed: at t=[0-9,.]+ s, during the submission of a job from the workload: the grid controller"
                + " 'careless' \\(org.example.thirdparty 0.2.0\\) sent job [0-9]+, which needs [0-9]+ processors, to cluster a, which has 8\n.*"),
                cli.err());

        // a job left in a controller's charge, found at the end of the run: the second controller, which took it, is named
        assertEquals(1, simulate(cli, "--platform", "c:64", "--controllers", "passing,hoarding"));
        assertTrue(cli.err().startsWith("gridsched: failed: the grid controller 'hoarding' (org.example.thirdparty 0.2.0) took job 1 in"
                + " charge and never sent, started or rejected it\n"), cli.err());

        assertEquals(1, simulate(cli, "--platform", "a:32,b:32", "--meta", "alternating", "--realloc", "forgetful", "--heuristic", "first"));
        assertTrue(cli.err().matches("(?s)gridsched: failed: at t=[0-9,.]+ s, during a reallocation: the reallocation algorithm 'forgetful'"
                + " \\(org.example.thirdparty 0.2.0\\) cancelled job [0-9]+ (\\(and [0-9]+ more\\) )?and did not submit it"
                + " again \\(a job it cancels must be submitted to a cluster in the same event\\)\n.*"), cli.err());
    }

    /**
     * A grid controller that released another controller's claim, or started a job in a claim it made up, and a
     * meta-scheduler that cancelled jobs: a ClassCastException or nothing at all for the controllers, "a job may be
     * cancelled or submitted again only by a reallocation, during its events" after the Java class name for the broker.
     */
    @Test
    void misusedClaimsAndAMetaSchedulersCancelNameThePlugin() {
        CliHarness cli = cli();
        for (org.gridsched.api.Plugin p : java.util.List.of(new FaultyPlugins.Claiming(), new FaultyPlugins.Meddling(),
                new FaultyPlugins.Forging(), new FaultyPlugins.Cancelling())) {
            cli.registry().add(p, "org.example.thirdparty", "0.2.0", 0);
        }

        assertEquals(1, simulate(cli, "--platform", "c:64", "--controllers", "claiming,meddling"));
        assertTrue(cli.err().matches("(?s)gridsched: failed: at t=[0-9,.]+ s, during the start of a controller's claim of 4 processors of cluster c"
                + " over \\[[0-9,.]+, [0-9,.]+\\): the grid controller 'meddling' \\(org.example.thirdparty 0.2.0\\) released claim of"
                + " 4 processors of cluster c over \\[[0-9,.]+, [0-9,.]+\\),"
                + " which another grid controller of the run made \\(a controller uses and releases only its own claims\\)\n.*"), cli.err());

        assertEquals(1, simulate(cli, "--platform", "c:64", "--controllers", "forging"));
        assertTrue(cli.err().matches("(?s)gridsched: failed: at t=[0-9,.]+ s, during the submission of a job from the workload: the grid"
                + " controller 'forging' \\(org.example.thirdparty 0.2.0\\) started job [0-9]+ in a claim of [0-9]+ processors it made up,"
                + " which is not a claim of this run \\(only claim\\(\\) makes one\\)\n.*"), cli.err());

        assertEquals(1, simulate(cli, "--platform", "a:64,b:64", "--meta", "cancelling"));
        assertTrue(cli.err().matches("(?s)gridsched: failed: at t=[0-9,.]+ s, during the submission of a job from the workload: the"
                + " meta-scheduler 'cancelling' \\(org.example.thirdparty 0.2.0\\) asked to cancel every waiting job \\(jobs are cancelled"
                + " and submitted again only by a reallocation algorithm, from its reallocate\\(\\)\\)\n.*"), cli.err());
    }

    /** A workload plugin's own error naming no file, when the workload is opened, named nothing but what was wrong. */
    @Test
    void aWorkloadGeneratorsOwnErrorNamesTheGenerator() {
        CliHarness cli = cli();
        cli.registry().add(new FaultyPlugins.RefusingGenerator(), "org.example.thirdparty", "0.2.0", 0);
        assertEquals(1, cli.run("simulate", "--generator", "refusing-generator", "--platform", "c:64", "--out", tmp.resolve("g").toString()));
        assertEquals("gridsched: error: workload generator 'refusing-generator' (org.example.thirdparty 0.2.0): the site list is missing\n",
                cli.err());
    }
}
