package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Byte-identical results: every run profile with a golden file in {@code golden/} (test resources) runs with the
 * current build of the exported application — {@code java -jar runconfigs/target/gridsched.jar} with the
 * system properties bin/gridsched sets, from the repository root, with no plugin jars and no
 * {@code workspace/config} — into an empty folder, and every file it writes must have the golden SHA-256; a
 * missing or an extra file fails too. On a difference the failure lists each file and, for CSVs, where the first
 * difference is (the golden keeps line-block digests); with {@code -Dgridsched.golden.reference=DIR} (the
 * application the goldens were made with: a gridsched home, or a folder of gridsched.jar and bundles/) the
 * profile is run again with it and the first differing line of every differing text file is shown exactly.
 *
 * <p>Profiles that read the shared traces are skipped, saying so, when {@code ../shared/data} lacks them.
 *
 * <p>System properties: {@code gridsched.home} (the application and profiles, as for the other application
 * tests), {@code gridsched.golden.profiles=a,b} (only these), {@code gridsched.golden.reference=DIR} (see above),
 * {@code gridsched.golden.keep=DIR} (keep each run's output in DIR/NAME instead of deleting it),
 * {@code gridsched.golden.timeout} (seconds per run, default 600). Regenerate the goldens, only for a deliberate
 * and reviewed change of results, with {@code bin/golden-update}.
 */
class GoldenResultsTest {
    static final Path GOLDEN = goldenDir();

    private static Path goldenDir() {
        String p = System.getProperty("gridsched.golden.dir");
        if (p != null && !p.isBlank()) {
            return Path.of(p).toAbsolutePath().normalize();
        }
        URL u = GoldenResultsTest.class.getResource("/golden");
        if (u == null) {
            return App.HOME.resolve("bundles/apptest/src/test/resources/golden");
        }
        try {
            return Path.of(u.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @TempDir
    static Path tmp;

    @TestFactory
    Stream<DynamicTest> everyProfileGivesItsGoldenResults() throws IOException {
        assertTrue(Files.isRegularFile(App.JAR), "the application is not built: " + App.JAR + " (bin/gridsched builds it)");
        warnIfStale();
        Map<String, Path> goldens = Golden.list(GOLDEN);
        assertFalse(goldens.isEmpty(), "no golden files in " + GOLDEN);
        String only = System.getProperty("gridsched.golden.profiles", "").strip();
        Set<String> chosen = only.isEmpty() ? goldens.keySet() : new TreeSet<>(Arrays.asList(only.split("\\s*,\\s*")));
        for (String c : chosen) {
            assertTrue(goldens.containsKey(c), "gridsched.golden.profiles names '" + c + "', which has no golden file; goldens: " + goldens.keySet());
        }
        return chosen.stream().map(name -> DynamicTest.dynamicTest(name, goldens.get(name).toUri(), () -> check(Golden.read(goldens.get(name)))));
    }

    private void check(Golden.Spec golden) throws Exception {
        List<String> absent = golden.inputs().keySet().stream().filter(in -> !Files.isRegularFile(App.HOME.resolve(in))).toList();
        Assumptions.assumeTrue(absent.isEmpty(), () -> golden.name() + " skipped: it reads " + String.join(", ", absent) + " (relative to "
                + App.HOME + "), absent here; real traces live beside the repository in ../shared/data and are never copied into it");
        for (Map.Entry<String, String> in : golden.inputs().entrySet()) {
            Path p = App.HOME.resolve(in.getKey()).normalize();
            assertEquals(in.getValue(), Golden.sha256(p), golden.name() + " reads " + p + ", which is not the file the goldens were made"
                    + " with (its SHA-256 differs): restore it, or regenerate the goldens with bin/golden-update after review");
        }
        String keep = System.getProperty("gridsched.golden.keep", "").strip();
        Path out = keep.isEmpty() ? tmp.resolve(golden.name()) : Path.of(keep).toAbsolutePath().resolve(golden.name());
        Golden.deleteTree(out);
        try {
            long t0 = System.nanoTime();
            App.Result r = run(null, golden, out);
            double secs = (System.nanoTime() - t0) / 1e9;
            assertEquals(0, r.exit(), "gridsched " + golden.command() + " failed:\n" + tail(r.all()));
            assertNoCheckoutPath(golden, out);
            List<Golden.Problem> problems = Golden.compare(golden, out);
            System.out.printf("golden %s: %d files, %s, %.1f s%n", golden.name(), Golden.resultFiles(out).size(),
                    problems.isEmpty() ? "identical" : problems.size() + " differ", secs);
            if (!problems.isEmpty()) {
                fail(report(golden, out, problems));
            }
        } finally {
            if (keep.isEmpty()) {
                Golden.deleteTree(out);
            }
        }
    }

    /**
     * Results must not name the folder they were made in: a path of the checkout or of ../shared in summary.json
     * made the goldens pass here and fail on the CI's clone in another folder. Said here by name, not as "digest
     * differs", so the cause is clear wherever it happens first.
     */
    private static void assertNoCheckoutPath(Golden.Spec golden, Path out) throws IOException {
        String parent = App.HOME.toAbsolutePath().normalize().getParent().toString() + "/";
        for (String f : Golden.resultFiles(out)) {
            Path file = out.resolve(f);
            if (Files.size(file) <= 16 << 20 && Files.readString(file).contains(parent)) {
                fail(golden.name() + ": " + f + " names a path under " + parent + ", so the same run in another checkout"
                        + " gives other results; results name files by their name only");
            }
        }
    }

    /** The golden's command with APP, or (null) with this checkout's build started as bin/gridsched starts it (see Launch). */
    private static App.Result run(Golden.AppLayout app, Golden.Spec golden, Path out) throws Exception {
        Path plugins = Files.createDirectories(tmp.resolve("empty-plugins"));
        Path config = Files.createDirectories(tmp.resolve("empty-config"));
        long timeout = Long.getLong("gridsched.golden.timeout", 600);
        List<String> args = Golden.arguments(golden.command(), out, GOLDEN);
        List<String> cmd;
        if (app == null) {
            List<String> options = new ArrayList<>(Golden.jvmOptions());
            options.add("-Dgridsched.features=default");
            cmd = Launch.command(Launch.Jit.FULL, options, plugins, config, args);
        } else {
            cmd = Golden.javaCommand(app, plugins, config, args);
        }
        return App.exec(cmd, App.HOME, Map.of(), null, timeout);
    }

    /** Which files differ and how; exact first lines when a reference application is given. */
    private static String report(Golden.Spec golden, Path out, List<Golden.Problem> problems) throws Exception {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%s: results are not byte-identical to the golden %s%n  command: gridsched %s%n  %d of %d golden files"
                + " differ, are missing or are extra:%n", golden.name(), "bundles/apptest/src/test/resources/golden/" + golden.name() + Golden.SUFFIX, golden.command(),
                problems.size(), golden.files().size()));
        int shown = 0;
        for (Golden.Problem p : problems) {
            if (shown++ == 12) {
                sb.append(String.format("    ... and %d more%n", problems.size() - 12));
                break;
            }
            sb.append("    ").append(p).append('\n');
        }
        String ref = System.getProperty("gridsched.golden.reference", "").strip();
        if (ref.isEmpty()) {
            sb.append("  To see the first differing line of each file, rerun with -Dgridsched.golden.reference=DIR, the application"
                    + " the goldens were made with (a gridsched home, or a folder of gridsched.jar and bundles/). If the change is"
                    + " deliberate and reviewed, regenerate the goldens with bin/golden-update.");
            return sb.toString();
        }
        Path refOut = out.resolveSibling(out.getFileName() + "-reference");
        Golden.deleteTree(refOut);
        try {
            App.Result r = run(Golden.AppLayout.of(Path.of(ref), App.HOME), golden, refOut);
            if (r.exit() != 0) {
                return sb.append("  the reference application ").append(ref).append(" failed:\n").append(tail(r.all())).toString();
            }
            List<Golden.Problem> refProblems = Golden.compare(golden, refOut);
            sb.append(refProblems.isEmpty() ? "  the reference application " + ref + " reproduces the goldens; against its output:\n"
                    : "  WARNING: the reference application " + ref + " does NOT reproduce the goldens either (" + refProblems.size()
                            + " files differ); against its output anyway:\n");
            shown = 0;
            for (Golden.Problem p : problems) {
                if (!p.kind().equals("DIFFERS") || !isText(p.path())) {
                    continue;
                }
                if (shown++ == 5) {
                    sb.append("    ... (first differing lines shown for 5 files)\n");
                    break;
                }
                Path g = refOut.resolve(p.path());
                String d = Files.isRegularFile(g) ? Golden.firstDifference(g, out.resolve(p.path())) : "not written by the reference";
                sb.append("    ").append(p.path()).append(": ").append(d == null ? "identical to the reference" : d).append('\n');
            }
            return sb.toString();
        } finally {
            Golden.deleteTree(refOut);
        }
    }

    private static boolean isText(String path) {
        return path.endsWith(".csv") || path.endsWith(".json") || path.endsWith(".md") || path.endsWith(".txt");
    }

    private static String tail(String s) {
        return s.length() <= 4000 ? s : "...\n" + s.substring(s.length() - 4000);
    }

    /** A jar older than the sources gives a vacuous pass: say so (a full build exports the jar before this test). */
    private static void warnIfStale() throws IOException {
        long jar = Files.getLastModifiedTime(App.JAR).toMillis();
        Path bundles = App.HOME.resolve("bundles");
        if (!Files.isDirectory(bundles)) {
            return;
        }
        try (Stream<Path> s = Files.walk(bundles)) {
            s.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/")).filter(p -> {
                try {
                    return Files.getLastModifiedTime(p).toMillis() > jar;
                } catch (IOException e) {
                    return false;
                }
            }).findFirst().ifPresent(p -> System.err.println("golden: WARNING: " + p + " is newer than " + App.JAR
                    + "; the test checks the jar as built (rebuild with bin/gridsched or mvn install -pl runconfigs -am)"));
        }
    }

    // ------------------------------------------------------------------------------------------------ the format itself

    /** run.build names the commit, so it changes at every commit; everything else in a summary is compared. */
    @Test
    void summariesAreComparedWithoutTheBuildThatMadeThem(@TempDir Path dir) throws Exception {
        String summary = "{\n  \"run\": {\n    \"seed\": 1,\n    \"build\": {\n      \"version\": \"0.1.0\",\n      \"commit\": \"%s\"\n    }\n  },\n  \"x\": %d\n}\n";
        Path a = Files.writeString(dir.resolve("a.json"), String.format(summary, "abc", 1));
        Path b = Files.writeString(dir.resolve("b.json"), String.format(summary, "def+", 1));
        Path c = Files.writeString(dir.resolve("c.json"), String.format(summary, "abc", 2));
        assertEquals(Golden.digest(a, 0).sha256(), Golden.digest(b, 0).sha256());
        assertNotEquals(Golden.digest(a, 0).sha256(), Golden.digest(c, 0).sha256());
    }

    @Test
    void digestsLocateTheFirstDifferenceOfACsvAndNoticeMissingAndExtraFiles(@TempDir Path dir) throws Exception {
        Path gold = Files.createDirectories(dir.resolve("gold"));
        StringBuilder csv = new StringBuilder("a,b\n");
        for (int i = 0; i < 100; i++) {
            csv.append(i).append(',').append(i * i).append('\n');
        }
        Files.writeString(gold.resolve("jobs.csv"), csv);
        Files.writeString(Files.createDirectories(gold.resolve("reference")).resolve("summary.json"), "{}\n");
        Map<String, Golden.FileDigest> digests = Golden.digestTree(gold);
        assertEquals(101, digests.get("jobs.csv").lines());
        assertEquals(7, digests.get("jobs.csv").blockSize());
        assertEquals(1 + Golden.BLOCKS, digests.get("jobs.csv").blocks().size());
        assertFalse(digests.get("reference/summary.json").hasBlocks());

        Path spec = dir.resolve("x" + Golden.SUFFIX);
        Golden.write(spec, new Golden.Spec("x", "run runconfigs/x.json --out {out}", Map.of("../d/t.swf", "00"), digests, List.of("# c")));
        Golden.Spec back = Golden.read(spec);
        assertEquals(digests, back.files());
        assertEquals("run runconfigs/x.json --out {out}", back.command());
        assertEquals(Map.of("../d/t.swf", "00"), back.inputs());
        assertTrue(Golden.compare(back, gold).isEmpty());

        Path now = Files.createDirectories(dir.resolve("now"));
        Files.writeString(now.resolve("jobs.csv"), csv.toString().replace("\n50,2500\n", "\n50,2501\n"));
        Files.writeString(now.resolve("extra.csv"), "x\n");
        List<Golden.Problem> problems = Golden.compare(back, now);
        assertEquals(3, problems.size(), problems.toString());
        String all = problems.toString();
        assertTrue(all.contains("reference/summary.json: MISSING"), all);
        assertTrue(all.contains("extra.csv: EXTRA"), all);
        // line 52 holds "50,2501": block 8 (lines 51-57) of size 7 after the header
        assertTrue(all.contains("jobs.csv: DIFFERS; 101 lines (golden 101); the first difference is in lines 51-57 (the lines before are identical)"), all);
        String first = Golden.firstDifference(gold.resolve("jobs.csv"), now.resolve("jobs.csv"));
        assertTrue(first.contains("first differing line 52 (column b):") && first.contains("golden: 50,2500") && first.contains("actual: 50,2501"), first);
        assertEquals(null, Golden.firstDifference(gold.resolve("jobs.csv"), gold.resolve("jobs.csv")));

        Files.writeString(now.resolve("jobs.csv"), csv.toString().replace("a,b\n", "a,b,c\n"));
        assertTrue(Golden.compare(back, now).toString().contains("line 1 (the header) differs, it now reads: a,b,c"));
        Files.writeString(now.resolve("jobs.csv"), csv + "100,10000\n");
        assertTrue(Golden.compare(back, now).toString().contains("102 lines (golden 101); the first difference is in lines 100-106"),
                Golden.compare(back, now).toString());
    }

    @Test
    void theInputsOfAProfileAreTheFilesItNames(@TempDir Path dir) throws Exception {
        Path home = Files.createDirectories(dir.resolve("repo"));
        Files.createDirectories(home.resolve("runconfigs"));
        Path data = Files.createDirectories(dir.resolve("shared-x/data"));
        Files.writeString(data.resolve("t.swf"), "; trace\n", StandardCharsets.UTF_8);
        Files.writeString(home.resolve("runconfigs/p.json"), "{\"description\": \"reads ../../shared-x/data/t.swf. Really.\","
                + " \"workload\": {\"files\": [\"../../shared-x/data/t.swf\", \"../../shared-x/data/absent.swf\"]}, \"output\": \"../workspace\"}");
        assertEquals(Set.of("../shared-x/data/t.swf"), Golden.inputsOf(new ArrayList<>(List.of("run", "runconfigs/p.json", "--out", "/x")), home));
    }
}
