package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23: maintenance windows declared in a run profile ({@code reservations}) are honoured by every policy — no
 * job of the run holds a processor during a window — and bad declarations are errors naming the key.
 */
class ReservationsAppTest {
    @TempDir
    Path tmp;

    private static final String PROFILE = """
            {"name": "maintenance", "platform": "a:64,b:32", "meta": "mct", "batch": "%s",
             "reservations": [{"name": "weekly", "cluster": "a", "start": 20000, "duration": 10000, "repeat": 100000, "times": 5},
                              {"cluster": "b", "start": 50000, "end": 60000, "processors": 16}],
             "workload": {"generator": "lublin99", "options": {"jobs": 3000, "load": 0.8}}, "seed": 3}
            """;

    @Test
    void noJobRunsOnAClusterDuringItsMaintenanceWindow() throws Exception {
        for (String policy : List.of("fcfs", "easy", "cbf")) {
            Path profile = tmp.resolve(policy + ".json");
            Files.writeString(profile, PROFILE.formatted(policy));
            Path out = tmp.resolve("out-" + policy);
            App.Result r = App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, "run", profile.toString(), "--out", out.toString());
            assertEquals(0, r.exit(), r.all());
            List<String> lines = Files.readAllLines(out.resolve("jobs.csv"));
            List<String> header = List.of(lines.get(0).split(","));
            int start = header.indexOf("starting_time");
            int finish = header.indexOf("finish_time");
            int cluster = header.indexOf("cluster");
            int onA = 0;
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split(",", -1);
                if (f[start].isEmpty()) {
                    continue;
                }
                double s = Double.parseDouble(f[start]);
                double e = Double.parseDouble(f[finish]);
                if (f[cluster].equals("a")) {
                    onA++;
                    for (int k = 0; k < 5; k++) {
                        double ws = 20000 + k * 100000.0;
                        assertTrue(e <= ws || s >= ws + 10000, policy + ": " + line + " overlaps the window from " + ws);
                    }
                }
            }
            assertTrue(onA > 100, policy + ": jobs ran on a: " + onA);
            App.Result v = App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, "validate", out.toString());
            assertEquals(0, v.exit(), v.all());
        }
    }

    @Test
    void badReservationsAreErrorsNamingTheKey() throws Exception {
        String[][] cases = {
                {"{\"cluster\": \"z\", \"start\": 0, \"duration\": 10}", "reservations[0].cluster: unknown cluster 'z'; the platform's clusters: a, b"},
                {"{\"cluster\": \"a\", \"start\": 0}", "reservations[0]: give either \"end\" or \"duration\""},
                {"{\"cluster\": \"a\", \"start\": 0, \"duration\": 10, \"processors\": 65}", "reservations[0].processors: expected \"all\" or a whole number from 1 to 64, got 65"},
                {"{\"cluster\": \"a\", \"start\": -5, \"duration\": 10}", "reservations[0].start: must be 0 or more"},
                {"{\"cluster\": \"a\", \"start\": 0, \"duration\": 10, \"repeat\": 5, \"times\": 3}", "reservations[0].repeat: the windows would overlap"},
                {"{\"cluster\": \"a\", \"start\": 0, \"duration\": 10, \"when\": 3}", "reservations[0].when: unknown key"},
        };
        for (String[] c : cases) {
            Path profile = tmp.resolve("bad.json");
            Files.writeString(profile, "{\"name\": \"bad\", \"platform\": \"a:64,b:32\", \"meta\": \"mct\", \"batch\": \"easy\", \"reservations\": ["
                    + c[0] + "], \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10}}}");
            for (String[] args : new String[][] {{"run", profile.toString(), "--out", tmp.resolve("o").toString()}, {"run", "--check", profile.toString()}}) {
                App.Result r = App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, args);
                assertEquals(1, r.exit(), r.all());
                assertTrue(r.err().contains(c[1]), "expected '" + c[1] + "' in:\n" + r.err());
            }
        }
    }
}
