package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Hand-computed FCFS schedules (4 processors unless stated). Jobs: id, submit, runtime, requested, procs. */
class FcfsGoldenTest {
    private final FcfsPolicy fcfs = new FcfsPolicy();

    @Test
    void singleJobStartsAtSubmission() {
        Scenario.on(4).job(1, 0, 10, 10, 2).run(fcfs).starts(1, 0).finishes(1, 10);
    }

    @Test
    void fullMachineRunsJobsBackToBack() {
        Scenario.on(4).job(1, 0, 10, 10, 4).job(2, 0, 10, 10, 4).job(3, 0, 10, 10, 4).run(fcfs)
                .starts(1, 0, 2, 10, 3, 20);
    }

    @Test
    void nothingOvertakesTheHeadEvenIfItFits() {
        // job 3 would fit on the free processor at t=2, but job 2 is ahead of it
        Scenario.on(4).job(1, 0, 10, 10, 3).job(2, 1, 5, 5, 2).job(3, 2, 3, 3, 1).run(fcfs)
                .starts(1, 0, 2, 10, 3, 10);
    }

    @Test
    void wideJobBlocksTheQueue() {
        Scenario.on(4).job(1, 0, 10, 10, 1).job(2, 1, 10, 10, 4).job(3, 2, 2, 2, 1).run(fcfs)
                .starts(1, 0, 2, 10, 3, 20);
    }

    @Test
    void earlyCompletionStartsTheNextJobAtOnce() {
        Scenario.on(4).job(1, 0, 5, 100, 4).job(2, 1, 10, 10, 4).run(fcfs).starts(2, 5);
    }

    @Test
    void jobIsKilledAtItsRequestedTime() {
        Scenario s = Scenario.on(4).job(1, 0, 50, 20, 4).job(2, 0, 10, 10, 4).run(fcfs);
        s.starts(1, 0, 2, 20).finishes(1, 20).finishes(2, 30);
        assertTrue(s.job(1).killed());
        assertFalse(s.job(2).killed());
    }

    @Test
    void killingCanBeTurnedOff() {
        Scenario s = Scenario.on(4).noKill().job(1, 0, 30, 20, 4).job(2, 0, 10, 10, 4).run(fcfs);
        s.starts(1, 0, 2, 30).finishes(1, 30);
        assertFalse(s.job(1).killed());
    }

    @Test
    void arrivalAtTheSameTimeAsACompletionStartsThen() {
        Scenario.on(4).job(1, 0, 10, 10, 4).job(2, 10, 5, 5, 4).run(fcfs).starts(2, 10);
    }

    @Test
    void simultaneousCompletionsFreeTheWholeMachine() {
        Scenario.on(4).job(1, 0, 10, 10, 2).job(2, 0, 10, 10, 2).job(3, 1, 5, 5, 4).run(fcfs)
                .starts(3, 10).allocated(3, "0-3");
    }

    @Test
    void processorsAreTheLowestFreeIdsAsAnIntervalSet() {
        Scenario.on(4).job(1, 0, 10, 10, 1).job(2, 0, 20, 20, 2).job(3, 11, 5, 5, 2).run(fcfs)
                .allocated(1, "0").allocated(2, "1-2").allocated(3, "0 3").starts(3, 11);
    }

    @Test
    void speedDividesRuntimeAndRequestedTime() {
        Scenario s = Scenario.on(4).speed(2).job(1, 0, 10, 10, 4).job(2, 0, 10, 10, 4).run(fcfs);
        s.starts(1, 0, 2, 5).finishes(2, 10);
    }

    @Test
    void easyTieCaseStaysStrictUnderFcfs() {
        // the EASY tie scenario: FCFS never lets job 3 past job 2
        Scenario.on(4).job(1, 0, 10, 100, 2).job(2, 5, 10, 10, 4).job(3, 10, 1, 1, 2).run(fcfs)
                .starts(1, 0, 2, 10, 3, 20);
    }
}
