package org.gridsched.api.grid;

import java.util.List;

import org.gridsched.api.Plugin;
import org.gridsched.api.PluginOptions;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Chooses which waiting job a reallocation algorithm handles next (MCT, MinMin, MaxMin, MaxGain,
 * MaxRelGain, Sufferage, ...). The algorithm recomputes the candidates' completion times before every
 * choice.
 */
@ConsumerType
public interface SelectionHeuristic extends Plugin {

    /**
     * @param candidates the jobs still to handle in this event, oldest submission first; never empty
     * @return the index of the chosen candidate
     */
    int select(List<Candidate> candidates);

    /**
     * The heuristic one run uses, given the options the run chose for it ({@code --heuristic-option KEY=VALUE}, a
     * profile's heuristic options, configuration), already checked against {@link #parameters()} and completed with
     * their defaults. A heuristic with parameters returns an instance that uses them; the default, for one without,
     * is the heuristic itself.
     *
     * @since 1.4
     */
    default SelectionHeuristic configured(PluginOptions options) {
        return this;
    }

    /** A job still to handle, with its completion times. */
    interface Candidate {
        WaitingJob job();

        /** Completion time where the job is (or was before the event cancelled it). */
        double currentCompletion();

        /** Completion time per cluster if submitted there now; +infinity where it does not fit. */
        double completion(int cluster);

        /** The best completion over all clusters. */
        double bestCompletion();

        /** The second best completion over all clusters (+infinity with one candidate cluster). */
        double secondBestCompletion();

        /**
         * The completion the algorithm would give the job if it handled it now: for regular reallocation
         * the best on another cluster, for all-cancellation the best anywhere. Gain = current − new.
         */
        double newCompletion();
    }
}
