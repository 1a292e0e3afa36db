package org.gridsched.launcher.python;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.gridsched.engine.EngineSimulator;
import org.junit.jupiter.api.Test;

/**
 * The Python environment's two cores: the 5-job trace of python/tests/data/five.swf worked out by hand, and
 * StepCore against the engine-backed StepEnvironment on random workloads and random actions.
 */
class StepCoreTest {
    private static final long[] IDS = {1, 2, 3, 4, 5};
    private static final double[] SUBMIT = {0, 10, 20, 30, 40};
    private static final double[] RUNTIME = {100, 50, 10, 200, 20};
    private static final double[] REQUESTED = {100, 50, 10, 300, 20};
    private static final int[] PROCS = {2, 4, 1, 2, 2};

    private static double[] starts(double[] times) {
        double[] s = new double[times.length / 3];
        for (int i = 0; i < s.length; i++) {
            s[i] = times[3 * i + 1];
        }
        return s;
    }

    @Test
    void fcfsByHand() {
        StepCore core = new StepCore(4, 3, false, 43200, 300);
        double[] obs = core.reset(IDS, SUBMIT, RUNTIME, REQUESTED, PROCS);
        List<Double> times = new ArrayList<>();
        while (obs != null) {
            times.add(core.now());
            obs = core.step(0);
        }
        assertEquals(List.of(0.0, 10.0, 100.0, 150.0, 150.0), times);
        assertArrayEquals(new double[] {0, 100, 150, 150, 160}, starts(core.jobTimes()));
    }

    @Test
    void easyByHand() {
        StepCore core = new StepCore(4, 3, true, 43200, 300);
        double[] obs = core.reset(IDS, SUBMIT, RUNTIME, REQUESTED, PROCS);
        // the decision at t = 10: job 2 shown, does not fit (2 of 4 processors free)
        obs = core.step(0);
        assertArrayEquals(new double[] {0, 50.0 / 300, 1, 0, 1}, java.util.Arrays.copyOf(obs, 5), 1e-12);
        int steps = 1;
        while (obs != null) {
            obs = core.step(0);
            steps++;
        }
        assertEquals(3, steps);
        assertArrayEquals(new double[] {0, 100, 20, 150, 40}, starts(core.jobTimes()));
    }

    @Test
    void sameTrajectoriesAsTheEngine() {
        Random r = new Random(3);
        for (boolean backfill : new boolean[] {false, true}) {
            for (int round = 0; round < 5; round++) {
                int n = 300;
                long[] ids = new long[n];
                double[] submit = new double[n], runtime = new double[n], requested = new double[n];
                int[] procs = new int[n];
                double t = 0;
                for (int i = 0; i < n; i++) {
                    ids[i] = i + 1;
                    t += r.nextInt(3) == 0 ? 0 : r.nextInt(400);   // equal submit times too
                    submit[i] = t;
                    runtime[i] = r.nextInt(4) == 0 ? 0.5 : 1 + r.nextInt(3000);   // some shorter than a second
                    requested[i] = runtime[i] + r.nextInt(2) * r.nextInt(3000);
                    if (r.nextInt(10) == 0) {
                        runtime[i] = requested[i] + 100;   // killed at its requested time
                    }
                    procs[i] = 1 + r.nextInt(r.nextBoolean() ? 4 : 32);
                }
                StepCore fast = new StepCore(32, 8, backfill, 43200, 6100);
                try (StepEnvironment engine = new StepEnvironment(new EngineSimulator(name -> null), 32, 8, backfill, 43200, 6100)) {
                    double[] a = fast.reset(ids, submit, runtime, requested, procs);
                    double[] b = engine.reset(ids, submit, runtime, requested, procs);
                    int steps = 0;
                    while (a != null || b != null) {
                        assertArrayEquals(b, a, "step " + steps + ", backfill " + backfill + ", round " + round);
                        int action = r.nextInt(10);
                        a = fast.step(action);
                        b = engine.step(action);
                        steps++;
                    }
                    assertNull(a);
                    assertArrayEquals(engine.jobTimes(), fast.jobTimes());
                }
            }
        }
    }

    @Test
    void anInterruptDuringAStepIsConsumedAndTheStepStillAnswered() {
        long[] ids = {1, 2, 3};
        double[] submit = {0, 0, 10};
        double[] runtime = {100, 50, 20};
        double[] requested = {200, 50, 20};
        int[] procs = {4, 8, 2};
        StepCore fast = new StepCore(8, 4, true, 43200, 6100);
        try (StepEnvironment engine = new StepEnvironment(new EngineSimulator(name -> null), 8, 4, true, 43200, 6100)) {
            double[] a = fast.reset(ids, submit, runtime, requested, procs);
            Thread.currentThread().interrupt(); // as JPype's Ctrl-C handler does to Python's main thread
            double[] b = engine.reset(ids, submit, runtime, requested, procs);
            assertFalse(Thread.currentThread().isInterrupted(), "consumed, not left for the next wait");
            assertArrayEquals(a, b);
            while (a != null) {
                Thread.currentThread().interrupt();
                a = fast.step(0);
                b = engine.step(0);
                assertFalse(Thread.currentThread().isInterrupted());
                assertArrayEquals(a, b);
            }
            assertArrayEquals(fast.jobTimes(), engine.jobTimes());
        } finally {
            Thread.interrupted();
        }
    }
}
