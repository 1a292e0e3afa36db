package org.gridsched.launcher;

import java.util.LinkedHashMap;
import java.util.Map;

import org.gridsched.engine.Platform;
import org.gridsched.theory.LengthDistribution;
import org.gridsched.theory.RandomBrokering;

/**
 * What queueing theory predicts for a run, when it applies: random brokering (weights c_i·s_i or c_i) of
 * sequential jobs with Poisson arrivals at a constant rate, from the {@code synthetic} generator, onto
 * clusters that each run one FCFS queue (Berten, Goossens and Jeannot; see the theory bundle).
 *
 * <p>Predictions are matched to the collectors' windows: time averages need the queue collector's
 * window, the saturated snapshot its {@code until}, the measured slowdown the slowdown collector's
 * {@code until}. A key is predicted only where the run measures the same thing.
 */
final class BrokeringTheory {
    private final RandomBrokering model;
    private final RunProfile profile;
    private final String summary;

    private BrokeringTheory(RandomBrokering model, RunProfile profile) {
        this.model = model;
        this.profile = profile;
        double nu = model.load();
        String regime = model.balanced() ? (nu < 1 ? "non-saturated" : nu > 1 ? "saturated" : "critical (no prediction)")
                : "per-element loads";
        this.summary = String.format("random brokering (%s), load %.4g, %s; lengths %s%s", model.weighting(), nu, regime,
                model.lengths().name(), nu < 1 && !model.exactForLengths()
                        ? " (M/M/c queue and wait are exact only for exponential lengths)" : "");
    }

    /** The theory for this run, or an exception whose message says why theory does not apply. */
    static BrokeringTheory of(RunProfile p, Platform platform) {
        if (p.meta == null || !(p.meta.name().equals("random-weighted") || p.meta.name().equals("random-processors"))) {
            throw new NotApplicable("the meta-scheduler must be random-weighted or random-processors");
        }
        for (int i = 0; i < platform.size(); i++) {
            RunProfile.Choice b = p.batchOf(i);
            if (!b.name().equals("fcfs")) {
                throw new NotApplicable("every cluster must run fcfs (one FCFS queue per element); " + platform.get(i).name() + " runs " + b.name());
            }
        }
        if (!"synthetic".equals(p.generator)) {
            throw new NotApplicable("the workload must come from the synthetic generator");
        }
        Map<String, Object> o = p.workloadOptions;
        if (!"sequential".equals(String.valueOf(o.getOrDefault("size", "sequential")))
                || !"poisson".equals(String.valueOf(o.getOrDefault("arrival", "poisson"))) || o.containsKey("phases")) {
            throw new NotApplicable("jobs must be sequential with Poisson arrivals at a constant rate (no phases)");
        }
        double rate;
        if (o.get("rate") instanceof Number r) {
            rate = r.doubleValue();
        } else if (o.get("interarrival") instanceof Number m) {
            rate = 1 / m.doubleValue();
        } else {
            throw new NotApplicable("the profile must give the arrival rate (rate or interarrival) explicitly");
        }
        if (!(o.get("mean_length") instanceof Number mean)) {
            throw new NotApplicable("the profile must give mean_length explicitly");
        }
        String law = String.valueOf(o.getOrDefault("length", "exponential"));
        boolean needsAlpha = law.startsWith("uniform") || law.startsWith("shifted");
        if (needsAlpha && !(o.get("alpha") instanceof Number)) {
            throw new NotApplicable("the profile must give alpha explicitly for " + law + " lengths");
        }
        double alpha = o.get("alpha") instanceof Number a ? a.doubleValue() : 0.5;
        int h = o.get("erlang_shape") instanceof Number e ? e.intValue() : 2;
        LengthDistribution lengths = LengthDistribution.parse(law, mean.doubleValue(), alpha, h);
        int[] cpus = new int[platform.size()];
        double[] speeds = new double[platform.size()];
        for (int i = 0; i < cpus.length; i++) {
            cpus[i] = platform.get(i).processors();
            speeds[i] = platform.get(i).speed();
        }
        RandomBrokering.Weighting w = p.meta.name().equals("random-weighted")
                ? RandomBrokering.Weighting.PROCESSORS_TIMES_SPEED : RandomBrokering.Weighting.PROCESSORS;
        return new BrokeringTheory(new RandomBrokering(cpus, speeds, rate, lengths, w), p);
    }

    /** Why theory does not apply to a run. */
    static final class NotApplicable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotApplicable(String why) {
            super(why);
        }
    }

    String describe() {
        return summary;
    }

    /** The collector option, or the default when the collector or option is absent; NaN if the collector is absent. */
    private double option(String collector, String key, double def) {
        for (RunProfile.Choice c : profile.collectors) {
            if (c.name().equals(collector)) {
                return c.options().get(key) instanceof Number n ? n.doubleValue() : def;
            }
        }
        return Double.NaN;
    }

    /** Predicted values for one element, under the summary.json keys of the simulated ones. */
    Map<String, Object> forCluster(int i) {
        Map<String, Object> m = new LinkedHashMap<>();
        double nu = model.load(i);
        m.put("load", nu);
        m.put("dispatch_fraction", model.dispatchFraction(i));
        m.put("busy_cpus", model.busyCpus(i));
        double queueWarmup = option("queue", "warmup", 0);
        double queueUntil = option("queue", "until", 0);
        double slowWarmup = option("slowdown", "warmup", 0);
        double slowUntil = option("slowdown", "until", 0);
        double jobsWarmup = option("jobs", "warmup", 0);
        if (nu < 1) {
            m.put("mean_queue_length", model.meanQueueLength(i));
            m.put("waited_fraction", model.probabilityOfWaiting(i));
            m.put("mean_wait", model.meanWait(i));
            double sd = model.meanSlowdown(i);
            if (!Double.isInfinite(sd) && !Double.isNaN(slowWarmup)) {
                m.put("mean_slowdown_virtual", sd);
            }
        } else if (nu > 1) {
            if (queueUntil > 0) {
                m.put("queue_length_at", model.queueLengthAt(i, queueUntil));
                if (queueWarmup == 0) {
                    m.put("mean_queue_length", model.timeAveragedQueueLength(i, queueUntil));
                }
            }
            Object duration = profile.workloadOptions.get("duration");
            if (jobsWarmup == 0 && duration instanceof Number d) {
                // the job submitted at θ waits θ(ν−1): the mean over submissions in [0, duration]
                m.put("mean_wait", model.waitOfJobSubmittedAt(i, d.doubleValue()) / 2);
            }
            if (slowUntil > 0 && slowWarmup == 0) {
                double sd = model.measuredSlowdown(i, slowUntil);
                if (!Double.isInfinite(sd)) {
                    m.put("mean_slowdown_virtual", sd);
                }
            }
        }
        return m;
    }
}
