package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/plugin-guide.md followed literally, as a new user would: every command block of the guide runs, in order,
 * in one bash script, from a sandbox that looks like a fresh clone (its own workspace/, the built application) and
 * with its own home folder (the guide works in ~/my-broker). The profile the guide asks to save is saved. Then
 * the plugin the guide built must be listed by {@code plugins} and used by the guide's run.
 */
class PluginGuideTest {

    /** The guide's steps: indented blocks are commands; a ```json block is the file the text before it names. */
    static String script(List<String> guide) {
        StringBuilder sh = new StringBuilder("set -euo pipefail\n");
        String lastSaveAs = null;
        Pattern saveAs = Pattern.compile("[Ss]ave it as `([^`]+)`");
        for (int i = 0; i < guide.size(); i++) {
            String line = guide.get(i);
            Matcher m = saveAs.matcher(line);
            if (m.find()) {
                lastSaveAs = m.group(1);
            }
            if (line.startsWith("```json")) {
                StringBuilder json = new StringBuilder();
                for (i++; i < guide.size() && !guide.get(i).startsWith("```"); i++) {
                    json.append(guide.get(i)).append('\n');
                }
                if (lastSaveAs != null) {
                    sh.append("cat > ").append(lastSaveAs).append(" <<'GUIDE_EOF'\n").append(json).append("GUIDE_EOF\n");
                    lastSaveAs = null;
                }
            } else if (line.startsWith("```")) {
                for (i++; i < guide.size() && !guide.get(i).startsWith("```"); i++) {
                    // other fenced blocks are illustrations, not steps
                }
            } else if (line.startsWith("    ") && (i == 0 || guide.get(i - 1).isBlank())) {
                // a command block: consecutive indented lines (loops and continued lines stay whole)
                StringBuilder block = new StringBuilder();
                for (; i < guide.size() && (guide.get(i).startsWith("    ") || guide.get(i).isBlank()); i++) {
                    block.append(guide.get(i).isBlank() ? "" : guide.get(i).substring(4)).append('\n');
                }
                i--;
                sh.append("echo '$ ").append(block.toString().strip().replace("'", "'\\''").replace("\n", "\n$ ")).append("'\n");
                sh.append(block);
            }
        }
        return sh.toString();
    }

    @Test
    void theGuidesStepsProduceAPluginThatIsListedAndUsed(@TempDir Path tmp) throws Exception {
        Path clone = Files.createDirectories(tmp.resolve("gridsched"));
        for (String part : List.of("bin", "runconfigs", "features", "cnf", "examples", "docs", "bundles", "pom.xml", "bnd.bnd")) {
            Files.createSymbolicLink(clone.resolve(part), App.HOME.resolve(part));
        }
        Files.createDirectories(clone.resolve("workspace/plugins"));
        Files.createDirectories(clone.resolve("workspace/config"));
        Path home = Files.createDirectories(tmp.resolve("home"));

        List<String> guide = Files.readAllLines(App.HOME.resolve("docs/plugin-guide.md"));
        String sh = script(guide);
        assertTrue(sh.contains("mvn -B verify") && sh.contains("workspace/plugins/") && sh.contains("bin/gridsched run"),
                "the guide's steps were not found:\n" + sh);
        Path script = tmp.resolve("guide.sh");
        Files.writeString(script, sh);

        String repo = System.getProperty("maven.repo.local", System.getProperty("user.home") + "/.m2/repository");
        App.Result r = App.exec(List.of("bash", script.toString()), clone,
                Map.of("HOME", home.toString(), "MAVEN_OPTS", "-Dmaven.repo.local=" + repo), null, 600);
        assertEquals(0, r.exit(), "the guide's steps failed:\n" + r.all());

        String out = r.out();
        assertTrue(out.contains("Tests run: 8, Failures: 0, Errors: 0"), "the example's own tests ran:\n" + out);
        assertTrue(out.contains("my-broker") && out.contains("[org.example.gridsched.mybroker 1.0.0]"),
                "plugins lists the new plugin with its bundle:\n" + out);
        assertTrue(out.contains("my-broker-demo: 5,000 jobs simulated"), "the run used it:\n" + out);
        String summary = Files.readString(clone.resolve("workspace/results/my-broker-demo/summary.json"));
        assertTrue(summary.contains("\"meta my-broker\": \"org.example.gridsched.mybroker 1.0.0\""), summary);
        assertTrue(out.contains("per-processor = false (configured; default true)"), "the configuration step shows:\n" + out);
    }

    /**
     * The guide's renaming block, applied to the other example (examples/smallest-area-first, its names in place of
     * shortest-queue's), renames it whether the project has tests or not: its loop moved src/main/java and
     * src/test/java, and a project without tests (as that example was) stopped at the second mv.
     */
    @Test
    void theRenamingStepsWorkOnTheOtherExampleWithOrWithoutTests(@TempDir Path tmp) throws Exception {
        String sh = script(Files.readAllLines(App.HOME.resolve("docs/plugin-guide.md")));
        Matcher block = Pattern.compile("(?s)\ncd ~/my-broker\n(.*?)\ncd -").matcher(sh);
        assertTrue(block.find(), "the guide's renaming block:\n" + sh);
        String rename = block.group(1).replace("shortestqueue", "saf").replace("shortest-queue", "smallest-area-first");
        for (boolean tests : List.of(true, false)) {
            Path copy = tmp.resolve(tests ? "with-tests" : "without-tests");
            App.exec(List.of("cp", "-r", App.HOME.resolve("examples/smallest-area-first").toString(), copy.toString()), null, Map.of(), null, 30);
            App.exec(List.of("rm", "-rf", copy.resolve("target").toString()), null, Map.of(), null, 30);
            if (!tests) {
                App.exec(List.of("rm", "-rf", copy.resolve("src/test").toString()), null, Map.of(), null, 30);
            }
            App.Result r = App.exec(List.of("bash", "-c", "set -euo pipefail\n" + rename), copy, Map.of(), null, 30);
            assertEquals(0, r.exit(), "the renaming steps failed (" + copy.getFileName() + "):\n" + rename + "\n" + r.all());
            String main = Files.readString(copy.resolve("src/main/java/org/example/gridsched/mybroker/SmallestAreaFirst.java"));
            assertTrue(main.startsWith("package org.example.gridsched.mybroker;") && main.contains("\"my-broker\""), main);
            assertEquals(tests, Files.isRegularFile(copy.resolve("src/test/java/org/example/gridsched/mybroker/SmallestAreaFirstTest.java")));
        }
    }

    @Test
    void scriptTakesCommandBlocksAndSavesTheNamedProfile() {
        List<String> md = new ArrayList<>(List.of("intro", "", "    echo one", "    echo two", "", "Save it as `p.json`:", "",
                "```json", "{\"a\": 1}", "```", "", "```", "not a step", "```", "  indented list text"));
        String sh = script(md);
        assertTrue(sh.contains("\necho one\n") && sh.contains("\necho two\n"), sh);
        assertTrue(sh.contains("cat > p.json <<'GUIDE_EOF'\n{\"a\": 1}\nGUIDE_EOF\n"), sh);
        assertTrue(!sh.contains("not a step") && !sh.contains("indented list text"), sh);
    }
}
