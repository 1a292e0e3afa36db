package org.gridsched.engine.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.Report;
import org.gridsched.engine.Simulation;

/**
 * Remembers which collector reported which value, so that the report keeps one section per collector. Each
 * collector given to {@link #track} is wrapped: the wrapper passes every call through unchanged, and when the
 * run reports, notes what the collector writes on its way to the engine's own {@link Report}.
 *
 * <p>One instance per run, used on its simulation thread. The wrapper forwards every method of
 * {@link Collector}; a method added to the API must be forwarded here too (a launcher test checks it).
 */
public final class CollectorSections {
    private final List<Tracked> tracked = new ArrayList<>();
    /** How many collectors have reported so far: gives each its place. */
    private int reports;

    /** The collector to give the simulation instead of {@code named}: the same, but noted. */
    public Simulation.NamedCollector track(Simulation.NamedCollector named) {
        Tracked t = new Tracked(named.name(), named.collector(), this);
        tracked.add(t);
        return new Simulation.NamedCollector(named.name(), t);
    }

    /**
     * The overall sections, in the order the collectors reported.
     *
     * @param received what the engine received from all collectors together ({@code SimulationResult.overall()}):
     *                 if the sections do not hold exactly these keys in this order (a collector was not
     *                 tracked), one section named "" holds them all instead, so that the summary is the same
     */
    public List<MetricSection> overall(Map<String, Object> received) {
        List<MetricSection> out = new ArrayList<>();
        for (Tracked t : reported()) {
            out.add(new MetricSection(t.name, t.overall));
        }
        return checked(out, received);
    }

    /** One cluster's sections, in the order the collectors reported; {@code received} as for {@link #overall}. */
    public List<MetricSection> cluster(int cluster, Map<String, Object> received) {
        List<MetricSection> out = new ArrayList<>();
        for (Tracked t : reported()) {
            out.add(new MetricSection(t.name, t.perCluster.getOrDefault(cluster, Map.of())));
        }
        return checked(out, received);
    }

    /** Values not attributed to collectors: one section named "" (none if there are no values). */
    public static List<MetricSection> unattributed(Map<String, Object> received) {
        return received.isEmpty() ? List.of() : List.of(new MetricSection("", received));
    }

    private static List<MetricSection> checked(List<MetricSection> sections, Map<String, Object> received) {
        List<String> keys = new ArrayList<>();
        sections.forEach(s -> keys.addAll(s.values().keySet()));
        return keys.equals(new ArrayList<>(received.keySet())) ? sections : unattributed(received);
    }

    private List<Tracked> reported() {
        List<Tracked> list = new ArrayList<>(tracked);
        list.removeIf(t -> t.order < 0);
        list.sort((a, b) -> Integer.compare(a.order, b.order));
        return list;
    }

    /** Passes everything through; notes what {@link Collector#report} writes. */
    private static final class Tracked implements Collector {
        final String name;
        final Collector inner;
        final Map<String, Object> overall = new LinkedHashMap<>();
        final Map<Integer, Map<String, Object>> perCluster = new LinkedHashMap<>();
        int order = -1;
        private final CollectorSections owner;

        private Tracked(String name, Collector inner, CollectorSections owner) {
            this.name = name;
            this.inner = inner;
            this.owner = owner;
        }

        @Override
        public void jobSubmitted(JobOutcome job) {
            inner.jobSubmitted(job);
        }

        @Override
        public void jobMoved(JobOutcome job, int from, double now) {
            inner.jobMoved(job, from, now);
        }

        @Override
        public void jobStarted(JobOutcome job) {
            inner.jobStarted(job);
        }

        @Override
        public void jobRequeued(JobOutcome job, double now) {
            inner.jobRequeued(job, now);
        }

        @Override
        public void jobRejected(JobOutcome job, double now) {
            inner.jobRejected(job, now);
        }

        @Override
        public void jobFinished(JobOutcome job) {
            inner.jobFinished(job);
        }

        @Override
        public void report(Report report) {
            if (order < 0) {
                order = owner.reports++;
            }
            inner.report(new Report() {
                @Override
                public void overall(String key, Object value) {
                    report.overall(key, value);
                    overall.put(key, value);
                }

                @Override
                public void cluster(int cluster, String key, Object value) {
                    report.cluster(cluster, key, value);
                    perCluster.computeIfAbsent(cluster, c -> new LinkedHashMap<>()).put(key, value);
                }

                @Override
                public void file(String fileName, String content) {
                    report.file(fileName, content);
                }
            });
        }
    }
}
