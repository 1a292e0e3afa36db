package org.gridsched.report;

import java.util.Map;
import java.util.TreeMap;

/**
 * Batsim's schedule aggregates (what Batsim writes to {@code _schedule.csv}), as {@code schedule.json}, with
 * Batsim's names and definitions: means are over all jobs (rejected ones add 0), slowdown is turnaround over
 * execution time, makespan is the last completion, {@code time_computing} and {@code time_idle} are processor
 * seconds up to the makespan. Keys in Batsim's (alphabetical) order. Energy, machine switches and the scheduler's
 * own time are left out: gridsched does not model the first two and the third is not reproducible.
 */
final class ScheduleJson {
    private ScheduleJson() {
    }

    static String of(JobsTable t) {
        long jobs = t.size;
        long finished = 0;
        long success = 0;
        long rejected = 0;
        double sumWait = 0;
        double sumTurnaround = 0;
        double sumSlowdown = 0;
        double maxWait = 0;
        double maxTurnaround = 0;
        double maxSlowdown = 0;
        double makespan = 0;
        double computing = 0;
        for (int j = 0; j < t.size; j++) {
            String state = t.stateName(j);
            if (state.equals("REJECTED") || !t.ran(j)) {
                rejected++;
                continue;
            }
            finished++;
            if (state.equals("COMPLETED_SUCCESSFULLY")) {
                success++;
            }
            double wait = t.start[j] - t.submit[j];
            double run = t.finish[j] - t.start[j];
            double turnaround = t.finish[j] - t.submit[j];
            double slowdown = run > 0 ? turnaround / run : 1;
            sumWait += wait;
            sumTurnaround += turnaround;
            sumSlowdown += slowdown;
            maxWait = Math.max(maxWait, wait);
            maxTurnaround = Math.max(maxTurnaround, turnaround);
            maxSlowdown = Math.max(maxSlowdown, slowdown);
            makespan = Math.max(makespan, t.finish[j]);
            computing += run * t.processors(j);
        }
        Map<String, Object> m = new TreeMap<>();
        m.put("makespan", makespan);
        m.put("max_slowdown", maxSlowdown);
        m.put("max_turnaround_time", maxTurnaround);
        m.put("max_waiting_time", maxWait);
        m.put("mean_slowdown", jobs == 0 ? 0.0 : sumSlowdown / jobs);
        m.put("mean_turnaround_time", jobs == 0 ? 0.0 : sumTurnaround / jobs);
        m.put("mean_waiting_time", jobs == 0 ? 0.0 : sumWait / jobs);
        m.put("nb_computing_machines", (long) t.clusters.total());
        m.put("nb_jobs", jobs);
        m.put("nb_jobs_finished", finished);
        m.put("nb_jobs_killed", finished - success);
        m.put("nb_jobs_rejected", rejected);
        m.put("nb_jobs_success", success);
        m.put("success_rate", jobs == 0 ? 0.0 : (double) success / jobs);
        m.put("time_computing", computing);
        m.put("time_idle", Math.max(0, t.clusters.total() * makespan - computing));
        StringBuilder sb = new StringBuilder("{\n");
        m.forEach((k, v) -> {
            sb.append("  ");
            Json.string(sb, k);
            sb.append(": ");
            Json.write(sb, v);
            sb.append(",\n");
        });
        sb.setLength(sb.length() - 2);
        return sb.append("\n}\n").toString();
    }
}
