package org.gridsched.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.Csv;
import org.gridsched.api.Decimals;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.metrics.Report;
import org.gridsched.api.metrics.RunInfo;
import org.osgi.service.component.annotations.Component;

/**
 * Queues over time, per cluster: time-averaged number of waiting jobs and of busy processors over an
 * observation window, the queue at a given instant, the fraction of jobs dispatched to each cluster and
 * of jobs that had to wait, the time queues take to drain after an instant, and optionally a sampled
 * time series ({@code queue.csv}). The queue of a cluster is its submitted jobs that have not started;
 * a job moved by reallocation leaves one queue for another at that instant, while
 * {@code dispatch_fraction} counts where jobs were first sent.
 */
@Component(service = MetricCollector.class, configurationPid = "gridsched.collector.queue")
public final class QueueCollector implements MetricCollector {
    static final String WARMUP = "warmup";
    static final String UNTIL = "until";
    static final String SAMPLE_EVERY = "sample_every";
    static final String SAMPLE_AT = "sample_at";
    static final String DRAIN_AFTER = "drain_after";

    @Override
    public String name() {
        return "queue";
    }

    @Override
    public String description() {
        return "Time-averaged queue length and busy CPUs, queue at an instant, dispatch fractions, drain time, queue.csv";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                new Parameter(WARMUP, "0", "time averages start here (seconds)"),
                new Parameter(UNTIL, "0", "time averages end here and queue_length_at is taken here; 0 = end of the run"),
                new Parameter(SAMPLE_EVERY, "0", "write queue.csv with the queue and busy CPUs of each cluster every this many seconds; 0 = off"),
                new Parameter(SAMPLE_AT, "[]", "list of instants (seconds) at which to sample queue.csv, with or instead of sample_every"),
                new Parameter(DRAIN_AFTER, "-1", "report when each queue is first empty at or after this time; -1 = off"));
    }

    @Override
    public Collector create(RunInfo run, PluginOptions options) {
        double warmup = options.getDouble(WARMUP, 0);
        double until = options.getDouble(UNTIL, 0);
        double every = options.getDouble(SAMPLE_EVERY, 0);
        double drainAfter = options.getDouble(DRAIN_AFTER, -1);
        double[] at = sampleInstants(options);
        if (warmup < 0 || until < 0 || every < 0 || (until > 0 && until <= warmup)) {
            throw new org.gridsched.api.InputException(null, 0, "collectors.queue",
                    "need 0 <= warmup < until (or until = 0) and sample_every >= 0");
        }
        return new QueueState(run, warmup, until > 0 ? until : Double.POSITIVE_INFINITY, every, at, drainAfter);
    }

    private static double[] sampleInstants(PluginOptions options) {
        Object v = options.asMap().get(SAMPLE_AT);
        if (v == null) {
            return new double[0];
        }
        if (!(v instanceof List<?> list)) {
            throw new org.gridsched.api.InputException(null, 0, SAMPLE_AT, "expected a list of times, e.g. [1000, 5000]");
        }
        double[] at = new double[list.size()];
        for (int i = 0; i < at.length; i++) {
            if (!(list.get(i) instanceof Number num) || num.doubleValue() < 0) {
                throw new org.gridsched.api.InputException(null, 0, SAMPLE_AT, "expected non-negative times, got " + list.get(i));
            }
            at[i] = num.doubleValue();
        }
        java.util.Arrays.sort(at);
        return at;
    }

    /** Piecewise-constant queue and busy counts per cluster, integrated as events go by. */
    static final class QueueState implements Collector {
        private final RunInfo run;
        private final int n;
        private final double warmup;
        private final double until;
        private final double every;
        private final double[] sampleAt;
        private int nextAt;
        private final double drainAfter;
        private final int[] waiting;
        private final int[] busy;
        private final double[] queueArea;
        private final double[] busyArea;
        private final long[] submitted;
        private final long[] started;
        private final long[] waited;
        private final double[] emptyAt;
        private int[] snapshot;
        private double last;
        private double nextSample;
        private final StringBuilder samples = new StringBuilder();

        QueueState(RunInfo run, double warmup, double until, double every, double[] sampleAt, double drainAfter) {
            this.run = run;
            this.n = run.clusterCount();
            this.warmup = warmup;
            this.until = until;
            this.every = every;
            this.sampleAt = sampleAt;
            this.drainAfter = drainAfter;
            waiting = new int[n];
            busy = new int[n];
            queueArea = new double[n];
            busyArea = new double[n];
            submitted = new long[n];
            started = new long[n];
            waited = new long[n];
            emptyAt = new double[n];
            java.util.Arrays.fill(emptyAt, Double.NaN);
            if (every > 0 || sampleAt.length > 0) {
                samples.append("time,cluster,queue_length,busy_cpus\n");
            }
        }

        /** The next sampling instant (periodic or listed), or +infinity. */
        private double nextSampleTime() {
            double periodic = every > 0 ? nextSample : Double.POSITIVE_INFINITY;
            double listed = nextAt < sampleAt.length ? sampleAt[nextAt] : Double.POSITIVE_INFINITY;
            return Math.min(periodic, listed);
        }

        private void sample(double time) {
            for (int c = 0; c < n; c++) {
                Csv.append(samples.append(Decimals.format(time)).append(','), run.clusterName(c)).append(',')
                        .append(waiting[c]).append(',').append(busy[c]).append('\n');
            }
            if (every > 0 && nextSample == time) {
                nextSample += every;
            }
            while (nextAt < sampleAt.length && sampleAt[nextAt] == time) {
                nextAt++;
            }
        }

        /** Brings the integrals, samples and snapshot up to time t, before the state changes at t. */
        private void advance(double t) {
            if (t <= last) {
                return;
            }
            for (double s = nextSampleTime(); s < t; s = nextSampleTime()) {
                sample(s);
            }
            if (snapshot == null && t > until) {
                snapshot = waiting.clone();
            }
            if (drainAfter >= last && drainAfter < t) {
                // the state on [last, t) holds at the drain instant: queues empty then are drained then
                for (int c = 0; c < n; c++) {
                    checkEmpty(c, drainAfter);
                }
            }
            double from = Math.max(last, warmup);
            double to = Math.min(t, until);
            if (to > from) {
                for (int c = 0; c < n; c++) {
                    queueArea[c] += waiting[c] * (to - from);
                    busyArea[c] += busy[c] * (to - from);
                }
            }
            last = t;
        }

        private void checkEmpty(int c, double t) {
            if (drainAfter >= 0 && Double.isNaN(emptyAt[c]) && waiting[c] == 0 && t >= drainAfter) {
                emptyAt[c] = t;
            }
        }

        @Override
        public void jobSubmitted(JobOutcome job) {
            double t = job.submitTime();
            advance(t);
            int c = job.cluster();
            checkEmpty(c, t); // empty just before this arrival counts as drained
            waiting[c]++;
            submitted[c]++;
        }

        @Override
        public void jobMoved(JobOutcome job, int from, double now) {
            advance(now);
            waiting[from]--;
            waiting[job.cluster()]++;
            checkEmpty(from, now);
        }

        @Override
        public void jobStarted(JobOutcome job) {
            double t = job.startTime();
            advance(t);
            int c = job.cluster();
            waiting[c]--;
            for (int p = 0, parts = job.parts(); p < parts; p++) {
                busy[job.partCluster(p)] += job.partProcessors(p);
            }
            started[c]++;
            if (t > job.submitTime()) {
                waited[c]++;
            }
            checkEmpty(c, t);
        }

        @Override
        public void jobFinished(JobOutcome job) {
            advance(job.finishTime());
            for (int p = 0, parts = job.parts(); p < parts; p++) {
                busy[job.partCluster(p)] -= job.partProcessors(p);
            }
        }

        /** A job its cluster's policy rejected leaves that queue (a controller's rejection was never in one). */
        @Override
        public void jobRejected(JobOutcome job, double now) {
            if (job.rejectedFromQueue()) {
                advance(now);
                int c = job.cluster();
                waiting[c]--;
                checkEmpty(c, now);
            }
        }

        /** A killed attempt frees its processors; the job is counted again when it arrives again. */
        @Override
        public void jobRequeued(JobOutcome job, double now) {
            jobFinished(job);
        }

        @Override
        public void report(Report report) {
            double end = last;
            for (int c = 0; c < n; c++) {
                checkEmpty(c, Math.max(end, drainAfter)); // only when the run ended before the drain instant
            }
            if (snapshot == null) {
                snapshot = waiting.clone();
            }
            for (double s = nextSampleTime(); s <= end; s = nextSampleTime()) {
                sample(s);
            }
            double window = Math.min(end, until) - warmup;
            long total = 0;
            for (long s : submitted) {
                total += s;
            }
            double sumQueue = 0;
            double sumBusy = 0;
            double lastDrain = Double.NaN;
            for (int c = 0; c < n; c++) {
                double q = window > 0 ? queueArea[c] / window : Double.NaN;
                double b = window > 0 ? busyArea[c] / window : Double.NaN;
                sumQueue += q;
                sumBusy += b;
                report.cluster(c, "mean_queue_length", q);
                report.cluster(c, "busy_cpus", b);
                report.cluster(c, "dispatch_fraction", total > 0 ? (double) submitted[c] / total : Double.NaN);
                report.cluster(c, "waited_fraction", started[c] > 0 ? (double) waited[c] / started[c] : Double.NaN);
                if (until != Double.POSITIVE_INFINITY) {
                    report.cluster(c, "queue_length_at", snapshot[c]);
                }
                if (drainAfter >= 0) {
                    report.cluster(c, "queue_empty_at", emptyAt[c]);
                    report.cluster(c, "drain_time", emptyAt[c] - drainAfter);
                    lastDrain = Double.isNaN(lastDrain) ? emptyAt[c] - drainAfter : Math.max(lastDrain, emptyAt[c] - drainAfter);
                }
            }
            report.overall("mean_queue_length", sumQueue);
            report.overall("busy_cpus", sumBusy);
            Map<String, Object> windowInfo = new LinkedHashMap<>();
            windowInfo.put("from", warmup);
            windowInfo.put("to", Math.min(end, until));
            report.overall("queue_window", windowInfo);
            if (until != Double.POSITIVE_INFINITY) {
                int s = 0;
                for (int v : snapshot) {
                    s += v;
                }
                report.overall("queue_length_at", s);
            }
            if (drainAfter >= 0) {
                report.overall("drain_time", lastDrain);
            }
            if (every > 0 || sampleAt.length > 0) {
                report.file("queue.csv", samples.toString());
            }
        }
    }

}
