package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.gridsched.api.batch.BatchPolicy;
import org.junit.jupiter.api.Test;

/**
 * A standing reservation for group 7, computed by hand: 2 of 4 processors over [100, 400). J1 (group 1, 2
 * processors, 500 s) runs from 0 on 0-1. J2 (group 7, 150 s requested, 100 s run) waits at 0: the window is
 * not open and the policy must keep 2 processors free for it from 100; when it opens J2 leaves the queue and
 * runs inside on 2-3 over [100, 200). J3 (group 7, 100 s, submitted at 150) waits for J2's room and runs
 * inside at 200. J4 (group 7, 100 s requested, submitted at 310) would end after the window (410 &gt; 400),
 * so it waits for the policy, which starts it at 400 when the window gives its processors back. J6 (group 7,
 * 60 s requested, submitted at 330) runs inside at once, while J5 (group 1, submitted at 320 before it) waits:
 * only the group's jobs run inside, and J5 starts when J4 ends at 450. Every policy, tuned or on the kit,
 * gives these starts without knowing anything of groups.
 */
class GroupReservationTest {
    private static Scenario scenario() {
        return Scenario.on(4).reserveFor(100, 400, 2, 7)
                .job(1, 0, 500, 500, 2, 1)
                .job(2, 0, 100, 150, 2, 7)
                .job(3, 150, 100, 100, 2, 7)
                .job(4, 310, 50, 100, 2, 7)
                .job(5, 320, 10, 10, 2, 1)
                .job(6, 330, 30, 60, 2, 7);
    }

    private static void check(BatchPolicy policy) {
        Scenario s = scenario().run(policy).starts(1, 0, 2, 100, 3, 200, 4, 400, 5, 450, 6, 330)
                .allocated(1, "0-1").allocated(2, "2-3").allocated(3, "2-3").allocated(6, "2-3").allocated(4, "2-3");
        assertEquals(Map.of("started_in_group_reservations", 3L), s.result().policyCounters(0));
    }

    @Test
    void fcfs() {
        check(new FcfsPolicy());
    }

    @Test
    void easy() {
        check(new EasyPolicy());
    }

    @Test
    void conservative() {
        check(new ConservativePolicy());
    }

    @Test
    void onTheKit() {
        check(new KitFcfsPolicy());
        check(new KitEasyPolicy());
        check(new KitCbfPolicy());
    }

    /** Without killing at the requested time a job inside could overstay the window: none goes inside. */
    @Test
    void noJobInsideWhenJobsAreNotKilled() {
        Scenario s = scenario().noKill().run(new EasyPolicy());
        assertEquals(0L, s.result().policyCounters(0).get("started_in_group_reservations"));
        assertEquals(400.0, s.job(2).startTime(), "J2 waits for the window to end");
    }
}
