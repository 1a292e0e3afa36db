package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PluginFoldersTest {

    @Test
    void holdsTheFilesOfItsFoldersWhateverTheLocationsForm(@TempDir Path tmp) {
        PluginFolders f = PluginFolders.of(tmp.resolve("plugins") + ", " + tmp.resolve("config"));
        assertTrue(f.holds(tmp.resolve("plugins/a.jar").toUri().toString()));
        assertTrue(f.holds("file://" + tmp.resolve("plugins/a.jar")));
        assertTrue(f.holds(tmp.resolve("config/../plugins/a.jar").toString()));
        assertFalse(f.holds(tmp.resolve("plugins/sub/a.jar").toUri().toString()), "only files directly in a folder");
        assertFalse(f.holds("jar/gridsched-api-1.2.0.jar"), "the executable jar's embedded bundles");
        assertFalse(PluginFolders.of(null).holds(tmp.resolve("plugins/a.jar").toString()));
        assertFalse(f.holds("file:%%bad"));
    }

    /** The folder the application's core bundles came from (BuiltInGuard hides the bundles installed from it). */
    @Test
    void theFolderOfABundleLocationIsTheFolderOfItsFileAndNoneForAnEmbeddedJar(@TempDir Path tmp) {
        PluginFolders core = PluginFolders.ofLocationFolder(tmp.resolve("app/jar/gridsched-launcher-0.1.0.jar").toUri().toString());
        assertEquals(List.of(tmp.resolve("app/jar")), core.folders());
        assertTrue(core.holds(tmp.resolve("app/jar/gridsched-engine-0.1.0.jar").toUri().toString()));
        assertFalse(core.holds(tmp.resolve("plugins/gridsched-engine-0.1.0.jar").toUri().toString()));
        assertEquals(List.of(), PluginFolders.ofLocationFolder("jar/gridsched-launcher-0.1.0.jar").folders());
        assertEquals(List.of(), PluginFolders.ofLocationFolder(null).folders());
        assertEquals(List.of(), PluginFolders.ofLocationFolder("file:%%bad").folders());
    }

    @Test
    void tellsWhyAJarIsNoBundleAndReadsTheNameAndVersionOfOneThatIs(@TempDir Path tmp) throws Exception {
        Files.write(tmp.resolve("noise.jar"), new byte[] {1, 2, 3});
        jar(tmp.resolve("plain.jar"), null);
        jar(tmp.resolve("bundle.jar"), "org.example.x;singleton:=true");
        assertTrue(PluginFolders.notABundle(tmp.resolve("noise.jar")).startsWith("it is not a readable jar (zip) file"));
        assertTrue(PluginFolders.notABundle(tmp.resolve("plain.jar")).contains("no Bundle-SymbolicName"));
        assertNull(PluginFolders.notABundle(tmp.resolve("bundle.jar")));
        assertEquals("org.example.x 2.0.0", PluginFolders.bundleOf(tmp.resolve("bundle.jar")));
        assertNull(PluginFolders.bundleOf(tmp.resolve("noise.jar")));
        assertEquals(List.of(tmp.resolve("bundle.jar"), tmp.resolve("noise.jar"), tmp.resolve("plain.jar")),
                PluginFolders.of(tmp.toString()).jars());
    }

    /**
     * A file that is no jar was not listed among {@code plugins}' problems: FileInstall ignores it without a word. It is
     * now, unless editors, downloads or version control left it (hidden or temporary), FileInstall reads it as
     * configuration. One that holds a bundle ({@code bundle.zip}, a backup {@code bundle.jar.bak}) is ignored too: the
     * application's FileInstall deploys only .jar files (it deployed such a copy beside the jar, which was then said to
     * be deployed).
     */
    @Test
    void aFileThatIsNoJarIsIgnoredAndSaidSoBundleOrNotUnlessItIsIncidentalOrConfiguration(@TempDir Path tmp) throws Exception {
        for (String name : List.of("notes.txt", "my-plugin.zip", "README", ".gitkeep", ".DS_Store", ".x.jar.swp", "x.jar~",
                "#x.cfg#", "download.jar.part", "download.jar.crdownload", "copy.tmp", "defaults.cfg", "factory-a.config")) {
            Files.writeString(tmp.resolve(name), "a = 1");
        }
        jar(tmp.resolve("bundle.zip"), "org.example.zipped");
        jar(tmp.resolve("bundle.jar.txt"), "org.example.text");
        jar(tmp.resolve("real.jar.bak"), "org.example.real");
        jar(tmp.resolve("real.jar"), "org.example.real");
        Files.write(tmp.resolve("noise.jar"), new byte[] {1, 2, 3});
        Files.createDirectories(tmp.resolve("sub"));
        PluginFolders folders = PluginFolders.of(tmp.toString());

        assertEquals(List.of("README", "bundle.jar.txt", "bundle.zip", "defaults.cfg", "factory-a.config", "my-plugin.zip", "noise.jar",
                "notes.txt", "real.jar", "real.jar.bak"), folders.files().stream().map(f -> f.getFileName().toString()).toList(),
                "hidden and temporary files, and folders, are left out");
        String notAJar = "it is not a .jar file (only .jar files holding an OSGi bundle are deployed as plugins; .cfg and .config"
                + " files are read as configuration)";
        assertEquals(notAJar, PluginFolders.ignoredBecause(tmp.resolve("notes.txt")));
        assertEquals(notAJar, PluginFolders.ignoredBecause(tmp.resolve("my-plugin.zip")));
        assertEquals(notAJar, PluginFolders.ignoredBecause(tmp.resolve("README")));
        assertEquals(notAJar, PluginFolders.ignoredBecause(tmp.resolve("bundle.jar.txt")), "FileInstall skips .txt files, bundle or not");
        assertNull(PluginFolders.ignoredBecause(tmp.resolve("defaults.cfg")), "read as configuration");
        assertNull(PluginFolders.ignoredBecause(tmp.resolve("factory-a.config")), "read as configuration");
        assertEquals(notAJar, PluginFolders.ignoredBecause(tmp.resolve("bundle.zip")), "a bundle, but not in a .jar file");
        assertEquals(notAJar, PluginFolders.ignoredBecause(tmp.resolve("real.jar.bak")), "a backup of a plugin jar");
        assertNull(PluginFolders.ignoredBecause(tmp.resolve("real.jar")));
        assertTrue(PluginFolders.ignoredBecause(tmp.resolve("noise.jar")).startsWith("it is not a readable jar (zip) file"));
    }

    /**
     * A folder whose name FileInstall's filter takes ({@code unpacked.jar/}, an unpacked bundle; {@code settings.cfg/}) was
     * left out: FileInstall does not deploy it, and {@code plugins} said nothing. It is listed as ignored, saying it is a
     * folder; any other folder ({@code sub}), or a hidden one, is nothing anyone meant FileInstall to take.
     */
    @Test
    void aFolderNamedLikeABundleOrConfigurationFileIsIgnoredAndSaidSo(@TempDir Path tmp) throws Exception {
        Path unpacked = Files.createDirectories(tmp.resolve("unpacked.jar/META-INF"));
        Files.writeString(unpacked.resolve("MANIFEST.MF"), "Manifest-Version: 1.0\nBundle-SymbolicName: org.example.unpacked\n");
        Files.createDirectories(tmp.resolve("settings.cfg"));
        Files.createDirectories(tmp.resolve("sub"));
        Files.createDirectories(tmp.resolve(".hidden.jar"));
        jar(tmp.resolve("real.jar"), "org.example.real");
        PluginFolders folders = PluginFolders.of(tmp.toString());

        assertEquals(List.of("real.jar", "settings.cfg", "unpacked.jar"), folders.files().stream().map(f -> f.getFileName().toString()).toList());
        assertEquals("it is a folder, not a bundle file (only .jar files holding an OSGi bundle are deployed as plugins: pack an unpacked"
                + " bundle into a .jar)", PluginFolders.ignoredBecause(tmp.resolve("unpacked.jar")));
        assertEquals("it is a folder, not a configuration file (.cfg and .config files are read as configuration)",
                PluginFolders.ignoredBecause(tmp.resolve("settings.cfg")));
        assertNull(PluginFolders.ignoredBecause(tmp.resolve("real.jar")));
    }

    private static void jar(Path file, String symbolicName) throws Exception {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (symbolicName != null) {
            m.getMainAttributes().putValue("Bundle-SymbolicName", symbolicName);
            m.getMainAttributes().putValue("Bundle-Version", "2.0.0");
        }
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream j = new JarOutputStream(out, m)) {
            // the manifest is all
        }
    }
}
