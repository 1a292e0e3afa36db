package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.SimulationListener;

/**
 * Checks the schedule invariants event by event: never more processors in use than exist, no start before
 * submission, and per policy: FCFS starts in submission order; CBF never starts a job later than its
 * first reservation; EASY never starts the head later than its reservation.
 */
final class InvariantChecker implements SimulationListener {
    private final String policy;
    private final int processors;
    BatchScheduler scheduler;
    private int busy;
    private double lastFcfsStart = Double.NEGATIVE_INFINITY;
    private long lastFcfsOrder = -1;
    private final TreeMap<Long, SimJob> waitingByOrder = new TreeMap<>();
    private final Map<Long, Double> firstPlan = new HashMap<>();
    long checkedPlans;

    InvariantChecker(String policy, int processors) {
        this.policy = policy;
        this.processors = processors;
    }

    @Override
    public void jobSubmitted(SimJob job, double now) {
        waitingByOrder.put(job.submitOrder(), job);
    }

    @Override
    public void jobStarted(SimJob job, double now) {
        waitingByOrder.remove(job.submitOrder());
        busy += job.processors();
        if (busy > processors) {
            fail(busy + " processors in use on " + processors + " at t=" + now);
        }
        if (job.startTime() < job.submitTime()) {
            fail(job + " starts at " + job.startTime() + " before its submission " + job.submitTime());
        }
        if (policy.equals("fcfs")) {
            if (job.submitOrder() < lastFcfsOrder || job.startTime() < lastFcfsStart) {
                fail("FCFS started " + job + " out of submission order");
            }
            lastFcfsOrder = job.submitOrder();
            lastFcfsStart = job.startTime();
        }
        Double plan = firstPlan.get(job.id());
        if (plan != null && job.startTime() > plan) {
            fail(policy + " started " + job + " at " + job.startTime() + ", later than its reservation " + plan);
        }
    }

    @Override
    public void jobEnded(SimJob job, double now) {
        busy -= job.processors();
        assertTrue(busy >= 0);
    }

    @Override
    public void eventHandled(double now) {
        if (policy.equals("cbf")) {
            // every waiting job has a reservation; remember the first one
            for (SimJob w : waitingByOrder.values()) {
                if (!firstPlan.containsKey(w.id())) {
                    double p = scheduler.plannedStart(w);
                    if (Double.isNaN(p)) {
                        fail("CBF has no reservation for waiting " + w);
                    }
                    firstPlan.put(w.id(), p);
                    checkedPlans++;
                }
            }
        } else if (policy.equals("easy") && !waitingByOrder.isEmpty()) {
            SimJob head = waitingByOrder.firstEntry().getValue();
            double p = scheduler.plannedStart(head);
            if (!Double.isNaN(p) && !firstPlan.containsKey(head.id())) {
                firstPlan.put(head.id(), p);
                checkedPlans++;
            }
        }
    }
}
