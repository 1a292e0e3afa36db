package org.gridsched.bot;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;

/**
 * A model workload compressed into a fixed window at a target load (spec 3.3: "we fixed the time interval and
 * brought more jobs from the same traces that would be out of the interval"). The model's jobs are read in
 * order until their work (runtime x processors) reaches {@code load x capacity x window}; the arrival times
 * of these jobs are then multiplied by one factor so that the last of them arrives at the end of the window.
 * The window's offered load is then the target within one job's work, whatever the model's own arrival rate
 * on that seed (lublin99's {@code load} sets only the long-run mean, which over 15 days scatters by +-10 %).
 */
final class WindowedWorkload implements JobSource {
    private final String describe;
    private final JobRecord[] jobs;
    private final WorkloadReport report = new WorkloadReport();
    private int next;

    WindowedWorkload(JobSource model, int pool, double load, int capacity, double window) {
        describe = "window of " + model.describe();
        double target = load * capacity * window;
        JobRecord[] read = new JobRecord[Math.min(pool, 1 << 16)];
        int n = 0;
        double work = 0;
        JobRecord r = new JobRecord();
        while (work < target) {
            if (n == pool || !model.next(r)) {
                throw new InputException(null, 0, "pool", "the model's first " + n + " jobs hold only " + Math.round(100 * work / target)
                        + " % of the work of load " + load + " over the window; draw more (for workload generator '" + BotWorkload.NAME + "')");
            }
            if (n == read.length) {
                read = java.util.Arrays.copyOf(read, n * 2);
            }
            read[n++] = r.copy();
            work += r.runtime * r.processors;
        }
        model.close();
        double last = read[n - 1].submitTime;
        double factor = last > 0 ? window / last : 1;
        jobs = java.util.Arrays.copyOf(read, n);
        for (JobRecord j : jobs) {
            j.submitTime = Math.min(window, j.submitTime * factor);
        }
    }

    @Override
    public boolean next(JobRecord into) {
        if (next == jobs.length) {
            return false;
        }
        JobRecord j = jobs[next++];
        into.set(j.id, j.submitTime, j.runtime, j.requestedTime, j.processors);
        into.line = j.line;
        report.countRead();
        return true;
    }

    @Override
    public String describe() {
        return describe;
    }

    @Override
    public WorkloadReport report() {
        return report;
    }

    @Override
    public double progress() {
        return jobs.length == 0 ? 1 : (double) next / jobs.length;
    }

    static PluginOptions innerOptions(int processors, int pool) {
        return new PluginOptions("workload generator 'lublin99' (inside '" + BotWorkload.NAME + "')",
                java.util.Map.of("jobs", pool, "processors", processors));
    }
}
