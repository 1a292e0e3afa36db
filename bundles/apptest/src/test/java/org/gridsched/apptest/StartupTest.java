package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/gridsched's start-up path (issue 17): what it prepares once per build (the answer to --version, the
 * class-data-sharing archive) and how it starts the JVM. Each test runs the script of a copy of the built
 * application (bin/, features/, runconfigs/target/) in a folder of its own, so the repository's own prepared
 * files are never touched; the copy has no sources, so the script never rebuilds it.
 */
class StartupTest {
    @TempDir
    static Path tmp;

    /** A prepared home shared by the tests that do not change it. */
    static Path shared;

    @BeforeAll
    static void prepare() throws Exception {
        assertTrue(Files.isRegularFile(App.JAR), "the application is not built: " + App.JAR + " (bin/gridsched builds it)");
        shared = copyOfApplication("shared");
        App.Result r = gridsched(shared, Map.of(), "--version");
        assertEquals(0, r.exit(), r.all());
    }

    /** The script, features and built application in a new folder (modification times kept). */
    static Path copyOfApplication(String name) throws IOException {
        return App.copyOfApplication(tmp, name);
    }

    /**
     * {@code bin/gridsched ARGS} of HOME, with its own plugin folder unless ENV names one, each command in a process
     * of its own (these tests are about that path; {@link DaemonAppTest} covers the background server).
     */
    static App.Result gridsched(Path home, Map<String, String> env, String... args) throws IOException, InterruptedException {
        return App.exec(command(home, args), home, environment(home, Map.of("GRIDSCHED_DAEMON", "0"), env), null, 300);
    }

    static List<String> command(Path home, String... args) {
        List<String> cmd = new ArrayList<>(List.of("bash", home.resolve("bin/gridsched").toString()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** The environment of bin/gridsched for these tests: defaults, then each map in turn. */
    @SafeVarargs
    static Map<String, String> environment(Path home, Map<String, String>... env) {
        Map<String, String> e = new HashMap<>();
        e.put("GRIDSCHED_PLUGINS", home.resolve("workspace/plugins").toString());
        e.put("JAVA_HOME", System.getProperty("java.home"));
        e.put("PATH", Path.of(System.getProperty("java.home"), "bin") + ":" + System.getenv("PATH"));
        e.put("GRIDSCHED_JAVA_OPTS", "");
        e.put("GRIDSCHED_CDS", "1");
        e.put("GRIDSCHED_JIT", "auto");
        e.put("GRIDSCHED_DRY_RUN", "0");
        for (Map<String, String> m : env) {
            e.putAll(m);
        }
        return e;
    }

    /** Whether the kernel makes transparent huge pages on request or always (Linux; "never" or no such file: no). */
    static boolean hugePagesOffered() throws IOException {
        Path mode = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        if (!Files.isReadable(mode)) {
            return false;
        }
        String m = Files.readString(mode);
        return m.contains("[always]") || m.contains("[madvise]");
    }

    static Path prepared(Path home) {
        return home.resolve("runconfigs/target/prepared");
    }

    /**
     * Without a UTF-8 locale (C or POSIX: cron, Slurm, Docker) Java wrote '?' for every non-ASCII character of a file
     * name, so results given as a relative --out in a folder named 'ünïcode' went to a folder named '??n??code' and the
     * run said they were written. The script runs Java with the character set UTF-8 then. (The folder's name is made
     * by bash from bytes: this test's own JVM may run in such a locale too.)
     */
    @Test
    void withoutAUtf8LocaleNonAsciiFolderNamesAreKept() throws Exception {
        String script = "d=$'\\xc3\\xbcn\\xc3\\xafcode'; mkdir -p \"$d\" && cd \"$d\""
                + " && env -u LANG -u LC_ALL -u LC_CTYPE bash \"$0\" simulate --generator lublin99 --workload-option jobs=50"
                + " --platform c:16 --out relq --quiet && ls -b";
        App.Result r = App.exec(List.of("bash", "-c", script, shared.resolve("bin/gridsched").toString()), tmp,
                environment(shared, Map.of("GRIDSCHED_DAEMON", "0")), null, 300);
        assertEquals(0, r.exit(), r.all());
        assertEquals("relq\n", r.out(), "the results are in the folder the run was started in: " + r.all());
    }

    @Test
    void versionIsTheJarsOwnAnswerAndNeedsNoJvmOnceItIsPrepared() throws Exception {
        App.Result direct = App.run(tmp.resolve("no-plugins"), tmp.resolve("no-config"), null, "--version");
        assertEquals(0, direct.exit(), direct.all());
        assertTrue(direct.out().matches("gridsched \\S+ \\(commit \\S+\\)\\n"), direct.all());
        assertFalse(direct.out().contains("unknown"), "the build records the version and commit: " + direct.all());

        // an option no JVM accepts: any call that starts one fails, the cached answer does not
        App.Result cached = gridsched(shared, Map.of("GRIDSCHED_JAVA_OPTS", "-XX:+NoSuchOptionAnywhere"), "--version");
        assertEquals(0, cached.exit(), cached.all());
        assertEquals(direct.out(), cached.out());
        App.Result jvm = gridsched(shared, Map.of("GRIDSCHED_JAVA_OPTS", "-XX:+NoSuchOptionAnywhere"), "help");
        assertTrue(jvm.exit() != 0, "help starts a JVM: " + jvm.all());
    }

    @Test
    void theArchiveIsMadeOnceAndUsedWithQuickJitWhereItPays() throws Exception {
        Path jsa = prepared(shared).resolve("gridsched.jsa");
        assertTrue(Files.size(jsa) > 1_000_000, "the training run wrote the archive: " + jsa);
        App.Result plugins = gridsched(shared, Map.of("GRIDSCHED_DRY_RUN", "1"), "plugins");
        assertEquals(0, plugins.exit(), plugins.all());
        assertTrue(plugins.out().contains("-XX:SharedArchiveFile=" + jsa), plugins.out());
        assertTrue(plugins.out().contains("-XX:TieredStopAtLevel=1"), plugins.out());

        App.Result small = gridsched(shared, Map.of("GRIDSCHED_DRY_RUN", "1"), "--features", "single-cluster", "simulate",
                "--generator", "lublin99", "--workload-option", "jobs=20000");
        assertTrue(small.out().contains("-XX:TieredStopAtLevel=1"), small.out());
        for (String[] longRun : new String[][] {{"simulate", "--generator", "lublin99", "--workload-option", "jobs=1000000"},
                {"simulate", "--generator", "lublin99"}, {"run", "runconfigs/quickstart.json"}, {"bench"}}) {
            App.Result r = gridsched(shared, Map.of("GRIDSCHED_DRY_RUN", "1"), longRun);
            assertEquals(0, r.exit(), r.all());
            assertFalse(r.out().contains("TieredStopAtLevel"), "C2 stays on for " + List.of(longRun) + ": " + r.out());
            // huge pages for the heap of a long run, where the kernel makes them (else the JVM would warn)
            assertEquals(hugePagesOffered(), r.out().contains("-XX:+UseTransparentHugePages"), r.out());
        }
        assertFalse(small.out().contains("HugePages"), small.out());
        App.Result chosen = gridsched(shared, Map.of("GRIDSCHED_DRY_RUN", "1", "GRIDSCHED_JAVA_OPTS",
                "-XX:-UseTransparentHugePages"), "bench");
        assertFalse(chosen.out().contains("-XX:+UseTransparentHugePages"), "the user's choice stands: " + chosen.out());
        App.Result forced = gridsched(shared, Map.of("GRIDSCHED_DRY_RUN", "1", "GRIDSCHED_JIT", "full"), "plugins");
        assertFalse(forced.out().contains("TieredStopAtLevel"), forced.out());
        App.Result off = gridsched(shared, Map.of("GRIDSCHED_DRY_RUN", "1", "GRIDSCHED_CDS", "0"), "plugins");
        assertFalse(off.out().contains("SharedArchiveFile"), off.out());
        App.Result bad = gridsched(shared, Map.of("GRIDSCHED_JIT", "fast"), "plugins");
        assertEquals(2, bad.exit(), bad.all());
        assertTrue(bad.err().contains("GRIDSCHED_JIT is 'fast'; use quick, full or auto"), bad.all());
    }

    @Test
    void theExtractedLayoutStartsTheFrameworkWithAnUnsignedCopyOfEquinox() throws Exception {
        App.Result dry = gridsched(shared, Map.of("GRIDSCHED_DRY_RUN", "1"), "plugins");
        assertTrue(dry.out().contains(" org.gridsched.boot.Boot plugins"), dry.out());
        String cp = Files.readString(prepared(shared).resolve("app/classpath")).strip();
        assertTrue(dry.out().contains("-cp " + cp + " "), dry.out());
        Path equinox = null;
        for (String e : cp.split(":")) {
            if (Path.of(e).getFileName().toString().startsWith("org.eclipse.osgi")) {
                equinox = Path.of(e);
            }
        }
        assertTrue(equinox != null && Files.isRegularFile(equinox), cp);
        try (java.util.jar.JarFile jf = new java.util.jar.JarFile(equinox.toFile())) {
            assertEquals("org.eclipse.osgi", jf.getManifest().getMainAttributes().getValue("Bundle-SymbolicName").split(";")[0].strip());
            assertFalse(jf.stream().anyMatch(e -> e.getName().matches("META-INF/[^/]+\\.(SF|RSA|DSA|EC)")), "the copy is unsigned");
            assertTrue(jf.stream().count() > 400, "the copy holds the classes");
        }
        String props = Files.readString(prepared(shared).resolve("app/launcher.properties"));
        assertTrue(props.contains("launch.embedded=false") && props.contains("launch.noreferences=true"), props);

        // the shell through it, non-interactively, with a run it waits for
        Path out = tmp.resolve("shell-run");
        App.Result shell = gridsched(shared, Map.of(), "shell", "-c",
                "plugins; run " + shared.resolve("runconfigs/cds-training.json") + " --out " + out + "; features");
        assertEquals(0, shell.exit(), shell.all());
        assertTrue(shell.out().contains("batch policies:") && shell.out().contains("org.gridsched.batch"), shell.all());
        assertTrue(Files.isRegularFile(out.resolve("summary.json")), shell.all());
        App.Result bad = gridsched(shared, Map.of(), "simulate", "--bogus");
        assertEquals(2, bad.exit(), "the exit code comes through: " + bad.all());
        assertTrue(bad.err().contains("simulate: unknown option '--bogus'"), bad.all());
    }

    @Test
    void theDefaultFeaturesStartOnACopyOfThePreparedStorageThatGoesWithTheProcess() throws Exception {
        Path storage = prepared(shared).resolve("storage");
        assertTrue(Files.isDirectory(storage.resolve("org.eclipse.osgi")), "prepared with the layout: " + storage);
        // SCR's parsed components are in it (ds.cache.metadata), so a process parses none
        try (Stream<Path> files = Files.walk(storage)) {
            assertTrue(files.anyMatch(f -> f.getFileName().toString().equals("componentMetadataStore")), "SCR's cache in " + storage);
        }
        App.Result dry = gridsched(shared, Map.of("GRIDSCHED_DRY_RUN", "1"), "plugins");
        assertTrue(dry.out().contains("-Dgridsched.storage=" + storage + " "), dry.out());
        // another feature set has other bundles: a fresh storage, as without one
        App.Result other = gridsched(shared, Map.of("GRIDSCHED_DRY_RUN", "1"), "--features", "single-cluster", "plugins");
        assertFalse(other.out().contains("-Dgridsched.storage="), other.out());

        Path out = tmp.resolve("storage-run");
        App.Result run = gridsched(shared, Map.of(), "run", shared.resolve("runconfigs/cds-training.json").toString(), "--out", out.toString());
        assertEquals(0, run.exit(), run.all());
        // the same result files as a framework started from scratch (the executable jar, no prepared layout)
        Path fresh = tmp.resolve("storage-run-fresh");
        App.Result scratch = gridsched(shared, Map.of("GRIDSCHED_PREPARED_LAYOUT", "0", "GRIDSCHED_CDS", "0"), "run",
                shared.resolve("runconfigs/cds-training.json").toString(), "--out", fresh.toString());
        assertEquals(0, scratch.exit(), scratch.all());
        for (String f : List.of("jobs.csv", "summary.json")) {
            assertEquals(Files.readString(fresh.resolve(f)), Files.readString(out.resolve(f)), f);
        }
        // each process removed its copy when it ended
        Path frameworks = shared.resolve("runconfigs/target/frameworks");
        try (Stream<Path> left = Files.list(frameworks)) {
            assertEquals(List.of(), left.toList(), "copies left in " + frameworks);
        }
    }

    @Test
    void aJarDroppedIntoThePluginFolderIsThereWithTheArchiveInUse() throws Exception {
        Path fixture = App.HOME.resolve("bundles/itest/target/fixtures/gridsched-fixture-failing.jar");
        if (!Files.isRegularFile(fixture)) {
            fixture = App.HOME.resolve("bundles/fixtures/failing/target/gridsched-fixture-failing-1.0.0.jar");
        }
        Path own = Files.createDirectories(tmp.resolve("plugins-failing"));
        Files.copy(fixture, own.resolve("failing.jar"));
        App.Result r = gridsched(shared, Map.of("GRIDSCHED_PLUGINS", own.toString()), "plugins");
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("FailingBroker") && r.out().contains("always fails to activate"), r.all());
        assertTrue(r.out().contains("cbf"), r.all());
    }

    @Test
    void featuresStillChooseTheBundlesWithTheArchiveInUse() throws Exception {
        App.Result r = gridsched(shared, Map.of(), "--features", "single-cluster", "plugins");
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("batch policies:") && r.out().contains("workload generators:"), r.all());
        assertFalse(r.out().contains("meta-schedulers:"), "the grid feature was not chosen:\n" + r.all());
        App.Result all = gridsched(shared, Map.of(), "plugins");
        assertTrue(all.out().contains("meta-schedulers:"), all.all());
    }

    @Test
    void aRebuiltBundleInvalidatesWhatWasPrepared() throws Exception {
        Path home = copyOfApplication("rebuilt");
        // the first and the last preparation without the class-data-sharing archive: what is checked is when the
        // script prepares again, which does not depend on it (its training run would add about 4 s each); so the archive
        // the dry run below names is the one its own preparation made
        Map<String, String> noArchive = Map.of("GRIDSCHED_CDS", "0");
        assertEquals(0, gridsched(home, noArchive, "--version").exit());
        Path stamp = prepared(home).resolve("stamp");
        FileTime first = Files.getLastModifiedTime(stamp);
        // as a rebuild does: a bundle newer than what was prepared (a second later: file times may have whole seconds)
        Path bundle = home.resolve("runconfigs/target/bundles/gridsched-batch.jar");
        Files.setLastModifiedTime(bundle, FileTime.fromMillis(first.toMillis() + 1_000));
        App.Result dry = gridsched(home, Map.of("GRIDSCHED_DRY_RUN", "1"), "plugins");
        assertEquals(0, dry.exit(), dry.all());
        FileTime second = Files.getLastModifiedTime(stamp);
        assertTrue(second.compareTo(Files.getLastModifiedTime(bundle)) > 0, "prepared again after the bundle changed: " + first + " -> " + second);
        assertTrue(dry.out().contains("SharedArchiveFile"), dry.out());
        // and a new jar too
        Path jar = home.resolve("runconfigs/target/gridsched.jar");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(second.toMillis() + 1_000));
        App.Result v = gridsched(home, noArchive, "--version");
        assertEquals(0, v.exit(), v.all());
        assertTrue(Files.getLastModifiedTime(stamp).compareTo(Files.getLastModifiedTime(jar)) > 0, "prepared again after the jar changed");
    }

    @Test
    void aBrokenArchiveFallsBackToTheSlowPath() throws Exception {
        Path home = copyOfApplication("broken");
        assertEquals(0, gridsched(home, Map.of(), "--version").exit());
        Path jsa = prepared(home).resolve("gridsched.jsa");
        byte[] whole = Files.readAllBytes(jsa);
        jsa.toFile().setWritable(true);

        // cut short (a JVM given a truncated archive crashes): the script sees the size is not the one written
        Files.write(jsa, java.util.Arrays.copyOf(whole, whole.length / 3));
        App.Result dry = gridsched(home, Map.of("GRIDSCHED_DRY_RUN", "1"), "plugins");
        assertFalse(dry.out().contains("SharedArchiveFile"), dry.out());
        App.Result truncated = gridsched(home, Map.of(), "plugins");
        assertEquals(0, truncated.exit(), truncated.all());
        assertTrue(truncated.out().contains("cbf"), truncated.all());

        // same size, damaged content: the JVM's checksums (-XX:+VerifySharedSpaces) reject it and it runs without
        byte[] damaged = whole.clone();
        for (int i = whole.length / 2; i < whole.length / 2 + 4096; i++) {
            damaged[i] ^= (byte) 0x5a;
        }
        Files.write(jsa, damaged);
        App.Result r = gridsched(home, Map.of(), "plugins");
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("cbf"), r.all());

        // missing: runs without it (a build makes it again; a call does not retry a training run that failed)
        Files.delete(jsa);
        App.Result missing = gridsched(home, Map.of(), "--features", "single-cluster", "plugins");
        assertEquals(0, missing.exit(), missing.all());
        assertTrue(missing.out().contains("fcfs"), missing.all());
        assertEquals("", missing.err(), "nothing to say about the missing archive");

        // no extracted layout: the executable jar, as before
        Files.delete(prepared(home).resolve("app/classpath"));
        App.Result jarDry = gridsched(home, Map.of("GRIDSCHED_DRY_RUN", "1"), "plugins");
        assertTrue(jarDry.out().contains(" -jar " + home.resolve("runconfigs/target/gridsched.jar")), jarDry.out());
        App.Result viaJar = gridsched(home, Map.of(), "plugins");
        assertEquals(0, viaJar.exit(), viaJar.all());
        assertTrue(viaJar.out().contains("cbf"), viaJar.all());
    }
}
