package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

    /**
     * A standing reservation for group 1 (16 of 64 processors, 50,000 s every 100,000 s, 3 times): jobs of
     * group 1 run inside it, and at no instant of a window do the other groups' jobs hold more than the 48
     * processors left, whatever the policy.
     */
    @Test
    void onlyTheGroupsJobsUseAStandingReservation() throws Exception {
        for (String policy : List.of("fcfs", "easy", "cbf")) {
            Path profile = tmp.resolve("group-" + policy + ".json");
            Files.writeString(profile, ("{\"name\": \"group\", \"platform\": \"a:64\", \"batch\": \"%s\", \"reservations\": "
                    + "[{\"name\": \"chemistry\", \"cluster\": \"a\", \"start\": 20000, \"duration\": 50000, \"processors\": 16,"
                    + " \"repeat\": 100000, \"times\": 3, \"groups\": [1]}], \"workload\": {\"generator\": \"lublin99\","
                    + " \"options\": {\"jobs\": 3000, \"load\": 0.9, \"users\": 40, \"groups\": 4}}, \"seed\": 5}").formatted(policy));
            Path out = tmp.resolve("group-out-" + policy);
            App.Result r = App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, "run", profile.toString(), "--out", out.toString());
            assertEquals(0, r.exit(), r.all());
            String summary = Files.readString(out.resolve("summary.json"));
            int at = summary.indexOf("\"started_in_group_reservations\": ");
            assertTrue(at > 0, summary);
            long inside = Long.parseLong(summary.substring(at + 34).split("[,\\s}]")[0]);
            assertTrue(inside >= 1, policy + ": jobs of group 1 ran inside: " + inside);
            List<String> lines = Files.readAllLines(out.resolve("jobs.csv"));
            List<String> header = List.of(lines.get(0).split(","));
            int start = header.indexOf("starting_time");
            int finish = header.indexOf("finish_time");
            int procs = header.indexOf("requested_number_of_resources");
            int group = header.indexOf("group");
            // processors the other groups hold, sampled at every start inside the windows
            List<double[]> others = new java.util.ArrayList<>();
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split(",", -1);
                if (!f[start].isEmpty() && !f[group].equals("1")) {
                    others.add(new double[] {Double.parseDouble(f[start]), Double.parseDouble(f[finish]), Integer.parseInt(f[procs])});
                }
            }
            for (double[] at0 : others) {
                double t = at0[0];
                boolean inWindow = false;
                for (int k = 0; k < 3; k++) {
                    inWindow |= t >= 20000 + k * 100000.0 && t < 70000 + k * 100000.0;
                }
                if (!inWindow) {
                    continue;
                }
                int held = 0;
                for (double[] o : others) {
                    if (o[0] <= t && t < o[1]) {
                        held += (int) o[2];
                    }
                }
                assertTrue(held <= 48, policy + ": other groups hold " + held + " processors at " + t);
            }
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
                {"{\"cluster\": \"a\", \"start\": 0, \"duration\": 10, \"groups\": []}", "reservations[0].groups: expected a non-empty list of group numbers"},
                {"{\"cluster\": \"a\", \"start\": 0, \"duration\": 10, \"groups\": [\"chem\"]}", "reservations[0].groups: expected whole group numbers >= 0, got chem"},
                // the second entry meets the first's second window: named by its entry, not by its place among the windows (was [3])
                {"{\"name\": \"weekly\", \"cluster\": \"a\", \"start\": 0, \"duration\": 10, \"repeat\": 100, \"times\": 3},"
                        + " {\"name\": \"big\", \"cluster\": \"a\", \"start\": 105, \"duration\": 10}",
                        "reservations[1]: 'big' needs 64 processors of a (64) over [105, 115), which the reservations before it already hold in part"},
        };
        List<String> check = new ArrayList<>(List.of("run", "--check"));
        List<Path> profiles = new ArrayList<>();
        for (int i = 0; i < cases.length; i++) {
            Path profile = tmp.resolve("bad-" + i + ".json");
            profiles.add(profile);
            Files.writeString(profile, "{\"name\": \"bad\", \"platform\": \"a:64,b:32\", \"meta\": \"mct\", \"batch\": \"easy\", \"reservations\": ["
                    + cases[i][0] + "], \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10}}}");
            App.Result r = App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, "run", profile.toString(), "--out", tmp.resolve("o").toString());
            assertEquals(1, r.exit(), r.all());
            assertTrue(r.err().contains(cases[i][1]), "expected '" + cases[i][1] + "' in:\n" + r.err());
            check.add(profile.toString());
        }
        // run --check finds the same, each profile's error on a line of its own naming its file: one process for all of them
        App.Result r = App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, check.toArray(String[]::new));
        assertEquals(1, r.exit(), r.all());
        List<String> lines = List.of(r.err().split("\n"));
        for (int i = 0; i < cases.length; i++) {
            String file = profiles.get(i).toString();
            String expected = cases[i][1];
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("gridsched: error: " + file + ":") && l.contains(expected)),
                    "expected '" + expected + "' on the line of " + file + " in:\n" + r.err());
        }
        assertTrue(r.out().contains("0 of " + cases.length + " profiles ok"), r.out());
    }

    /**
     * A job that runs past its requested time (killing off) into a maintenance window of the profile: the run stops with
     * the window's name and entry and what to change. It said "during the start of a controller's claim: claim of 4
     * processors of cluster 0 ... cannot start", of a claim the user never made.
     */
    @Test
    void aWindowAJobOverranIntoIsNamed() throws Exception {
        Path trace = tmp.resolve("t.swf");
        Files.writeString(trace, "1 0 0 100 2 -1 -1 2 10 -1 1 1 1 -1 -1 -1 -1 -1\n");
        Path profile = tmp.resolve("overrun.json");
        Files.writeString(profile, """
                {"name": "overrun", "platform": "c:4", "batch": "cbf", "kill_at_requested_time": false, "workload": {"file": "t.swf"},
                 "reservations": [{"name": "maint", "cluster": "c", "start": 20, "duration": 30}]}
                """);
        App.Result r = App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, "run", profile.toString(), "--out", tmp.resolve("o").toString());
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.err().startsWith("gridsched: failed: at t=20 s, during the start of the reservation 'maint' (reservations[0]: 4 processors"
                + " of cluster c over [20, 50)): only 2 of its 4 processors are free: a job ran past its requested time (killing at the"
                + " requested time is off) and a job is never stopped for a reservation; run with kill_at_requested_time true (without"
                + " --no-kill), or declare a window no job runs into\n"), r.err());
    }
}
