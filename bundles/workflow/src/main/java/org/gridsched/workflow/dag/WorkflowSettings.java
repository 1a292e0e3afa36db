package org.gridsched.workflow.dag;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.SimTime;
import org.gridsched.workflow.io.InputFiles;

/**
 * The options of the {@code workflow} controller, read once when a run is created.
 *
 * @param files        the WfCommons files, instances cycling through them in this order
 * @param count        workflow instances to submit
 * @param poisson      Poisson arrivals (exponential gaps of mean {@code interarrival}) or one every
 *                     {@code interarrival} seconds
 * @param runtimeScale multiplies every task runtime
 * @param walltime     requested time = runtime × walltime
 * @param minRuntime   tasks shorter than this (a runtime of 0 in the file) run this long
 */
public record WorkflowSettings(List<Path> files, int count, boolean poisson, double interarrival, double firstArrival, String scheduler,
        double runtimeScale, double walltime, double minRuntime) {

    static final String WORKFLOWS = "workflows";
    static final String COUNT = "count";
    static final String ARRIVAL = "arrival";
    static final String INTERARRIVAL = "interarrival";
    static final String FIRST_ARRIVAL = "first_arrival";
    static final String SCHEDULER = "scheduler";
    static final String RUNTIME_SCALE = "runtime_scale";
    static final String WALLTIME = "walltime_factor";
    static final String MIN_RUNTIME = "min_runtime";

    static List<Parameter> parameters(String schedulers) {
        return List.of(
                new Parameter(WORKFLOWS, "", "WfCommons files (schema 1.5 or 1.4): a file, a folder of *.json, or a list of them"),
                new Parameter(COUNT, "one per file", "workflow instances to submit, cycling through the files"),
                new Parameter(ARRIVAL, "poisson", "poisson (exponential gaps) or fixed"),
                new Parameter(INTERARRIVAL, "3600", "mean (poisson) or exact (fixed) seconds between workflow arrivals"),
                new Parameter(FIRST_ARRIVAL, "0", "when the first workflow arrives, seconds"),
                new Parameter(SCHEDULER, "fifo", "workflow scheduler: " + schedulers),
                new Parameter(RUNTIME_SCALE, "1", "multiplies every task runtime"),
                new Parameter(WALLTIME, "1", "requested time = runtime × this (at least 1; jobs are killed at their requested time)"),
                new Parameter(MIN_RUNTIME, "0.001", "a task shorter than this (runtime 0 in its file) runs this long, seconds"));
    }

    static WorkflowSettings parse(PluginOptions o, List<Parameter> parameters) {
        o.requireKnown(parameters);
        List<Path> files = files(o);
        int count = o.getInt(COUNT, files.size());
        if (count < 0) {
            throw bad(o, COUNT, "must not be negative, got " + count);
        }
        String arrival = o.getString(ARRIVAL, "poisson");
        if (!arrival.equals("poisson") && !arrival.equals("fixed")) {
            throw bad(o, ARRIVAL, "expected poisson or fixed, got '" + arrival + "'");
        }
        double first = o.getDouble(FIRST_ARRIVAL, 0);
        if (!(first >= 0)) { // NaN too: it stopped the run with the engine's error on a timer at NaN, naming no option
            throw bad(o, FIRST_ARRIVAL, "must be a number of seconds of at least 0, got " + o.asMap().get(FIRST_ARRIVAL));
        }
        first = time(o, FIRST_ARRIVAL, first);
        double walltime = o.getDouble(WALLTIME, 1);
        if (!(walltime >= 1)) {
            throw bad(o, WALLTIME, "must be at least 1 (a task would be killed before its end), got " + walltime);
        }
        double interarrival = time(o, INTERARRIVAL, o.getPositive(INTERARRIVAL, 3600));
        // the arrivals end within simulated time's bound, as a generator's must (count 10,000 every 1e10 s arrived until
        // 1e14 s, where times lose their precision)
        double last = first + Math.max(0, count - 1) * interarrival;
        if (!(last <= SimTime.MAX_JOB_TIME)) {
            throw bad(o, INTERARRIVAL, String.format(java.util.Locale.ROOT, "the %,d workflows would arrive until about %.3g s (first_arrival "
                    + "+ (count - 1) x interarrival), beyond the %s s (about 317 years) of simulated time; give a shorter interarrival or "
                    + "a lower count", count, last, SimTime.format(SimTime.MAX_JOB_TIME)));
        }
        return new WorkflowSettings(files, count, arrival.equals("poisson"), interarrival,
                first, o.getString(SCHEDULER, "fifo"), o.getPositive(RUNTIME_SCALE, 1), walltime,
                time(o, MIN_RUNTIME, o.getPositive(MIN_RUNTIME, 0.001)));
    }

    private static List<Path> files(PluginOptions o) {
        Object v = o.asMap().get(WORKFLOWS);
        if (v == null) {
            throw bad(o, WORKFLOWS, "missing; give a WfCommons file, a folder of them or a list");
        }
        List<String> names = new ArrayList<>();
        if (v instanceof List<?> l) {
            l.forEach(x -> names.add(String.valueOf(x)));
        } else {
            names.add(o.getString(WORKFLOWS, ""));
        }
        List<Path> files = new ArrayList<>();
        for (String n : names) {
            Path p = InputFiles.resolve(n, WORKFLOWS);
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.list(p)) {
                    s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().forEach(files::add);
                } catch (IOException e) {
                    throw bad(o, WORKFLOWS, "cannot list folder " + p + ": " + e.getMessage());
                }
            } else {
                files.add(p);
            }
        }
        if (files.isEmpty()) {
            throw bad(o, WORKFLOWS, "no workflow file found in " + names);
        }
        return files;
    }

    /** A time option within the bound every job has ({@link SimTime#MAX_JOB_TIME}). */
    private static double time(PluginOptions o, String key, double seconds) {
        if (seconds > SimTime.MAX_JOB_TIME) {
            throw bad(o, key, "must be at most " + SimTime.format(SimTime.MAX_JOB_TIME) + " s (about 317 years), got " + SimTime.format(seconds));
        }
        return seconds;
    }

    static InputException bad(PluginOptions o, String key, String problem) {
        return new InputException(null, 0, key, problem + " (" + o.owner() + ")");
    }
}
