package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.util.Properties;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;

import org.junit.jupiter.api.Test;

/**
 * FileInstall must start after the launcher's guard against plugin jars named like the application's bundles: bnd's
 * launcher gives it start level 2 from {@code launch.runbundles.attrs} (runconfigs/gridsched.bndrun), which names it
 * with its exact version. A FileInstall upgraded without that pin would silently start at level 1 again, before the
 * guard: this says so at once, where the symptom is a start that hangs.
 */
class FileInstallStartLevelTest {

    @Test
    void theStartLevelPinNamesTheVersionOfFileInstallTheApplicationEmbeds() throws Exception {
        try (JarFile app = new JarFile(App.JAR.toFile())) {
            Properties launch = new Properties();
            try (InputStream in = app.getInputStream(app.getEntry("launcher.properties"))) {
                launch.load(in);
            }
            assertEquals("2", launch.getProperty("org.osgi.framework.startlevel.beginning"), "the framework's beginning start level");
            String attrs = launch.getProperty("launch.runbundles.attrs");
            assertNotNull(attrs, "runconfigs/gridsched.bndrun sets launch.runbundles.attrs");
            Matcher m = Pattern.compile("org\\.apache\\.felix\\.fileinstall;version=([^;,]+);startlevel=2").matcher(attrs);
            assertTrue(m.find(), "launch.runbundles.attrs gives FileInstall start level 2: " + attrs);
            ZipEntry jar = app.stream().filter(e -> e.getName().startsWith("jar/org.apache.felix.fileinstall-")).findFirst()
                    .orElseThrow(() -> new AssertionError("no FileInstall in " + App.JAR));
            String embedded;
            try (JarInputStream in = new JarInputStream(app.getInputStream(jar))) {
                embedded = in.getManifest().getMainAttributes().getValue("Bundle-Version");
            }
            assertEquals(embedded, m.group(1), "runconfigs/gridsched.bndrun pins FileInstall's start level for version " + m.group(1)
                    + " but the application embeds " + embedded + ": set launch.runbundles.attrs to its version");
        }
    }
}
