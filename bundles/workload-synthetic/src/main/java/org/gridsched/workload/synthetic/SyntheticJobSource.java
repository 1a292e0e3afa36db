package org.gridsched.workload.synthetic;

import java.util.Map;
import java.util.SplittableRandom;

import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;

/** A stream of {@code synthetic} jobs: one job per {@link #next} call, constant memory. */
final class SyntheticJobSource implements JobSource {
    private final SyntheticGenerator.Settings settings;
    private final long seed;
    private final ArrivalPhases arrivals;
    private final SplittableRandom lengths;
    private final SplittableRandom sizes;
    private final SplittableRandom estimates;
    /** Null without users. */
    private final UserPopulation users;
    private final UserPopulation.Settings userSettings;
    private final double horizon;
    private final WorkloadReport report = new WorkloadReport();
    private final Map<String, String> header;
    private final String description;
    private long generated;
    private double lastSubmit;
    private boolean done;

    SyntheticJobSource(SyntheticGenerator.Settings settings, long seed) {
        this(settings, UserPopulation.Settings.NONE, seed);
    }

    SyntheticJobSource(SyntheticGenerator.Settings settings, UserPopulation.Settings userSettings, long seed) {
        this.settings = settings;
        this.seed = seed;
        SplittableRandom root = new SplittableRandom(seed);
        SplittableRandom arrivalStream = root.split();
        this.lengths = root.split();
        this.sizes = root.split();
        this.estimates = root.split();
        SplittableRandom userStream = root.split(); // last: the other streams are those of a run without users
        this.userSettings = userSettings;
        this.users = userSettings.enabled() ? new UserPopulation(userSettings, userStream, settings.sizes().maxSize()) : null;
        this.arrivals = new ArrivalPhases(settings.poisson(), settings.phases(), arrivalStream);
        this.horizon = settings.horizon();
        this.header = settings.sizes().law() == SizeDistribution.Law.SEQUENTIAL
                ? Map.of()
                : Map.of("MaxProcs", Integer.toString(settings.sizes().maxSize()));
        this.description = buildDescription();
    }

    @Override
    public boolean next(JobRecord into) {
        if (done) {
            return false;
        }
        if (settings.jobs() > 0 && generated >= settings.jobs()) {
            done = true;
            return false;
        }
        double submit = arrivals.next();
        if (Double.isNaN(submit) || (settings.duration() > 0 && submit > settings.duration())) {
            done = true;
            return false;
        }
        double runtime = LengthSampler.sample(settings.lengths(), lengths);
        int procs = settings.sizes().sample(sizes);
        double requested = runtime;
        if (settings.overestimate()) {
            double factor = 1 + estimates.nextDouble() * (settings.overestimateMax() - 1);
            requested = runtime * factor; // factor >= 1, so requested >= runtime (rounding is monotone)
        }
        generated++;
        lastSubmit = submit;
        into.set(generated, submit, runtime, requested, procs);
        if (users != null) {
            users.assign(into);
        }
        report.countRead();
        return true;
    }

    @Override
    public String describe() {
        return description;
    }

    private String buildDescription() {
        StringBuilder sb = new StringBuilder(SyntheticGenerator.NAME).append('(');
        sb.append("jobs=").append(settings.jobs() > 0 ? Long.toString(settings.jobs()) : "unbounded");
        sb.append(", duration=").append(settings.duration() > 0 ? SyntheticGenerator.num(settings.duration()) : "unbounded");
        sb.append(", arrival=").append(settings.poisson() ? SyntheticGenerator.ARRIVAL_POISSON : SyntheticGenerator.ARRIVAL_FIXED);
        if (settings.phased()) {
            sb.append(", phases=[");
            boolean first = true;
            for (ArrivalPhases.Phase p : settings.phases()) {
                if (!first) {
                    sb.append(", ");
                }
                first = false;
                sb.append("rate ").append(SyntheticGenerator.num(p.rate())).append(" for ")
                        .append(SyntheticGenerator.num(p.duration())).append(" s");
            }
            sb.append(']');
        } else {
            ArrivalPhases.Phase p = settings.phases().get(0);
            if (SyntheticGenerator.INTERARRIVAL.equals(settings.rateGivenAs())) {
                sb.append(", interarrival=").append(SyntheticGenerator.num(p.gap()));
            } else {
                sb.append(", rate=").append(SyntheticGenerator.num(p.rate()));
            }
        }
        sb.append(", length=").append(LengthSampler.describe(settings.lengths()));
        sb.append(", size=").append(settings.sizes().describe());
        sb.append(", requested_time=");
        if (settings.overestimate()) {
            sb.append(SyntheticGenerator.REQUESTED_OVERESTIMATE).append("(overestimate_max=")
                    .append(SyntheticGenerator.num(settings.overestimateMax())).append(')');
        } else {
            sb.append(SyntheticGenerator.REQUESTED_RUNTIME);
        }
        sb.append(userSettings.describe());
        return sb.append(", seed=").append(seed).append(')').toString();
    }

    @Override
    public WorkloadReport report() {
        return report;
    }

    @Override
    public Map<String, String> header() {
        return header;
    }

    /** The larger of the fraction of jobs and the fraction of the time horizon generated; 1 at the end. */
    @Override
    public double progress() {
        if (done) {
            return 1.0;
        }
        double p = 0;
        if (settings.jobs() > 0) {
            p = (double) generated / settings.jobs();
        }
        if (horizon < Double.POSITIVE_INFINITY) {
            p = Math.max(p, lastSubmit / horizon);
        }
        return Math.min(1.0, p);
    }

    @Override
    public void close() {
        done = true;
    }
}
