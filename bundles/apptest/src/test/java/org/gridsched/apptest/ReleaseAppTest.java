package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The installable release (issue 31): {@code bin/release --snapshot} makes the archive, the Debian package and the
 * API's Maven repository from this checkout's build; the package is installed into a scratch root ({@code dpkg
 * --root} on a database of its own; with {@code GRIDSCHED_TEST_APT=1} as root, for real with {@code apt-get
 * install}), removed at the end (nothing of it may stay, the user's results must), and the installed copy runs quickstart, {@code plugins}, {@code report} and the example plugin
 * {@code examples/shortest-queue}, built against the release's Maven repository alone and hot-deployed into the
 * user's workspace, with a PATH that holds no Maven and nothing of the checkout, from a folder outside it, with
 * only HOME set. Every result file is byte-identical to the checkout's run of the same command, except the line of
 * {@code .gridsched-run} that names the profile the run came from (its path in the installation). The installation
 * folder is not written to; the results are in ~/.local/share/gridsched/workspace. The archive, unpacked and called
 * through a symbolic link with {@code GRIDSCHED_HOME} set, answers the same {@code --version} and makes its
 * workspace there.
 */
class ReleaseAppTest {
    private static final long MINUTE = 60;

    /** The plugin profile: two clusters brokered by the example plugin, 3,000 generated jobs. */
    private static final String PLUGIN_PROFILE = """
            {
              "name": "shortest-queue-demo",
              "platform": [{"name": "a", "processors": 128}, {"name": "b", "processors": 64, "speed": 1.5}],
              "meta": "shortest-queue",
              "batch": "easy",
              "workload": {"generator": "lublin99", "options": {"jobs": 3000, "processors": 128, "load": 0.9}},
              "seed": 5
            }
            """;

    @Test
    void theInstalledPackageRunsLikeTheCheckout(@TempDir Path tmp) throws Exception {
        assertTrue(Files.isRegularFile(App.JAR), "the application is not built: " + App.JAR);
        String repo = localRepository();
        Path out = tmp.resolve("out");

        // the release, from this checkout's build
        App.Result made = App.exec(List.of("bash", App.HOME.resolve("bin/release").toString(), "--snapshot", "--out", out.toString()),
                App.HOME, Map.of("MAVEN_OPTS", "-Dmaven.repo.local=" + repo), null, 5 * MINUTE);
        assertEquals(0, made.exit(), "bin/release failed:\n" + made.all());
        Matcher m = Pattern.compile("release: gridsched (\\S+) \\(commit (\\S+)\\)").matcher(made.out());
        assertTrue(m.find(), made.all());
        String version = m.group(1);
        String debVersion = version.replace("-SNAPSHOT", "~SNAPSHOT");
        Path tar = out.resolve("gridsched-" + version + ".tar.gz");
        Path deb = out.resolve("gridsched_" + debVersion + "_all.deb");
        assertTrue(Files.isRegularFile(tar) && Files.isRegularFile(deb), made.all());

        archiveHoldsTheApplicationAndEveryLicence(tmp, tar, version);
        App.Result control = App.exec(List.of("dpkg-deb", "-f", deb.toString(), "Package", "Version", "Depends"), null, Map.of(), null, MINUTE);
        assertEquals(0, control.exit(), control.all());
        assertTrue(control.out().contains("Package: gridsched") && control.out().contains("Version: " + debVersion)
                && control.out().contains("java17-runtime-headless"), control.out());

        // installed: for real (as root, when asked: CI), else into a scratch root
        boolean apt = "1".equals(System.getenv("GRIDSCHED_TEST_APT")) && "root".equals(System.getProperty("user.name"));
        Path root = apt ? Path.of("/") : tmp.resolve("root");
        if (apt) {
            App.Result i = App.exec(List.of("apt-get", "install", "-y", deb.toString()), null, Map.of(), null, 5 * MINUTE);
            assertEquals(0, i.exit(), i.all());
        } else {
            // dpkg itself, on a database of its own (which holds no Java package: the dependency is forced; java
            // comes from the PATH below)
            for (String d : List.of("var/lib/dpkg/info", "var/lib/dpkg/updates", "var/lib/dpkg/triggers")) {
                Files.createDirectories(root.resolve(d));
            }
            Files.writeString(root.resolve("var/lib/dpkg/status"), "");
            App.Result i = dpkg(root, "--force-depends", "-i", deb.toString());
            assertEquals(0, i.exit(), i.all());
        }
        Path installed = root.resolve("usr/share/gridsched");
        Path gridsched = root.resolve("usr/bin/gridsched");
        assertTrue(Files.isSymbolicLink(gridsched), "no /usr/bin/gridsched link");
        Map<String, String> before = tree(installed);

        // the example plugin, built against the release's Maven repository alone (org/gridsched of the local
        // repository hidden: every other plugin and dependency comes from there, the API only from maven/)
        Path pluginJar = buildExampleAgainst(tmp, out.resolve("maven"), Path.of(repo));

        Path home = Files.createDirectories(tmp.resolve("home"));
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path path = pathWithoutMavenNorCheckout(tmp);
        Path data = home.resolve(".local/share/gridsched/workspace");
        Files.writeString(work.resolve("sq.json"), PLUGIN_PROFILE);
        String installedScript = String.join("\n",
                "set -euo pipefail",
                "command -v mvn && { echo 'mvn on the PATH'; exit 1; }",
                "gs=" + gridsched,
                "$gs --version > version.txt",
                "GRIDSCHED_DAEMON=0 $gs run " + installed.resolve("runconfigs/quickstart.json") + " --quiet",
                "$gs plugins > plugins.txt",          // through a background server of the installed copy
                "$gs daemon stop > /dev/null",
                "GRIDSCHED_DAEMON=0 $gs report " + data.resolve("results/quickstart") + " > /dev/null",
                "cp " + pluginJar + " " + data.resolve("plugins") + "/",
                "GRIDSCHED_DAEMON=0 $gs plugins > plugin.txt",
                "GRIDSCHED_DAEMON=0 $gs run sq.json --quiet",
                "");
        Files.writeString(work.resolve("installed.sh"), installedScript);
        App.Result r = App.exec(List.of("env", "-i", "HOME=" + home, "PATH=" + path, "LANG=C.UTF-8", "GRIDSCHED_DAEMON_IDLE=60",
                "bash", work.resolve("installed.sh").toString()), work, Map.of(), null, 5 * MINUTE);
        assertEquals(0, r.exit(), "the installed copy failed:\n" + r.all());

        // the checkout, the same commands into a folder of the test (its own workspace untouched)
        Path ref = Files.createDirectories(tmp.resolve("ref"));
        Path refPlugins = Files.createDirectories(tmp.resolve("ref-plugins"));
        Files.copy(pluginJar, refPlugins.resolve(pluginJar.getFileName()));
        Files.writeString(ref.resolve("sq.json"), PLUGIN_PROFILE);
        String checkoutScript = String.join("\n",
                "set -euo pipefail",
                "gs=" + App.HOME.resolve("bin/gridsched"),
                "export GRIDSCHED_DAEMON=0",
                "$gs --version > version.txt",
                "$gs run " + App.HOME.resolve("runconfigs/quickstart.json") + " --out " + ref.resolve("quickstart") + " --quiet",
                "$gs plugins > plugins.txt",
                "$gs report " + ref.resolve("quickstart") + " > /dev/null",
                "GRIDSCHED_PLUGINS=" + refPlugins + " $gs plugins > plugin.txt",
                "GRIDSCHED_PLUGINS=" + refPlugins + " $gs run sq.json --out " + ref.resolve("shortest-queue-demo") + " --quiet",
                "");
        Files.writeString(ref.resolve("checkout.sh"), checkoutScript);
        App.Result c = App.exec(List.of("bash", ref.resolve("checkout.sh").toString()), ref, Map.of(), null, 5 * MINUTE);
        assertEquals(0, c.exit(), "the checkout failed:\n" + c.all());

        assertEquals(Files.readString(ref.resolve("version.txt")), Files.readString(work.resolve("version.txt")));
        assertTrue(Files.readString(work.resolve("version.txt")).equals("gridsched " + version + " (commit " + m.group(2) + ")\n"));
        // the same, but for where a plugin's configuration file goes: the installed copy's workspace is in the user's home
        String configHint = "(defaults can be set in ";
        String installedConfig = configHint + data.resolve("config") + "/";
        assertTrue(Files.readString(work.resolve("plugins.txt")).contains(installedConfig), Files.readString(work.resolve("plugins.txt")));
        assertEquals(Files.readString(ref.resolve("plugins.txt")), Files.readString(work.resolve("plugins.txt")).replace(installedConfig,
                configHint + "workspace/config/"));
        assertEquals(Files.readString(ref.resolve("plugin.txt")), Files.readString(work.resolve("plugin.txt")).replace(installedConfig,
                configHint + "workspace/config/"));
        assertTrue(Files.readString(work.resolve("plugin.txt")).contains("org.example.gridsched.shortestqueue 1.0.0"),
                Files.readString(work.resolve("plugin.txt")));
        sameFiles(ref.resolve("quickstart"), data.resolve("results/quickstart"), App.HOME.resolve("runconfigs/quickstart.json"),
                installed.resolve("runconfigs/quickstart.json"));
        assertTrue(Files.isRegularFile(data.resolve("results/quickstart/report.html")));
        sameFiles(ref.resolve("shortest-queue-demo"), data.resolve("results/shortest-queue-demo"), ref.resolve("sq.json"), work.resolve("sq.json"));
        assertTrue(Files.readString(data.resolve("results/shortest-queue-demo/summary.json"))
                .contains("\"meta shortest-queue\": \"org.example.gridsched.shortestqueue 1.0.0\""));

        // the archive, unpacked anywhere and called through a link, with GRIDSCHED_HOME: the same build, its
        // workspace in GRIDSCHED_HOME
        Path opt = Files.createDirectories(tmp.resolve("opt"));
        App.Result x = App.exec(List.of("tar", "xzf", tar.toString(), "-C", opt.toString()), null, Map.of(), null, MINUTE);
        assertEquals(0, x.exit(), x.all());
        Path unpacked = opt.resolve("gridsched-" + version);
        Path link = Files.createDirectories(tmp.resolve("links")).resolve("gridsched");
        Files.createSymbolicLink(link, unpacked.resolve("bin/gridsched"));
        Map<String, String> unpackedBefore = tree(unpacked);
        Path gh = tmp.resolve("gridsched-home");
        App.Result v = App.exec(List.of("env", "-i", "HOME=" + home, "GRIDSCHED_HOME=" + gh, "PATH=" + path, "GRIDSCHED_CDS=0",
                link.toString(), "--version"), work, Map.of(), null, 2 * MINUTE);
        assertEquals(0, v.exit(), v.all());
        assertEquals(Files.readString(work.resolve("version.txt")), v.out());
        assertTrue(Files.isDirectory(gh.resolve("workspace/plugins")) && Files.isDirectory(gh.resolve("workspace/config")), v.all());
        assertEquals(unpackedBefore, tree(unpacked), "the unpacked archive was written to");

        // nothing written into the installation
        assertEquals(before, tree(installed), "the installed copy wrote into its installation folder");
        assertFalse(Files.exists(installed.resolve("workspace")));

        // removed: nothing left of the installation, the user's results stay
        App.Result rm = apt ? App.exec(List.of("apt-get", "remove", "-y", "gridsched"), null, Map.of(), null, 5 * MINUTE)
                : dpkg(root, "-r", "gridsched");
        assertEquals(0, rm.exit(), rm.all());
        assertFalse(Files.exists(installed) || Files.exists(gridsched, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                || Files.exists(root.resolve("usr/share/doc/gridsched")), "removing the package left the installation behind");
        if (!apt && Files.exists(root.resolve("usr"))) {
            try (Stream<Path> left = Files.walk(root.resolve("usr"))) {
                assertEquals(List.of(), left.filter(Files::isRegularFile).toList(), "removing the package left files behind");
            }
        }
        assertTrue(Files.isRegularFile(data.resolve("results/quickstart/summary.json")), "the user's results stay");
    }

    private static App.Result dpkg(Path root, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("dpkg", "--root=" + root, "--log=/dev/null"));
        cmd.addAll(List.of(args));
        return App.exec(cmd, null, Map.of(), null, 2 * MINUTE);
    }

    /** -Dmaven.repo.local (of the test JVM, or of MAVEN_OPTS), else ~/.m2/repository. */
    private static String localRepository() {
        String p = System.getProperty("maven.repo.local");
        if (p != null) {
            return p;
        }
        for (String o : System.getenv().getOrDefault("MAVEN_OPTS", "").split("\\s+")) {
            if (o.startsWith("-Dmaven.repo.local=")) {
                return o.substring("-Dmaven.repo.local=".length());
            }
        }
        return System.getProperty("user.home") + "/.m2/repository";
    }

    /** The archive: the application, no ../shared profile, no workspace, and a licence folder per embedded jar. */
    private static void archiveHoldsTheApplicationAndEveryLicence(Path tmp, Path tar, String version) throws Exception {
        App.Result list = App.exec(List.of("tar", "tzf", tar.toString()), null, Map.of(), null, MINUTE);
        assertEquals(0, list.exit(), list.all());
        List<String> entries = list.out().lines().map(e -> e.substring(e.indexOf('/') + 1)).toList();
        for (String e : List.of("bin/gridsched", "bin/daemon-client.sh", "lib/gridsched.jar", "lib/gridsched-boot.jar", "lib/release", "lib/bundles/gridsched-batch.jar",
                "runconfigs/quickstart.json", "runconfigs/cds-training.json", "features/default.json", "docs/plugin-guide.md",
                "README.md", "CHANGELOG.md", "LICENSE", "RELEASE-NOTES.md", "licenses/README.md", "licenses/EPL-2.0.md",
                "licenses/gridsched-report-embedded/jfreechart-LGPL-2.1.txt", "licenses/gridsched-report-embedded/LICENSE",
                "licenses/gridsched-report-embedded/NOTICE")) {
            assertTrue(entries.contains(e), "the archive has no " + e + ":\n" + list.out());
        }
        assertFalse(entries.contains("runconfigs/hpc2n-cbf.json"), "a profile that needs ../shared/data is in the archive");
        assertFalse(entries.stream().anyMatch(e -> e.startsWith("workspace/") || e.contains("/target/")), list.out());
        App.Result jars = App.exec(List.of("jar", "tf", App.JAR.toString()), null, Map.of(), null, MINUTE);
        for (String j : jars.out().lines().filter(e -> e.startsWith("jar/") && e.endsWith(".jar") && !e.startsWith("jar/gridsched-")).toList()) {
            String name = j.substring(4, j.length() - 4);
            assertTrue(entries.stream().anyMatch(e -> e.startsWith("licenses/" + name + "/") && !e.endsWith("/")),
                    "no licence of the embedded " + name + " in the archive");
        }
        assertTrue(entries.stream().anyMatch(e -> e.matches("licenses/jline-[0-9.]+/LICENSE\\.txt")), "JLine's licence text");
        for (String apache : List.of("org.apache.felix.scr", "jackson-databind", "org.apache.felix.fileinstall")) {
            assertTrue(entries.stream().anyMatch(e -> e.matches("licenses/" + Pattern.quote(apache) + "-[0-9.]+/LICENSE")), apache);
        }
        App.Result release = App.exec(List.of("tar", "xzf", tar.toString(), "-O", "gridsched-" + version + "/lib/release"), null, Map.of(), null, MINUTE);
        assertTrue(release.out().startsWith(version + " "), release.out());
    }

    /** examples/shortest-queue in a folder of its own, its repository the release's maven/, built with Maven. */
    private static Path buildExampleAgainst(Path tmp, Path maven, Path repo) throws Exception {
        Path ex = tmp.resolve("shortest-queue");
        App.Result cp = App.exec(List.of("cp", "-r", App.HOME.resolve("examples/shortest-queue").toString(), ex.toString()), null, Map.of(), null, MINUTE);
        assertEquals(0, cp.exit(), cp.all());
        App.Result clean = App.exec(List.of("rm", "-rf", ex.resolve("target").toString()), null, Map.of(), null, MINUTE);
        assertEquals(0, clean.exit(), clean.all());
        String pom = Files.readString(ex.resolve("pom.xml"));
        String url = "file://${project.basedir}/../../cnf/releaserepo";
        assertTrue(pom.contains(url), "the example's repository is no longer " + url);
        Files.writeString(ex.resolve("pom.xml"), pom.replace(url, maven.toUri().toString()));
        // a local repository without org/gridsched: links to everything else
        Path local = Files.createDirectories(tmp.resolve("m2/org"));
        try (Stream<Path> top = Files.list(repo); Stream<Path> org = Files.list(repo.resolve("org"))) {
            for (Path p : top.toList()) {
                if (!p.getFileName().toString().equals("org")) {
                    Files.createSymbolicLink(local.getParent().resolve(p.getFileName()), p);
                }
            }
            for (Path p : org.toList()) {
                if (!p.getFileName().toString().equals("gridsched")) {
                    Files.createSymbolicLink(local.resolve(p.getFileName()), p);
                }
            }
        }
        // not offline (-o): Maven reads no file:// repository offline; everything but the API is in the local repository
        App.Result b = App.exec(List.of("mvn", "-B", "-q", "-Dmaven.repo.local=" + local.getParent(), "package"), ex, Map.of(), null, 5 * MINUTE);
        assertEquals(0, b.exit(), "the example does not build against " + maven + ":\n" + b.all());
        assertTrue(Files.isRegularFile(local.resolve("gridsched/gridsched-api/1.0.0/gridsched-api-1.0.0.jar")), "the API came from elsewhere");
        return ex.resolve("target/shortest-queue-1.0.0.jar");
    }

    /** A folder of links to the system's programs (java first) without mvn: the PATH of the installed copy. */
    private static Path pathWithoutMavenNorCheckout(Path tmp) throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("path"));
        Files.createSymbolicLink(bin.resolve("java"), Path.of(System.getProperty("java.home"), "bin", "java"));
        for (String dir : List.of("/usr/local/bin", "/usr/bin", "/bin")) {
            if (!Files.isDirectory(Path.of(dir))) {
                continue;
            }
            try (Stream<Path> s = Files.list(Path.of(dir))) {
                for (Path p : s.toList()) {
                    String n = p.getFileName().toString();
                    if (n.startsWith("mvn") || n.equals("gridsched") || Files.exists(bin.resolve(n), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                        continue;
                    }
                    Files.createSymbolicLink(bin.resolve(n), p);
                }
            }
        }
        return bin;
    }

    /**
     * The same files with the same bytes in both run folders; {@code .gridsched-run} names the profile the run came
     * from (the checkout's, the installation's): equal once that path is replaced.
     */
    private static void sameFiles(Path expected, Path actual, Path expectedProfile, Path actualProfile) throws IOException {
        Map<String, Path> e = files(expected);
        Map<String, Path> a = files(actual);
        assertEquals(e.keySet(), a.keySet(), "other files in " + actual + " than in " + expected);
        assertTrue(e.containsKey("summary.json") && e.containsKey("jobs.csv"), e.keySet().toString());
        for (String f : e.keySet()) {
            if (f.equals(".gridsched-run")) {
                assertEquals(Files.readString(e.get(f)).replace(expectedProfile.toString(), "PROFILE"),
                        Files.readString(a.get(f)).replace(actualProfile.toString(), "PROFILE"), f);
            } else {
                assertArrayEquals(Files.readAllBytes(e.get(f)), Files.readAllBytes(a.get(f)), "not byte-identical: " + f);
            }
        }
    }

    private static Map<String, Path> files(Path dir) throws IOException {
        Map<String, Path> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                m.put(dir.relativize(p).toString(), p);
            }
        }
        return m;
    }

    /** Every file and link of a folder with its size and modification time. */
    private static Map<String, String> tree(Path dir) throws IOException {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.toList()) {
                m.put(dir.relativize(p).toString(), Files.isRegularFile(p) ? Files.size(p) + " " + Files.getLastModifiedTime(p) : "dir/link");
            }
        }
        return m;
    }
}
