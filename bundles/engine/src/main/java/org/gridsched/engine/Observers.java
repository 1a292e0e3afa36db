package org.gridsched.engine;

import java.util.List;
import java.util.function.Consumer;

import org.gridsched.api.control.Claim;
import org.gridsched.api.control.Controller;
import org.gridsched.api.metrics.Collector;

/**
 * Tells everyone who watches a run what happened, always in the same order: collectors, then the
 * listener, then controllers. Arrays rather than lists: these calls are on the hot path. Controllers are
 * called through {@link #toControllers}, so that the policies' reactions to what they do wait until they
 * are done ({@link PolicyReactions}).
 */
final class Observers {
    private final Collector[] collectors;
    private final SimulationListener listener;
    private final PolicyReactions reactions;
    private Controller[] controllers = new Controller[0];

    Observers(List<Simulation.NamedCollector> named, SimulationListener listener, PolicyReactions reactions) {
        this.collectors = new Collector[named.size()];
        for (int i = 0; i < collectors.length; i++) {
            collectors[i] = named.get(i).collector();
        }
        this.listener = listener;
        this.reactions = reactions;
    }

    void controllers(List<Controller> list) {
        controllers = list.toArray(new Controller[0]);
    }

    /** Calls every controller in order; the policies react once all are done. */
    private void toControllers(Consumer<Controller> call) {
        if (controllers.length == 0) {
            return;
        }
        reactions.enterController();
        try {
            for (Controller c : controllers) {
                call.accept(c);
            }
        } finally {
            reactions.exitController();
        }
    }

    /**
     * Offers an arriving job to the controllers in order; true if one took it in charge. While it is offered
     * the job counts as taken, so that the controller may send or start it from {@code jobArrived}.
     */
    boolean offer(SimJob job) {
        if (controllers.length == 0) {
            return false;
        }
        job.taken = true;
        reactions.enterController();
        try {
            for (int i = 0; i < controllers.length; i++) {
                if (controllers[i].jobArrived(job)) {
                    if (controllers.length > 1) { // with one, it is the first: no per-job state for it
                        job.control().controller = i;
                    }
                    return true;
                }
            }
        } finally {
            reactions.exitController();
        }
        job.taken = false;
        return false;
    }

    void submitted(SimJob job, double now) {
        for (Collector c : collectors) {
            c.jobSubmitted(job);
        }
        if (listener != null) {
            listener.jobSubmitted(job, now);
        }
    }

    void moved(SimJob job, int from, double now) {
        for (Collector c : collectors) {
            c.jobMoved(job, from, now);
        }
    }

    void started(SimJob job, double now) {
        for (Collector c : collectors) {
            c.jobStarted(job);
        }
        if (listener != null) {
            listener.jobStarted(job, now);
        }
        if (controllers.length > 0) { // tested here: the lambda would be allocated before the call
            toControllers(c -> c.jobStarted(job));
        }
    }

    /** A job ended for good: completed, stopped at its requested time, or killed and not re-queued. */
    void ended(SimJob job, double now) {
        for (Collector c : collectors) {
            c.jobFinished(job);
        }
        if (listener != null) {
            listener.jobEnded(job, now);
        }
        if (controllers.length == 0) {
            return;
        }
        if (job.state == SimJob.KILLED) {
            toControllers(c -> c.jobKilled(job));
        } else {
            toControllers(c -> c.jobEnded(job));
        }
    }

    /** A running job was killed and will arrive again. */
    void requeued(SimJob job, double now) {
        for (Collector c : collectors) {
            c.jobRequeued(job, now);
        }
        if (listener != null) {
            listener.jobEnded(job, now);
        }
        toControllers(c -> c.jobKilled(job));
    }

    /** A controller gave a job up without running it. */
    void rejected(SimJob job, double now) {
        for (Collector c : collectors) {
            c.jobRejected(job, now);
        }
    }

    /** A controller's timer: only its owner is called. */
    void timer(Object tag) {
        reactions.enterController();
        try {
            ((ControlOperations.Timer) tag).fire();
        } finally {
            reactions.exitController();
        }
    }

    void claimStarted(Claim claim) {
        toControllers(c -> c.claimStarted(claim));
    }

    void claimBroken(Claim claim) {
        toControllers(c -> c.claimBroken(claim));
    }

    void claimExpired(Claim claim) {
        toControllers(c -> c.claimExpired(claim));
    }
}
