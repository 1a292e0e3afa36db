package org.gridsched.coalloc.metrics;

import java.util.List;

import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.metrics.RunInfo;
import org.osgi.service.component.annotations.Component;

/**
 * The {@code coalloc} metric collector: the metrics of Ballier et al. (global success rate, local kill rate,
 * total load with and without claimed-idle processors, global load, processor wasted time, local response
 * time) plus placement tries and time in the placement queue, and {@code coalloc.csv}, one row per global
 * job saying whether it was placed and how, or why it failed. Definitions: {@link CoallocMetrics}.
 */
@Component(service = MetricCollector.class, configurationPid = "gridsched.collector.coalloc")
public final class CoallocCollector implements MetricCollector {
    public static final String NAME = "coalloc";
    static final String FILE = "file";

    private static final List<Parameter> PARAMETERS = List.of(
            new Parameter(FILE, "true", "write coalloc.csv, one row per global job"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "co-allocation: global success rate, local kill rate, loads, processor wasted time, placement tries; coalloc.csv";
    }

    @Override
    public List<Parameter> parameters() {
        return PARAMETERS;
    }

    @Override
    public Collector create(RunInfo run, PluginOptions options) {
        PluginOptions o = options != null ? options : PluginOptions.empty("metric collector '" + NAME + "'");
        o.requireKnown(PARAMETERS);
        return new CoallocMetrics(run, o.getBoolean(FILE, true));
    }
}
