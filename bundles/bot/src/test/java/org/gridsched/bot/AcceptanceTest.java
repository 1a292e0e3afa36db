package org.gridsched.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The qualitative checks of spec 4.3 that reproduce, over seeded replications of the Table II workload
 * (bot-lublin: lublin99 on 300 processors compressed to 70 % of 4 x 300 over 15 days; 3 workloads; tasks placed one by one).
 * What does not reproduce (no difference up to 30 %; an SF reduction of only 10-20 %; SF levels of
 * 2.5-3; a slowdown reduction of only 1.5-2 times the response-time one) is documented with its numbers in
 * docs/bag-of-tasks.md, not asserted.
 */
class AcceptanceTest {
    static final long[] SEEDS = {1, 2, 3};
    static final double[] OVERESTIMATIONS = {50, 150};

    static final Platform HOMOGENEOUS = Harness.platform(1, 1, 1, 1);
    static final Platform HETEROGENEOUS = Harness.platform(1.2, 1.5, 1, 1);
    static Paired.Row[] homogeneous = new Paired.Row[OVERESTIMATIONS.length];
    static Paired.Row[] heterogeneous = new Paired.Row[OVERESTIMATIONS.length];

    @BeforeAll
    static void replicate() {
        for (int i = 0; i < OVERESTIMATIONS.length; i++) {
            homogeneous[i] = Paired.run(HOMOGENEOUS, OVERESTIMATIONS[i], SEEDS, Map.of());
            heterogeneous[i] = Paired.run(HETEROGENEOUS, OVERESTIMATIONS[i], SEEDS, Map.of());
        }
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

    /**
     * On the homogeneous platform only: on the heterogeneous one the mean stretch factor of multi-provider bags is
     * too noisy for 3 workloads (over the 10 of the Table II profiles its reduction is positive at every o >= 20,
     * with a standard deviation as large as the mean; docs/bag-of-tasks.md).
     */
    @Test
    void coordinationLowersTheStretchFactorOfMultiProviderBags() {
        for (Paired.Row r : homogeneous) {
            assertTrue(r.coordinated("stretch_factor_multi") < r.uncoordinated("stretch_factor_multi"), "o=" + r.o());
            assertTrue(r.reduction("stretch_factor_multi") >= 10, "o=" + r.o() + ": " + r.reduction("stretch_factor_multi"));
        }
    }

    /**
     * The bounded stretch factor (tasks count at least 600 s), which the few bags of seconds-long tasks do not decide:
     * lower under coordination on both platforms (over the 10 workloads of the profiles: 5.9-9.4 % homogeneous and
     * 2.2-9.6 % heterogeneous from o = 30 %).
     */
    @Test
    void coordinationLowersTheBoundedStretchFactorOnBothPlatforms() {
        for (Paired.Row[] platform : new Paired.Row[][] {homogeneous, heterogeneous}) {
            for (Paired.Row r : platform) {
                assertTrue(r.reduction("bounded_stretch_factor_multi") > 0, "o=" + r.o() + ": " + r.reduction("bounded_stretch_factor_multi"));
            }
        }
    }

    @Test
    void responseTimeFallsByAFewPercentAndSlowdownByMore() {
        for (Paired.Row r : both()) {
            double rt = r.reduction("response_time");
            assertTrue(rt > 0 && rt < 15, "o=" + r.o() + ": response time reduction " + rt);
            assertTrue(r.reduction("bounded_slowdown") > rt, "o=" + r.o() + ": slowdown reduction " + r.reduction("bounded_slowdown"));
        }
    }

    @Test
    void gainsAreLargerOnTheHomogeneousPlatform() {
        for (int i = 0; i < OVERESTIMATIONS.length; i++) {
            assertTrue(homogeneous[i].reduction("response_time") > heterogeneous[i].reduction("response_time"), "o=" + OVERESTIMATIONS[i]);
            assertTrue(homogeneous[i].reduction("bounded_slowdown") > heterogeneous[i].reduction("bounded_slowdown"), "o=" + OVERESTIMATIONS[i]);
        }
    }

    @Test
    void utilizationHardlyDepends() {
        for (Paired.Row r : both()) {
            double d = r.uncoordinated("bot_utilization_percent") - r.coordinated("bot_utilization_percent");
            assertTrue(Math.abs(d) < 1, "o=" + r.o() + ": utilization differs by " + d + " points");
        }
    }

    @Test
    void singleProviderBagsRespondFasterWithMoreOverestimation() {
        assertTrue(homogeneous[1].uncoordinated("response_time_single") < homogeneous[0].uncoordinated("response_time_single"));
        assertTrue(heterogeneous[1].uncoordinated("response_time_single") < heterogeneous[0].uncoordinated("response_time_single"));
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

    private static Paired.Row[] both() {
        Paired.Row[] all = new Paired.Row[2 * OVERESTIMATIONS.length];
        System.arraycopy(homogeneous, 0, all, 0, homogeneous.length);
        System.arraycopy(heterogeneous, 0, all, homogeneous.length, heterogeneous.length);
        return all;
    }
}
