package org.gridsched.workload.synthetic;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.gridsched.api.Decimals;
import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.SimTime;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadGenerator;
import org.gridsched.theory.LengthDistribution;
import org.osgi.service.component.annotations.Component;

/**
 * The {@code synthetic} workload generator: textbook queueing workloads with a chosen arrival process,
 * length law, size law and estimate model, e.g. M/M/1-like sequential jobs, saturated-then-idle phases, or
 * the "realistic" size distribution of the co-allocation study (Ballier et al., INRIA RR-5815).
 *
 * <h2>Options</h2>
 * <ul>
 * <li>{@code jobs} (0 = no limit) and {@code duration} (0 = no limit, seconds): generation stops at
 *     whichever limit comes first; a job whose submit time would be after {@code duration} is not
 *     generated. At least one of them must be positive, unless {@code phases} bound the workload.</li>
 * <li>{@code arrival} ({@code poisson}): {@code poisson} (exponential inter-arrival times) or
 *     {@code fixed} (constant inter-arrival time).</li>
 * <li>{@code rate} (0.5 jobs/s) or {@code interarrival} (mean seconds between arrivals); not both.</li>
 * <li>{@code phases}: a time-varying rate, a list of {@code {"rate": r, "duration": d}} objects (or
 *     {@code {"interarrival": m, "duration": d}}); phase k starts where phase k−1 ends (the first at 0) and
 *     lasts d seconds; r ≥ 0 (0: no arrivals during the phase); after the last phase no more jobs. Also
 *     accepted as text {@code "r:d,r:d,..."} (for the command line). Not together with rate or
 *     interarrival. Poisson arrivals are exact for the piecewise-constant rate (see {@link ArrivalPhases}).</li>
 * <li>{@code length} ({@code exponential}), {@code mean_length} (100 s), {@code alpha}, {@code erlang_shape}
 *     (2): the length law, a {@link LengthDistribution} of the theory bundle drawn by
 *     {@link LengthSampler}. {@code alpha} defaults to 0.5 for
 *     {@code uniform} and 0.05 for {@code shifted-exponential}. Lengths are not rounded.</li>
 * <li>{@code size} ({@code sequential}), {@code min_size} (1), {@code max_size} (64), {@code q} (0.9): the
 *     size law, see {@link SizeDistribution}.</li>
 * <li>{@code requested_time} ({@code runtime}): {@code runtime} (requested = actual) or
 *     {@code overestimate} (requested = runtime × U[1, {@code overestimate_max}], default 2).</li>
 * </ul>
 *
 * <h2>Output</h2>
 * Ids 1, 2, 3, ...; the first submit time is the first inter-arrival time (the clock starts at 0);
 * submit times, runtimes and requested times are not rounded; {@code line} 0. {@code header()} has
 * {@code MaxProcs} = max_size for the {@code uniform} and {@code realistic} size laws, nothing for
 * {@code sequential}. One job per {@code next} call, constant memory.
 *
 * <h2>Randomness</h2>
 * Only {@link java.util.SplittableRandom}: a root seeded with the seed is split, in this order, into the
 * streams for arrivals, lengths, sizes, requested-time estimates and users. Changing one law does not change
 * the draws of the others.
 *
 * <h2>Users</h2>
 * {@code users}, {@code user_zipf}, {@code user_size_affinity} and {@code groups} give the jobs a seeded
 * population of users ({@link UserPopulation}); the jobs themselves do not change.
 */
@Component(service = WorkloadGenerator.class, configurationPid = "gridsched.generator.synthetic")
public class SyntheticGenerator implements WorkloadGenerator {

    /** The name profiles use. */
    public static final String NAME = "synthetic";

    static final String JOBS = "jobs";
    static final String DURATION = "duration";
    static final String ARRIVAL = "arrival";
    static final String RATE = "rate";
    static final String INTERARRIVAL = "interarrival";
    static final String PHASES = "phases";
    static final String LENGTH = "length";
    static final String MEAN_LENGTH = "mean_length";
    static final String ALPHA = "alpha";
    static final String ERLANG_SHAPE = "erlang_shape";
    static final String SIZE = "size";
    static final String MIN_SIZE = "min_size";
    static final String MAX_SIZE = "max_size";
    static final String Q = "q";
    static final String REQUESTED_TIME = "requested_time";
    static final String OVERESTIMATE_MAX = "overestimate_max";

    static final String ARRIVAL_POISSON = "poisson";
    static final String ARRIVAL_FIXED = "fixed";
    static final String REQUESTED_RUNTIME = "runtime";
    static final String REQUESTED_OVERESTIMATE = "overestimate";

    static final double DEFAULT_RATE = 0.5;
    static final double DEFAULT_MEAN_LENGTH = 100;
    static final int DEFAULT_ERLANG_SHAPE = 2;
    static final int DEFAULT_MIN_SIZE = 1;
    static final int DEFAULT_MAX_SIZE = 64;
    /** The value of q recommended by the co-allocation study (shared/spec/coallocation.md). */
    static final double DEFAULT_Q = 0.9;
    static final double DEFAULT_OVERESTIMATE_MAX = 2;

    /** Largest max_size for the uniform law. */
    static final int MAX_UNIFORM_SIZE = 1 << 30;
    /** Largest max_size for the realistic law (its cumulative table has one entry per size). */
    static final int MAX_REALISTIC_SIZE = 1 << 16;

    private static final List<Parameter> PARAMETERS = List.of(
            new Parameter(JOBS, "0", "number of jobs; 0 = no limit by count (stop at duration or after the phases)"),
            new Parameter(DURATION, "0",
                    "seconds of submissions; jobs submitted after it are not generated; 0 = no limit by time"),
            new Parameter(ARRIVAL, ARRIVAL_POISSON,
                    "'poisson' (exponential inter-arrival times) or 'fixed' (constant inter-arrival time)"),
            new Parameter(RATE, "0.5", "arrival rate in jobs per second (alternative to interarrival)"),
            new Parameter(INTERARRIVAL, "1/rate", "mean seconds between arrivals (alternative to rate)"),
            new Parameter(PHASES, "none",
                    "time-varying rate: [{\"rate\": r, \"duration\": d}, ...] applied one after the other; no jobs after the last"
                    + " (on the command line: phases=r:d,r:d,...)"),
            new Parameter(LENGTH, "exponential",
                    "length law: exponential, constant, uniform, shifted-exponential or erlang"),
            new Parameter(MEAN_LENGTH, "100", "mean job length in seconds at speed 1"),
            new Parameter(ALPHA, "0.5 (uniform), 0.05 (shifted-exponential)",
                    "in (0,1): uniform U[mean(1-alpha), mean(1+alpha)]; shifted-exponential alpha*mean + Exp((1-alpha)*mean)"),
            new Parameter(ERLANG_SHAPE, "2", "shape h of the erlang law (whole number >= 1): Gamma(h, mean/h)"),
            new Parameter(SIZE, "sequential",
                    "size law: sequential (1 processor), uniform on [min_size, max_size], or realistic (q^i, x3 at powers of 2)"),
            new Parameter(MIN_SIZE, "1", "smallest job size for the uniform and realistic laws"),
            new Parameter(MAX_SIZE, "64", "largest job size for the uniform and realistic laws (also the header's MaxProcs)"),
            new Parameter(Q, "0.9", "realistic law: P(i) proportional to q^i (3 q^i for powers of two), 0 < q < 1"),
            new Parameter(REQUESTED_TIME, REQUESTED_RUNTIME,
                    "'runtime' (requested = actual) or 'overestimate' (requested = runtime * U[1, overestimate_max])"),
            new Parameter(OVERESTIMATE_MAX, "2", "largest overestimation factor, at least 1"),
            UserPopulation.PARAMETERS.get(0), UserPopulation.PARAMETERS.get(1), UserPopulation.PARAMETERS.get(2),
            UserPopulation.PARAMETERS.get(3));

    public SyntheticGenerator() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "synthetic queueing workloads: Poisson or fixed arrivals (with rate phases), classic length and size laws";
    }

    @Override
    public List<Parameter> parameters() {
        return PARAMETERS;
    }

    @Override
    public JobSource open(PluginOptions options, long seed) {
        PluginOptions opts = options != null ? options : PluginOptions.empty("workload generator '" + NAME + "'");
        Settings settings = Settings.parse(opts, parameters());
        return new SyntheticJobSource(settings, UserPopulation.Settings.parse(opts), seed);
    }

    /** Deterministic number text: whole numbers without a decimal point. */
    static String num(double v) {
        return Double.isFinite(v) ? Decimals.format(v) : Double.toString(v);
    }

    /**
     * The validated options.
     *
     * @param jobs        0 = no limit
     * @param duration    0 = no limit
     * @param phases      the arrival phases; one phase of infinite duration without {@code phases}
     * @param phased      whether {@code phases} was given
     * @param rateGivenAs "rate" or "interarrival" (which option gave the constant rate), null with phases
     */
    record Settings(long jobs, double duration, boolean poisson, List<ArrivalPhases.Phase> phases, boolean phased,
            String rateGivenAs, LengthDistribution lengths, SizeDistribution sizes, boolean overestimate,
            double overestimateMax) {

        static Settings parse(PluginOptions options, List<Parameter> parameters) {
            options.requireKnown(parameters);
            Map<String, Object> raw = options.asMap();

            long jobs = options.getLong(JOBS, 0);
            if (jobs < 0) {
                throw bad(options, JOBS, "must be 0 (no limit) or a positive whole number, got " + jobs);
            }
            double duration = options.getDouble(DURATION, 0);
            if (!(duration >= 0) || Double.isInfinite(duration)) {
                throw bad(options, DURATION, "must be 0 (no limit) or a positive finite number of seconds, got "
                        + raw.get(DURATION));
            }

            String arrival = choice(options, ARRIVAL, ARRIVAL_POISSON, ARRIVAL_POISSON, ARRIVAL_FIXED);
            boolean poisson = arrival.equals(ARRIVAL_POISSON);

            boolean hasRate = raw.get(RATE) != null;
            boolean hasInterarrival = raw.get(INTERARRIVAL) != null;
            boolean phased = raw.get(PHASES) != null;
            if (hasRate && hasInterarrival) {
                throw bad(options, INTERARRIVAL, "give either " + RATE + " or " + INTERARRIVAL + ", not both");
            }
            List<ArrivalPhases.Phase> phases;
            String rateGivenAs = null;
            if (phased) {
                if (hasRate || hasInterarrival) {
                    throw bad(options, PHASES, "give either " + PHASES + " or " + (hasRate ? RATE : INTERARRIVAL)
                            + ", not both (each phase has its own rate)");
                }
                phases = parsePhases(options, raw.get(PHASES));
            } else if (hasInterarrival) {
                double m = options.getPositive(INTERARRIVAL, 1 / DEFAULT_RATE);
                phases = List.of(new ArrivalPhases.Phase(1 / m, m, Double.POSITIVE_INFINITY));
                rateGivenAs = INTERARRIVAL;
            } else {
                double r = options.getPositive(RATE, DEFAULT_RATE);
                phases = List.of(new ArrivalPhases.Phase(r, 1 / r, Double.POSITIVE_INFINITY));
                rateGivenAs = RATE;
            }
            if (jobs == 0 && duration == 0 && !phased) {
                throw bad(options, JOBS, "the workload would never end: set " + JOBS + " or " + DURATION
                        + " (or " + PHASES + ") to a positive value");
            }
            if (jobs > LublinGenerator.MAX_JOBS) {
                throw bad(options, JOBS, "must be at most " + LublinGenerator.MAX_JOBS + ", got " + jobs);
            }
            if (jobs == 0) {
                // bounded by time only: the expected count, so that rate=1e308 is refused here instead of running out
                // of memory after the check said ok (as lublin99's jobs, at most MAX_JOBS)
                double expected = 0;
                double left = duration > 0 ? duration : Double.POSITIVE_INFINITY;
                for (ArrivalPhases.Phase ph : phases) {
                    double d = Math.min(ph.duration(), left);
                    expected += ph.rate() * d;
                    left -= d;
                }
                if (!(expected <= LublinGenerator.MAX_JOBS)) {
                    throw bad(options, phased ? PHASES : rateGivenAs, String.format(java.util.Locale.ROOT, "would give more than %,d jobs"
                            + " (%srate x %s); give %s or a lower rate", LublinGenerator.MAX_JOBS,
                            Double.isFinite(expected) ? String.format(java.util.Locale.ROOT, "about %.3g: ", expected) : "",
                            phased && duration == 0 ? "the phases' durations" : DURATION, JOBS));
                }
            }

            // when the arrivals stop: by count (at the expected arrival of the last job), by duration or after the phases;
            // beyond the limit of simulated time no job can be simulated (interarrival=1e300 had every job skipped as
            // invalid_job, which named no option)
            double end = arrivalsEnd(phases, jobs, duration);
            if (!(end <= SimTime.MAX_JOB_TIME)) {
                String key = duration > 0 && duration > SimTime.MAX_JOB_TIME && (jobs == 0 || end == duration) ? DURATION
                        : phased ? PHASES : rateGivenAs;
                throw bad(options, key, String.format(Locale.ROOT, "the jobs would arrive until about %.3g s, beyond the %s s"
                        + " (about 317 years) of simulated time; give %s", end, SimTime.format(SimTime.MAX_JOB_TIME),
                        key.equals(DURATION) ? "a shorter duration" : key.equals(PHASES) ? "shorter phases, higher rates or fewer jobs"
                        : "a higher rate or fewer jobs"));
            }

            LengthDistribution lengths = parseLengths(options);
            SizeDistribution sizes = parseSizes(options);

            String requested = choice(options, REQUESTED_TIME, REQUESTED_RUNTIME, REQUESTED_RUNTIME,
                    REQUESTED_OVERESTIMATE);
            double overestimateMax = options.getDouble(OVERESTIMATE_MAX, DEFAULT_OVERESTIMATE_MAX);
            if (!(overestimateMax >= 1 && overestimateMax <= SimTime.MAX_JOB_TIME)) {
                throw bad(options, OVERESTIMATE_MAX, "must be a number in 1.." + SimTime.format(SimTime.MAX_JOB_TIME) + ", got "
                        + raw.get(OVERESTIMATE_MAX));
            }
            return new Settings(jobs, duration, poisson, List.copyOf(phases), phased, rateGivenAs, lengths, sizes,
                    requested.equals(REQUESTED_OVERESTIMATE), overestimateMax);
        }

        private static LengthDistribution parseLengths(PluginOptions options) {
            Map<String, Object> raw = options.asMap();
            String name = options.getString(LENGTH, LengthDistribution.Family.EXPONENTIAL.label());
            LengthDistribution.Family law = LengthDistribution.Family.byName(name);
            if (law == null) {
                throw bad(options, LENGTH, "unknown length law '" + name + "'; valid values: "
                        + LengthDistribution.VALID_NAMES);
            }
            double mean = options.getDouble(MEAN_LENGTH, DEFAULT_MEAN_LENGTH);
            if (!(mean > 0 && mean <= SimTime.MAX_JOB_TIME)) { // the limit of every job's time
                throw bad(options, MEAN_LENGTH, "must be a positive number of seconds, at most " + SimTime.format(SimTime.MAX_JOB_TIME)
                        + " (about 317 years), got " + raw.get(MEAN_LENGTH));
            }
            double alpha = law.usesAlpha() ? LengthSampler.defaultAlpha(law) : Double.NaN;
            if (raw.get(ALPHA) != null) {
                alpha = options.getDouble(ALPHA, alpha);
                if (!(alpha > 0 && alpha < 1)) {
                    throw bad(options, ALPHA, "must be strictly between 0 and 1, got " + raw.get(ALPHA));
                }
            }
            int shape = DEFAULT_ERLANG_SHAPE;
            if (raw.get(ERLANG_SHAPE) != null) {
                double h = options.getDouble(ERLANG_SHAPE, DEFAULT_ERLANG_SHAPE);
                if (!(h >= 1) || h != Math.rint(h) || h > 1_000_000) {
                    throw bad(options, ERLANG_SHAPE, "must be a whole number in 1..1000000, got " + raw.get(ERLANG_SHAPE));
                }
                shape = (int) h;
            }
            // every parameter is checked above, so the theory's own checks cannot fail here
            return LengthDistribution.of(law, mean, alpha, shape);
        }

        private static SizeDistribution parseSizes(PluginOptions options) {
            Map<String, Object> raw = options.asMap();
            String name = options.getString(SIZE, SizeDistribution.Law.SEQUENTIAL.label);
            SizeDistribution.Law law = SizeDistribution.Law.byName(name);
            if (law == null) {
                throw bad(options, SIZE, "unknown size law '" + name + "'; valid values: " + SizeDistribution.Law.names());
            }
            int limit = law == SizeDistribution.Law.REALISTIC ? MAX_REALISTIC_SIZE : MAX_UNIFORM_SIZE;
            long max = options.getLong(MAX_SIZE, DEFAULT_MAX_SIZE);
            if (max < 1 || max > limit) {
                throw bad(options, MAX_SIZE, "must be a whole number in 1.." + limit
                        + (law == SizeDistribution.Law.REALISTIC ? " for the realistic law" : "") + ", got " + max);
            }
            long min = options.getLong(MIN_SIZE, DEFAULT_MIN_SIZE);
            if (min < 1 || min > max) {
                throw bad(options, MIN_SIZE, "must be a whole number in 1..max_size (" + max + "), got " + min);
            }
            double q = options.getDouble(Q, DEFAULT_Q);
            if (!(q > 0 && q < 1)) {
                throw bad(options, Q, "must be strictly between 0 and 1, got " + raw.get(Q));
            }
            return new SizeDistribution(law, (int) min, (int) max, q);
        }

        /**
         * When arrivals stop, seconds: the expected arrival of the {@code jobs}-th job (0: no limit by count), the
         * {@code duration} (0: none), or the end of the last phase with arrivals, whichever comes first; infinite if none.
         */
        static double arrivalsEnd(List<ArrivalPhases.Phase> phases, long jobs, double duration) {
            double left = jobs > 0 ? jobs : Double.POSITIVE_INFINITY;
            double t = 0;
            double end = Double.POSITIVE_INFINITY;
            boolean arrivals = false;
            for (ArrivalPhases.Phase ph : phases) {
                if (ph.rate() > 0) {
                    arrivals = true;
                    double need = left / ph.rate();
                    if (need <= ph.duration()) {
                        end = t + need;
                        break;
                    }
                    left -= ph.rate() * ph.duration();
                    end = t + ph.duration();
                }
                t += ph.duration();
            }
            if (!arrivals) {
                end = 0;
            }
            return duration > 0 ? Math.min(end, duration) : end;
        }

        /** A list of {rate|interarrival, duration} maps, or the text "r:d,r:d". */
        private static List<ArrivalPhases.Phase> parsePhases(PluginOptions options, Object value) {
            List<?> items;
            if (value instanceof List<?> list) {
                items = list;
            } else if (value instanceof String s) {
                items = phasesFromText(options, s);
            } else {
                throw bad(options, PHASES, "expected a list of {\"rate\": r, \"duration\": d} objects, got '" + value + "'");
            }
            if (items.isEmpty()) {
                throw bad(options, PHASES, "must list at least one {\"rate\": r, \"duration\": d} phase");
            }
            List<ArrivalPhases.Phase> phases = new ArrayList<>(items.size());
            for (int k = 0; k < items.size(); k++) {
                String where = "phase " + (k + 1) + " of " + items.size();
                if (!(items.get(k) instanceof Map<?, ?> m)) {
                    throw bad(options, PHASES, where + ": expected an object {\"rate\": r, \"duration\": d}, got '"
                            + items.get(k) + "'");
                }
                for (Object key : m.keySet()) {
                    if (!RATE.equals(key) && !INTERARRIVAL.equals(key) && !DURATION.equals(key)) {
                        throw bad(options, PHASES, where + ": unknown key '" + key
                                + "'; valid keys: duration, interarrival, rate");
                    }
                }
                Object r = m.get(RATE);
                Object ia = m.get(INTERARRIVAL);
                Object d = m.get(DURATION);
                if ((r == null) == (ia == null)) {
                    throw bad(options, PHASES, where + ": give exactly one of 'rate' and 'interarrival'");
                }
                if (d == null) {
                    throw bad(options, PHASES, where + ": 'duration' is missing");
                }
                double duration = number(options, where, DURATION, d);
                if (!(duration > 0) || Double.isInfinite(duration)) {
                    throw bad(options, PHASES, where + ": 'duration' must be a positive finite number of seconds, got " + d);
                }
                if (r != null) {
                    double rate = number(options, where, RATE, r);
                    if (!(rate >= 0) || Double.isInfinite(rate)) {
                        throw bad(options, PHASES, where + ": 'rate' must be a finite number >= 0, got " + r);
                    }
                    phases.add(new ArrivalPhases.Phase(rate, rate > 0 ? 1 / rate : Double.POSITIVE_INFINITY, duration));
                } else {
                    double m2 = number(options, where, INTERARRIVAL, ia);
                    if (!(m2 > 0) || Double.isInfinite(m2)) {
                        throw bad(options, PHASES, where + ": 'interarrival' must be a positive finite number, got " + ia);
                    }
                    phases.add(new ArrivalPhases.Phase(1 / m2, m2, duration));
                }
            }
            return phases;
        }

        private static List<Map<String, Object>> phasesFromText(PluginOptions options, String text) {
            List<Map<String, Object>> out = new ArrayList<>();
            if (text.strip().startsWith("[") || text.strip().startsWith("{")) {
                // the profile's JSON given as text (--workload-option phases=[{...}]): it was cut at its commas, and the
                // error named a 'rate' of '[{"rate"'
                throw bad(options, PHASES, "a list of {\"rate\": r, \"duration\": d} objects is for a profile; as text (the"
                        + " command line) give 'rate:duration,rate:duration,...', e.g. phases=0.5:3600,0:1800, got '" + text + "'");
            }
            for (String part : text.split(",")) {
                String p = part.trim();
                int colon = p.indexOf(':');
                if (colon < 0) {
                    throw bad(options, PHASES, "expected 'rate:duration,rate:duration,...', got '" + text + "'");
                }
                out.add(Map.of(RATE, p.substring(0, colon).trim(), DURATION, p.substring(colon + 1).trim()));
            }
            return out;
        }

        private static double number(PluginOptions options, String where, String key, Object v) {
            if (v instanceof Number n) {
                return n.doubleValue();
            }
            if (v instanceof String s) {
                try {
                    return Double.parseDouble(s.trim());
                } catch (NumberFormatException e) {
                    // fall through
                }
            }
            throw bad(options, PHASES, where + ": '" + key + "' must be a number, got '" + v + "'");
        }

        /** The option's value, one of {@code valid} (case-insensitive), or an error listing them. */
        private static String choice(PluginOptions options, String key, String defaultValue, String... valid) {
            Object raw = options.asMap().get(key);
            if (raw == null) {
                return defaultValue;
            }
            String v = raw instanceof String s ? s.trim().toLowerCase(Locale.ROOT) : null;
            for (String ok : valid) {
                if (ok.equals(v)) {
                    return ok;
                }
            }
            throw bad(options, key, "invalid value '" + raw + "'; valid values: " + String.join(", ", valid));
        }

        static InputException bad(PluginOptions options, String key, String problem) {
            return new InputException(null, 0, key, problem + " (for " + options.owner() + ")");
        }

        /** The time after which no job is generated: min(duration, end of the phases), infinite if none. */
        double horizon() {
            double h = Double.POSITIVE_INFINITY;
            if (duration > 0) {
                h = duration;
            }
            if (phased) {
                double end = 0;
                for (ArrivalPhases.Phase p : phases) {
                    end += p.duration();
                }
                h = Math.min(h, end);
            }
            return h;
        }
    }
}
