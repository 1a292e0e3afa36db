package org.gridsched.bot;

import java.util.List;
import java.util.Locale;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.SimTime;

/** The bot controller's validated options; each bad value is an error naming its option. */
record BotSettings(Rescheduling rescheduling, boolean rigid, double overestimation, Estimate[] estimates,
        double delayMin, double delayMax, double window, boolean rescheduleOnUpdate, Composition.Rule composition) {

    static final String RESCHEDULING = "rescheduling";
    static final String PLACEMENT = "placement";
    static final String OVERESTIMATION = "overestimation";
    static final String ESTIMATES = "estimates";
    static final String GENERATION_DELAY = "generation_delay";
    static final String WINDOW = "window";
    static final String RESCHEDULE_ON_UPDATE = "reschedule_on_update";
    static final String COMPOSITION = "composition";

    static final List<Parameter> PARAMETERS = List.of(
            new Parameter(RESCHEDULING, "uncoordinated",
                    "on an early completion re-plan the queue in submission order (uncoordinated) or by the bag's global expected completion (coordinated, Algorithm 1)"),
            new Parameter(PLACEMENT, "rigid", "offers place a provider's share of a bag as one rigid part, a job of its own (rigid), or its tasks one by one (tasks)"),
            new Parameter(OVERESTIMATION, "0", "users' run-time overestimation in percent (estimate = runtime x (1 + o/100)), at least 0"),
            new Parameter(ESTIMATES, "user",
                    "estimate model, one for all providers or one per provider, comma-separated: user, perfect, system-P (P % of the user's error removed)"),
            new Parameter(GENERATION_DELAY, "300-1800",
                    "seconds a system-generated estimate takes before offers are made: a number or a range MIN-MAX drawn uniformly per bag"),
            new Parameter(WINDOW, "1296000", "bags submitted after this many seconds are rejected (outside_window); 0 = no window"),
            new Parameter(RESCHEDULE_ON_UPDATE, "false", "a provider told a new global completion re-plans its queue at once"),
            new Parameter(COMPOSITION, "earliest", "the tasks offered at the bag's composed completion T go first to providers already "
                    + "holding tasks of the bag (earliest), one at a time to each provider offering at T in turn (interleaved), or in proportion "
                    + "to what each offers at T (proportional)"));

    static BotSettings parse(PluginOptions options, int providers) {
        options.requireKnown(PARAMETERS);
        String r = options.getString(RESCHEDULING, "uncoordinated").trim().toLowerCase(Locale.ROOT);
        Rescheduling rescheduling = switch (r) {
            case "uncoordinated" -> Rescheduling.UNCOORDINATED;
            case "coordinated" -> Rescheduling.COORDINATED;
            default -> throw bad(RESCHEDULING, "must be 'uncoordinated' or 'coordinated', got '" + r + "'");
        };
        String pl = options.getString(PLACEMENT, "rigid").trim().toLowerCase(Locale.ROOT);
        if (!pl.equals("tasks") && !pl.equals("rigid")) {
            throw bad(PLACEMENT, "must be 'rigid' or 'tasks', got '" + pl + "'");
        }
        double o = options.getDouble(OVERESTIMATION, 0);
        // an estimate is a requested time, within the bound of every job's time: 1 + o/100 alone must stay within it (each
        // bag's estimate is checked again when it is made, Metascheduler.requested)
        if (!(o >= 0 && 1 + o / 100 <= SimTime.MAX_JOB_TIME)) {
            throw bad(OVERESTIMATION, "must be a percentage of at least 0 (underestimates are not modelled) that keeps estimates within "
                    + SimTime.format(SimTime.MAX_JOB_TIME) + " s (about 317 years), got " + options.asMap().get(OVERESTIMATION));
        }
        String[] kinds = options.getString(ESTIMATES, "user").split(",");
        if (kinds.length != 1 && kinds.length != providers) {
            throw bad(ESTIMATES, "needs one model or one per provider (" + providers + "), got " + kinds.length);
        }
        Estimate[] estimates = new Estimate[providers];
        for (int p = 0; p < providers; p++) {
            estimates[p] = Estimate.parse(kinds[kinds.length == 1 ? 0 : p], ESTIMATES);
        }
        String d = options.getString(GENERATION_DELAY, "300-1800").trim();
        double lo;
        double hi;
        try {
            int dash = d.indexOf('-', 1);
            lo = Double.parseDouble(dash < 0 ? d : d.substring(0, dash).trim());
            hi = dash < 0 ? lo : Double.parseDouble(d.substring(dash + 1).trim());
        } catch (NumberFormatException e) {
            throw bad(GENERATION_DELAY, "must be a number of seconds or a range MIN-MAX, got '" + d + "'");
        }
        if (!(lo >= 0) || !(hi >= lo) || !(hi <= SimTime.MAX_JOB_TIME)) {
            throw bad(GENERATION_DELAY, "must be seconds with 0 <= MIN <= MAX <= " + SimTime.format(SimTime.MAX_JOB_TIME)
                    + " (about 317 years), got '" + d + "'");
        }
        double window = options.getDouble(WINDOW, 1_296_000);
        if (!(window >= 0) || Double.isInfinite(window)) {
            throw bad(WINDOW, "must be 0 (no window) or a positive number of seconds, got " + window);
        }
        String comp = options.getString(COMPOSITION, "earliest").trim().toLowerCase(Locale.ROOT);
        Composition.Rule composition = switch (comp) {
            case "earliest" -> Composition.Rule.EARLIEST;
            case "interleaved" -> Composition.Rule.INTERLEAVED;
            case "proportional" -> Composition.Rule.PROPORTIONAL;
            default -> throw bad(COMPOSITION, "must be 'earliest', 'interleaved' or 'proportional', got '" + comp + "'");
        };
        return new BotSettings(rescheduling, pl.equals("rigid"), o / 100, estimates, lo, hi,
                window == 0 ? Double.POSITIVE_INFINITY : window, options.getBoolean(RESCHEDULE_ON_UPDATE, false), composition);
    }

    boolean anyGenerated() {
        for (Estimate e : estimates) {
            if (e.generated()) {
                return true;
            }
        }
        return false;
    }

    private static InputException bad(String key, String problem) {
        return new InputException(null, 0, key, problem + " (for grid controller 'bot')");
    }
}
