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

    FcfsScheduler(Cluster cluster) {
        this.cluster = cluster;
    }

    @Override
    public void jobSubmitted(QueuedJob job) {
        queue.addLast(job);
        startHeads();
    }

    @Override
    public void jobEnded(QueuedJob job, boolean early) {
        running.remove(job);
        startHeads();
    }

    private void startHeads() {
        QueuedJob head;
        while ((head = queue.peekFirst()) != null && head.processors() <= cluster.freeProcessors()) {
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
        startHeads(); // the job behind it may fit now
        return true;
    }

    @Override
    public double plannedStart(QueuedJob job) {
        QueuePlan plan = plan();
        for (QueuedJob w : queue) {
            double s = plan.place(w.processors(), w.requestedTime());
            if (w == job) {
                return s;
            }
        }
        return Double.NaN;
    }

    @Override
    public double estimateStart(int processors, double requestedTime) {
        if (processors > cluster.processors()) {
            return Double.POSITIVE_INFINITY;
        }
        QueuePlan plan = plan();
        for (QueuedJob w : queue) {
            plan.place(w.processors(), w.requestedTime());
        }
        return plan.place(processors, requestedTime);
    }

    private QueuePlan plan() {
        double now = cluster.now();
        QueuePlan plan = new QueuePlan(now, cluster.freeProcessors());
        for (QueuedJob r : running) {
            plan.running(Math.max(now, (Double) r.attachment()), r.processors());
        }
        return plan;
    }
}
