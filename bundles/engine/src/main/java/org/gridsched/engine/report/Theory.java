package org.gridsched.engine.report;

import java.util.List;

/**
 * The queueing-theory companion of a run: which model applies, and its predictions per cluster (in platform
 * order). {@code summary.json} puts the model under {@code run.theory_model} and each prediction under
 * {@code clusters.NAME.theory}.
 */
public record Theory(String model, List<Prediction> clusters) {
    public Theory {
        clusters = List.copyOf(clusters);
    }
}
