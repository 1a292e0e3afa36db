package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.gridsched.api.batch.kit.AvailabilityProfile;
import org.junit.jupiter.api.Test;

/**
 * {@link BackfillQueue#nextFitting}, which EASY asks around reservations, finds the jobs that a test of every
 * waiting job in turn ({@link Reserved#fits}) finds, in the same order: on random profiles (running jobs and
 * reservations, some far in the future, some starting at now), random queues with holes, and instants far from
 * zero where now + requested rounds.
 */
class BackfillQueueFittingTest {

    @Test
    void findsWhatTestingEveryJobFinds() {
        SplittableRandom random = new SplittableRandom(11);
        int found = 0;
        for (int round = 0; round < 3_000; round++) {
            int capacity = 1 + random.nextInt(64);
            // now far from zero in some rounds, so that now + requested rounds to the grid of doubles there
            double now = random.nextInt(4) == 0 ? (1 << 30) + random.nextInt(1000) * 0.25 : random.nextInt(1000);
            AvailabilityProfile profile = profile(random, capacity, now);
            BackfillQueue<Integer> queue = new BackfillQueue<>();
            int jobs = random.nextInt(200);
            for (int i = 0; i < jobs; i++) {
                queue.add(i, 1 + random.nextInt(capacity), requested(random, now, profile));
            }
            for (int slot = 0; slot < queue.end(); slot++) {
                if (random.nextInt(3) == 0) {
                    queue.remove(slot); // a hole, as a started job leaves
                }
            }
            int free = random.nextInt(capacity + 1);
            List<Integer> expected = new ArrayList<>();
            for (int slot = 0; slot < queue.end(); slot++) {
                if (queue.get(slot) != null && queue.width(slot) <= free
                        && Reserved.fits(profile, now, queue.requested(slot), queue.width(slot))) {
                    expected.add(slot);
                }
            }
            List<Integer> actual = new ArrayList<>();
            for (int slot = -1; (slot = queue.nextFitting(profile, now, slot + 1, free)) >= 0; ) {
                if (Reserved.fits(profile, now, queue.requested(slot), queue.width(slot))) {
                    actual.add(slot);
                }
            }
            assertEquals(expected, actual, "round " + round + ": capacity " + capacity + ", " + free + " free at " + now);
            found += expected.size();
        }
        assertTrue(found > 5_000, "the rounds have jobs that fit (" + found + ")");
    }

    /** Running jobs ending after now, and reservations from now or later, some overlapping. */
    private static AvailabilityProfile profile(SplittableRandom random, int capacity, double now) {
        int running = random.nextInt(capacity + 1);
        double[] ends = new double[running];
        int[] widths = new int[running];
        int busy = 0;
        int n = 0;
        while (n < running && busy < capacity) {
            widths[n] = 1 + random.nextInt(capacity - busy);
            busy += widths[n];
            ends[n++] = now + 1 + random.nextInt(500);
        }
        AvailabilityProfile p = AvailabilityProfile.ofRunning(capacity, now, ends, widths, n);
        for (int r = random.nextInt(6); r > 0; r--) {
            double from = random.nextBoolean() ? now : now + random.nextInt(400);
            double to = from + 1 + random.nextInt(300);
            int q = 1 + random.nextInt(capacity);
            if (p.minFree(from, to) >= q) {
                p.reserve(from, to, q);
            }
        }
        return p;
    }

    /**
     * Often the exact distance from now to a breakpoint, or a hair under or over it, so that windows end at the
     * instants where the test's rounding matters; else anything up to beyond the profile.
     */
    private static double requested(SplittableRandom random, double now, AvailabilityProfile p) {
        int k = random.nextInt(p.breakpoints());
        double t = p.breakpointTime(k);
        return switch (random.nextInt(4)) {
            case 0 -> Math.max(1e-7, t - now);
            case 1 -> Math.max(1e-7, t - now + (random.nextBoolean() ? 1 : -1) * 3e-7);
            case 2 -> Math.max(1e-7, Math.nextUp(t - now));
            default -> 1 + random.nextInt(1000);
        };
    }
}
