package org.gridsched.engine;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

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
        write(result, file, workloadNames, BLOCK, formatters());
    }

    /** Jobs per block formatted by one task: about 2 MB of text. */
    static final int BLOCK = 16_384;

    /** Threads that format blocks: the machine's processors, at most 4 (the file is written by the caller). */
    private static int formatters() {
        return Math.min(4, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Writes the rows in blocks of {@code block} jobs. With more than one formatter and more than two blocks, the
     * blocks are formatted on that many threads while the caller writes the finished ones in order: formatting
     * the numbers is most of the time (a million jobs: 133 MB in about 0.6 s on one thread), so a run's results
     * come out sooner. The bytes are the same whatever the block size and the number of threads.
     */
    static void write(SimulationResult result, Path file, List<String> workloadNames, int block, int formatters)
            throws IOException {
        Rows rows = new Rows(result, workloadNames);
        List<SimJob> jobs = result.jobs();
        int n = jobs.size();
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(rows.header().getBytes(StandardCharsets.UTF_8));
            if (formatters < 2 || n <= 2L * block) {
                for (int from = 0; from < n; from += block) {
                    out.write(rows.block(jobs, from, Math.min(n, from + block)));
                }
                return;
            }
            ExecutorService pool = Executors.newFixedThreadPool(formatters, r -> {
                Thread t = new Thread(r, "gridsched jobs.csv");
                t.setDaemon(true);
                return t;
            });
            try {
                // at most two blocks per thread formatted ahead of the writing: a few MB whatever the run's size
                ArrayDeque<Future<byte[]>> ahead = new ArrayDeque<>();
                for (int from = 0; from < n; from += block) {
                    int start = from;
                    int end = Math.min(n, from + block);
                    ahead.add(pool.submit(() -> rows.block(jobs, start, end)));
                    if (ahead.size() >= 2 * formatters) {
                        out.write(done(ahead.poll()));
                    }
                }
                while (!ahead.isEmpty()) {
                    out.write(done(ahead.poll()));
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** A block's bytes, or what its formatting threw. */
    private static byte[] done(Future<byte[]> block) throws IOException {
        try {
            return block.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing jobs.csv");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IOException(e.getCause());
        }
    }

    /** The header and the rows of one run's jobs.csv; only reads the result, so blocks can be formatted in parallel. */
    private static final class Rows {
        private final Platform platform;
        private final int[] firstProcessor;
        private final boolean multi;
        private final boolean deps;
        private final MergedJobSource merged;
        private final String[] quotedNames;
        private final String allNames;
        private final boolean energy;
        private final boolean carbon;

        Rows(SimulationResult result, List<String> workloadNames) {
            platform = result.platform();
            firstProcessor = new int[platform.size()];
            for (int c = 1; c < platform.size(); c++) {
                firstProcessor[c] = firstProcessor[c - 1] + platform.get(c - 1).processors();
            }
            multi = result.multiClusterJobs() > 0;
            boolean anyDeps = false;
            for (SimJob j : result.jobs()) {
                if (j.dependencies() != null) {
                    anyDeps = true;
                    break;
                }
            }
            deps = anyDeps;
            merged = workloadNames.size() > 1 ? result.mergedSource() : null;
            quotedNames = workloadNames.stream().map(Csv::field).toArray(String[]::new);
            allNames = Csv.field(String.join("+", workloadNames)); // merged, but the origins were not kept
            energy = result.hasEnergy();
            carbon = result.hasCarbon();
        }

        String header() {
            return HEADER + (multi ? ",clusters" : "") + (merged != null ? ",source_job_id" : "")
                    + (deps ? ",dependencies" : "") + (carbon ? ",carbon," : ",") + SUBMITTER_COLUMNS + "\n";
        }

        /** Rows {@code from} to {@code to} (exclusive) of the jobs, as UTF-8. */
        byte[] block(List<SimJob> jobs, int from, int to) {
            StringBuilder sb = new StringBuilder(160 * (to - from));
            for (int i = from; i < to; i++) {
                row(sb, jobs.get(i));
            }
            return sb.toString().getBytes(StandardCharsets.UTF_8);
        }

        private void row(StringBuilder sb, SimJob j) {
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
                Numbers.appendMeasured(sb, j.energy);
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
                    Numbers.appendMeasured(sb, j.carbon);
                }
            }
            sb.append(',');
            id(sb, j.user()).append(',');
            id(sb, j.group()).append(',');
            id(sb, j.queue()).append(',');
            id(sb, j.partition());
            sb.append('\n');
        }
    }

    /** A workload number, empty when unknown (negative). */
    private static StringBuilder id(StringBuilder sb, int value) {
        return value < 0 ? sb : sb.append(value);
    }

}
