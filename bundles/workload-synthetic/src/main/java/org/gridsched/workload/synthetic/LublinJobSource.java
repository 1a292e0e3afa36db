package org.gridsched.workload.synthetic;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

import org.gridsched.api.Decimals;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;

/** A stream of {@code lublin99} jobs: one job per {@link #next} call, constant memory. */
final class LublinJobSource implements JobSource {
    private final LublinGenerator.Settings settings;
    private final long seed;
    private final Lublin99Model model;
    private final SplittableRandom sizes;
    private final SplittableRandom runtimes;
    private final SplittableRandom estimates;
    private final ArrivalProcess arrivals;
    /** Null without users. */
    private final UserPopulation users;
    private final UserPopulation.Settings userSettings;
    /** Factor applied to every native inter-arrival time (1 without {@code load}). */
    private final double arrivalScale;
    /** Mean work per job estimated by the pilot, or NaN without {@code load}. */
    private final double pilotMeanWork;
    private final WorkloadReport report = new WorkloadReport();
    private final Map<String, String> header;
    private long generated;
    private boolean closed;

    LublinJobSource(LublinGenerator.Settings settings, long seed) {
        this(settings, UserPopulation.Settings.NONE, seed);
    }

    LublinJobSource(LublinGenerator.Settings settings, UserPopulation.Settings userSettings, long seed) {
        this.settings = settings;
        this.seed = seed;
        this.model = new Lublin99Model(settings.processors(), settings.maxRuntime());
        SplittableRandom root = new SplittableRandom(seed);
        this.sizes = root.split();
        this.runtimes = root.split();
        SplittableRandom arrivalStream = root.split();
        this.estimates = root.split();
        SplittableRandom pilot = root.split();
        SplittableRandom userStream = root.split(); // last: the other streams are those of a run without users
        this.userSettings = userSettings;
        this.users = userSettings.enabled() ? new UserPopulation(userSettings, userStream, settings.processors()) : null;

        if (settings.hasLoad()) {
            this.pilotMeanWork = meanWork(model, pilot, LublinGenerator.PILOT_JOBS);
            this.arrivalScale = pilotMeanWork
                    / (settings.processors() * settings.load() * Lublin99Model.meanInterArrival());
        } else {
            this.pilotMeanWork = Double.NaN;
            this.arrivalScale = 1;
        }
        this.arrivals = new ArrivalProcess(arrivalStream, settings.dailyCycle(), arrivalScale);

        Map<String, String> h = new LinkedHashMap<>();
        h.put("MaxJobs", Long.toString(settings.jobs()));
        h.put("MaxRecords", Long.toString(settings.jobs()));
        h.put("MaxNodes", Integer.toString(settings.processors()));
        h.put("MaxProcs", Integer.toString(settings.processors()));
        h.put("MaxRuntime", Long.toString(model.maxRuntime()));
        h.put("Note", "synthetic: " + describe());
        this.header = Collections.unmodifiableMap(h);
    }

    /** The mean time the jobs take to arrive, seconds: jobs × the mean gap after {@code load}'s scaling. */
    double meanSpan() {
        return settings.jobs() * Lublin99Model.meanInterArrival() * arrivalScale;
    }

    /** Mean runtime × procs over {@code n} jobs drawn from {@code rng} (sizes and runtimes on split streams). */
    static double meanWork(Lublin99Model model, SplittableRandom rng, int n) {
        SplittableRandom pilotSizes = rng.split();
        SplittableRandom pilotRuntimes = rng.split();
        double sum = 0;
        for (int i = 0; i < n; i++) {
            int size = model.sampleSize(pilotSizes);
            sum += (double) size * model.sampleRuntime(pilotRuntimes, size);
        }
        return sum / n;
    }

    @Override
    public boolean next(JobRecord into) {
        if (closed || generated >= settings.jobs()) {
            return false;
        }
        double submit = Math.rint(arrivals.next());
        int procs = model.sampleSize(sizes);
        long runtime = model.sampleRuntime(runtimes, procs);
        long requested = runtime;
        if (settings.overestimate()) {
            double factor = 1 + estimates.nextDouble() * (settings.overestimateMax() - 1);
            requested = Math.max(runtime, Math.min(Math.round(runtime * factor), model.runtimeCap));
        }
        generated++;
        into.set(generated, submit, runtime, requested, procs);
        if (users != null) {
            users.assign(into);
        }
        report.countRead();
        return true;
    }

    @Override
    public String describe() {
        return LublinGenerator.NAME + "(jobs=" + settings.jobs() + ", processors=" + settings.processors()
                + ", load=" + (settings.hasLoad() ? Decimals.shortest(settings.load()) : LublinGenerator.LOAD_NATIVE)
                + ", daily_cycle=" + settings.dailyCycle()
                + ", requested_time=" + (settings.overestimate()
                        ? LublinGenerator.REQUESTED_OVERESTIMATE + "(max=" + settings.overestimateMax() + ")"
                        : LublinGenerator.REQUESTED_RUNTIME)
                + (settings.maxRuntime() > 0 ? ", max_runtime=" + settings.maxRuntime() : "")
                + userSettings.describe()
                + ", seed=" + seed + ")";
    }

    @Override
    public WorkloadReport report() {
        return report;
    }

    @Override
    public Map<String, String> header() {
        return header;
    }

    @Override
    public double progress() {
        return (double) generated / settings.jobs();
    }

    @Override
    public void close() {
        closed = true;
    }

    /** The factor applied to native inter-arrival times (1 without {@code load}); for tests and logs. */
    double arrivalScale() {
        return arrivalScale;
    }

    /** The pilot's mean work per job (NaN without {@code load}). */
    double pilotMeanWork() {
        return pilotMeanWork;
    }
}
