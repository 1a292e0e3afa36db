package org.gridsched.experiments;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What queueing theory predicts for one cluster, under the names of the simulated values it is compared with.
 * Fields other than the first three are null where the model makes no prediction for the run (the regime, or
 * the collector that would measure it, is missing).
 *
 * @param load               offered load of the cluster (ν)
 * @param dispatchFraction   share of the jobs sent to it
 * @param busyCpus           mean number of busy processors
 * @param queueLengthAt      saturated: the queue length at the queue collector's {@code until}
 * @param meanQueueLength    time-averaged queue length
 * @param waitedFraction     below saturation: the probability of waiting (Erlang C)
 * @param meanWait           mean wait
 * @param meanSlowdownVirtual mean slowdown with the virtual (speed-1) length as denominator
 */
public record Prediction(double load, double dispatchFraction, double busyCpus, Double queueLengthAt,
        Double meanQueueLength, Double waitedFraction, Double meanWait, Double meanSlowdownVirtual) {

    /**
     * The predicted values by {@code summary.json} key, in the order they are written; absent predictions are
     * left out.
     */
    public Map<String, Double> toMap() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("load", load);
        m.put("dispatch_fraction", dispatchFraction);
        m.put("busy_cpus", busyCpus);
        putIf(m, "queue_length_at", queueLengthAt);
        putIf(m, "mean_queue_length", meanQueueLength);
        putIf(m, "waited_fraction", waitedFraction);
        putIf(m, "mean_wait", meanWait);
        putIf(m, "mean_slowdown_virtual", meanSlowdownVirtual);
        return m;
    }

    private static void putIf(Map<String, Double> m, String key, Double v) {
        if (v != null) {
            m.put(key, v);
        }
    }
}
