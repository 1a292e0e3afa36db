package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ways issue 24 found to destroy a user's files with exit status 0, each reproduced as a user would: gridsched
 * may replace only what its folder's record says it wrote, and never an input.
 */
class DataSafetyAppTest {
    @TempDir
    Path tmp;

    @BeforeEach
    void folders() throws IOException {
        Files.createDirectories(tmp.resolve("plugins"));
        Files.createDirectories(tmp.resolve("config"));
    }

    private App.Result run(String... args) throws IOException, InterruptedException {
        return App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, args);
    }

    /** The same command in {@code dir}, for a relative --out. */
    private App.Result runIn(Path dir, String... args) throws IOException, InterruptedException {
        return App.exec(App.command(tmp.resolve("plugins"), tmp.resolve("config"), args), dir, Map.of(), null, 120);
    }

    private static List<String> simulate(Path out, String name, String... more) {
        List<String> a = new ArrayList<>(List.of("simulate", "--generator", "lublin99", "--workload-option", "jobs=300",
                "--workload-option", "processors=64", "--platform", "c:64", "--batch", "easy", "--name", name, "--quiet"));
        a.addAll(List.of(more));
        if (out != null) {
            a.addAll(List.of("--out", out.toString()));
        }
        return a;
    }

    private Path profile(String name, String workload) throws IOException {
        Path p = tmp.resolve(name + ".json");
        Files.writeString(p, "{\"name\": \"" + name + "\", \"platform\": \"c:64\", \"batch\": \"easy\", \"progress\": false, "
                + "\"workload\": " + workload + "}");
        return p;
    }

    private static final String GENERATED = "{\"generator\": \"lublin99\", \"options\": {\"jobs\": 300, \"processors\": 64}}";

    private static void deleteTree(Path p) throws IOException {
        try (var s = Files.walk(p)) {
            for (Path f : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    @Test
    void aRerunNeverDeletesFilesGridschedDidNotWriteEvenWithForce() throws Exception {
        Path r = tmp.resolve("R");
        assertEquals(0, run(simulate(r, "a").toArray(String[]::new)).exit());
        Files.writeString(r.resolve("notes.md"), "x\n");
        Files.createDirectories(r.resolve("analysis"));
        Files.writeString(r.resolve("analysis/plot.py"), "print(1)\n");
        Files.createDirectories(r.resolve(".git/objects"));
        Files.writeString(r.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        String summary = Files.readString(r.resolve("summary.json"));

        for (boolean force : new boolean[] {false, true}) {
            List<String> again = simulate(r, "a", "--seed", "5");
            if (force) {
                again.add("--force");
            }
            App.Result refused = run(again.toArray(String[]::new));
            assertEquals(1, refused.exit(), refused.all());
            assertTrue(refused.err().contains(r + " holds 3 files or folders that gridsched did not write (.git/, analysis/, notes.md);"
                    + " gridsched replaces only what it wrote itself, even with --force"), refused.all());
            assertEquals("x\n", Files.readString(r.resolve("notes.md")));
            assertEquals("print(1)\n", Files.readString(r.resolve("analysis/plot.py")));
            assertTrue(Files.exists(r.resolve(".git/HEAD")) && Files.isDirectory(r.resolve(".git/objects")));
            assertEquals(summary, Files.readString(r.resolve("summary.json")), "the earlier results stay too");
        }
        // a file the user wrote inside a folder gridsched made is just as foreign
        Files.delete(r.resolve("notes.md"));
        deleteTree(r.resolve("analysis"));
        deleteTree(r.resolve(".git"));
        assertEquals(0, run("report", r.toString(), "--no-images").exit());
        App.Result afterReport = run(simulate(r, "a").toArray(String[]::new));
        assertEquals(0, afterReport.exit(), "what 'report' wrote is recorded as gridsched's: " + afterReport.all());
        assertEquals(0, run(simulate(r, "a", "--report").toArray(String[]::new)).exit());
        Files.writeString(r.resolve("report-images/mine.txt"), "keep\n");
        App.Result inside = run(simulate(r, "a").toArray(String[]::new));
        assertEquals(1, inside.exit(), inside.all());
        assertTrue(inside.err().contains("holds a file that gridsched did not write (report-images/mine.txt)"), inside.all());
        assertEquals("keep\n", Files.readString(r.resolve("report-images/mine.txt")));

        // nor does 'report' replace a report.html of the user's
        Path own = Files.createDirectories(tmp.resolve("own"));
        Files.copy(r.resolve("jobs.csv"), own.resolve("jobs.csv"));
        Files.writeString(own.resolve("report.html"), "<p>my notes</p>");
        App.Result report = run("report", own.toString(), "--no-images");
        assertEquals(1, report.exit(), report.all());
        assertTrue(report.err().contains("holds a file that gridsched did not write (report.html)"), report.all());
        assertEquals("<p>my notes</p>", Files.readString(own.resolve("report.html")));
        // in a folder no run of gridsched wrote, the report it wrote itself may be written again
        Files.move(own.resolve("report.html"), tmp.resolve("my-notes.html"));
        assertEquals(0, run("report", own.toString(), "--no-images").exit());
        App.Result again = run("report", own.toString(), "--no-images");
        assertEquals(0, again.exit(), again.all());
    }

    @Test
    void aRunStoredInsideAnotherRunsFolderSurvivesARerunOfTheOuterOne() throws Exception {
        Path n = tmp.resolve("N");
        assertEquals(0, run(simulate(n, "outer").toArray(String[]::new)).exit());
        assertEquals(0, run(simulate(n.resolve("hpc2n"), "inner").toArray(String[]::new)).exit());
        String inner = Files.readString(n.resolve("hpc2n/summary.json"));
        App.Result outer = run(simulate(n, "outer").toArray(String[]::new));
        assertEquals(1, outer.exit(), outer.all());
        assertTrue(outer.err().contains(n + " holds a folder that gridsched did not write (hpc2n/)"), outer.all());
        assertEquals(inner, Files.readString(n.resolve("hpc2n/summary.json")));
    }

    @Test
    void aFolderBelongsToTheSameProfileOrWorkloadNotToWhateverRunHasItsName() throws Exception {
        Path results = tmp.resolve("results");
        Path quickstart = profile("quickstart", GENERATED);
        assertEquals(0, run("run", quickstart.toString(), "--out", results.toString(), "--quiet").exit());
        String summary = Files.readString(results.resolve("summary.json"));

        App.Result sameName = run(simulate(results, "quickstart").toArray(String[]::new));
        assertEquals(1, sameName.exit(), sameName.all());
        assertTrue(sameName.err().contains("already holds the results of 'quickstart' (profile " + quickstart.toRealPath() + ";"),
                sameName.all());
        assertTrue(sameName.err().contains("not this run's ('quickstart', command line, generator lublin99); choose an empty --out,"
                + " or add --force to replace them"), sameName.all());
        assertEquals(summary, Files.readString(results.resolve("summary.json")));

        // the same profile again, by another spelling of its path and with another seed, is the same run
        assertEquals(0, runIn(tmp, "run", "quickstart.json", "--out", "results", "--seed", "3", "--quiet").exit());
        assertFalse(summary.equals(Files.readString(results.resolve("summary.json"))), "replaced by the rerun");
        // a copy of the profile elsewhere is another run
        Path copy = Files.createDirectories(tmp.resolve("copy")).resolve("quickstart.json");
        Files.copy(quickstart, copy);
        App.Result other = run("run", copy.toString(), "--out", results.toString(), "--quiet");
        assertEquals(1, other.exit(), other.all());
        assertEquals(0, run("run", copy.toString(), "--out", results.toString(), "--quiet", "--force").exit(), "--force replaces it");
    }

    @Test
    void generateNeverOverwritesItsInputAndAnExistingFileOnlyWithForce() throws Exception {
        Path trace = tmp.resolve("trace.swf");
        Path generator = profile("gen", GENERATED);
        assertEquals(0, run("generate", generator.toString(), "--swf", trace.toString()).exit());
        String original = Files.readString(trace);
        long jobs = original.lines().filter(l -> !l.startsWith(";")).count();
        assertEquals(300, jobs);

        Path replay = profile("replay", "{\"file\": \"" + trace + "\"}");
        App.Result self = run("generate", replay.toString(), "--swf", trace.toString(), "--force");
        assertEquals(1, self.exit(), self.all());
        assertTrue(self.err().contains(trace + ": --swf: is the profile's own workload; writing it would destroy what it is read from"),
                self.all());
        Path link = Files.createSymbolicLink(tmp.resolve("link.swf"), trace);
        for (Path same : List.of(tmp.resolve(".").resolve("trace.swf"), link)) {
            App.Result other = run("generate", replay.toString(), "--swf", same.toString(), "--force");
            assertEquals(1, other.exit(), other.all());
            assertTrue(other.err().contains("is the profile's own workload"), other.all());
        }
        App.Result profileItself = run("generate", replay.toString(), "--swf", replay.toString(), "--force");
        assertEquals(1, profileItself.exit(), profileItself.all());
        assertTrue(profileItself.err().contains("is the profile itself"), profileItself.all());
        assertEquals(original, Files.readString(trace), "the trace is whole");

        Path existing = tmp.resolve("existing.swf");
        Files.writeString(existing, "; mine\n");
        App.Result refused = run("generate", generator.toString(), "--swf", existing.toString());
        assertEquals(1, refused.exit(), refused.all());
        assertTrue(refused.err().contains(existing + ": --swf: already exists; add --force to replace it"), refused.all());
        assertEquals("; mine\n", Files.readString(existing));
        assertEquals(0, run("generate", generator.toString(), "--swf", existing.toString(), "--force").exit());
        assertEquals(original, Files.readString(existing));
        try (var s = Files.list(tmp)) {
            assertTrue(s.noneMatch(f -> f.getFileName().toString().startsWith(".gridsched-")), "no temporary file left");
        }
    }

    @Test
    void anEmptyOutIsAnErrorNotTheCurrentFolder() throws Exception {
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));
        Files.writeString(cwd.resolve("thesis.tex"), "years of work\n");
        for (List<String> cmd : List.of(simulate(null, "a", "--out", ""), simulate(null, "a", "--out", "", "--force"))) {
            App.Result r = runIn(cwd, cmd.toArray(String[]::new));
            assertEquals(2, r.exit(), r.all());
            assertTrue(r.err().contains("--out needs a folder or file name; an empty one is not taken for the current folder"), r.all());
        }
        Path p = profile("empty-output", GENERATED);
        Files.writeString(p, Files.readString(p).replace("\"name\"", "\"output\": \"\", \"name\""));
        App.Result inProfile = runIn(cwd, "run", p.toString(), "--force");
        assertEquals(1, inProfile.exit(), inProfile.all());
        assertTrue(inProfile.err().contains("output: expected a non-empty string"), inProfile.all());
        App.Result generate = runIn(cwd, "generate", profile("g", GENERATED).toString(), "--swf", "");
        assertEquals(2, generate.exit(), generate.all());
        try (var s = Files.list(cwd)) {
            assertEquals(List.of("thesis.tex"), s.map(f -> f.getFileName().toString()).toList());
        }
    }

    @Test
    void aFailedRunLeavesNoEmptyFolderAndTheSummaryNamesEveryFileWritten() throws Exception {
        Path out = tmp.resolve("never");
        App.Result missing = run("simulate", "--workload", tmp.resolve("no-such.swf").toString(), "--out", out.toString(), "--quiet");
        assertEquals(1, missing.exit(), missing.all());
        assertFalse(Files.exists(out), "a folder the failed run created is removed");
        Path existing = Files.createDirectories(tmp.resolve("existing"));
        run("simulate", "--workload", tmp.resolve("no-such.swf").toString(), "--out", existing.toString(), "--quiet");
        assertTrue(Files.isDirectory(existing), "a folder that was there stays");

        Path shown = tmp.resolve("shown");
        Path sampled = profile("shown", GENERATED);
        Files.writeString(sampled, Files.readString(sampled).replace("\"name\"",
                "\"collectors\": [\"jobs\", {\"name\": \"queue\", \"options\": {\"sample_every\": 1000}}], \"name\""));
        App.Result printed = run("run", sampled.toString(), "--out", shown.toString());
        assertEquals(0, printed.exit(), printed.all());
        assertTrue(printed.out().contains("results in " + shown + " (jobs.csv, queue.csv, summary.json"), printed.all());
    }

    @Test
    void controlCharactersInATraceReachTheTerminalEscaped() throws Exception {
        Path trace = tmp.resolve("evil.swf");
        // a field holding "clear the screen" and "set the window title" escape sequences and a NUL byte
        Files.writeString(trace, "1 0 0 10 4 -1 -1 4 10 -1 1 1 1 -1 1 -1 -1 -1\n2 5 0 1\u001b[2J\u001b]0;pwned\u0007 4 -1 -1 4 10 -1 1 1 1 -1 1 -1 -1 -1\n"
                + "3 6 0 10\u0000 4 -1 -1 4 10 -1 1 1 1 -1 1 -1 -1 -1\n");
        App.Result r = run("simulate", "--workload", trace.toString(), "--platform", "c:8", "--strict", "--out", tmp.resolve("o").toString());
        assertEquals(1, r.exit(), r.all());
        assertFalse(r.all().contains("\u001b") || r.all().contains("\u0007") || r.all().contains("\u0000"), r.all());
        assertTrue(r.err().contains("\\x1b[2J"), r.all());
        App.Result lenient = run("simulate", "--workload", trace.toString(), "--platform", "c:8", "--out", tmp.resolve("p").toString());
        assertFalse(lenient.all().contains("\u001b") || lenient.all().contains("\u0007") || lenient.all().contains("\u0000"), lenient.all());
    }
}
