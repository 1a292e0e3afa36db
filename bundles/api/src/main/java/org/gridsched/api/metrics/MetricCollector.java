package org.gridsched.api.metrics;

import org.gridsched.api.Plugin;
import org.gridsched.api.PluginOptions;
import org.osgi.annotation.versioning.ConsumerType;

/** A metric collector plugin; creates a fresh {@link Collector} for each run. */
@ConsumerType
public interface MetricCollector extends Plugin {

    Collector create(RunInfo run, PluginOptions options);
}
