package org.gridsched.workload.synthetic;

import java.util.List;
import java.util.Locale;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.SimTime;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadGenerator;
import org.osgi.service.component.annotations.Component;

/**
 * The {@code lublin99} workload generator: rigid parallel jobs from the Lublin &amp; Feitelson model
 * (J. Parallel &amp; Distributed Computing 63(11), 2003; reference code {@code m_lublin99.c} of the
 * Parallel Workloads Archive). The model itself, its constants and where each comes from, and the few
 * places where this implementation had to choose, are documented in {@link Lublin99Model}.
 *
 * <h2>Options</h2>
 * <ul>
 * <li>{@code jobs} (10000): number of jobs, positive.</li>
 * <li>{@code processors} (256): machine size; sizes are in 1..processors and the model's log2 upper bound
 *     is log2(processors).</li>
 * <li>{@code load} (native): target offered load ρ = Σ(runtime × procs) / (processors × time span). When
 *     set, every inter-arrival time is multiplied by one factor
 *     {@code f = W / (processors × ρ × A)}, where A is the model's mean inter-arrival time, computed
 *     exactly ({@link Lublin99Model#meanInterArrival()}, about 911 s), and W is the mean work
 *     (runtime × procs) per job, estimated from a pilot sample of {@value #PILOT_JOBS} jobs drawn with the
 *     same size/runtime code (including {@code max_runtime}) from a stream independent of the one that
 *     generates the workload. The realised load of a long workload is then ρ within the pilot's
 *     sampling error (about 0.7 %) plus the workload's own: the model's inter-arrival times are very
 *     variable (coefficient of variation about 7), so over 200,000 jobs the realised load still scatters
 *     by about 2 % (one standard deviation) around ρ. Without {@code load} the model's native offered load
 *     is about 0.72 on 128 processors (the machine the model was fitted for), 0.87 on 256 and 1.02 on
 *     1024, because the size distribution scales with log2(processors). Sizes and runtimes do not depend on {@code load}: the same seed gives
 *     the same jobs, only their arrival times change.</li>
 * <li>{@code daily_cycle} (true): arrival rate varies over the day as in the model; false gives
 *     stationary arrivals with the same mean inter-arrival time.</li>
 * <li>{@code requested_time} (runtime): {@code runtime} makes requested = actual (exact estimates);
 *     {@code overestimate} makes requested = round(runtime × factor), factor uniform in
 *     [1, {@code overestimate_max}]. Requested times are also capped by {@code max_runtime} when it is set
 *     (treated as the machine's walltime limit), so requested ≥ runtime always.</li>
 * <li>{@code overestimate_max} (5): upper bound of the overestimation factor, at least 1.</li>
 * <li>{@code max_runtime} (0 = none): if positive, runtimes (and requested times) are capped to it.</li>
 * </ul>
 *
 * <h2>Output</h2>
 * Ids 1..jobs; submit times in whole seconds (the continuous arrival time rounded), non-decreasing, the
 * first being the first inter-arrival time; runtimes whole seconds ≥ 1 (≤ e^12 ≈ 162755 s by the model);
 * {@code line} 0. Jobs are generated one per {@code next} call; nothing per job is kept.
 *
 * <h2>Randomness</h2>
 * Only {@link java.util.SplittableRandom}: a root seeded with the seed is split, in this order, into the
 * streams for sizes, runtimes, arrivals, requested-time estimates, the load pilot and users.
 *
 * <h2>Users</h2>
 * {@code users}, {@code user_zipf}, {@code user_size_affinity} and {@code groups} give the jobs a seeded
 * population of users ({@link UserPopulation}); the jobs themselves do not change.
 */
@Component(service = WorkloadGenerator.class, configurationPid = "gridsched.generator.lublin99")
public class LublinGenerator implements WorkloadGenerator {

    /** The name profiles use. */
    public static final String NAME = "lublin99";

    /**
     * Jobs in the pilot sample that estimates the mean work per job for {@code load}. The work per job
     * (runtime × procs) has a coefficient of variation of about 3 on 1024 processors, so 200,000 pilot jobs
     * give a relative standard error of about 0.7 % (50,000 would give 1.3 %); the pilot costs ~20 ms.
     */
    static final int PILOT_JOBS = 200_000;

    /**
     * Most jobs one workload may have: the largest logs of the Parallel Workloads Archive hold a few million jobs,
     * and every job of a run is kept in memory until its results are written (about 250 bytes each: 2,000,000
     * jobs held 510 MB after a collection), so 10^8 jobs (some 25 GB) is beyond any study yet runs on a large machine
     * given the heap; jobs=1e12 generated until the heap was full.
     */
    static final long MAX_JOBS = 100_000_000;

    /** Largest accepted machine size. */
    static final int MAX_PROCESSORS = 1 << 30;

    static final String JOBS = "jobs";
    static final String PROCESSORS = "processors";
    static final String LOAD = "load";
    static final String DAILY_CYCLE = "daily_cycle";
    static final String REQUESTED_TIME = "requested_time";
    static final String OVERESTIMATE_MAX = "overestimate_max";
    static final String MAX_RUNTIME = "max_runtime";

    static final String LOAD_NATIVE = "native";
    static final String REQUESTED_RUNTIME = "runtime";
    static final String REQUESTED_OVERESTIMATE = "overestimate";

    private static final List<Parameter> PARAMETERS = List.of(
            new Parameter(JOBS, "10000", "number of jobs to generate"),
            new Parameter(PROCESSORS, "256", "machine size; job sizes are in 1..processors"),
            new Parameter(LOAD, LOAD_NATIVE,
                    "target offered load sum(runtime*procs)/(processors*span); 'native' keeps the model's arrival rate"),
            new Parameter(DAILY_CYCLE, "true", "vary the arrival rate over the day (false: stationary arrivals)"),
            new Parameter(REQUESTED_TIME, REQUESTED_RUNTIME,
                    "'runtime' (requested = actual) or 'overestimate' (requested = runtime * U[1, overestimate_max])"),
            new Parameter(OVERESTIMATE_MAX, "5", "largest overestimation factor, at least 1"),
            new Parameter(MAX_RUNTIME, "0", "cap on runtimes and requested times in seconds; 0 = no cap"),
            UserPopulation.PARAMETERS.get(0), UserPopulation.PARAMETERS.get(1), UserPopulation.PARAMETERS.get(2),
            UserPopulation.PARAMETERS.get(3));

    public LublinGenerator() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Lublin & Feitelson 1999 model of rigid parallel jobs (sizes, runtimes, daily arrival cycle)";
    }

    @Override
    public List<Parameter> parameters() {
        return PARAMETERS;
    }

    @Override
    public JobSource open(PluginOptions options, long seed) {
        PluginOptions opts = options != null ? options : PluginOptions.empty("workload generator '" + NAME + "'");
        Settings settings = Settings.parse(opts, parameters());
        LublinJobSource source = new LublinJobSource(settings, UserPopulation.Settings.parse(opts), seed);
        // beyond the limit of simulated time no job can be simulated, and a load of 1e-300 (gaps of 1e300 s) made the
        // daily cycle's arrival process walk its half-hour buckets for ever
        double span = source.meanSpan();
        if (!(span <= SimTime.MAX_JOB_TIME)) {
            throw Settings.bad(opts, settings.hasLoad() ? LOAD : JOBS, String.format(Locale.ROOT, "%,d jobs %s arrive over"
                    + " about %.3g s on average, beyond the %s s (about 317 years) of simulated time; give %s", settings.jobs(),
                    settings.hasLoad() ? "at load " + settings.load() : "at the model's native rate", span,
                    SimTime.format(SimTime.MAX_JOB_TIME), settings.hasLoad() ? "a higher load or fewer jobs" : "fewer jobs or a higher load"));
        }
        return source;
    }

    /** The validated options. {@code load} is NaN when native. */
    record Settings(long jobs, int processors, double load, boolean dailyCycle, boolean overestimate,
            double overestimateMax, long maxRuntime) {

        static Settings parse(PluginOptions options, List<Parameter> parameters) {
            options.requireKnown(parameters);

            long jobs = options.getLong(JOBS, 10_000);
            if (jobs < 1 || jobs > MAX_JOBS) {
                throw bad(options, JOBS, "must be a whole number in 1.." + MAX_JOBS + ", got " + jobs);
            }

            long processors = options.getLong(PROCESSORS, 256);
            if (processors < 1 || processors > MAX_PROCESSORS) {
                throw bad(options, PROCESSORS, "must be a whole number in 1.." + MAX_PROCESSORS + ", got " + processors);
            }

            double load = Double.NaN;
            Object rawLoad = options.asMap().get(LOAD);
            boolean nativeLoad = rawLoad == null
                    || rawLoad instanceof String s && (s.isBlank() || s.trim().equalsIgnoreCase(LOAD_NATIVE));
            if (!nativeLoad) {
                load = options.getPositive(LOAD, 1); // throws naming the option for non-numbers, <= 0, infinity
            }

            boolean dailyCycle = options.getBoolean(DAILY_CYCLE, true);

            String requested = options.getString(REQUESTED_TIME, REQUESTED_RUNTIME).trim().toLowerCase(Locale.ROOT);
            boolean overestimate;
            if (requested.equals(REQUESTED_RUNTIME)) {
                overestimate = false;
            } else if (requested.equals(REQUESTED_OVERESTIMATE)) {
                overestimate = true;
            } else {
                throw bad(options, REQUESTED_TIME, "must be '" + REQUESTED_RUNTIME + "' or '" + REQUESTED_OVERESTIMATE
                        + "', got '" + options.asMap().get(REQUESTED_TIME) + "'");
            }

            double overestimateMax = options.getDouble(OVERESTIMATE_MAX, 5);
            if (!(overestimateMax >= 1 && overestimateMax <= SimTime.MAX_JOB_TIME)) {
                // beyond 1e10 every requested time of a second or more is beyond the limit of simulated time
                throw bad(options, OVERESTIMATE_MAX, "must be a number in 1.." + SimTime.format(SimTime.MAX_JOB_TIME)
                        + ", got " + overestimateMax);
            }

            long maxRuntime = options.getLong(MAX_RUNTIME, 0);
            if (maxRuntime < 0) {
                throw bad(options, MAX_RUNTIME, "must be 0 (no cap) or a positive number of seconds, got " + maxRuntime);
            }

            return new Settings(jobs, (int) processors, load, dailyCycle, overestimate, overestimateMax, maxRuntime);
        }

        private static InputException bad(PluginOptions options, String key, String problem) {
            return new InputException(null, 0, key, problem + " (for " + options.owner() + ")");
        }

        boolean hasLoad() {
            return !Double.isNaN(load);
        }
    }
}
