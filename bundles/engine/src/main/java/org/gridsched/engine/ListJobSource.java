package org.gridsched.engine;

import java.util.List;

import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;

/** A workload held in memory, for tests and programmatic use. Jobs must be in submission order. */
public final class ListJobSource implements JobSource {
    private final List<JobRecord> jobs;
    private final String name;
    private final WorkloadReport report = new WorkloadReport();
    private int next;

    public ListJobSource(String name, List<JobRecord> jobs) {
        this.name = name;
        this.jobs = List.copyOf(jobs);
    }

    @Override
    public boolean next(JobRecord into) {
        if (next == jobs.size()) {
            return false;
        }
        JobRecord r = jobs.get(next++);
        into.set(r.id, r.submitTime, r.runtime, r.requestedTime, r.processors);
        into.line = r.line;
        into.home = r.home;
        into.components = r.components;
        into.setSubmitter(r);
        report.countRead();
        return true;
    }

    @Override
    public String describe() {
        return name;
    }

    @Override
    public WorkloadReport report() {
        return report;
    }

    @Override
    public double progress() {
        return jobs.isEmpty() ? 1.0 : (double) next / jobs.size();
    }
}
