package org.gridsched.workload.synthetic;

import java.util.List;
import java.util.SplittableRandom;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobRecord;

/**
 * An optional population of users who submit a generator's jobs (options {@code users}, {@code user_zipf},
 * {@code user_size_affinity}, {@code groups}); without {@code users} the jobs have no user (-1).
 *
 * <p>Users are numbered 1..users. User {@code u} has activity weight {@code 1 / u^user_zipf} (Zipf: user 1 is
 * the most active) and a preferred job size {@code 2^m_u}, {@code m_u} uniform on [0, log2(largest size)].
 * A job of {@code p} processors, size class {@code k = floor(log2 p)}, is given user {@code u} with probability
 * proportional to {@code u^-user_zipf * exp(-user_size_affinity * (k - m_u)^2 / 2)}: with affinity 0 users
 * are Zipf-distributed whatever the size; the larger the affinity, the more each user sticks to sizes near
 * its own. User {@code u} is in group {@code ((u - 1) mod groups) + 1} (no group without {@code groups}).
 *
 * <p>The user draws come from a stream of their own (the root seed's last split, after every other stream),
 * and the population only <em>chooses</em> a user for a job the other draws made: a workload with users has
 * exactly the jobs (ids, submit times, runtimes, requested times, sizes) of the same workload without.
 */
final class UserPopulation {
    static final String USERS = "users";
    static final String USER_ZIPF = "user_zipf";
    static final String USER_SIZE_AFFINITY = "user_size_affinity";
    static final String GROUPS = "groups";
    /** Most users: tables of one weight per user and size class are built for the size classes jobs use. */
    static final int MAX_USERS = 100_000;
    static final double DEFAULT_ZIPF = 1;
    static final double DEFAULT_AFFINITY = 1;

    static final List<Parameter> PARAMETERS = List.of(
            new Parameter(USERS, "0", "number of users submitting the jobs (1..users); 0 = jobs have no user"),
            new Parameter(USER_ZIPF, "1", "Zipf exponent of users' activity: user u submits in proportion to 1/u^user_zipf"),
            new Parameter(USER_SIZE_AFFINITY, "1",
                    "how strongly each user keeps to its own preferred job size (weight exp(-a (log2 size - preferred)^2 / 2)); 0 = none"),
            new Parameter(GROUPS, "0", "number of groups; user u is in group ((u-1) mod groups)+1; 0 = no groups"));

    /** The validated options; {@code users} 0 means no population. */
    record Settings(int users, double zipf, double affinity, int groups) {
        static final Settings NONE = new Settings(0, DEFAULT_ZIPF, DEFAULT_AFFINITY, 0);

        static Settings parse(PluginOptions options) {
            long users = options.getLong(USERS, 0);
            if (users < 0 || users > MAX_USERS) {
                throw bad(options, USERS, "must be 0 (no users) or a whole number in 1.." + MAX_USERS + ", got " + users);
            }
            double zipf = options.getDouble(USER_ZIPF, DEFAULT_ZIPF);
            if (!(zipf >= 0) || zipf > 100) {
                throw bad(options, USER_ZIPF, "must be a number in 0..100, got " + options.asMap().get(USER_ZIPF));
            }
            double affinity = options.getDouble(USER_SIZE_AFFINITY, DEFAULT_AFFINITY);
            if (!(affinity >= 0) || affinity > 100) {
                throw bad(options, USER_SIZE_AFFINITY, "must be a number in 0..100, got " + options.asMap().get(USER_SIZE_AFFINITY));
            }
            long groups = options.getLong(GROUPS, 0);
            if (groups < 0 || groups > Math.max(users, 0)) {
                throw bad(options, GROUPS, "must be 0 (no groups) or a whole number in 1..users (" + users + "), got " + groups);
            }
            if (users == 0 && (options.has(USER_ZIPF) || options.has(USER_SIZE_AFFINITY))) {
                throw bad(options, USERS, "is 0 (no users), so " + (options.has(USER_ZIPF) ? USER_ZIPF : USER_SIZE_AFFINITY)
                        + " has no effect; set users to a positive number");
            }
            return new Settings((int) users, zipf, affinity, (int) groups);
        }

        boolean enabled() {
            return users > 0;
        }

        /** ", users=5, user_zipf=1, user_size_affinity=1, groups=2" or "" without users. */
        String describe() {
            if (!enabled()) {
                return "";
            }
            return ", " + USERS + "=" + users + ", " + USER_ZIPF + "=" + SyntheticGenerator.num(zipf) + ", "
                    + USER_SIZE_AFFINITY + "=" + SyntheticGenerator.num(affinity) + (groups > 0 ? ", " + GROUPS + "=" + groups : "");
        }

        private static InputException bad(PluginOptions options, String key, String problem) {
            return new InputException(null, 0, key, problem + " (for " + options.owner() + ")");
        }
    }

    private final Settings settings;
    private final SplittableRandom draws;
    private final double[] activity;
    private final double[] preferred;
    /** Per size class (floor(log2 size), 0..31): cumulative weights over users, built on first use. */
    private final double[][] tables = new double[32][];

    /**
     * @param stream  the population's own stream; the preferred sizes are drawn from it first, in user order
     * @param maxSize the largest job size the generator makes
     */
    UserPopulation(Settings settings, SplittableRandom stream, int maxSize) {
        this.settings = settings;
        this.draws = stream;
        int n = settings.users();
        this.activity = new double[n];
        this.preferred = new double[n];
        double top = Math.max(0, log2(Math.max(1, maxSize)));
        for (int u = 0; u < n; u++) {
            activity[u] = Math.pow(u + 1, -settings.zipf());
            preferred[u] = stream.nextDouble() * top;
        }
    }

    private static double log2(int x) {
        return 31 - Integer.numberOfLeadingZeros(x);
    }

    /** Sets the record's user and group for its size (one draw from the population's stream). */
    void assign(JobRecord job) {
        int k = 31 - Integer.numberOfLeadingZeros(Math.max(1, job.processors));
        double[] cumulative = tables[k];
        if (cumulative == null) {
            cumulative = tables[k] = table(k);
        }
        double x = draws.nextDouble() * cumulative[cumulative.length - 1];
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) { // first index whose cumulative weight exceeds x
            int mid = (lo + hi) >>> 1;
            if (cumulative[mid] > x) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        job.user = lo + 1;
        job.group = settings.groups() > 0 ? lo % settings.groups() + 1 : -1;
    }

    /** Cumulative weights of the users for size class {@code k}; Zipf alone if the affinity leaves no weight. */
    double[] table(int k) {
        int n = activity.length;
        double[] c = new double[n];
        double sum = 0;
        for (int u = 0; u < n; u++) {
            double d = k - preferred[u];
            sum += activity[u] * Math.exp(-settings.affinity() * d * d / 2);
            c[u] = sum;
        }
        if (!(sum > 0) || Double.isInfinite(sum)) {
            sum = 0;
            for (int u = 0; u < n; u++) {
                sum += activity[u];
                c[u] = sum;
            }
        }
        return c;
    }
}
