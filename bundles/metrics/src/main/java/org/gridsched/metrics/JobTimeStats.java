package org.gridsched.metrics;

import java.util.LinkedHashMap;
import java.util.Map;

import org.gridsched.api.metrics.JobOutcome;

/** Time metrics of a set of jobs (one cluster, or the whole platform). */
final class JobTimeStats {
    private final double boundedSlowdownThreshold;
    private long count;
    private double firstStart = Double.POSITIVE_INFINITY;
    private double lastFinish = Double.NEGATIVE_INFINITY;
    private double sumWait;
    private double maxWait;
    private double sumResponse;
    private double sumSlowdown;
    private double sumBoundedSlowdown;
    private final DoubleList waits = new DoubleList();
    /** Computed once: the median sorts all waits, and one object may be reported twice (one cluster). */
    private Map<String, Object> values;

    JobTimeStats(double boundedSlowdownThreshold) {
        this.boundedSlowdownThreshold = boundedSlowdownThreshold;
    }

    void add(JobOutcome j) {
        double wait = j.waitTime();
        double exec = j.executionTime();
        double response = wait + exec;
        count++;
        firstStart = Math.min(firstStart, j.startTime());
        lastFinish = Math.max(lastFinish, j.finishTime());
        sumWait += wait;
        maxWait = Math.max(maxWait, wait);
        sumResponse += response;
        sumSlowdown += response / exec;
        sumBoundedSlowdown += Math.max(1.0, response / Math.max(exec, boundedSlowdownThreshold));
        waits.add(wait);
    }

    /** The metrics; call once all jobs are added. */
    Map<String, Object> values() {
        if (values != null) {
            return values;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        boolean any = count > 0;
        m.put("makespan", any ? lastFinish - firstStart : 0.0);
        m.put("first_start", any ? firstStart : Double.NaN);
        m.put("last_finish", any ? lastFinish : Double.NaN);
        m.put("mean_wait", any ? sumWait / count : Double.NaN);
        m.put("median_wait", waits.median());
        m.put("max_wait", any ? maxWait : Double.NaN);
        m.put("mean_response_time", any ? sumResponse / count : Double.NaN);
        m.put("mean_slowdown", any ? sumSlowdown / count : Double.NaN);
        m.put("mean_bounded_slowdown", any ? sumBoundedSlowdown / count : Double.NaN);
        m.put("bounded_slowdown_threshold", boundedSlowdownThreshold);
        values = m;
        return m;
    }
}
