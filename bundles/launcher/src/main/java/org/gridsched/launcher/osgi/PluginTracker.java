package org.gridsched.launcher.osgi;

import org.gridsched.api.Plugin;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.grid.ReallocationAlgorithm;
import org.gridsched.api.grid.SelectionHeuristic;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.workload.WorkloadGenerator;
import org.gridsched.api.workload.WorkloadReader;
import org.gridsched.launcher.PluginRegistry;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * Keeps the {@link PluginRegistry} in step with the plugin services in the framework: every batch policy,
 * meta-scheduler, workload reader and generator and metric collector is found here by its service, whichever bundle
 * provides it, and follows bundles as they come and go.
 */
@Component(service = PluginRegistry.class, immediate = true)
public final class PluginTracker extends PluginRegistry {

    private void track(Plugin p, ServiceReference<?> ref) {
        Object ranking = ref.getProperty(Constants.SERVICE_RANKING);
        add(p, ref.getBundle().getSymbolicName(), ref.getBundle().getVersion().toString(),
                ranking instanceof Integer r ? r : 0);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addBatchPolicy(BatchPolicy p, ServiceReference<BatchPolicy> ref) {
        track(p, ref);
    }

    void removeBatchPolicy(BatchPolicy p) {
        remove(p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addMetaScheduler(MetaScheduler p, ServiceReference<MetaScheduler> ref) {
        track(p, ref);
    }

    void removeMetaScheduler(MetaScheduler p) {
        remove(p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addReallocationAlgorithm(ReallocationAlgorithm p, ServiceReference<ReallocationAlgorithm> ref) {
        track(p, ref);
    }

    void removeReallocationAlgorithm(ReallocationAlgorithm p) {
        remove(p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addSelectionHeuristic(SelectionHeuristic p, ServiceReference<SelectionHeuristic> ref) {
        track(p, ref);
    }

    void removeSelectionHeuristic(SelectionHeuristic p) {
        remove(p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addWorkloadReader(WorkloadReader p, ServiceReference<WorkloadReader> ref) {
        track(p, ref);
    }

    void removeWorkloadReader(WorkloadReader p) {
        remove(p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addWorkloadGenerator(WorkloadGenerator p, ServiceReference<WorkloadGenerator> ref) {
        track(p, ref);
    }

    void removeWorkloadGenerator(WorkloadGenerator p) {
        remove(p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addMetricCollector(MetricCollector p, ServiceReference<MetricCollector> ref) {
        track(p, ref);
    }

    void removeMetricCollector(MetricCollector p) {
        remove(p);
    }
}
