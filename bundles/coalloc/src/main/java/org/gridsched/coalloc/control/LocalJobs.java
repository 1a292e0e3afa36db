package org.gridsched.coalloc.control;

import org.gridsched.api.control.Allocation;
import org.gridsched.api.control.GridJob;

/**
 * The running local jobs of each cluster in start order, so that global priority can kill the most recently
 * started first. A doubly linked list per cluster whose nodes hang on the jobs' tags: O(1) per start, end and
 * kill. Local here means any one-part job this controller did not take in charge.
 */
final class LocalJobs {
    static final class Node {
        final GridJob job;
        final int cluster;
        Node prev;
        Node next;

        Node(GridJob job, int cluster) {
            this.job = job;
            this.cluster = cluster;
        }
    }

    /** The tag of a re-queued local job until it arrives again: the cluster to send it back to. */
    record Home(int cluster) {
    }

    private final Node[] tail;
    private final int[] processors;

    LocalJobs(int clusters) {
        tail = new Node[clusters];
        processors = new int[clusters];
    }

    void started(GridJob job) {
        Allocation a = job.allocation();
        if (a == null || a.parts() != 1) {
            return;
        }
        Node n = new Node(job, a.cluster(0));
        n.prev = tail[n.cluster];
        if (n.prev != null) {
            n.prev.next = n;
        }
        tail[n.cluster] = n;
        processors[n.cluster] += job.processors();
        job.tag(n);
    }

    /** The job ended, was killed or re-queued. */
    void stopped(GridJob job) {
        if (!(job.tag() instanceof Node n)) {
            return;
        }
        if (n.prev != null) {
            n.prev.next = n.next;
        }
        if (n.next != null) {
            n.next.prev = n.prev;
        } else {
            tail[n.cluster] = n.prev;
        }
        processors[n.cluster] -= job.processors();
        job.tag(null);
    }

    /** The most recently started local job still running on the cluster, or null. */
    GridJob latest(int cluster) {
        return tail[cluster] == null ? null : tail[cluster].job;
    }

    /** Processors held by running local jobs of the cluster (what killing them all would free). */
    int processors(int cluster) {
        return processors[cluster];
    }
}
