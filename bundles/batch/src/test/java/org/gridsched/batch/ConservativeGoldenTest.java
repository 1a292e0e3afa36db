package org.gridsched.batch;

import org.junit.jupiter.api.Test;

/** Hand-computed conservative backfilling schedules on 4 processors. Jobs: id, submit, runtime, requested, procs. */
class ConservativeGoldenTest {
    private final ConservativePolicy cbf = new ConservativePolicy();

    @Test
    void shortJobBackfillsIntoTheHoleBeforeAReservation() {
        Scenario.on(4).job(1, 0, 10, 10, 2).job(2, 1, 10, 10, 4).job(3, 2, 5, 5, 2).run(cbf)
                .starts(1, 0, 2, 10, 3, 2);
    }

    @Test
    void jobThatWouldDelayAReservationGoesAfterIt() {
        Scenario.on(4).job(1, 0, 10, 10, 2).job(2, 1, 10, 10, 4).job(3, 2, 20, 20, 2).run(cbf)
                .starts(2, 10, 3, 20);
    }

    @Test
    void gapThatABackfilledJobExactlyFits() {
        Scenario.on(4).job(1, 0, 10, 10, 2).job(2, 1, 10, 10, 4).job(3, 2, 8, 8, 2).run(cbf)
                .starts(3, 2, 2, 10);
    }

    @Test
    void laterJobFillsAHoleBetweenTwoReservations() {
        // 2 reserved [10,20) on 2 procs, 3 reserved [20,30) on 4, 4 fits beside 2 in [10,20), 5 only after 3
        Scenario.on(4).job(1, 0, 10, 10, 4).job(2, 1, 10, 10, 2).job(3, 2, 10, 10, 4).job(4, 3, 10, 10, 2)
                .job(5, 4, 5, 5, 2).run(cbf).starts(2, 10, 3, 20, 4, 10, 5, 30);
    }

    @Test
    void earlyEndCompressesWaitingJobs() {
        Scenario.on(4).job(1, 0, 5, 10, 4).job(2, 1, 10, 10, 2).job(3, 2, 10, 10, 2).run(cbf)
                .starts(2, 5, 3, 5);
    }

    @Test
    void compressionFollowsSubmissionOrder() {
        // job 3 was reserved at 20 behind 2; when 1 ends at 5, 2 moves to 5 first, then 3 to 15
        Scenario.on(4).job(1, 0, 5, 10, 3).job(2, 1, 10, 10, 4).job(3, 2, 10, 10, 1).run(cbf)
                .starts(2, 5, 3, 15);
    }

    @Test
    void compressionCascadesThroughTheQueue() {
        Scenario.on(4).job(1, 0, 5, 20, 4).job(2, 1, 10, 10, 2).job(3, 2, 10, 10, 4).job(4, 3, 30, 30, 2)
                .run(cbf).starts(2, 5, 3, 15, 4, 25);
    }

    @Test
    void killedJobEndsAtItsRequestedTime() {
        Scenario.on(4).job(1, 0, 50, 20, 4).job(2, 1, 10, 10, 4).run(cbf).starts(2, 20).finishes(1, 20);
    }

    @Test
    void arrivalsAreHandledBeforeCompletionsAtTheSameTime() {
        // job 3 arrives at 10 while job 1 still holds [0,100): it fits now; then 1 ends early and 2 moves to 11
        Scenario.on(4).job(1, 0, 10, 100, 2).job(2, 5, 10, 10, 4).job(3, 10, 1, 1, 2).run(cbf)
                .starts(1, 0, 3, 10, 2, 11);
    }

    @Test
    void fullMachineRunsJobsBackToBack() {
        Scenario.on(4).job(1, 0, 10, 10, 4).job(2, 0, 10, 10, 4).job(3, 0, 10, 10, 4).run(cbf)
                .starts(1, 0, 2, 10, 3, 20);
    }

    @Test
    void narrowJobCannotCrossAWideReservation() {
        Scenario.on(4).job(1, 0, 100, 100, 3).job(2, 1, 10, 10, 4).job(3, 2, 50, 50, 1).job(4, 3, 50, 50, 1)
                .run(cbf).starts(3, 2, 2, 100, 4, 110);
    }

    @Test
    void overrunningJobPushesReservationsWhenKillingIsOff() {
        // job 1 asked for 10 but runs 30; job 2 (reserved at 10) cannot start before 30
        Scenario.on(4).noKill().job(1, 0, 30, 10, 4).job(2, 1, 10, 10, 4).run(cbf).starts(2, 30).finishes(1, 30);
    }
}
