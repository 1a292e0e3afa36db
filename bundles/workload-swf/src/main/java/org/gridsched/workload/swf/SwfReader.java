package org.gridsched.workload.swf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReader;
import org.osgi.service.component.annotations.Component;

/**
 * Reads Standard Workload Format traces (Parallel Workloads Archive), plain or gzipped, as a stream of
 * jobs. Plain Java apart from the class-retention DS annotation: {@code new SwfReader()} works outside
 * OSGi.
 *
 * <p>Skip reasons (lines not returned): {@code malformed_line} (lenient mode only),
 * {@code runtime_not_positive}, {@code runtime_too_large} (field 4 beyond {@code SimTime.MAX_JOB_TIME}, 1e10 s),
 * {@code submit_time_missing} (SWF's -1), {@code submit_time_negative} (any other
 * negative submit time), {@code submit_time_too_large} (beyond {@code SimTime.MAX_JOB_TIME}; skipped before the
 * out-of-order clamp, so later lines are never clamped to it), {@code processors_not_positive}, {@code job_id_negative} and {@code job_id_duplicate} (all
 * errors in strict mode naming the field and the line's own value). A numeric header field ({@code MaxProcs}, {@code UnixStartTime}, ...) that is not a whole
 * number in range is an error in either mode. Only the header block (the comments before the first job line) sets
 * header fields; a {@code ; Key: value} comment after it is an ordinary comment.
 * Repair reasons (line returned with a substituted value): {@code requested_time_from_runtime},
 * {@code requested_time_not_positive_from_runtime}, {@code processors_from_requested},
 * {@code processors_from_allocated}, {@code submit_time_out_of_order} (lenient mode only),
 * {@code submit_time_out_of_order_sorted} (with {@code sort=true}, in either mode),
 * {@code requested_time_synthesized} (with {@code requested_time=synthesize}; at most {@code SimTime.MAX_JOB_TIME}),
 * {@code requested_time_too_large_clamped} (field 9 beyond {@code SimTime.MAX_JOB_TIME}, taken as that limit: the
 * largest request a job can make, still far above its runtime; an error naming field 9 in strict mode; not read with
 * {@code requested_time=runtime}).
 */
@Component(service = WorkloadReader.class, configurationPid = "gridsched.reader.swf")
public class SwfReader implements WorkloadReader {

    static final String OPT_STRICT = "strict";
    static final String OPT_PROCESSORS = "processors";
    static final String OPT_REQUESTED_TIME = "requested_time";

    static final String PROCS_ALLOCATED = "allocated";
    static final String PROCS_REQUESTED = "requested";
    static final String REQ_REQUESTED = "requested";
    static final String REQ_RUNTIME = "runtime";
    static final String REQ_SYNTHESIZE = "synthesize";
    static final String OPT_OVERESTIMATE_MAX = "overestimate_max";
    static final String OPT_SEED = "seed";
    static final String OPT_SORT = "sort";

    private static final List<Parameter> PARAMETERS = List.of(
            new Parameter(OPT_STRICT, "false",
                    "true: a malformed, impossible or out-of-order line is an error instead of being skipped/repaired and counted"),
            new Parameter(OPT_PROCESSORS, PROCS_ALLOCATED,
                    "allocated: field 5 (falling back to field 8 when -1); requested: field 8 (falling back to field 5)"),
            new Parameter(OPT_REQUESTED_TIME, REQ_REQUESTED,
                    "requested: field 9 (the runtime when missing or not positive, 1e10 s when beyond that limit, counted); runtime: perfect estimates; "
                            + "synthesize: field 9, and where it is missing or not positive runtime x U[1, overestimate_max] (seeded, counted)"),
            new Parameter(OPT_OVERESTIMATE_MAX, "3", "with requested_time=synthesize: the largest overestimation factor, at least 1"),
            new Parameter(OPT_SEED, "1", "with requested_time=synthesize: the seed of the factors (each job's factor depends only on it and the job id)"),
            new Parameter(OPT_SORT, "false", "true: order the jobs by submit time (ties in file order) instead of clamping an out-of-order "
                    + "submit to the previous one; reads the whole trace first, counts the jobs it moved"));

    public SwfReader() {
    }

    @Override
    public String name() {
        return "swf";
    }

    @Override
    public String description() {
        return "Standard Workload Format traces (Parallel Workloads Archive), plain or .gz";
    }

    @Override
    public List<Parameter> parameters() {
        return PARAMETERS;
    }

    @Override
    public boolean accepts(Path file) {
        if (file == null || file.getFileName() == null) {
            return false;
        }
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".swf") || n.endsWith(".swf.gz");
    }

    @Override
    public JobSource open(Path file, PluginOptions options) throws IOException {
        if (options == null) {
            options = PluginOptions.empty("workload reader 'swf'");
        }
        options.requireKnown(PARAMETERS);
        boolean strict = options.getBoolean(OPT_STRICT, false);
        String procs = choice(options, OPT_PROCESSORS, PROCS_ALLOCATED, PROCS_ALLOCATED, PROCS_REQUESTED);
        String req = choice(options, OPT_REQUESTED_TIME, REQ_REQUESTED, REQ_REQUESTED, REQ_RUNTIME, REQ_SYNTHESIZE);
        double overestimateMax = options.getDouble(OPT_OVERESTIMATE_MAX, 3);
        if (!(overestimateMax >= 1) || Double.isInfinite(overestimateMax)) {
            throw new org.gridsched.api.InputException(file.toString(), 0, OPT_OVERESTIMATE_MAX,
                    "expected a factor of at least 1 for " + options.owner() + ", got " + options.asMap().get(OPT_OVERESTIMATE_MAX));
        }
        RequestedTimes estimates = switch (req) {
            case REQ_RUNTIME -> RequestedTimes.PERFECT;
            case REQ_SYNTHESIZE -> RequestedTimes.synthesized(overestimateMax, options.getLong(OPT_SEED, 1));
            default -> RequestedTimes.FROM_TRACE;
        };

        if (!Files.exists(file)) {
            throw new IOException("cannot read workload file " + file + ": no such file");
        }
        if (Files.isDirectory(file)) {
            throw new IOException("cannot read workload file " + file + ": it is a directory");
        }
        if (!Files.isReadable(file)) {
            throw new IOException("cannot read workload file " + file + ": permission denied");
        }
        boolean sort = options.getBoolean(OPT_SORT, false);
        SwfJobSource jobs = new SwfJobSource(file, strict, PROCS_REQUESTED.equals(procs), estimates, sort);
        return sort ? new SortedJobSource(jobs) : jobs;
    }

    /** The option's value, one of {@code valid} (case-insensitive), or an error listing them. */
    private static String choice(PluginOptions options, String key, String defaultValue, String... valid) {
        Object raw = options.asMap().get(key);
        String v = raw instanceof String s ? s.trim().toLowerCase(Locale.ROOT) : null;
        if (raw == null) {
            return defaultValue;
        }
        for (String ok : valid) {
            if (ok.equals(v)) {
                return ok;
            }
        }
        throw new InputException(null, 0, key, "invalid value '" + raw + "' for " + options.owner()
                + "; valid values: " + String.join(", ", valid));
    }
}
