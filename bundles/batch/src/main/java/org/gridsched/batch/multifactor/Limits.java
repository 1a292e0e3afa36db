package org.gridsched.batch.multifactor;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * Slurm-like limits per user, per group and per QOS: running jobs, processors in use, and submitted jobs
 * (waiting or running). A job over a running or processor limit stays in the queue and is skipped by the
 * planner ({@link org.gridsched.api.batch.kit.Eligibility}), so it does not block backfilling; the kit's
 * next pass after the limiting job ends reconsiders it. Slurm rejects a job beyond max_submitted; a batch
 * policy here cannot reject, so such a job is held, not counted as submitted, until a job of the same
 * user, group or QOS leaves. Every job held at least once is counted ({@link #held()}).
 *
 * <p>A job with no user (user -1: the trace does not know it, or a generator made none) is under no user's limits,
 * a job with no group under no group's, a job with no QOS (its queue maps to none) under no QOS's: counted as one
 * user they would queue behind each other (a trace without users would run one job at a time under
 * {@code max_running: 1}), and Slurm has no such user. {@code by_name} naming -1 limits them as that one user or
 * group. The jobs a kind's limits would otherwise have applied to are counted ({@link #exempt(int)}).
 */
final class Limits {
    /** What one user, group or QOS has running and submitted. */
    private static final class Count {
        /** This one's maxima by {@link LimitSpec#KEYS}. */
        final int[] max;
        int running;
        int processors;
        int submitted;

        Count(int[] max) {
            this.max = max;
        }
    }

    private final LimitSpec spec;
    private final Map<Integer, Count> users = new HashMap<>();
    private final Map<Integer, Count> groups = new HashMap<>();
    private final Map<String, Count> qos = new HashMap<>();
    /** Jobs waiting for room under max_submitted, in submission order. */
    private final TreeSet<Tracked> unadmitted =
            new TreeSet<>((a, b) -> Long.compare(a.job.submitOrder(), b.job.submitOrder()));
    private long held;
    /** By kind (user, group, QOS): submitted jobs with no user, group or QOS where that kind limits every one. */
    private final long[] exempt = new long[3];

    Limits(LimitSpec spec) {
        this.spec = spec;
    }

    /** Jobs held by a limit at least once. */
    long held() {
        return held;
    }

    /**
     * Submitted jobs that kind {@code k}'s limits (0 user, 1 group, 2 QOS) do not apply to, having no user, group or
     * QOS, where those limits apply to every user, group or QOS.
     */
    long exempt(int k) {
        return exempt[k];
    }

    /** The job's counts by kind; null for a kind it has none of (no user, group or QOS), whose limits it is under none of. */
    private Count[] counts(Tracked t) {
        return new Count[] {count(0, t.job.user(), users), count(1, t.job.group(), groups),
            t.qos == null ? null : qos.computeIfAbsent(t.qos, q -> new Count(spec.maxFor(2, q)))};
    }

    private Count count(int k, int id, Map<Integer, Count> of) {
        if (id < 0 && !spec.names(k, id)) {
            return null;
        }
        return of.computeIfAbsent(id, x -> new Count(spec.maxFor(k, x)));
    }

    /**
     * Why a job could never start under the processor limits (wider than its user's, group's or QOS's
     * max_processors): {@code over_user_processor_limit}, {@code over_group_processor_limit} or
     * {@code over_qos_processor_limit}, the first that applies; null if it fits them all. Called once per submission,
     * it also counts the job as exempt from each kind of limits that applies to every one where it has no user, group
     * or QOS ({@link #exempt}).
     */
    String refusal(Tracked t) {
        Count[] cs = counts(t);
        String refused = null;
        for (int k = 0; k < 3; k++) {
            if (cs[k] == null) {
                if (spec.limitsEvery(k)) {
                    exempt[k]++;
                }
            } else if (refused == null && cs[k].max[1] < t.job.processors()) {
                refused = "over_" + LimitSpec.KINDS[k] + "_processor_limit";
            }
        }
        return refused;
    }

    /** A job that passed {@link #refusal}: admitted, or held under max_submitted. */
    void submitted(Tracked t) {
        if (fits(t, 2, 1)) {
            admit(t);
        } else {
            unadmitted.add(t);
            countHeld(t);
        }
    }

    private void admit(Tracked t) {
        t.admitted = true;
        for (Count c : counts(t)) {
            if (c != null) {
                c.submitted++;
            }
        }
    }

    /** Whether a job may start now; one that may not is counted as held. */
    boolean eligible(Tracked t) {
        if (t.admitted && fits(t, 0, 1) && fits(t, 1, t.job.processors())) {
            return true;
        }
        countHeld(t);
        return false;
    }

    private void countHeld(Tracked t) {
        if (!t.countedHeld) {
            t.countedHeld = true;
            held++;
        }
    }

    /** Whether one more job (limit 0 or 2) or {@code processors} more (limit 1) stay within every level. */
    private boolean fits(Tracked t, int key, int processors) {
        Count[] cs = counts(t);
        for (int k = 0; k < 3; k++) {
            if (cs[k] == null || cs[k].max[key] == Integer.MAX_VALUE) {
                continue;
            }
            int have = key == 0 ? cs[k].running : key == 1 ? cs[k].processors : cs[k].submitted;
            if ((long) have + (key == 1 ? processors : 1) > cs[k].max[key]) {
                return false;
            }
        }
        return true;
    }

    void started(Tracked t) {
        for (Count c : counts(t)) {
            if (c != null) {
                c.running++;
                c.processors += t.job.processors();
            }
        }
    }

    /** A job left (ended, or cancelled while waiting): its room goes to jobs waiting under max_submitted. */
    void left(Tracked t) {
        if (!t.admitted) {
            unadmitted.remove(t);
            return;
        }
        for (Count c : counts(t)) {
            if (c != null) {
                c.submitted--;
                if (t.running) {
                    c.running--;
                    c.processors -= t.job.processors();
                }
            }
        }
        for (var it = unadmitted.iterator(); it.hasNext();) {
            Tracked w = it.next();
            if (fits(w, 2, 1)) {
                it.remove();
                admit(w);
            }
        }
    }
}
