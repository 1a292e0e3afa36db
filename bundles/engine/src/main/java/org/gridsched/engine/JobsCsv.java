package org.gridsched.engine;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes {@code jobs.csv}: Batsim/Evalys column names, then ours. A job on parts of several clusters has its
 * parts' processor sets in {@code allocated_resources} separated by {@code ;}, and, in a {@code clusters}
 * column present only when some job spans several clusters, the parts' cluster names in the same order
 * ({@code cluster} is then the first part's).
 */
public final class JobsCsv {
    /** Column order of jobs.csv; Batsim/Evalys names so existing analysis tools read it. */
    public static final String HEADER = "job_id,submission_time,requested_number_of_resources,requested_time,"
            + "starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,success,final_state,"
            + "allocated_resources,cluster,reallocations";

    private JobsCsv() {
    }

    public static void write(SimulationResult result, Path file) throws IOException {
        Platform platform = result.platform();
        boolean multi = result.multiClusterJobs() > 0;
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            w.write(multi ? ",clusters\n" : "\n");
            StringBuilder sb = new StringBuilder(256);
            for (SimJob j : result.jobs()) {
                sb.setLength(0);
                double exec = j.finish - j.start;
                double turnaround = j.finish - j.submitTime();
                sb.append(j.id()).append(',');
                Numbers.append(sb, j.submitTime());
                sb.append(',').append(j.procs).append(',');
                Numbers.append(sb, j.cluster < 0 ? j.refRequested : j.requested); // never queued: at reference speed
                sb.append(',');
                Numbers.append(sb, j.start);
                sb.append(',');
                Numbers.append(sb, exec);
                sb.append(',');
                Numbers.append(sb, j.finish);
                sb.append(',');
                Numbers.append(sb, j.start - j.submitTime());
                sb.append(',');
                Numbers.append(sb, turnaround);
                sb.append(',');
                Numbers.append(sb, turnaround / exec);
                String state = j.finalState();
                sb.append(',').append(state.equals("COMPLETED_SUCCESSFULLY") ? 1 : 0).append(',').append(state).append(',');
                for (int p = 0, parts = j.runs == null ? 0 : j.parts(); p < parts; p++) {
                    sb.append(p > 0 ? ";" : "").append(JobAllocation.text(j.partRuns(p)));
                }
                sb.append(',').append(j.cluster < 0 ? "" : platform.get(j.cluster).name()).append(',').append(j.moves);
                if (multi) {
                    sb.append(',');
                    for (int p = 0, parts = j.runs == null ? 0 : j.parts(); p < parts; p++) {
                        sb.append(p > 0 ? ";" : "").append(platform.get(j.partCluster(p)).name());
                    }
                }
                w.append(sb.append('\n'));
            }
        }
    }
}
