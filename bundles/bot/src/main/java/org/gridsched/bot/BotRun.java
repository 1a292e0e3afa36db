package org.gridsched.bot;

import java.util.List;
import java.util.SplittableRandom;

import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.control.JobSpec;
import org.gridsched.api.control.Part;

/**
 * One run of the bag-of-tasks grid: every workload job is a bag, taken in charge at arrival. When its offers
 * are due (at once, or after the system estimates' generation delay), the workload job is given up
 * ({@code split_into_parts}: it never runs itself) and its tasks are submitted as the parts the
 * metascheduler composed, each a job of one provider; the providers start them when their reservations come
 * and re-plan when one ends early.
 */
final class BotRun implements Controller, Provider.Host {

    /** A provider's wake-up, one instance per provider. */
    private record Wake(int provider) {
    }

    static final String SPLIT = "split_into_parts";
    static final String OUTSIDE = "outside_window";

    private final GridOperations grid;
    private final BotSettings settings;
    private final Provider[] providers;
    private final Wake[] wakes;
    private final Metascheduler meta;
    private final SplittableRandom delays;

    BotRun(GridOperations grid, BotSettings settings, long seed) {
        this.grid = grid;
        this.settings = settings;
        int n = grid.clusterCount();
        providers = new Provider[n];
        wakes = new Wake[n];
        for (int p = 0; p < n; p++) {
            providers[p] = new Provider(p, grid.processors(p), grid.speed(p), settings.rescheduling(), settings.rescheduleOnUpdate(), this);
            wakes[p] = new Wake(p);
        }
        meta = new Metascheduler(providers, settings);
        delays = new SplittableRandom(seed);
    }

    @Override
    public boolean jobArrived(GridJob job) {
        if (job.tag() instanceof BagPart part) {
            part.arrived = true;
            providers[part.provider].requestWake(grid.now());
            return true;
        }
        Bag bag = new Bag(job.id(), job.submitTime(), job.processors(), runtimeOf(job), providers.length);
        bag.request = job;
        job.tag(bag);
        double at = grid.now();
        if (job.submitTime() <= settings.window() && settings.anyGenerated()) {
            at += settings.delayMin() + (settings.delayMax() - settings.delayMin()) * delays.nextDouble();
        }
        bag.offersAt = at;
        grid.timer(at, bag);
        return true;
    }

    /**
     * The real run time of the bag's tasks. A controller sees only the requested time of a workload job, so
     * the workload's requested time must be its run time: lublin99 with {@code requested_time=runtime} (its
     * default), the model's exact times; the estimate models then make each provider's requested time.
     */
    private static double runtimeOf(GridJob job) {
        return job.referenceRequestedTime();
    }

    @Override
    public void timer(Object tag) {
        double now = grid.now();
        if (tag instanceof Wake w) {
            providers[w.provider()].woken(now);
            return;
        }
        Bag bag = (Bag) tag;
        if (bag.submitTime > settings.window()) {
            grid.reject(bag.request, OUTSIDE);
            return;
        }
        grid.reject(bag.request, SPLIT);
        for (BagPart part : meta.compose(bag, now)) {
            part.job = grid.submit(new JobSpec(bag.id, now, bag.runtime, meta.requested(bag, part.provider), part.tasks));
            part.job.tag(part);
        }
    }

    @Override
    public void jobEnded(GridJob job) {
        if (job.tag() instanceof BagPart part) {
            part.bag.partsEnded++;
            providers[part.provider].ended(part, grid.now());
        }
    }

    @Override
    public boolean start(BagPart part) {
        return grid.start(part.job, List.of(new Part(part.provider, part.tasks)));
    }

    @Override
    public void wakeAt(int provider, double time) {
        grid.timer(time, wakes[provider]);
    }

    @Override
    public void newCompletion(Bag bag, int provider, double completion) {
        meta.newCompletion(bag, provider, completion, grid.now());
    }

    Provider provider(int p) {
        return providers[p];
    }

    Metascheduler metascheduler() {
        return meta;
    }
}
