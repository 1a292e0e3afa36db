package org.gridsched.bot;

import java.util.Arrays;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.kit.AvailabilityProfile;

/**
 * A provider's offer for a bag: a list of (tasks, expected completion) points computed on its
 * conservative-backfilling plan without moving any reservation. Point i says: {@code cumulative(i)} tasks
 * can all complete by {@code completion(i)}; completions and counts both increase.
 *
 * <p>Two ways to place the tasks (option {@code placement}):
 * <ul>
 * <li>{@link #tasks}: one by one, each at its earliest start; tasks that get the same start form one group
 *     (one job of the provider's queue), so point i is "the first i groups".</li>
 * <li>{@link #rigid}: as one rigid k-processor job; point i is the earliest start at which a wider part than
 *     at any earlier start fits, and any k up to {@code cumulative(i)} can start there.</li>
 * </ul>
 */
final class Offer {
    final boolean rigid;
    final double duration;
    private double[] start = new double[8];
    private int[] cumulative = new int[8];
    private int points;

    private Offer(boolean rigid, double duration) {
        this.rigid = rigid;
        this.duration = duration;
    }

    int points() {
        return points;
    }

    double completion(int i) {
        return SimTime.add(start[i], duration);
    }

    double start(int i) {
        return start[i];
    }

    int cumulative(int i) {
        return cumulative[i];
    }

    private void add(double s, int cum) {
        if (points == start.length) {
            start = Arrays.copyOf(start, points * 2);
            cumulative = Arrays.copyOf(cumulative, points * 2);
        }
        start[points] = s;
        cumulative[points++] = cum;
    }

    /**
     * Up to {@code n} one-processor tasks of {@code duration}, placed one by one at their earliest start on a
     * copy of the plan; each group of equal starts takes all the processors free over its whole run.
     */
    static Offer tasks(AvailabilityProfile plan, double now, double duration, int n) {
        Offer o = new Offer(false, duration);
        AvailabilityProfile p = plan.copy();
        double from = now;
        int placed = 0;
        while (placed < n) {
            double s = p.earliestStart(from, duration, 1);
            int c = Math.min(n - placed, p.minFree(s, SimTime.add(s, duration)));
            p.reserve(s, SimTime.add(s, duration), c);
            placed += c;
            o.add(s, placed);
            from = s;
        }
        return o;
    }

    /**
     * Up to {@code min(n, processors)} tasks as one rigid part: for every breakpoint from now on, the widest
     * part that fits there for {@code duration}; a point is kept only when it is wider than all earlier ones.
     */
    static Offer rigid(AvailabilityProfile plan, double now, double duration, int n) {
        Offer o = new Offer(true, duration);
        int most = Math.min(n, plan.capacity());
        int widest = 0;
        for (int i = plan.breakpointAt(now); i < plan.breakpoints() && widest < most; i++) {
            double s = Math.max(now, plan.breakpointTime(i));
            int w = Math.min(most, plan.minFree(s, SimTime.add(s, duration)));
            if (w > widest) {
                widest = w;
                o.add(s, w);
            }
        }
        return o;
    }

    /**
     * The parts that carry {@code k} of the offered tasks (k at most the last point's count), as
     * (start, tasks) pairs: the first groups in start order, or the one rigid part at the earliest start
     * wide enough.
     */
    double[][] parts(int k) {
        if (k <= 0) {
            return new double[0][];
        }
        if (rigid) {
            for (int i = 0; i < points; i++) {
                if (cumulative[i] >= k) {
                    return new double[][] {{start[i], k}};
                }
            }
            throw new IllegalArgumentException("an offer of " + cumulative[points - 1] + " tasks cannot carry " + k);
        }
        int groups = 0;
        while (groups < points && (groups == 0 || cumulative[groups - 1] < k)) {
            groups++;
        }
        if (cumulative[groups - 1] < k) {
            throw new IllegalArgumentException("an offer of " + cumulative[points - 1] + " tasks cannot carry " + k);
        }
        double[][] out = new double[groups][];
        int before = 0;
        for (int g = 0; g < groups; g++) {
            out[g] = new double[] {start[g], Math.min(cumulative[g], k) - before};
            before = cumulative[g];
        }
        return out;
    }
}
