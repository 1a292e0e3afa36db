package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.engine.JobsCsv;
import org.gridsched.batch.ConservativePolicy;
import org.gridsched.batch.EasyPolicy;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.metrics.UtilizationCollector;
import org.gridsched.workload.swf.SwfReader;
import org.gridsched.metrics.QueueCollector;
import org.gridsched.metrics.SlowdownCollector;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.gridsched.workload.synthetic.SyntheticGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line and run profiles on a registry filled by hand (no framework). */
class CliTest {
    @TempDir
    Path tmp;

    private CliHarness cli;

    @BeforeEach
    void plugins() {
        cli = new CliHarness(tmp).add(new FcfsPolicy(), new ConservativePolicy(), new EasyPolicy(), new SwfReader(),
                new LublinGenerator(), new SyntheticGenerator(), new JobMetricsCollector(), new UtilizationCollector(),
                new QueueCollector(), new SlowdownCollector(), new RandomBrokersForTests.Weighted());
    }

    /** The usage lists the plugins the registry holds, per kind, not a list written by hand (issue 27). */
    @Test
    void theUsageListsTheDiscoveredPlugins() {
        assertEquals(0, cli.run("help"));
        String help = cli.out();
        List<String> lines = help.lines().map(String::strip).toList();
        int batch = lines.indexOf("--batch NAME                         local batch policy (default easy):");
        assertTrue(batch > 0, help);
        assertEquals("cbf, easy, fcfs", lines.get(batch + 1), "the batch policies the registry holds");
        assertTrue(lines.contains("lublin99, synthetic"), "generators: " + help);
        assertTrue(lines.contains("jobs, queue, slowdown, utilization"), "collectors: " + help);
        assertTrue(lines.contains("random-weighted"), "the one meta-scheduler this registry has: " + help);
        assertTrue(lines.contains("(none discovered)"), "no controller, reallocation or heuristic here: " + help);
        assertTrue(!help.contains("{batch}") && !help.contains("multifactor"), "only what is there: " + help);
        cli.add(new org.gridsched.batch.multifactor.MultifactorPolicy());
        assertEquals(0, cli.run("simulate", "--help"));
        assertTrue(cli.out().lines().map(String::strip).toList().contains("cbf, easy, fcfs, multifactor"), cli.out());
    }

    private Path swf(String... lines) throws Exception {
        Path f = tmp.resolve("t.swf");
        Files.write(f, List.of(lines));
        return f;
    }

    /** jobs.csv's lines with each row's workload_name (column 2), which must be {@code name}, blanked. */
    private static List<String> withoutWorkloadName(Path jobsCsv, String name) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(jobsCsv)) {
            String[] f = line.split(",", 3);
            assertTrue(out.isEmpty() || f[1].equals(name), line);
            out.add(f[0] + ",," + f[2]);
        }
        return out;
    }

    private static String job(int id, int submit, int runtime, int procs, int requested) {
        return id + " " + submit + " -1 " + runtime + " " + procs + " -1 -1 " + procs + " " + requested + " -1 1 1 1 -1 1 1 -1 -1";
    }

    @Test
    void simulateWritesJobsAndSummary() throws Exception {
        Path trace = swf("; MaxProcs: 4", job(1, 0, 10, 4, 10), job(2, 1, 5, 2, 5), job(3, 2, 0, 1, 5), job(4, 3, 5, 8, 5));
        assertEquals(0, cli.run("simulate", "--workload", trace.toString(), "--batch", "fcfs", "--out", tmp.resolve("o").toString(), "--quiet"), cli.err());
        List<String> rows = Files.readAllLines(tmp.resolve("o/jobs.csv"));
        assertEquals(3, rows.size());
        assertEquals(JobsCsv.HEADER + "," + JobsCsv.SUBMITTER_COLUMNS, rows.get(0));
        // user 1, group 1, queue 1, partition 1 (SWF fields 12, 13, 15, 16)
        assertEquals("2," + trace.getFileName() + ",,1,2,5,1,COMPLETED_SUCCESSFULLY,10,5,15,9,14,2.8,0-1,,,cluster,0,1,1,1,1", rows.get(2));
        String summary = Files.readString(tmp.resolve("o/summary.json"));
        assertTrue(summary.contains("\"runtime_not_positive\": 1"), summary);
        assertTrue(summary.contains("\"wider_than_platform\": 1"), summary);
        assertTrue(summary.contains("\"read\": 4"), summary);
        // provenance: the trace as given and its bytes' digest, and the build that made the result
        String sha = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(trace)));
        assertTrue(summary.contains("\"path\": \"" + trace + "\",\n      \"sha256\": \"" + sha + "\""), summary);
        assertTrue(summary.matches("(?s).*\"build\": \\{\\s*\"version\": \"0\\.\\d+\\.\\d+[^\"]*\",\\s*\"commit\": \"[^\"]+\".*"), summary);
        assertEquals("", cli.out() + cli.err(), "--quiet prints nothing but errors");
        assertEquals(0, cli.run("simulate", "--workload", trace.toString(), "--batch", "fcfs", "--out", tmp.resolve("o").toString(), "--force"), cli.err());
        assertTrue(cli.out().contains("2 jobs simulated on cluster:4 with fcfs"));
        assertTrue(cli.err().contains("t.swf:4: job 3: runtime 0 (runtime_not_positive)"), "without --quiet, skipped lines are shown: " + cli.err());
        // between the two (scripts, job logs): the warnings and the summary without the progress lines
        assertEquals(0, cli.run("simulate", "--workload", trace.toString(), "--out", tmp.resolve("o").toString(), "--force", "--no-progress"), cli.err());
        assertTrue(cli.out().contains("2 jobs simulated on cluster:4"), cli.out());
        assertTrue(cli.err().contains("t.swf:4: job 3: runtime 0 (runtime_not_positive)"), cli.err());
        Path profile = tmp.resolve("p.json");
        Files.writeString(profile, "{\"name\": \"p\", \"workload\": {\"file\": \"" + trace.getFileName() + "\"}}");
        RunProfile run = cli.cli().runProfile(List.of(profile.toString(), "--no-progress"));
        assertFalse(run.progress);
        assertFalse(run.quiet);
        assertTrue(cli.cli().runProfile(List.of(profile.toString())).progress);
    }

    @Test
    void strictModeMakesAWideJobAnErrorNamingFileLineAndField() throws Exception {
        Path trace = swf("; MaxProcs: 4", job(1, 0, 10, 8, 10));
        assertEquals(1, cli.run("simulate", "--workload", trace.toString(), "--strict", "--quiet", "--out", tmp.resolve("o").toString()));
        assertTrue(cli.err().contains("t.swf:2: processors: job 1 needs 8 processors but the largest cluster has 4"), cli.err());
        assertFalse(cli.err().contains("at org."), "no stack trace: " + cli.err());
    }

    @Test
    void strictRunIsStrictAboutMalformedLinesToo() throws Exception {
        Path trace = swf("; MaxProcs: 4", job(1, 0, 10, 4, 10), "2 5 -1 abc 1 -1 -1 1 5 -1 1 1 1 -1 1 1 -1 -1");
        assertEquals(0, cli.run("simulate", "--workload", trace.toString(), "--quiet", "--out", tmp.resolve("o").toString()), cli.err());
        assertTrue(Files.readString(tmp.resolve("o/summary.json")).contains("\"malformed_line\": 1"));
        assertEquals(1, cli.run("simulate", "--workload", trace.toString(), "--strict", "--quiet", "--out", tmp.resolve("p").toString()));
        assertTrue(cli.err().contains("t.swf:3: field 4 (run time)"), cli.err());
    }

    @Test
    void sameProfileAndSeedGiveByteIdenticalResults() throws Exception {
        String[] args = {"simulate", "--generator", "lublin99", "--workload-option", "jobs=3000", "--workload-option",
            "requested_time=overestimate", "--platform", "c:256", "--batch", "cbf", "--seed", "9", "--quiet", "--out"};
        assertEquals(0, cli.run(concat(args, tmp.resolve("a").toString())), cli.err());
        assertEquals(0, cli.run(concat(args, tmp.resolve("b").toString())), cli.err());
        for (String f : List.of("jobs.csv", "summary.json")) {
            assertEquals(-1, Files.mismatch(tmp.resolve("a").resolve(f), tmp.resolve("b").resolve(f)), f + " differs");
        }
        args[12] = "10"; // the seed
        assertEquals(0, cli.run(concat(args, tmp.resolve("d").toString())), cli.err());
        assertTrue(Files.mismatch(tmp.resolve("a/jobs.csv"), tmp.resolve("d/jobs.csv")) >= 0, "another seed gives another workload");
    }

    private static String[] concat(String[] a, String last) {
        String[] r = java.util.Arrays.copyOf(a, a.length + 1);
        r[a.length] = last;
        return r;
    }

    @Test
    void severalClustersWithoutAMetaSchedulerUseMct() {
        // MCT is the default mapping; this registry has no "mct" plugin, so the error names it and the choices
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--platform", "a:64,b:32:1.5", "--quiet"));
        assertTrue(cli.err().contains("meta: meta-scheduler 'mct' is not available; available: random-weighted"), cli.err());
    }

    /** Messages that say what is wrong, found by an audit where they misled (each was a correct refusal, badly worded). */
    @Test
    void messagesSayWhatIsWrong() throws Exception {
        Path nan = tmp.resolve("nan.json");
        Files.writeString(nan, "{\"name\": \"p\", \"seed\": NaN}");
        assertEquals(1, cli.run("run", nan.toString()));
        assertTrue(cli.err().contains("not valid JSON: Non-standard token 'NaN' (JSON has no NaN or Infinity; write a number)")
                && !cli.err().contains("JsonReadFeature"), cli.err());
        Path latin1 = tmp.resolve("latin1.json");
        Files.write(latin1, new byte[] {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xe9, '"', '}'});
        assertEquals(1, cli.run("run", latin1.toString()));
        assertTrue(cli.err().contains("cannot read run profile: it is not UTF-8 text"), cli.err());
        Path bom = tmp.resolve("bom.json");
        Files.writeString(bom, "\uFEFF{\"name\": \"p\", \"platform\": \"c:8\", \"batch\": \"fcfs\","
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 5, \"processors\": 8}}}");
        assertEquals(0, cli.run("run", bom.toString(), "--quiet", "--out", tmp.resolve("bom").toString()), cli.err());
        assertEquals(1, cli.run("simulate", "--workload", tmp.toString(), "--platform", "c:4", "--quiet"));
        assertTrue(cli.err().contains(tmp + ": workload: is a folder; give a trace file"), cli.err());
        Path trace = swf("; MaxProcs: -5", job(1, 0, 10, 4, 10));
        assertEquals(1, cli.run("simulate", "--workload", trace.toString(), "--quiet"));
        assertTrue(cli.err().contains("no usable size (MaxProcs '-5' is not a positive whole number)"), cli.err());
        assertEquals(0, cli.run("plugins", "fcfs"), cli.err());
        assertTrue(cli.out().contains("fcfs") && !cli.out().contains("easy "), cli.out());
        assertEquals(1, cli.run("plugins", "fcfx"));
        assertTrue(cli.err().contains("error: no plugin named 'fcfx'; did you mean 'fcfs'?"), cli.err());
        assertEquals(2, cli.run("plugins", "fcfs", "easy"));
        assertEquals(2, cli.run("simulate", "--generator", "lublin99", "--platform", "c:8", "--clock", "sideways"));
        assertTrue(cli.err().contains("--clock is zero or unix, got 'sideways'"), cli.err());
        assertEquals(2, cli.run("simulate", "--generator", "lublin99", "--platform", "c:8", "--reader", "swf"));
        assertTrue(cli.err().contains("--reader chooses how trace files are read; a generator (--generator) reads none"), cli.err());
        assertEquals(2, cli.run("simulate", "--generator", "lublin99", "--platform", "c:8", "--workload-option", "jobs=50",
                "--workload-option", "jobs=10"));
        assertTrue(cli.err().contains("--workload-option sets jobs twice; give it once"), cli.err());
        Path described = tmp.resolve("described.json");
        Files.writeString(described, "{\"name\": \"p\", \"description\": 5}");
        assertEquals(1, cli.run("run", described.toString()));
        assertTrue(cli.err().contains("description: expected a non-empty string, got 5"), cli.err());
    }

    /** run names the profile in errors about its plugins and their options, as run --check does. */
    @Test
    void runErrorsNameTheProfile() throws Exception {
        Path profile = tmp.resolve("p.json");
        Files.writeString(profile, "{\"name\": \"p\", \"platform\": \"c:64\", \"batch\": \"sjf\","
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10}}}");
        assertEquals(1, cli.run("run", profile.toString(), "--quiet", "--out", tmp.resolve("o").toString()));
        assertTrue(cli.err().contains("gridsched: error: " + profile + ": batch: batch policy 'sjf' is not available"), cli.err());
    }

    /**
     * run --check finds what run would find before simulating, values of options too (it checked only their names):
     * the workload generator's, named by their path in the profile, and a batch policy's.
     */
    @Test
    void checkFindsBadOptionValuesAsRunDoes() throws Exception {
        Path jobs = tmp.resolve("jobs.json");
        Files.writeString(jobs, "{\"name\": \"p\", \"platform\": \"c:64\", \"batch\": \"easy\","
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 0}}}");
        String expected = jobs + ": workload.options.jobs: must be a whole number in 1..";
        assertEquals(1, cli.run("run", "--check", jobs.toString()));
        assertTrue(cli.err().contains(expected), cli.err());
        assertEquals(1, cli.run("run", jobs.toString(), "--quiet", "--out", tmp.resolve("o1").toString()));
        assertTrue(cli.err().contains(expected), cli.err());

        Path typo = tmp.resolve("typo.json");
        Files.writeString(typo, "{\"name\": \"p\", \"platform\": \"c:64\", \"batch\": \"easy\","
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jbos\": 10}}}");
        assertEquals(1, cli.run("run", "--check", typo.toString()));
        assertTrue(cli.err().contains(typo + ": workload.options.jbos: unknown option for workload generator 'lublin99'"), cli.err());

        cli.add(new org.gridsched.batch.KitEasyPolicy());
        Path batch = tmp.resolve("batch.json");
        Files.writeString(batch, "{\"name\": \"p\", \"platform\": \"c:64\", \"batch\": {\"name\": \"kit-easy\","
                + " \"options\": {\"protected\": -3}}, \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10}}}");
        assertEquals(1, cli.run("run", "--check", batch.toString()));
        assertTrue(cli.err().contains(batch + ": batch.options.protected: must be at least 1, got -3 (batch policy 'kit-easy')"), cli.err());
        assertFalse(Files.exists(tmp.resolve("o1")), "nothing written");

        // a key inside an option's object is named from the profile's key down (it lacked "batch.options.")
        cli.add(new org.gridsched.batch.multifactor.MultifactorPolicy());
        Path limits = tmp.resolve("limits.json");
        Files.writeString(limits, "{\"name\": \"p\", \"platform\": \"c:64\", \"batch\": {\"name\": \"multifactor\","
                + " \"options\": {\"limits\": {\"user\": {\"max_running\": 0}}, \"partitions\": {\"a\": 1}}},"
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10}}}");
        assertEquals(1, cli.run("run", "--check", limits.toString()));
        assertTrue(cli.err().contains(limits + ": batch.options.limits.user.max_running: expected a whole number >= 1, got '0'"
                + " (batch policy 'multifactor')"), cli.err());
        Files.writeString(limits, Files.readString(limits).replace("\"max_running\": 0", "\"max_running\": 1").replace("\"a\": 1", "\"a\": -1"));
        assertEquals(1, cli.run("run", "--check", limits.toString()));
        assertTrue(cli.err().contains(limits + ": batch.options.partitions.a: expected a tier >= 0, got '-1.0'"), cli.err());
    }

    /**
     * A folder that cannot be created (under a file): run --check named the profile and its key ("P: output: cannot
     * create ..."), the run only the key, "output", also when --out gave the folder. Both say the check's line now, and
     * a folder --out gives is named by the option, with or without a profile.
     */
    @Test
    void theRunAndItsCheckNameTheProfilesOutputOrTheOutOptionThatGaveTheFolder() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "not a folder");
        Path profile = tmp.resolve("out.json");
        Files.writeString(profile, "{\"name\": \"p\", \"platform\": \"c:64\", \"batch\": \"easy\", \"output\": \"a-file/results\","
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10}}}");
        String problem = "cannot create the output folder " + file.resolve("results") + ": " + file + " is not a folder";
        assertEquals(1, cli.run("run", "--check", profile.toString()));
        assertEquals("gridsched: error: " + profile + ": output: " + problem + "\n", cli.err());
        assertEquals(1, cli.run("run", profile.toString(), "--quiet"));
        assertEquals("gridsched: error: " + profile + ": output: " + problem + "\n", cli.err());

        Path other = file.resolve("other");
        String fromOption = "gridsched: error: --out: cannot create the output folder " + other + ": " + file + " is not a folder\n";
        assertEquals(1, cli.run("run", profile.toString(), "--quiet", "--out", other.toString()));
        assertEquals(fromOption, cli.err());
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--workload-option", "jobs=10", "--quiet", "--out", other.toString()));
        assertEquals(fromOption, cli.err());
    }

    /** run --check says when the run could not write its output folder, without creating it. */
    @Test
    void checkFindsAnOutputFolderThatCannotBeWritten() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "not a folder");
        Path profile = tmp.resolve("out.json");
        Files.writeString(profile, "{\"name\": \"p\", \"platform\": \"c:64\", \"batch\": \"easy\", \"output\": \"a-file/results\","
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10}}}");
        assertEquals(1, cli.run("run", "--check", profile.toString()));
        assertTrue(cli.err().contains("output: cannot create the output folder " + file.resolve("results") + ": " + file + " is not a folder"),
                cli.err());
        Files.writeString(profile, Files.readString(profile).replace("a-file/results", "a-file"));
        assertEquals(1, cli.run("run", "--check", profile.toString()));
        assertTrue(cli.err().contains("output: " + file + " is a file, not a folder"), cli.err());
        Files.writeString(profile, Files.readString(profile).replace("a-file", "new/deeper/results"));
        assertEquals(0, cli.run("run", "--check", profile.toString()), cli.err());
        assertFalse(Files.exists(tmp.resolve("new")), "the check creates nothing");
    }

    @Test
    void unknownPluginNamesListTheChoices() {
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--platform", "c:64", "--batch", "sjf", "--quiet"));
        assertTrue(cli.err().contains("batch: batch policy 'sjf' is not available; available: cbf, easy, fcfs"), cli.err());
        assertEquals(1, cli.run("simulate", "--generator", "poisson", "--platform", "c:64", "--quiet"));
        assertTrue(cli.err().contains("workload generator 'poisson' is not available; available: lublin99, synthetic"), cli.err());
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--platform", "c:64", "--collectors", "jobs,energy", "--quiet"));
        assertTrue(cli.err().contains("metric collector 'energy' is not available; available: jobs, queue, slowdown, utilization"), cli.err());
        // the same collector twice: one's results replaced the other's without a word
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--platform", "c:64", "--collectors", "jobs,queue,jobs", "--quiet"));
        assertTrue(cli.err().contains("collectors: metric collector 'jobs' is chosen twice; its metrics and files appear once per run"), cli.err());
    }

    @Test
    void unknownPluginOptionsListTheValidOnes() {
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--workload-option", "jbos=5", "--platform", "c:64", "--quiet"));
        assertTrue(cli.err().contains("jbos: unknown option for workload generator 'lublin99'; valid options:"), cli.err());
    }

    @Test
    void referenceNeedsAReallocation() {
        assertEquals(1, cli.run("simulate", "--generator", "synthetic", "--workload-option", "jobs=10", "--platform", "a:16,b:8",
                "--meta", "random-weighted", "--reference", "--quiet"));
        assertTrue(cli.err().contains("reference: a reference run compares reallocation with none; give --realloc"), cli.err());
        assertEquals(1, cli.run("simulate", "--generator", "synthetic", "--workload-option", "jobs=10", "--platform", "a:16,b:8",
                "--meta", "random-weighted", "--realloc", "sometimes", "--quiet"));
        assertTrue(cli.err().contains("reallocation algorithm 'sometimes' is not available; available: none (is its bundle installed and started?)"), cli.err());
    }

    @Test
    void usageErrorsExitWithTwo() {
        assertEquals(2, cli.run("frobnicate"));
        assertTrue(cli.err().contains("unknown command 'frobnicate'"));
        assertEquals(2, cli.run("simulate", "--batch"));
        assertTrue(cli.err().contains("--batch needs a value"));
        assertEquals(2, cli.run("simulate", "--platform", "c:4"));
        assertTrue(cli.err().contains("exactly one of --workload FILE and --generator NAME"));
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--platform", "c:x"));
        assertTrue(cli.err().contains("processor count 'x' of cluster 'c' is not a whole number"), cli.err());
    }

    /**
     * Where results go cannot leave the results folder or half-create a folder: a run name is a folder name (not
     * '..', as the profile key), and an --out that goes up ('..') from a folder that does not exist is refused before
     * anything is created (the system cannot resolve it; Java created the folders after the '..' and then reported
     * "permission denied"). Option numbers are plain decimals: 95d is not 95 watts.
     */
    @Test
    void outputFoldersAndNumbersAreWhatTheyLookLike() {
        assertEquals(2, cli.run("simulate", "--generator", "synthetic", "--workload-option", "jobs=10", "--platform", "c:16", "--name", ".."));
        assertTrue(cli.err().contains("--name: use letters, digits") && cli.err().contains("not '.' or '..'"), cli.err());
        Path out = tmp.resolve("missing").resolve("..").resolve("made").resolve("x");
        assertEquals(1, cli.run("simulate", "--generator", "synthetic", "--workload-option", "jobs=10", "--platform", "c:16",
                "--quiet", "--out", out.toString()));
        assertTrue(cli.err().contains("goes up ('..') from " + tmp.resolve("missing") + ", which does not exist"), cli.err());
        assertTrue(!Files.exists(tmp.resolve("made")), "nothing created");
        assertEquals(2, cli.run("simulate", "--generator", "synthetic", "--workload-option", "jobs=10", "--platform", "c:16",
                "--max-skipped-fraction", "0.5d"));
        assertTrue(cli.err().contains("--max-skipped-fraction needs a number, got '0.5d'"), cli.err());
        assertEquals(1, cli.run("simulate", "--generator", "synthetic", "--workload-option", "jobs=10", "--platform", "c:16",
                "--quiet", "--out", tmp.resolve("p").toString(), "--power-option", "idle=95d", "--power-option", "busy=190"));
        assertTrue(cli.err().contains("power.idle: expected a number") && cli.err().contains("'95d'"), cli.err());
    }

    @Test
    void missingTraceIsAClearError() {
        assertEquals(1, cli.run("simulate", "--workload", tmp.resolve("nope.swf").toString(), "--platform", "c:4", "--quiet"));
        assertTrue(cli.err().contains("nope.swf") && cli.err().toLowerCase().contains("no such"), cli.err());
    }

    @Test
    void platformDefaultsToTheTraceHeader() throws Exception {
        Path trace = swf("; MaxProcs: 16 (some prose)", job(1, 0, 10, 16, 10));
        assertEquals(0, cli.run("simulate", "--workload", trace.toString(), "--quiet", "--out", tmp.resolve("o").toString()), cli.err());
        assertTrue(Files.readString(tmp.resolve("o/summary.json")).contains("\"processors\": 16"));
    }

    /**
     * --clock unix reads UnixStartTime as the SWF reader checked it: with prose after the number or a sign, it said
     * "aligning workloads on UnixStartTime needs that header in every trace". An empty one is named with its trace.
     * The platform's size from MaxProcs follows the same rule ('+4').
     */
    @Test
    void clockUnixTakesTheUnixStartTimesTheReaderAccepts() throws Exception {
        Path a = tmp.resolve("a.swf");
        Path b = tmp.resolve("b.swf");
        Files.write(a, List.of("; MaxProcs: 4", "; UnixStartTime: 1000 (Sun Jul 28 09:04:05 CEST 2002)", job(1, 0, 10, 1, 10)));
        Files.write(b, List.of("; MaxProcs: 4", "; UnixStartTime: +997", job(1, 0, 10, 1, 10), job(2, 1, 10, 1, 10)));
        assertEquals(0, cli.run("simulate", "--workload", a + "," + b, "--clock", "unix", "--batch", "fcfs", "--platform", "c:4",
                "--out", tmp.resolve("o").toString(), "--quiet"), cli.err());
        List<String> submits = Files.readAllLines(tmp.resolve("o/jobs.csv")).stream().skip(1)
                .map(r -> r.split(",")[3]).sorted().toList();
        assertEquals(List.of("0", "1", "3"), submits, "b starts 3 s before a");
        Path plus = swf("; MaxProcs: +4", job(1, 0, 10, 4, 10));
        assertEquals(0, cli.run("simulate", "--workload", plus.toString(), "--out", tmp.resolve("o1").toString(), "--quiet"), cli.err());
        assertTrue(Files.readString(tmp.resolve("o1/summary.json")).contains("\"processors\": 4"));

        Files.write(b, List.of("; MaxProcs: 4", "; UnixStartTime:", job(1, 0, 10, 1, 10)));
        assertEquals(1, cli.run("simulate", "--workload", a + "," + b, "--clock", "unix", "--platform", "c:4",
                "--out", tmp.resolve("o2").toString(), "--quiet"));
        assertTrue(cli.err().contains(b + ": UnixStartTime: --clock unix aligns the traces on their UnixStartTime header "
                + "and this one has an empty one"), cli.err());
        Files.write(b, List.of("; MaxProcs: 4", "; UnixStartTime: 12x", job(1, 0, 10, 1, 10)));
        assertEquals(1, cli.run("simulate", "--workload", a + "," + b, "--clock", "unix", "--platform", "c:4",
                "--out", tmp.resolve("o3").toString(), "--quiet"));
        assertTrue(cli.err().contains(b + ":2: UnixStartTime: expected a whole number, got '12x'"), cli.err());
    }

    /** A submit time of 1e300 is skipped by the reader and the lines after it keep their own times (no invalid_job). */
    @Test
    void aHugeSubmitTimeDoesNotSpoilTheJobsAfterIt() throws Exception {
        Path trace = swf("; MaxProcs: 4", job(1, 0, 10, 1, 10), "2 1e300 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 1 1 -1 -1",
                job(3, 5, 10, 1, 10), job(4, 6, 10, 1, 10));
        assertEquals(0, cli.run("simulate", "--workload", trace.toString(), "--batch", "fcfs", "--out", tmp.resolve("o").toString()), cli.err());
        String summary = Files.readString(tmp.resolve("o/summary.json"));
        assertTrue(summary.contains("\"submit_time_too_large\": 1") && !summary.contains("invalid_job")
                && !summary.contains("submit_time_out_of_order"), summary);
        assertTrue(cli.err().contains("t.swf:3: job 2: submit time 1e300 is beyond"), cli.err());
        assertEquals(4, Files.readAllLines(tmp.resolve("o/jobs.csv")).size(), "jobs 1, 3 and 4 ran");
    }

    @Test
    void profileRunsAndCommandLineOverridesOutputAndSeed() throws Exception {
        Path profile = tmp.resolve("p.json");
        Files.writeString(profile, """
                {"name": "p", "platform": [{"name": "c", "processors": 128, "batch": "cbf"}],
                 "workload": {"generator": "lublin99", "options": {"jobs": 400, "processors": 128}},
                 "collectors": {"jobs": {"bounded_slowdown_threshold": 60}}, "seed": 4, "progress": false}
                """);
        assertEquals(0, cli.run("run", profile.toString(), "--out", tmp.resolve("o").toString(), "--seed", "5"), cli.err());
        String s = Files.readString(tmp.resolve("o/summary.json"));
        assertTrue(s.contains("\"seed\": 5") && s.contains("\"bounded_slowdown_threshold\": 60") && s.contains("\"batch\": \"cbf\""), s);
        assertFalse(s.contains("\"utilization\""), "only the collectors named in the profile run");
    }

    /**
     * simulate's failure, power and carbon options give the run a profile's failures, power, power_management and
     * carbon would: the same files, byte for byte.
     */
    @Test
    void simulateOptionsForFailuresAndEnergyAreTheProfileKeys() throws Exception {
        Files.writeString(tmp.resolve("f.csv"), "time,cluster,processors,duration\n3600,c,0-15,7200\n");
        Files.writeString(tmp.resolve("i.csv"), "time,gco2_per_kwh\n0,300\n86400,120\n");
        Path profile = tmp.resolve("p.json");
        Files.writeString(profile, """
                {"name": "simulate", "platform": [{"name": "c", "processors": 64, "batch": "cbf"}],
                 "workload": {"generator": "lublin99", "options": {"jobs": 600, "processors": 64}},
                 "failures": {"trace": ["f.csv"], "model": {"mtbf": 400000, "repair_mean": 3600, "node_size": 4}, "retries": 1},
                 "power": {"idle": 95, "busy": 190, "off": 5, "switch_on_time": 60},
                 "power_management": {"timeout": 1800}, "carbon": "i.csv", "seed": 3, "progress": false}
                """);
        assertEquals(0, cli.run("run", profile.toString(), "--out", tmp.resolve("profile").toString()), cli.err());
        assertEquals(0, cli.run("simulate", "--generator", "lublin99", "--workload-option", "jobs=600", "--workload-option",
                "processors=64", "--platform", "c:64", "--batch", "cbf", "--seed", "3", "--quiet",
                "--failures", tmp.resolve("f.csv").toString(), "--failure-model-option", "mtbf=400000",
                "--failure-model-option", "repair_mean=3600", "--failure-model-option", "node_size=4", "--failures-option", "retries=1",
                "--power-option", "idle=95", "--power-option", "busy=190", "--power-option", "off=5", "--power-option", "switch_on_time=60",
                "--power-management-option", "timeout=1800", "--carbon", tmp.resolve("i.csv").toString(),
                "--out", tmp.resolve("options").toString()), cli.err());
        for (String f : List.of("jobs.csv", "availability.csv", "unavailable.csv", "energy.csv", "power.csv")) {
            assertEquals(Files.readString(tmp.resolve("profile").resolve(f)), Files.readString(tmp.resolve("options").resolve(f)), f);
        }
        String summary = Files.readString(tmp.resolve("options/summary.json"));
        assertTrue(summary.contains("\"failures\": {") && summary.contains("\"carbon_grams\""), summary);
    }

    /**
     * The console summary gives the energy, carbon and failures that summary.json has, hand-computed: on c:4 one job of
     * 2 processors runs [0, 3600) (200 W busy each: 1,440,000 J); processors 2-3 are down over [0, 1800) and idle after
     * (100 W: 2 x 1800 x 100 = 360,000 J idle): 1,800,000 J = 500 Wh, idle 20 %; at 500 g/kWh, 250 g. Availability
     * 1 - 2 x 1800 / (4 x 3600) = 75 %; a failure after the job's end is outside the window. A run without those models
     * prints none of these lines.
     */
    @Test
    void theConsoleSummaryGivesEnergyCarbonAndFailures() throws Exception {
        Path trace = tmp.resolve("one.swf");
        Files.writeString(trace, "; MaxProcs: 4\n1 0 0 3600 2 -1 -1 2 3600 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        // the second failure comes after the run's window (the job's end): counted apart
        Files.writeString(tmp.resolve("f.csv"), "time,cluster,processors,duration\n0,cluster,2-3,1800\n7200,cluster,0,60\n");
        String[] run = {"simulate", "--workload", trace.toString(), "--batch", "fcfs", "--out", tmp.resolve("plain").toString()};
        assertEquals(0, cli.run(run), cli.err());
        assertFalse(cli.out().contains("energy:") || cli.out().contains("carbon:") || cli.out().contains("failures:"), cli.out());
        assertEquals(0, cli.run(concat(run, "--force", "--power-option", "idle=100", "--power-option", "busy=200", "--carbon", "500",
                "--failures", tmp.resolve("f.csv").toString())), cli.err());
        List<String> lines = cli.out().lines().toList();
        assertTrue(lines.contains("  energy: 500.0 Wh (idle 20.0 %)"), cli.out());
        assertTrue(lines.contains("  carbon: 250.0 g CO2 (idle 20.0 %)"), cli.out());
        assertTrue(lines.contains("  failures: 1 (and 1 outside the run's window); availability 75.00 %; 0 kills (0 jobs failed);"),
                cli.out());
        // one job, killed once by a failure of its processor 0 at 600 s and not re-submitted: singular counts (it said
        // "1 jobs simulated", "1 kills (1 jobs failed)")
        Files.writeString(tmp.resolve("f.csv"), "time,cluster,processors,duration\n600,cluster,0,60\n");
        assertEquals(0, cli.run(concat(run, "--force", "--failures", tmp.resolve("f.csv").toString(), "--failures-option",
                "resubmit=false")), cli.err());
        assertTrue(cli.out().startsWith("simulate: 1 job simulated on cluster:4 with fcfs; "), cli.out());
        assertTrue(cli.out().contains("; 1 kill (1 job failed);"), cli.out());
    }

    /**
     * Power management switches processor 1 off over [10, 12) (off after 10 s idle, 2 s to switch); a trace's failure
     * of it at 11 (switching) and at 50 (off) takes nothing down: the warning names both states (it said "off, claimed,
     * or down", not switching).
     */
    @Test
    void aFailureOfSwitchingProcessorsIsWarnedAbout() throws Exception {
        Path trace = tmp.resolve("pm.swf");
        Files.writeString(trace, "1 0 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 -1 -1 -1\n2 100 -1 10 2 -1 -1 2 10 -1 1 1 1 -1 -1 -1 -1 -1\n");
        Files.writeString(tmp.resolve("f.csv"), "11,c,1,5\n50,c,1,10\n");
        assertEquals(0, cli.run("simulate", "--workload", trace.toString(), "--platform", "c:2", "--batch", "fcfs", "--power-option",
                "idle=10", "--power-option", "busy=30", "--power-option", "switch_off_time=2", "--power-option", "switch_on_time=5",
                "--power-management-option", "timeout=10", "--failures", tmp.resolve("f.csv").toString(), "--out",
                tmp.resolve("o").toString()), cli.err());
        assertTrue(cli.err().contains("gridsched: warning: 2 failure event(s) of the trace took no processor down (all of theirs"
                + " were off or switching, claimed, or down until the event's end already), e.g. " + tmp.resolve("f.csv") + ":1, "
                + tmp.resolve("f.csv") + ":2;"), cli.err());
    }

    @Test
    void simulateOptionsForFailuresAndEnergyNeedWhatTheyBuildOn() {
        String[] base = {"simulate", "--generator", "lublin99", "--platform", "c:64", "--quiet", "--out", tmp.resolve("o").toString()};
        assertEquals(2, cli.run(concat(base, "--carbon", "300")));
        assertTrue(cli.err().contains("--carbon needs a power model: --power-option idle=WATTS --power-option busy=WATTS"), cli.err());
        assertEquals(2, cli.run(concat(base, "--power-management-option", "timeout=60")));
        assertTrue(cli.err().contains("--power-management-option needs a power model"), cli.err());
        assertEquals(2, cli.run(concat(base, "--failures-option", "retries=2")));
        assertTrue(cli.err().contains("--failures-option needs --failures FILE or --failure-model-option KEY=VALUE"), cli.err());
        assertEquals(2, cli.run(concat(base, "--power-option", "idle=1", "--power-option", "busy=2", "--carbon", "c=1,c=2")));
        assertTrue(cli.err().contains("--carbon names cluster c twice"), cli.err());
        assertEquals(2, cli.run(concat(base, "--power-option", "idle=1", "--power-option", "busy=2", "--carbon", "300,c=100")));
        assertTrue(cli.err().contains("--carbon: '300' names no cluster; give one FILE or G_PER_KWH for every cluster, or"
                + " CLUSTER=FILE|G_PER_KWH for each cluster"), cli.err());
        assertEquals(2, cli.run(concat(base, "--power-option", "idle=1", "--power-option", "busy=2", "--carbon", ",c=100")));
        assertTrue(cli.err().contains("--carbon: an empty entry of ',c=100' names no cluster"), cli.err());
        assertEquals(2, cli.run(concat(base, "--power-option", "idle=1", "--power-option", "busy=2", "--carbon", "c=")));
        assertTrue(cli.err().contains("--carbon expects FILE, G_PER_KWH or CLUSTER=FILE|G_PER_KWH,..., got 'c='"), cli.err());
        assertEquals(1, cli.run(concat(base, "--power-option", "idle=95")));
        assertTrue(cli.err().contains("power.busy: missing"), cli.err());
        assertEquals(1, cli.run(concat(base, "--failure-model-option", "mtbf=-5")));
        assertTrue(cli.err().contains("failures.model.mtbf"), cli.err());
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void profileErrorsNameTheFileAndKey() throws Exception {
        Path profile = tmp.resolve("bad.json");
        Files.writeString(profile, "{\"workload\": {\"generator\": \"lublin99\"}, \"sed\": 4}");
        assertEquals(1, cli.run("run", profile.toString()));
        assertTrue(cli.err().contains("bad.json: sed: unknown key; valid keys: batch, carbon, collectors, controllers, description"), cli.err());

        Files.writeString(profile, "{\"workload\": {\"generator\": \"lublin99\"},\n \"platform\": [{\"name\": \"c\", \"processors\": -3}]}");
        assertEquals(1, cli.run("run", profile.toString()));
        assertTrue(cli.err().contains("platform[0].processors: expected a positive whole number, got -3"), cli.err());

        Files.writeString(profile, "{\"workload\": {\"generator\": \"lublin99\"},\n \"seed\": }");
        assertEquals(1, cli.run("run", profile.toString()));
        assertTrue(cli.err().contains("bad.json:2: not valid JSON"), cli.err());

        assertEquals(1, cli.run("run", tmp.resolve("absent.json").toString()));
        assertTrue(cli.err().contains("absent.json: no such run profile"), cli.err());
    }

    @Test
    void profilePathsAreRelativeToTheProfile() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("profiles"));
        Files.write(dir.resolve("t.swf"), List.of("; MaxProcs: 4", job(1, 0, 10, 4, 10)));
        Files.writeString(dir.resolve("p.json"), "{\"name\": \"rel\", \"workload\": {\"file\": \"t.swf\"}, \"output\": \"out\", \"progress\": false}");
        assertEquals(0, cli.run("run", dir.resolve("p.json").toString()), cli.err());
        assertTrue(Files.exists(dir.resolve("out/jobs.csv")));
    }

    @Test
    void quickstartProfileShippedInTheRepositoryParses() {
        Path q = Path.of(System.getProperty("gridsched.home", "../..")).resolve("runconfigs/quickstart.json");
        RunProfile p = ProfileParser.parse(q);
        assertEquals("quickstart", p.name);
        assertEquals("lublin99", p.generator);
    }

    @Test
    void generateWritesTheProfilesWorkloadAsSwfThatSimulatesTheSame() throws Exception {
        Path profile = tmp.resolve("g.json");
        Files.writeString(profile, """
                {"name": "g", "platform": "c:64", "batch": "easy", "progress": false,
                 "workload": {"generator": "synthetic", "options": {"jobs": 2000, "rate": 0.05, "size": "uniform",
                   "max_size": 64, "length": "uniform", "mean_length": 600, "requested_time": "overestimate"}}}
                """);
        Path swf = tmp.resolve("w.swf.gz");
        assertEquals(0, cli.run("generate", profile.toString(), "--swf", swf.toString(), "--seed", "3"), cli.err());
        assertTrue(cli.out().contains("wrote 2,000 jobs"));
        assertEquals(0, cli.run("run", profile.toString(), "--seed", "3", "--out", tmp.resolve("direct").toString()), cli.err());
        assertEquals(0, cli.run("simulate", "--workload", swf.toString(), "--platform", "c:64", "--batch", "easy", "--quiet",
                "--out", tmp.resolve("fromswf").toString()), cli.err());
        // same jobs, same schedule: only the cluster name column could differ, and it does not
        // the same schedule; only workload_name differs (the generator's name, then the file's)
        assertEquals(withoutWorkloadName(tmp.resolve("direct/jobs.csv"), "synthetic"), withoutWorkloadName(tmp.resolve("fromswf/jobs.csv"),
                swf.getFileName().toString()));
    }

    /**
     * generate wrote what the reader kept of a trace and said nothing of the lines it skipped or repaired, and wrote a
     * trace that lost more than max_skipped_fraction (or every job) where its run fails: now it says them as a run does,
     * and fails as the run would, leaving no file.
     */
    @Test
    void generateSaysWhatTheTraceLostAndFailsWhereItsRunWould() throws Exception {
        Path trace = swf("; MaxProcs: 8", job(1, 0, 10, 2, 20), "2 5 -1 10", job(3, 6, 10, 2, -1));
        Path profile = tmp.resolve("t.json");
        Files.writeString(profile, "{\"name\": \"t\", \"workload\": {\"file\": \"" + trace + "\"}}");
        Path out = tmp.resolve("t-out.swf");
        assertEquals(0, cli.run("generate", profile.toString(), "--swf", out.toString()), cli.err());
        assertTrue(cli.err().contains("t: 1 job(s) skipped {malformed_line=1}; the first:\n  t.swf:3: found 4 fields, expected 18"),
                cli.err());
        assertTrue(cli.out().contains("wrote 2 jobs") && cli.out().contains("  read 3; skipped 1 {malformed_line=1}; repaired"
                + " {requested_time_from_runtime=1}"), cli.out());

        Path bad = swf("; MaxProcs: 8", job(1, 0, 10, 2, 20), "2 5 -1 10", "3 6 x");
        Files.writeString(profile, "{\"name\": \"t\", \"workload\": {\"file\": \"" + bad + "\"}}");
        Path out2 = tmp.resolve("t-out2.swf");
        assertEquals(1, cli.run("generate", profile.toString(), "--swf", out2.toString()));
        assertTrue(cli.err().contains("max_skipped_fraction: 2 of 3 jobs were skipped {malformed_line=2}"), cli.err());
        assertFalse(Files.exists(out2), "no trace written");
        assertEquals(List.of("t-out.swf", "t.json", "t.swf"), Files.list(tmp).map(f -> f.getFileName().toString())
                .filter(n -> n.startsWith("t")).sorted().toList(), "nor a temporary file left");
    }

    /** A workload's home clusters and co-allocated jobs became ordinary SWF jobs without a word. */
    @Test
    void generateWarnsThatSwfHasNoHomeClusterNorCoallocation() throws Exception {
        cli.add(new org.gridsched.api.workload.WorkloadGenerator() {
            @Override
            public String name() {
                return "homes";
            }

            @Override
            public String description() {
                return "two jobs with a home, one co-allocated";
            }

            @Override
            public List<org.gridsched.api.Parameter> parameters() {
                return List.of();
            }

            @Override
            public org.gridsched.api.workload.JobSource open(org.gridsched.api.PluginOptions options, long seed) {
                List<org.gridsched.api.workload.JobRecord> jobs = new ArrayList<>();
                for (int i = 1; i <= 4; i++) {
                    org.gridsched.api.workload.JobRecord r = new org.gridsched.api.workload.JobRecord();
                    r.set(i, i, 10, 10, 4);
                    r.home = i <= 2 ? 0 : -1;
                    r.components = i == 3 ? 2 : 1;
                    jobs.add(r);
                }
                return new org.gridsched.engine.ListJobSource("homes", jobs);
            }
        });
        Path profile = tmp.resolve("h.json");
        Files.writeString(profile, "{\"name\": \"h\", \"platform\": \"a:8,b:8\", \"workload\": {\"generator\": \"homes\"}}");
        assertEquals(0, cli.run("generate", profile.toString(), "--swf", tmp.resolve("h.swf").toString()), cli.err());
        assertTrue(cli.err().contains("gridsched: warning: h: SWF has no field for a job's home cluster nor for co-allocation: 2 job(s)"
                + " with a home cluster and 1 co-allocated job(s) are ordinary jobs in"), cli.err());
        assertEquals(0, cli.run("generate", writeProfile("q.json",
                "{\"name\": \"q\", \"workload\": {\"generator\": \"synthetic\", \"options\": {\"jobs\": 5}}}"), "--swf",
                tmp.resolve("q.swf").toString()), cli.err());
        assertFalse(cli.err().contains("warning"), cli.err());
    }

    private String writeProfile(String name, String json) throws IOException {
        Path f = tmp.resolve(name);
        Files.writeString(f, json);
        return f.toString();
    }

    @Test
    void severalClustersRunWithAMetaScheduler() throws Exception {
        assertEquals(0, cli.run("simulate", "--generator", "synthetic", "--workload-option", "jobs=5000", "--platform",
                "a:16:0.8,b:8", "--meta", "random-weighted", "--batch", "fcfs", "--collectors", "jobs,queue", "--quiet",
                "--out", tmp.resolve("m").toString()), cli.err());
        String s = Files.readString(tmp.resolve("m/summary.json"));
        assertTrue(s.contains("\"meta\": \"random-weighted\"") && s.contains("\"dispatch_fraction\""), s);
        assertEquals(1, cli.run("simulate", "--generator", "synthetic", "--workload-option", "jobs=10", "--platform", "a:16,b:8",
                "--meta", "cheapest", "--quiet"));
        assertTrue(cli.err().contains("meta-scheduler 'cheapest' is not available; available: random-weighted"), cli.err());
    }

    @Test
    void pluginsListsEveryPluginWithItsOptions() {
        assertEquals(0, cli.run("plugins"));
        String o = cli.out();
        assertTrue(o.contains("batch policies:") && o.contains("  cbf ") && o.contains("requested_time = requested")
                && o.contains("bounded_slowdown_threshold = 10") && o.contains("[classpath]"), o);
    }

    /**
     * A generator sized for a machine gets the platform's largest cluster when not told otherwise (issue 15: on
     * c:1024, the model's 256 processors gave 23 % utilization at load 0.9, and on c:64 jobs were skipped as too
     * wide); the offered load it got is printed, and an explicit size is kept.
     */
    @Test
    void aMachineSizedGeneratorIsSizedLikeThePlatform() throws Exception {
        assertEquals(0, cli.run("simulate", "--generator", "lublin99", "--workload-option", "jobs=20000", "--workload-option", "load=0.9",
                "--platform", "c:64", "--batch", "easy", "--out", tmp.resolve("a").toString()), cli.err());
        String o = cli.out();
        o.lines().forEach(l -> assertTrue(l.length() < 100, "a summary line of 100 characters or more: " + l));
        assertTrue(o.contains("20,000 jobs simulated"), o + cli.err());
        String load = o.replaceAll("(?s).*offered load ([0-9.]+) of the platform's processors.*", "$1");
        assertEquals(0.9, Double.parseDouble(load), 0.05, o);
        String utilization = o.replaceAll("(?s).*utilization ([0-9.]+) %.*", "$1");
        assertEquals(90, Double.parseDouble(utilization), 5, o);

        assertEquals(0, cli.run("simulate", "--generator", "lublin99", "--workload-option", "jobs=2000", "--workload-option", "processors=16",
                "--platform", "c:64", "--quiet", "--out", tmp.resolve("b").toString()), cli.err());
        String small = Files.readString(tmp.resolve("b/jobs.csv"));
        assertTrue(small.lines().skip(1).allMatch(l -> Integer.parseInt(l.split(",")[4]) <= 16), "an explicit size is kept");
    }

    /** Options that would do nothing are errors naming them (issue 15). */
    @Test
    void optionsThatWouldDoNothingAreErrors() throws Exception {
        assertEquals(2, cli.run("simulate", "--generator", "lublin99", "--platform", "a:64,b:32", "--meta", "mct", "--heuristic", "minmin", "--quiet"));
        assertTrue(cli.err().contains("--heuristic chooses how a reallocation picks jobs; it has no effect without --realloc NAME"), cli.err());
        assertEquals(2, cli.run("simulate", "--generator", "lublin99", "--platform", "c:64", "--batch", "fcfs", "--batch", "easy", "--quiet"));
        assertTrue(cli.err().contains("simulate: --batch is given twice; give it once"), cli.err());
        Path profile = tmp.resolve("dup.json");
        Files.writeString(profile, "{\"name\": \"d\", \"platform\": \"c:64\",\n \"batch\": \"fcfs\",\n \"batch\": \"easy\"}");
        assertEquals(1, cli.run("run", profile.toString(), "--quiet"));
        assertTrue(cli.err().contains("dup.json:3") && cli.err().contains("batch"), cli.err());
        Files.writeString(profile, "{\"name\": \"d\", \"platform\": \"c:64\", \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10}}}");
        assertEquals(2, cli.run("run", profile.toString(), "--seed", "1", "--seed", "2"));
        assertTrue(cli.err().contains("run: --seed is given twice"), cli.err());
        // a matrix that lists its seeds never reads the profile's seed: --seed would be ignored without a word
        Files.writeString(profile, "{\"name\": \"d\", \"platform\": \"c:64\", \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10}},"
                + " \"matrix\": {\"batch\": [\"fcfs\", \"easy\"], \"seeds\": [1, 2]}}");
        assertEquals(2, cli.run("run", profile.toString(), "--seed", "7", "--out", tmp.resolve("seeded").toString()));
        assertTrue(cli.err().contains("--seed: the profile's matrix lists its own seeds (matrix.seeds [1, 2]), so --seed would change nothing"),
                cli.err());
        assertFalse(Files.exists(tmp.resolve("seeded")));
        String gen = "\"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10}}";
        Files.writeString(profile, "{\"name\": \"h\", \"platform\": \"a:64,b:32\", " + gen + ", \"heuristic\": \"minmin\"}");
        assertEquals(1, cli.run("run", profile.toString(), "--quiet"));
        assertTrue(cli.err().contains("heuristic") && cli.err().contains("has no effect without \"realloc\""), cli.err());
        // varied by a matrix, or with a reallocation, it is used
        Files.writeString(profile, "{\"name\": \"h\", \"platform\": \"a:64,b:32\", " + gen + ", \"heuristic\": \"minmin\","
                + " \"realloc\": \"regular\"}");
        assertEquals("minmin", ProfileParser.parse(profile).choice(PluginRegistry.Kind.HEURISTIC, 2).name());
        Files.writeString(profile, "{\"name\": \"h\", \"platform\": \"a:64,b:32\", " + gen + ", \"heuristic\": \"minmin\","
                + " \"matrix\": {\"realloc\": [\"regular\", \"all-cancellation\"]}}");
        ProfileParser.parse(profile); // the matrix gives the reallocation: no error
    }

    /**
     * A file of which no job can be read is an error, not "0 jobs simulated" (issue 15); so is a workload that
     * loses more than max_skipped_fraction of its jobs; the first skipped lines are named on stderr and kept in
     * summary.json, at most 20 per reason.
     */
    @Test
    void skippedLinesAreShownAndTooManyFailTheRun() throws Exception {
        Path binary = tmp.resolve("binary.swf");
        Files.write(binary, new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, '\n', 1, 2, 3, '\n'});
        assertEquals(1, cli.run("simulate", "--workload", binary.toString(), "--platform", "c:8", "--quiet", "--out", tmp.resolve("x").toString()));
        assertTrue(cli.err().contains("binary.swf: workload: no job could be read: 2 skipped {malformed_line=2}; the first:"), cli.err());
        assertTrue(cli.err().contains("binary.swf:1: found 1 field, expected 18 (malformed_line)"), cli.err());
        assertFalse(Files.exists(tmp.resolve("x/summary.json")));

        List<String> lines = new ArrayList<>();
        for (int i = 1; i <= 30; i++) {
            lines.add(i + " " + i + " 0 " + (i <= 24 ? 0 : 10) + " 1 -1 -1 1 20 -1 1 1 1 1 1 -1 -1 -1");
        }
        Path trace = swf(lines.toArray(String[]::new));
        assertEquals(1, cli.run("simulate", "--workload", trace.toString(), "--platform", "c:8", "--quiet", "--out", tmp.resolve("y").toString()));
        assertTrue(cli.err().contains("24 of 30 jobs were skipped {runtime_not_positive=24}, more than max_skipped_fraction 0.5 allows"), cli.err());
        assertEquals(0, cli.run("simulate", "--workload", trace.toString(), "--platform", "c:8", "--max-skipped-fraction", "0.9",
                "--out", tmp.resolve("y").toString()), cli.err());
        assertTrue(cli.err().contains("t.swf:1: job 1: runtime 0 (runtime_not_positive)"), cli.err());
        String summary = Files.readString(tmp.resolve("y/summary.json"));
        assertTrue(summary.contains("\"skipped_examples\": {") && summary.contains("\"detail\": \"job 20: runtime 0\""), summary);
        assertFalse(summary.contains("job 21: runtime 0"), "at most 20 examples per reason");
        assertEquals(1, cli.run("simulate", "--workload", trace.toString(), "--platform", "c:8", "--quiet", "--max-skipped-fraction", "2",
                "--out", tmp.resolve("z").toString()));
        assertTrue(cli.err().contains("max_skipped_fraction: must be between 0 and 1, got 2.0"), cli.err());

        // run --check reads a trace through as the run would: what the run refuses, the check refuses
        Path profile = tmp.resolve("skips.json");
        Files.writeString(profile, "{\"name\": \"skips\", \"platform\": \"c:8\", \"batch\": \"fcfs\", \"workload\": {\"files\": [\""
                + trace + "\"]}, \"output\": \"" + tmp.resolve("w") + "\"}");
        assertEquals(1, cli.run("run", "--check", profile.toString()));
        assertTrue(cli.err().contains("24 of 30 jobs were skipped {runtime_not_positive=24}, more than max_skipped_fraction 0.5 allows"), cli.err());
        Files.writeString(profile, Files.readString(profile).replace("\"batch\"", "\"max_skipped_fraction\": 0.9, \"batch\""));
        assertEquals(0, cli.run("run", "--check", profile.toString()), cli.err());
        Path matrix = tmp.resolve("matrix.json");
        Files.writeString(matrix, "{\"name\": \"m\", \"platform\": \"c:8\", \"max_skipped_fraction\": 0.9, \"batch\": \"fcfs\", \"output\": \"" + tmp.resolve("v") + "\","
                + " \"matrix\": {\"workloads\": {\"good\": {\"files\": [\"" + trace + "\"]}, \"bad\": {\"files\": [\"" + binary + "\"]}},"
                + " \"batch\": [\"fcfs\", \"easy\"], \"metrics\": [\"mean_wait\"]}}");
        assertEquals(1, cli.run("run", "--check", matrix.toString()));
        assertTrue(cli.err().contains("binary.swf: workload: no job could be read"), cli.err());
        assertFalse(Files.exists(tmp.resolve("w")) || Files.exists(tmp.resolve("v")), "a check writes nothing");
        Files.writeString(profile, "{\"name\": \"d\", \"platform\": \"c:8\", \"workload\": {\"files\": [\"" + tmp + "\"]}}");
        assertEquals(1, cli.run("run", "--check", profile.toString()));
        assertTrue(cli.err().contains("workload: is a folder; give a trace file"), "as the run says it (not 'no such file'): " + cli.err());
    }

    /** Help per command, "did you mean" for mistyped commands and options, clear usage errors (issue 15). */
    @Test
    void theCliExplainsItself() {
        assertEquals(0, cli.run("run", "--help"));
        String help = cli.out();
        assertTrue(help.startsWith("usage: gridsched run PROFILE.json [--out DIR] [--force]"), help);
        assertFalse(help.contains("simulate"), help);
        assertEquals(0, cli.run("simulate", "-h"));
        assertTrue(cli.out().contains("--max-skipped-fraction F"), cli.out());
        assertEquals(2, cli.run("simulat", "--quiet"));
        assertTrue(cli.err().contains("unknown command 'simulat'; did you mean 'simulate'?"), cli.err());
        assertEquals(2, cli.run("frobnicate"));
        assertFalse(cli.err().contains("did you mean"), cli.err());
        assertEquals(2, cli.run("simulate", "--generator", "lublin99", "--platfrom", "c:8"));
        assertTrue(cli.err().contains("simulate: unknown option '--platfrom'; did you mean '--platform'?"), cli.err());
        assertEquals(2, cli.run("theory"));
        assertTrue(cli.err().contains("theory: give the profile file, e.g. gridsched theory runconfigs/brokering-paper-load0.5.json"), cli.err());
        assertEquals(2, cli.run("bench", "--jobs", "-5"));
        assertTrue(cli.err().contains("bench: --jobs must be 0 (no generated workloads) or positive, got -5"), cli.err());
        assertEquals(2, cli.run("bench", "--job", "5"));
        assertTrue(cli.err().contains("did you mean '--jobs'?"), cli.err());
        // a folder named on purpose must exist, and a bench with nothing to measure is an error, not an empty table
        assertEquals(1, cli.run("bench", "--data", tmp.resolve("nowhere").toString(), "--policies", "fcfs"));
        assertTrue(cli.err().contains("nowhere: --data: no such folder"), cli.err());
        assertEquals(1, cli.run("bench", "--data", tmp.toString(), "--jobs", "0", "--policies", "fcfs"));
        assertTrue(cli.err().contains("--jobs 0 generates none: nothing to measure"), cli.err());
    }

    @Test
    void inputOutputErrorsAreSaidWithoutJavaClassNames() {
        assertEquals("cannot move the results into /r: disk full",
                Cli.ioProblem(new java.io.UncheckedIOException("cannot move the results into /r: disk full", new java.io.IOException("disk full"))));
        assertEquals("/r/jobs.csv: no such file or folder",
                Cli.ioProblem(new java.io.UncheckedIOException(new java.nio.file.NoSuchFileException("/r/jobs.csv"))));
        assertEquals("/r/jobs.csv: No space left on device", Cli.ioProblem(new java.io.UncheckedIOException(
                new java.nio.file.FileSystemException("/r/jobs.csv", null, "No space left on device"))));
        assertEquals("Stream closed", Cli.ioProblem(new java.io.UncheckedIOException(new java.io.IOException("Stream closed"))));
    }

    @Test
    void aPluginsConfigurationFileIsWhereTheWorkspaceIs() {
        Path home = Path.of("/opt/gridsched");
        String before = System.getProperty("gridsched.workspace");
        try {
            System.clearProperty("gridsched.workspace");
            assertEquals(Path.of("workspace/config/gridsched.batch.cbf.cfg"), Cli.configFile(home, "gridsched.batch.cbf"), "a checkout's");
            System.setProperty("gridsched.workspace", "/home/ana/.local/share/gridsched/workspace");
            // an installed release: the workspace is in the user's home, not in the installation
            assertEquals(Path.of("/home/ana/.local/share/gridsched/workspace/config/gridsched.batch.cbf.cfg"),
                    Cli.configFile(home, "gridsched.batch.cbf"));
        } finally {
            if (before == null) {
                System.clearProperty("gridsched.workspace");
            } else {
                System.setProperty("gridsched.workspace", before);
            }
        }
    }

    @Test
    void aCancelledCommandStopsItsRunWritesNothingAndEndsWith130() throws Exception {
        Path out = tmp.resolve("long");
        CancellableCommand task = new CancellableCommand(cli.cli(), new String[] {"simulate", "--generator", "lublin99", "--workload-option",
            "jobs=3000000", "--platform", "c:1024", "--batch", "cbf", "--quiet", "--out", out.toString()});
        long end = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(out.resolve(".gridsched.lock"))) {
            assertTrue(System.nanoTime() < end && !task.finish(1), "the run starts");
        }
        assertFalse(task.finish(500), "a long run");
        task.cancel();
        assertTrue(task.finish(10_000), "stopped soon after the cancel");
        assertEquals(130, task.status());
        assertTrue(cli.err().contains("gridsched: interrupted; no results written"), cli.err());
        assertFalse(Files.exists(out), "the folder it created is gone");
    }

    @Test
    void aCancelledGenerateStopsWritingAndLeavesNoFile() throws Exception {
        Path profile = tmp.resolve("big.json");
        Files.writeString(profile, """
                {"name": "big", "platform": "c:1024", "workload": {"generator": "lublin99", "options": {"jobs": 30000000, "load": 5}}}
                """);
        Path dir = Files.createDirectory(tmp.resolve("traces"));
        Path swf = dir.resolve("big.swf");
        CancellableCommand task = new CancellableCommand(cli.cli(), new String[] {"generate", profile.toString(), "--swf", swf.toString()});
        long end = System.nanoTime() + 60_000_000_000L;
        while (listing(dir).isEmpty()) { // the temporary file beside the target
            assertTrue(System.nanoTime() < end && !task.finish(1), "the write starts");
        }
        assertFalse(task.finish(500), "a long write");
        task.cancel();
        assertTrue(task.finish(10_000), "stopped soon after the cancel");
        assertEquals(130, task.status());
        assertTrue(cli.err().contains("gridsched: interrupted; no results written"), cli.err());
        assertEquals(List.of(), listing(dir), "neither the trace nor its temporary file");
    }

    private static List<String> listing(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void anInterruptEndsTheWaitForACommandWithoutAnExceptionAndIsConsumed() throws Exception {
        CancellableCommand task = new CancellableCommand(cli.cli(), new String[] {"simulate", "--generator", "lublin99", "--workload-option",
            "jobs=3000000", "--platform", "c:1024", "--batch", "cbf", "--quiet", "--out", tmp.resolve("long").toString()});
        try {
            Thread.currentThread().interrupt(); // as JPype's Ctrl-C handler does to Python's main thread
            long start = System.nanoTime();
            assertFalse(task.finish(30_000), "the run goes on");
            assertTrue(System.nanoTime() - start < 10_000_000_000L, "the wait ended early");
            assertFalse(Thread.currentThread().isInterrupted(), "the interrupt is consumed, not left for the next wait");
        } finally {
            Thread.interrupted();
            task.cancel();
            assertTrue(task.finish(30_000), "stopped after the cancel");
        }
        assertEquals(130, task.status());
    }

    /** The first skipped lines are the file's first, whatever their reasons (they were listed reason by reason). */
    @Test
    void theFirstSkippedLinesAreInLineOrder() throws Exception {
        String good = " 0 0 10 1 -1 -1 1 20 -1 1 1 1 1 1 -1 -1 -1";
        Path trace = swf("1" + good, "2 0 0 0 1 -1 -1 1 20 -1 1 1 1 1 1 -1 -1 -1", "3 0 x", "4 0 0 0 1 -1 -1 1 20 -1 1 1 1 1 1 -1 -1 -1",
                "5 0 y", "6" + good, "7" + good, "8" + good, "9" + good, "10" + good);
        assertEquals(0, cli.run("simulate", "--workload", trace.toString(), "--platform", "c:8", "--out", tmp.resolve("o").toString()), cli.err());
        String err = cli.err();
        int[] at = {err.indexOf("t.swf:2:"), err.indexOf("t.swf:3:"), err.indexOf("t.swf:4:"), err.indexOf("t.swf:5:")};
        assertTrue(at[0] > 0 && at[0] < at[1] && at[1] < at[2] && at[2] < at[3], err);
    }

    /** A whole number out of range is said to be out of range, not "not a whole number". */
    @Test
    void wholeNumbersOutOfRangeSaySo() {
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--platform", "c:99999999999", "--out", tmp.resolve("x").toString()));
        assertTrue(cli.err().contains("processor count '99999999999' of cluster 'c' is too large (at most 16777216)"), cli.err());
        assertEquals(2, cli.run("simulate", "--generator", "lublin99", "--platform", "c:8", "--seed", "99999999999999999999",
                "--out", tmp.resolve("y").toString()));
        assertTrue(cli.err().contains("--seed needs a whole number from -9223372036854775808 to 9223372036854775807, got '99999999999999999999'"),
                cli.err());
    }

    @Test
    void aSecondProfileIsSaidAsSuchNotAsAnUnknownOption() throws Exception {
        Path a = tmp.resolve("a.json");
        Files.writeString(a, "{\"name\": \"a\", \"platform\": \"c:8\", \"workload\": {\"generator\": \"lublin99\"}}");
        assertEquals(2, cli.run("run", a.toString(), "b.json"));
        assertTrue(cli.err().contains("run: takes one profile, got '" + a + "' and 'b.json'; give each its own 'run'"), cli.err());
        assertFalse(cli.err().contains("unknown option"), cli.err());
    }

    @Test
    void jsonSyntaxErrorsAreSaidWithoutTheParsersInternals() throws Exception {
        Path comment = tmp.resolve("comment.json");
        Files.writeString(comment, "{\"name\": \"p\",\n  // the platform\n  \"platform\": \"c:64\"}");
        assertEquals(1, cli.run("run", "--check", comment.toString()));
        assertTrue(cli.err().contains(comment + ":2: not valid JSON: ") && cli.err().contains("(JSON has no comments)"), cli.err());
        Path open = tmp.resolve("open.json");
        Files.writeString(open, "{\"name\": \"p\",\n  \"platform\": [{\"name\": \"a\", \"processors\": 4]\n}");
        assertEquals(1, cli.run("run", "--check", open.toString()));
        assertTrue(cli.err().contains("(the object that starts on line 2, column 16)"), cli.err());
        Path two = tmp.resolve("two.json");
        Files.writeString(two, "{\"name\": \"j\"}\n{\"x\": 1}");
        assertEquals(1, cli.run("run", "--check", two.toString()));
        assertTrue(cli.err().contains(two + ":2: more after the profile's closing '}' (one JSON object per profile file)"), cli.err());
        for (String internal : List.of("Source:", "Feature", "StreamReadFeature", "REDACTED", "jackson", "JsonNode")) {
            assertFalse(cli.err().contains(internal), internal + ": " + cli.err());
        }
    }

    /**
     * A --KIND-option value that is a JSON object or list is read as JSON, as the profile's options are: multifactor's
     * limits from the command line hold user 1's second and third job as in the profile (before, "expected a JSON
     * object, got '{...}'"); bad JSON names the option and key and says what is wrong.
     */
    /**
     * A run whose policy rejects every job (wider than a limit) is a run with results, not a workload that "holds no
     * job": only jobs that finished were counted as the workload's, so the run failed, and rejected jobs also made the
     * share of skipped ones look larger than it was.
     */
    @Test
    void aRunWhosePolicyRejectsEveryJobHasResults() throws Exception {
        cli.add(new org.gridsched.batch.multifactor.MultifactorPolicy());
        Path trace = swf("; MaxProcs: 8", "1 0 -1 100 4 -1 -1 4 100 -1 1 1 1 -1 1 1 -1 -1", "2 0 -1 100 4 -1 -1 4 100 -1 1 1 1 -1 1 1 -1 -1",
                "3 0 -1 0 4 -1 -1 4 100 -1 1 1 1 -1 1 1 -1 -1");
        assertEquals(0, cli.run("simulate", "--workload", trace.toString(), "--platform", "c:8", "--batch", "multifactor", "--batch-option",
                "limits={\"user\": {\"max_processors\": 2}}", "--out", tmp.resolve("o").toString(), "--max-skipped-fraction", "0.4"), cli.err());
        String summary = Files.readString(tmp.resolve("o/summary.json"));
        assertTrue(summary.contains("\"over_user_processor_limit\": 2"), summary);
        assertEquals(3, Files.readAllLines(tmp.resolve("o/jobs.csv")).size(), "header and the two rejected jobs");
        // no job ran: the summary says so (it said "makespan 0 s", summary.json's makespan of no job)
        assertTrue(cli.out().contains("\n  no job ran; utilization 0.0 %\n"), cli.out());
        assertFalse(cli.out().contains("makespan"), cli.out());
    }

    /**
     * A cluster no job used (b is too small for every job) gets a makespan of 0 and null times in summary.json; the
     * console summary says it ran no job (it said nothing of it, and the report showed its zeros).
     */
    @Test
    void theConsoleSummaryNamesAClusterThatRanNoJob() throws Exception {
        Path trace = swf("1 0 0 100 4 -1 -1 4 200 -1 1 1 1 -1 -1 -1 -1 -1", "2 10 0 50 4 -1 -1 4 100 -1 1 1 1 -1 -1 -1 -1 -1");
        assertEquals(0, cli.run("simulate", "--workload", trace.toString(), "--platform", "a:8,b:2", "--meta", "random-weighted",
                "--out", tmp.resolve("o").toString()), cli.err());
        assertTrue(cli.out().contains("\n  makespan 100 s (00:01:40); utilization 60.0 %\n  cluster b ran no job\n"), cli.out());
        assertTrue(Files.readString(tmp.resolve("o/summary.json")).contains("\"makespan\": 0,\n      \"first_start\": null,"),
                "summary.json as before");
        assertEquals(0, cli.run("simulate", "--workload", trace.toString(), "--platform", "a:8,b:8", "--meta", "random-weighted",
                "--out", tmp.resolve("o").toString(), "--force"), cli.err());
        assertFalse(cli.out().contains("ran no job"), cli.out());
    }

    @Test
    void anOptionsObjectOrListOnTheCommandLineIsJson() throws Exception {
        cli.add(new org.gridsched.batch.multifactor.MultifactorPolicy());
        Path trace = swf("; MaxProcs: 8", "1 0 -1 100 2 -1 -1 2 100 -1 1 1 1 -1 1 1 -1 -1", "2 0 -1 100 2 -1 -1 2 100 -1 1 1 1 -1 1 1 -1 -1",
                "3 0 -1 100 2 -1 -1 2 100 -1 1 1 1 -1 1 1 -1 -1");
        String[] run = {"simulate", "--workload", trace.toString(), "--platform", "c:8", "--batch", "multifactor", "--quiet"};
        assertEquals(0, cli.run(concat(run, "--out", tmp.resolve("free").toString())), cli.err());
        assertEquals(0, cli.run(concat(run, "--out", tmp.resolve("cli").toString(), "--batch-option",
                "limits={\"user\": {\"max_running\": 1}}", "--batch-option", "shares={\"1\": 2}")), cli.err());
        Path profile = tmp.resolve("limits.json");
        Files.writeString(profile, "{\"name\": \"p\", \"platform\": \"c:8\", \"workload\": {\"file\": \"t.swf\"}, \"output\": \"profile\","
                + " \"batch\": {\"name\": \"multifactor\", \"options\": {\"limits\": {\"user\": {\"max_running\": 1}}, \"shares\": {\"1\": 2}}}}");
        assertEquals(0, cli.run("run", profile.toString(), "--quiet"), cli.err());
        List<String> limited = Files.readAllLines(tmp.resolve("cli/jobs.csv"));
        assertEquals(Files.readAllLines(tmp.resolve("profile/jobs.csv")), limited,
                "the command line's options are the profile's");
        assertFalse(limited.equals(Files.readAllLines(tmp.resolve("free/jobs.csv"))), "the limit held jobs: " + limited);

        // every --...-option reads JSON the same way
        List<String> args = new ArrayList<>(List.of("--generator", "lublin99", "--batch", "multifactor", "--meta", "mct", "--realloc",
                "regular", "--heuristic", "minmin", "--power-option", "idle=100"));
        for (String option : List.of("--workload-option", "--batch-option", "--meta-option", "--realloc-option", "--heuristic-option",
                "--power-option", "--power-management-option", "--failure-model-option", "--failures-option")) {
            args.addAll(List.of(option, "m= {\"a\": [1, 2.5, \"x\"], \"b\": {\"c\": true}}", option, "l=[1, \"two\"]"));
        }
        RunProfile p = SimulateOptions.profile(args);
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("a", List.of(1, 2.5, "x"));
        m.put("b", Map.of("c", true));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> given = List.of(p.workloadOptions, p.choice(PluginRegistry.Kind.BATCH).options(),
                p.choice(PluginRegistry.Kind.META).options(), p.choice(PluginRegistry.Kind.REALLOCATION).options(),
                p.choice(PluginRegistry.Kind.HEURISTIC).options(), (Map<String, Object>) p.power, (Map<String, Object>) p.powerManagement,
                (Map<String, Object>) ((Map<String, Object>) p.failures).get("model"), (Map<String, Object>) p.failures);
        for (Map<String, Object> options : given) {
            assertEquals(m, options.get("m"), options.toString());
            assertEquals(List.of(1, "two"), options.get("l"), options.toString());
        }

        // bad JSON: the option, the key and what is wrong; JSON the shell took the double quotes from, given back quoted
        assertEquals(2, cli.run(concat(run, "--batch-option", "shares={\"1\": 2}}")));
        assertTrue(cli.err().contains("--batch-option shares: not valid JSON: Unexpected close marker '}'"), cli.err());
        assertEquals(2, cli.run(concat(run, "--batch-option", "shares={\"1\": 2, \"1\": 3}")));
        assertTrue(cli.err().contains("--batch-option shares: not valid JSON: Duplicate field '1'"), cli.err());
        assertEquals(2, cli.run(concat(run, "--meta-option", "weights=[1, 2] 3")));
        assertTrue(cli.err().contains("--meta-option weights: not valid JSON: more after the closing ']' (one JSON object or list per"
                + " option) (column 8)"), cli.err());
        assertEquals(2, cli.run(concat(run, "--batch-option", "limits={user: {max_running: 1}, qos: {by_name: {high: {max_running: 2}}}}")));
        assertTrue(cli.err().contains("--batch-option limits: not valid JSON: Unexpected character ('u' (code 117)): was expecting"
                + " double-quote to start field name (column 2); the shell removes double quotes unless the option is in single quotes:"
                + " --batch-option 'limits={\"user\": {\"max_running\": 1}, \"qos\": {\"by_name\": {\"high\": {\"max_running\": 2}}}}'"),
                cli.err());
        assertEquals(2, cli.run(concat(run, "--batch-option", "partition_names={1:batch}")));
        assertTrue(cli.err().contains("--batch-option 'partition_names={\"1\":\"batch\"}'"), cli.err());
        assertFalse(cli.err().contains("Exception") || cli.err().contains("expected a JSON object"), cli.err());

        // plugins NAME says how, for a plugin with such options only
        String hint = "(on the command line an object or list is JSON, in single quotes: ";
        assertEquals(0, cli.run("plugins", "multifactor"));
        assertTrue(cli.out().contains(hint + "--batch-option 'shares={\"3\": 2}')"), cli.out());
        assertEquals(0, cli.run("plugins", "synthetic"));
        assertTrue(cli.out().contains(hint + "--workload-option 'phases=[...]')"), cli.out());
        assertEquals(0, cli.run("plugins", "fcfs"));
        assertFalse(cli.out().contains(hint), cli.out());
    }

    /**
     * Per-user limits on jobs with no user (a generator without users, SWF user -1): they ran as one user, one job at a
     * time under max_running 1, said only by held_by_limit; now they are under no user's limits, and the run says so
     * once, with the count in summary.json.
     */
    @Test
    void userLimitsOnJobsWithNoUserAreSaidAndDoNotSerializeThem() throws Exception {
        cli.add(new org.gridsched.batch.multifactor.MultifactorPolicy());
        String[] run = {"simulate", "--generator", "lublin99", "--workload-option", "jobs=200", "--platform", "c:64", "--batch",
            "multifactor", "--no-progress"};
        assertEquals(0, cli.run(concat(run, "--out", tmp.resolve("free").toString())), cli.err());
        assertFalse(cli.err().contains("limits"), cli.err());
        assertEquals(0, cli.run(concat(run, "--out", tmp.resolve("limited").toString(), "--batch-option",
                "limits={\"user\": {\"max_running\": 1}}")), cli.err());
        String warning = "gridsched: warning: multifactor: limits.user do not apply to jobs with no user (user -1: SWF field 12, or a"
                + " generator without users): 200 of this run's jobs (summary.json: exempt_from_user_limits); limits.user.by_name \"-1\""
                + " limits them as one user";
        assertTrue(cli.err().contains(warning), cli.err());
        assertEquals(1, cli.err().split("limits.user do not apply", -1).length - 1, "said once: " + cli.err());
        assertTrue(Files.readString(tmp.resolve("limited/summary.json")).contains("\"exempt_from_user_limits\": 200"),
                Files.readString(tmp.resolve("limited/summary.json")));
        assertEquals(Files.readAllLines(tmp.resolve("free/jobs.csv")), Files.readAllLines(tmp.resolve("limited/jobs.csv")),
                "the limit holds none of them");
        // by_name "-1": as one user, one at a time, as asked; nothing to say
        assertEquals(0, cli.run(concat(run, "--out", tmp.resolve("one").toString(), "--batch-option",
                "limits={\"user\": {\"by_name\": {\"-1\": {\"max_running\": 1}}}}")), cli.err());
        assertFalse(cli.err().contains("limits"), cli.err());
        assertFalse(Files.readString(tmp.resolve("one/summary.json")).contains("exempt_from"));
        assertTrue(Files.readString(tmp.resolve("one/summary.json")).matches("(?s).*\"held_by_limit\": [1-9].*"));
    }
}
