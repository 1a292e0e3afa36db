package org.gridsched.engine;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.SimTime;
import org.gridsched.api.workload.HeaderNumbers;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;

/**
 * Several workloads merged in submission order, e.g. one trace per cluster's local users. Each source's
 * clock starts at 0, or all are aligned on their {@code UnixStartTime} header. Equal submit times go to
 * the source listed first. Jobs are renumbered 1, 2, 3, ... in merged order (trace job numbers collide);
 * {@link #origin(long)} and each record's {@code home} tell which source a job came from (for a platform
 * with one trace per cluster, its home cluster). Streaming: one job per source is held.
 */
public final class MergedJobSource implements JobSource {

    /** How the sources' clocks are put on one time line. */
    public enum Clock {
        /** Every source starts at time 0. */
        ZERO,
        /** Shifted by the difference of their UnixStartTime headers (the earliest starts at 0). */
        UNIX
    }

    private final List<JobSource> sources;
    private final double[] offsets;
    private final JobRecord[] heads;
    private final boolean[] live;
    private final WorkloadReport report = new WorkloadReport();
    /** Per merged job (index id - 1): the source it came from and its id there; growing arrays, no boxing. */
    private int[] originOfJob = new int[1024];
    private long[] idInSource = new long[1024];
    private long nextId = 1;
    private boolean folded;

    public MergedJobSource(List<JobSource> sources, Clock clock) {
        this.sources = List.copyOf(sources);
        int n = sources.size();
        offsets = new double[n];
        heads = new JobRecord[n];
        live = new boolean[n];
        if (clock == Clock.UNIX) {
            long[] start = new long[n];
            int first = 0;
            for (int i = 0; i < n; i++) {
                start[i] = unixStartTime(sources.get(i));
                first = start[i] < start[first] ? i : first;
            }
            for (int i = 0; i < n; i++) {
                long offset;
                try {
                    offset = Math.subtractExact(start[i], start[first]);
                } catch (ArithmeticException e) {
                    offset = Long.MAX_VALUE;
                }
                if (offset > SimTime.MAX_JOB_TIME) {
                    throw new InputException(sources.get(i).describe(), 0, UNIX_START_TIME, start[i] + " is " + offset
                            + " s after that of " + sources.get(first).describe() + " (" + start[first] + "): aligned on it, "
                            + "every job of this trace would come after the " + SimTime.format(SimTime.MAX_JOB_TIME)
                            + " s that a simulation can reach; use --clock zero");
                }
                offsets[i] = offset;
            }
        }
        for (int i = 0; i < n; i++) {
            heads[i] = new JobRecord();
            live[i] = sources.get(i).next(heads[i]);
            if (!live[i]) {
                // alone it would be "holds no job"; among others it would pass unnoticed, though the profile names it
                long skipped = sources.get(i).report().skippedTotal();
                throw new InputException(sources.get(i).describe(), 0, "workload", "holds no job" + (skipped == 0 ? ""
                        : " (" + String.format("%,d", skipped) + " line(s) skipped " + sources.get(i).report().skipped() + ")")
                        + "; leave it out of the workload's files");
            }
        }
    }

    private static final String UNIX_START_TIME = "UnixStartTime";

    /**
     * A source's UnixStartTime header read by the rule its reader checked it with ({@link HeaderNumbers}: a sign and
     * prose after the number are allowed), or an error naming the source and the header.
     */
    private static long unixStartTime(JobSource source) {
        String v = source.header().get(UNIX_START_TIME);
        if (v == null || v.isBlank()) {
            throw new InputException(source.describe(), 0, UNIX_START_TIME, "--clock unix aligns the traces on their "
                    + "UnixStartTime header and this one has " + (v == null ? "none" : "an empty one")
                    + "; give every trace one, or use --clock zero");
        }
        try {
            return HeaderNumbers.leadingWhole(v, Long.MAX_VALUE);
        } catch (IllegalArgumentException e) {
            throw new InputException(source.describe(), 0, UNIX_START_TIME, e.getMessage()
                    + "; --clock unix needs a whole number of seconds");
        }
    }

    @Override
    public boolean next(JobRecord into) {
        int best = -1;
        for (int i = 0; i < heads.length; i++) {
            if (live[i] && (best < 0 || heads[i].submitTime + offsets[i] < heads[best].submitTime + offsets[best])) {
                best = i;
            }
        }
        if (best < 0) {
            foldReports();
            return false;
        }
        JobRecord h = heads[best];
        int index = (int) (nextId - 1);
        if (index == originOfJob.length) {
            originOfJob = java.util.Arrays.copyOf(originOfJob, index * 2);
            idInSource = java.util.Arrays.copyOf(idInSource, index * 2);
        }
        originOfJob[index] = best;
        idInSource[index] = h.id;
        into.set(nextId++, h.submitTime + offsets[best], h.runtime, h.requestedTime, h.processors);
        into.line = h.line;
        into.home = best;
        into.components = h.components;
        into.setSubmitter(h);
        live[best] = sources.get(best).next(h);
        return true;
    }

    /** Index of the source (0-based, in the order given) that job number {@code id} came from. */
    public int origin(long id) {
        return originOfJob[checkedIndex(id)];
    }

    /** The id job number {@code id} has in its own source (merging renumbers jobs 1, 2, ... in time order). */
    public long idInSource(long id) {
        return idInSource[checkedIndex(id)];
    }

    /** Whether job number {@code id} came from these sources (a controller's own jobs did not). */
    public boolean merged(long id) {
        return id >= 1 && id < nextId;
    }

    private int checkedIndex(long id) {
        if (!merged(id)) {
            throw new IllegalArgumentException("job " + id + " is not one of the " + (nextId - 1) + " merged jobs");
        }
        return (int) (id - 1);
    }

    /** Adds the sources' counts to this report once they are all exhausted. */
    private void foldReports() {
        if (!folded) {
            folded = true;
            for (JobSource s : sources) {
                report.addAll(s.report());
            }
        }
    }

    @Override
    public String describe() {
        StringBuilder sb = new StringBuilder("merged(");
        for (int i = 0; i < sources.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(sources.get(i).describe());
        }
        return sb.append(')').toString();
    }

    @Override
    public WorkloadReport report() {
        return report;
    }

    @Override
    public Map<String, String> header() {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Sources", Integer.toString(sources.size()));
        return h;
    }

    @Override
    public double progress() {
        double sum = 0;
        for (JobSource s : sources) {
            double p = s.progress();
            if (Double.isNaN(p)) {
                return Double.NaN;
            }
            sum += p;
        }
        return sum / sources.size();
    }

    @Override
    public void close() {
        for (JobSource s : sources) {
            s.close();
        }
    }
}
