package org.gridsched.bot;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.gridsched.api.InputException;
import org.gridsched.api.SimTime;

/**
 * The metascheduler: asks every provider for an offer, composes them ({@link Composition}), places the
 * parts, and keeps the BoT table of global expected completions. Coordinated, it receives the providers'
 * new last completions (Algorithm 1, line 11) and, when the bag's global completion changes, tells every
 * provider holding tasks of that bag (spec 2.3); a change that another provider's later completion hides
 * is local and goes nowhere.
 */
final class Metascheduler {
    private final Provider[] providers;
    private final BotSettings settings;
    private long globalUpdates;
    private long messages;

    Metascheduler(Provider[] providers, BotSettings settings) {
        this.providers = providers;
        this.settings = settings;
    }

    /** Requested time of one task at provider p, at reference speed (the estimate there). */
    double requested(Bag bag, int p) {
        double r = settings.estimates()[p].requested(bag.runtime, settings.overestimation());
        if (!(r <= SimTime.MAX_JOB_TIME)) { // the engine took it, and the bag's parts ran with absurd reservations
            throw new InputException(null, 0, BotSettings.OVERESTIMATION, String.format(Locale.ROOT, "bag %d's estimate on provider %d "
                    + "would be %.4g s (its run time %s s x (1 + %s / 100)), beyond the %s s (about 317 years) every job's time is "
                    + "bound by; give a lower overestimation (for grid controller 'bot')", bag.id, p + 1, r, SimTime.format(bag.runtime),
                    SimTime.format(settings.overestimation() * 100), SimTime.format(SimTime.MAX_JOB_TIME)));
        }
        return r;
    }

    /** Splits the bag over the providers now; returns the new parts (their jobs still to be submitted). */
    List<BagPart> compose(Bag bag, double now) {
        Offer[] offers = new Offer[providers.length];
        for (int p = 0; p < providers.length; p++) {
            // the requested time the engine gives the task there: on the time grid at reference speed, then divided
            // by the speed and rounded again (SimTime), so that a part's planned end is its job's end to the tick
            double duration = SimTime.of(SimTime.of(requested(bag, p)) / providers[p].speed);
            offers[p] = providers[p].offer(now, duration, bag.tasks, settings.rigid());
        }
        Composition c = Composition.of(offers, bag.tasks, settings.composition());
        bag.globalCompletion = c.completion;
        List<BagPart> created = new ArrayList<>();
        for (int p = 0; p < providers.length; p++) {
            for (double[] part : offers[p].parts(c.tasks[p])) {
                BagPart q = providers[p].add(bag, (int) part[1], offers[p].duration, part[0], c.completion);
                bag.parts.add(q);
                created.add(q);
            }
            if (c.tasks[p] > 0) {
                bag.localCompletion[p] = providers[p].localCompletion(bag);
            }
        }
        return created;
    }

    /** A provider's report: the latest expected completion of the bag's parts there is now {@code completion}. */
    void newCompletion(Bag bag, int provider, double completion, double now) {
        messages++;
        bag.localCompletion[provider] = completion;
        double global = Double.NEGATIVE_INFINITY;
        for (double l : bag.localCompletion) {
            if (!Double.isNaN(l)) {
                global = Math.max(global, l);
            }
        }
        if (global != bag.globalCompletion) {
            bag.globalCompletion = global;
            bag.globalUpdates++;
            globalUpdates++;
            for (int q = 0; q < providers.length; q++) {
                if (bag.holdsTasksAt(q)) {
                    providers[q].updateGlobal(bag, global, now);
                }
            }
        }
    }

    long globalUpdates() {
        return globalUpdates;
    }

    long messages() {
        return messages;
    }
}
