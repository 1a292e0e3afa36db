package org.gridsched.batch;

import java.util.ArrayDeque;

import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;

/** FCFS: the head starts as soon as enough processors are free; O(1) amortised per event. */
final class FcfsScheduler implements BatchScheduler {
    private final Cluster cluster;
    private final ArrayDeque<QueuedJob> queue = new ArrayDeque<>();

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
        startHeads();
    }

    private void startHeads() {
        QueuedJob head;
        while ((head = queue.peekFirst()) != null && head.processors() <= cluster.freeProcessors()) {
            queue.pollFirst();
            cluster.start(head);
        }
    }

    @Override
    public int waitingJobs() {
        return queue.size();
    }
}
