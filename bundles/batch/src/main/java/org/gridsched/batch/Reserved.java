package org.gridsched.batch;

import java.util.Arrays;
import java.util.List;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.Reservation;
import org.gridsched.api.batch.kit.AvailabilityProfile;

/**
 * Capacity held by reservations a policy did not make ({@link org.gridsched.api.batch.Cluster#reservations()}:
 * controllers' claims, parts of jobs started by controllers), as FCFS and EASY use it while such
 * reservations exist. Those two policies keep no profile between events: they build an
 * {@link AvailabilityProfile} of their running jobs and the reservations when they need one, so they never
 * have to remember which reservations they saw.
 */
final class Reserved {
    private Reserved() {
    }

    /**
     * Until when a running job is assumed to hold its processors: its requested (expected) end; once that
     * is not after now and the job still runs (it overran with killing off, or its end is handled later at
     * this instant), its requested time once more from now, as EASY and CBF assume for an overrun.
     */
    static double holdUntil(double end, double now, double requestedTime) {
        return end > now ? end : SimTime.add(now, requestedTime);
    }

    /**
     * Makes {@code profile} hold, from now on, {@code n} running jobs ({@code ends[i]}, {@code widths[i]}) and every
     * reservation over [max(now, start), end): the same step function as reserving each. A reservation under way holds
     * its processors from now to its end as a running job does, so it joins the running jobs' ends, put where its end
     * belongs when they are in order (EASY's are), and {@link AvailabilityProfile#resetToRunning} merges them all
     * without a sort; only one that starts later is reserved on its own. (Each reservation shifts the profile's
     * breakpoints after its end, and a cluster whose processors fail has a few outages under way at every pass.)
     * {@code ends} and {@code widths} need room for n + the number of reservations; they are changed from the first
     * reservation's place on.
     */
    static void occupancy(AvailabilityProfile profile, double now, double[] ends, int[] widths, int n,
            List<Reservation> reservations) {
        int m = n;
        int later = 0;
        for (int i = 0; i < reservations.size(); i++) {
            Reservation r = reservations.get(i);
            if (r.start() <= now) {
                if (r.end() > now) {
                    // where its end belongs if the ends are in order, so that they stay so (any place if not)
                    int at = Arrays.binarySearch(ends, 0, m, r.end());
                    at = at < 0 ? -(at + 1) : at;
                    System.arraycopy(ends, at, ends, at + 1, m - at);
                    System.arraycopy(widths, at, widths, at + 1, m - at);
                    ends[at] = r.end();
                    widths[at] = r.processors();
                    m++;
                }
            } else {
                later++;
            }
        }
        profile.resetToRunning(now, ends, widths, m);
        for (int i = 0; later > 0 && i < reservations.size(); i++) {
            Reservation r = reservations.get(i);
            if (r.start() > now) {
                later--;
                if (r.end() > r.start()) {
                    profile.reserve(r.start(), r.end(), r.processors());
                }
            }
        }
    }

    /** Whether {@code q} processors are free in the profile over all of [from, from + duration). */
    static boolean fits(AvailabilityProfile profile, double from, double duration, int q) {
        return profile.minFree(from, from + duration) >= q;
    }
}
