package org.gridsched.workload.gwf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReader;
import org.osgi.service.component.annotations.Component;

/**
 * Reads Grid Workload Format traces (the Grid Workloads Archive's text format: 29 white-space separated
 * fields per job, {@code #} comment lines), plain or gzipped. The field mapping is in {@link GwfJobSource}
 * and docs/coallocation.md. Skip reasons: {@code malformed_line} (also a number out of range, such as more
 * processors than an int holds, a fractional JobID or processor count, more than 29 fields),
 * {@code job_id_negative}, {@code job_id_duplicate}, {@code runtime_not_positive}, {@code runtime_too_large} (RunTime beyond
 * {@code SimTime.MAX_JOB_TIME}, 1e10 s), {@code submit_time_missing} (GWF's -1),
 * {@code submit_time_negative} (any other negative submit time), {@code submit_time_too_large} (beyond
 * {@code SimTime.MAX_JOB_TIME} after the clock's origin; skipped before the out-of-order clamp, so later lines are never
 * clamped to it), {@code processors_not_positive},
 * {@code unknown_site}, {@code unequal_components} (also a component count larger than the processors);
 * repairs: {@code requested_time_from_runtime}, {@code requested_time_too_large_clamped} (ReqTime beyond
 * {@code SimTime.MAX_JOB_TIME}, taken as that limit; not read with {@code requested_time=runtime}), {@code processors_from_requested},
 * {@code submit_time_out_of_order}, {@code submitter_field_not_whole_unknown}, {@code wait_time_invalid_unknown}. With {@code strict}, a line that would be skipped or reordered is an
 * error naming file, line and field (and a ReqTime beyond the limit is an error naming ReqTime).
 */
@Component(service = WorkloadReader.class, configurationPid = "gridsched.reader.gwf")
public final class GwfReader implements WorkloadReader {
    public static final String NAME = "gwf";

    static final String STRICT = "strict";
    static final String CLOCK = "clock";
    static final String SITES = "sites";
    static final String COALLOCATED = "coallocated";
    static final String REQUESTED_TIME = "requested_time";

    private static final List<Parameter> PARAMETERS = List.of(
            new Parameter(STRICT, "false", "true: a malformed, impossible or out-of-order line is an error instead of being skipped or repaired"),
            new Parameter(CLOCK, "zero", "zero: submit times from the first job's (GWF times are Unix seconds); raw: as in the file"),
            new Parameter(SITES, "order of first appearance",
                    "OrigSiteID values in platform order, comma separated (site i = cluster i); jobs of other sites are skipped"),
            new Parameter(COALLOCATED, "coalloc,co-allocated,multicluster",
                    "JobStructure values (any case) of co-allocated jobs; their JobStructureParams give the number of components"),
            new Parameter(REQUESTED_TIME, "requested", "requested: ReqTime (the runtime when missing, 1e10 s when beyond that limit); runtime: perfect estimates"));

    /** The validated options. */
    record Settings(boolean strict, boolean zeroClock, List<String> sites, Set<String> coallocated, boolean requestedFromRuntime) {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Grid Workload Format traces (Grid Workloads Archive): sites as home clusters, co-allocated jobs with components";
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
        return n.endsWith(".gwf") || n.endsWith(".gwf.gz");
    }

    @Override
    public JobSource open(Path file, PluginOptions options) throws IOException {
        PluginOptions o = options != null ? options : PluginOptions.empty("workload reader '" + NAME + "'");
        o.requireKnown(PARAMETERS);
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new IOException("cannot read workload file " + file + ": " + (Files.exists(file) ? "not a readable file" : "no such file"));
        }
        return new GwfJobSource(file, settings(o));
    }

    static Settings settings(PluginOptions o) {
        String clock = o.getString(CLOCK, "zero").trim().toLowerCase(Locale.ROOT);
        if (!clock.equals("zero") && !clock.equals("raw")) {
            throw new InputException(null, 0, CLOCK, "invalid value '" + clock + "' for " + o.owner() + "; valid values: zero, raw");
        }
        String req = o.getString(REQUESTED_TIME, "requested").trim().toLowerCase(Locale.ROOT);
        if (!req.equals("requested") && !req.equals("runtime")) {
            throw new InputException(null, 0, REQUESTED_TIME, "invalid value '" + req + "' for " + o.owner()
                    + "; valid values: requested, runtime");
        }
        List<String> sites = list(o.getString(SITES, ""));
        if (new LinkedHashSet<>(sites).size() != sites.size()) {
            throw new InputException(null, 0, SITES, "names a site twice: " + sites);
        }
        Set<String> coallocated = new LinkedHashSet<>();
        for (String s : list(o.getString(COALLOCATED, "coalloc,co-allocated,multicluster"))) {
            coallocated.add(s.toLowerCase(Locale.ROOT));
        }
        return new Settings(o.getBoolean(STRICT, false), clock.equals("zero"), sites, coallocated, req.equals("runtime"));
    }

    private static List<String> list(String text) {
        List<String> out = new ArrayList<>();
        for (String s : text.split(",")) {
            if (!s.isBlank()) {
                out.add(s.trim());
            }
        }
        return out;
    }
}
