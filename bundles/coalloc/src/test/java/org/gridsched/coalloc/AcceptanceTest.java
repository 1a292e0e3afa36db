package org.gridsched.coalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.coalloc.workload.CoallocGenerator;
import org.gridsched.engine.SimulationResult;
import org.junit.jupiter.api.Test;

/**
 * The paper's qualitative findings (spec section 4) as checks, on the paper's model (4 x 32, U_l = 30 %,
 * deadlines U[1, 3599] s, worst fit) with 3 seeds x 200,000 s of arrivals; every variant sees the same jobs
 * (common random numbers). Margins are several confidence half-widths of the full experiments
 * (docs/coallocation.md). The kill-rate ordering of the paper's Fig. 9 does not come out of the paper's model (a
 * successful try claims until the deadline); the last test checks where it does come from instead.
 */
class AcceptanceTest {
    private static final int SEEDS = 3;

    /** Mean of a metric over the seeds. */
    private static double mean(String metric, Map<String, Object> workload, Map<String, Object> controller) {
        return means(workload, controller, metric)[0];
    }

    /** Means of several metrics over the seeds, from the same runs. */
    private static double[] means(Map<String, Object> workload, Map<String, Object> controller, String... metrics) {
        double[] sum = new double[metrics.length];
        for (long seed = 1; seed <= SEEDS; seed++) {
            Map<String, Object> w = new HashMap<>(workload);
            w.put("duration", 200_000);
            SimulationResult r = Harness.run(Harness.platform(32, 32, 32, 32),
                    new CoallocGenerator().open(new PluginOptions("coalloc", w), seed), controller, seed);
            for (int m = 0; m < metrics.length; m++) {
                sum[m] += ((Number) r.overall().get(metrics[m])).doubleValue();
            }
        }
        for (int m = 0; m < metrics.length; m++) {
            sum[m] /= SEEDS;
        }
        return sum;
    }

    private static double success(double lambdaG, Map<String, Object> controller) {
        return mean("global_success_percent", Map.of("global_rate", lambdaG), controller);
    }

    /** Figs. 2-3: under the pure RPP the success rate is not higher for small L_p; the best is close to 1. */
    @Test
    void pureRppIsBestWithLpCloseToOne() {
        double lp03 = success(0.004, Map.of("lp", 0.3));
        double lp07 = success(0.004, Map.of("lp", 0.7));
        double lp1 = success(0.004, Map.of("lp", 1));
        assertTrue(lp03 + 5 < lp07 && lp07 + 2 < lp1, lp03 + " < " + lp07 + " < " + lp1);
    }

    /** Fig. 4 (GP): Wait-0, -10 and -100 are about equal and beat Wait-1000, which beats the pure RPP. */
    @Test
    void shortIgnorePeriodsBeatThePureRppAndWait1000() {
        double w0 = success(0.004, Map.of("ignore", 0));
        double w10 = success(0.004, Map.of("ignore", 10));
        double w100 = success(0.004, Map.of("ignore", 100));
        double w1000 = success(0.004, Map.of("ignore", 1000));
        double rpp = success(0.004, Map.of());
        String all = w0 + " " + w10 + " " + w100 + " " + w1000 + " " + rpp;
        assertEquals(w10, w0, 1.5, all);
        assertEquals(w10, w100, 1.5, all);
        assertTrue(w1000 + 1 < w10 && rpp + 2 < w1000, all);
    }

    /** Figs. 5-6: Wait-10 does not care about the deadline range; the pure RPP loses with long deadlines. */
    @Test
    void waitTenIsInsensitiveToTheDeadline() {
        Map<String, Object> load = Map.of("global_load", 0.2);
        double short10 = mean("global_success_percent", load, Map.of("ignore", 10, "d_max", 300));
        double long10 = mean("global_success_percent", load, Map.of("ignore", 10, "d_max", 3599));
        double longRpp = mean("global_success_percent", load, Map.of("d_max", 3599));
        assertEquals(short10, long10, 1.5);
        assertTrue(longRpp + 3 < long10, longRpp + " vs " + long10);
    }

    /** Fig. 8: the pure RPP and Wait-1000 hurt local jobs' response time; Wait-10 is gentle. */
    @Test
    void longClaimsHurtLocalJobs() {
        Map<String, Object> w = Map.of("global_rate", 0.004);
        double w10 = mean("local_mean_response_time", w, Map.of("ignore", 10));
        double w1000 = mean("local_mean_response_time", w, Map.of("ignore", 1000));
        double rpp = mean("local_mean_response_time", w, Map.of());
        assertTrue(1.5 * w10 < w1000 && 2 * w1000 < rpp, w10 + " " + w1000 + " " + rpp);
    }

    /** GP against LP: GP places more global jobs and pays with killed local jobs; LP kills none. */
    @Test
    void globalPriorityTradesKillsForSuccess() {
        Map<String, Object> w = Map.of("global_rate", 0.004);
        Map<String, Object> gp = Map.of("ignore", 10, "priority", "gp");
        Map<String, Object> lp = Map.of("ignore", 10, "priority", "lp");
        assertTrue(mean("global_success_percent", w, gp) > mean("global_success_percent", w, lp) + 5);
        assertTrue(mean("local_kill_percent", w, gp) > 1);
        assertEquals(0, mean("local_kill_percent", w, lp));
    }

    /**
     * Fig. 9 (the pure RPP and Wait-1000 kill many more local jobs than Wait-10) with KOALA's separate claiming
     * step, {@code claim: at_deadline}, which is not the paper's model: a placement made long before the deadline
     * holds nothing, local jobs take its processors, and GP kills them at the deadline. The same switch loses
     * Fig. 8: without early claims the pure RPP and Wait-1000 no longer delay local jobs. With the paper's claims
     * at the try it is the other way round (previous tests; docs/coallocation.md, section 6).
     */
    @Test
    void claimingOnlyAtTheDeadlineTradesFigureEightForFigureNine() {
        Map<String, Object> w = Map.of("global_rate", 0.004);
        String[] metrics = {"local_kill_percent", "local_mean_response_time"};
        double[] w10 = means(w, Map.of("ignore", 10, "claim", "at_deadline"), metrics);
        double[] w1000 = means(w, Map.of("ignore", 1000, "claim", "at_deadline"), metrics);
        double[] rpp = means(w, Map.of("claim", "at_deadline"), metrics);
        String all = "kills " + w10[0] + " " + w1000[0] + " " + rpp[0] + ", response " + w10[1] + " " + w1000[1] + " " + rpp[1];
        assertTrue(1.3 * w10[0] < w1000[0] && 1.3 * w10[0] < rpp[0], all);
        assertTrue(w1000[1] < 1.1 * w10[1] && rpp[1] < 1.1 * w10[1], all);
    }
}
