package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;

import org.gridsched.api.InputException;
import org.gridsched.api.workload.JobRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Failure traces (gridsched's CSV, the Failure Trace Archive's format), models, and their errors. */
class FailureTracesTest {
    static final Platform AB = Platform.parse("a:8,b:4", "platform");

    @TempDir
    Path dir;

    @Test
    void csvTrace() throws Exception {
        Path f = dir.resolve("f.csv");
        Files.writeString(f, "# failures\ntime,cluster,processors,duration\n100,a,0-3 6,3600\n200.5,b,all,60\n");
        List<FailureSpec.Event> e = FailureTraces.csv(f, AB);
        assertEquals(2, e.size());
        BitSet a = new BitSet();
        a.set(0, 4);
        a.set(6);
        assertEquals(new FailureSpec.Event(0, a, 100, 3600, f.toString(), 3), e.get(0));
        assertEquals(4, e.get(1).processors().cardinality());
        assertEquals(1, e.get(1).cluster());
        assertEquals(200.5, e.get(1).time());
    }

    @Test
    void ftaTraceMapsNodesInOrderOfAppearance() throws Exception {
        Path f = dir.resolve("event_trace.tab");
        Files.writeString(f, "# event_id component_id node_id platform_id node_name event_type event_start_time event_end_time event_end_reason\n"
                + "1\t1\t501\t7\tn501\t1\t1000000000\t1000000100\t0\n"
                + "2\t1\t501\t7\tn501\t0\t1000000100\t1000000400\t6\n"
                + "3\t1\t733\t7\tn733\t0\t1000000200\t1000000250\t0\n");
        List<FailureSpec.Event> e = FailureTraces.fta(f, AB, 0, 2, 1e9);
        assertEquals(2, e.size());
        assertEquals(100, e.get(0).time());
        assertEquals(300, e.get(0).duration());
        assertEquals("{0, 1}", e.get(0).processors().toString()); // node 501: the file's first, processors 0-1
        assertEquals("{2, 3}", e.get(1).processors().toString()); // node 733: the second
        assertEquals(4, e.get(1).line());
    }

    /**
     * The FTA often has overlapping unavailability events of one node (several components, or the same outage logged
     * twice): the node is down while any of them lasts. Cluster b (nodes of 2 processors): node 501 down over
     * [100, 200) and [150, 350), node 733 over [120, 130). Before, the second event of 501 found 0-1 down already, was
     * reported as without effect, and 0-1 came back at 200. Unavailable within [0, 1000] (a job on a):
     * 2 x 250 + 2 x 10 = 520 processor-seconds.
     */
    @Test
    void overlappingFtaEventsKeepTheNodeDownUntilTheLastEnds() throws Exception {
        Path f = dir.resolve("event_trace.tab");
        Files.writeString(f, "1 1 501 7 n501 0 1000000100 1000000200 0\n2 1 733 7 n733 0 1000000120 1000000130 0\n"
                + "3 1 501 7 n501 0 1000000150 1000000350 0\n");
        Simulation.Settings s = new Simulation.Settings();
        s.failures = new FailureSpec(FailureTraces.fta(f, AB, 1, 2, 1e9), null, true, 3, 1, 0);
        s.router = grid -> job -> 0; // the job on a, out of the failures' way
        SimulationResult r = new Simulation(AB, SimulationTest.Greedy::new, List.of(), s)
                .run(new ListJobSource("w", List.of(new JobRecord().set(1, 0, 1000, 1000, 1))));
        assertEquals("cluster,from,to,state,processors\nb,100,200,failed,0-1\nb,120,130,failed,2-3\nb,200,350,failed,0-1\n",
                r.files().get("unavailable.csv"));
        assertEquals(520.0, r.failures().get("unavailable_processor_seconds"));
        assertEquals(3L, r.failures().get("failures"), "the third event kept the node down: a failure");
        assertEquals(null, r.failures().get("trace_events_without_effect"));
        assertEquals("time,cluster,unavailable_processors\n100,b,2\n120,b,4\n130,b,2\n350,b,0\n", r.files().get("availability.csv"));
    }

    /**
     * A failure that kills the last running job (not re-submitted) ends the run's window at its own start: its outage
     * does not overlap the window, but it is one of the run's failures, beside its kill. Before, summary.json said
     * failures 0 (1 outside the window) with failure_kills 1 and failed_jobs 1. A failure after the last end stays outside.
     */
    @Test
    void aFailureThatKillsTheLastJobIsWithinTheWindow() throws Exception {
        Path f = dir.resolve("f.csv");
        Files.writeString(f, "50,a,0,10\n500,a,0,10\n");
        Simulation.Settings s = new Simulation.Settings();
        s.failures = new FailureSpec(FailureTraces.csv(f, AB), null, false, 3, 1, 0);
        s.router = grid -> job -> 0;
        SimulationResult r = new Simulation(AB, SimulationTest.Greedy::new, List.of(), s)
                .run(new ListJobSource("w", List.of(new JobRecord().set(1, 0, 100, 100, 1))));
        assertEquals(1L, r.failures().get("failure_kills"));
        assertEquals(1L, r.failures().get("failed_jobs"));
        assertEquals(1L, r.failures().get("failures"), "the failure at 50 killed the job: the window is [0, 50]");
        assertEquals(1L, r.failures().get("failures_outside_window"), "the one at 500");
        assertEquals(1L, r.failures(0).get("failures"));
    }

    @Test
    void badTracesNameFileLineAndField() throws Exception {
        bad("f.csv", "0,z,0,10\n", () -> FailureTraces.csv(dir.resolve("f.csv"), AB), ":1: cluster", "unknown cluster 'z'");
        bad("f.csv", "0,a,0,10\n5,b,2-4,10\n", () -> FailureTraces.csv(dir.resolve("f.csv"), AB), ":2: processors", "outside");
        bad("f.csv", "0,a,0,-10\n", () -> FailureTraces.csv(dir.resolve("f.csv"), AB), ":1: duration", "positive");
        bad("f.csv", "-5,a,0,10\n", () -> FailureTraces.csv(dir.resolve("f.csv"), AB), ":1: time");
        bad("f.csv", "0,a,x,10\n", () -> FailureTraces.csv(dir.resolve("f.csv"), AB), ":1: processors");
        bad("f.csv", "5,a,0-1,1e11\n", () -> FailureTraces.csv(dir.resolve("f.csv"), AB), ":1: duration", "must be at most");
        bad("f.csv", "0,a,3-1,10\n", () -> FailureTraces.csv(dir.resolve("f.csv"), AB), ":1: processors", "the range '3-1' ends before it starts; write 1-3");
        bad("f.csv", "0,a,1-2-3,10\n", () -> FailureTraces.csv(dir.resolve("f.csv"), AB), ":1: processors", "'1-2-3' is not an id or a range");
        bad("f.tab", "1 1 10 1 n 0 0 5 0\n2 1 11 1 n 0 0 5 0\n3 1 12 1 n 0 0 5 0\n",
                () -> FailureTraces.fta(dir.resolve("f.tab"), AB, 1, 2, 0), ":3: node_id", "outside the platform");
        bad("f.tab", "1 1 10 1 n 0 9 5 0\n", () -> FailureTraces.fta(dir.resolve("f.tab"), AB, 1, 2, 0), ":1: event_end_time");
        bad("f.tab", "1 1 10 1 n 0 abc 5 0\n", () -> FailureTraces.fta(dir.resolve("f.tab"), AB, 1, 2, 0), ":1: event_start_time");
    }

    /**
     * Nothing of a trace is skipped without a word: only its first line may be a header, numbers are plain decimals
     * (Java's {@code 1d} would be one second, not a day), an event type is a whole number, and a trace without any
     * event line is an error rather than a run without failures.
     */
    @Test
    void noLineIsSkippedOrMisread() throws Exception {
        org.junit.jupiter.api.function.Executable csv = () -> FailureTraces.csv(dir.resolve("f.csv"), AB);
        org.junit.jupiter.api.function.Executable fta = () -> FailureTraces.fta(dir.resolve("f.tab"), AB, 1, 2, 0);
        bad("f.csv", "time,cluster,processors,duration\n2002-07-28T10:00:00,a,0-3,7200\n", csv, ":2: time", "not a number");
        bad("f.csv", "abc,a,0-3,7200\n100,a,0,10\n", csv, ":1: time", "'abc' is not a number"); // a duration: data
        bad("f.csv", "1d,a,all,7200\n", csv, ":1: time", "'1d' is not a number");
        bad("f.csv", "0,a,all,7200f\n", csv, ":1: duration", "'7200f' is not a number");
        bad("f.csv", "0x1p8,a,all,60\n", csv, ":1: time");
        bad("f.csv", "time,cluster,processors,duration\n", csv, "no event line", "only a header");
        bad("f.csv", "# nothing yet\n\n", csv, "no event line", "no line besides blank lines and # comments");
        bad("f.csv", "", csv, "no event line", "no line besides");
        bad("f.tab", "event_id component_id node_id\n", fta, "no event line", "only a header");
        bad("f.tab", "1 1 10 1 n 0.5 0 5 0\n", fta, ":1: event_type", "whole number");
        Files.writeString(dir.resolve("f.tab"), "e1 1 10 1 n 0 0 5 0\ne2 1 10 1 n 0 10 15 0\n"); // ids may be words
        assertEquals(2, FailureTraces.fta(dir.resolve("f.tab"), AB, 1, 2, 0).size());
        Files.writeString(dir.resolve("f.csv"), "time,cluster,processors,duration\n100,a,0,10\n");
        assertEquals(1, FailureTraces.csv(dir.resolve("f.csv"), AB).size());
    }

    @Test
    void plainNumbers() {
        for (String s : List.of("0", "-1", "+2", "3.", ".5", "1.5e3", "2E-3")) {
            assertTrue(PlainNumbers.isPlain(s), s);
        }
        for (String s : List.of("", "1d", "7200f", "0x1p8", "NaN", "Infinity", " 1", "1e", "--1", ".")) {
            assertTrue(!PlainNumbers.isPlain(s), s);
            assertThrows(NumberFormatException.class, () -> PlainNumbers.parse(s), s);
        }
        assertTrue(PlainNumbers.isHeaderField("time") && PlainNumbers.isHeaderField("event_id"));
        assertTrue(!PlainNumbers.isHeaderField("1d") && !PlainNumbers.isHeaderField("-x") && !PlainNumbers.isHeaderField("12"));
    }

    /** Models are bounded as every simulated duration, and a wide log-normal's draws are cut at that bound. */
    @Test
    void modelBounds() {
        InputException e = assertThrows(InputException.class,
                () -> new FailureSpec.Model(FailureSpec.Distribution.EXPONENTIAL, 86400, 1, 1e300, 1, 1));
        assertTrue(e.getMessage().contains("repair_mean") && e.getMessage().contains("up to"), e.getMessage());
        assertThrows(InputException.class, () -> new FailureSpec.Model(FailureSpec.Distribution.EXPONENTIAL, 1e11, 1, 60, 1, 1));
        FailureSpec.Model wide = new FailureSpec.Model(FailureSpec.Distribution.EXPONENTIAL, 86400, 1, 1e10, 3, 1);
        SplittableRandom r = new SplittableRandom(3);
        double max = 0;
        for (int i = 0; i < 10_000; i++) {
            max = Math.max(max, wide.repairTime(r));
        }
        assertEquals(org.gridsched.api.SimTime.MAX_JOB_TIME, max, "some draws reach the bound and none exceed it");
    }

    /**
     * Files as editors and archives save them: a UTF-8 byte order mark at the start (before, a first data line after it
     * was "'\uFEFF0' is not a number", and a carbon series' first row was taken for a header and silently dropped),
     * CRLF line ends, and gzip (before, "not UTF-8 text"); a file that starts as gzip but is cut short says so.
     */
    @Test
    void bomCrlfAndGzipAreRead() throws Exception {
        Files.writeString(dir.resolve("bom.csv"), "\uFEFF100,a,0-3,60\r\n200,b,all,60\r\n");
        List<FailureSpec.Event> e = FailureTraces.csv(dir.resolve("bom.csv"), AB);
        assertEquals(2, e.size());
        assertEquals(100, e.get(0).time());
        Files.writeString(dir.resolve("bom.tab"), "\uFEFF1 1 10 1 n 0 5 15 0\r\n");
        assertEquals(10, FailureTraces.fta(dir.resolve("bom.tab"), AB, 1, 2, 0).get(0).duration());
        Files.writeString(dir.resolve("carbon.csv"), "\uFEFF0,100\r\n3600,200\r\n");
        CarbonSeries c = CarbonSeries.read(dir.resolve("carbon.csv"));
        assertEquals(100, c.at(0), "the first row is data, not a header");
        assertEquals(200, c.at(3600));
        Files.writeString(dir.resolve("hdr.csv"), "\uFEFFtime,gco2_per_kwh\n0,100\n3600,200\n");
        assertEquals(100, CarbonSeries.read(dir.resolve("hdr.csv")).at(0));

        Path gz = dir.resolve("f.csv.gz");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write("time,cluster,processors,duration\n100,a,0-3,60\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        assertEquals(List.of(new FailureSpec.Event(0, FailureTraces.csv(dir.resolve("bom.csv"), AB).get(0).processors(), 100, 60,
                gz.toString(), 2)), FailureTraces.csv(gz, AB));
        Path carbonGz = dir.resolve("carbon.gz"); // by its bytes, whatever its name
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(carbonGz))) {
            out.write("0,100\n3600,200\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        assertEquals(200, CarbonSeries.read(carbonGz).at(3600));
        byte[] whole = Files.readAllBytes(gz);
        Path cut = dir.resolve("cut.csv.gz");
        Files.write(cut, java.util.Arrays.copyOf(whole, 12));
        String m = message(() -> FailureTraces.csv(cut, AB));
        assertTrue(m.startsWith(cut + ": cannot read the failure trace: ") && m.contains("gzip"), m);
    }

    /** A file that cannot be read is named with the reason in words, as the carbon reader names its own. */
    @Test
    void unreadableFilesSayWhy() throws Exception {
        Path latin1 = dir.resolve("latin1.csv");
        Files.write(latin1, "# d\u00e9faillances\n0,a,0,10\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Path missing = dir.resolve("missing.csv");
        Files.writeString(dir.resolve("carbon.csv"), "0,400\n");
        String[][] cases = {
            {message(() -> FailureTraces.csv(latin1, AB)), latin1 + ": cannot read the failure trace: it is not UTF-8 text"},
            {message(() -> FailureTraces.csv(missing, AB)), missing + ": no such failure trace"},
            {message(() -> FailureTraces.csv(dir, AB)), dir + ": is a folder; give a failure trace file"},
            {message(() -> CarbonSeries.read(latin1)), latin1 + ": cannot read the carbon-intensity file: it is not UTF-8 text"},
            {message(() -> CarbonSeries.read(missing)), missing + ": no such carbon-intensity file"},
        };
        for (String[] c : cases) {
            assertTrue(c[0].startsWith(c[1]), c[0] + " should start with " + c[1]);
        }
    }

    private static String message(org.junit.jupiter.api.function.Executable read) {
        return assertThrows(InputException.class, read).getMessage();
    }

    private void bad(String file, String content, org.junit.jupiter.api.function.Executable read, String... expected) throws Exception {
        Files.writeString(dir.resolve(file), content);
        InputException e = assertThrows(InputException.class, read);
        assertTrue(e.getMessage().startsWith(dir.resolve(file).toString()), e.getMessage());
        for (String x : expected) {
            assertTrue(e.getMessage().contains(x), e.getMessage() + " lacks " + x);
        }
    }

    @Test
    void modelMeans() {
        SplittableRandom r = new SplittableRandom(7);
        FailureSpec.Model exp = new FailureSpec.Model(FailureSpec.Distribution.EXPONENTIAL, 1000, 1, 50, 1, 1);
        FailureSpec.Model weibull = new FailureSpec.Model(FailureSpec.Distribution.WEIBULL, 1000, 0.7, 50, 0, 1);
        int n = 200_000;
        double e = 0;
        double w = 0;
        double repair = 0;
        for (int i = 0; i < n; i++) {
            e += exp.timeBetweenFailures(r);
            w += weibull.timeBetweenFailures(r);
            repair += exp.repairTime(r);
        }
        assertEquals(1000, e / n, 15);
        assertEquals(1000, w / n, 25);
        assertEquals(50, repair / n, 2);
        assertEquals(50, weibull.repairTime(r));
        assertEquals(1, FailureSpec.gamma(2), 1e-13);
        assertEquals(Math.sqrt(Math.PI), FailureSpec.gamma(0.5), 1e-13);
        assertEquals(24, FailureSpec.gamma(5), 1e-11);
    }

    /** Modelled failures come from the seed only: the same seed gives the same run, another seed another. */
    @Test
    void modelledFailuresAreSeeded() {
        assertEquals(run(1), run(1));
        assertNotEquals(run(1), run(2));
    }

    /**
     * A job wider than the processors modelled failures ever leave up at once would keep the run going forever (nodes
     * fail while jobs wait): after 1,000 failure-repair cycles with nothing running and nothing to come it is an error
     * naming the cluster, the widest waiting job and the most processors up at once. A job that starts ends the same
     * models' run normally.
     */
    @Test
    @org.junit.jupiter.api.Timeout(60) // without the check the run never ends: fail instead of hanging the build
    void aRunThatFailuresWouldKeepGoingForeverIsAnError() {
        // 4 one-processor nodes, each up 10 s in 1,010 on average: all four are almost never up together
        FailureSpec.Model flaky = new FailureSpec.Model(FailureSpec.Distribution.EXPONENTIAL, 10, 1, 1000, 0, 1);
        Simulation.Settings s = new Simulation.Settings();
        s.failures = new FailureSpec(List.of(), List.of(flaky), false, 0, 5, 0);
        Platform four = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        InputException e = assertThrows(InputException.class, () -> new Simulation(four, SimulationTest.Greedy::new, List.of(), s)
                .run(new ListJobSource("w", List.of(new JobRecord().set(1, 10_000, 100, 100, 4))))); // after the nodes first failed
        assertTrue(e.getMessage().startsWith("failures.model: the run cannot end: for "), e.getMessage());
        assertTrue(e.getMessage().contains("cluster c: 1 job(s) wait, the widest for 4 processors, and at most"), e.getMessage());
        SimulationResult ok = new Simulation(four, SimulationTest.Greedy::new, List.of(), s)
                .run(new ListJobSource("w", List.of(new JobRecord().set(1, 0, 100, 100, 1))));
        assertEquals(1, ok.simulated()); // started at once (this test policy retries only at arrivals and ends)
    }

    private static String run(long seed) {
        List<JobRecord> jobs = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            jobs.add(new JobRecord().set(i + 1, i * 50, 400, 400, 1 + i % 4));
        }
        Simulation.Settings s = new Simulation.Settings();
        s.failures = new FailureSpec(List.of(), List.of(new FailureSpec.Model(FailureSpec.Distribution.WEIBULL, 5000, 0.8, 300, 0.5, 2)),
                true, 2, seed, 0);
        s.power = List.of(new PowerModel(10, 100));
        SimulationResult r = new Simulation(new Platform(List.of(new ClusterSpec("c", 16, 1.0))), SimulationTest.Greedy::new, List.of(), s)
                .run(new ListJobSource("w", jobs));
        assertTrue((Long) r.failures().get("failures") > 10, r.failures().toString());
        assertTrue((Long) r.failures().get("failure_kills") > 0, r.failures().toString());
        StringBuilder sb = new StringBuilder(r.failures().toString()).append(r.energy());
        for (SimJob j : r.jobs()) {
            sb.append(j.id()).append(' ').append(j.startTime()).append(' ').append(j.finalState()).append('\n');
        }
        return sb.toString();
    }
}
