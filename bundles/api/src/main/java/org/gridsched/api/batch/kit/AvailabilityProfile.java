package org.gridsched.api.batch.kit;

import java.util.Arrays;

import org.gridsched.api.SimTime;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The number of free processors of a cluster as a step function of time, with reservations, kept as two
 * parallel sorted arrays of breakpoints: from {@code time[i]} until {@code time[i+1]}, {@code free[i]}
 * processors are free; the last value holds forever. Adjacent breakpoints never carry the same value, so
 * there are at most two breakpoints per reservation.
 *
 * <p>Why arrays: conservative backfilling re-plans waiting jobs after every early end, and a profile
 * holds a few hundred breakpoints in practice. Each query is a single forward scan over contiguous
 * memory and each update a short loop plus {@code arraycopy}. At these sizes that beats a balanced tree
 * with lazy range updates (the first implementation) by 4 to 7 times on the 20,000- and 100,000-job
 * Lublin workloads at 90 % load, with identical schedules.
 *
 * <p>Times are instants on the {@link SimTime} grid; a span's end is computed with {@link SimTime#add}. The
 * tuned batch policies, the {@link PlanningScheduler} and the bag-of-tasks providers all plan on this class.
 *
 * @since 1.0 (of this package)
 */
@ProviderType
public final class AvailabilityProfile {
    private double[] time = new double[64];
    private int[] free = new int[64];
    /** Live breakpoints are [first, end). The past is dropped by moving {@code first}. */
    private int first;
    private int end;
    private final int capacity;
    /**
     * Bumped by every change; validates {@link #firstWithFree}. Starts at 1 so that a new cache entry (0) is
     * stale without filling the cache: profiles are built once per re-plan, and filling a cache as wide as the
     * cluster cost more than the re-plan itself on a 1,024-processor cluster that fails every few minutes.
     */
    private long version = 1;
    /**
     * Per width q: the first live breakpoint with at least q free, as of {@code cachedVersion[q]}.
     * Re-planning asks this for every waiting job between two changes of the profile; most widths repeat.
     */
    private final int[] cachedIndex;
    private final long[] cachedVersion;
    /** The new breakpoints of a {@link #moveEarlier} before they replace the old ones. */
    private double[] scratchTime = new double[16];
    private int[] scratchFree = new int[16];
    /**
     * Where the last {@link #breakpointNear}, {@link #runBefore}, {@link #moveEarlier} or successful
     * {@link #earliestStartWithin} found its instant: moveEarlier searches from there (conservative backfilling finds
     * a job's new start, then moves it there).
     */
    private int finger;
    /**
     * Where the last successful {@link #earliestStartBefore} found its window: the breakpoint in force at its start,
     * and the one in force just before its end. {@link #reserveEarliest} reserves there without searching again.
     */
    private int foundStart;
    private int foundLast;
    /** {@link #resetToRunning}'s distinct ends and the processors each gives back. */
    private double[] sortedEnds = new double[0];
    private int[] returning = new int[0];

    /** A profile with {@code processors} free from {@code origin} on. */
    public AvailabilityProfile(int processors, double origin) {
        this.capacity = processors;
        time[0] = origin;
        free[0] = processors;
        end = 1;
        cachedIndex = new int[processors + 1];
        cachedVersion = new long[processors + 1];
    }

    private AvailabilityProfile(AvailabilityProfile o) {
        capacity = o.capacity;
        int n = o.end - o.first;
        time = Arrays.copyOfRange(o.time, o.first, o.first + Math.max(2 * n, 64));
        free = Arrays.copyOfRange(o.free, o.first, o.first + time.length);
        end = n;
        cachedIndex = new int[capacity + 1];
        cachedVersion = new long[capacity + 1];
    }

    /** An independent copy (to place jobs tentatively without touching this plan). */
    public AvailabilityProfile copy() {
        return new AvailabilityProfile(this);
    }

    public int capacity() {
        return capacity;
    }

    /** Number of breakpoints; they are numbered 0 .. breakpoints() - 1 in time order. */
    public int breakpoints() {
        return end - first;
    }

    /** The instant of breakpoint {@code i}: the value {@link #breakpointFree(int)} holds from then on. */
    public double breakpointTime(int i) {
        return time[first + i];
    }

    /** Processors free from breakpoint {@code i} until the next one (forever for the last). */
    public int breakpointFree(int i) {
        return free[first + i];
    }

    /** The number of the last breakpoint at or before {@code t} (not before the first breakpoint). */
    public int breakpointAt(double t) {
        return indexOf(t) - first;
    }

    /**
     * The number of the last breakpoint at or before {@code t}, searched outwards from breakpoint number
     * {@code near} (galloping: a few steps when the answer is close to it, twice a binary search at worst). For a
     * planner that remembers where it last found an instant: a few changes of the profile later, that number is
     * still close. Any {@code near} gives the right answer; an out-of-range one a plain search. Where the profile last
     * looked (this method's answer, the run {@link #runBefore} found, a window {@link #earliestStartWithin} found, or
     * where {@link #moveEarlier} gave processors back) is tried first.
     *
     * @throws IllegalArgumentException if {@code t} is before the first breakpoint
     * @since 1.4
     */
    public int breakpointNear(double t, int near) {
        int f = finger;
        int i = f >= first && f + 1 < end && time[f] <= t && t < time[f + 1] ? f : indexNear(t, first + near);
        finger = i;
        return i - first;
    }

    /**
     * The number of the breakpoint where the run of at least {@code q} free processors that ends at {@code t} begins,
     * or -1 if fewer than q are free just before t (or t is the first breakpoint's instant): where a job of q
     * processors planned at t could start instead, if no earlier window fits it. {@code near} as in
     * {@link #breakpointNear}; the profile remembers the answer, where {@link #moveEarlier} will look first.
     *
     * @throws IllegalArgumentException if {@code t} is before the first breakpoint
     * @since 1.4
     */
    public int runBefore(double t, int q, int near) {
        int k = indexNear(t, first + near);
        if (time[k] == t) {
            k--;
        }
        if (k < first || free[k] < q) {
            return -1;
        }
        while (k > first && free[k - 1] >= q) {
            k--;
        }
        finger = k;
        return k - first;
    }

    /** Index of the last breakpoint at or before t. */
    private int indexOf(double t) {
        if (t < time[first]) {
            throw new IllegalArgumentException("time " + t + " is before the profile's origin " + time[first]);
        }
        return lastAtOrBefore(t, first, end);
    }

    /**
     * The last index in [lo, hi) whose time is at or before t, given time[lo] <= t. Branch-free: the comparisons of
     * a search are unpredictable, a conditional move is not (about twice as fast on a profile of a few hundred
     * breakpoints).
     */
    private int lastAtOrBefore(double t, int lo, int hi) {
        int base = lo;
        int n = hi - lo;
        while (n > 1) {
            int half = n >>> 1;
            base = time[base + half] <= t ? base + half : base;
            n -= half;
        }
        return base;
    }

    /** Index of the last breakpoint at or before t, galloping from index {@code near}. */
    private int indexNear(double t, int near) {
        if (near < first || near >= end) {
            return indexOf(t);
        }
        if (time[near] <= t) {
            // the answer is near or after it: grow the stride until a breakpoint after t
            int lo = near;
            int step = 1;
            int hi = near + 1;
            while (hi < end && time[hi] <= t) {
                lo = hi;
                step <<= 1;
                hi = near + step;
            }
            return lastAtOrBefore(t, lo, Math.min(hi, end));
        }
        if (t < time[first]) {
            throw new IllegalArgumentException("time " + t + " is before the profile's origin " + time[first]);
        }
        // before it: grow the stride backwards until a breakpoint at or before t
        int hi = near;
        int step = 1;
        int lo = near - 1;
        while (lo > first && time[lo] > t) {
            hi = lo;
            step <<= 1;
            lo = near - step;
        }
        return lastAtOrBefore(t, Math.max(lo, first), hi);
    }

    /** Free processors at time t. */
    public int freeAt(double t) {
        return free[indexOf(t)];
    }

    /** Takes {@code q} processors over [from, to). */
    public void reserve(double from, double to, int q) {
        add(from, to, -q);
    }

    /** Gives back {@code q} processors over [from, to). */
    public void release(double from, double to, int q) {
        add(from, to, q);
    }

    private void add(double from, double to, int delta) {
        if (!(from < to)) {
            return;
        }
        version++;
        int i = splitAt(from);
        int j = to == Double.POSITIVE_INFINITY ? end : splitAt(to);
        for (int k = i; k < j; k++) {
            free[k] += delta;
        }
        // keep adjacent values distinct: first at `to`, so that index i stays valid
        if (j < end && free[j] == free[j - 1]) {
            removeAt(j);
        }
        if (i > first && free[i] == free[i - 1]) {
            removeAt(i);
        }
    }

    /**
     * Moves a reservation of {@code q} processors from [oldStart, oldEnd) to the earlier [newStart, newEnd): the
     * profile {@code reserve(newStart, min(newEnd, oldStart), q)} then {@code release(max(newEnd, oldStart), oldEnd, q)}
     * give, built in one pass over the breakpoints from newStart to oldEnd with one shift of those after them (or of
     * those before them, if fewer), instead of four searches and up to eight shifts. Conservative backfilling's
     * compression moves a planned start tens of millions of times on a million jobs with over-estimated requested
     * times (Mu'alem and Feitelson, IEEE TPDS 12(6), 2001: every early end tries each waiting job earlier, in order).
     *
     * @since 1.3
     */
    public void moveEarlier(double oldStart, double oldEnd, double newStart, double newEnd, int q) {
        double a = newStart;
        double b = Math.min(newEnd, oldStart);
        double c = Math.max(newEnd, oldStart);
        double d = oldEnd;
        if (!(a < b && c < d && d < Double.POSITIVE_INFINITY) || a < time[first]) {
            reserve(a, b, q); // a degenerate move (nothing to take or to give back): the two steps as they are
            release(c, d, q);
            return;
        }
        version++;
        int i0 = indexNear(a, finger);
        finger = i0;
        // the old breakpoints from i0 to the last at or before d and the change points a, b, c, d in time order,
        // merged into the new sequence
        int room = end - i0 + 4;
        if (scratchTime.length < room) {
            scratchTime = new double[Math.max(room, 2 * scratchTime.length)];
            scratchFree = new int[scratchTime.length];
        }
        // phase by phase: the old breakpoints before a, in (a, b) taken, in (b, c) as they are, in (c, d) given back,
        // and the values in force at a, b, c and d; the old values are canonical, and a phase adds the same to all
        // of its breakpoints, so only the first of a phase can repeat the value before it
        double[] st = scratchTime;
        int[] sf = scratchFree;
        int n = 0;
        int last = i0 > first ? free[i0 - 1] : Integer.MIN_VALUE;
        int k = i0;
        if (time[k] < a) {
            st[n] = time[k];
            sf[n++] = last = free[k]; // differs from the value before it (canonical), or is the first
        }
        int v = free[k++] - q;
        if (v != last) {
            st[n] = a;
            sf[n++] = last = v;
        }
        for (; k < end && time[k] < b; k++) {
            st[n] = time[k];
            sf[n++] = last = free[k] - q;
        }
        v = k < end && time[k] == b ? free[k++] : free[k - 1];
        if (b == c) {
            v += q;
        }
        if (v != last) {
            st[n] = b;
            sf[n++] = last = v;
        }
        int atC = n - 1; // the last entry at or before c (those after it are after c): where the part given back begins
        if (c > b) {
            for (; k < end && time[k] < c; k++) {
                if (free[k] != last) {
                    st[n] = time[k];
                    sf[n++] = last = free[k];
                }
            }
            v = (k < end && time[k] == c ? free[k++] : free[k - 1]) + q;
            if (v != last) {
                st[n] = c;
                sf[n++] = last = v;
            }
            atC = n - 1;
        }
        for (; k < end && time[k] < d; k++) {
            if (free[k] + q != last) {
                st[n] = time[k];
                sf[n++] = last = free[k] + q;
            }
        }
        v = k < end && time[k] == d ? free[k++] : free[k - 1];
        if (v != last) {
            st[n] = d;
            sf[n++] = v;
        }
        int j = k; // the first old breakpoint after d
        // from d on nothing changed (every old breakpoint at or before d is merged), and the breakpoint after the
        // range still differs from the value before it
        int shift = n - (j - i0);
        int at = i0; // where the new sequence goes
        if (shift != 0 && i0 - first < end - j && first >= shift) {
            // the breakpoints before the range are fewer than those after it: they make the room (or take up the
            // slack) instead, into the space the past left before the first breakpoint (on a million over-estimated
            // jobs, a move that shifts moved 73 breakpoints on average when it always shifted those after it, 43 when
            // it shifts the shorter side)
            System.arraycopy(time, first, time, first - shift, i0 - first);
            System.arraycopy(free, first, free, first - shift, i0 - first);
            first -= shift;
            at = i0 - shift;
        } else {
            if (end + shift > time.length) {
                time = Arrays.copyOf(time, Math.max(time.length * 2, end + shift));
                free = Arrays.copyOf(free, time.length);
            }
            if (shift != 0) {
                System.arraycopy(time, j, time, j + shift, end - j);
                System.arraycopy(free, j, free, j + shift, end - j);
            }
            end += shift;
        }
        // a handful of breakpoints (five on average): a loop, not two calls of the copying stub
        double[] tt = time;
        int[] ff = free;
        for (int m = 0; m < n; m++) {
            tt[at + m] = st[m];
            ff[at + m] = sf[m];
        }
        // where the part given back begins: a planner asks about it next (what the release lets start earlier)
        finger = at + Math.max(atC, 0);
    }


    /** Index of the breakpoint at exactly t, inserting one (with the value in force there) if needed. */
    private int splitAt(double t) {
        int i = indexOf(t);
        if (time[i] == t) {
            return i;
        }
        insertAt(i + 1, t, free[i]);
        return i + 1;
    }

    /** Inserts without compacting, so that indexes held by the caller stay valid. */
    private void insertAt(int pos, double t, int v) {
        if (end == time.length) {
            time = Arrays.copyOf(time, time.length * 2);
            free = Arrays.copyOf(free, free.length * 2);
        }
        System.arraycopy(time, pos, time, pos + 1, end - pos);
        System.arraycopy(free, pos, free, pos + 1, end - pos);
        time[pos] = t;
        free[pos] = v;
        end++;
    }

    private void removeAt(int pos) {
        System.arraycopy(time, pos + 1, time, pos, end - pos - 1);
        System.arraycopy(free, pos + 1, free, pos, end - pos - 1);
        end--;
    }

    private void compact() {
        version++;
        System.arraycopy(time, first, time, 0, end - first);
        System.arraycopy(free, first, free, 0, end - first);
        end -= first;
        first = 0;
    }

    /**
     * The earliest time {@code t >= from} such that at least {@code q} processors are free during
     * [t, t + duration), or +infinity if {@code q} exceeds the capacity.
     */
    public double earliestStart(double from, double duration, int q) {
        if (q > capacity) {
            return Double.POSITIVE_INFINITY;
        }
        return earliestStartBefore(from, duration, q, Double.POSITIVE_INFINITY);
    }

    /**
     * Reserves {@code q} processors over [s, s + duration) at the earliest start s from {@code from} on (the instant
     * {@link #earliestStart} gives) and returns s; +infinity, reserving nothing, if {@code q} exceeds the capacity.
     * The same as {@code earliestStart} then {@link #reserve}, with the same profile after it, without the two
     * searches for s and its end that {@code reserve} makes: the search for s ended where they are. Conservative
     * backfilling places every waiting job so at each re-plan.
     *
     * @since 1.5
     */
    public double reserveEarliest(double from, double duration, int q) {
        double s = earliestStart(from, duration, q);
        double e = SimTime.add(s, duration);
        if (!(s < e)) {
            return s; // none (+infinity), or an empty span, which reserve leaves alone too
        }
        version++;
        // the search ended at breakpoint foundLast, time[foundLast] < e <= time[foundLast + 1] (or it is the last):
        // e's breakpoint is the next one, made if missing; then s's, which foundStart holds
        int j = foundLast + 1;
        if (j == end || time[j] != e) {
            insertAt(j, e, free[foundLast]);
        }
        int i = foundStart;
        if (time[i] != s) {
            int v = free[i];
            insertAt(++i, s, v);
            j++;
        }
        for (int k = i; k < j; k++) {
            free[k] -= q;
        }
        // as add: adjacent values distinct, first at e, so that i stays valid
        if (j < end && free[j] == free[j - 1]) {
            removeAt(j);
        }
        if (i > first && free[i] == free[i - 1]) {
            removeAt(i);
        }
        return s;
    }

    /**
     * Where a reserved job could move if it were taken out of the profile: the earliest {@code t} in
     * [from, limit) such that at least {@code q} processors are free during [t, min(t + duration, limit)),
     * or +infinity if there is none.
     *
     * <p>Meant for a job reserved over [limit, limit + duration) by {@code q} processors, still in the
     * profile: for a start {@code t < limit}, the part of [t, t + duration) at or after {@code limit} lies
     * inside the job's own slot, where its own processors would come back; so only [t, limit) has to be
     * checked, and the profile need not be touched unless the job really moves.
     */
    public double earliestStartBefore(double from, double duration, int q, double limit) {
        int k = from == time[first] ? first : indexOf(from);
        double t = from;
        if (k == first && q <= capacity) {
            // skip the stretch where fewer than q are free, known from earlier queries of the same width
            k = firstWithFree(q);
            if (k == end) {
                return Double.POSITIVE_INFINITY;
            }
            if (k > first) {
                t = time[k];
            }
        }
        double candidate = Double.NaN;
        int candidateAt = -1;
        // where the candidate's window must reach: computed once per candidate (SimTime.add rounds to the
        // grid, which costs more than the rest of the step)
        double needed = Double.NaN;
        while (k < end && t < limit) {
            if (free[k] >= q) {
                if (Double.isNaN(candidate)) {
                    candidate = t;
                    candidateAt = k;
                    needed = Math.min(SimTime.add(candidate, duration), limit);
                }
                double runEnd = k + 1 < end ? time[k + 1] : Double.POSITIVE_INFINITY;
                if (runEnd >= needed) {
                    foundStart = candidateAt;
                    foundLast = k;
                    return candidate;
                }
            } else {
                candidate = Double.NaN;
            }
            k++;
            if (k < end) {
                t = time[k];
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    /**
     * The earliest {@code t >= from} such that at least {@code q} processors are free during [t, t + duration) and
     * {@code t + duration <= to}, or +infinity if there is none: a window wholly inside [from, to). Conservative
     * backfilling looks for one inside the runs of free processors that a release has just made, rather than from
     * the profile's origin.
     *
     * @throws IllegalArgumentException if {@code from} is before the first breakpoint
     * @since 1.4
     */
    public double earliestStartWithin(double from, double to, double duration, int q) {
        int k = indexOf(from);
        double t = from;
        double candidate = Double.NaN;
        double needed = Double.NaN;
        int at = k;
        while (k < end && t < to) {
            if (free[k] >= q) {
                if (Double.isNaN(candidate)) {
                    candidate = t;
                    at = k;
                    needed = SimTime.add(candidate, duration);
                    if (needed > to) {
                        return Double.POSITIVE_INFINITY; // every later candidate ends later still
                    }
                }
                double runEnd = k + 1 < end ? time[k + 1] : Double.POSITIVE_INFINITY;
                if (runEnd >= needed) {
                    finger = at; // a planner moves the job there next (moveEarlier looks there first)
                    return candidate;
                }
            } else {
                candidate = Double.NaN;
            }
            k++;
            if (k < end) {
                t = time[k];
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    /** Index of the first live breakpoint with at least q free ({@code end} if none). */
    private int firstWithFree(int q) {
        if (cachedVersion[q] == version) {
            return cachedIndex[q];
        }
        int k = first;
        while (k < end && free[k] < q) {
            k++;
        }
        cachedIndex[q] = k;
        cachedVersion[q] = version;
        return k;
    }

    /**
     * The fewest processors free at any time in [from, to) (the value at {@code from} when the interval is
     * empty). A job of q processors fits over [from, to) exactly when this is at least q.
     */
    public int minFree(double from, double to) {
        int k = indexOf(from);
        int min = free[k];
        for (k++; k < end && time[k] < to; k++) {
            min = Math.min(min, free[k]);
        }
        return min;
    }

    /**
     * A profile from {@code origin} on in which {@code n} running jobs hold {@code widths[i]} processors
     * until {@code ends[i]} (ends at or before the origin count as over). Built in O(n log n) by sorting the
     * ends, instead of n reservations of O(breakpoints) each.
     */
    public static AvailabilityProfile ofRunning(int processors, double origin, double[] ends, int[] widths, int n) {
        AvailabilityProfile p = new AvailabilityProfile(processors, origin);
        p.resetToRunning(origin, ends, widths, n);
        return p;
    }

    /**
     * Makes this profile the one {@link #ofRunning} builds for its capacity, in place: what it held before is
     * forgotten, its arrays are kept. For a policy that rebuilds its plan often (conservative backfilling
     * places every waiting job again when failed processors collide with its plan) this saves allocating a
     * profile each time.
     *
     * @since 1.3
     */
    public void resetToRunning(double origin, double[] ends, int[] widths, int n) {
        // The distinct ends after the origin, sorted as primitives, and the processors coming back at each,
        // found by binary search: no boxed index per running job and no comparator on a path that conservative
        // backfilling takes at every collision with a failure or a claim, and EASY and FCFS at every pass while
        // there are reservations.
        if (sortedEnds.length < n) {
            sortedEnds = new double[Math.max(n, 2 * sortedEnds.length)];
            returning = new int[sortedEnds.length];
        }
        int m = 0;
        int busy = 0;
        int descents = 0;
        for (int i = 0; i < n; i++) {
            if (ends[i] > origin) {
                double t = ends[i] + 0.0; // -0.0 becomes 0.0, which sorts and searches as equal
                if (m > 0 && sortedEnds[m - 1] > t) {
                    descents++;
                }
                sortedEnds[m] = t;
                returning[m++] = widths[i];
                busy += widths[i];
            }
        }
        int distinct = 0;
        // a few descents: worth an insertion sort (unordered ends, as conservative backfilling gives, have m / 2)
        if (descents == 0 || (descents <= 8 + (m >> 5) && nearlySorted(m))) {
            // in order of end, as given (EASY keeps its running jobs so; a few reservations or jobs out of place are
            // moved in): equal ends merged in one pass, with no sort and no search
            for (int k = 0; k < m; k++) {
                if (distinct > 0 && sortedEnds[distinct - 1] == sortedEnds[k]) {
                    returning[distinct - 1] += returning[k];
                } else {
                    sortedEnds[distinct] = sortedEnds[k];
                    returning[distinct++] = returning[k];
                }
            }
        } else {
            Arrays.sort(sortedEnds, 0, m);
            for (int k = 0; k < m; k++) {
                if (distinct == 0 || sortedEnds[distinct - 1] != sortedEnds[k]) {
                    sortedEnds[distinct++] = sortedEnds[k];
                }
            }
            Arrays.fill(returning, 0, distinct, 0);
            for (int i = 0; i < n; i++) {
                if (ends[i] > origin) {
                    returning[Arrays.binarySearch(sortedEnds, 0, distinct, ends[i] + 0.0)] += widths[i];
                }
            }
        }
        if (time.length <= distinct) {
            time = new double[Math.max(distinct + 1, 2 * time.length)];
            free = new int[time.length];
        }
        int value = capacity - busy;
        time[0] = origin;
        free[0] = value;
        for (int k = 0; k < distinct; k++) {
            value += returning[k];
            time[k + 1] = sortedEnds[k];
            free[k + 1] = value;
        }
        first = 0;
        end = distinct + 1;
        version++;
    }

    /**
     * Sorts the first m of {@link #sortedEnds} (with {@link #returning} alongside) by insertion when they are nearly in
     * order; false, leaving them a permutation of what they were, once that has moved them more than about 4m places.
     */
    private boolean nearlySorted(int m) {
        long budget = 4L * m + 64;
        double[] t = sortedEnds;
        int[] w = returning;
        for (int i = 1; i < m; i++) {
            double x = t[i];
            if (t[i - 1] <= x) {
                continue;
            }
            int y = w[i];
            int j = i;
            while (j > 0 && t[j - 1] > x) {
                t[j] = t[j - 1];
                w[j] = w[j - 1];
                j--;
            }
            t[j] = x;
            w[j] = y;
            budget -= i - j;
            if (budget < 0) {
                return false;
            }
        }
        return true;
    }

    /** Forgets the past: drops breakpoints before {@code now}, keeping the value at {@code now}. */
    public void discardBefore(double now) {
        int i = indexNear(now, first);
        if (i != first || time[i] != now) {
            version++;
        }
        time[i] = now;
        first = i;
        if (first > 64 && first > (end >> 1)) {
            compact();
        }
    }

    /**
     * Makes {@code target} an independent copy of this profile (its arrays reused where large enough): a planner that
     * must read this profile as it is after changing it keeps a copy without allocating one each time.
     *
     * @throws IllegalArgumentException if the two capacities differ
     * @since 1.6
     */
    public void copyInto(AvailabilityProfile target) {
        if (target.capacity != capacity) {
            throw new IllegalArgumentException("a profile of " + capacity + " processors copied into one of "
                    + target.capacity);
        }
        if (target == this) {
            return;
        }
        int n = end - first;
        if (target.time.length < n) {
            target.time = new double[Math.max(2 * n, 64)];
            target.free = new int[target.time.length];
        }
        System.arraycopy(time, first, target.time, 0, n);
        System.arraycopy(free, first, target.free, 0, n);
        target.first = 0;
        target.end = n;
        target.finger = 0;
        target.version++;
    }

    /**
     * From instant {@code at} on, this profile holds what {@code source} holds from {@code at - shift} on, every later
     * breakpoint of source moved by {@code shift} (with {@link SimTime#add}, exact for instants under
     * {@link SimTime#EXACT_LIMIT}); before {@code at} nothing changes. A plan whose tail moves as a whole by the same
     * amount (conservative backfilling's jobs after one as wide as the cluster, when that job moves) is rewritten in one
     * pass instead of job by job.
     *
     * @param shift a grid value (positive, negative or zero)
     * @throws IllegalArgumentException if the capacities differ, or {@code at} is before this profile's first breakpoint
     *         or {@code at - shift} before source's
     * @since 1.6
     */
    public void overwriteFrom(double at, AvailabilityProfile source, double shift) {
        if (source.capacity != capacity) {
            throw new IllegalArgumentException("a profile of " + source.capacity + " processors copied into one of "
                    + capacity);
        }
        if (source == this) {
            throw new IllegalArgumentException("a profile cannot overwrite itself");
        }
        double from = SimTime.sub(at, shift);
        int k = source.indexOf(from); // throws if before source's first breakpoint
        int i = splitAt(at); // throws if before this one's
        version++;
        // drop this profile's breakpoints from at on, then append source's, moved
        end = i;
        append(at, source.free[k]);
        for (k++; k < source.end; k++) {
            append(SimTime.add(source.time[k], shift), source.free[k]);
        }
    }

    /** Appends a breakpoint after the last one, or none where its value repeats the last one's. */
    private void append(double t, int v) {
        if (end > first && free[end - 1] == v) {
            return;
        }
        if (end > first && time[end - 1] >= t) {
            // two instants moved onto one (a shift past SimTime.EXACT_LIMIT may round them together): the later wins
            free[end - 1] = v;
            if (end - 1 > first && free[end - 2] == v) {
                end--;
            }
            return;
        }
        insertAt(end, t, v);
    }

    /** Breakpoints as (time, free) pairs in time order, for tests and debugging. */
    public double[][] toArray() {
        double[][] out = new double[end - first][];
        for (int i = first; i < end; i++) {
            out[i - first] = new double[] {time[i], free[i]};
        }
        return out;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = first; i < end; i++) {
            sb.append(' ').append(time[i]).append(':').append(free[i]);
        }
        return sb.append(" ]").toString();
    }
}
