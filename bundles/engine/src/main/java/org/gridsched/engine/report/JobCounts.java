package org.gridsched.engine.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.workload.WorkloadReport;

/**
 * How many jobs the workload held and what became of them, over the whole platform.
 *
 * @param read               jobs read from the workload
 * @param simulated          jobs that ran to their end (completed, stopped at their requested time, or killed
 *                           for good)
 * @param skipped            jobs dropped before the simulation, counted by reason in {@code skippedByReason}
 * @param repairedByReason   jobs whose record was repaired, by reason
 * @param killed             jobs stopped at their requested time
 * @param controllerKills    jobs killed for good by a grid controller
 * @param requeued           kills by a controller after which the job arrived again
 * @param rejectedByReason   jobs a controller gave up without running them, by reason
 * @param multiCluster       jobs that ran on parts of several clusters at once
 * @param local              jobs that local users submitted straight to their home cluster
 * @param reallocations      moves of waiting jobs to another cluster by reallocation
 * @param reallocationEvents reallocation events that took place (0: the run had no reallocation)
 * @param skippedExamples    the first skipped lines of each reason (at most {@value WorkloadReport#EXAMPLES_PER_REASON})
 */
public record JobCounts(long read, long simulated, long skipped, Map<String, Long> skippedByReason,
        Map<String, Long> repairedByReason, long killed, long controllerKills, long requeued,
        Map<String, Long> rejectedByReason, long multiCluster, long local, long reallocations, long reallocationEvents,
        Map<String, List<WorkloadReport.Skipped>> skippedExamples) {

    public JobCounts {
        skippedExamples = skippedExamples == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(skippedExamples));
        skippedByReason = ordered(skippedByReason);
        repairedByReason = ordered(repairedByReason);
        rejectedByReason = ordered(rejectedByReason);
    }

    private static Map<String, Long> ordered(Map<String, Long> m) {
        return Collections.unmodifiableMap(m == null ? new LinkedHashMap<>() : new LinkedHashMap<>(m));
    }

    /** Jobs given up by controllers without running. */
    public long rejected() {
        long n = 0;
        for (long v : rejectedByReason.values()) {
            n += v;
        }
        return n;
    }

    /**
     * The {@code jobs} object of {@code summary.json}. Counts that only some runs have (controllers, local users,
     * reallocation) appear only when they occur, so that the summaries of runs without them do not change.
     */
    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("read", read);
        m.put("simulated", simulated);
        m.put("skipped", skipped);
        m.put("skipped_by_reason", new LinkedHashMap<>(skippedByReason));
        if (!skippedExamples.isEmpty()) {
            // the first skipped lines of each reason, so that a user sees which and why
            Map<String, Object> ex = new LinkedHashMap<>();
            skippedExamples.forEach((reason, list) -> {
                List<Map<String, Object>> rows = new java.util.ArrayList<>();
                for (WorkloadReport.Skipped x : list) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put("source", x.source());
                    row.put("line", x.line());
                    row.put("detail", x.detail());
                    rows.add(row);
                }
                ex.put(reason, rows);
            });
            m.put("skipped_examples", ex);
        }
        m.put("repaired_by_reason", new LinkedHashMap<>(repairedByReason));
        m.put("killed", killed);
        if (controllerKills > 0) {
            m.put("controller_kills", controllerKills);
        }
        if (requeued > 0) {
            m.put("requeued", requeued);
        }
        if (!rejectedByReason.isEmpty()) {
            m.put("rejected_by_reason", new LinkedHashMap<>(rejectedByReason));
        }
        if (multiCluster > 0) {
            m.put("multi_cluster", multiCluster);
        }
        if (local > 0) {
            m.put("local", local);
        }
        if (reallocationEvents > 0) {
            m.put("reallocations", reallocations);
            m.put("reallocation_events", reallocationEvents);
        }
        return m;
    }
}
