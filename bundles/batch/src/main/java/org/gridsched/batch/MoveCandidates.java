package org.gridsched.batch;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.kit.AvailabilityProfile;

/**
 * Which waiting jobs of {@link ConservativeScheduler} may start earlier since processors came back, so that the
 * compression tries those and no other.
 *
 * <p>Why this is exact. After a job is tried (or placed), no window lies before its planned start s: for every t
 * in [now, s), fewer than its width q are free somewhere in [t, min(t + requested, s)). Taking processors never
 * makes a window; only a release can, by lifting some instant where fewer than q were free to q or more. So a job
 * whose width no release has crossed since it was tried still cannot move, and its try is skipped. A window it may
 * have now either ends at s, and then the instant just before s was lifted ({@link QueueMarks#TAIL}: the release's
 * span holds it, and the job may start where the run of at least q free processors ending at s begins), or lies
 * wholly before s, in a run of at least q free processors at least as long as its requested time which, just
 * after the last release that lifted an instant of the window, held the whole window and met the release's span
 * ({@link QueueMarks#JUMP}: found with {@link WidthClassIndex}; the window is searched for inside those runs only).
 *
 * <p>For each release the run around its span is grown threshold by threshold (a staircase): for the widths
 * between the larger neighbour value and the top, the run is the span itself; lowering the threshold to that
 * neighbour's value, the run takes in that neighbour, and so on down to the smallest value the span held before
 * the release (widths at or below it were not lifted). This bounds, for every width, the length of any run that
 * meets the span; jobs it cannot hold are not marked. The compression of Mu'alem and Feitelson (IEEE TPDS 12(6),
 * 2001: every early end tries each waiting job earlier, in order) is unchanged; only the tries that cannot succeed
 * are left out. {@code CompressionCrossCheckTest} compares every start with the plain compression.
 */
final class MoveCandidates {
    private final AvailabilityProfile profile;
    private final StartOrder order;
    private final WidthClassIndex index;
    private final QueueMarks marks;
    /**
     * Up to how many breakpoints the profile may have for a job the staircase finds to be taken out of the index until
     * its try, marked over its whole wait ({@link WidthClassIndex#markTakingOut}); -1: never. The scheduler sets it
     * for each compression.
     */
    int takeOutUpTo = -1;

    /**
     * {@link #takeOutUpTo} for the compressions of a cluster with reservations (outages, maintenance, claims). There a
     * compression mostly follows a failure's kill, whose release is the rest of the killed job's slot: the jobs that
     * move one after another into it mark the same jobs again and again (bench-1m-failures: 39 million JUMP marks for
     * 2.6 million tries, 15 a try), while the profile is short (16-64 breakpoints), so that one search of a job's whole
     * wait costs less than the visits and marks it saves (in process: 0.959 times the time, quartiles 0.907-0.970;
     * with 48 breakpoints 0.960). Not after early ends without reservations: there a job is marked 2.5 times a try on
     * profiles of 153 breakpoints on average, and the wide searches cost more than they save (a million jobs with
     * over-estimated requested times took 1.032 times as long with 64, 1.007 with 48, 1.066 with 96).
     */
    static final int TAKE_OUT_UP_TO = 64;

    MoveCandidates(AvailabilityProfile profile, StartOrder order, WidthClassIndex index, QueueMarks marks) {
        this.profile = profile;
        this.order = order;
        this.index = index;
        this.marks = marks;
    }

    /**
     * {@code w} processors came back over [c, e), already in the profile: marks the waiting jobs that may now start
     * earlier. {@code near}: the number of a breakpoint near c (0 if none is known); {@code from}: a place of the
     * start order before which every job starts at or before c (0 if unknown).
     */
    void released(double c, double e, int w, int near, int from, double now) {
        if (!order.anyAfter(c)) {
            return; // every mark is for a job planned to start after c
        }
        AvailabilityProfile p = profile;
        int n = p.breakpoints();
        int kc = p.breakpointNear(c, near);
        // the breakpoints kc .. k-1 meet [c, e); each held w fewer before the release
        int k = kc;
        int minAfter = Integer.MAX_VALUE;
        int maxAfter = Integer.MIN_VALUE;
        do {
            int v = p.breakpointFree(k);
            minAfter = Math.min(minAfter, v);
            maxAfter = Math.max(maxAfter, v);
            k++;
        } while (k < n && p.breakpointTime(k) < e);
        int lowest = minAfter - w; // widths at or below it were not lifted anywhere
        markTails(c, e, lowest, maxAfter, Math.min(k, n - 1), from);
        staircase(c, e, kc, k, lowest, maxAfter, now);
    }

    /**
     * {@link QueueMarks#TAIL} on the jobs planned to start in (c, e] of a width in (lowest, top]; {@code near}, the
     * number of the breakpoint at or after e, is where to look for their starts (most start at e).
     */
    private void markTails(double c, double e, int lowest, int top, int near, int from) {
        int end = order.end();
        for (int i = order.firstAfter(c, from); i < end && order.startAt(i) <= e; i++) {
            PlannedJob x = order.at(i);
            if (x.width > lowest && x.width <= top) {
                marks.addTail(x.pos, near);
            }
        }
    }

    /**
     * Grows the run around [c, e) threshold by threshold, and at each step marks the jobs of the widths of the step that
     * the run may now hold ({@link WidthClassIndex#mark}). kc .. k-1 are the breakpoints that meet [c, e).
     */
    private void staircase(double c, double e, int kc, int k, int lowest, int top, double now) {
        AvailabilityProfile p = profile;
        int n = p.breakpoints();
        double left = c;
        double right = e;
        // the neighbours: the part of breakpoint kc before c if it begins before c, else breakpoint kc - 1; on the
        // right the breakpoint that begins at e, else the part of k - 1 after e
        int li = p.breakpointTime(kc) < c ? kc : kc - 1;
        int ri = k < n && p.breakpointTime(k) == e ? k : k - 1;
        int lv = li >= 0 ? p.breakpointFree(li) : Integer.MIN_VALUE;
        int rv = p.breakpointFree(ri);
        while (true) {
            int t = Math.max(Math.max(lv, rv), lowest);
            if (t < top) {
                // widths (t, top] may use [left, right) and no more (its neighbours hold t or fewer); a little more
                // than its length, so that a window of exactly that length is not missed for a rounding
                double len = right - left;
                len += Math.max(SimTime.RESOLUTION, len * 1e-12);
                if (index.mayMark(len, c)) {
                    if (n <= takeOutUpTo) {
                        index.markTakingOut(t, top, len, left, right, c, now, marks);
                    } else {
                        index.mark(t, top, len, left, right, c, e, now, marks);
                    }
                }
                top = t;
            }
            if (t <= lowest) {
                return;
            }
            if (lv >= t) {
                left = p.breakpointTime(li);
                li--;
                lv = li >= 0 ? p.breakpointFree(li) : Integer.MIN_VALUE;
            }
            if (rv >= t) {
                ri++;
                if (ri < n) {
                    right = p.breakpointTime(ri);
                    rv = p.breakpointFree(ri);
                } else {
                    right = Double.POSITIVE_INFINITY; // the last value holds for ever; the left side may grow still
                    rv = Integer.MIN_VALUE;
                }
            }
        }
    }
}
