package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results that concurrent or interrupted runs cannot corrupt (issue 15), with real processes of the exported
 * application: a folder holds one run's complete results or none.
 */
class OutputSafetyTest {
    @TempDir
    Path tmp;

    /** The arguments of a simulate command writing into {@code out}: a generated workload of {@code jobs} jobs. */
    private static String[] args(Path out, int jobs, String name) {
        return new String[] {"simulate", "--generator", "lublin99", "--workload-option", "jobs=" + jobs, "--workload-option",
            "processors=256", "--platform", "c:256", "--batch", "fcfs", "--name", name, "--quiet", "--out", out.toString()};
    }

    /** The whole command of {@link #args}, as App runs it. */
    private List<String> simulate(Path out, int jobs, String name) {
        return command(args(out, jobs, name));
    }

    private List<String> command(String... args) {
        return App.command(tmp.resolve("plugins"), tmp.resolve("config"), args);
    }

    /**
     * A run that takes several seconds: conservative backfilling with requested times over-estimated up to 5x
     * (it re-plans at nearly every job end).
     */
    private List<String> slow(Path out, int jobs, String name) {
        List<String> a = new ArrayList<>(List.of(args(out, jobs, name)));
        a.set(a.indexOf("fcfs"), "cbf");
        a.addAll(List.of("--workload-option", "requested_time=overestimate", "--workload-option", "overestimate_max=5"));
        return command(a.toArray(String[]::new));
    }

    private App.Result run(String... args) throws IOException, InterruptedException {
        return App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, args);
    }

    private Process start(List<String> cmd, Path log) throws IOException {
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(new File("/dev/null")).start();
    }

    /** Every file under the folder, relative, not counting gridsched's bookkeeping. */
    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).filter(f -> !f.equals(".gridsched-run")).sorted().toList();
        }
    }

    private static void assertCompleteJobsCsv(Path jobsCsv, int jobs) throws IOException {
        List<String> lines = Files.readAllLines(jobsCsv);
        assertEquals(jobs + 1, lines.size(), "a header and one row per job");
        int columns = lines.get(0).split(",", -1).length;
        for (String l : lines) {
            assertEquals(columns, l.split(",", -1).length, "a whole row: " + l);
        }
    }

    @Test
    void twoProcessesIntoOneFolderOneFailsAtOnceTheOtherWritesAWholeResult() throws Exception {
        Files.createDirectories(tmp.resolve("plugins"));
        Files.createDirectories(tmp.resolve("config"));
        Path out = tmp.resolve("shared-out");
        Process first = start(slow(out, 300_000, "first"), tmp.resolve("first.log"));
        // the first holds the folder from before it reads its workload: wait for its lock
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(out.resolve(".gridsched.lock")) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(Files.exists(out.resolve(".gridsched.lock")), "the first run locked its folder");
        Process second = start(simulate(out, 1000, "second"), tmp.resolve("second.log"));
        assertTrue(second.waitFor(60, TimeUnit.SECONDS));
        String secondLog = Files.readString(tmp.resolve("second.log"));
        assertEquals(1, second.exitValue(), secondLog);
        assertTrue(secondLog.contains("another gridsched run is writing into " + out), secondLog);
        assertTrue(first.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, first.exitValue(), Files.readString(tmp.resolve("first.log")));
        assertEquals(List.of("jobs.csv", "summary.json"), files(out));
        assertCompleteJobsCsv(out.resolve("jobs.csv"), 300_000);
        assertTrue(Files.readString(out.resolve("summary.json")).contains("\"name\": \"first\""));
        assertFalse(Files.exists(out.resolve(".gridsched.lock")), "the lock goes with the run");
    }

    @Test
    void aRunKilledWhileWritingLeavesNoPartialResultAndTheNextRunCleansUp() throws Exception {
        Files.createDirectories(tmp.resolve("plugins"));
        Files.createDirectories(tmp.resolve("config"));
        Path out = tmp.resolve("killed");
        Process p = start(simulate(out, 1_500_000, "big"), tmp.resolve("big.log"));
        Path staged = out.resolve(".gridsched-partial").resolve("jobs.csv");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(100);
        while (!(Files.exists(staged) && Files.size(staged) > 1_000_000) && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(p.isAlive(), "still writing: " + Files.readString(tmp.resolve("big.log")));
        p.destroyForcibly(); // SIGKILL: no shutdown hook runs
        p.waitFor(30, TimeUnit.SECONDS);
        assertEquals(List.of(), files(out).stream().filter(f -> !f.startsWith(".gridsched")).toList(),
                "no result file in the folder, only what was being staged");

        App.Result again = run(args(out, 2000, "big"));
        assertEquals(0, again.exit(), again.all());
        assertEquals(List.of("jobs.csv", "summary.json"), files(out), "the staged leftovers are gone");
        assertCompleteJobsCsv(out.resolve("jobs.csv"), 2000);
    }

    @Test
    void anOutputThatCannotBeWrittenFailsBeforeAnythingIsSimulated() throws Exception {
        Files.createDirectories(tmp.resolve("plugins"));
        Files.createDirectories(tmp.resolve("config"));
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        App.Result r = run(args(file, 2_000_000, "f"));
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.err().contains(file + " is a file, not a folder"), r.all());
        assertFalse(r.all().contains("simulated"), r.all());
        // the check comes before the workload is read: a trace that does not exist is not what fails
        // (an order, not a time: a timed version of this failed on a loaded machine)
        App.Result first = run("simulate", "--workload", tmp.resolve("no-such-trace.swf").toString(), "--platform", "c:256",
                "--quiet", "--out", file.toString());
        assertEquals(1, first.exit(), first.all());
        assertTrue(first.err().contains(file + " is a file, not a folder"), first.all());
        assertFalse(first.all().contains("no-such-trace"), first.all());

        App.Result under = run(args(file.resolve("sub"), 2_000_000, "f"));
        assertEquals(1, under.exit(), under.all());
        assertTrue(under.err().contains("cannot create the output folder " + file.resolve("sub")), under.all());
        App.Result proc = run(args(Path.of("/proc/gridsched-out"), 2_000_000, "f"));
        assertEquals(1, proc.exit(), proc.all());
        assertTrue(proc.err().contains("cannot create the output folder /proc/gridsched-out: no such file or folder"
                + " (/proc/gridsched-out); the file system there does not let a folder be created"), "with its reason: " + proc.all());
    }

    @Test
    void aFolderWithAnotherRunsResultsIsRefusedUnlessForcedAndARerunReplacesItsOwn() throws Exception {
        Files.createDirectories(tmp.resolve("plugins"));
        Files.createDirectories(tmp.resolve("config"));
        Path out = tmp.resolve("reused");
        String[] one = args(out, 500, "one");
        assertEquals(0, run(one).exit());
        List<String> withReport = new ArrayList<>(List.of(one));
        withReport.add("--report");
        assertEquals(0, run(withReport.toArray(String[]::new)).exit());
        assertTrue(Files.exists(out.resolve("report.html")), "written by --report");
        // the same run again replaces its own results as a whole: the file it wrote last time and not now goes
        assertEquals(0, run(one).exit());
        assertEquals(List.of("jobs.csv", "summary.json"), files(out));

        String[] two = args(out, 500, "two");
        App.Result refused = run(two);
        assertEquals(1, refused.exit(), refused.all());
        assertTrue(refused.err().contains(out + " already holds the results of 'one' (command line, generator lublin99; jobs.csv,"
                + " summary.json), not this run's ('two', command line, generator lublin99); choose an empty --out, or add --force to"
                + " replace them"), refused.all());
        assertTrue(Files.readString(out.resolve("summary.json")).contains("\"name\": \"one\""), "untouched");

        List<String> forced = new ArrayList<>(List.of(two));
        forced.add("--force");
        assertEquals(0, run(forced.toArray(String[]::new)).exit());
        assertTrue(Files.readString(out.resolve("summary.json")).contains("\"name\": \"two\""));

        // a folder written before records listed the files: nothing in it is known to be gridsched's, so nothing is replaced
        Files.writeString(out.resolve(".gridsched-run"), "two\n");
        App.Result legacy = run(forced.toArray(String[]::new));
        assertEquals(1, legacy.exit(), legacy.all());
        assertTrue(legacy.err().contains(out + " holds 2 files or folders that gridsched did not write (jobs.csv, summary.json) as far as"
                + " its record says (an earlier gridsched wrote it and kept no list of its files)"), legacy.all());
        assertTrue(Files.readString(out.resolve("summary.json")).contains("\"name\": \"two\""), "untouched");

        Path foreign = tmp.resolve("foreign");
        Files.createDirectories(foreign);
        Files.writeString(foreign.resolve("notes.txt"), "mine");
        App.Result notOurs = run(args(foreign, 500, "one"));
        assertEquals(1, notOurs.exit(), notOurs.all());
        assertTrue(notOurs.err().contains(foreign + " holds a file that gridsched did not write (notes.txt); gridsched replaces only what"
                + " it wrote itself, even with --force: move it away, or choose an empty --out"), notOurs.all());
        assertEquals("mine", Files.readString(foreign.resolve("notes.txt")));
        Files.createDirectories(foreign.resolve(".git"));
        List<String> forcedForeign = new ArrayList<>(List.of(args(foreign, 500, "one")));
        forcedForeign.add("--force");
        App.Result checkout = run(forcedForeign.toArray(String[]::new));
        assertEquals(1, checkout.exit(), checkout.all());
        assertTrue(checkout.err().contains(foreign + " holds 2 files or folders that gridsched did not write (.git/, notes.txt)"), checkout.all());
        assertEquals("mine", Files.readString(foreign.resolve("notes.txt")));
    }
}
