package org.gridsched.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The qualitative checks of spec 4.3 (issue 26: judged with 95 % confidence intervals), over paired replications of the
 * Table II workload (bot-lublin: lublin99 on 300 processors compressed to 70 % of 4 x 300 over 15 days) at o = 100 %,
 * rigid placement (the default), uncoordinated against coordinated rescheduling with the same workload: 100 workloads
 * (seeds 1-100) on each platform, where the coordination reductions' confidence intervals are within about +-5 points.
 * An ordering "holds" when the 95 % confidence interval of its paired difference (Student's t over the workloads)
 * lies above 0; otherwise the verdict is "not distinguishable" (or "reversed"), and the test asserts the verdict the
 * docs report. The Table II profiles run 250 workloads (seeds 1-250, so that every reduction of every row, the
 * system-estimate rows too, is within +-5 points; docs/bag-of-tasks.md); the reductions printed here are theirs on
 * seeds 1-100 (the docs quote them), 100 being enough for the orderings asserted and 2.5 times cheaper.
 *
 * <p>About 400 runs (and 40 for the composition rules): 15-30 s on 2 cores. Fewer workloads would leave the heterogeneous platform's stretch-factor
 * reduction inside its interval.
 */
class AcceptanceTest {
    static final int WORKLOADS = 100;
    static final double O = 100;

    static final Platform HOMOGENEOUS = Harness.platform(1, 1, 1, 1);
    static final Platform HETEROGENEOUS = Harness.platform(1.2, 1.5, 1, 1);
    static Paired.Runs homogeneous;
    static Paired.Runs heterogeneous;

    @BeforeAll
    static void replicate() {
        long t0 = System.nanoTime();
        homogeneous = Paired.runs(HOMOGENEOUS, O, WORKLOADS, Map.of());
        heterogeneous = Paired.runs(HETEROGENEOUS, O, WORKLOADS, Map.of());
        System.out.printf("bot AcceptanceTest: %d paired runs on each platform in %.1f s%n", WORKLOADS, (System.nanoTime() - t0) / 1e9);
    }

    /** Prints and returns the verdict of "reduction > 0" for a metric on a platform. */
    private static String verdict(String platform, Paired.Runs runs, String metric) {
        Paired.Ci ci = runs.reduction(metric);
        System.out.printf(java.util.Locale.ROOT, "%s, o = %.0f: %s reduction %.1f ± %.1f %% (95 %% CI over %d workloads): %s%n", platform, O, metric,
                ci.mean(), ci.half(), WORKLOADS, ci.verdict());
        return ci.verdict();
    }

    @Test
    void withoutOverestimationCoordinatedIsUncoordinatedExactly() {
        for (Platform p : new Platform[] {HOMOGENEOUS, HETEROGENEOUS}) {
            Harness.Outcome u = Harness.run(p, Harness.lublin(4), Map.of("rescheduling", "uncoordinated"), 4);
            Harness.Outcome c = Harness.run(p, Harness.lublin(4), Map.of("rescheduling", "coordinated"), 4);
            assertEquals(u.result().files().get("bags.csv"), c.result().files().get("bags.csv"));
            assertEquals(u.result().overall(), c.result().overall());
            assertEquals(0, c.bot().metascheduler().messages(), "no early completion, no rescheduling, no report");
            assertEquals(0, u.late() + c.late());
        }
    }

    @Test
    void coordinationLowersTheStretchFactorOfMultiProviderBagsBeyondTheIntervalOnBothPlatforms() {
        assertEquals("holds", verdict("homogeneous", homogeneous, "stretch_factor_multi"));
        assertEquals("holds", verdict("heterogeneous", heterogeneous, "stretch_factor_multi"));
    }

    @Test
    void coordinationLowersResponseTimeAndSlowdownBeyondTheInterval() {
        for (String m : new String[] {"response_time", "bounded_slowdown", "bounded_stretch_factor_multi"}) {
            assertEquals("holds", verdict("homogeneous", homogeneous, m));
            assertEquals("holds", verdict("heterogeneous", heterogeneous, m));
        }
    }

    /** The gain is larger on the homogeneous platform: the difference of the two platforms' reductions, paired by workload. */
    @Test
    void gainsAreLargerOnTheHomogeneousPlatform() {
        for (String m : new String[] {"stretch_factor_multi", "response_time", "bounded_slowdown"}) {
            Paired.Ci d = Paired.difference(homogeneous, heterogeneous, m);
            System.out.printf(java.util.Locale.ROOT, "homogeneous - heterogeneous %s reduction: %.1f ± %.1f points: %s%n", m, d.mean(), d.half(), d.verdict());
            assertEquals("holds", d.verdict(), m);
        }
    }

    /** The paper: utilization differs by less than 1 % between the policies; here the whole 95 % interval of the mean difference is within 1 point. */
    @Test
    void utilizationHardlyDepends() {
        for (Paired.Runs runs : new Paired.Runs[] {homogeneous, heterogeneous}) {
            double[] d = new double[WORKLOADS];
            for (int i = 0; i < WORKLOADS; i++) {
                d[i] = runs.uncoordinated(i, "bot_utilization_percent") - runs.coordinated(i, "bot_utilization_percent");
            }
            Paired.Ci ci = Paired.Ci.of(d);
            System.out.printf(java.util.Locale.ROOT, "utilization, uncoordinated - coordinated: %.2f ± %.2f points%n", ci.mean(), ci.half());
            assertTrue(Math.abs(ci.mean()) + ci.half() < 1, ci.toString());
        }
    }

    /**
     * Fig. 12: on the homogeneous platform "similar numbers of applications access two, three and four clusters". The
     * issue's criterion, the shares of the bags on 2, 3 and 4 providers within 10 points of each other, is met by no
     * composition rule (earliest: over the 100 workloads; interleaved and proportional: over 20), with rigid placement at
     * o = 100 %: earliest puts most multi-provider bags on 2 providers, the other two most on 4 (docs/bag-of-tasks.md).
     */
    @Test
    void noCompositionRuleGivesSimilarSharesOnTwoThreeAndFourProviders() {
        for (String rule : new String[] {"earliest", "interleaved", "proportional"}) {
            List<Map<String, Object>> runs = rule.equals("earliest") ? homogeneous.uncoordinated()
                    : Paired.runs(HOMOGENEOUS, O, 20, Map.of("composition", rule)).uncoordinated();
            double[] share = new double[5];
            for (Map<String, Object> r : runs) {
                for (int k = 1; k <= 4; k++) {
                    share[k] += ((Number) r.get("bags_on_" + k + "_providers_percent")).doubleValue() / runs.size();
                }
            }
            double spread = Math.max(share[2], Math.max(share[3], share[4])) - Math.min(share[2], Math.min(share[3], share[4]));
            System.out.printf(java.util.Locale.ROOT, "homogeneous, %s: bags on 1/2/3/4 providers %.1f / %.1f / %.1f / %.1f %%; 2-4 spread %.1f points%n",
                    rule, share[1], share[2], share[3], share[4], spread);
            assertTrue(spread > 10, rule + ": the shares on 2, 3 and 4 providers are within 10 points (" + spread + "): update the docs");
        }
    }

    @Test
    void everyGlobalUpdateReachedEveryProviderHoldingTheBag() {
        Harness.Outcome c = Harness.run(HOMOGENEOUS, Harness.lublin(2), Map.of("rescheduling", "coordinated", "overestimation", 100), 2);
        assertTrue(c.bot().metascheduler().globalUpdates() > 100, "updates: " + c.bot().metascheduler().globalUpdates());
        int parts = 0;
        for (SimJob j : c.result().jobs()) {
            if (j.tag() instanceof BagPart p) {
                assertEquals(p.bag.globalCompletion, p.knownGlobalCompletion, p.toString());
                parts++;
            }
        }
        assertTrue(parts > 3000);
        assertEquals(0, c.late(), "no part started after its reservation");
    }

    @Test
    void everyBagRunsAllItsTasksUnderBothPlacements() {
        for (String placement : new String[] {"tasks", "rigid"}) {
            Harness.Outcome c = Harness.run(HETEROGENEOUS, Harness.lublin(3),
                    Map.of("rescheduling", "coordinated", "overestimation", 150, "placement", placement), 3);
            java.util.IdentityHashMap<Bag, int[]> tasks = new java.util.IdentityHashMap<>();
            for (SimJob j : c.result().jobs()) {
                if (j.tag() instanceof BagPart p) {
                    assertEquals(p.tasks, j.processors());
                    assertEquals(org.gridsched.api.control.GridJob.State.DONE, j.state(), p.toString());
                    if (placement.equals("rigid")) {
                        assertEquals(1, p.bag.parts.stream().filter(q -> q.provider == p.provider).count(), "one rigid part per provider");
                    }
                    tasks.computeIfAbsent(p.bag, b -> new int[1])[0] += p.tasks;
                }
            }
            tasks.forEach((bag, n) -> assertEquals(bag.tasks, n[0], bag.toString()));
            assertEquals((long) c.metric("bags"), tasks.size());
            assertEquals(0, c.late(), placement);
        }
    }
}
