package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.simulate.RunRequest;
import org.gridsched.api.simulate.RunResult;
import org.gridsched.api.simulate.Simulator;
import org.gridsched.api.simulate.Study;
import org.gridsched.api.simulate.StudyContext;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.batch.ConservativePolicy;
import org.gridsched.batch.EasyPolicy;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.engine.EngineSimulator;
import org.gridsched.launcher.PluginRegistry.Kind;
import org.gridsched.workload.synthetic.SyntheticGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The study kind: a profile with "study" runs its plugin (nested simulations through a Simulator), or is only checked. */
class StudyRunTest {
    @TempDir
    Path tmp;

    private final PluginRegistry registry = new PluginRegistry();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    /** The Simulator service as the launcher registers it: named batch policies from the registry. */
    private final Simulator simulator = new EngineSimulator(name -> registry.get(Kind.BATCH, name, "batch"));

    /** A study of one nested run per batch policy named in "policies": its makespan, into makespans.csv. */
    final class MakespanStudy implements Study {
        final List<String> checked = new ArrayList<>();

        @Override
        public String name() {
            return "makespans";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of(new Parameter("policies", "", "batch policies"), new Parameter("jobs", "3", "jobs of 100 s on 2 processors"));
        }

        @Override
        public void check(StudyContext c) {
            checked.add(c.name());
            if (!(c.options().asMap().get("policies") instanceof List<?>)) {
                throw new InputException(c.source(), 0, "study.options.policies", "expected a list of batch policies");
            }
        }

        @Override
        public void run(StudyContext c) {
            check(c);
            List<JobRecord> jobs = new ArrayList<>();
            for (int i = 0; i < c.options().getInt("jobs", 3); i++) {
                jobs.add(new JobRecord().set(i + 1, 0, 100, 100, 2));
            }
            StringBuilder csv = new StringBuilder("policy,makespan\n");
            List<?> policies = (List<?>) c.options().asMap().get("policies");
            for (int i = 0; i < policies.size(); i++) {
                RunResult r = simulator.run(RunRequest.on(List.of(new RunRequest.Cluster("c", 4, 1.0)))
                        .withBatch((String) policies.get(i), Map.of()).withJobs(jobs));
                csv.append(policies.get(i)).append(',').append((long) r.makespan()).append('\n');
                c.progress(i + 1, policies.size());
            }
            try {
                Files.writeString(c.output().resolve("makespans.csv"), csv);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            c.out().print(csv);
        }
    }

    private final MakespanStudy study = new MakespanStudy();

    @BeforeEach
    void plugins() {
        List.of(new FcfsPolicy(), new ConservativePolicy(), new EasyPolicy(), new SyntheticGenerator(), study).forEach(registry::add);
    }

    private int run(String... args) {
        out.reset();
        err.reset();
        return new Cli(registry, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), false,
                tmp).run(args);
    }

    private Path profile(String name, String study) throws IOException {
        Path f = tmp.resolve(name + ".json");
        Files.writeString(f, "{\"name\": \"" + name + "\", \"study\": " + study + "}");
        return f;
    }

    @Test
    void theSimulatorRunsANamedBatchPolicyAndReportsEveryJob() {
        List<JobRecord> jobs = List.of(new JobRecord().set(1, 0, 100, 100, 3), new JobRecord().set(2, 10, 50, 60, 2));
        RunResult r = simulator.run(RunRequest.on(List.of(new RunRequest.Cluster("c", 4, 1.0))).withBatch("fcfs", Map.of()).withJobs(jobs));
        assertEquals(150, r.makespan(), 1e-9);
        assertEquals(List.of(new RunResult.Job(1, 0, 3, 0, 0, 100, "COMPLETED_SUCCESSFULLY"),
                new RunResult.Job(2, 0, 2, 10, 100, 150, "COMPLETED_SUCCESSFULLY")), r.jobs());
        RunResult twice = simulator.run(RunRequest.on(List.of(new RunRequest.Cluster("c", 4, 1.0))).withBatch("fcfs", Map.of()).withJobs(jobs));
        assertEquals(r, twice, "deterministic");
        InputException e = assertThrows(InputException.class,
                () -> simulator.run(RunRequest.on(List.of(new RunRequest.Cluster("c", 4, 1.0))).withBatch("fifo", Map.of())));
        assertTrue(e.getMessage().startsWith("batch: batch policy 'fifo' is not available; available: cbf, easy, fcfs"), e.getMessage());
        e = assertThrows(InputException.class,
                () -> simulator.run(RunRequest.on(List.of(new RunRequest.Cluster("c", 4, 1.0))).withBatch("fcfs", Map.of("depth", 2))));
        assertTrue(e.getMessage().contains("unknown option for batch policy 'fcfs'"), e.getMessage());
    }

    @Test
    void aStudysProfileRunsThePluginIntoItsOutputFolder() throws Exception {
        Path p = profile("cmp", "{\"name\": \"makespans\", \"options\": {\"policies\": [\"fcfs\", \"easy\"], \"jobs\": 4}}");
        Path dir = tmp.resolve("out");
        assertEquals(0, run("run", p.toString(), "--out", dir.toString()), err.toString());
        assertEquals("policy,makespan\nfcfs,200\neasy,200\n", Files.readString(dir.resolve("makespans.csv")));
        assertTrue(Files.exists(dir.resolve(OutputRecord.FILE)), "recorded as gridsched's");
        assertTrue(out.toString().startsWith("policy,makespan\n"), out.toString());
        assertTrue(out.toString().contains("cmp: study 'makespans' done in "), out.toString());
        assertTrue(out.toString().contains("results in " + dir + " (makespans.csv)"), out.toString());
        assertEquals(List.of("cmp"), study.checked);
    }

    @Test
    void checkValidatesAStudyWithoutRunningIt() throws Exception {
        Path ok = profile("ok", "{\"name\": \"makespans\", \"options\": {\"policies\": [\"fcfs\"]}}");
        Path badValue = profile("bad-value", "{\"name\": \"makespans\", \"options\": {\"policies\": \"fcfs\"}}");
        Path badOption = profile("bad-option", "{\"name\": \"makespans\", \"options\": {\"polices\": [\"fcfs\"]}}");
        Path unknown = profile("unknown", "\"makespan\"");
        assertEquals(1, run("run", "--check", ok.toString(), badValue.toString(), badOption.toString(), unknown.toString()));
        assertEquals(ok + ": ok (study 'makespans')\n1 of 4 profiles ok\n", out.toString());
        String e = err.toString();
        assertTrue(e.contains("gridsched: error: " + badValue + ": study.options.policies: expected a list of batch policies"), e);
        assertTrue(e.contains("gridsched: error: " + badOption + ": study.options: polices: unknown option for study 'makespans'"), e);
        assertTrue(e.contains("gridsched: error: " + unknown + ": study: study 'makespan' is not available; available: makespans"), e);
        assertEquals(List.of("ok", "bad-value"), study.checked, "checked, never run");
        assertTrue(!Files.exists(tmp.resolve("workspace")), "no output folder");
    }

    @Test
    void aStudysProfileHasOnlyItsOwnKeys() throws Exception {
        Path f = tmp.resolve("s.json");
        Files.writeString(f, "{\"name\": \"s\", \"study\": \"makespans\", \"batch\": \"fcfs\"}");
        InputException e = assertThrows(InputException.class, () -> ProfileParser.parse(f));
        assertEquals(f + ": batch: has no effect in a study's profile (the study builds its own simulations); keys of a study's profile:"
                + " description, name, output, progress, seed, study", e.getMessage());
        Files.writeString(f, "{\"name\": \"s\", \"studdy\": \"makespans\"}");
        assertTrue(assertThrows(InputException.class, () -> ProfileParser.parse(f)).getMessage().startsWith(f + ": studdy: unknown key"));
        Files.writeString(f, "{\"name\": \"s\", \"workload\": {\"generator\": \"synthetic\"}, \"matrix\": {\"study\": [\"makespans\"]}}");
        assertTrue(assertThrows(InputException.class, () -> ProfileParser.parse(f)).getMessage().contains("matrix.study: unknown key"));
        assertEquals(2, run("simulate", "--study", "makespans", "--generator", "synthetic"), "no simulate option");
    }

    @Test
    void checkValidatesOrdinaryProfilesToo() throws Exception {
        Path f = tmp.resolve("r.json");
        Files.writeString(f, "{\"name\": \"r\", \"collectors\": [], \"batch\": \"fcfs\", \"workload\": {\"generator\": \"synthetic\", \"options\": {\"jobz\": 3}}}");
        assertEquals(1, run("run", "--check", f.toString()));
        assertTrue(err.toString().contains("gridsched: error: " + f + ": "), err.toString());
        assertTrue(err.toString().contains("jobz"), err.toString());
        Files.writeString(f, "{\"name\": \"r\", \"collectors\": [], \"batch\": \"fcfs\", \"workload\": {\"file\": \"missing.swf\"}}");
        assertEquals(1, run("run", "--check", f.toString()));
        assertTrue(err.toString().contains("no such workload file ('missing.swf' in the profile)"), err.toString());
        Files.writeString(f, "{\"name\": \"r\", \"collectors\": [], \"batch\": \"sjf\", \"workload\": {\"generator\": \"synthetic\"}}");
        assertEquals(1, run("run", "--check", f.toString()));
        assertTrue(err.toString().contains("batch policy 'sjf' is not available"), err.toString());
        Files.writeString(f, "{\"name\": \"r\", \"collectors\": [], \"batch\": \"fcfs\", \"workload\": {\"generator\": \"synthetic\", \"options\": {\"jobs\": 3}}}");
        assertEquals(1, run("run", "--check", f.toString()), "run would fail: no platform, and the generator's header gives none");
        assertTrue(err.toString().contains("platform: no platform given"), err.toString());
        Files.writeString(f, "{\"name\": \"r\", \"platform\": \"c:16\", \"collectors\": [], \"batch\": \"fcfs\","
                + " \"workload\": {\"generator\": \"synthetic\", \"options\": {\"jobs\": 3}}}");
        assertEquals(0, run("run", "--check", f.toString()), err.toString());
        assertEquals(f + ": ok (one run)\n", out.toString());
    }
}
