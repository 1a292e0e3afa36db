package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Issue 24: what a user drops into the plugin and configuration folders must never act silently. A file that is no
 * bundle is named under {@code plugins}' problems; a plugin jar cannot take the place of a built-in bundle; values
 * from configuration files are recorded in summary.json with where they came from.
 */
class PluginProblemsAppTest {

    @Test
    void aCorruptJarOrAZipThatIsNoBundleIsAProblemNamingTheFileAndWhy(@TempDir Path tmp) throws Exception {
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        byte[] noise = new byte[3000];
        new java.util.Random(24).nextBytes(noise);
        Files.write(plugins.resolve("corrupt.jar"), noise);
        try (OutputStream out = Files.newOutputStream(plugins.resolve("plain.jar"));
                JarOutputStream jar = new JarOutputStream(out, manifest(Map.of()))) {
            jar.putNextEntry(new ZipEntry("notes.txt"));
            jar.write("not a bundle".getBytes());
        }

        // a file that is no jar was ignored without a word; hidden ones (.gitkeep) and configuration files are no problem
        Files.writeString(plugins.resolve("my-plugin.zip"), "the sources, say");
        Files.writeString(plugins.resolve(".gitkeep"), "");
        Files.writeString(plugins.resolve("gridsched.collector.jobs.cfg"), "warmup = 0\n");

        App.Result r = App.run(plugins, Files.createDirectories(tmp.resolve("config")), null, "plugins");

        assertEquals(0, r.exit(), r.all());
        String problems = problems(r.out());
        assertTrue(problems.contains(plugins.resolve("corrupt.jar") + " was ignored: it is not a readable jar (zip) file"), r.out());
        assertTrue(problems.contains(plugins.resolve("plain.jar") + " was ignored: its manifest has no Bundle-SymbolicName"), r.out());
        assertTrue(problems.contains("plugin file " + plugins.resolve("my-plugin.zip") + " was ignored: it is not a .jar file (only .jar files"
                + " holding an OSGi bundle are deployed as plugins; .cfg and .config files are read as configuration)"), r.out());
        assertFalse(problems.contains(".gitkeep") || problems.contains(".cfg was"), r.out());
        assertFalse(r.all().contains("Exception"), r.all());
    }

    /**
     * FileInstall installed a bundle from any file of the plugin folder but a .txt, .xml or .properties: a backup
     * {@code swap.jar.bak} (version 1) beside {@code swap.jar} (version 2) was deployed too, and its broker hid the
     * jar's, while {@code plugins} called such files ignored. Only .jar files are deployed now, and the others are
     * listed as ignored, bundle or not.
     */
    @Test
    void aBackupOrZipHoldingABundleBesideThePluginJarIsNotDeployedAndIsListedAsIgnored(@TempDir Path tmp) throws Exception {
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Files.copy(fixture("swap-v2", "2.0.0"), plugins.resolve("swap.jar"));
        Files.copy(fixture("swap-v1", "1.0.0"), plugins.resolve("swap.jar.bak"));
        Files.copy(fixture("swap-v1", "1.0.0"), plugins.resolve("swap.zip"));

        App.Result r = App.run(plugins, Files.createDirectories(tmp.resolve("config")), null, "plugins");

        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("[org.gridsched.fixture.swap 2.0.0]"), "the jar's broker is listed:\n" + r.out());
        assertFalse(r.out().contains("org.gridsched.fixture.swap 1.0.0"), "the copies' bundle was deployed:\n" + r.out());
        String problems = problems(r.out());
        for (String copy : new String[] {"swap.jar.bak", "swap.zip"}) {
            assertTrue(problems.contains("plugin file " + plugins.resolve(copy) + " was ignored: it is not a .jar file (only .jar files"
                    + " holding an OSGi bundle are deployed as plugins; .cfg and .config files are read as configuration)"), r.out());
        }
    }

    /**
     * A folder named like a bundle ({@code swap.jar/}, the fixture's jar unpacked) matches FileInstall's filter but is not
     * deployed; {@code plugins} said nothing of it. It is listed as ignored, saying it is a folder.
     */
    @Test
    void aFolderNamedLikeAPluginJarIsNotDeployedAndIsListedAsIgnored(@TempDir Path tmp) throws Exception {
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Path unpacked = Files.createDirectories(plugins.resolve("swap.jar"));
        try (JarFile jar = new JarFile(fixture("swap-v1", "1.0.0").toFile())) {
            for (var e : java.util.Collections.list(jar.entries())) {
                Path to = unpacked.resolve(e.getName());
                if (e.isDirectory()) {
                    Files.createDirectories(to);
                } else {
                    Files.createDirectories(to.getParent());
                    try (var in = jar.getInputStream(e)) {
                        Files.copy(in, to);
                    }
                }
            }
        }

        App.Result r = App.run(plugins, Files.createDirectories(tmp.resolve("config")), null, "plugins");

        assertEquals(0, r.exit(), r.all());
        assertFalse(r.out().contains("org.gridsched.fixture.swap"), "the unpacked bundle was deployed:\n" + r.out());
        assertTrue(problems(r.out()).contains("plugin file " + unpacked + " was ignored: it is a folder, not a bundle file (only .jar files"
                + " holding an OSGi bundle are deployed as plugins: pack an unpacked bundle into a .jar)"), r.out());
    }

    /** A test bundle of bundles/fixtures, as the in-framework tests' build copies it or as its own module built it. */
    static Path fixture(String name, String version) {
        Path copied = App.HOME.resolve("bundles/itest/target/fixtures/gridsched-fixture-" + name + ".jar");
        return Files.isRegularFile(copied) ? copied
                : App.HOME.resolve("bundles/fixtures/" + name + "/target/gridsched-fixture-" + name + "-" + version + ".jar");
    }

    /** A higher version (FileInstall installed it first, and the built-in was skipped) and the built-in's own. */
    @ParameterizedTest
    @ValueSource(strings = {"99.0.0", "the built-in's"})
    void aPluginJarWithABuiltInBundlesNameIsRefusedAndRunsKeepTheBuiltIn(String version, @TempDir Path tmp) throws Exception {
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Path config = Files.createDirectories(tmp.resolve("config"));
        Path impostor = plugins.resolve("my-batch.jar");
        String v = version.equals("the built-in's") ? builtInVersion("gridsched-batch.jar") : version;
        emptyBundle(impostor, "org.gridsched.batch", v); // it provides nothing, so it would take every batch policy away

        App.Result list = App.run(plugins, config, null, "plugins");
        assertEquals(0, list.exit(), list.all());
        assertTrue(list.out().contains("easy") && list.out().contains("[org.gridsched.batch 0.1.0"),
                "the built-in batch policies stay listed:\n" + list.out());
        assertTrue(problems(list.out()).contains("plugin file " + impostor + " was refused: its bundle org.gridsched.batch " + v
                + " has the name of the built-in bundle org.gridsched.batch 0.1.0"), list.out());

        App.Result run = App.run(plugins, config, null, "simulate", "--generator", "lublin99", "--workload-option", "jobs=200",
                "--out", tmp.resolve("out").toString(), "--quiet");
        assertEquals(0, run.exit(), "runs keep the built-in batch policy:\n" + run.all());
        JsonNode summary = new ObjectMapper().readTree(tmp.resolve("out/summary.json").toFile());
        assertTrue(summary.path("plugins").path("batch easy").asText().startsWith("org.gridsched.batch 0.1.0"), summary.toString());
    }

    /**
     * A jar named like a bundle of the application's core at its very version (here the engine's). FileInstall updates
     * an installed bundle of the same name and version in place; it started before the launcher's guard from the
     * executable jar (the engine replaced by an empty bundle: the process hung), and on bin/gridsched's prepared layout
     * the guard did not know the core bundles' locations (the launcher and the command line unresolved). Both start
     * paths: the prepared one of bin/gridsched, and java -jar.
     */
    @ParameterizedTest
    @ValueSource(strings = {"prepared", "java -jar"})
    void aPluginJarNamedLikeACoreBundleAtItsVersionIsRefusedAndTheApplicationStarts(String path, @TempDir Path tmp) throws Exception {
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Path config = Files.createDirectories(tmp.resolve("config"));
        Path impostor = plugins.resolve("my-engine.jar");
        String v = coreVersion("gridsched-engine-");
        emptyBundle(impostor, "org.gridsched.engine", v); // in place of the engine, nothing would resolve
        String[] args = {"plugins"};
        App.Result list = path.equals("prepared") ? App.run(60, plugins, config, null, args)
                : App.exec(Launch.jarCommand(Launch.Jit.QUICK, plugins, config, List.of(args)), null, Map.of(), null, 60);
        assertEquals(0, list.exit(), list.all());
        assertFalse(list.all().contains("Exception"), "no bundle failed to start:\n" + list.all());
        assertTrue(list.out().contains("easy") && list.out().contains("[org.gridsched.batch 0.1.0"), "the plugins are listed:\n" + list.out());
        assertTrue(problems(list.out()).contains("plugin file " + impostor + " was refused: its bundle org.gridsched.engine " + v
                + " has the name of the built-in bundle org.gridsched.engine " + v + " and would replace it (the built-in stays in use; it is a"
                + " copy of that bundle, which plugins use already: remove it)"), list.out());
        assertFalse(problems(list.out()).contains("does not resolve"), list.out());
    }

    @Test
    void optionsFromConfigurationFilesAreRecordedWithTheirSource(@TempDir Path tmp) throws Exception {
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Path config = Files.createDirectories(tmp.resolve("config"));
        String[] simulate = {"simulate", "--generator", "lublin99", "--workload-option", "jobs=300", "--quiet", "--out"};

        App.Result plain = App.run(plugins, config, null, concat(simulate, tmp.resolve("plain").toString()));
        assertEquals(0, plain.exit(), plain.all());
        JsonNode before = new ObjectMapper().readTree(tmp.resolve("plain/summary.json").toFile());
        assertTrue(before.path("run").path("plugin_options").isMissingNode(),
                "without configuration nothing is added (goldens stay byte-identical):\n" + before.path("run"));

        Path cfg = config.resolve("gridsched.collector.jobs.cfg");
        Files.writeString(cfg, "bounded_slowdown_threshold = 60\n");
        App.Result configured = App.run(plugins, config, null, concat(simulate, tmp.resolve("configured").toString()));
        assertEquals(0, configured.exit(), configured.all());
        JsonNode summary = new ObjectMapper().readTree(tmp.resolve("configured/summary.json").toFile());
        JsonNode options = summary.path("run").path("plugin_options");
        assertEquals("60", options.path("collector jobs").path("bounded_slowdown_threshold").path("value").asText(), summary.toString());
        assertEquals(cfg.toString(), options.path("collector jobs").path("bounded_slowdown_threshold").path("from").asText());
        assertEquals("default", options.path("collector jobs").path("warmup").path("from").asText());
        assertEquals(300, options.path("generator lublin99").path("jobs").path("value").asInt());
        assertEquals("command line", options.path("generator lublin99").path("jobs").path("from").asText());
        assertTrue(options.has("batch easy") && options.has("collector utilization"), "every plugin used is listed: " + options);

        // a PID with a '-' (kit-easy): FileInstall reads such a file name as a factory configuration, which was never
        // found, so the file 'plugins' names did nothing
        Path kit = config.resolve("gridsched.batch.kit-easy.cfg");
        Files.writeString(kit, "protected = 2\n");
        String[] withKit = {"simulate", "--generator", "lublin99", "--workload-option", "jobs=300", "--batch", "kit-easy", "--quiet", "--out"};
        App.Result kitRun = App.run(plugins, config, null, concat(withKit, tmp.resolve("kit").toString()));
        assertEquals(0, kitRun.exit(), kitRun.all());
        JsonNode kitOptions = new ObjectMapper().readTree(tmp.resolve("kit/summary.json").toFile()).path("run").path("plugin_options");
        assertEquals("2", kitOptions.path("batch kit-easy").path("protected").path("value").asText(), kitOptions.toString());
        assertEquals(kit.toString(), kitOptions.path("batch kit-easy").path("protected").path("from").asText());
        // a bad value there is an error about that file, not about the command line or profile
        Files.writeString(kit, "protected = -3\n");
        App.Result bad = App.run(plugins, config, null, concat(withKit, tmp.resolve("kit-bad").toString()));
        assertEquals(1, bad.exit(), bad.all());
        assertTrue(bad.err().contains("gridsched: error: " + kit + ": protected: must be at least 1, got -3 (batch policy 'kit-easy')"), bad.all());
        // a misspelt key there is an error too: every run ignored it, only 'plugins' warned
        Files.writeString(kit, "protcted = 2\n");
        App.Result misspelt = App.run(plugins, config, null, concat(withKit, tmp.resolve("kit-misspelt").toString()));
        assertEquals(1, misspelt.exit(), misspelt.all());
        assertTrue(misspelt.err().contains("gridsched: error: " + kit + ": protcted: unknown option for batch policy 'kit-easy'; valid options:"
                + " protected, bf_max_job_test, bf_window"), misspelt.all());
        // the workload generator's too: its error named the profile's workload.options.jobs, which the run did not give
        Files.delete(kit);
        Path generator = config.resolve("gridsched.generator.lublin99.cfg");
        Files.writeString(generator, "jobs = 0\n");
        App.Result badJobs = App.run(plugins, config, null, "simulate", "--generator", "lublin99", "--quiet", "--out", tmp.resolve("g").toString());
        assertEquals(1, badJobs.exit(), badJobs.all());
        assertTrue(badJobs.err().contains("gridsched: error: " + generator + ": jobs: must be a whole number in 1.."), badJobs.all());
    }

    /** The Bundle-Version of a jar of the application's bundle folder. */
    private static String builtInVersion(String jar) throws IOException {
        try (JarFile jf = new JarFile(App.HOME.resolve("runconfigs/target/bundles").resolve(jar).toFile())) {
            return jf.getManifest().getMainAttributes().getValue("Bundle-Version");
        }
    }

    /** A bundle jar holding only its manifest, with the given symbolic name and version. */
    private static void emptyBundle(Path jar, String name, String version) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream unused = new JarOutputStream(out, manifest(Map.of("Bundle-ManifestVersion", "2",
                        "Bundle-SymbolicName", name, "Bundle-Version", version)))) {
            // the manifest is all
        }
    }

    /** The Bundle-Version of a core bundle, embedded in the executable jar as {@code jar/PREFIX<version>.jar}. */
    private static String coreVersion(String prefix) throws IOException {
        try (JarFile app = new JarFile(App.JAR.toFile())) {
            ZipEntry entry = app.stream().filter(e -> e.getName().startsWith("jar/" + prefix)).findFirst()
                    .orElseThrow(() -> new AssertionError("no jar/" + prefix + "*.jar in " + App.JAR));
            try (JarInputStream in = new JarInputStream(app.getInputStream(entry))) {
                return in.getManifest().getMainAttributes().getValue("Bundle-Version");
            }
        }
    }

    /** The lines after "problems:" in {@code plugins}' output. */
    private static String problems(String out) {
        int at = out.indexOf("\nproblems:\n");
        return at < 0 ? "" : out.substring(at);
    }

    private static Manifest manifest(Map<String, String> headers) {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        headers.forEach((k, v) -> m.getMainAttributes().putValue(k, v));
        return m;
    }

    private static String[] concat(String[] head, String last) {
        String[] all = java.util.Arrays.copyOf(head, head.length + 1);
        all[head.length] = last;
        return all;
    }
}
