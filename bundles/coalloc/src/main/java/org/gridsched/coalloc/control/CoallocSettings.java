package org.gridsched.coalloc.control;

import java.util.List;
import java.util.Locale;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.SimTime;

/**
 * The controller's validated options. Defaults are the paper's where it has one (L_p = 0.7 of its first
 * experiment, GP, claims at the try, worst fit, deadlines U[1, 3599] s); M_p = 5 is ours (the paper gives no
 * value).
 *
 * @param lp              L_p in (0, 1]
 * @param mp              M_p, at least 1
 * @param ignore          X of Wait-X in seconds, +infinity for the pure RPP
 * @param globalPriority  GP (true) or LP
 * @param requeueKilled   GP's victims are re-queued instead of lost
 * @param claimAtDeadline a successful try only chooses the clusters and the processors are claimed at the
 *                        deadline (KOALA's separate claiming step), instead of being claimed by the try (the paper)
 * @param minComponents   jobs of fewer components are not taken (left to the local schedulers and the broker)
 * @param killThenFail    GP at the deadline kills local jobs component by component even when the whole job cannot be
 *                        fitted (the paper's unconditional "local jobs are killed"); the kills stay when it then fails
 */
public record CoallocSettings(double lp, int mp, double ignore, boolean globalPriority, boolean requeueKilled,
        boolean claimAtDeadline, String placement, double dMin, double dMax, int minComponents, boolean killThenFail) {

    static final String LP = "lp";
    static final String MP = "mp";
    static final String IGNORE = "ignore";
    static final String PRIORITY = "priority";
    static final String REQUEUE = "requeue_killed";
    static final String CLAIM = "claim";
    static final String PLACEMENT = "placement";
    static final String D_MIN = "d_min";
    static final String D_MAX = "d_max";
    static final String MIN_COMPONENTS = "min_components";
    static final String GP_KILLS = "gp_kills";

    static List<Parameter> parameters(String placements) {
        return List.of(
                new Parameter(LP, "0.7", "L_p in (0,1]: tries at PT_0 = S + L_p (D - S), PT_m+1 = PT_m + L_p (D - PT_m)"),
                new Parameter(MP, "5", "M_p: at most this many placement tries per job (the last one possibly at D)"),
                new Parameter(IGNORE, "infinity", "X of Wait-X: ignore a job until D - X seconds, then RPP; 'infinity' = pure RPP"),
                new Parameter(PRIORITY, "gp", "gp: at its deadline an unplaced job kills local jobs to start; lp: it fails"),
                new Parameter(REQUEUE, "false", "gp: re-queue killed local jobs instead of losing them"),
                new Parameter(CLAIM, "at_try", "at_try: a successful try claims the processors until D (the paper); "
                        + "at_deadline: a try only chooses the clusters, claimed at D (KOALA's separate claiming step)"),
                new Parameter(PLACEMENT, "worst-fit", "placement policy, one of: " + placements),
                new Parameter(D_MIN, "1", "deadline = submit + U[d_min, d_max] seconds (drawn per job id from the seed)"),
                new Parameter(D_MAX, "3599", "see d_min"),
                new Parameter(MIN_COMPONENTS, "2", "jobs of at least this many components are global (taken in charge)"),
                new Parameter(GP_KILLS, "if_room", "gp at the deadline: if_room: kill local jobs only if that makes room for the "
                        + "whole job; kill_then_fail: kill while fitting the components, the kills stay if a later one does not fit"));
    }

    static CoallocSettings parse(PluginOptions o, List<Parameter> parameters) {
        o.requireKnown(parameters);
        double lp = o.getDouble(LP, 0.7);
        if (!(lp > 0 && lp <= 1)) {
            throw bad(o, LP, "must be in (0, 1], got " + o.asMap().get(LP));
        }
        int mp = o.getInt(MP, 5);
        if (mp < 1) {
            throw bad(o, MP, "must be at least 1, got " + mp);
        }
        double ignore = ignore(o);
        String priority = o.getString(PRIORITY, "gp").trim().toLowerCase(Locale.ROOT);
        if (!priority.equals("gp") && !priority.equals("lp")) {
            throw bad(o, PRIORITY, "must be 'gp' (global priority) or 'lp' (local priority), got '" + priority + "'");
        }
        double dMin = o.getDouble(D_MIN, 1);
        double dMax = o.getDouble(D_MAX, 3599);
        // a deadline is a job's time: within the bound of every job's time (d_max = 1e300 gave makespans of 1e300 s)
        if (!(dMin >= 0 && dMin <= SimTime.MAX_JOB_TIME)) {
            throw bad(o, D_MIN, "must be a number of seconds in 0.." + SimTime.format(SimTime.MAX_JOB_TIME) + " (about 317 years), got "
                    + o.asMap().get(D_MIN));
        }
        if (!(dMax >= dMin && dMax <= SimTime.MAX_JOB_TIME)) {
            throw bad(o, D_MAX, "must be at least d_min (" + dMin + ") and at most " + SimTime.format(SimTime.MAX_JOB_TIME)
                    + " s (about 317 years), got " + o.asMap().get(D_MAX));
        }
        String claim = o.getString(CLAIM, "at_try").trim().toLowerCase(Locale.ROOT);
        if (!claim.equals("at_try") && !claim.equals("at_deadline")) {
            throw bad(o, CLAIM, "must be 'at_try' (a successful try claims the processors) or 'at_deadline' (they are "
                    + "claimed at the deadline), got '" + claim + "'");
        }
        int minComponents = o.getInt(MIN_COMPONENTS, 2);
        if (minComponents < 1) {
            throw bad(o, MIN_COMPONENTS, "must be at least 1, got " + minComponents);
        }
        String gpKills = o.getString(GP_KILLS, "if_room").trim().toLowerCase(Locale.ROOT);
        if (!gpKills.equals("if_room") && !gpKills.equals("kill_then_fail")) {
            throw bad(o, GP_KILLS, "must be 'if_room' (kill only if that makes room for the whole job) or 'kill_then_fail' "
                    + "(kill while fitting the components; the kills stay if a later one does not fit), got '" + gpKills + "'");
        }
        return new CoallocSettings(lp, mp, ignore, priority.equals("gp"), o.getBoolean(REQUEUE, false),
                claim.equals("at_deadline"), o.getString(PLACEMENT, "worst-fit").trim(), dMin, dMax, minComponents,
                gpKills.equals("kill_then_fail"));
    }

    private static double ignore(PluginOptions o) {
        Object raw = o.asMap().get(IGNORE);
        if (raw instanceof String s && List.of("infinity", "inf", "none").contains(s.trim().toLowerCase(Locale.ROOT))) {
            return Double.POSITIVE_INFINITY;
        }
        double x = o.getDouble(IGNORE, Double.POSITIVE_INFINITY);
        if (!(x >= 0)) {
            throw bad(o, IGNORE, "must be a number of seconds >= 0 or 'infinity', got " + raw);
        }
        return x;
    }

    static InputException bad(PluginOptions o, String key, String problem) {
        return new InputException(null, 0, key, problem + " (for " + o.owner() + ")");
    }
}
