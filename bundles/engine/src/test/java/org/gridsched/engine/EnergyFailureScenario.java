package org.gridsched.engine;

import java.util.BitSet;
import java.util.List;

import org.gridsched.api.workload.JobRecord;

/**
 * A hand-computed run with a failure and power management (issue 30), checked by EnergySeriesTest (energy.csv,
 * unavailable.csv) and, through the engine's test-jar, by the report bundle's EngineRunReportTest (the page). c:4;
 * per processor 10 W idle, 100 W busy, 1 W off; switching on 30 s and 200 J, off 10 s and 50 J; timeout 100 s; a
 * constant 360 g/kWh.
 * <ul>
 * <li>Job 1 (2 processors, 50 s) starts at 0 on 0-1; processor 0 fails at 20 for 10 s: job 1 is killed (2 x 20 = 40
 * busy processor-seconds) and re-submitted, and runs again at once on 1-2, [20, 70).</li>
 * <li>Processor 3, idle since 0, switches off over [100, 110); 0, idle since its repair at 30, over [130, 140); 1-2, idle
 * since 70, over [170, 180).</li>
 * <li>Job 2 (2 processors, 100 s) arrives at 300: 0-1 switch on over [300, 330), the job runs [330, 430): the window is
 * [0, 430].</li>
 * </ul>
 * Busy 40 + 100 + 200 = 340 processor-seconds (34,000 J); down 10; switching 10 + 10 + 20 + 60 = 100; off 3 [110, 430)
 * + 0 [140, 300) + 1 [180, 300) + 2 [180, 430) = 850 (850 J); idle 1,720 - 340 - 10 - 100 - 850 = 420 (4,200 J);
 * switches 4 x 50 + 2 x 200 = 600 J; total 39,650 J, and 39,650 x 360 / 3.6e6 = 3.965 g of CO2.
 */
public final class EnergyFailureScenario {
    private EnergyFailureScenario() {
    }

    /** Greedy, starting waiting jobs when processors come back (a repair, the end of a switch-on). */
    static final class Greedy extends SimulationTest.Greedy {
        Greedy(org.gridsched.api.batch.Cluster cluster) {
            super(cluster);
        }

        @Override
        public void reservationsChanged() {
            drain();
        }
    }

    private static JobRecord job(long id, double submit, double runtime, int procs) {
        JobRecord r = new JobRecord().set(id, submit, runtime, runtime, procs);
        r.line = id + 1;
        return r;
    }

    /** The run, simulated. */
    public static SimulationResult run() {
        Simulation.Settings s = new Simulation.Settings();
        s.power = List.of(new PowerModel(10, 100, 1, 30, 200, 10, 50));
        s.powerTimeouts = List.of(100.0);
        s.carbon = List.of(CarbonSeries.constant(360));
        BitSet p0 = new BitSet();
        p0.set(0);
        s.failures = new FailureSpec(List.of(new FailureSpec.Event(0, p0, 20, 10, "f.csv", 2)), null, true, 3, 1, 0);
        Platform p = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        return new Simulation(p, Greedy::new, List.of(), s)
                .run(new ListJobSource("w.swf", List.of(job(1, 0, 50, 2), job(2, 300, 100, 2))));
    }
}
