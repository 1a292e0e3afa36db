package org.gridsched.workflow.oa;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridController;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.simulate.Simulator;
import org.gridsched.workflow.grouping.GroupingHeuristic;
import org.gridsched.workflow.oa.heuristics.BasicGrouping;
import org.gridsched.workflow.oa.heuristics.FirstOptimisation;
import org.gridsched.workflow.oa.heuristics.KnapsackGrouping;
import org.gridsched.workflow.oa.heuristics.RevisedKnapsack;
import org.gridsched.workflow.oa.heuristics.RevisedKnapsack12;
import org.gridsched.workflow.oa.heuristics.SecondOptimisation;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * The {@code ocean-atmosphere} grid controller: an experiment of NS independent scenarios, each a chain of NM monthly
 * main tasks (moldable, 4 to 11 processors) each followed by a sequential post-processing task, on dedicated
 * clusters (Charrier's thesis, chapter 4). Before the run it spreads the scenarios over the clusters (Algorithm 3 on
 * simulated performance vectors, or round robin) and groups each cluster's processors with a
 * {@link GroupingHeuristic} chosen by name; during the run it starts every task itself. Model: docs/ocean-atmosphere.md.
 */
@Component(service = GridController.class, configurationPid = "gridsched.controller.ocean-atmosphere")
public final class OceanAtmosphereController implements GridController {
    public static final String NAME = "ocean-atmosphere";

    private final Map<String, GroupingHeuristic> heuristics = new ConcurrentSkipListMap<>();
    /** Simulates the performance vectors (nested simulations of one cluster each). */
    private final Simulator simulator;

    /** For DS: grouping heuristics arrive as services. */
    @Activate
    public OceanAtmosphereController(@Reference Simulator simulator) {
        this.simulator = simulator;
    }

    /** For plain Java (tests, studies): with the given heuristics. */
    public OceanAtmosphereController(Collection<? extends GroupingHeuristic> list, Simulator simulator) {
        this(simulator);
        list.forEach(this::addHeuristic);
    }

    /** With the six built-in grouping heuristics. */
    public static OceanAtmosphereController withBuiltInHeuristics(Simulator simulator) {
        return new OceanAtmosphereController(builtInHeuristics(), simulator);
    }

    public static List<GroupingHeuristic> builtInHeuristics() {
        return List.of(new BasicGrouping(), new FirstOptimisation(), new SecondOptimisation(), new KnapsackGrouping(),
                new RevisedKnapsack(), new RevisedKnapsack12());
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addHeuristic(GroupingHeuristic h) {
        heuristics.put(h.name(), h);
    }

    void removeHeuristic(GroupingHeuristic h) {
        heuristics.remove(h.name(), h);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Ocean-Atmosphere experiments (Charrier 2010, ch. 4): chains of moldable monthly tasks, grouping heuristics, Algorithm 3";
    }

    @Override
    public List<Parameter> parameters() {
        return OaSettings.parameters(heuristics.isEmpty() ? "(none available)" : String.join(", ", heuristics.keySet()));
    }

    @Override
    public Controller create(GridOperations grid, PluginOptions options, long seed) {
        PluginOptions o = options != null ? options : PluginOptions.empty("grid controller '" + NAME + "'");
        OaSettings settings = OaSettings.parse(o, parameters());
        return new OceanAtmosphereRun(grid, plan(Clusters.of(grid), settings), seed);
    }

    /** The experiment's plan on a platform (what {@link #create} runs), for studies and tests. */
    public ExperimentPlan plan(Clusters grid, OaSettings settings) {
        return plan(grid, settings, new PerformanceEstimator(settings, heuristic(settings), simulator));
    }

    public ExperimentPlan plan(Clusters grid, OaSettings settings, PerformanceEstimator estimator) {
        return new Planner(grid, settings, estimator).plan();
    }

    /** The simulator its performance vectors are simulated with, for studies that simulate plans with it too. */
    public Simulator simulator() {
        return simulator;
    }

    /** The run of a plan, for studies that plan once and run it in their own simulation. */
    public static Controller run(GridOperations grid, ExperimentPlan plan, long seed) {
        return new OceanAtmosphereRun(grid, plan, seed);
    }

    public GroupingHeuristic heuristic(OaSettings settings) {
        GroupingHeuristic h = heuristics.get(settings.grouping());
        if (h == null) {
            throw new org.gridsched.api.InputException(null, 0, OaSettings.GROUPING, "unknown grouping heuristic '" + settings.grouping()
                    + "'; available: " + (heuristics.isEmpty() ? "none" : String.join(", ", heuristics.keySet())));
        }
        return h;
    }

    /** Parses options as {@link #create} does (for studies). */
    public OaSettings settings(PluginOptions options) {
        return OaSettings.parse(options, parameters());
    }
}
