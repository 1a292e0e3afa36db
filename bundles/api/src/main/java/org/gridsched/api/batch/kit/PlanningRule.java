package org.gridsched.api.batch.kit;

import java.util.List;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.osgi.annotation.versioning.ProviderType;

/**
 * How the waiting jobs, taken in the {@link JobOrder}, become starts and reservations. Immutable.
 * <ul>
 * <li>{@link #headOnly()}: the first job starts as soon as it fits; nothing overtakes it (FCFS with the
 * submission order).</li>
 * <li>{@link #easy(int) easy(K)}: jobs start in order while they fit; the first K that do not fit are
 * reserved at their earliest start; every later job starts now if it fits without delaying those
 * reservations. K = 1 is EASY backfilling (Lifka). Re-planned from scratch at every event.</li>
 * <li>{@link #conservative()}: every job is reserved when it arrives, at the earliest start that delays no
 * other reservation; after an early end or a cancellation, jobs move earlier in the order, never
 * later (Mu'alem and Feitelson).</li>
 * </ul>
 * Two Slurm-like limits bound the work of the {@code easy} rule per event: {@link #depth(int)} (Slurm's
 * {@code bf_max_job_test}) and {@link #window(double)} ({@code bf_window}).
 */
@ProviderType
public final class PlanningRule {
    /** The options {@link #fromOptions} reads, for a policy's {@code parameters()}. */
    public static final List<Parameter> PARAMETERS = List.of(
            new Parameter("protected", "1", "easy: how many blocked jobs get a reservation backfilling must not delay"),
            new Parameter("bf_max_job_test", "unlimited", "easy: at most this many jobs examined per event after the first blocked one"),
            new Parameter("bf_window", "unlimited", "easy: seconds ahead a blocked job may be reserved; later ones get no reservation"));

    enum Kind { HEAD_ONLY, EASY, CONSERVATIVE }

    final Kind kind;
    final int protectedJobs;
    final int depth;
    final double window;

    private PlanningRule(Kind kind, int protectedJobs, int depth, double window) {
        this.kind = kind;
        this.protectedJobs = protectedJobs;
        this.depth = depth;
        this.window = window;
    }

    /** Only the first job in the order may start. */
    public static PlanningRule headOnly() {
        return new PlanningRule(Kind.HEAD_ONLY, 0, Integer.MAX_VALUE, Double.POSITIVE_INFINITY);
    }

    /** EASY backfilling: one protected job. */
    public static PlanningRule easy() {
        return easy(1);
    }

    /** Backfilling that protects the first {@code protectedJobs} blocked jobs (at least 1). */
    public static PlanningRule easy(int protectedJobs) {
        if (protectedJobs < 1) {
            throw new IllegalArgumentException("protected must be at least 1, got " + protectedJobs);
        }
        return new PlanningRule(Kind.EASY, protectedJobs, Integer.MAX_VALUE, Double.POSITIVE_INFINITY);
    }

    /** Conservative backfilling: every waiting job holds a reservation. */
    public static PlanningRule conservative() {
        return new PlanningRule(Kind.CONSERVATIVE, Integer.MAX_VALUE, Integer.MAX_VALUE, Double.POSITIVE_INFINITY);
    }

    /** At most {@code jobs} jobs examined per event from the first blocked one on (easy only). */
    public PlanningRule depth(int jobs) {
        requireEasy("bf_max_job_test");
        if (jobs < 1) {
            throw new IllegalArgumentException("bf_max_job_test must be at least 1, got " + jobs);
        }
        return new PlanningRule(kind, protectedJobs, jobs, window);
    }

    /** Blocked jobs whose earliest start is more than {@code seconds} ahead get no reservation (easy only). */
    public PlanningRule window(double seconds) {
        requireEasy("bf_window");
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("bf_window must be positive, got " + seconds);
        }
        return new PlanningRule(kind, protectedJobs, depth, seconds);
    }

    private void requireEasy(String option) {
        if (kind != Kind.EASY) {
            throw new IllegalArgumentException(option + " applies only to the easy rule, not to " + this);
        }
    }

    /**
     * {@code rule} with the {@link #PARAMETERS} given in {@code options} applied; an error naming the
     * option for a bad value or for an option the rule does not take.
     */
    public static PlanningRule fromOptions(PlanningRule rule, PluginOptions options) {
        PlanningRule r = rule;
        // each option is the error's field, so that the run says where it is given (batch.options.protected of
        // the profile, the --batch-option, the .cfg file)
        String option = null;
        try {
            if (options.has("protected")) {
                option = "protected";
                r = r.withProtected(options.getInt("protected", 1));
            }
            // "unlimited", the default 'plugins' shows, may be given back as a value
            if (options.has("bf_max_job_test") && !unlimited(options, "bf_max_job_test")) {
                option = "bf_max_job_test";
                r = r.depth(options.getInt("bf_max_job_test", Integer.MAX_VALUE));
            }
            if (options.has("bf_window") && !unlimited(options, "bf_window")) {
                option = "bf_window";
                r = r.window(options.getDouble("bf_window", Double.POSITIVE_INFINITY));
            }
        } catch (IllegalArgumentException e) {
            String message = e.getMessage().startsWith(option + " ") ? e.getMessage().substring(option.length() + 1) : e.getMessage();
            throw new InputException(null, 0, option, message + " (" + options.owner() + ")");
        }
        return r;
    }

    private static boolean unlimited(PluginOptions options, String key) {
        return "unlimited".equals(options.getString(key, null));
    }

    private PlanningRule withProtected(int k) {
        requireEasy("protected");
        return easy(k).copyLimits(this);
    }

    private PlanningRule copyLimits(PlanningRule from) {
        return new PlanningRule(kind, protectedJobs, from.depth, from.window);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case HEAD_ONLY -> "head-only";
            case CONSERVATIVE -> "conservative";
            case EASY -> "easy(" + protectedJobs + ")" + (depth == Integer.MAX_VALUE ? "" : " bf_max_job_test=" + depth)
                    + (window == Double.POSITIVE_INFINITY ? "" : " bf_window=" + window);
        };
    }
}
