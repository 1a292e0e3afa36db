package org.gridsched.engine;

import java.util.ArrayDeque;

import org.gridsched.api.batch.QueuedJob;

/**
 * When batch policies react to what controllers do. A controller acts in several steps within one callback
 * (under global priority: kill local jobs, then start the global job in the processors they held); if a
 * policy reacted to the first step at once, it would start its own queue's head in those processors
 * before the controller could use them. So while a controller callback runs, the policies' reactions
 * (a job's end, a change of reservations) wait, in order, and run when the outermost callback returns,
 * still at the same simulated time. Outside controller callbacks they run at once.
 */
final class PolicyReactions {
    private final ArrayDeque<Runnable> pending = new ArrayDeque<>();
    private int depth;
    private boolean flushing;

    void enterController() {
        depth++;
    }

    void exitController() {
        if (--depth == 0 && !flushing) {
            flushing = true;
            try {
                Runnable r;
                while ((r = pending.pollFirst()) != null) {
                    r.run();
                }
            } finally {
                flushing = false;
            }
        }
    }

    void jobEnded(ClusterRuntime c, QueuedJob job, boolean early) {
        if (depth > 0) {
            pending.addLast(() -> c.scheduler.jobEnded(job, early));
        } else {
            c.scheduler.jobEnded(job, early);
        }
    }

    void reservationsChanged(ClusterRuntime c) {
        if (depth > 0) {
            pending.addLast(c.scheduler::reservationsChanged);
        } else {
            c.scheduler.reservationsChanged(); // no reaction object: a failure and its repair each change the reservations
        }
    }
}
