package org.gridsched.coalloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.gridsched.coalloc.control.TrySchedule;
import org.junit.jupiter.api.Test;

/** The RPP try times, computed by hand from PT_0 = T + L_p (D - T), PT_m+1 = PT_m + L_p (D - PT_m). */
class TryScheduleTest {
    private static final double INF = Double.POSITIVE_INFINITY;

    /** S = 0, D = 1000, L_p = 0.7, M_p = 3: 700, 700 + 0.7 x 300 = 910, 910 + 0.7 x 90 = 973. */
    @Test
    void pureRppWithLp07AndThreeTries() {
        assertArrayEquals(new double[] {700, 910, 973}, TrySchedule.times(0, 1000, 0.7, 3, INF), 1e-9);
    }

    /** The same job submitted at 500 with its deadline at 1500 tries at the same offsets. */
    @Test
    void triesAreRelativeToTheSubmission() {
        assertArrayEquals(new double[] {1200, 1410, 1473}, TrySchedule.times(500, 1500, 0.7, 3, INF), 1e-9);
    }

    /** Wait-10: ignored until T = 990; then 990 + 7 = 997, 997 + 2.1 = 999.1, 999.1 + 0.63 = 999.73. */
    @Test
    void waitTenStartsTenSecondsBeforeTheDeadline() {
        assertArrayEquals(new double[] {997, 999.1, 999.73}, TrySchedule.times(0, 1000, 0.7, 3, 10), 1e-9);
    }

    /** A job submitted less than X before its deadline is not ignored at all: T = S. */
    @Test
    void waitXLongerThanTheJobsSlackIsThePureRpp() {
        assertArrayEquals(TrySchedule.times(950, 1000, 0.7, 3, INF), TrySchedule.times(950, 1000, 0.7, 3, 100), 0);
        assertArrayEquals(new double[] {985, 995.5}, TrySchedule.times(950, 1000, 0.7, 2, 100), 1e-9);
    }

    /** L_p = 1 and Wait-0 both give a single try, at the deadline; no try is ever after it. */
    @Test
    void lpOneAndWaitZeroTryOnceAtTheDeadline() {
        assertArrayEquals(new double[] {1000}, TrySchedule.times(0, 1000, 1, 5, INF), 0);
        assertArrayEquals(new double[] {1000}, TrySchedule.times(0, 1000, 0.7, 5, 0), 0);
        assertArrayEquals(new double[] {0}, TrySchedule.times(0, 0, 0.7, 5, INF), 0);
    }
}
