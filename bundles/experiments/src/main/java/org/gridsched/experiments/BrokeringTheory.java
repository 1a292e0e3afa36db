package org.gridsched.experiments;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.gridsched.engine.Platform;
import org.gridsched.launcher.PluginRegistry.Kind;
import org.gridsched.launcher.RunProfile;
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
        this.summary = String.format(java.util.Locale.ROOT, "random brokering (%s), load %.4g, %s; lengths %s%s", model.weighting(), nu, regime,
                model.lengths().name(), nu < 1 && !model.exactForLengths()
                        ? " (M/M/c queue and wait are exact only for exponential lengths)" : "");
    }

    /**
     * The plugins the model describes ({@code brokering-theory.json} beside this class): the random brokers with their
     * weighting, the FCFS batch policy, the generator of Poisson arrivals, and the collectors that measure what
     * is predicted (by role: "jobs", "queue", "slowdown").
     */
    private static final JsonNode DEFAULTS = defaults();
    private static final Map<String, String> BROKERS = strings(DEFAULTS.path("brokers"));
    private static final String FCFS = DEFAULTS.path("batch").asText();
    private static final String GENERATOR = DEFAULTS.path("generator").asText();
    private static final Map<String, String> COLLECTORS = strings(DEFAULTS.path("collectors"));

    private static JsonNode defaults() {
        try (InputStream in = BrokeringTheory.class.getResourceAsStream("brokering-theory.json")) {
            if (in == null) {
                throw new IllegalStateException("brokering-theory.json is missing from the experiments bundle");
            }
            return new ObjectMapper().readTree(in).path("theory");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read brokering-theory.json: " + e.getMessage(), e);
        }
    }

    /** An object of strings, in order. */
    private static Map<String, String> strings(JsonNode n) {
        Map<String, String> m = new LinkedHashMap<>();
        n.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
        return m;
    }

    /** The theory for this run, or an exception whose message says why theory does not apply. */
    static BrokeringTheory of(RunProfile p, Platform platform) {
        RunProfile.Choice meta = p.chose(Kind.META) ? p.choice(Kind.META) : null;
        if (meta == null || !BROKERS.containsKey(meta.name())) {
            throw new NotApplicable("meta", "the meta-scheduler must be " + String.join(" or ", BROKERS.keySet()));
        }
        for (int i = 0; i < platform.size(); i++) {
            RunProfile.Choice b = p.batchOf(i);
            if (!b.name().equals(FCFS)) {
                String field = i < p.clusters.size() && p.clusters.get(i).batch() != null ? "platform[" + i + "].batch" : "batch";
                throw new NotApplicable(field, "every cluster must run " + FCFS + " (one FCFS queue per element); " + platform.get(i).name()
                        + " runs " + b.name());
            }
        }
        if (!GENERATOR.equals(p.generator)) {
            throw new NotApplicable("workload", "the workload must come from the " + GENERATOR + " generator");
        }
        Map<String, Object> o = p.workloadOptions;
        if (!"sequential".equals(String.valueOf(o.getOrDefault("size", "sequential")))
                || !"poisson".equals(String.valueOf(o.getOrDefault("arrival", "poisson"))) || o.containsKey("phases")) {
            throw new NotApplicable("workload.options", "jobs must be sequential with Poisson arrivals at a constant rate (no phases)");
        }
        double rate;
        if (o.get("rate") instanceof Number r) {
            rate = r.doubleValue();
        } else if (o.get("interarrival") instanceof Number m) {
            rate = 1 / m.doubleValue();
        } else {
            throw new NotApplicable("workload.options", "the profile must give the arrival rate (rate or interarrival) explicitly");
        }
        if (!(o.get("mean_length") instanceof Number mean)) {
            throw new NotApplicable("workload.options.mean_length", "the profile must give mean_length explicitly");
        }
        String law = String.valueOf(o.getOrDefault("length", "exponential"));
        boolean needsAlpha = law.startsWith("uniform") || law.startsWith("shifted");
        if (needsAlpha && !(o.get("alpha") instanceof Number)) {
            throw new NotApplicable("workload.options.alpha", "the profile must give alpha explicitly for " + law + " lengths");
        }
        double alpha = o.get("alpha") instanceof Number a ? a.doubleValue() : 0.5;
        int h = o.get("erlang_shape") instanceof Number e ? e.intValue() : 2;
        LengthDistribution.Family family = LengthDistribution.Family.byName(law);
        if (family == null) { // the generator says so too when the run starts; theory is checked before
            throw new NotApplicable("workload.options.length", "unknown length law '" + law + "'; valid values: " + LengthDistribution.VALID_NAMES);
        }
        LengthDistribution lengths;
        try {
            lengths = LengthDistribution.of(family, mean.doubleValue(), alpha, h);
        } catch (IllegalArgumentException e) { // a parameter out of range: alpha, erlang_shape or mean_length
            throw new NotApplicable("workload.options", e.getMessage());
        }
        int[] cpus = new int[platform.size()];
        double[] speeds = new double[platform.size()];
        for (int i = 0; i < cpus.length; i++) {
            cpus[i] = platform.get(i).processors();
            speeds[i] = platform.get(i).speed();
        }
        RandomBrokering.Weighting w = RandomBrokering.Weighting.valueOf(BROKERS.get(meta.name()));
        return new BrokeringTheory(new RandomBrokering(cpus, speeds, rate, lengths, w), p);
    }

    /** Why theory does not apply to a run. */
    static final class NotApplicable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** The profile key that keeps theory from applying. */
        final String field;

        NotApplicable(String field, String why) {
            super(why);
            this.field = field;
        }
    }

    String describe() {
        return summary;
    }

    /**
     * An option of the collector with that role, or the default when the option is absent; NaN if the collector
     * is absent.
     */
    private double option(String role, String key, double def) {
        String collector = COLLECTORS.get(role);
        for (RunProfile.Choice c : profile.choices(Kind.COLLECTOR, 1)) {
            if (c.name().equals(collector)) {
                return c.options().get(key) instanceof Number n ? n.doubleValue() : def;
            }
        }
        return Double.NaN;
    }

    /** The model and its predictions for every element. */
    Theory predictions() {
        List<Prediction> clusters = new ArrayList<>();
        for (int i = 0; i < model.elements(); i++) {
            clusters.add(forCluster(i));
        }
        return new Theory(summary, clusters);
    }

    /** Predicted values for one element, named like the simulated ones. */
    Prediction forCluster(int i) {
        double nu = model.load(i);
        Double queueLengthAt = null;
        Double meanQueueLength = null;
        Double waitedFraction = null;
        Double meanWait = null;
        Double meanSlowdown = null;
        double queueWarmup = option("queue", "warmup", 0);
        double queueUntil = option("queue", "until", 0);
        double slowWarmup = option("slowdown", "warmup", 0);
        double slowUntil = option("slowdown", "until", 0);
        double jobsWarmup = option("jobs", "warmup", 0);
        if (nu < 1) {
            meanQueueLength = model.meanQueueLength(i);
            waitedFraction = model.probabilityOfWaiting(i);
            meanWait = model.meanWait(i);
            double sd = model.meanSlowdown(i);
            if (!Double.isInfinite(sd) && !Double.isNaN(slowWarmup)) {
                meanSlowdown = sd;
            }
        } else if (nu > 1) {
            if (queueUntil > 0) {
                queueLengthAt = model.queueLengthAt(i, queueUntil);
                if (queueWarmup == 0) {
                    meanQueueLength = model.timeAveragedQueueLength(i, queueUntil);
                }
            }
            Object duration = profile.workloadOptions.get("duration");
            if (jobsWarmup == 0 && duration instanceof Number d) {
                // the job submitted at θ waits θ(ν−1): the mean over submissions in [0, duration]
                meanWait = model.waitOfJobSubmittedAt(i, d.doubleValue()) / 2;
            }
            if (slowUntil > 0 && slowWarmup == 0) {
                double sd = model.measuredSlowdown(i, slowUntil);
                if (!Double.isInfinite(sd)) {
                    meanSlowdown = sd;
                }
            }
        }
        return new Prediction(nu, model.dispatchFraction(i), model.busyCpus(i), queueLengthAt, meanQueueLength,
                waitedFraction, meanWait, meanSlowdown);
    }
}
