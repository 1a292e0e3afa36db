package org.gridsched.coalloc.workload;

import java.util.List;
import java.util.Locale;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.SimTime;

/**
 * The validated options of the {@code coalloc} generator, with the paper's values as defaults (4 clusters of
 * 32 processors, U_l = 30 %, U_g = 20 %, mean runtimes 100 s and 200 s, realistic sizes with q = 0.9 on
 * [1, 32] and [4, 32], N_c ~ U{2..C}). Rates and loads are alternatives:
 * U_l = λ_l·E[S_l] / (μ_l·N) per cluster and U_g = λ_g·E[N_c]·E[S_g] / (μ_g·N·C).
 *
 * @param globalRate λ_g (jobs/s over the grid)
 * @param localRate  λ_l (jobs/s per cluster)
 */
public record CoallocModel(int clusters, int clusterSize, double globalRate, double localRate, double globalMean,
        double localMean, int minComponents, int maxComponents, SizeLaw globalSizes, SizeLaw localSizes,
        double duration, long globalJobs, long localJobs) {

    static final String CLUSTERS = "clusters";
    static final String CLUSTER_SIZE = "cluster_size";
    static final String GLOBAL_RATE = "global_rate";
    static final String GLOBAL_LOAD = "global_load";
    static final String LOCAL_RATE = "local_rate";
    static final String LOCAL_LOAD = "local_load";
    static final String GLOBAL_MEAN = "global_mean_runtime";
    static final String LOCAL_MEAN = "local_mean_runtime";
    static final String MIN_COMPONENTS = "min_components";
    static final String MAX_COMPONENTS = "max_components";
    static final String GLOBAL_SIZE = "global_size";
    static final String GLOBAL_MIN = "global_min_size";
    static final String GLOBAL_MAX = "global_max_size";
    static final String LOCAL_SIZE = "local_size";
    static final String LOCAL_MIN = "local_min_size";
    static final String LOCAL_MAX = "local_max_size";
    static final String Q = "q";
    static final String DURATION = "duration";
    static final String GLOBAL_JOBS = "global_jobs";
    static final String LOCAL_JOBS = "local_jobs";
    /** The most jobs a stream may give (as the lublin99 and synthetic generators). */
    static final long MAX_JOBS = 100_000_000;

    static final List<Parameter> PARAMETERS = List.of(
            new Parameter(CLUSTERS, "4", "C: number of clusters (local jobs get home clusters 0..C-1)"),
            new Parameter(CLUSTER_SIZE, "32", "N: processors per cluster (loads, default largest sizes)"),
            new Parameter(GLOBAL_LOAD, "0.2", "U_g = lambda_g E[N_c] E[S_g] / (mu_g N C); alternative to global_rate"),
            new Parameter(GLOBAL_RATE, "from global_load", "lambda_g: global jobs per second (Poisson; 0 = none)"),
            new Parameter(LOCAL_LOAD, "0.3", "U_l = lambda_l E[S_l] / (mu_l N) per cluster; alternative to local_rate"),
            new Parameter(LOCAL_RATE, "from local_load", "lambda_l: local jobs per second per cluster (Poisson; 0 = none)"),
            new Parameter(GLOBAL_MEAN, "200", "mean of the exponential runtime of global jobs (1/mu_g), seconds"),
            new Parameter(LOCAL_MEAN, "100", "mean of the exponential runtime of local jobs (1/mu_l), seconds"),
            new Parameter(MIN_COMPONENTS, "2", "N_c ~ U{min_components..max_components}"),
            new Parameter(MAX_COMPONENTS, "clusters", "see min_components"),
            new Parameter(GLOBAL_SIZE, "realistic", "component size law S_g: realistic or uniform"),
            new Parameter(GLOBAL_MIN, "4", "smallest component size"),
            new Parameter(GLOBAL_MAX, "cluster_size", "largest component size (S, at most a cluster)"),
            new Parameter(LOCAL_SIZE, "realistic", "local job size law S_l: realistic or uniform"),
            new Parameter(LOCAL_MIN, "1", "smallest local job size"),
            new Parameter(LOCAL_MAX, "cluster_size", "largest local job size (at most a cluster)"),
            new Parameter(Q, "0.9", "realistic law: P(i) ~ q^i, x3 at powers of two, 0 < q < 1"),
            new Parameter(DURATION, "86400", "seconds of submissions (0 = no limit: then give global_jobs and local_jobs)"),
            new Parameter(GLOBAL_JOBS, "0", "stop global arrivals after this many (0 = no limit)"),
            new Parameter(LOCAL_JOBS, "0", "stop local arrivals after this many over all clusters (0 = no limit)"));

    static CoallocModel parse(PluginOptions o) {
        o.requireKnown(PARAMETERS);
        int c = o.getInt(CLUSTERS, 4);
        if (c < 1) {
            throw bad(o, CLUSTERS, "must be at least 1, got " + c);
        }
        int n = o.getInt(CLUSTER_SIZE, 32);
        if (n < 1) {
            throw bad(o, CLUSTER_SIZE, "must be at least 1, got " + n);
        }
        double q = o.getDouble(Q, 0.9);
        if (!(q > 0 && q < 1)) {
            throw bad(o, Q, "must be strictly between 0 and 1, got " + o.asMap().get(Q));
        }
        SizeLaw global = sizes(o, GLOBAL_SIZE, GLOBAL_MIN, 4, GLOBAL_MAX, n, q, "a component");
        SizeLaw local = sizes(o, LOCAL_SIZE, LOCAL_MIN, 1, LOCAL_MAX, n, q, "a local job");
        int minC = o.getInt(MIN_COMPONENTS, 2);
        int maxC = o.getInt(MAX_COMPONENTS, c);
        if (minC < 1) {
            throw bad(o, MIN_COMPONENTS, "must be at least 1, got " + minC);
        }
        if (maxC < minC) {
            throw bad(o, MAX_COMPONENTS, "must be at least min_components (" + minC + "), got " + maxC);
        }
        double gMean = mean(o, GLOBAL_MEAN, 200);
        double lMean = mean(o, LOCAL_MEAN, 100);
        double meanComponents = (minC + maxC) / 2.0;
        // U_g = λ_g E[N_c] E[S_g] / (μ_g N C)  =>  λ_g = U_g N C / (E[N_c] E[S_g] mean_g)
        double gRate = rate(o, GLOBAL_RATE, GLOBAL_LOAD, 0.2, (double) n * c / (meanComponents * global.mean() * gMean));
        // U_l = λ_l E[S_l] / (μ_l N)  =>  λ_l = U_l N / (E[S_l] mean_l)
        double lRate = rate(o, LOCAL_RATE, LOCAL_LOAD, 0.3, n / (local.mean() * lMean));
        double duration = o.getDouble(DURATION, 86400);
        if (!(duration >= 0 && duration <= SimTime.MAX_JOB_TIME)) {
            throw bad(o, DURATION, "must be 0 (no limit) or a positive number of seconds, at most " + SimTime.format(SimTime.MAX_JOB_TIME)
                    + " (about 317 years), got " + o.asMap().get(DURATION));
        }
        long gJobs = count(o, GLOBAL_JOBS);
        long lJobs = count(o, LOCAL_JOBS);
        if (duration == 0 && ((gRate > 0 && gJobs == 0) || (lRate > 0 && lJobs == 0))) {
            throw bad(o, DURATION, "is 0 (no limit), so give " + (gRate > 0 && gJobs == 0 ? GLOBAL_JOBS : LOCAL_JOBS)
                    + ", or the workload never ends");
        }
        // what the streams would generate: huge rates ran out of memory after minutes, or never advanced the clock
        bounded(o, o.has(GLOBAL_RATE) ? GLOBAL_RATE : GLOBAL_LOAD, GLOBAL_JOBS, gRate, duration, gJobs);
        bounded(o, o.has(LOCAL_RATE) ? LOCAL_RATE : LOCAL_LOAD, LOCAL_JOBS, lRate * c, duration, lJobs);
        return new CoallocModel(c, n, gRate, lRate, gMean, lMean, minC, maxC, global, local, duration, gJobs, lJobs);
    }

    /** A rate given as such, or from a load times {@code perLoad}; not both. */
    private static double rate(PluginOptions o, String rateKey, String loadKey, double defaultLoad, double perLoad) {
        boolean hasRate = o.asMap().get(rateKey) != null;
        if (hasRate && o.asMap().get(loadKey) != null) {
            throw bad(o, rateKey, "give either " + rateKey + " or " + loadKey + ", not both");
        }
        double v = hasRate ? o.getDouble(rateKey, 0) : o.getDouble(loadKey, defaultLoad);
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw bad(o, hasRate ? rateKey : loadKey, "must be a finite number >= 0, got " + v);
        }
        return hasRate ? v : v * perLoad;
    }

    private static SizeLaw sizes(PluginOptions o, String lawKey, String minKey, int defMin, String maxKey, int clusterSize,
            double q, String what) {
        String law = o.getString(lawKey, SizeLaw.REALISTIC).trim().toLowerCase(Locale.ROOT);
        int max = o.getInt(maxKey, clusterSize);
        int min = o.getInt(minKey, Math.min(defMin, max));
        if (max > clusterSize) {
            throw bad(o, maxKey, what + " of " + max + " processors would be wider than every cluster (cluster_size "
                    + clusterSize + ")");
        }
        if (min < 1 || min > max) {
            throw bad(o, minKey, "must be in 1.." + maxKey + " (" + max + "), got " + min);
        }
        return switch (law) {
            case SizeLaw.UNIFORM -> SizeLaw.uniform(min, max);
            case SizeLaw.REALISTIC -> SizeLaw.realistic(min, max, q);
            default -> throw bad(o, lawKey, "unknown size law '" + law + "'; valid values: realistic, uniform");
        };
    }

    private static long count(PluginOptions o, String key) {
        long v = o.getLong(key, 0);
        if (v < 0 || v > MAX_JOBS) {
            throw bad(o, key, "must be 0 (no limit) or a whole number in 1.." + MAX_JOBS + ", got " + v);
        }
        return v;
    }

    /** A mean runtime: positive, within the bound of every job's time. */
    private static double mean(PluginOptions o, String key, double def) {
        double v = o.getDouble(key, def);
        if (!(v > 0 && v <= SimTime.MAX_JOB_TIME)) {
            throw bad(o, key, "must be a positive number of seconds, at most " + SimTime.format(SimTime.MAX_JOB_TIME)
                    + " (about 317 years), got " + o.asMap().get(key));
        }
        return v;
    }

    /**
     * A stream of {@code rate} jobs per second must end within {@link #MAX_JOBS} jobs and within the bound of simulated
     * time: by its count, or by the duration (the expected count, rate x duration); with a count only (duration 0), its
     * last arrival (expected at count / rate) must come before {@link SimTime#MAX_JOB_TIME}.
     */
    private static void bounded(PluginOptions o, String rateKey, String countKey, double rate, double duration, long count) {
        if (rate == 0) {
            return;
        }
        if (count == 0 && !(rate * duration <= MAX_JOBS)) {
            throw bad(o, rateKey, String.format(Locale.ROOT, "would give more than %,d jobs (about %.3g: rate x duration); give %s, "
                    + "a shorter duration or a lower rate", MAX_JOBS, rate * duration, countKey));
        }
        if (duration == 0 && !(count / rate <= SimTime.MAX_JOB_TIME)) {
            throw bad(o, rateKey, String.format(Locale.ROOT, "the jobs would arrive until about %.3g s, beyond the %s s (about 317 "
                    + "years) of simulated time; give a higher rate, fewer %s or a duration", count / rate,
                    SimTime.format(SimTime.MAX_JOB_TIME), countKey));
        }
    }

    static InputException bad(PluginOptions o, String key, String problem) {
        return new InputException(null, 0, key, problem + " (for " + o.owner() + ")");
    }

    /** The loads these rates give (for the description and the docs' tables). */
    double globalLoad() {
        return globalRate * (minComponents + maxComponents) / 2.0 * globalSizes.mean() * globalMean / ((double) clusterSize * clusters);
    }

    double localLoad() {
        return localRate * localSizes.mean() * localMean / clusterSize;
    }
}
