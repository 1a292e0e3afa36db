package org.gridsched.engine.report;

import java.util.Map;

/**
 * A part of {@code summary.json} that the engine does not compute (a run compared with its reference, a model's
 * predictions): whoever computes it adds it to the {@link RunReport}, and it is written in the places
 * {@code summary.json} keeps for it. The engine knows no study; a study's records implement this.
 */
public interface SummarySection {
    /** Its key in {@code summary.json}: of its object at the root, and of its object under each cluster. */
    String key();

    /** Entries appended to the {@code run} object, after the run's own settings, in order; none by default. */
    default Map<String, ?> runEntries() {
        return Map.of();
    }

    /** Its object under {@code clusters.NAME} for the cluster at that platform index (last there), or null for none. */
    default Map<String, ?> cluster(int index) {
        return null;
    }

    /** Its object at the root (after {@code plugins}), or null for none. */
    default Map<String, ?> root() {
        return null;
    }
}
