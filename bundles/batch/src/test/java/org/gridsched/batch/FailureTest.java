package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.gridsched.api.batch.BatchPolicy;
import org.junit.jupiter.api.Test;

/**
 * Issue 30: a failure kills a running job, which is re-submitted, and the policies plan around the lost processors,
 * hand-computed. Four processors: job 1 (2 processors, 100 s) runs on 0-1 from 0, job 2 (2, 300 s) on 2-3 from 0;
 * job 3 (2, 100 s, submitted at 10) is planned at 100, when job 1 ends. At 50 processors 0-1 fail for 200 s: job 1 is
 * killed after 50 s (100 processor-seconds lost) and arrives again at once, keeping its submit time 0. Job 3 can no
 * longer start at 100: 0-1 are down until 250 and 2-3 busy until 300, so it starts at 250 on 0-1; job 1, behind it,
 * starts when job 2 frees 2-3 at 300 and ends at 400. Without the failure job 3 would start at 100.
 */
class FailureTest {
    private static Scenario scenario() {
        return Scenario.on(4)
                .job(1, 0, 100, 100, 2)
                .job(2, 0, 300, 300, 2)
                .job(3, 10, 100, 100, 2)
                .fail(50, 200, 0, 2);
    }

    private static void replans(BatchPolicy policy) {
        Scenario s = scenario().run(policy).starts(1, 300, 2, 0, 3, 250).finishes(1, 400).allocated(1, "2-3").allocated(3, "0-1");
        assertEquals("COMPLETED_SUCCESSFULLY", s.job(1).finalState());
        assertEquals(1, s.job(1).kills());
        Map<String, Object> f = s.result().failures();
        assertEquals(1L, f.get("failures"));
        assertEquals(1L, f.get("failure_kills"));
        assertEquals(1L, f.get("failure_resubmissions"));
        assertEquals(0L, f.get("failed_jobs"));
        assertEquals(100.0, f.get("lost_processor_seconds"));
        assertEquals(400.0, f.get("unavailable_processor_seconds")); // 2 processors x 200 s
        assertEquals(0.75, f.get("availability")); // 1 - 400 / (4 x [0, 400])
        assertEquals("time,cluster,unavailable_processors\n50,c,2\n250,c,0\n", s.result().files().get("availability.csv"));
    }

    @Test
    void conservativeBackfillingReplansAroundTheFailedProcessors() {
        replans(new ConservativePolicy());
    }

    @Test
    void easyReplansAroundTheFailedProcessors() {
        replans(new EasyPolicy());
    }

    /** FCFS: job 3 waits at the head for the repair (250) as well; job 1, re-submitted, behind it. */
    @Test
    void fcfsWaitsForTheRepair() {
        scenario().run(new FcfsPolicy()).starts(1, 300, 2, 0, 3, 250);
    }

    /** Without re-submission (no retry left) job 1 ends at 50, COMPLETED_FAILED, and job 3 still waits for the repair. */
    @Test
    void withoutRetriesTheJobEndsFailed() {
        Scenario s = scenario().retries(0).run(new ConservativePolicy()).starts(3, 250).finishes(1, 50);
        assertEquals("COMPLETED_FAILED", s.job(1).finalState());
        assertEquals(1L, s.result().failures().get("failed_jobs"));
        assertEquals(0L, s.result().failures().get("failure_resubmissions"));
    }

    /** A failure of idle processors kills nothing; a job that needs them waits for the repair. */
    @Test
    void idleProcessorsFailing() {
        Scenario s = Scenario.on(4).job(1, 20, 10, 10, 4).fail(10, 30, 3, 4).run(new ConservativePolicy()).starts(1, 40);
        assertEquals(0L, s.result().failures().get("failure_kills"));
    }

    /**
     * Failures that overlap on processors: each processor is down while any failure covering it lasts. On 8 processors,
     * 0-3 fail at 100 for 100 s and 2-5 at 150 for 200 s: 0-1 are down over [100, 200), 2-3 over [100, 350) (the first
     * repair does not give them back: before, it did, and the second failure's outage of 2-3 ended at 200 without a
     * word) and 4-5 over [150, 350). Job 2 (6 processors, submitted at 160) finds 4 up from 200 and 8 at 350: it starts
     * at 350 (before: at 200, on processors still failed). Unavailable over [0, 400]: 2 x 100 + 2 x 250 + 2 x 200 =
     * 1,100 processor-seconds.
     */
    private static void overlapping(BatchPolicy policy) {
        Scenario s = Scenario.on(8).job(1, 0, 10, 10, 8).job(2, 160, 50, 50, 6).fail(100, 100, 0, 4).fail(150, 200, 2, 6)
                .run(policy).starts(2, 350).finishes(2, 400);
        Map<String, Object> f = s.result().failures();
        assertEquals(2L, f.get("failures"));
        assertEquals(1100.0, f.get("unavailable_processor_seconds"));
        assertEquals(1 - 1100.0 / (8 * 400), f.get("availability"));
        assertEquals(null, f.get("trace_events_without_effect"));
        assertEquals("cluster,from,to,state,processors\nc,100,200,failed,0-3\nc,150,350,failed,4-5\nc,200,350,failed,2-3\n",
                s.result().files().get("unavailable.csv"));
        assertEquals("time,cluster,unavailable_processors\n100,c,4\n150,c,6\n200,c,4\n350,c,2\n350,c,0\n",
                s.result().files().get("availability.csv"));
    }

    @Test
    void overlappingFailuresKeepAProcessorDownUntilTheLastRepairFcfs() {
        overlapping(new FcfsPolicy());
    }

    @Test
    void overlappingFailuresKeepAProcessorDownUntilTheLastRepairCbf() {
        overlapping(new ConservativePolicy());
    }

    @Test
    void overlappingFailuresKeepAProcessorDownUntilTheLastRepairEasy() {
        overlapping(new EasyPolicy());
    }

    /**
     * A failure inside another's processors and lasting beyond it prolongs the outage (it used to be counted as without
     * effect, and its processors came back at the first repair); one within the other's span has no effect and is
     * reported. 0-3 fail at 100 for 100 s; 0-3 again at 120 for 200 s (down until 320); 1-2 at 130 for 10 s (within).
     * Job 2 (5 processors, submitted at 110) needs one of 0-3: it starts at 320.
     */
    @Test
    void aFailureWithinAnotherThatOutlastsItProlongsTheOutage() {
        Scenario s = Scenario.on(8).job(1, 0, 10, 10, 8).job(2, 110, 50, 50, 5).fail(100, 100, 0, 4).fail(120, 200, 0, 4)
                .fail(130, 10, 1, 3).run(new ConservativePolicy()).starts(2, 320);
        Map<String, Object> f = s.result().failures();
        assertEquals(2L, f.get("failures"));
        assertEquals(1L, f.get("trace_events_without_effect"));
        assertEquals(java.util.List.of("scenario:3"), f.get("trace_events_without_effect_examples"));
        assertEquals(4 * 220.0, f.get("unavailable_processor_seconds")); // 0-3 over [100, 320)
    }

    /**
     * summary.json counts the failures within the run's window, [first submission, last end] = [100, 200] here, as it
     * clips the unavailable processor-seconds to it: processor 3 failing over [0, 50) and processor 0 over [500, 510)
     * (after the last job) are counted apart, under failures_outside_window; processor 2 down over [50, 150) counts
     * (50 processor-seconds in the window). Before, failures was 3 beside the 50 processor-seconds of the one.
     */
    @Test
    void failuresAreCountedWithinTheWindowOfTheUnavailableTime() {
        Scenario s = Scenario.on(4).job(1, 100, 100, 100, 1).fail(0, 50, 3, 4).fail(50, 100, 2, 3).fail(500, 10, 0, 1)
                .run(new ConservativePolicy()).starts(1, 100);
        Map<String, Object> f = s.result().failures();
        assertEquals(1L, f.get("failures"));
        assertEquals(2L, f.get("failures_outside_window"));
        assertEquals(50.0, f.get("unavailable_processor_seconds"));
        assertEquals(1 - 50.0 / (4 * 100), f.get("availability"));
        assertEquals(1L, s.result().failures(0).get("failures"));
        assertEquals(2L, s.result().failures(0).get("failures_outside_window"));
        assertEquals(4, s.result().files().get("unavailable.csv").toString().lines().count(), "every failure's row, unclipped");
    }
}
