package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.gridsched.api.batch.kit.AvailabilityProfile;
import org.junit.jupiter.api.Test;

/** The array-backed profile against a brute-force list of reservations, on random operation sequences. */
class AvailabilityProfileTest {

    @Test
    void simpleReservationsAndEarliestFit() {
        AvailabilityProfile p = new AvailabilityProfile(4, 0);
        p.reserve(0, 10, 2);
        p.reserve(10, 20, 4);
        assertEquals(2, p.freeAt(5));
        assertEquals(0, p.freeAt(10));
        assertEquals(4, p.freeAt(20));
        assertEquals(0.0, p.earliestStart(0, 10, 2));   // fits exactly before 10
        assertEquals(20.0, p.earliestStart(0, 11, 2));  // would cross the full window
        assertEquals(20.0, p.earliestStart(0, 1, 3));
        assertEquals(Double.POSITIVE_INFINITY, p.earliestStart(0, 1, 5));
        p.release(10, 20, 4);
        assertEquals(10.0, p.earliestStart(0, 1, 3));
        p.release(0, 10, 2);
        assertEquals(1, p.breakpoints(), "equal neighbours are merged: " + p);
    }

    @Test
    void discardingThePastKeepsTheCurrentValue() {
        AvailabilityProfile p = new AvailabilityProfile(8, 0);
        p.reserve(0, 100, 3);
        p.reserve(50, 60, 5);
        p.discardBefore(55);
        assertEquals(0, p.freeAt(55));
        assertEquals(5, p.freeAt(60));
        assertEquals(8, p.freeAt(100));
        assertEquals(60.0, p.earliestStartBefore(55, 10, 1, 200));
        assertEquals(Double.POSITIVE_INFINITY, p.earliestStartBefore(55, 10, 1, 60));
    }

    @Test
    void randomOperationsAgreeWithBruteForce() {
        for (long seed = 1; seed <= 30; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            int cap = 1 + r.nextInt(64);
            AvailabilityProfile p = new AvailabilityProfile(cap, 0);
            List<double[]> res = new ArrayList<>();
            double now = 0;
            for (int step = 0; step < 400; step++) {
                int op = r.nextInt(10);
                if (op < 5) {
                    int q = 1 + r.nextInt(cap);
                    double dur = 1 + r.nextInt(50);
                    double from = now + r.nextInt(20);
                    double s = p.earliestStart(from, dur, q);
                    assertEquals(bruteEarliest(res, cap, from, dur, q), s, "seed " + seed + " step " + step);
                    p.reserve(s, s + dur, q);
                    res.add(new double[] {s, s + dur, q});
                } else if (op < 6 && !res.isEmpty()) {
                    // where could a reserved job move if taken out? compare with brute force on the rest
                    double[] x = res.get(r.nextInt(res.size()));
                    if (x[0] > now) {
                        List<double[]> others = new ArrayList<>(res);
                        others.remove(x);
                        double brute = bruteEarliest(others, cap, now, x[1] - x[0], (int) x[2]);
                        double expected = brute < x[0] ? brute : Double.POSITIVE_INFINITY;
                        assertEquals(expected, p.earliestStartBefore(now, x[1] - x[0], (int) x[2], x[0]),
                                "seed " + seed + " step " + step);
                    }
                } else if (op < 8 && !res.isEmpty()) {
                    releaseOne(p, res, r, now);
                } else {
                    now += r.nextInt(10);
                    dropPast(p, res, now);
                }
                for (int t = (int) now; t < now + 120; t += 3) {
                    assertEquals(bruteFree(res, cap, t), p.freeAt(t), "seed " + seed + " step " + step + " t=" + t + " " + p);
                }
            }
        }
    }

    /**
     * Re-plans as conservative backfilling makes them: the profile rebuilt from running jobs, then many jobs placed in
     * turn from now, each search after the reservation of the one before, mixed with releases, moves earlier and the
     * past dropped.
     */
    @Test
    void placementsInTurnAfterRebuildsAgreeWithBruteForce() {
        for (long seed = 1; seed <= 40; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            int cap = 1 + r.nextInt(64);
            AvailabilityProfile p = new AvailabilityProfile(cap, 0);
            List<double[]> res = new ArrayList<>();
            double now = 0;
            for (int round = 0; round < 30; round++) {
                now += r.nextInt(30);
                // running jobs: at most cap processors in all, ends after now
                int n = r.nextInt(6);
                double[] ends = new double[n];
                int[] widths = new int[n];
                int busy = 0;
                res.clear();
                for (int i = 0; i < n && busy < cap; i++) {
                    widths[i] = 1 + r.nextInt(cap - busy);
                    busy += widths[i];
                    ends[i] = now + 1 + r.nextInt(60);
                    res.add(new double[] {now, ends[i], widths[i]});
                }
                p.resetToRunning(now, ends, widths, n);
                for (int step = 0; step < 60; step++) {
                    String where = "seed " + seed + " round " + round + " step " + step;
                    int op = r.nextInt(20);
                    if (op < 15) {
                        // placed in turn from now, as a re-plan does (a few widths repeat, as in a real queue)
                        int q = r.nextInt(3) == 0 ? cap : 1 + r.nextInt(cap);
                        double dur = 1 + r.nextInt(40);
                        double s = p.earliestStart(now, dur, q);
                        assertEquals(bruteEarliest(res, cap, now, dur, q), s, where);
                        p.reserve(s, s + dur, q);
                        res.add(new double[] {s, s + dur, q});
                    } else if (op < 17 && !res.isEmpty()) {
                        releaseOne(p, res, r, now);
                    } else if (op < 19 && !res.isEmpty()) {
                        // a planned job moved to its earliest start, as the compression does
                        double[] x = res.get(r.nextInt(res.size()));
                        if (x[0] > now) {
                            List<double[]> others = new ArrayList<>(res);
                            others.remove(x);
                            double s = bruteEarliest(others, cap, now, x[1] - x[0], (int) x[2]);
                            if (s < x[0]) {
                                double e = s + (x[1] - x[0]);
                                p.moveEarlier(x[0], x[1], s, e, (int) x[2]);
                                x[0] = s;
                                x[1] = e;
                            }
                        }
                    } else {
                        now += r.nextInt(5);
                        dropPast(p, res, now);
                    }
                }
                for (int t = (int) now; t < now + 200; t += 3) {
                    assertEquals(bruteFree(res, cap, t), p.freeAt(t), "seed " + seed + " round " + round + " t=" + t);
                }
            }
        }
    }

    /** Gives back a reservation drawn at random: its part from now on (only that is still in the profile). */
    private static void releaseOne(AvailabilityProfile p, List<double[]> res, SplittableRandom r, double now) {
        double[] x = res.remove(r.nextInt(res.size()));
        double from = Math.max(x[0], now);
        if (from < x[1]) {
            p.release(from, x[1], (int) x[2]);
        }
    }

    /** Drops the past before {@code now} from the profile and from the reservations. */
    private static void dropPast(AvailabilityProfile p, List<double[]> res, double now) {
        p.discardBefore(now);
        res.replaceAll(x -> x[1] <= now ? null : new double[] {Math.max(x[0], now), x[1], x[2]});
        res.removeIf(x -> x == null);
    }

    private static int bruteFree(List<double[]> res, int cap, double t) {
        int used = 0;
        for (double[] x : res) {
            if (x[0] <= t && t < x[1]) {
                used += (int) x[2];
            }
        }
        return cap - used;
    }

    private static double bruteEarliest(List<double[]> res, int cap, double from, double dur, int q) {
        List<Double> cands = new ArrayList<>(List.of(from));
        for (double[] x : res) {
            if (x[1] > from) {
                cands.add(x[1]);
            }
        }
        cands.sort(null);
        for (double t : cands) {
            boolean ok = bruteFree(res, cap, t) >= q;
            for (double[] x : res) {
                if (x[0] > t && x[0] < t + dur && bruteFree(res, cap, x[0]) < q) {
                    ok = false;
                }
            }
            if (ok) {
                return t;
            }
        }
        return Double.POSITIVE_INFINITY;
    }
}
