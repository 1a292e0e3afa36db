package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/bench-failures (issue 30's measure): runs the two bench profiles, with and without failures, under the policies
 * asked for and reports times and their ratio. Here on a copy of the built application with small workloads: what is
 * checked is that each case ran with its own policy, job count and failures, and that the report holds what the runs
 * printed; the times themselves are never asserted.
 */
class BenchFailuresAppTest {
    @TempDir
    static Path tmp;

    @Test
    void runsBothProfilesUnderEachPolicyAndReportsTheRatio() throws Exception {
        Path home = App.copyOfApplication(tmp, "bench");
        for (String f : List.of("bin/bench-failures", "runconfigs/bench-1m.json", "runconfigs/bench-1m-failures.json")) {
            Files.copy(App.HOME.resolve(f), home.resolve(f), StandardCopyOption.COPY_ATTRIBUTES);
        }
        App.Result r = bench(home, "--jobs", "2000", "--runs", "1", "--policies", "fcfs,easy");
        assertEquals(0, r.exit(), r.all());

        Path results = home.resolve("target/bench/failures");
        for (String policy : List.of("fcfs", "easy")) {
            for (String c : List.of("plain", "failures")) {
                String out = Files.readString(results.resolve(c + "-" + policy + ".json.out"));
                assertTrue(out.contains("2,000 jobs simulated on cluster:1024 with " + policy + ";"), out);
                assertEquals(2001, Files.readAllLines(results.resolve(c + "-" + policy + "/jobs.csv")).size(), c + " " + policy);
                // only the failures' case has failures
                assertEquals(c.equals("failures"), Files.exists(results.resolve(c + "-" + policy + "/unavailable.csv")), out);
            }
            // the summary's simulation times are the medians (here: the one run) of what the runs printed
            double plain = simulated(results.resolve("plain-" + policy + ".json.out"));
            double failing = simulated(results.resolve("failures-" + policy + ".json.out"));
            Matcher m = Pattern.compile("(?m)^" + policy + " +[0-9.]+ +[0-9.]+ +[0-9.]+ +([0-9.]+) +([0-9.]+) +([0-9.]+)$")
                    .matcher(r.out());
            assertTrue(m.find(), "a summary line for " + policy + ": " + r.out());
            assertEquals(plain, Double.parseDouble(m.group(1)), 0.005, r.out());
            assertEquals(failing, Double.parseDouble(m.group(2)), 0.005, r.out());
        }

        // a run that fails stops the bench, with what gridsched said
        App.Result unknown = bench(home, "--jobs", "100", "--runs", "1", "--policies", "nosuch");
        assertEquals(1, unknown.exit(), unknown.all());
        assertTrue(unknown.err().contains("batch policy 'nosuch' is not available"), unknown.all());
        assertTrue(!unknown.out().contains("medians"), "no summary after a failed run: " + unknown.all());
    }

    @Test
    void badOptionsAreRefusedWithTheirName() throws Exception {
        Path home = tmp.resolve("none");
        Files.createDirectories(home.resolve("bin"));
        Files.copy(App.HOME.resolve("bin/bench-failures"), home.resolve("bin/bench-failures"));
        for (String[] args : List.of(new String[] {"--runs", "0"}, new String[] {"--jobs", "many"},
                new String[] {"--policies", "CBF;rm"}, new String[] {"--fast"})) {
            App.Result r = bench(home, args);
            assertEquals(2, r.exit(), r.all());
            assertTrue(r.err().contains(args[0]) || r.err().contains("'" + args[0] + "'"), r.all());
        }
    }

    private static App.Result bench(Path home, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", home.resolve("bin/bench-failures").toString()));
        cmd.addAll(List.of(args));
        return App.exec(cmd, home, StartupTest.environment(home, Map.of()), null, 600);
    }

    private static double simulated(Path out) throws Exception {
        Matcher m = Pattern.compile("jobs simulated on .*; ([0-9.]+) s \\(").matcher(Files.readString(out));
        assertTrue(m.find(), out.toString());
        return Double.parseDouble(m.group(1));
    }
}
