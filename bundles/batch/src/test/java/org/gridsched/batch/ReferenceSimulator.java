package org.gridsched.batch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.gridsched.api.workload.JobRecord;

/**
 * An independent, deliberately naive implementation of the documented semantics, used only to check the
 * fast policies job by job. No shared code with the engine or the policies: plain lists, full rescans,
 * and for conservative backfilling an explicit list of reservations searched by brute force.
 */
final class ReferenceSimulator {
    enum Policy { FCFS, EASY, CBF }

    private static final class Job {
        final JobRecord in;
        final int order;
        double start = Double.NaN;
        double end;
        double planStart = Double.NaN;
        long startSeq;

        Job(JobRecord in, int order) {
            this.in = in;
            this.order = order;
        }

        double actualEnd() {
            return start + Math.min(in.runtime, in.requestedTime);
        }

        double reservedEnd() {
            return start + in.requestedTime;
        }
    }

    private final int procs;
    private final Policy policy;
    private final List<Job> waiting = new ArrayList<>();
    private final List<Job> running = new ArrayList<>();
    private double now;
    private long seq;

    private ReferenceSimulator(int procs, Policy policy) {
        this.procs = procs;
        this.policy = policy;
    }

    /** Returns start times in input order. */
    static double[] run(List<JobRecord> jobs, int procs, Policy policy) {
        return new ReferenceSimulator(procs, policy).simulate(jobs);
    }

    private double[] simulate(List<JobRecord> input) {
        List<Job> all = new ArrayList<>();
        for (int i = 0; i < input.size(); i++) {
            all.add(new Job(input.get(i), i));
        }
        int nextArrival = 0;
        while (nextArrival < all.size() || !running.isEmpty() || !waiting.isEmpty()) {
            Job firstEnd = null;
            for (Job r : running) {
                if (firstEnd == null || r.actualEnd() < firstEnd.actualEnd()
                        || (r.actualEnd() == firstEnd.actualEnd() && r.startSeq < firstEnd.startSeq)) {
                    firstEnd = r;
                }
            }
            double nextPlan = Double.POSITIVE_INFINITY;
            for (Job w : waiting) {
                if (w.planStart > now && w.planStart < nextPlan) {
                    nextPlan = w.planStart;
                }
            }
            double nextEnd = firstEnd == null ? Double.POSITIVE_INFINITY : firstEnd.actualEnd();
            if (nextPlan < nextEnd && (nextArrival == all.size() || nextPlan < all.get(nextArrival).in.submitTime)) {
                now = nextPlan; // a reservation begins
            } else if (nextArrival < all.size() && (firstEnd == null || all.get(nextArrival).in.submitTime <= firstEnd.actualEnd())) {
                Job j = all.get(nextArrival++);
                now = j.in.submitTime;
                waiting.add(j);
                if (policy == Policy.CBF) {
                    j.planStart = earliest(j, null);
                }
            } else {
                now = firstEnd.actualEnd();
                running.remove(firstEnd);
                if (policy == Policy.CBF && now < firstEnd.reservedEnd()) {
                    firstEnd.end = now; // its reservation now ends here
                    for (Job w : waiting) {
                        if (w.planStart > now) {
                            double s = earliest(w, w);
                            if (s > w.planStart) {
                                throw new AssertionError("reference moved a job later");
                            }
                            w.planStart = s;
                        }
                    }
                }
            }
            react();
        }
        double[] starts = new double[all.size()];
        for (Job j : all) {
            starts[j.order] = j.start;
        }
        return starts;
    }

    private int free() {
        int used = 0;
        for (Job r : running) {
            used += r.in.processors;
        }
        return procs - used;
    }

    private void start(Job j) {
        if (j.in.processors > free()) {
            throw new AssertionError("reference over-allocated");
        }
        waiting.remove(j);
        j.start = now;
        j.end = j.reservedEnd();
        j.startSeq = seq++;
        running.add(j);
    }

    private void react() {
        switch (policy) {
            case FCFS -> {
                while (!waiting.isEmpty() && waiting.get(0).in.processors <= free()) {
                    start(waiting.get(0));
                }
            }
            case EASY -> easy();
            case CBF -> {
                List<Job> due = new ArrayList<>();
                for (Job w : waiting) {
                    if (w.planStart <= now) {
                        due.add(w);
                    }
                }
                due.sort(Comparator.<Job>comparingDouble(j -> j.planStart).thenComparingInt(j -> j.order));
                for (Job d : due) {
                    if (d.in.processors > free()) {
                        break;
                    }
                    start(d);
                }
            }
        }
    }

    private void easy() {
        while (!waiting.isEmpty() && waiting.get(0).in.processors <= free()) {
            start(waiting.get(0));
        }
        if (waiting.isEmpty()) {
            return;
        }
        Job head = waiting.get(0);
        List<Job> byEnd = new ArrayList<>(running);
        byEnd.sort(Comparator.<Job>comparingDouble(j -> j.end).thenComparingLong(j -> j.startSeq));
        // shadow: first time the head fits if running jobs end at their requested ends
        double shadow = Double.NaN;
        int extra = 0;
        for (Job r : byEnd) {
            double t = Math.max(now, r.end);
            int freeAtT = free();
            for (Job o : byEnd) {
                if (Math.max(now, o.end) <= t) {
                    freeAtT += o.in.processors;
                }
            }
            if (freeAtT >= head.in.processors) {
                shadow = t;
                extra = freeAtT - head.in.processors;
                break;
            }
        }
        for (Job w : new ArrayList<>(waiting.subList(1, waiting.size()))) {
            if (w.in.processors > free()) {
                continue;
            }
            if (now + w.in.requestedTime <= shadow) {
                start(w);
            } else if (w.in.processors <= extra) {
                extra -= w.in.processors;
                start(w);
            }
        }
    }

    /** Brute-force earliest start for j against every other reservation (running and planned). */
    private double earliest(Job j, Job exclude) {
        List<double[]> res = new ArrayList<>();
        for (Job r : running) {
            res.add(new double[] {r.start, r.end, r.in.processors});
        }
        for (Job w : waiting) {
            if (w != j && w != exclude && !Double.isNaN(w.planStart)) {
                res.add(new double[] {w.planStart, w.planStart + w.in.requestedTime, w.in.processors});
            }
        }
        List<Double> candidates = new ArrayList<>();
        candidates.add(now);
        for (double[] r : res) {
            if (r[1] > now) {
                candidates.add(r[1]);
            }
        }
        candidates.sort(null);
        double dur = j.in.requestedTime;
        for (double t : candidates) {
            if (fits(res, t, t + dur, j.in.processors)) {
                return t;
            }
        }
        throw new AssertionError("no fit");
    }

    private boolean fits(List<double[]> res, double from, double to, int q) {
        List<Double> points = new ArrayList<>();
        points.add(from);
        for (double[] r : res) {
            if (r[0] > from && r[0] < to) {
                points.add(r[0]);
            }
        }
        for (double p : points) {
            int used = 0;
            for (double[] r : res) {
                if (r[0] <= p && p < r[1]) {
                    used += (int) r[2];
                }
            }
            if (procs - used < q) {
                return false;
            }
        }
        return true;
    }
}
