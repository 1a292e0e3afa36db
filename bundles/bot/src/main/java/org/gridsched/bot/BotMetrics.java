package org.gridsched.bot;

import java.util.LinkedHashMap;
import java.util.Map;

import org.gridsched.api.Decimals;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.Report;
import org.gridsched.api.metrics.RunInfo;

/**
 * Per-bag metrics, computed when a bag's last part finishes (each part's job carries its {@link BagPart}
 * as tag):
 * <ul>
 * <li>stretch factor (spec 2.1): n (T_n^c - T_1^s) / sum of the tasks' execution times, with the real
 *     execution times: 1 when all tasks run side by side, larger as they spread out in time;</li>
 * <li>response time: last task's finish - the bag's submission (estimate generation delay included);</li>
 * <li>bounded slowdown: max(1, response / max(longest task's execution, bound)), bound 600 s;</li>
 * <li>bounded stretch factor: max(1, n (T_n^c - T_1^s) / sum of max(task's execution, bound)), the same bound
 *     (not the paper's; the plain mean is carried by a few bags of seconds-long tasks spread over hours, so
 *     this one says what happens to the bags whose tasks run long enough to matter);</li>
 * <li>each as a mean over all bags, over bags on one provider ({@code _single}) and on several
 *     ({@code _multi}); the histogram of providers per bag ({@code bags_on_providers}; {@code bags_on_K_providers} and its share of the
 *     bags in percent, {@code bags_on_K_providers_percent}); utilization per
 *     provider: task-seconds there / (processors x (last finish - first start of any part)).</li>
 * </ul>
 */
final class BotMetrics implements Collector {
    private final RunInfo run;
    private final double bound;
    private final boolean file;
    private final Mean[] sf = Mean.three();
    private final Mean[] sfBounded = Mean.three();
    private final Mean[] rt = Mean.three();
    private final Mean[] bsld = Mean.three();
    private final long[] byProviders;
    private final double[] busy;
    private double firstStart = Double.POSITIVE_INFINITY;
    private double lastFinish = Double.NEGATIVE_INFINITY;
    private long updates;
    private final StringBuilder csv;

    /** Running mean of a metric; index 0 all bags, 1 single-provider, 2 multi-provider. */
    private static final class Mean {
        double sum;
        long n;

        static Mean[] three() {
            return new Mean[] {new Mean(), new Mean(), new Mean()};
        }

        double value() {
            return n == 0 ? Double.NaN : sum / n;
        }
    }

    BotMetrics(RunInfo run, double bound, boolean file) {
        this.run = run;
        this.bound = bound;
        this.file = file;
        this.byProviders = new long[run.clusterCount() + 1];
        this.busy = new double[run.clusterCount()];
        this.csv = file ? new StringBuilder("bag,tasks,submit,first_start,last_finish,providers,stretch_factor,bounded_stretch_factor,response_time,bounded_slowdown,global_updates\n") : null;
    }

    @Override
    public void jobFinished(JobOutcome job) {
        if (!(job.tag() instanceof BagPart part)) {
            return;
        }
        Bag bag = part.bag;
        double exec = job.executionTime();
        bag.firstStart = Math.min(bag.firstStart, job.startTime());
        bag.lastFinish = Math.max(bag.lastFinish, job.finishTime());
        bag.taskSeconds += part.tasks * exec;
        bag.boundedTaskSeconds += part.tasks * Math.max(exec, bound);
        bag.longestTask = Math.max(bag.longestTask, exec);
        busy[part.provider] += part.tasks * exec;
        firstStart = Math.min(firstStart, job.startTime());
        lastFinish = Math.max(lastFinish, job.finishTime());
        if (++bag.partsCollected == bag.parts.size()) {
            bagDone(bag);
        }
    }

    private void bagDone(Bag bag) {
        double stretch = bag.tasks * (bag.lastFinish - bag.firstStart) / bag.taskSeconds;
        double boundedStretch = Math.max(1, bag.tasks * (bag.lastFinish - bag.firstStart) / bag.boundedTaskSeconds);
        double response = bag.lastFinish - bag.submitTime;
        double slowdown = Math.max(1, response / Math.max(bag.longestTask, bound));
        int providers = bag.providersUsed();
        int kind = providers == 1 ? 1 : 2;
        for (int i : new int[] {0, kind}) {
            sf[i].sum += stretch;
            sf[i].n++;
            sfBounded[i].sum += boundedStretch;
            sfBounded[i].n++;
            rt[i].sum += response;
            rt[i].n++;
            bsld[i].sum += slowdown;
            bsld[i].n++;
        }
        byProviders[providers]++;
        updates += bag.globalUpdates;
        if (file) {
            // doubles in Double.toString's layout ("0.0"), as bags.csv always had them, by one JDK-independent algorithm
            csv.append(bag.id).append(',').append(bag.tasks).append(',').append(Decimals.shortest(bag.submitTime)).append(',')
                    .append(Decimals.shortest(bag.firstStart)).append(',').append(Decimals.shortest(bag.lastFinish)).append(',')
                    .append(providers).append(',').append(Decimals.shortest(stretch)).append(',').append(Decimals.shortest(boundedStretch))
                    .append(',').append(Decimals.shortest(response)).append(',').append(Decimals.shortest(slowdown)).append(',')
                    .append(bag.globalUpdates).append('\n');
        }
    }

    @Override
    public void report(Report report) {
        String[] suffix = {"", "_single", "_multi"};
        report.overall("bags", sf[0].n);
        report.overall("bags_single", sf[1].n);
        report.overall("bags_multi", sf[2].n);
        for (int i = 0; i < 3; i++) {
            report.overall("stretch_factor" + suffix[i], sf[i].value());
            report.overall("bounded_stretch_factor" + suffix[i], sfBounded[i].value());
            report.overall("response_time" + suffix[i], rt[i].value());
            report.overall("bounded_slowdown" + suffix[i], bsld[i].value());
        }
        Map<String, Long> histogram = new LinkedHashMap<>();
        long bags = 0;
        for (int k = 1; k < byProviders.length; k++) {
            bags += byProviders[k];
        }
        for (int k = 1; k < byProviders.length; k++) {
            histogram.put(Integer.toString(k), byProviders[k]);
            report.overall("bags_on_" + k + "_providers", byProviders[k]);
            report.overall("bags_on_" + k + "_providers_percent", bags == 0 ? Double.NaN : 100.0 * byProviders[k] / bags);
        }
        report.overall("bags_on_providers", histogram);
        report.overall("global_updates", updates);
        double span = lastFinish - firstStart;
        double all = 0;
        long processors = 0;
        for (int c = 0; c < busy.length; c++) {
            all += busy[c];
            processors += run.clusterProcessors(c);
            report.cluster(c, "bot_utilization_percent", span > 0 ? 100 * busy[c] / (run.clusterProcessors(c) * span) : Double.NaN);
        }
        report.overall("bot_utilization_percent", span > 0 ? 100 * all / (processors * span) : Double.NaN);
        if (file) {
            report.file("bags.csv", csv.toString());
        }
    }
}
