package org.gridsched.engine;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gridsched.api.Csv;
import org.gridsched.api.SimTime;


/**
 * Writes {@code jobs.csv} as Batsim writes its {@code _jobs.csv}, so that Evalys and other Batsim tools load it
 * unchanged: Batsim's columns in Batsim's order ({@code profile} and {@code metadata} empty: gridsched has no
 * profiles; {@code consumed_energy} in joules on runs with a power model, else empty), then ours ({@code cluster},
 * {@code reallocations}); on runs with carbon-intensity series a {@code carbon} column (grams) after the optional
 * columns below.
 * <p>
 * {@code allocated_resources} is Batsim's interval set over <em>platform-wide</em> processor ids: cluster
 * {@code c}'s processors are numbered from the sum of the sizes of the clusters before it, so that the clusters
 * of a grid do not overlay in a Gantt chart. A job on parts of several clusters has all its parts' intervals
 * there, and, in a {@code clusters} column present only when some job spans several clusters, the parts'
 * cluster names separated by {@code ;} ({@code cluster} is the first part's). A merged workload (several
 * traces) names each job's trace in {@code workload_name} and its id in that trace in a {@code source_job_id}
 * column present only then ({@code job_id} numbers the merged jobs 1, 2, ... in time order).
 * <p>
 * When some job was submitted to wait for other jobs (a controller's {@code GridOperations.submit} with
 * {@code after}: workflow tasks), a last column {@code dependencies} lists, per job, the {@code job_id}s of the
 * jobs it waited for, separated by single spaces (no comma, no quoting), in the order given; empty for a job
 * without any. Runs without dependencies have no such column (their files are unchanged).
 * <p>
 * Always last, after the optional columns: {@code user}, {@code group}, {@code queue} and {@code partition},
 * the workload's numbers for who submitted the job and where (SWF fields 12, 13, 15, 16), empty when the
 * workload does not say ({@link #SUBMITTER_COLUMNS}).
 */
public final class JobsCsv {
    /** Batsim's columns, in Batsim's order (Batsim 4 {@code _jobs.csv}). */
    public static final String BATSIM_COLUMNS = "job_id,workload_name,profile,submission_time,"
            + "requested_number_of_resources,requested_time,success,final_state,starting_time,execution_time,"
            + "finish_time,waiting_time,turnaround_time,stretch,allocated_resources,consumed_energy,metadata";
    /** Column order of jobs.csv without the optional columns: Batsim's, then ours. */
    public static final String HEADER = BATSIM_COLUMNS + ",cluster,reallocations";
    /** The last columns of every jobs.csv, after the optional ones. */
    public static final String SUBMITTER_COLUMNS = "user,group,queue,partition";

    private JobsCsv() {
    }

    /** For tests and tools without a run profile: every job's workload is named {@code workload}. */
    public static void write(SimulationResult result, Path file) throws IOException {
        write(result, file, List.of("workload"));
    }

    /**
     * @param workloadNames the workload's name ({@code summary.json}'s {@code run.workload.file} or generator),
     *                      or, for a merged workload, the name of each trace in the order they were merged
     */
    public static void write(SimulationResult result, Path file, List<String> workloadNames) throws IOException {
        Platform platform = result.platform();
        int[] firstProcessor = new int[platform.size()];
        for (int c = 1; c < platform.size(); c++) {
            firstProcessor[c] = firstProcessor[c - 1] + platform.get(c - 1).processors();
        }
        boolean multi = result.multiClusterJobs() > 0;
        boolean deps = false;
        for (SimJob j : result.jobs()) {
            if (j.dependencies() != null) {
                deps = true;
                break;
            }
        }
        MergedJobSource merged = workloadNames.size() > 1 ? result.mergedSource() : null;
        String[] quotedNames = workloadNames.stream().map(Csv::field).toArray(String[]::new);
        String allNames = Csv.field(String.join("+", workloadNames)); // merged, but the origins were not kept
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            w.write(multi ? ",clusters" : "");
            w.write(merged != null ? ",source_job_id" : "");
            w.write(deps ? ",dependencies" : "");
            boolean energy = result.hasEnergy();
            boolean carbon = result.hasCarbon();
            w.write(carbon ? ",carbon," : ",");
            w.write(SUBMITTER_COLUMNS);
            w.write('\n');
            StringBuilder sb = new StringBuilder(256);
            for (SimJob j : result.jobs()) {
                sb.setLength(0);
                boolean fromTrace = merged != null && merged.merged(j.id());
                String workload = quotedNames.length == 1 ? quotedNames[0]
                        : fromTrace ? quotedNames[merged.origin(j.id())] : allNames;
                double exec = j.finish - j.start;
                double turnaround = j.finish - j.submitTime();
                String state = j.finalState();
                sb.append(j.id()).append(',').append(workload).append(",,");
                SimTime.append(sb, j.submitTime());
                sb.append(',').append(j.procs).append(',');
                SimTime.append(sb, j.cluster < 0 ? j.refRequested : j.requested); // never queued: at reference speed
                sb.append(',').append(state.equals("COMPLETED_SUCCESSFULLY") ? 1 : 0).append(',').append(state).append(',');
                SimTime.append(sb, j.start);
                sb.append(',');
                SimTime.append(sb, exec);
                sb.append(',');
                SimTime.append(sb, j.finish);
                sb.append(',');
                SimTime.append(sb, j.start - j.submitTime());
                sb.append(',');
                SimTime.append(sb, turnaround);
                sb.append(',');
                Numbers.append(sb, turnaround / exec);
                sb.append(',');
                int parts = j.runs == null ? 0 : j.parts();
                for (int p = 0; p < parts; p++) {
                    JobAllocation.appendText(sb.append(p > 0 ? " " : ""), j.partRuns(p), firstProcessor[j.partCluster(p)]);
                }
                sb.append(',');
                if (energy && j.start == j.start) {
                    Numbers.append(sb, j.energy);
                }
                sb.append(",,");
                Csv.append(sb, j.cluster < 0 ? "" : platform.get(j.cluster).name()).append(',').append(j.moves);
                if (multi) {
                    StringBuilder names = new StringBuilder();
                    for (int p = 0; p < parts; p++) {
                        names.append(p > 0 ? ";" : "").append(platform.get(j.partCluster(p)).name());
                    }
                    Csv.append(sb.append(','), names.toString());
                }
                if (merged != null) {
                    sb.append(',');
                    if (fromTrace) {
                        sb.append(merged.idInSource(j.id()));
                    }
                }
                if (deps) {
                    sb.append(',');
                    long[] d = j.dependencies();
                    for (int i = 0; d != null && i < d.length; i++) {
                        sb.append(i > 0 ? " " : "").append(d[i]);
                    }
                }
                if (carbon) {
                    sb.append(',');
                    if (j.start == j.start) {
                        Numbers.append(sb, j.carbon);
                    }
                }
                sb.append(',');
                id(sb, j.user()).append(',');
                id(sb, j.group()).append(',');
                id(sb, j.queue()).append(',');
                id(sb, j.partition());
                w.append(sb.append('\n'));
            }
        }
    }

    /** A workload number, empty when unknown (negative). */
    private static StringBuilder id(StringBuilder sb, int value) {
        return value < 0 ? sb : sb.append(value);
    }

}
