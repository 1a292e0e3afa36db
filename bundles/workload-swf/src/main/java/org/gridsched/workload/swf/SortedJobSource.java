package org.gridsched.workload.swf;

import java.util.Map;

import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;

/**
 * A trace's jobs in submit-time order, ties in file order ({@code sort=true}). Some archive traces hold jobs
 * out of order (merged logs, clock fixes); clamping them to the previous submit, the lenient default, changes
 * their submit times, so a user who wants the recorded times asks for this. The whole trace is read on the
 * first {@link #next}: the records are kept column-wise in primitive arrays (about 90 bytes a job) and an
 * index is sorted, O(n log n).
 */
final class SortedJobSource implements JobSource {
    private final SwfJobSource source;
    private long[] ids = new long[0];
    private double[] submit;
    private double[] runtime;
    private double[] requested;
    private int[] processors;
    private long[] lines;
    /** user, group, executable, queue, partition: five ints a job. */
    private int[] who;
    private double[] recordedWait;
    private double[] thinkTime;
    private long[] preceding;
    private Integer[] order;
    private int size = -1;
    private int served;

    SortedJobSource(SwfJobSource source) {
        this.source = source;
    }

    @Override
    public boolean next(JobRecord into) {
        if (size < 0) {
            readAll();
        }
        if (served == size) {
            return false;
        }
        int i = order[served++];
        into.set(ids[i], submit[i], runtime[i], requested[i], processors[i]);
        into.line = lines[i];
        into.user = who[5 * i];
        into.group = who[5 * i + 1];
        into.executable = who[5 * i + 2];
        into.queue = who[5 * i + 3];
        into.partition = who[5 * i + 4];
        into.recordedWait = recordedWait[i];
        into.thinkTime = thinkTime[i];
        into.precedingJob = preceding[i];
        return true;
    }

    private void readAll() {
        int cap = 1024;
        ids = new long[cap];
        submit = new double[cap];
        runtime = new double[cap];
        requested = new double[cap];
        processors = new int[cap];
        lines = new long[cap];
        who = new int[5 * cap];
        recordedWait = new double[cap];
        thinkTime = new double[cap];
        preceding = new long[cap];
        JobRecord r = new JobRecord();
        int n = 0;
        while (source.next(r)) {
            if (n == ids.length) {
                int c = n * 2;
                ids = java.util.Arrays.copyOf(ids, c);
                submit = java.util.Arrays.copyOf(submit, c);
                runtime = java.util.Arrays.copyOf(runtime, c);
                requested = java.util.Arrays.copyOf(requested, c);
                processors = java.util.Arrays.copyOf(processors, c);
                lines = java.util.Arrays.copyOf(lines, c);
                who = java.util.Arrays.copyOf(who, 5 * c);
                recordedWait = java.util.Arrays.copyOf(recordedWait, c);
                thinkTime = java.util.Arrays.copyOf(thinkTime, c);
                preceding = java.util.Arrays.copyOf(preceding, c);
            }
            ids[n] = r.id;
            submit[n] = r.submitTime;
            runtime[n] = r.runtime;
            requested[n] = r.requestedTime;
            processors[n] = r.processors;
            lines[n] = r.line;
            who[5 * n] = r.user;
            who[5 * n + 1] = r.group;
            who[5 * n + 2] = r.executable;
            who[5 * n + 3] = r.queue;
            who[5 * n + 4] = r.partition;
            recordedWait[n] = r.recordedWait;
            thinkTime[n] = r.thinkTime;
            preceding[n] = r.precedingJob;
            n++;
        }
        order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        // a stable sort (TimSort on objects): equal submit times keep their file order
        java.util.Arrays.sort(order, (a, b) -> Double.compare(submit[a], submit[b]));
        size = n;
    }

    @Override
    public String describe() {
        return source.describe();
    }

    @Override
    public WorkloadReport report() {
        return source.report();
    }

    @Override
    public Map<String, String> header() {
        return source.header();
    }

    @Override
    public double progress() {
        return size < 0 ? source.progress() : size == 0 ? 1 : (double) served / size;
    }

    @Override
    public void close() {
        source.close();
    }
}
