package org.gridsched.engine;

import java.util.List;

import org.gridsched.api.control.Claim;
import org.gridsched.api.control.Controller;
import org.gridsched.api.metrics.Collector;

/**
 * Tells everyone who watches a run what happened, always in the same order: collectors, then the
 * listener, then controllers. Arrays rather than lists: these calls are on the hot path.
 */
final class Observers {
    private final Collector[] collectors;
    private final SimulationListener listener;
    private Controller[] controllers = new Controller[0];

    Observers(List<Simulation.NamedCollector> named, SimulationListener listener) {
        this.collectors = new Collector[named.size()];
        for (int i = 0; i < collectors.length; i++) {
            collectors[i] = named.get(i).collector();
        }
        this.listener = listener;
    }

    void controllers(List<Controller> list) {
        controllers = list.toArray(new Controller[0]);
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
        for (Controller c : controllers) {
            if (c.jobArrived(job)) {
                return true;
            }
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
        for (Controller c : controllers) {
            c.jobStarted(job);
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
        boolean killed = job.state == SimJob.KILLED;
        for (Controller c : controllers) {
            if (killed) {
                c.jobKilled(job);
            } else {
                c.jobEnded(job);
            }
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
        for (Controller c : controllers) {
            c.jobKilled(job);
        }
    }

    /** A controller gave a job up without running it. */
    void rejected(SimJob job, double now) {
        for (Collector c : collectors) {
            c.jobRejected(job, now);
        }
    }

    void timer(Object tag) {
        ((ControlOperations.Timer) tag).fire();
    }

    void claimStarted(Claim claim) {
        for (Controller c : controllers) {
            c.claimStarted(claim);
        }
    }

    void claimExpired(Claim claim) {
        for (Controller c : controllers) {
            c.claimExpired(claim);
        }
    }
}
