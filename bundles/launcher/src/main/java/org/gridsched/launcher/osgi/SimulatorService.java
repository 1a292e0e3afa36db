package org.gridsched.launcher.osgi;

import org.gridsched.api.InputException;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.simulate.RunRequest;
import org.gridsched.api.simulate.RunResult;
import org.gridsched.api.simulate.Simulator;
import org.gridsched.engine.EngineSimulator;
import org.gridsched.launcher.PluginRegistry;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * The {@link Simulator} service: nested simulations in the engine for plugins (the ocean-atmosphere controller's
 * performance vectors, studies). A batch policy named in a request is looked up in the plugin registry, like a run
 * profile's. The registry is a dynamic reference: plugins that need a simulator are themselves found by the registry's
 * tracker, and a static reference would make their activation wait on the registry's own.
 */
@Component(service = Simulator.class)
public final class SimulatorService implements Simulator {
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    private volatile PluginRegistry registry;

    private final Simulator engine = new EngineSimulator(this::batchPolicy);

    private BatchPolicy batchPolicy(String name) {
        PluginRegistry r = registry;
        if (r == null) {
            throw new InputException(null, 0, "batch", "batch policy '" + name + "' cannot be looked up: the plugin registry is not running");
        }
        return r.get(PluginRegistry.Kind.BATCH, name, "batch");
    }

    @Override
    public RunResult run(RunRequest request) {
        return engine.run(request);
    }
}
