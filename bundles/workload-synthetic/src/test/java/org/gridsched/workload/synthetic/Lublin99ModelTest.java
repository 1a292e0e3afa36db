package org.gridsched.workload.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class Lublin99ModelTest {

    @Test
    void twoStageUniformBoundsFollowTheMachineSize() {
        Lublin99Model m128 = new Lublin99Model(128, 0);
        assertEquals(7, m128.uHi, 1e-12);
        assertEquals(4.5, m128.uMed, 1e-12, "the reference code's UMED for 128 nodes");
        assertEquals(0.8, m128.uLow, 0);

        Lublin99Model m1024 = new Lublin99Model(1024, 0);
        assertEquals(10, m1024.uHi, 1e-12);
        assertEquals(7.5, m1024.uMed, 1e-12);

        Lublin99Model m8 = new Lublin99Model(8, 0);
        assertEquals(1.5, m8.uMed, 1e-12, "the reference code's suggestion for an 8-node machine");

        for (int p = 2; p <= 4096; p++) {
            Lublin99Model m = new Lublin99Model(p, 0);
            assertTrue(m.uMed >= m.uLow - 1e-12 || m.uHi < m.uLow, "uMed below uLow for " + p);
            assertTrue(m.uMed <= m.uHi, "uMed above uHi for " + p);
        }
    }

    @Test
    void sizesStayOnTheMachineIncludingNonPowersOfTwo() {
        for (int p : new int[] { 1, 2, 3, 5, 8, 100, 1000, 1 << 20 }) {
            Lublin99Model m = new Lublin99Model(p, 0);
            SplittableRandom rng = new SplittableRandom(p);
            boolean sawLargest = false;
            for (int i = 0; i < 50_000; i++) {
                int size = m.sampleSize(rng);
                assertTrue(size >= 1 && size <= p, "size " + size + " on " + p);
                sawLargest |= size == Integer.highestOneBit(p);
            }
            assertTrue(sawLargest || p >= 1000, "largest power of two never drawn on " + p);
        }
        // on one processor every job is serial
        Lublin99Model one = new Lublin99Model(1, 0);
        SplittableRandom rng = new SplittableRandom(1);
        for (int i = 0; i < 1000; i++) {
            assertEquals(1, one.sampleSize(rng));
        }
    }

    @Test
    void runtimesAreWholePositiveSecondsBelowTheModelBoundAndTheCap() {
        Lublin99Model m = new Lublin99Model(256, 0);
        long bound = Math.round(Math.exp(Lublin99Model.MAX_LOG_RUNTIME));
        assertEquals(bound, m.maxRuntime());
        SplittableRandom rng = new SplittableRandom(11);
        for (int i = 0; i < 100_000; i++) {
            int size = m.sampleSize(rng);
            long r = m.sampleRuntime(rng, size);
            assertTrue(r >= 1 && r <= bound, "runtime " + r);
        }
        Lublin99Model capped = new Lublin99Model(256, 600);
        assertEquals(600, capped.maxRuntime());
        int atCap = 0;
        for (int i = 0; i < 100_000; i++) {
            long r = capped.sampleRuntime(rng, 64);
            assertTrue(r >= 1 && r <= 600, "runtime " + r);
            atCap += r == 600 ? 1 : 0;
        }
        assertTrue(atCap > 0);
    }

    @Test
    void biggerJobsRunLongerOnAverage() {
        // p = PA * size + PB falls with size: more weight on the long second gamma
        Lublin99Model m = new Lublin99Model(256, 0);
        SplittableRandom rng = new SplittableRandom(2);
        double small = 0;
        double large = 0;
        int n = 50_000;
        for (int i = 0; i < n; i++) {
            small += Math.log(m.sampleRuntime(rng, 1));
            large += Math.log(m.sampleRuntime(rng, 128));
        }
        assertTrue(large / n > small / n + 1, "mean log runtime 1 proc " + small / n + ", 128 procs " + large / n);
    }

    @Test
    void dailyWeightsHaveMeanOneAndAnAfternoonPeak() {
        double[] w = Lublin99Model.dailyWeights();
        assertEquals(48, w.length);
        double sum = 0;
        int max = 0;
        int min = 0;
        for (int b = 0; b < w.length; b++) {
            assertTrue(w[b] > 0, "bucket " + b);
            sum += w[b];
            max = w[b] > w[max] ? b : max;
            min = w[b] < w[min] ? b : min;
        }
        assertEquals(48, sum, 1e-9);
        assertTrue(max >= 24 && max <= 32, "peak bucket " + max + " should be early afternoon");
        assertTrue(min >= 6 && min <= 12, "quietest bucket " + min + " should be early morning");
        assertTrue(w[max] / w[min] > 5, "daily cycle too flat");
    }

    @Test
    void analyticMeanInterArrivalMatchesSampling() {
        double analytic = Lublin99Model.meanInterArrival();
        assertTrue(analytic > 800 && analytic < 1000, "mean inter-arrival " + analytic);
        SplittableRandom rng = new SplittableRandom(77);
        int n = 1_000_000;
        double sum = 0;
        double max = 0;
        for (int i = 0; i < n; i++) {
            double x = Lublin99Model.sampleInterArrival(rng);
            sum += x;
            max = Math.max(max, x);
        }
        // coefficient of variation is about 7: 5 standard errors is 3.5 %
        assertEquals(analytic, sum / n, 0.035 * analytic);
        assertTrue(max <= Math.exp(Lublin99Model.MAX_LOG_INTERARRIVAL));
    }

    @Test
    void arrivalsFollowTheDailyWeights() {
        double[] w = Lublin99Model.dailyWeights();
        ArrivalProcess arrivals = new ArrivalProcess(new SplittableRandom(4), true, 1);
        int n = 200_000;
        int[] perBucket = new int[48];
        double previous = 0;
        for (int i = 0; i < n; i++) {
            double t = arrivals.next();
            assertTrue(t >= previous);
            previous = t;
            perBucket[(int) ((t % 86_400) / 1800)]++;
        }
        for (int b = 0; b < 48; b++) {
            assertEquals(w[b] / 48, (double) perBucket[b] / n, 0.006, "share of arrivals in bucket " + b);
        }
        // long-run mean gap unchanged by the cycle
        assertEquals(Lublin99Model.meanInterArrival(), previous / n, 0.06 * Lublin99Model.meanInterArrival());
    }

    @Test
    void scaledArrivalsSkipWholeDaysCorrectly() {
        // a huge scale makes every gap span many days; the day-skipping shortcut must keep the warp exact
        double scale = 1000;
        ArrivalProcess fast = new ArrivalProcess(new SplittableRandom(8), true, scale);
        double previous = 0;
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            double t = fast.next();
            assertTrue(t >= previous);
            previous = t;
        }
        double meanGap = previous / n;
        assertEquals(scale * Lublin99Model.meanInterArrival(), meanGap, 0.15 * scale * Lublin99Model.meanInterArrival());
    }
}
