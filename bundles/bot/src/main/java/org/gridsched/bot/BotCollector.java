package org.gridsched.bot;

import java.util.List;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.SimTime;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.metrics.RunInfo;
import org.osgi.service.component.annotations.Component;

/**
 * The {@code bot} metric collector: per bag the stretch factor, response time and bounded slowdown (all
 * bags, single- and multi-provider bags apart), the histogram of providers per bag and the utilization of
 * each provider. Definitions: {@link BotMetrics}.
 */
@Component(service = MetricCollector.class, configurationPid = "gridsched.collector.bot")
public final class BotCollector implements MetricCollector {
    public static final String NAME = "bot";
    static final String BOUND = "slowdown_bound";
    static final String FILE = "file";

    private static final List<Parameter> PARAMETERS = List.of(
            new Parameter(BOUND, "600", "seconds below which a bag's run time counts as this bound in the bounded slowdown (the paper's 10 minutes) and the bounded stretch factor"),
            new Parameter(FILE, "false", "write bags.csv, one row per bag"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "bags of tasks: stretch factor (plain and bounded), response time and bounded slowdown (single/multi-provider), providers per bag, utilization per provider";
    }

    @Override
    public List<Parameter> parameters() {
        return PARAMETERS;
    }

    @Override
    public Collector create(RunInfo run, PluginOptions options) {
        PluginOptions o = options != null ? options : PluginOptions.empty("metric collector '" + NAME + "'");
        o.requireKnown(PARAMETERS);
        double bound = o.getPositive(BOUND, 600);
        if (bound > SimTime.MAX_JOB_TIME) {
            throw new InputException(null, 0, BOUND, "must be at most " + SimTime.format(SimTime.MAX_JOB_TIME)
                    + " s (about 317 years), the bound of every job's time, got " + o.asMap().get(BOUND) + " (for metric collector '" + NAME + "')");
        }
        return new BotMetrics(run, bound, o.getBoolean(FILE, false));
    }
}
