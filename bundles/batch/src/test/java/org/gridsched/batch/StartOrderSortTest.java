package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * {@link StartOrder}'s own sort against the JDK's with the order it stands for (planned start, then submission), on
 * seeded arrays of every length around its runs' and merges' sizes, with many ties of start, in the three shapes a
 * re-plan meets (shuffled, nearly sorted, reversed), and within a stretch of a larger array (the rest left alone).
 */
class StartOrderSortTest {
    @Test
    void sortsAsTheJdkDoesByStartThenSubmission() {
        SplittableRandom random = new SplittableRandom(30);
        StartOrder order = new StartOrder();
        for (int n = 0; n <= 300; n++) {
            for (int shape = 0; shape < 3; shape++) {
                PlannedJob[] jobs = jobs(n, random);
                if (shape == 1) {
                    Arrays.sort(jobs, StartOrderSortTest::compare);
                    for (int swaps = 0; swaps < n / 10 + 1 && n > 1; swaps++) {
                        int i = random.nextInt(n - 1);
                        PlannedJob t = jobs[i];
                        jobs[i] = jobs[i + 1];
                        jobs[i + 1] = t;
                    }
                } else if (shape == 2) {
                    Arrays.sort(jobs, (a, b) -> compare(b, a));
                }
                int from = n < 4 ? 0 : random.nextInt(n / 4);
                int to = n - (n < 4 ? 0 : random.nextInt(n / 4));
                PlannedJob[] expected = jobs.clone();
                Arrays.sort(expected, from, to, StartOrderSortTest::compare);
                order.sortByStart(jobs, from, to);
                assertArrayEquals(expected, jobs, "n=" + n + ", shape " + shape + ", [" + from + ", " + to + ")");
            }
        }
    }

    private static int compare(PlannedJob a, PlannedJob b) {
        int c = Double.compare(a.start, b.start);
        return c != 0 ? c : Long.compare(a.job.submitOrder(), b.job.submitOrder());
    }

    /** n jobs of distinct submission orders, in a random order, their starts drawn from few values (many ties). */
    private static PlannedJob[] jobs(int n, SplittableRandom random) {
        PlannedJob[] jobs = new PlannedJob[n];
        for (int i = 0; i < n; i++) {
            PlannedJob p = new PlannedJob(new StubJob(i, 1));
            p.start = random.nextInt(Math.max(1, n / 5)) * 0.5;
            jobs[i] = p;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            PlannedJob t = jobs[i];
            jobs[i] = jobs[j];
            jobs[j] = t;
        }
        return jobs;
    }
}
