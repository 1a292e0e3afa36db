package org.gridsched.api.batch.kit;

import java.util.IdentityHashMap;

import org.gridsched.api.SimTime;

/**
 * The queue-order plan the head-only and easy rules answer estimates from: every waiting job, in the
 * order, at its earliest start not before the job ahead of it, on the profile without the pass's own
 * reservations. For head-only this is the schedule itself if nothing changes; for easy an estimate (jobs
 * behind may backfill earlier, later arrivals may be delayed). Built when first asked for and kept until
 * the next change: meta-schedulers ask many questions between two events.
 */
final class QueueEstimates {
    private AvailabilityProfile plan;
    private IdentityHashMap<Entry, Double> starts;
    private double tail;
    private double builtAt = Double.NaN;

    void changed() {
        plan = null;
        starts = null;
    }

    QueueEstimates plan(PassPlanner planner) {
        double now = planner.cluster.now();
        if (plan == null || builtAt != now) {
            plan = planner.unplannedCopy();
            starts = new IdentityHashMap<>();
            double from = now;
            for (Entry w : planner.queue.inOrder()) {
                from = plan.earliestStart(from, w.requested, w.width);
                plan.reserve(from, SimTime.add(from, w.requested), w.width);
                starts.put(w, from);
            }
            tail = from;
            builtAt = now;
        }
        return this;
    }

    /** The planned start of a waiting job, NaN if it is not waiting. */
    double start(Entry e) {
        Double s = starts.get(e);
        return s == null ? Double.NaN : s;
    }

    /** Where a job of {@code processors} and {@code requestedTime} submitted now would be planned. */
    double earliestStart(int processors, double requestedTime) {
        return plan.earliestStart(tail, requestedTime, processors);
    }
}
