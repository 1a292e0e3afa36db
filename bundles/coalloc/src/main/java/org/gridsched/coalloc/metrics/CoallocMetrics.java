package org.gridsched.coalloc.metrics;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.gridsched.api.Csv;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.Report;
import org.gridsched.api.metrics.RunInfo;
import org.gridsched.coalloc.control.GlobalJob;

/**
 * One run's co-allocation metrics. A job is global when the {@code coalloc} controller took it in charge
 * (its state hangs on the job, {@link GlobalJob#of}) or, without that controller, when it has several
 * components; every other job is local. Loads are percentages of the platform's processor-seconds over
 * [first submission, last end or rejection]:
 * <ul>
 * <li>total load: processor-seconds of every executed attempt (killed ones too); with claims: plus the
 *     claimed-idle processor-seconds;</li>
 * <li>global load: processor-seconds of global jobs (the useful work the grid scheduler obtained);</li>
 * <li>processor wasted time: claimed-idle processor-seconds, processors × (deadline − claim time) per job
 *     placed before its deadline.</li>
 * </ul>
 * Global success rate: global jobs started (at their deadline) over global jobs. Local kill rate: kills of
 * local jobs (lost, or re-queued after having run) over local jobs; it splits into the global jobs that started
 * by killing (kill starts) and the local jobs each of them killed; a local job that FCFS started into
 * processors freed by a global-priority kill and that was re-queued at the same instant is counted apart
 * ({@code local_collateral_restarts}). Local response time: finish − submit of local jobs that completed.
 */
final class CoallocMetrics implements Collector {
    private final RunInfo run;
    private final boolean file;
    private final StringBuilder csv;
    private double first = Double.POSITIVE_INFINITY;
    private double last = Double.NEGATIVE_INFINITY;
    private double busy;
    private double globalBusy;
    private double wasted;
    private long globals;
    private long started;
    private final Map<String, Long> failed = new LinkedHashMap<>();
    private final Map<String, Long> placedHow = new LinkedHashMap<>();
    private long tries;
    private double queueTime;
    private long informed;
    private long globalKills;
    private long killStarts;
    private long killStartKills;
    private long killFails;
    private long killFailKills;
    private final long[] locals;
    private final long[] killed;
    private long requeuedKills;
    private long collateral;
    private long completedLocals;
    private double localResponse;

    CoallocMetrics(RunInfo run, boolean file) {
        this.run = run;
        this.file = file;
        this.csv = file ? new StringBuilder("job_id,submission_time,deadline,components,component_size,outcome,how,tries,"
                + "left_queue_time,placement_queue_time,starting_time,wasted_processor_seconds,local_kills,clusters\n") : null;
        locals = new long[run.clusterCount()];
        killed = new long[run.clusterCount()];
    }

    private static boolean global(JobOutcome job, GlobalJob g) {
        return g != null || job.components() > 1;
    }

    private void seen(double submit, double end) {
        first = Math.min(first, submit);
        last = Math.max(last, end);
    }

    @Override
    public void jobFinished(JobOutcome job) {
        GlobalJob g = GlobalJob.of(job);
        double work = job.processors() * job.executionTime();
        busy += work;
        seen(job.submitTime(), job.finishTime());
        if (global(job, g)) {
            globalBusy += work;
            global(job, g, job.startTime());
            return;
        }
        locals[job.cluster()]++;
        if ("COMPLETED_KILLED".equals(job.finalState())) {
            killed[job.cluster()]++;
        } else {
            completedLocals++;
            localResponse += job.responseTime();
        }
    }

    @Override
    public void jobRequeued(JobOutcome job, double now) {
        busy += job.processors() * (now - job.startTime());
        if (GlobalJob.of(job) != null || job.components() > 1) {
            globalBusy += job.processors() * (now - job.startTime());
        } else if (now == job.startTime()) {
            collateral++;
        } else {
            requeuedKills++;
        }
    }

    @Override
    public void jobRejected(JobOutcome job, double now) {
        seen(job.submitTime(), now);
        GlobalJob g = GlobalJob.of(job);
        if (global(job, g)) {
            global(job, g, Double.NaN);
        }
    }

    /** A global job's end: started (start time given) or failed (NaN). */
    private void global(JobOutcome job, GlobalJob g, double start) {
        globals++;
        boolean ok = !Double.isNaN(start);
        String how = g != null ? g.how() : ok ? "started" : "rejected";
        if (ok) {
            started++;
            placedHow.merge(how.startsWith("claimed_at_try_") ? "claimed" : how, 1L, Long::sum);
        } else {
            failed.merge(how, 1L, Long::sum);
        }
        if (g != null) {
            informed++;
            tries += g.tries();
            queueTime += g.leftQueue() - g.submit();
            wasted += g.wastedProcessorSeconds();
            int kills = g.kills() - g.collateral();
            globalKills += kills;
            if (ok && kills > 0) {
                killStarts++;
                killStartKills += kills;
            } else if (!ok && kills > 0) { // GP's kill_then_fail: it killed, then did not fit
                killFails++;
                killFailKills += kills;
            }
        }
        if (file) {
            row(job, g, ok, how, start);
        }
    }

    private void row(JobOutcome job, GlobalJob g, boolean ok, String how, double start) {
        csv.append(job.id()).append(',').append(num(job.submitTime())).append(',')
                .append(g == null ? "" : num(g.deadline())).append(',').append(job.components()).append(',')
                .append(g == null ? "" : Integer.toString(g.componentSize())).append(',')
                .append(ok ? "placed" : "failed").append(',').append(how).append(',')
                .append(g == null ? "" : Integer.toString(g.tries())).append(',')
                .append(g == null ? "" : num(g.leftQueue())).append(',')
                .append(g == null ? "" : num(g.leftQueue() - g.submit())).append(',')
                .append(ok ? num(start) : "").append(',')
                .append(g == null ? "" : num(g.wastedProcessorSeconds())).append(',')
                .append(g == null ? "" : Integer.toString(g.kills())).append(',');
        if (ok) {
            StringBuilder names = new StringBuilder();
            for (int p = 0; p < job.parts(); p++) {
                names.append(p == 0 ? "" : ";").append(run.clusterName(job.partCluster(p)));
            }
            Csv.append(csv, names.toString());
        }
        csv.append('\n');
    }

    @Override
    public void report(Report report) {
        long processors = 0;
        for (int c = 0; c < run.clusterCount(); c++) {
            processors += run.clusterProcessors(c);
        }
        double capacity = processors * (last - first);
        long localJobs = 0;
        long localKilled = 0;
        for (int c = 0; c < locals.length; c++) {
            localJobs += locals[c];
            localKilled += killed[c];
            report.cluster(c, "local_jobs", locals[c]);
            report.cluster(c, "local_killed", killed[c]);
        }
        report.overall("global_jobs", globals);
        report.overall("global_started", started);
        report.overall("global_started_by_how", placedHow);
        report.overall("global_failed_by_reason", failed);
        report.overall("global_success_percent", percent(started, globals));
        report.overall("local_jobs", localJobs);
        report.overall("local_killed", localKilled);
        report.overall("local_requeued_kills", requeuedKills);
        report.overall("local_collateral_restarts", collateral);
        report.overall("local_kill_percent", percent(localKilled + requeuedKills, localJobs));
        report.overall("local_kills_by_global_priority", globalKills);
        report.overall("global_kill_starts_percent", percent(killStarts, globals));
        report.overall("mean_kills_per_kill_start", killStarts == 0 ? Double.NaN : killStartKills / (double) killStarts);
        report.overall("global_kill_fails_percent", percent(killFails, globals));
        report.overall("local_kills_without_start", killFailKills);
        report.overall("local_mean_response_time", completedLocals == 0 ? Double.NaN : localResponse / completedLocals);
        report.overall("total_load_percent", percent(busy, capacity));
        report.overall("total_load_with_claims_percent", percent(busy + wasted, capacity));
        report.overall("global_load_percent", percent(globalBusy, capacity));
        report.overall("processor_wasted_percent", percent(wasted, capacity));
        report.overall("mean_placement_tries", informed == 0 ? Double.NaN : tries / (double) informed);
        report.overall("mean_placement_queue_time", informed == 0 ? Double.NaN : queueTime / informed);
        if (file) {
            report.file("coalloc.csv", csv.toString());
        }
    }

    private static double percent(double part, double whole) {
        return whole > 0 ? 100 * part / whole : Double.NaN;
    }

    static String num(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.6f", v).replaceAll("0+$", "");
    }
}
