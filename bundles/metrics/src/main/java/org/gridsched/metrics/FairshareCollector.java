package org.gridsched.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.metrics.Report;
import org.gridsched.api.metrics.RunInfo;
import org.osgi.service.component.annotations.Component;

/**
 * Delivered share against target share over time: {@code fairshare.csv}. Time is cut into windows of
 * {@code window} seconds from 0. In each window, a user (or group, {@code by}) is <em>active</em> when one of
 * its jobs was in the system (submitted, not yet finished) during the window; its <em>delivered share</em> is
 * the processor-seconds its jobs ran in the window over those of all jobs, and its <em>target share</em> its
 * share ({@code shares}) over the sum of the active users' shares. One row per window and active user:
 * {@code window_start,window_end,user|group,processor_seconds,delivered_share,target_share} (delivered share
 * empty in a window where nothing ran). Processor-seconds of an attempt killed and re-queued count where they ran.
 *
 * <p>{@code shares} maps user (or group) numbers, or {@code unknown} for jobs without one, to shares &ge; 0: a JSON
 * object {@code {"1": 3, "2": 1}} or text {@code "1:3,2:1"}; those not listed have {@code default_share} (1).
 * Without {@code shares} every active user has an equal target. In {@code summary.json}: {@code fairshare_by},
 * {@code fairshare_windows} (windows in which something ran), and the mean and largest |delivered − target|
 * over the rows of those windows ({@code fairshare_mean_abs_deviation}, {@code fairshare_max_abs_deviation}).
 */
@Component(service = MetricCollector.class, configurationPid = "gridsched.collector.fairshare")
public final class FairshareCollector implements MetricCollector {
    static final String WINDOW = "window";
    static final String BY = "by";
    static final String SHARES = "shares";
    static final String DEFAULT_SHARE = "default_share";
    /** Most windows a run may be cut into: the table holds a number per window and user. */
    static final long MAX_WINDOWS = 1_000_000;

    @Override
    public String name() {
        return "fairshare";
    }

    @Override
    public String description() {
        return "Delivered share of processor-seconds per user or group over time windows vs a target share (fairshare.csv)";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(new Parameter(WINDOW, "86400", "window length, seconds"),
                new Parameter(BY, "user", "'user' or 'group'"),
                new Parameter(SHARES, "{} (equal shares)",
                        "target shares by user (or group) number or 'unknown': {\"1\": 3, \"2\": 1} or \"1:3,2:1\""),
                new Parameter(DEFAULT_SHARE, "1", "share of a user (or group) not listed in shares, >= 0"));
    }

    /** One user's or group's delivered processor-seconds and activity, per window. */
    static final class Series {
        double[] delivered = new double[16];
        final BitSet active = new BitSet();

        void deliver(int window, double processorSeconds) {
            if (window >= delivered.length) {
                delivered = Arrays.copyOf(delivered, Math.max(window + 1, delivered.length * 2));
            }
            delivered[window] += processorSeconds;
        }

        double delivered(int window) {
            return window < delivered.length ? delivered[window] : 0;
        }
    }

    @Override
    public Collector create(RunInfo run, PluginOptions options) {
        options.requireKnown(parameters());
        double window = options.getPositive(WINDOW, 86400);
        String by = options.getString(BY, "user").trim().toLowerCase(Locale.ROOT);
        if (!by.equals("user") && !by.equals("group")) {
            throw new InputException(null, 0, BY, "expected 'user' or 'group' for " + options.owner() + ", got '"
                    + options.asMap().get(BY) + "'");
        }
        boolean byUser = by.equals("user");
        double defaultShare = options.getDouble(DEFAULT_SHARE, 1);
        if (!(defaultShare >= 0) || Double.isInfinite(defaultShare)) {
            throw new InputException(null, 0, DEFAULT_SHARE, "expected a finite number >= 0 for " + options.owner()
                    + ", got '" + options.asMap().get(DEFAULT_SHARE) + "'");
        }
        Map<Integer, Double> shares = shares(options);
        Map<Integer, Series> series = new HashMap<>();
        return new Collector() {
            private int lastWindow = -1;

            private int windowOf(double t) {
                double w = Math.floor(Math.max(0, t) / window);
                if (w >= MAX_WINDOWS) {
                    throw new InputException(null, 0, WINDOW, "a window of " + window + " s cuts this run (time " + t
                            + " s) into more than " + MAX_WINDOWS + " windows; use a longer window");
                }
                return (int) w;
            }

            private Series of(JobOutcome j) {
                return series.computeIfAbsent(Math.max(-1, byUser ? j.user() : j.group()), k -> new Series());
            }

            /** Processor-seconds of [from, to) into the windows they cover. */
            private void deliver(Series s, int processors, double from, double to) {
                if (!(to > from)) {
                    return;
                }
                for (int w = windowOf(from); w <= windowOf(to); w++) {
                    double overlap = Math.min(to, (w + 1) * window) - Math.max(from, w * window);
                    if (overlap > 0) {
                        s.deliver(w, overlap * processors);
                    }
                }
            }

            private void activate(Series s, double from, double to) {
                int a = windowOf(from);
                int b = Math.max(a, to > from && to == windowOf(to) * window ? windowOf(to) - 1 : windowOf(to));
                s.active.set(a, b + 1);
                lastWindow = Math.max(lastWindow, b);
            }

            @Override
            public void jobRequeued(JobOutcome j, double now) {
                deliver(of(j), j.processors(), j.startTime(), now);
            }

            @Override
            public void jobFinished(JobOutcome j) {
                Series s = of(j);
                activate(s, j.submitTime(), j.finishTime());
                deliver(s, j.processors(), j.startTime(), j.finishTime());
            }

            @Override
            public void report(Report report) {
                TreeMap<Integer, Series> keys = new TreeMap<>(series);
                StringBuilder sb = new StringBuilder("window_start,window_end,").append(by)
                        .append(",processor_seconds,delivered_share,target_share\n");
                long windows = 0;
                long rows = 0;
                double sumDeviation = 0;
                double maxDeviation = 0;
                List<Map.Entry<Integer, Series>> active = new ArrayList<>();
                for (int w = 0; w <= lastWindow; w++) {
                    active.clear();
                    double total = 0;
                    double totalShare = 0;
                    for (Map.Entry<Integer, Series> e : keys.entrySet()) {
                        if (e.getValue().active.get(w)) {
                            active.add(e);
                            total += e.getValue().delivered(w);
                            totalShare += shares.getOrDefault(e.getKey(), defaultShare);
                        }
                    }
                    if (total > 0) {
                        windows++;
                    }
                    for (Map.Entry<Integer, Series> e : active) {
                        double got = e.getValue().delivered(w);
                        double delivered = total > 0 ? got / total : Double.NaN;
                        double target = totalShare > 0 ? shares.getOrDefault(e.getKey(), defaultShare) / totalShare : Double.NaN;
                        sb.append(Fairness.cell(w * window)).append(',').append(Fairness.cell((w + 1) * window)).append(',')
                                .append(Fairness.name(e.getKey())).append(',').append(Fairness.cell(got)).append(',')
                                .append(Fairness.cell(delivered)).append(',').append(Fairness.cell(target)).append('\n');
                        if (total > 0 && totalShare > 0) {
                            double d = Math.abs(delivered - target);
                            sumDeviation += d;
                            maxDeviation = Math.max(maxDeviation, d);
                            rows++;
                        }
                    }
                }
                report.file("fairshare.csv", sb.toString());
                report.overall("fairshare_by", by);
                report.overall("fairshare_windows", windows);
                report.overall("fairshare_mean_abs_deviation", rows > 0 ? sumDeviation / rows : Double.NaN);
                report.overall("fairshare_max_abs_deviation", rows > 0 ? maxDeviation : Double.NaN);
            }
        };
    }

    /** The {@code shares} option: number (or "unknown") to share; empty when not given. */
    static Map<Integer, Double> shares(PluginOptions options) {
        Object raw = options.asMap().get(SHARES);
        Map<Integer, Double> out = new HashMap<>();
        if (raw == null) {
            return out;
        }
        Map<String, Object> entries = new java.util.LinkedHashMap<>();
        if (raw instanceof Map<?, ?> m) {
            m.forEach((k, v) -> entries.put(String.valueOf(k), v));
        } else if (raw instanceof String s) {
            for (String part : s.split(",")) {
                if (part.isBlank()) {
                    continue;
                }
                int colon = part.indexOf(':');
                if (colon < 0) {
                    throw badShares(options, "expected 'number:share,number:share,...', got '" + s + "'");
                }
                entries.put(part.substring(0, colon).trim(), part.substring(colon + 1).trim());
            }
        } else {
            throw badShares(options, "expected an object {\"1\": 3, ...} or text \"1:3,...\", got '" + raw + "'");
        }
        for (Map.Entry<String, Object> e : entries.entrySet()) {
            String key = e.getKey().trim();
            int id;
            if (key.equalsIgnoreCase("unknown")) {
                id = -1;
            } else {
                try {
                    id = Integer.parseInt(key);
                } catch (NumberFormatException ex) {
                    id = -2;
                }
                if (id < 0) {
                    throw badShares(options, "'" + key + "' is not a user or group number (a whole number >= 0) nor 'unknown'");
                }
            }
            double share;
            Object v = e.getValue();
            try {
                share = v instanceof Number n ? n.doubleValue() : Double.parseDouble(String.valueOf(v).trim());
            } catch (NumberFormatException ex) {
                share = Double.NaN;
            }
            if (!(share >= 0) || Double.isInfinite(share)) {
                throw badShares(options, "the share of '" + key + "' must be a finite number >= 0, got '" + v + "'");
            }
            if (out.put(id, share) != null) {
                throw badShares(options, "'" + key + "' is listed twice");
            }
        }
        return out;
    }

    private static InputException badShares(PluginOptions options, String problem) {
        return new InputException(null, 0, SHARES, problem + " (for " + options.owner() + ")");
    }
}
