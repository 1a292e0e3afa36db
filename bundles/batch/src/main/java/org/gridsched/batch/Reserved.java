package org.gridsched.batch;

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

    /** Takes the processors of every reservation over [max(now, start), end) from the profile. */
    static void add(AvailabilityProfile profile, List<Reservation> reservations, double now) {
        for (Reservation r : reservations) {
            double from = Math.max(now, r.start());
            if (r.end() > from) {
                profile.reserve(from, r.end(), r.processors());
            }
        }
    }

    /** Whether {@code q} processors are free in the profile over all of [from, from + duration). */
    static boolean fits(AvailabilityProfile profile, double from, double duration, int q) {
        return profile.minFree(from, from + duration) >= q;
    }
}
