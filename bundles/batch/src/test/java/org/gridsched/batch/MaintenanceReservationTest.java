package org.gridsched.batch;

import org.gridsched.api.batch.BatchPolicy;
import org.junit.jupiter.api.Test;

/**
 * Issue 23: a maintenance window the run profile declares (all 4 processors over [100, 200)) is planned around by
 * every policy, hand-computed. A (4 processors, 150 s requested) would overlap it at 0, so it starts when the window
 * ends, at 200; B (2 processors, 80 s) ends by 100 and starts at once under the backfilling policies; C (2
 * processors, 120 s) overlaps the window whenever it starts before 200 and A holds the machine from 200 to 350.
 * FCFS keeps the order: B waits behind A.
 */
class MaintenanceReservationTest {
    private static Scenario scenario() {
        return Scenario.on(4).reserve(100, 200, 4)
                .job(1, 0, 150, 150, 4)
                .job(2, 0, 80, 80, 2)
                .job(3, 0, 120, 120, 2);
    }

    private static void backfilling(BatchPolicy policy) {
        scenario().run(policy).starts(1, 200, 2, 0, 3, 350);
    }

    @Test
    void conservativeBackfillingPlansAroundTheWindow() {
        backfilling(new ConservativePolicy());
    }

    @Test
    void easyPlansAroundTheWindow() {
        backfilling(new EasyPolicy());
    }

    @Test
    void fcfsWaitsForTheWindowToEnd() {
        scenario().run(new FcfsPolicy()).starts(1, 200, 2, 350, 3, 350);
    }

    /** A window on part of the machine: 2 of 4 processors over [0, 100); A (4) waits for them, B (2) runs beside. */
    @Test
    void aPartialWindowLeavesTheRestToTheQueue() {
        Scenario.on(4).reserve(0, 100, 2).job(1, 0, 50, 50, 4).job(2, 0, 80, 80, 2).run(new ConservativePolicy())
                .starts(1, 100, 2, 0);
        Scenario.on(4).reserve(0, 100, 2).job(1, 0, 50, 50, 4).job(2, 0, 80, 80, 2).run(new EasyPolicy())
                .starts(1, 100, 2, 0);
    }
}
