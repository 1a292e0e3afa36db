package org.gridsched.coalloc.control;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridController;
import org.gridsched.api.control.GridOperations;
import org.gridsched.coalloc.placement.PlacementPolicy;
import org.gridsched.coalloc.placers.ClusterMinimization;
import org.gridsched.coalloc.placers.FlexibleClusterMinimization;
import org.gridsched.coalloc.placers.WorstFit;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * The {@code coalloc} grid controller: co-allocation with deadlines after Ballier, Caron, Epema and Mohamed
 * (INRIA RR-5815): one global placement queue, the Repeated Placement Policy with Wait-X, claims until the
 * deadline, start of all components at the deadline, global or local priority. Placement policies are
 * {@link PlacementPolicy} services, chosen by name; a third-party bundle can add one. Options: see
 * {@link CoallocSettings}; the model: docs/coallocation.md.
 */
@Component(service = GridController.class, configurationPid = "gridsched.controller.coalloc")
public final class CoallocationController implements GridController {
    public static final String NAME = "coalloc";

    /** The placement policies available now, by name (the service registry's, or given by hand). */
    private final Map<String, PlacementPolicy> placements = new ConcurrentSkipListMap<>();

    /** For DS: placement policies arrive as services. */
    public CoallocationController() {
    }

    /** For plain Java (tests, a main): with the given placement policies. */
    public CoallocationController(Collection<? extends PlacementPolicy> policies) {
        policies.forEach(this::addPlacement);
    }

    /** With the three built-in placement policies. */
    public static CoallocationController withBuiltInPlacements() {
        return new CoallocationController(List.of(new WorstFit(), new ClusterMinimization(), new FlexibleClusterMinimization()));
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addPlacement(PlacementPolicy policy) {
        placements.put(policy.name(), policy);
    }

    void removePlacement(PlacementPolicy policy) {
        placements.remove(policy.name(), policy);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "co-allocation with deadlines: repeated placement (RPP, Wait-X), claims until the deadline, GP or LP";
    }

    @Override
    public List<Parameter> parameters() {
        return CoallocSettings.parameters(placements.isEmpty() ? "(none available)" : String.join(", ", placements.keySet()));
    }

    @Override
    public Controller create(GridOperations grid, PluginOptions options, long seed) {
        PluginOptions o = options != null ? options : PluginOptions.empty("grid controller '" + NAME + "'");
        CoallocSettings settings = CoallocSettings.parse(o, parameters());
        PlacementPolicy placement = placements.get(settings.placement());
        if (placement == null) {
            throw CoallocSettings.bad(o, CoallocSettings.PLACEMENT, "unknown placement policy '" + settings.placement()
                    + "'; available: " + (placements.isEmpty() ? "none" : String.join(", ", placements.keySet())));
        }
        return new CoallocRun(grid, settings, placement, seed);
    }
}
