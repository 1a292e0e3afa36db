package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.workload.JobRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Energy and carbon of hand-computed schedules (issue 30, part 1 and 2). */
class EnergyTest {
    @TempDir
    Path dir;

    private static JobRecord job(long id, double submit, double runtime, double requested, int procs) {
        JobRecord r = new JobRecord().set(id, submit, runtime, requested, procs);
        r.line = id + 1;
        return r;
    }

    /**
     * c:4, idle 36 W and busy 180 W per processor. Job 1 (2 processors, 100 s) runs [0, 100]; job 2 (3 processors,
     * submitted at 50) does not fit beside it and runs [100, 200]. Job 1: 2 x 180 x 100 = 36,000 J; job 2: 3 x 180 x 100
     * = 54,000 J; the window [0, 200] has 800 processor-seconds, 500 busy, 300 idle: 10,800 J idle; total 100,800 J
     * (0.028 kWh).
     */
    private SimulationResult twoJobs(List<CarbonSeries> carbon) {
        Simulation.Settings s = new Simulation.Settings();
        s.power = List.of(new PowerModel(36, 180));
        s.carbon = carbon;
        Platform p = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        return new Simulation(p, SimulationTest.Greedy::new, List.of(), s)
                .run(new ListJobSource("w.swf", List.of(job(1, 0, 100, 100, 2), job(2, 50, 100, 100, 3))));
    }

    @Test
    void twoJobsOnOneCluster() throws Exception {
        SimulationResult r = twoJobs(null);
        assertEquals(36_000, r.jobs().get(0).consumedEnergy());
        assertEquals(54_000, r.jobs().get(1).consumedEnergy());
        Map<String, Object> e = r.energy();
        assertEquals(100_800.0, e.get("energy_joules"));
        assertEquals(90_000.0, e.get("busy_energy_joules"));
        assertEquals(10_800.0, e.get("idle_energy_joules"));
        assertEquals(0.028, (Double) e.get("energy_kwh"), 1e-15);
        assertEquals(0.0, e.get("energy_window_start"));
        assertEquals(200.0, e.get("energy_window_end"));
        assertEquals(100_800.0, r.energy(0).get("energy_joules"));
        assertFalse(e.containsKey("carbon_grams"));
        Path f = dir.resolve("jobs.csv");
        JobsCsv.write(r, f);
        List<String> lines = Files.readAllLines(f);
        assertEquals(JobsCsv.HEADER + "," + JobsCsv.SUBMITTER_COLUMNS, lines.get(0));
        assertTrue(lines.get(1).contains(",0-1,36000,,c,0,"), lines.get(1));
        assertTrue(lines.get(2).contains(",0-2,54000,,c,0,"), lines.get(2));
        // in summary.json: overall and under the cluster
        Map<String, Object> summary = ResultWriter.report(r, null, null).toSummary();
        assertEquals(100_800.0, summary.get("energy_joules"));
        assertEquals(10_800.0, ((Map<?, ?>) ((Map<?, ?>) summary.get("clusters")).get("c")).get("idle_energy_joules"));
    }

    /**
     * The same schedule under a series of 100 g/kWh over [0, 100) and 400 over [100, 200) (repeating): job 1 emits
     * 2 x 180 W x 100 s x 100 g/kWh / 3.6e6 = 1 g, job 2 3 x 180 x 100 x 400 / 3.6e6 = 6 g; the idle processors are 2
     * over [0, 100) and 1 over [100, 200): 36 x (2 x 100 x 100 + 1 x 100 x 400) / 3.6e6 = 0.6 g; 7.6 g in all.
     */
    @Test
    void carbonOfTwoJobs() throws Exception {
        Path csv = dir.resolve("intensity.csv");
        Files.writeString(csv, "time,gco2_per_kwh\n0,100\n100,400\n");
        SimulationResult r = twoJobs(List.of(CarbonSeries.read(csv)));
        assertEquals(1.0, r.jobs().get(0).carbon(), 1e-12);
        assertEquals(6.0, r.jobs().get(1).carbon(), 1e-12);
        assertEquals(0.6, (Double) r.energy().get("idle_carbon_grams"), 1e-12);
        assertEquals(7.6, (Double) r.energy().get("carbon_grams"), 1e-12);
        Path f = dir.resolve("jobs.csv");
        JobsCsv.write(r, f);
        List<String> lines = Files.readAllLines(f);
        assertEquals(JobsCsv.HEADER + ",carbon," + JobsCsv.SUBMITTER_COLUMNS, lines.get(0));
        assertTrue(lines.get(1).contains(",36000,,c,0,1,"), lines.get(1));
        assertTrue(lines.get(2).contains(",54000,,c,0,6,"), lines.get(2));
    }

    /** Without a power model nothing changes: consumed_energy empty, no energy in the summary. */
    @Test
    void noPowerModelNoEnergy() throws Exception {
        Platform p = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        SimulationResult r = new Simulation(p, SimulationTest.Greedy::new, List.of(), new Simulation.Settings())
                .run(new ListJobSource("w.swf", List.of(job(1, 0, 100, 100, 2))));
        assertFalse(r.hasEnergy());
        assertTrue(r.energy().isEmpty());
        Path f = dir.resolve("jobs.csv");
        JobsCsv.write(r, f);
        assertTrue(Files.readAllLines(f).get(1).contains(",0-1,,,c,0,"));
        assertFalse(ResultWriter.report(r, null, null).toSummary().containsKey("energy_joules"));
    }

    @Test
    void seriesRepeatsAndIntegrates() {
        CarbonSeries s = new CarbonSeries("s", 0, 3600, new double[] {100, 200, 300});
        assertEquals(100, s.at(0));
        assertEquals(300, s.at(3 * 3600 - 1));
        assertEquals(100, s.at(3 * 3600)); // a period later
        assertEquals(300, s.at(-1)); // before the first row: the period before
        assertEquals(100 * 1800 + 200 * 3600 + 300 * 1800, s.integral(1800, 3 * 3600 - 1800), 1e-6);
        assertEquals(600 * 3600 * 10, s.integral(0, 30 * 3600), 1e-3);
        assertEquals(0, s.integral(5, 5));
        assertEquals(420 * 10, CarbonSeries.constant(420).integral(-5, 5));
    }

    @Test
    void badSeriesNameFileLineAndField() throws Exception {
        assertBad("time,gco2_per_kwh\n0,100\n3600,-1\n", ":3: gco2_per_kwh");
        assertBad("0,100\n3600,200\n1800,300\n", ":3: time", "unsorted");
        assertBad("0,100\n3600,200\n3600,300\n", ":3: time", "a duplicate time: 3600");
        assertBad("0,100\n3600,200\n10800,300\n", ":3: time", "gap");
        assertBad("0,100\n3600,\n", ":2: gco2_per_kwh", "missing");
        assertBad("0,100\nabc,200\n", ":2: time", "not a number");
        assertBad("# nothing\n", "gco2_per_kwh", "no row");
        assertBad("0,100,7\n", ":1:", "two fields");
        assertBad("0,1e9\n", ":1: gco2_per_kwh", "between 0 and 1000000");
        assertBad("0d,420\n3600,410\n", ":1: time", "'0d' is not a number");
        assertBad("0,420\n3600,0x1p8\n", ":2: gco2_per_kwh", "not a number");
    }

    private void assertBad(String content, String... expected) throws Exception {
        Path f = dir.resolve("bad.csv");
        Files.writeString(f, content);
        InputException e = assertThrows(InputException.class, () -> CarbonSeries.read(f));
        assertTrue(e.getMessage().startsWith(f.toString()), e.getMessage());
        for (String x : expected) {
            assertTrue(e.getMessage().contains(x), e.getMessage() + " lacks " + x);
        }
    }

    @Test
    void negativeWattsAreErrors() {
        InputException e = assertThrows(InputException.class, () -> new PowerModel(-1, 100));
        assertTrue(e.getMessage().contains("idle"), e.getMessage());
    }
}
