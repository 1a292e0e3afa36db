package org.gridsched.meta;

import java.util.List;
import java.util.function.ToDoubleFunction;

import org.gridsched.api.grid.SelectionHeuristic;
import org.gridsched.api.grid.SelectionHeuristic.Candidate;
import org.osgi.service.component.annotations.Component;

/**
 * The six job-selection heuristics. Candidates come oldest first, and every heuristic keeps the first of
 * equal candidates, so ties go to the oldest submission, then the smallest job id.
 */
final class SelectionHeuristics {
    private SelectionHeuristics() {
    }

    static int argmax(List<Candidate> candidates, ToDoubleFunction<Candidate> value) {
        int best = 0;
        double bestValue = value.applyAsDouble(candidates.get(0));
        for (int i = 1; i < candidates.size(); i++) {
            double v = value.applyAsDouble(candidates.get(i));
            if (v > bestValue) {
                best = i;
                bestValue = v;
            }
        }
        return best;
    }

    private abstract static class Base implements SelectionHeuristic {
        private final String name;
        private final String description;

        Base(String name, String description) {
            this.name = name;
            this.description = description;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return description;
        }
    }

    /** Online: jobs one after another in submission order. */
    @Component(service = SelectionHeuristic.class, configurationPid = "gridsched.heuristic.mct")
    public static final class Mct extends Base {
        public Mct() {
            super("mct", "Jobs in submission order, each to its minimum completion time (online)");
        }

        @Override
        public int select(List<Candidate> candidates) {
            return 0;
        }
    }

    @Component(service = SelectionHeuristic.class, configurationPid = "gridsched.heuristic.minmin")
    public static final class MinMin extends Base {
        public MinMin() {
            super("minmin", "The job with the smallest best completion time first (favours short jobs)");
        }

        @Override
        public int select(List<Candidate> candidates) {
            return argmax(candidates, c -> -c.bestCompletion());
        }
    }

    @Component(service = SelectionHeuristic.class, configurationPid = "gridsched.heuristic.maxmin")
    public static final class MaxMin extends Base {
        public MaxMin() {
            super("maxmin", "The job with the largest best completion time first (favours long jobs)");
        }

        @Override
        public int select(List<Candidate> candidates) {
            return argmax(candidates, Candidate::bestCompletion);
        }
    }

    @Component(service = SelectionHeuristic.class, configurationPid = "gridsched.heuristic.maxgain")
    public static final class MaxGain extends Base {
        public MaxGain() {
            super("maxgain", "The job that gains most: current minus new completion time");
        }

        @Override
        public int select(List<Candidate> candidates) {
            return argmax(candidates, c -> c.currentCompletion() - c.newCompletion());
        }
    }

    @Component(service = SelectionHeuristic.class, configurationPid = "gridsched.heuristic.maxrelgain")
    public static final class MaxRelGain extends Base {
        public MaxRelGain() {
            super("maxrelgain", "The job that gains most per processor");
        }

        @Override
        public int select(List<Candidate> candidates) {
            return argmax(candidates, c -> (c.currentCompletion() - c.newCompletion()) / c.job().processors());
        }
    }

    @Component(service = SelectionHeuristic.class, configurationPid = "gridsched.heuristic.sufferage")
    public static final class Sufferage extends Base {
        public Sufferage() {
            super("sufferage", "The job that would suffer most from losing its best cluster: second best minus best");
        }

        @Override
        public int select(List<Candidate> candidates) {
            return argmax(candidates, c -> c.secondBestCompletion() - c.bestCompletion());
        }
    }
}
