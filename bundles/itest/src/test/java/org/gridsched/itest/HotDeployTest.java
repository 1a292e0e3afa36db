package org.gridsched.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import org.gridsched.launcher.PluginRegistry;
import org.gridsched.launcher.PluginRegistry.Kind;
import org.gridsched.launcher.RunManager;
import org.gridsched.launcher.ShellCommands;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * Hot deploy, end to end in a real framework: Felix FileInstall watches a temporary folder; the test drops
 * version 1 of the "swap" meta-scheduler bundle, runs, replaces it with version 2 (another deterministic
 * behaviour), runs, removes it while a run is using it, then drops a bundle that does not resolve and one whose
 * component fails. The steps build on each other, hence the order.
 */
@ExtendWith({BundleContextExtension.class, ServiceExtension.class})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HotDeployTest {
    private static final long TIMEOUT_MS = 30_000;

    @InjectService(timeout = 5000)
    PluginRegistry registry;

    @InjectService(timeout = 5000)
    ConfigurationAdmin configAdmin;

    @InjectBundleContext
    BundleContext context;

    private Path watched;
    private Path results;
    private Path fixtures;
    private Configuration watcher;
    private ShellCommands shell;
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

    @BeforeAll
    void startWatching() throws IOException {
        fixtures = Path.of(context.getProperty("gridsched.fixtures"));
        assertTrue(Files.isRegularFile(fixtures.resolve("gridsched-fixture-swap-v1.jar")), "fixtures not built in " + fixtures);
        watched = Files.createTempDirectory("gridsched-plugins");
        results = Files.createTempDirectory("gridsched-results");
        watcher = configAdmin.createFactoryConfiguration("org.apache.felix.fileinstall", "?");
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("felix.fileinstall.dir", watched.toString());
        props.put("felix.fileinstall.poll", "100");
        props.put("felix.fileinstall.noInitialDelay", "true");
        props.put("felix.fileinstall.bundles.new.start", "true");
        // a watcher made through Configuration Admin reads no framework property: without this it took every file
        props.put("felix.fileinstall.filter", context.getProperty("felix.fileinstall.filter"));
        watcher.update(props);
        shell = new ShellCommands(registry, results, name -> null, r -> { });
    }

    @AfterAll
    void stopWatching() throws IOException {
        shell.close();
        watcher.delete();
        for (Bundle b : context.getBundles()) {
            if (b.getLocation().contains(watched.getFileName().toString())) {
                try {
                    b.uninstall();
                } catch (Exception e) {
                    // already gone
                }
            }
        }
        deleteTree(watched);
        deleteTree(results);
    }

    /** Two clusters; every job fits the second, most fit the first: "first" and "last" differ visibly. */
    private Path profile(String name, long delayMs, int jobs) throws IOException {
        String json = """
                {"name": "%s", "seed": 11,
                 "platform": [{"name": "small", "processors": 32}, {"name": "big", "processors": 64}],
                 "batch": "fcfs",
                 "meta": {"name": "swap", "options": {"delay-ms": %d}},
                 "workload": {"generator": "lublin99", "options": {"jobs": %d, "processors": 64}}}
                """.formatted(name, delayMs, jobs);
        Path p = results.resolve(name + ".json");
        Files.writeString(p, json);
        return p;
    }

    private RunManager.Run runAndWait(String name, long delayMs, int jobs) throws Exception {
        RunManager.Run r = shell.run(List.of(profile(name, delayMs, jobs).toString(), "--out", results.resolve(name).toString()), out);
        r.await(TIMEOUT_MS, TimeUnit.MILLISECONDS);
        return r;
    }

    /** Jobs per cluster, from jobs.csv's cluster column. */
    private static Map<String, Integer> jobsPerCluster(Path dir) throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve("jobs.csv"));
        int col = List.of(lines.get(0).split(",")).indexOf("cluster");
        Map<String, Integer> counts = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            counts.merge(line.split(",")[col], 1, Integer::sum);
        }
        return counts;
    }

    private String swapVersion() {
        return registry.all().stream().filter(e -> e.kind() == Kind.META && e.name().equals("swap"))
                .map(PluginRegistry.Entry::version).findFirst().orElse(null);
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.currentTimeMillis() + TIMEOUT_MS;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                fail("timed out after " + TIMEOUT_MS + " ms waiting for " + what);
            }
            Thread.sleep(50);
        }
    }

    private void drop(String fixture, String as) throws IOException {
        Path tmp = watched.resolve(as + ".part");
        Files.copy(fixtures.resolve(fixture), tmp, StandardCopyOption.REPLACE_EXISTING);
        // FileInstall must see a whole file: write beside it, then move in one step
        Files.move(tmp, watched.resolve(as), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private Map<String, Integer> v1Counts;
    private Map<String, Integer> v2Counts;
    private String v2Jobs;

    /**
     * The in-framework tests had no felix.fileinstall.filter, where the application has one: FileInstall took every file
     * here (the backup below, the drops' .part files), so what they showed of hot deploy was not the application's.
     */
    @Test
    @Order(0)
    void theWatchedFolderTakesTheApplicationsFilter() throws IOException {
        String filter = context.getProperty("felix.fileinstall.filter");
        java.util.regex.Matcher app = java.util.regex.Pattern.compile("felix\\.fileinstall\\.filter='([^']*)'")
                .matcher(Files.readString(Path.of(context.getProperty("gridsched.runconfig"))));
        assertTrue(app.find(), "runconfigs/gridsched.bndrun sets no felix.fileinstall.filter");
        assertEquals(app.group(1), filter, "itest.bndrun's filter is not the application's");
        assertEquals(filter, watcher.getProperties().get("felix.fileinstall.filter"), "the test's watcher has another filter");
    }

    @Test
    @Order(1)
    void version1IsInstalledFromTheFolderAndUsed() throws Exception {
        assertEquals(null, swapVersion(), "swap must not be there before the drop");
        // a backup of version 2 is found in the same scan as the jar or an earlier one: never deployed (the filter)
        drop("gridsched-fixture-swap-v2.jar", "swap.jar.bak");
        drop("gridsched-fixture-swap-v1.jar", "swap.jar");
        await(() -> "1.0.0".equals(swapVersion()), "swap 1.0.0 in the registry");
        assertFalse(java.util.Arrays.stream(context.getBundles()).anyMatch(b -> b.getLocation().endsWith("swap.jar.bak")),
                "the backup swap.jar.bak was deployed");
        Files.delete(watched.resolve("swap.jar.bak"));
        RunManager.Run r = runAndWait("v1", 0, 400);
        assertEquals(RunManager.State.FINISHED, r.state(), r.message() + r.log());
        v1Counts = jobsPerCluster(r.output());
        assertTrue(v1Counts.getOrDefault("small", 0) > 300, "v1 sends jobs to the first cluster that fits: " + v1Counts);
        assertTrue(Files.readString(r.output().resolve("summary.json")).contains("\"meta swap\": \"org.gridsched.fixture.swap 1.0.0\""));
    }

    @Test
    @Order(2)
    void version2ReplacesItAndTheNextRunBehavesDifferently() throws Exception {
        drop("gridsched-fixture-swap-v2.jar", "swap.jar");
        await(() -> "2.0.0".equals(swapVersion()), "swap updated to 2.0.0");
        RunManager.Run r = runAndWait("v2", 0, 400);
        assertEquals(RunManager.State.FINISHED, r.state(), r.message() + r.log());
        v2Counts = jobsPerCluster(r.output());
        assertEquals(Map.of("big", 400), v2Counts, "v2 sends every job to the last cluster");
        assertFalse(v2Counts.equals(v1Counts));
        assertTrue(Files.readString(r.output().resolve("summary.json")).contains("\"meta swap\": \"org.gridsched.fixture.swap 2.0.0\""));
        v2Jobs = Files.readString(r.output().resolve("jobs.csv"));
    }

    @Test
    @Order(3)
    void aRunInProgressFinishesWithTheVersionItStartedWithWhenTheJarIsReplaced() throws Exception {
        // v2 loads a class of its own only at its 200th job, after the jar is replaced by v1 under the run: that class
        // must still come from v2's jar
        RunManager.Run r = shell.run(List.of(profile("v2-replaced", 10, 400).toString(), "--out", results.resolve("v2-replaced").toString()), out);
        await(() -> r.state() == RunManager.State.RUNNING, "the slow run to start");
        drop("gridsched-fixture-swap-v1.jar", "swap.jar");
        await(() -> "1.0.0".equals(swapVersion()), "swap replaced by 1.0.0");
        assertEquals(RunManager.State.RUNNING, r.state(), "the run ended before the jar was replaced; the test proves nothing");
        r.await(TIMEOUT_MS, TimeUnit.MILLISECONDS);
        assertEquals(RunManager.State.FINISHED, r.state(), r.message() + r.log());
        assertEquals(v2Jobs, Files.readString(r.output().resolve("jobs.csv")), "same schedule as the undisturbed v2 run");
        drop("gridsched-fixture-swap-v2.jar", "swap.jar");
        await(() -> "2.0.0".equals(swapVersion()), "swap 2.0.0 again, for the next tests");
    }

    @Test
    @Order(4)
    void aRunInProgressFinishesWithTheInstanceItStartedWithWhenTheBundleIsRemoved() throws Exception {
        // 400 jobs at 10 ms each: the run lasts about 4 s, long enough to remove the bundle under it. v2 first needs
        // one of its classes at the 200th job, after the removal: it died of a NoClassDefFoundError until the classes
        // of a hot-deployed bundle were all loaded before a run used its plugin (PluginTracker.keepLoadable)
        RunManager.Run r = shell.run(List.of(profile("v2-slow", 10, 400).toString(), "--out", results.resolve("v2-slow").toString()), out);
        await(() -> r.state() == RunManager.State.RUNNING, "the slow run to start");
        Files.delete(watched.resolve("swap.jar"));
        await(() -> swapVersion() == null, "swap to leave the registry");
        assertEquals(RunManager.State.RUNNING, r.state(), "the run ended before the bundle went away; the test proves nothing");
        r.await(TIMEOUT_MS, TimeUnit.MILLISECONDS);
        assertEquals(RunManager.State.FINISHED, r.state(), r.message() + r.log());
        assertEquals(v2Jobs, Files.readString(r.output().resolve("jobs.csv")), "same schedule as the undisturbed v2 run");
    }

    @Test
    @Order(5)
    void onceRemovedARunThatNamesItFailsClearly() throws Exception {
        RunManager.Run r = runAndWait("gone", 0, 50);
        assertEquals(RunManager.State.FAILED, r.state());
        assertTrue(r.message().contains("meta-scheduler 'swap' is not available (its bundle org.gridsched.fixture.swap 2.0.0 has been stopped or removed)"),
                r.message());
        assertFalse(Files.exists(results.resolve("gone").resolve("jobs.csv")), "a failed run writes no results");
    }

    @Test
    @Order(6)
    void brokenBundlesAreReportedAndEverythingElseKeepsWorking() throws Exception {
        drop("gridsched-fixture-unresolvable.jar", "unresolvable.jar");
        drop("gridsched-fixture-failing.jar", "failing.jar");
        await(() -> registry.problems().stream().anyMatch(p -> p.contains("org.gridsched.fixture.unresolvable"))
                && registry.problems().stream().anyMatch(p -> p.contains("FailingBroker")), "both broken bundles to be reported");
        List<String> problems = registry.problems();
        assertTrue(problems.stream().anyMatch(p -> p.contains("bundle org.gridsched.fixture.unresolvable 1.0.0")
                && p.contains("does not resolve") && p.contains("org.gridsched.fixture.nowhere")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("component org.gridsched.fixture.FailingBroker")
                && p.contains("failed to activate") && p.contains("always fails to activate")), problems.toString());

        shell.plugins(out);
        String listing = printed.toString(StandardCharsets.UTF_8);
        assertTrue(listing.contains("problems:") && listing.contains("org.gridsched.fixture.nowhere"), listing);
        assertTrue(listing.contains("cbf") && listing.contains("mct"), listing);

        // the built-in plugins still work, in the same framework
        String json = """
                {"name": "after", "seed": 5, "platform": [{"name": "a", "processors": 32}, {"name": "b", "processors": 64}],
                 "batch": "cbf", "meta": "mct", "workload": {"generator": "lublin99", "options": {"jobs": 300, "processors": 64}}}
                """;
        Path p = results.resolve("after.json");
        Files.writeString(p, json);
        RunManager.Run r = shell.run(List.of(p.toString(), "--out", results.resolve("after").toString()), out);
        r.await(TIMEOUT_MS, TimeUnit.MILLISECONDS);
        assertEquals(RunManager.State.FINISHED, r.state(), r.message() + r.log());
        assertEquals(301, Files.readAllLines(results.resolve("after/jobs.csv")).size());
    }

    @Test
    @Order(7)
    void aConfigurationFileSetsAPluginsDefaultsAndAProfileOverridesThem() throws Exception {
        await(() -> regularIfRegistered() != null, "the 'regular' reallocation to be registered");
        String pid = regularIfRegistered().configurationPid();
        Files.writeString(watched.resolve(pid + ".cfg"), "period = 1800\nthreshold = 5\n");
        // the entry seen configured is the one checked: looked up again, it could be gone while Declarative Services
        // re-activates the component for a second update of the same configuration (CI saw 'not available' here)
        java.util.concurrent.atomic.AtomicReference<PluginRegistry.Entry> seen = new java.util.concurrent.atomic.AtomicReference<>();
        await(() -> {
            PluginRegistry.Entry e = regularIfRegistered();
            seen.set(e);
            return e != null && e.configured().containsKey("period");
        }, "the configuration file to reach Configuration Admin");
        PluginRegistry.Entry configured = seen.get();
        assertEquals(1800.0, configured.options("test", Map.of()).getDouble("period", 0));
        assertEquals(5.0, configured.options("test", Map.of()).getDouble("threshold", 0));
        assertEquals(600.0, configured.options("test", Map.of("period", 600)).getDouble("period", 0), "the profile wins");
        Files.delete(watched.resolve(pid + ".cfg"));
        await(() -> regularConfigured(Map::isEmpty), "the configuration to go away");
    }

    /**
     * Whether the 'regular' reallocation is registered with configured values that pass the test, looked up once:
     * asking twice could see it registered, then gone while DS re-activates it (a NullPointerException, not a wait).
     */
    private boolean regularConfigured(java.util.function.Predicate<Map<String, Object>> test) {
        PluginRegistry.Entry e = regularIfRegistered();
        return e != null && test.test(e.configured());
    }

    /**
     * The 'regular' reallocation, or null while Declarative Services re-activates it with a changed
     * configuration (its service is unregistered for that moment, and the registry rightly says so).
     */
    private PluginRegistry.Entry regularIfRegistered() {
        try {
            return registry.entry(Kind.REALLOCATION, "regular", "realloc");
        } catch (org.gridsched.api.InputException e) {
            return null;
        }
    }

    @Test
    @Order(8)
    void aCancelledRunStopsQuicklyAndWritesNothing() throws Exception {
        String json = """
                {"name": "long", "seed": 5, "platform": [{"name": "a", "processors": 64}], "batch": "cbf",
                 "workload": {"generator": "lublin99", "options": {"jobs": 3000000, "processors": 64}}}
                """;
        Path p = results.resolve("long.json");
        Files.writeString(p, json);
        RunManager.Run r = shell.run(List.of(p.toString(), "--out", results.resolve("long").toString()), out);
        await(() -> r.jobsFinished() > 0, "the long run to make progress");
        shell.cancel(Long.toString(r.id()), out);
        assertEquals(RunManager.State.CANCELLED, r.await(5, TimeUnit.SECONDS), "cancel takes effect within moments");
        assertFalse(Files.exists(results.resolve("long").resolve("summary.json")));
        shell.runs(List.of(), out);
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("cancelled"), printed.toString(StandardCharsets.UTF_8));
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
