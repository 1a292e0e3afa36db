package org.gridsched.experiments;

import java.util.List;
import java.util.Map;

import org.gridsched.engine.report.SummarySection;

/**
 * The queueing-theory companion of a run: which model applies, and its predictions per cluster (in platform
 * order). {@code summary.json} puts the model under {@code run.theory_model} and each prediction under
 * {@code clusters.NAME.theory}.
 */
public record Theory(String model, List<Prediction> clusters) implements SummarySection {
    public Theory {
        clusters = List.copyOf(clusters);
    }

    @Override
    public String key() {
        return "theory";
    }

    @Override
    public Map<String, ?> runEntries() {
        return Map.of("theory_model", model);
    }

    @Override
    public Map<String, ?> cluster(int index) {
        return clusters.get(index).toMap();
    }
}
