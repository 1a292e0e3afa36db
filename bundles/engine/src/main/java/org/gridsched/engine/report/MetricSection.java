package org.gridsched.engine.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one metric collector reported, overall or for one cluster. The keys are the collector's own (plugins
 * define them), in the order it reported them; they become {@code summary.json} keys.
 *
 * @param collector the name the collector was chosen by
 */
public record MetricSection(String collector, Map<String, Object> values) {
    public MetricSection {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }
}
