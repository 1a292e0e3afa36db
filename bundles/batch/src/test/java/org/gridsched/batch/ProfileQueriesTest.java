package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.kit.AvailabilityProfile;
import org.junit.jupiter.api.Test;

/** The profile queries added for reservations: minFree, and building a profile from running jobs. */
class ProfileQueriesTest {

    @Test
    void minFreeIsTheLowestValueOverTheHalfOpenInterval() {
        AvailabilityProfile p = new AvailabilityProfile(10, 0);
        p.reserve(500, 800, 6);
        p.reserve(0, 1000, 2);
        assertEquals(8, p.minFree(0, 500));      // [0, 500) ends where the claim begins
        assertEquals(2, p.minFree(0, 501));
        assertEquals(2, p.minFree(600, 700));
        assertEquals(8, p.minFree(800, 1000));
        assertEquals(10, p.minFree(1000, 5000));
        assertEquals(2, p.minFree(500, 500));    // empty interval: the value at its start
    }

    /** Jobs ending at the same instant give their processors back in one step, 0.0 and -0.0 included. */
    @Test
    void ofRunningMergesEqualEnds() {
        double[] ends = {0.0, 3, -0.0, 3, -10, 7};
        int[] widths = {1, 2, 4, 8, 16, 32};
        AvailabilityProfile p = AvailabilityProfile.ofRunning(100, -5, ends, widths, ends.length);
        // the job that ended at -10 is over; 47 processors are busy at the origin
        assertArrayEquals(new double[][] {{-5, 53}, {0, 58}, {3, 68}, {7, 100}}, p.toArray());
        p.resetToRunning(3, ends, widths, 4); // the first four only: none of them is running after 3
        assertArrayEquals(new double[][] {{3, 100}}, p.toArray());
    }

    @Test
    void ofRunningEqualsOneReservationPerJob() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int round = 0; round < 500; round++) {
            int procs = 1 + rnd.nextInt(64);
            double origin = rnd.nextInt(100);
            int n = rnd.nextInt(20);
            double[] ends = new double[n];
            int[] widths = new int[n];
            AvailabilityProfile expected = new AvailabilityProfile(procs, origin);
            int left = procs;
            for (int i = 0; i < n && left > 0; i++) {
                ends[i] = rnd.nextInt(200); // some at or before the origin: over
                widths[i] = 1 + rnd.nextInt(left);
                left -= widths[i];
                expected.reserve(origin, ends[i], widths[i]);
            }
            AvailabilityProfile built = AvailabilityProfile.ofRunning(procs, origin, ends, widths, n);
            assertArrayEquals(expected.toArray(), built.toArray(), "round " + round);
            for (int k = 0; k < 20; k++) {
                double from = origin + rnd.nextInt(150);
                double d = 1 + rnd.nextInt(100);
                int q = 1 + rnd.nextInt(procs);
                assertEquals(expected.earliestStart(from, d, q), built.earliestStart(from, d, q));
                assertEquals(expected.minFree(from, from + d), built.minFree(from, from + d));
            }
        }
    }

    /**
     * The ends in order (as EASY gives its running jobs), in order with a few out of place appended (EASY's jobs with
     * the outages under way), or shuffled (conservative backfilling's), up to 400 jobs with many equal ends: the three
     * ways resetToRunning builds the profile give what one reservation per job gives.
     */
    @Test
    void ofRunningInAnyOrderEqualsOneReservationPerJob() {
        SplittableRandom rnd = new SplittableRandom(11);
        AvailabilityProfile reused = new AvailabilityProfile(10_000, 0);
        for (int round = 0; round < 600; round++) {
            int n = rnd.nextInt(400);
            double origin = round; // the reused profile's origin only goes forward
            double[] ends = new double[n];
            int[] widths = new int[n];
            for (int i = 0; i < n; i++) {
                ends[i] = rnd.nextInt(20) == 0 ? -0.0 : origin - 10 + rnd.nextInt(300); // equal ends, some over
                widths[i] = 1 + rnd.nextInt(20);
            }
            int mode = round % 3;
            if (mode < 2) {
                Arrays.sort(ends);
                for (int i = n - (mode == 1 ? Math.min(n, 1 + rnd.nextInt(12)) : 0); i < n; i++) {
                    ends[i] = origin - 10 + rnd.nextInt(300); // out of place at the end
                }
            }
            AvailabilityProfile expected = new AvailabilityProfile(10_000, origin);
            for (int i = 0; i < n; i++) {
                if (ends[i] > origin) {
                    expected.reserve(origin, ends[i], widths[i]);
                }
            }
            reused.discardBefore(origin);
            reused.resetToRunning(origin, ends, widths, n);
            assertArrayEquals(expected.toArray(), reused.toArray(), "round " + round + ", mode " + mode);
        }
    }

    /** One profile rebuilt in place round after round: nothing it held before, nor its query cache, shows through. */
    @Test
    void resetToRunningForgetsWhatTheProfileHeld() {
        SplittableRandom rnd = new SplittableRandom(5);
        int procs = 32;
        AvailabilityProfile reused = new AvailabilityProfile(procs, 0);
        double origin = 0;
        for (int round = 0; round < 300; round++) {
            for (int k = 0; k < 10; k++) { // leftovers: reservations and cached answers of the old plan
                double from = origin + rnd.nextInt(100);
                reused.reserve(from, from + 1 + rnd.nextInt(50), 1 + rnd.nextInt(4));
                reused.earliestStart(origin, 1 + rnd.nextInt(20), 1 + rnd.nextInt(procs));
            }
            origin += rnd.nextInt(30);
            reused.discardBefore(origin);
            int n = rnd.nextInt(12);
            double[] ends = new double[n];
            int[] widths = new int[n];
            int left = procs;
            for (int i = 0; i < n && left > 0; i++) {
                ends[i] = origin - 20 + rnd.nextInt(200);
                widths[i] = 1 + rnd.nextInt(left);
                left -= widths[i];
            }
            AvailabilityProfile expected = AvailabilityProfile.ofRunning(procs, origin, ends, widths, n);
            reused.resetToRunning(origin, ends, widths, n);
            assertArrayEquals(expected.toArray(), reused.toArray(), "round " + round);
            for (int k = 0; k < 10; k++) {
                double d = 1 + rnd.nextInt(100);
                int q = 1 + rnd.nextInt(procs);
                assertEquals(expected.earliestStart(origin, d, q), reused.earliestStart(origin, d, q), "round " + round);
            }
        }
    }

    /**
     * A move in one pass gives the profile the two steps it replaces give (reserve the new part, release the old),
     * breakpoint for breakpoint: moves found by earliestStartBefore as compression finds them, and arbitrary ones
     * (overlapping or not, at breakpoints or between them, touching the origin).
     */
    @Test
    void moveEarlierEqualsReserveThenRelease() {
        SplittableRandom rnd = new SplittableRandom(9);
        for (int round = 0; round < 2000; round++) {
            int procs = 1 + rnd.nextInt(16);
            double origin = rnd.nextInt(20);
            AvailabilityProfile p = freshOrWithPast(rnd, procs, origin);
            List<double[]> slots = reserveRandomJobs(p, rnd, rnd.nextInt(25), origin, 100, 40);
            // a few moves in a row on the same profile, each checked
            for (int move = 0; move < 3 && !slots.isEmpty(); move++) {
                double[] slot = slots.get(rnd.nextInt(slots.size()));
                double oldStart = slot[0];
                double oldEnd = slot[1];
                int q = (int) slot[2];
                double newStart;
                if (rnd.nextBoolean()) {
                    newStart = p.earliestStartBefore(origin, oldEnd - oldStart, q, oldStart);
                    if (newStart == Double.POSITIVE_INFINITY) {
                        continue;
                    }
                } else if (oldStart > origin) {
                    newStart = origin + rnd.nextInt((int) Math.ceil(oldStart - origin)) + (rnd.nextBoolean() ? 0.5 : 0);
                    newStart = Math.min(newStart, oldStart - 0.25);
                } else {
                    continue;
                }
                double newEnd = newStart + (oldEnd - oldStart);
                AvailabilityProfile expected = p.copy();
                expected.reserve(newStart, Math.min(newEnd, oldStart), q);
                expected.release(Math.max(newEnd, oldStart), oldEnd, q);
                p.moveEarlier(oldStart, oldEnd, newStart, newEnd, q);
                assertArrayEquals(expected.toArray(), p.toArray(),
                        "round " + round + ": " + oldStart + "-" + oldEnd + " to " + newStart);
                slot[0] = newStart;
                slot[1] = newEnd;
                for (int k = 0; k < 10; k++) { // and the cached answers of the moved profile are its own
                    double d = 1 + rnd.nextInt(30);
                    int w = 1 + rnd.nextInt(procs);
                    assertEquals(expected.earliestStart(origin, d, w), p.earliestStart(origin, d, w), "round " + round);
                    double t = origin + rnd.nextInt(150);
                    assertEquals(expected.freeAt(t), p.freeAt(t), "round " + round);
                }
                // the profile keeps working after the move: a reservation on it gives what it gives on the expected one
                double[] added = reserveRandomJobs(p, rnd, 1, origin, 100, 20).get(0);
                expected.reserve(added[0], added[1], (int) added[2]);
                assertArrayEquals(expected.toArray(), p.toArray(), "round " + round + " after a reservation");
                slots.add(added);
            }
        }
    }

    /**
     * reserveEarliest answers what earliestStart answers and leaves the profile as reserve after it does: searched from
     * the origin, from a breakpoint or between two, with widths up to more than the cluster, durations of zero, of a
     * fraction and long enough to pass the last breakpoint, on profiles whose past was discarded or not, several in a
     * row on the same profile with a release between them now and then.
     */
    @Test
    void reserveEarliestEqualsEarliestStartThenReserve() {
        SplittableRandom rnd = new SplittableRandom(21);
        for (int round = 0; round < 3000; round++) {
            int procs = 1 + rnd.nextInt(16);
            double origin = rnd.nextInt(20);
            AvailabilityProfile p = freshOrWithPast(rnd, procs, origin);
            List<double[]> slots = reserveRandomJobs(p, rnd, rnd.nextInt(25), origin, 100, 40);
            for (int k = 0; k < 6; k++) {
                double from = origin + (rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(120) + (rnd.nextBoolean() ? 0.5 : 0));
                double d = switch (rnd.nextInt(5)) {
                    case 0 -> 0;
                    case 1 -> 0.25;
                    case 2 -> 200 + rnd.nextInt(100);
                    default -> 1 + rnd.nextInt(40);
                };
                int q = 1 + rnd.nextInt(procs + 1);
                AvailabilityProfile expected = p.copy();
                double s = expected.earliestStart(from, d, q);
                if (s != Double.POSITIVE_INFINITY) {
                    expected.reserve(s, SimTime.add(s, d), q);
                }
                String where = "round " + round + ", try " + k + ": " + q + " x " + d + " s from " + from;
                assertEquals(s, p.reserveEarliest(from, d, q), where);
                assertArrayEquals(expected.toArray(), p.toArray(), where);
                for (int m = 0; m < 5; m++) { // the searches after it see the same profile (the cache is mended)
                    double dd = 1 + rnd.nextInt(30);
                    int w = 1 + rnd.nextInt(procs);
                    assertEquals(expected.earliestStart(origin, dd, w), p.earliestStart(origin, dd, w), where);
                }
                if (rnd.nextInt(3) == 0 && !slots.isEmpty()) {
                    double[] slot = slots.remove(rnd.nextInt(slots.size()));
                    p.release(slot[0], slot[1], (int) slot[2]);
                }
            }
        }
    }

    /**
     * overwriteFrom(at, source, shift) leaves the profile as it was before {@code at} and equal to source moved by shift
     * from at on, instant by instant (at every breakpoint of either, moved, and between them), with no two adjacent
     * breakpoints of one value; copyInto gives an equal, independent profile whose searches answer as the original's.
     */
    @Test
    void overwriteFromIsTheSourceMovedFromThatInstantOn() {
        SplittableRandom rnd = new SplittableRandom(33);
        for (int round = 0; round < 3000; round++) {
            int procs = 1 + rnd.nextInt(16);
            double origin = rnd.nextInt(20);
            AvailabilityProfile p = freshOrWithPast(rnd, procs, origin);
            reserveRandomJobs(p, rnd, rnd.nextInt(20), origin, 100, 40);
            AvailabilityProfile source = freshOrWithPast(rnd, procs, origin);
            reserveRandomJobs(source, rnd, rnd.nextInt(20), origin, 100, 40);
            AvailabilityProfile before = new AvailabilityProfile(procs, 0);
            p.copyInto(before);
            assertArrayEquals(p.toArray(), before.toArray(), "round " + round + ": the copy");
            before.reserve(origin, origin + 1, 1); // independent of p
            before.release(origin, origin + 1, 1);
            double shift = SimTime.of(rnd.nextInt(4) == 0 ? 0 : (rnd.nextInt(200) - 60) + (rnd.nextBoolean() ? 0.5 : 1.0 / 3));
            double at = Math.max(origin, SimTime.add(origin, shift)) + rnd.nextInt(80) + (rnd.nextBoolean() ? 0 : 0.25);
            String where = "round " + round + ": from " + at + " moved by " + shift;
            p.overwriteFrom(at, source, shift);
            List<Double> instants = new java.util.ArrayList<>();
            for (double[] b : before.toArray()) {
                instants.add(b[0]);
            }
            for (double[] b : source.toArray()) {
                instants.add(SimTime.add(b[0], shift));
            }
            instants.add(at);
            int n = instants.size();
            for (int i = 0; i < n; i++) {
                instants.add(instants.get(i) + 0.125); // between breakpoints too
            }
            for (double t : instants) {
                if (t < origin) {
                    continue;
                }
                int expected = t < at ? before.freeAt(t) : source.freeAt(SimTime.sub(t, shift));
                assertEquals(expected, p.freeAt(t), where + ", at " + t);
            }
            double[][] bps = p.toArray();
            for (int i = 1; i < bps.length; i++) {
                assertTrue(bps[i - 1][0] < bps[i][0] && bps[i - 1][1] != bps[i][1], where + ": " + p);
            }
            // the searches see the new profile (the cache of each width is mended)
            AvailabilityProfile copy = new AvailabilityProfile(procs, 0);
            p.copyInto(copy);
            for (int m = 0; m < 5; m++) {
                double d = 1 + rnd.nextInt(60);
                int w = 1 + rnd.nextInt(procs);
                assertEquals(copy.earliestStart(origin, d, w), p.earliestStart(origin, d, w), where);
            }
        }
    }

    @Test
    void overwriteFromRefusesWhatItCannotDo() {
        AvailabilityProfile p = new AvailabilityProfile(4, 10);
        assertThrows(IllegalArgumentException.class, () -> p.overwriteFrom(20, new AvailabilityProfile(8, 0), 0));
        assertThrows(IllegalArgumentException.class, () -> p.overwriteFrom(5, new AvailabilityProfile(4, 0), 0));
        assertThrows(IllegalArgumentException.class, () -> p.overwriteFrom(20, new AvailabilityProfile(4, 15), 10));
        assertThrows(IllegalArgumentException.class, () -> p.overwriteFrom(20, p, 0));
        assertThrows(IllegalArgumentException.class, () -> p.copyInto(new AvailabilityProfile(3, 0)));
    }

    /**
     * An empty profile from {@code origin}, or, one time in two, one whose past was discarded: its breakpoints do not
     * begin at the front of its arrays, and a move may shift those before it into that room instead of those after it.
     */
    private static AvailabilityProfile freshOrWithPast(SplittableRandom rnd, int procs, double origin) {
        if (rnd.nextBoolean()) {
            return new AvailabilityProfile(procs, origin);
        }
        AvailabilityProfile p = new AvailabilityProfile(procs, origin - 60);
        reserveRandomJobs(p, rnd, rnd.nextInt(40), origin - 60, 70, 30);
        p.discardBefore(origin);
        return p;
    }

    /**
     * Reserves {@code n} jobs on {@code p}, each of 1 to {@code maxDuration} s and 1 to all processors at its earliest
     * start from a random instant in [from, from + spread); returns their slots as (start, end, processors).
     */
    private static List<double[]> reserveRandomJobs(AvailabilityProfile p, SplittableRandom rnd, int n, double from,
            int spread, int maxDuration) {
        List<double[]> slots = new java.util.ArrayList<>();
        for (int k = n; k > 0; k--) {
            double at = from + rnd.nextInt(spread);
            double d = 1 + rnd.nextInt(maxDuration);
            int q = 1 + rnd.nextInt(p.capacity());
            double s = p.earliestStart(at, d, q);
            p.reserve(s, s + d, q);
            slots.add(new double[] {s, s + d, q});
        }
        return slots;
    }
}
