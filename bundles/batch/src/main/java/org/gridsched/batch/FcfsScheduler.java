package org.gridsched.batch;

import java.util.ArrayDeque;
import java.util.LinkedHashSet;
import java.util.List;

import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;

/**
 * FCFS: the head starts as soon as enough processors are free; O(1) amortised per event. Its plan
 * (planned starts, estimates for new jobs) is the {@link QueuePlan} of the queue, built on demand.
 */
final class FcfsScheduler implements BatchScheduler {
    private final Cluster cluster;
    private final ArrayDeque<QueuedJob> queue = new ArrayDeque<>();
    /** Running jobs; each carries its requested end as attachment. Insertion order keeps runs deterministic. */
    private final LinkedHashSet<QueuedJob> running = new LinkedHashSet<>();
    /**
     * The plan of the current queue, with every waiting job's planned start; built when first asked for
     * and dropped on any change (meta-schedulers ask many questions between two changes).
     */
    private QueuePlan plan;
    private java.util.IdentityHashMap<QueuedJob, Double> planned;
    private double planTime = Double.NaN;

    FcfsScheduler(Cluster cluster) {
        this.cluster = cluster;
    }

    @Override
    public void jobSubmitted(QueuedJob job) {
        plan = null;
        queue.addLast(job);
        startHeads();
    }

    @Override
    public void jobEnded(QueuedJob job, boolean early) {
        plan = null;
        running.remove(job);
        startHeads();
    }

    private void startHeads() {
        QueuedJob head;
        while ((head = queue.peekFirst()) != null && head.processors() <= cluster.freeProcessors()) {
            plan = null;
            queue.pollFirst();
            cluster.start(head);
            head.attach(cluster.now() + head.requestedTime());
            running.add(head);
        }
    }

    @Override
    public int waitingJobs() {
        return queue.size();
    }

    @Override
    public List<QueuedJob> waiting() {
        return List.copyOf(queue);
    }

    @Override
    public boolean cancel(QueuedJob job) {
        if (!queue.remove(job)) {
            return false;
        }
        plan = null;
        startHeads(); // the job behind it may fit now
        return true;
    }

    @Override
    public double plannedStart(QueuedJob job) {
        Double s = currentPlan().get(job);
        return s == null ? Double.NaN : s;
    }

    @Override
    public double estimateStart(int processors, double requestedTime) {
        if (processors > cluster.processors()) {
            return Double.POSITIVE_INFINITY;
        }
        currentPlan();
        return plan.tailStart(processors);
    }

    /** Planned starts of the waiting jobs, rebuilt only after a change (or when time has moved on). */
    private java.util.Map<QueuedJob, Double> currentPlan() {
        double now = cluster.now();
        if (plan == null || planTime != now) {
            plan = new QueuePlan(now, cluster.freeProcessors());
            for (QueuedJob r : running) {
                plan.running(Math.max(now, (Double) r.attachment()), r.processors());
            }
            planned = new java.util.IdentityHashMap<>();
            for (QueuedJob w : queue) {
                planned.put(w, plan.place(w.processors(), w.requestedTime()));
            }
            planTime = now;
        }
        return planned;
    }
}
