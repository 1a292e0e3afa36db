package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.gridsched.api.InputException;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.Report;
import org.gridsched.batch.ConservativePolicy;
import org.gridsched.batch.EasyPolicy;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.report.CollectorSections;
import org.gridsched.launcher.PluginRegistry.Kind;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.metrics.UtilizationCollector;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.gridsched.workload.synthetic.SyntheticGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The plugin kinds as one list: profiles, options, lookups, wiring and defaults all follow it; grid controllers. */
class PluginKindsTest {
    @TempDir
    Path tmp;

    private CliHarness cli;

    @BeforeEach
    void plugins() {
        cli = new CliHarness(tmp).add(new FcfsPolicy(), new ConservativePolicy(), new EasyPolicy(), new LublinGenerator(),
                new SyntheticGenerator(), new JobMetricsCollector(), new UtilizationCollector(), new RandomBrokersForTests.Weighted(),
                new ControllersForTests.Submitter(), new ControllersForTests.Killer(), new ControllersForTests.Rejecter(),
                new ControllersForTests.Claimer());
    }

    private RunProfile profile(String json) {
        return ProfileParser.parse(json, "p.json", tmp);
    }

    /** A small run of 40 synthetic jobs on one 8-processor cluster, with these extra arguments. */
    private String simulate(String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("simulate", "--generator", "synthetic", "--workload-option", "jobs=40",
                "--workload-option", "max_size=4", "--workload-option", "size=uniform", "--platform", "c:8", "--batch", "fcfs",
                "--quiet", "--out", tmp.resolve("o").toString()));
        args.addAll(List.of(extra));
        assertEquals(0, cli.run(args.toArray(String[]::new)), cli.err());
        return Files.readString(tmp.resolve("o/summary.json"));
    }

    @Test
    void everyKindIsChosenByItsOwnProfileKeyAndOption() {
        Set<String> keys = new TreeSet<>();
        for (Kind k : Kind.values()) {
            // an experiment (a study) is a profile of its own, never an option of one simulation
            assertTrue(k.inRuns() ? k.option().startsWith("--") : k.option() == null, k + " has a simulate option if it takes part in runs");
            if (k.choosing() == Kind.Choosing.WORKLOAD) {
                assertTrue(k.profileKey().startsWith("workload."), k.profileKey());
            } else {
                assertTrue(ProfileParser.TOP_KEYS.contains(k.profileKey()), k.profileKey() + " is a profile key");
            }
            assertTrue(keys.add(k.profileKey()), "one kind per profile key: " + k.profileKey());
        }
        assertTrue(ProfileParser.CLUSTER_KEYS.contains(Kind.BATCH.profileKey()));
        assertEquals(Kind.CONTROLLER, Kind.byProfileKey("controllers"));
        assertEquals(Kind.CONTROLLER, Kind.of(new ControllersForTests.Submitter()));
    }

    @Test
    void controllersAreChosenInAProfileLikeCollectors() {
        String w = "\"workload\": {\"generator\": \"lublin99\"}";
        RunProfile p = profile("{" + w + ", \"controllers\": [\"submitter\", {\"name\": \"killer\", \"options\": {\"requeue\": true}}]}");
        assertEquals(List.of(RunProfile.Choice.of("submitter"), new RunProfile.Choice("killer", Map.of("requeue", true))),
                p.choices(Kind.CONTROLLER, 1));
        p = profile("{" + w + ", \"controllers\": {\"submitter\": {\"runtime\": 5}}}");
        assertEquals(List.of(new RunProfile.Choice("submitter", Map.of("runtime", 5))), p.choices(Kind.CONTROLLER, 1));
        assertTrue(profile("{" + w + "}").choices(Kind.CONTROLLER, 3).isEmpty(), "no controllers by default");

        InputException e = assertThrows(InputException.class, () -> profile("{" + w + ", \"controllers\": \"submitter\"}"));
        assertTrue(e.getMessage().contains("p.json: controllers: expected a list of names or an object of name: options"), e.getMessage());
        e = assertThrows(InputException.class, () -> profile("{" + w + ", \"controllers\": [{\"nam\": \"x\"}]}"));
        assertTrue(e.getMessage().contains("controllers[0].nam: unknown key; valid keys in controllers[0]: name, options"), e.getMessage());
    }

    @Test
    void controllersOptionOfSimulate() {
        RunProfile p = cli.cli().simulateProfile(new ArrayList<>(List.of("--generator", "lublin99", "--controllers", "submitter, killer")));
        assertEquals(List.of(RunProfile.Choice.of("submitter"), RunProfile.Choice.of("killer")), p.choices(Kind.CONTROLLER, 1));
        assertEquals(2, cli.run("simulate", "--generator", "lublin99", "--controllers"));
        assertTrue(cli.err().contains("--controllers needs a value"), cli.err());
        assertEquals(2, cli.run("simulate", "--generator", "lublin99", "--controllers-option", "x=1"));
        assertTrue(cli.err().contains("simulate: unknown option '--controllers-option'"), cli.err());
    }

    @Test
    void anUnknownControllerIsAClearErrorListingTheAvailableOnes() throws Exception {
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--platform", "c:64", "--controllers", "submitter,nope", "--quiet"));
        assertTrue(cli.err().contains("controllers: grid controller 'nope' is not available; available: claimer, killer, rejecter, submitter"), cli.err());
        assertFalse(cli.err().contains("at org."), "no stack trace: " + cli.err());

        Path profile = tmp.resolve("c.json");
        Files.writeString(profile, """
                {"platform": "c:64", "workload": {"generator": "lublin99", "options": {"jobs": 10}}, "progress": false,
                 "controllers": [{"name": "submitter", "options": {"runtim": 5}}]}
                """);
        assertEquals(1, cli.run("run", profile.toString()));
        assertTrue(cli.err().contains("runtim: unknown option for grid controller 'submitter'; valid options: runtime"), cli.err());

        PluginRegistry empty = new PluginRegistry();
        InputException e = assertThrows(InputException.class, () -> empty.entry(Kind.CONTROLLER, "x", "controllers"));
        assertEquals("controllers: grid controller 'x' is not available; available: none (is its bundle installed and started?)",
                e.getMessage());
    }

    @Test
    void controllersTakePartInTheRunSeededByTheirName() throws Exception {
        String s = simulate("--controllers", "submitter,killer", "--seed", "7");
        assertTrue(s.contains("\"controllers\": [\"submitter\", \"killer\"]"), s);
        assertTrue(s.contains("\"controller killer\": \"classpath\"") && s.contains("\"controller submitter\": \"classpath\""), s);
        assertTrue(s.contains("\"controller_kills\": 1"), s);
        assertTrue(Files.readString(tmp.resolve("o/jobs.csv")).contains("\n1000000,synthetic,,0,1,10,"), "the submitted job ran");
        RunProfile p = new RunProfile();
        p.seed = 7;
        assertEquals(p.seedFor("controller:submitter"), ControllersForTests.SEEDS.get("submitter"));
        assertEquals(p.seedFor("controller:killer"), ControllersForTests.SEEDS.get("killer"));
    }

    @Test
    void whatControllersDoIsCountedInTheSummaryOnlyWhenItHappens() throws Exception {
        String plain = simulate();
        for (String key : List.of("controllers", "controller_kills", "requeued", "rejected_by_reason", "multi_cluster",
                "claimed_idle_processor_seconds")) {
            assertFalse(plain.contains("\"" + key + "\""), key + " in\n" + plain);
        }
        Path profile = tmp.resolve("k.json");
        Files.writeString(profile, """
                {"platform": "c:8", "batch": "fcfs", "progress": false, "workload": {"generator": "synthetic",
                   "options": {"jobs": 40, "size": "uniform", "max_size": 4}},
                 "controllers": ["rejecter", {"name": "killer", "options": {"requeue": true}}, "claimer"]}
                """);
        assertEquals(0, cli.run("run", profile.toString(), "--out", tmp.resolve("k").toString()), cli.err());
        String s = Files.readString(tmp.resolve("k/summary.json"));
        assertTrue(s.contains("\"killed\": 0,\n    \"requeued\": 1,\n    \"rejected_by_reason\": {\n      \"test\": 1\n    }"), s);
        assertTrue(s.contains("\"simulated\": 39"), s);
        assertTrue(s.contains("\"killed\": 0\n      },\n      \"claimed_idle_processor_seconds\": 200,"), s);
    }

    @Test
    void pluginsListsControllersLikeEveryKind() {
        assertEquals(0, cli.run("plugins"));
        String o = cli.out();
        assertTrue(o.contains("grid controllers:\n  claimer ") && o.contains("  submitter ") && o.contains("runtime = 10"), o);
        assertTrue(o.indexOf("metric collectors:") < o.indexOf("grid controllers:"), "kinds in list order:\n" + o);
    }

    @Test
    void defaultsAreDataAndStayAsTheyWere() throws Exception {
        RunProfile p = new RunProfile();
        assertEquals(RunProfile.Choice.of("easy"), p.choice(Kind.BATCH));
        assertEquals(List.of(RunProfile.Choice.of("jobs"), RunProfile.Choice.of("utilization")), p.choices(Kind.COLLECTOR, 1));
        assertNull(p.choice(Kind.META, 1), "one cluster: no meta-scheduler");
        assertEquals(RunProfile.Choice.of("mct"), p.choice(Kind.META, 2), "several clusters: MCT");
        assertNull(p.choice(Kind.REALLOCATION, 2));
        assertNull(p.choice(Kind.HEURISTIC, 2), "a heuristic only with a reallocation algorithm");
        p.choose(Kind.REALLOCATION, RunProfile.Choice.of("regular"));
        assertEquals(RunProfile.Choice.of("mct"), p.choice(Kind.HEURISTIC, 2));
        assertTrue(p.choices(Kind.CONTROLLER, 2).isEmpty());

        var root = new ObjectMapper().readTree(Defaults.class.getResourceAsStream("defaults.json"));
        for (String section : List.of("choices", "choices_on_several_clusters", "warnings_when_estimates_are_asked")) {
            root.path(section).fieldNames().forEachRemaining(k -> assertTrue(Kind.byProfileKey(k) != null,
                    "defaults.json " + section + "." + k + " is no plugin kind's profile key"));
        }
    }

    @Test
    void defaultsOfTheMatrixAreAsBefore() {
        // the column labels of the study's tables: StudyTablesTest in the experiments bundle
        assertEquals(List.of("regular", "all-cancellation"), Defaults.list(Defaults.matrix().path("realloc")));
        assertEquals(List.of("mct", "minmin", "maxmin", "maxgain", "maxrelgain", "sufferage"), Defaults.list(Defaults.matrix().path("heuristic")));
    }

    /**
     * The warning about EASY's estimates is data, and said only when a plugin asked an EASY cluster for estimates: a
     * random broker asks none (it was said for any broker on several clusters, random and round robin included).
     */
    @Test
    void theEasyWarningComesFromTheDataAndOnlyForABrokerThatAsksForEstimates() throws Exception {
        cli.add(new RandomBrokersForTests.EarliestCompletion());
        String[] run = {"simulate", "--generator", "synthetic", "--workload-option", "jobs=20", "--platform", "a:8,b:8"};
        assertEquals(0, cli.run(concat(run, "--batch", "easy", "--meta", "random-weighted", "--out", tmp.resolve("random").toString())),
                cli.err());
        assertFalse(cli.err().contains("warning"), "a random broker uses no estimate: " + cli.err());
        assertEquals(0, cli.run(concat(run, "--batch", "easy", "--meta", "mct", "--out", tmp.resolve("mct").toString())), cli.err());
        assertTrue(cli.err().contains("gridsched: warning: EASY gives no completion-time guarantee; the start and completion estimates this run's"
                + " meta-scheduler (or another plugin) asked of its clusters are its queue-order plan"), cli.err());
        assertEquals(0, cli.run(concat(run, "--batch", "cbf", "--meta", "mct", "--out", tmp.resolve("cbf").toString())), cli.err());
        assertFalse(cli.err().contains("warning"), "CBF's estimates are guarantees: " + cli.err());
        assertEquals(0, cli.run("simulate", "--generator", "synthetic", "--workload-option", "jobs=20", "--platform", "a:8",
                "--batch", "easy", "--quiet", "--out", tmp.resolve("w1").toString()), cli.err());
        assertFalse(cli.err().contains("warning"), cli.err());
    }

    /**
     * The warning was said for {@code easy} only: kit-easy and multifactor (EASY by default) answer estimates from the
     * same kind of queue-order plan, which backfilling can overturn; kit-cbf reserves every job (its estimates hold),
     * kit-fcfs lets nothing overtake (its plan is its schedule).
     */
    @ParameterizedTest
    @CsvSource({"kit-easy, true", "multifactor, true", "kit-cbf, false", "kit-fcfs, false"})
    void theWarningIsSaidForEveryPolicyWhoseEstimatesBackfillingCanOverturn(String policy, boolean warned) {
        cli.add(new RandomBrokersForTests.EarliestCompletion(), new org.gridsched.batch.KitEasyPolicy(), new org.gridsched.batch.KitCbfPolicy(),
                new org.gridsched.batch.KitFcfsPolicy(), new org.gridsched.batch.multifactor.MultifactorPolicy());
        assertEquals(0, cli.run("simulate", "--generator", "synthetic", "--workload-option", "jobs=20", "--platform", "a:8,b:8", "--batch", policy,
                "--meta", "mct", "--out", tmp.resolve(policy).toString()), cli.err());
        assertEquals(warned, cli.err().contains("gridsched: warning: " + policy + " ") && cli.err().contains(" gives no completion-time guarantee"),
                cli.err());
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /** local_fraction without jobs that have a home cluster did nothing, silently: the run says so. */
    @Test
    void aLocalFractionThatMakesNoJobLocalIsSaid() throws Exception {
        assertEquals(0, cli.run("simulate", "--generator", "synthetic", "--workload-option", "jobs=20", "--platform", "a:8,b:8",
                "--meta", "random-weighted", "--local-fraction", "0.9", "--out", tmp.resolve("lf").toString()), cli.err());
        assertTrue(cli.err().contains("gridsched: warning: local_fraction 0.9 made no job local: only jobs with a home cluster can be"
                + " (one trace per cluster, the i-th the workload of the i-th cluster; generator 'synthetic' gives none)"), cli.err());
    }

    /** A null option is an error naming it: some plugins read it as the default, others crashed (NullPointerException). */
    @Test
    void aNullOptionIsAnErrorNamingIt() {
        String w = "\"name\": \"n\", \"platform\": \"c:8\", ";
        InputException e = assertThrows(InputException.class, () -> profile("{" + w + "\"batch\": {\"name\": \"cbf\", \"options\": {\"x\": null}},"
                + " \"workload\": {\"generator\": \"synthetic\"}}"));
        assertTrue(e.getMessage().contains("batch.options.x: null is not a value; leave the option out for its default"), e.getMessage());
        e = assertThrows(InputException.class, () -> profile("{" + w + "\"workload\": {\"generator\": \"synthetic\", \"options\": {\"jobs\": null}}}"));
        assertTrue(e.getMessage().contains("workload.options.jobs: null is not a value"), e.getMessage());
    }

    /** run --check reads a trace through (its skipped lines), except where a controller's jobs count in the run too. */
    @Test
    void aTraceWithoutJobsPassesTheCheckWhenAControllerSubmitsJobs() throws Exception {
        CliHarness cli = new CliHarness(tmp).add(new FcfsPolicy(), new org.gridsched.workload.swf.SwfReader(), new JobMetricsCollector(),
                new UtilizationCollector(), new ControllersForTests.Submitter());
        Path trace = tmp.resolve("no-jobs.swf");
        Files.writeString(trace, "; MaxProcs: 8\n");
        Path profile = tmp.resolve("empty.json");
        String common = "\"name\": \"e\", \"platform\": \"c:8\", \"batch\": \"fcfs\", \"workload\": {\"files\": [\"" + trace + "\"]}";
        Files.writeString(profile, "{" + common + "}");
        assertEquals(1, cli.run("run", "--check", profile.toString()));
        assertTrue(cli.err().contains("no-jobs.swf: workload: holds no job"), cli.err());
        Files.writeString(profile, "{" + common + ", \"controllers\": [\"submitter\"], \"output\": \"" + tmp.resolve("out") + "\"}");
        assertEquals(0, cli.run("run", "--check", profile.toString()), cli.err());
        assertEquals(0, cli.run("run", profile.toString(), "--quiet"), "and the run agrees: " + cli.err());
    }

    @Test
    void aWarningIsSaidOncePerCommandNotOncePerRunItBuilds() throws Exception {
        // a matrix builds one run per cell with one Runner (on several threads): each said the warning again
        cli.add(new RandomBrokersForTests.EarliestCompletion());
        Path profile = tmp.resolve("p.json");
        Files.writeString(profile, "{\"name\": \"p\", \"platform\": \"a:8,b:8\", \"batch\": \"easy\", \"meta\": \"mct\","
                + " \"workload\": {\"generator\": \"synthetic\", \"options\": {\"jobs\": 20}}}");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream errStream = new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8);
        Runner runner = new Runner(cli.registry(), errStream, errStream, false, tmp);
        RunProfile p = ProfileParser.parse(profile);
        runner.execute(p, Files.createDirectories(tmp.resolve("one")), null, false);
        runner.execute(p, Files.createDirectories(tmp.resolve("two")), null, false);
        String said = err.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(1, said.split("warning: EASY gives no completion-time guarantee", -1).length - 1, said);
    }

    /** The report keeps one section per collector by wrapping them; the wrapper must pass every call on. */
    @Test
    void theCollectorWrapperForwardsEveryMethodOfTheApi() throws Exception {
        Collector plain = new Collector() {
            @Override
            public void jobFinished(JobOutcome job) {
            }

            @Override
            public void report(Report report) {
            }
        };
        Class<?> wrapper = new CollectorSections().track(new Simulation.NamedCollector("x", plain)).collector().getClass();
        for (Method m : Collector.class.getMethods()) {
            assertEquals(wrapper, wrapper.getMethod(m.getName(), m.getParameterTypes()).getDeclaringClass(),
                    "the collector wrapper does not forward " + m);
        }
    }
}
