package org.gridsched.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.gridsched.api.InputException;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridController;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.grid.ReallocationAlgorithm;
import org.gridsched.api.grid.SelectionHeuristic;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.launcher.PluginRegistry.Kind;

/** How each plugin kind's chosen plugins are put into the simulation being assembled ({@link PluginRegistry.Kind#wire}). */
final class KindWirings {
    private KindWirings() {
    }

    /** Each cluster gets its own scheduler from its batch policy. */
    static void batch(RunAssembly run, List<RunAssembly.Use> uses) {
        for (RunAssembly.Use u : uses) {
            BatchPolicy policy = u.plugin(BatchPolicy.class);
            run.scheduler(u.cluster(), cluster -> policy.create(cluster, u.options()));
        }
    }

    /** The meta-scheduler routes every grid job. */
    static void meta(RunAssembly run, List<RunAssembly.Use> uses) {
        RunAssembly.Use u = uses.get(0);
        MetaScheduler meta = u.plugin(MetaScheduler.class);
        run.settings().router = grid -> {
            var router = meta.create(grid, u.options(), u.seed());
            if (router == null) { // the engine would send every job to the first cluster
                throw new IllegalStateException("meta-scheduler '" + u.name() + "' gave no router (its create returned null)");
            }
            return router;
        };
    }

    /** The reallocation algorithm, driven by the chosen selection heuristic (which is wired here, not on its own). */
    static void reallocation(RunAssembly run, List<RunAssembly.Use> uses) {
        RunAssembly.Use u = uses.get(0);
        ReallocationAlgorithm algorithm = u.plugin(ReallocationAlgorithm.class);
        RunAssembly.Use h = run.chosen(Kind.HEURISTIC).get(0);
        SelectionHeuristic chosen = h.plugin(SelectionHeuristic.class);
        if (!h.options().asMap().isEmpty() && !receivesOptions(chosen)) {
            // built against API 1.3 or older: the options would be checked, recorded in summary.json, and never used
            throw new InputException(null, 0, Kind.HEURISTIC.profileKey(), "selection heuristic '" + h.name() + "' cannot receive the options"
                    + " given to it (" + String.join(", ", h.options().asMap().keySet()) + "): it has no configured(PluginOptions) method,"
                    + " which API 1.4 added; rebuild it against API 1.4 or later, or give it no options");
        }
        SelectionHeuristic heuristic = chosen.configured(h.options());
        if (heuristic == null) {
            throw new IllegalStateException("selection heuristic '" + h.name() + "' gave no heuristic (its configured returned null)");
        }
        run.settings().reallocation = grid -> algorithm.create(grid, heuristic, u.options());
    }

    /** Whether the heuristic's class has its own {@code configured} (the API's default ignores the options). */
    private static boolean receivesOptions(SelectionHeuristic heuristic) {
        try {
            return heuristic.getClass().getMethod("configured", org.gridsched.api.PluginOptions.class).getDeclaringClass()
                    != SelectionHeuristic.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /**
     * Every collector, in the order chosen; each at most once: two of the same name report the same keys and files
     * under one name, and one's results replaced the other's without a word.
     */
    static void collectors(RunAssembly run, List<RunAssembly.Use> uses) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (RunAssembly.Use u : uses) {
            if (!seen.add(u.name())) {
                throw new org.gridsched.api.InputException(null, 0, "collectors", "metric collector '" + u.name()
                        + "' is chosen twice; its metrics and files appear once per run, so one would replace the other's."
                        + " Choose it once, with the options you want (or compare option values in a \"matrix\")");
            }
        }
        for (RunAssembly.Use u : uses) {
            run.collector(u.name(), u.plugin(MetricCollector.class).create(run.info(), u.options()));
        }
    }

    /** Every grid controller, each with its own seed. */
    static void controllers(RunAssembly run, List<RunAssembly.Use> uses) {
        List<Function<GridOperations, Controller>> controllers = new ArrayList<>();
        for (RunAssembly.Use u : uses) {
            GridController controller = u.plugin(GridController.class);
            controllers.add(grid -> controller.create(grid, u.options(), u.seed()));
        }
        run.settings().controllers = List.copyOf(controllers);
    }
}
