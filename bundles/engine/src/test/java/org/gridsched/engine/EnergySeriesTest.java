package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;

import org.gridsched.api.workload.JobRecord;
import org.junit.jupiter.api.Test;

/** energy.csv and unavailable.csv of the hand-computed run of {@link EnergyFailureScenario} (issue 30, the report's data). */
class EnergySeriesTest {
    private static JobRecord job(long id, double submit, double runtime, int procs) {
        JobRecord r = new JobRecord().set(id, submit, runtime, runtime, procs);
        r.line = id + 1;
        return r;
    }

    @Test
    void seriesAndIntervalsOfAFailureAndSwitchedOffProcessors() {
        SimulationResult r = EnergyFailureScenario.run();
        Map<String, Object> e = r.energy();
        assertEquals(39_650.0, e.get("energy_joules"));
        assertEquals(3.965, (Double) e.get("carbon_grams"), 1e-9);
        assertEquals("cluster,from,to,state,processors\n"
                + "c,20,30,failed,0\n"
                + "c,100,110,switching_off,3\n"
                + "c,130,140,switching_off,0\n"
                + "c,170,180,switching_off,1-2\n"
                + "c,140,300,off,0\n"
                + "c,180,300,off,1\n"
                + "c,300,330,switching_on,0-1\n"
                + "c,530,540,switching_off,0-1\n"
                // still off at the end: until the last job's end (430), not the simulation's last event (540)
                + "c,110,430,off,3\n"
                + "c,180,430,off,2\n", r.files().get("unavailable.csv"));
        String[] rows = r.files().get("energy.csv").split("\n");
        assertEquals(EnergySeries.HEADER + EnergySeries.CARBON_HEADER, rows[0]);
        assertEquals(861, rows.length, "half-second intervals over [0, 430]");
        // [0, 0.5): 2 busy, 2 idle, 220 W: 110 J; 220 W x 0.36 g/Wh = 79.2 g/h
        assertEquals("0,0.5,c,200,20,0,0,110,79.2,0.011", rows[1]);
        // [20, 20.5): the job again on 1-2, processor 0 down, 3 idle
        assertEquals("20,20.5,c,200,10,0,0,", rows[41].substring(0, "20,20.5,c,200,10,0,0,".length()));
        // [100, 100.5): 3 switching off (50 J at 100: 100 W over the half second), 0-2 idle
        assertEquals("100,100.5,c,0,30,0,100,", rows[201].substring(0, "100,100.5,c,0,30,0,100,".length()));
        // [300, 300.5): 0-1 switching on (400 J at 300), 2-3 off
        assertEquals("300,300.5,c,0,0,2,800,", rows[601].substring(0, "300,300.5,c,0,0,2,800,".length()));
        String[] last = rows[860].split(",");
        assertEquals(List.of("429.5", "430", "c", "200", "0", "2", "0"), List.of(last).subList(0, 7));
        assertEquals(39_650, Double.parseDouble(last[7]), 1e-6);
        assertEquals(3.965, Double.parseDouble(last[9]), 1e-9);
    }

    @Test
    void intervalLengthsAreOneTwoOrFiveTimesAPowerOfTen() {
        assertEquals(0.5, EnergySeries.width(430));
        assertEquals(1, EnergySeries.width(1000));
        assertEquals(2, EnergySeries.width(1001));
        assertEquals(0.005, EnergySeries.width(4.2));
        assertEquals(50_000, EnergySeries.width(3.1e7));
    }

    /**
     * Energy figures in plain notation without float noise, interval bounds as instants: on one processor at 95 W
     * idle and 190 W busy, a job runs over [0, 0.7] and one submitted at 0.3 over [0.7, 2.9], so the window is
     * [0, 2.9] in 5-ms intervals and the energy 2.9 s x 190 W = 551 J. Before, the last bound could read
     * 2.8950000000000005 and the joules 550.9999999999999 or 1.0024785806502881E12 on long runs.
     */
    @Test
    void figuresAreWrittenPlainAndBoundsAsInstants() {
        Simulation.Settings s = new Simulation.Settings();
        s.power = List.of(new PowerModel(95, 190));
        Platform p = new Platform(List.of(new ClusterSpec("c", 1, 1.0)));
        SimulationResult r = new Simulation(p, SimulationTest.Greedy::new, List.of(), s)
                .run(new ListJobSource("w.swf", List.of(job(1, 0, 0.7, 1), job(2, 0.3, 2.2, 1))));
        String[] rows = r.files().get("energy.csv").split("\n");
        assertEquals(581, rows.length);
        assertEquals("0,0.005,c,190,0,0,0,0.95", rows[1]);
        assertEquals("2.895,2.9,c,190,0,0,0,551", rows[580]);
        for (String row : rows) {
            assertFalse(row.matches(".*(E[0-9]|[.][0-9]{7,}).*"), row);
        }
    }

    /** A run with neither failures nor power management writes no unavailable.csv (nor, without power, energy.csv). */
    @Test
    void plainRunsWriteNoNewFile() {
        Platform p = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        SimulationResult r = new Simulation(p, SimulationTest.Greedy::new, List.of(), new Simulation.Settings())
                .run(new ListJobSource("w.swf", List.of(job(1, 0, 50, 2))));
        assertFalse(r.files().containsKey("unavailable.csv"));
        assertFalse(r.files().containsKey("energy.csv"));
    }
}
