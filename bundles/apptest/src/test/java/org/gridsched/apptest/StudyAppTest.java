package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25: every profile in runconfigs/ passes {@code run --check} (what {@code run} checks before it runs: keys and
 * values, plugin names and options per cluster and per matrix value, workload files, a study's options); a study's
 * profile runs with {@code run}, into an output folder kept safe like a run's, and writes what the plain-Java study
 * driver wrote.
 */
class StudyAppTest {
    @TempDir
    Path tmp;

    private App.Result run(String... args) throws IOException, InterruptedException {
        return App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, args);
    }

    static Path resource(String name) {
        try {
            return Path.of(StudyAppTest.class.getResource("/study/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The shared traces some profiles read (runconfigs/../../shared/data); not part of the repository. */
    private static final Path SHARED_DATA = App.HOME.resolve("../shared/data").normalize();

    @Test
    void everyProfileInRunconfigsPassesTheChecksOfRun() throws Exception {
        List<String> profiles = new ArrayList<>();
        List<String> needingSharedData = new ArrayList<>();
        try (Stream<Path> s = Files.list(App.HOME.resolve("runconfigs"))) {
            for (Path f : s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                profiles.add(f.toString());
                if (Files.readString(f).contains("shared/data/")) {
                    needingSharedData.add(f.toString());
                }
            }
        }
        assertTrue(profiles.size() >= 30, "runconfigs/*.json: " + profiles);
        assertTrue(profiles.contains(App.HOME.resolve("runconfigs/ocean-atmosphere-repartition-study.json").toString()));
        List<String> args = new ArrayList<>(List.of("run", "--check"));
        args.addAll(profiles);
        App.Result r = run(args.toArray(String[]::new));
        boolean sharedData = Files.isDirectory(SHARED_DATA);
        List<String> wrong = new ArrayList<>();
        for (String p : profiles) {
            boolean ok = r.out().contains(p + ": ok (");
            if (!ok && !sharedData && needingSharedData.contains(p)) {
                assertTrue(r.err().contains("no such workload file"), "without " + SHARED_DATA + " only its traces may be missing:\n" + r.err());
                System.out.println("StudyAppTest: " + p + " not checked through: " + SHARED_DATA + " is missing");
                continue;
            }
            if (!ok) {
                wrong.add(p);
            }
        }
        assertTrue(wrong.isEmpty(), "profiles that 'run' would refuse: " + wrong + "\n" + r.err());
        assertEquals(sharedData ? 0 : needingSharedData.isEmpty() ? 0 : 1, r.exit(), r.all());
        assertTrue(r.out().contains(App.HOME.resolve("runconfigs/ocean-atmosphere-repartition-study.json")
                + ": ok (study 'ocean-atmosphere-repartition')"), r.out());
    }

    @Test
    void aWrongProfileFailsTheCheckNamingItsFileAndKey() throws Exception {
        Path good = App.HOME.resolve("runconfigs/quickstart.json");
        Path typo = tmp.resolve("typo.json");
        Files.writeString(typo, Files.readString(good).replace("\"seed\"", "\"sead\""));
        Path study = smallStudy("bad-study");
        Files.writeString(study, Files.readString(study).replace("\"iterations\"", "\"sometimes\""));
        Path noBenchmarks = tmp.resolve("no-benchmarks.json");
        Files.writeString(noBenchmarks, Files.readString(resource("oa-study-small.json")));
        Path extra = tmp.resolve("study-with-platform.json");
        Files.writeString(extra, Files.readString(resource("oa-study-small.json")).replace("\"study\": {", "\"platform\": \"c:8\", \"study\": {"));
        App.Result r = run("run", "--check", good.toString(), typo.toString(), study.toString(), noBenchmarks.toString(), extra.toString());
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.out().contains(good + ": ok (one run)"), r.out());
        assertTrue(r.err().contains("gridsched: error: " + typo + ": sead: unknown key"), r.err());
        assertTrue(r.err().contains("gridsched: error: " + study + ": study.options.posts: expected iterations or greedy, got 'sometimes'"),
                r.err());
        assertTrue(r.err().contains("gridsched: error: " + noBenchmarks + ": study.options.benchmarks: no such benchmark file:"
                + " 'data/ocean-atmosphere/five-clusters.json'"), r.err());
        assertTrue(r.err().contains("gridsched: error: " + extra + ": platform: has no effect in a study's profile"), r.err());
        assertTrue(r.out().contains("1 of 5 profiles ok"), r.out());
    }

    /** The cut-down study with its benchmark file beside it, as the shipped profile has it. */
    private Path smallStudy(String name) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.createDirectories(dir.resolve("data/ocean-atmosphere"));
        Files.copy(App.HOME.resolve("runconfigs/data/ocean-atmosphere/five-clusters.json"), dir.resolve("data/ocean-atmosphere/five-clusters.json"));
        Path profile = dir.resolve(name + ".json");
        Files.writeString(profile, Files.readString(resource("oa-study-small.json")).replace("\"oa-study-small\"", "\"" + name + "\""));
        return profile;
    }

    /**
     * The recorded results are the old driver's output (run-main, byte-identical to run when the study moved into
     * it), regenerated once for exact simulated time and the balanced scenario assignment (issue 25).
     */
    @Test
    void aStudyRunsWithRunAndGivesItsRecordedResults() throws Exception {
        Path profile = smallStudy("oa-study-small");
        Path out = tmp.resolve("out");
        App.Result r = run("run", profile.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        assertEquals(Files.readString(resource("oa-study-small.csv")), Files.readString(out.resolve("study.csv")));
        String md = Files.readString(out.resolve("study.md"));
        assertEquals("Study `oa-study-small`: NM = 60 months, posts iterations, benchmarks "
                + profile.getParent().toRealPath().resolve("data/ocean-atmosphere/five-clusters.json"), md.lines().findFirst().get());
        assertEquals(Files.readString(resource("oa-study-small.tables.md")), md.substring(md.indexOf('\n') + 1));
        assertTrue(r.out().startsWith(md), "the tables on standard output:\n" + r.out());
        assertTrue(r.out().contains("oa-study-small: study 'ocean-atmosphere-repartition' done in "), r.out());
        assertTrue(r.out().contains("results in " + out + " (study.csv, study.md)"), r.out());
        try (Stream<Path> s = Files.list(out)) {
            assertEquals(List.of(".gridsched-run", "study.csv", "study.md"), s.map(f -> f.getFileName().toString()).sorted().toList());
        }

        // the same study again replaces its own results; another run's folder is refused without --force, as for any run
        assertEquals(0, run("run", profile.toString(), "--out", out.toString(), "--quiet").exit());
        Path other = smallStudy("another-study");
        App.Result refused = run("run", other.toString(), "--out", out.toString());
        assertEquals(1, refused.exit(), refused.all());
        assertTrue(refused.err().contains("--force"), refused.err());
        assertTrue(Files.readString(out.resolve("study.md")).startsWith("Study `oa-study-small`"));
        App.Result forced = run("run", other.toString(), "--out", out.toString(), "--force", "--quiet");
        assertEquals(0, forced.exit(), forced.all());
        assertEquals("", forced.out());
        assertTrue(Files.readString(out.resolve("study.md")).startsWith("Study `another-study`"));
    }

    @Test
    void commandsThatSimulateOneProfileRefuseAStudy() throws Exception {
        Path profile = smallStudy("oa-study-small");
        App.Result theory = run("theory", profile.toString());
        assertEquals(1, theory.exit(), theory.all());
        assertTrue(theory.err().contains("study: theory simulates one profile; a study's profile (\"study\") runs with 'gridsched run'"),
                theory.err());
        App.Result sim = run("run", profile.toString(), "--reference", "--out", tmp.resolve("out").toString());
        assertEquals(1, sim.exit(), sim.all());
        assertTrue(sim.err().contains("reference: applies to one simulation; a study's profile (\"study\") runs many"), sim.err());
        assertTrue(!Files.exists(tmp.resolve("out")), "refused before its output folder is made");
    }
}
