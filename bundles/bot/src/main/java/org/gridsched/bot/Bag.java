package org.gridsched.bot;

import java.util.ArrayList;
import java.util.List;

/**
 * One bag of tasks: n identical one-processor tasks of one workload job, and the metascheduler's row of its
 * BoT table (global expected completion, the provider-local last completions, the parts it was split into).
 * The collector reads the realised times from the parts when the last one has ended.
 */
final class Bag {
    final long id;
    final double submitTime;
    final int tasks;
    /** A task's real run time at reference speed (the workload job's runtime). */
    final double runtime;
    /** The parts (per-provider jobs) in the order they were created. */
    final List<BagPart> parts = new ArrayList<>();
    /** The metascheduler's expected completion of the whole bag (max over its providers). */
    double globalCompletion;
    /** Per provider: the latest expected completion of this bag's parts there (NaN: holds none). */
    final double[] localCompletion;
    /** When offers were asked for (submit time + estimate generation delay). */
    double offersAt;
    /** The workload job that asked for the bag; it is given up (split_into_parts) once its parts exist. */
    org.gridsched.api.control.GridJob request;
    int partsEnded;
    /** Times the metascheduler changed its global completion and told the providers. */
    int globalUpdates;
    /** Parts the collector has seen finish (the collector runs before the controller at each end). */
    int partsCollected;
    /** What the collector gathers from the finished parts: earliest start, latest finish, task-seconds, longest task. */
    double firstStart = Double.POSITIVE_INFINITY;
    double lastFinish = Double.NEGATIVE_INFINITY;
    double taskSeconds;
    /** Sum over the bag's tasks of max(execution time, the collector's slowdown bound). */
    double boundedTaskSeconds;
    double longestTask;

    Bag(long id, double submitTime, int tasks, double runtime, int providers) {
        this.id = id;
        this.submitTime = submitTime;
        this.tasks = tasks;
        this.runtime = runtime;
        this.localCompletion = new double[providers];
        java.util.Arrays.fill(localCompletion, Double.NaN);
    }

    boolean holdsTasksAt(int provider) {
        return !Double.isNaN(localCompletion[provider]);
    }

    boolean done() {
        return partsEnded == parts.size();
    }

    /** Number of providers it was split over. */
    int providersUsed() {
        int n = 0;
        for (double c : localCompletion) {
            if (!Double.isNaN(c)) {
                n++;
            }
        }
        return n;
    }

    @Override
    public String toString() {
        return "bag " + id + " (" + tasks + " tasks)";
    }
}
