package org.gridsched.batch.multifactor;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.gridsched.api.PluginOptions;

/**
 * Slurm-like limits per user, per group and per QOS: running jobs, processors in use, and submitted jobs
 * (waiting or running). A job over a running or processor limit stays in the queue and is skipped by the
 * planner ({@link org.gridsched.api.batch.kit.Eligibility}), so it does not block backfilling; the kit's
 * next pass after the limiting job ends reconsiders it. Slurm rejects a job beyond max_submitted; a batch
 * policy here cannot reject, so such a job is held, not counted as submitted, until a job of the same
 * user, group or QOS leaves. Every job held at least once is counted ({@link #held()}).
 */
final class Limits {
    static final String[] KINDS = {"user", "group", "qos"};
    static final String[] KEYS = {"max_running", "max_processors", "max_submitted"};

    /** The configured maxima: [kind][key], Integer.MAX_VALUE when unlimited. */
    static final class Spec {
        final int[][] max = new int[3][3];
        boolean any;

        static Spec parse(PluginOptions o, Set<String> qosNames) {
            Spec s = new Spec();
            Map<String, Object> limits = Settings.object(o, "limits");
            for (String kind : limits.keySet()) {
                int k = Arrays.asList(KINDS).indexOf(kind);
                if (k < 0) {
                    throw Settings.error("limits", "unknown limit kind '" + kind + "'; valid: user, group, qos", o);
                }
            }
            for (int k = 0; k < 3; k++) {
                Object v = limits.get(KINDS[k]);
                Arrays.fill(s.max[k], Integer.MAX_VALUE);
                if (v == null) {
                    continue;
                }
                String where = "limits." + KINDS[k];
                if (!(v instanceof Map<?, ?> m)) {
                    throw Settings.error(where, "expected a JSON object, got '" + v + "'", o);
                }
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    int key = Arrays.asList(KEYS).indexOf(String.valueOf(e.getKey()));
                    String name = where + "." + e.getKey();
                    if (key < 0) {
                        throw Settings.error(name, "unknown limit; valid: max_running, max_processors, max_submitted", o);
                    }
                    double d = e.getValue() instanceof Number n ? n.doubleValue() : Double.NaN;
                    if (!(d >= 1) || d != Math.rint(d) || d > Integer.MAX_VALUE) {
                        throw Settings.error(name, "expected a whole number >= 1, got '" + e.getValue() + "'", o);
                    }
                    s.max[k][key] = (int) d;
                    s.any = true;
                }
            }
            if (limits.containsKey("qos") && qosNames.isEmpty()) {
                throw Settings.error("limits.qos", "QOS limits need QOS names (options qos and qos_names)", o);
            }
            return s;
        }
    }

    /** What one user, group or QOS has running and submitted. */
    private static final class Count {
        int running;
        int processors;
        int submitted;
    }

    private final Spec spec;
    private final Map<Integer, Count> users = new HashMap<>();
    private final Map<Integer, Count> groups = new HashMap<>();
    private final Map<String, Count> qos = new HashMap<>();
    /** Jobs waiting for room under max_submitted, in submission order. */
    private final TreeSet<Tracked> unadmitted =
            new TreeSet<>((a, b) -> Long.compare(a.job.submitOrder(), b.job.submitOrder()));
    private long held;

    Limits(Spec spec) {
        this.spec = spec;
    }

    /** Jobs held by a limit at least once. */
    long held() {
        return held;
    }

    private Count[] counts(Tracked t) {
        return new Count[] {users.computeIfAbsent(t.job.user(), u -> new Count()),
            groups.computeIfAbsent(t.job.group(), g -> new Count()),
            t.qos == null ? null : qos.computeIfAbsent(t.qos, q -> new Count())};
    }

    void submitted(Tracked t) {
        for (int k = 0; k < 3; k++) {
            if (spec.max[k][1] < t.job.processors() && (k < 2 || t.qos != null)) {
                throw new IllegalStateException("job " + t.job.id() + " needs " + t.job.processors()
                        + " processors, more than limits." + KINDS[k] + ".max_processors = " + spec.max[k][1]
                        + ": it could never start");
            }
        }
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
            if (cs[k] == null || spec.max[k][key] == Integer.MAX_VALUE) {
                continue;
            }
            int have = key == 0 ? cs[k].running : key == 1 ? cs[k].processors : cs[k].submitted;
            if ((long) have + (key == 1 ? processors : 1) > spec.max[k][key]) {
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
