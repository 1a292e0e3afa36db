package org.gridsched.coalloc.workload;

import java.util.List;

import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadGenerator;
import org.osgi.service.component.annotations.Component;

/**
 * The {@code coalloc} workload generator: the model of Ballier, Caron, Epema and Mohamed (INRIA RR-5815),
 * global co-allocated jobs and per-cluster local jobs (see {@link CoallocModel} for the options and
 * {@link CoallocJobSource} for the jobs). Run it with {@code "local_fraction": 1}, so that local jobs go
 * straight to their home cluster, and with the {@code coalloc} controller, which takes the global jobs.
 */
@Component(service = WorkloadGenerator.class, configurationPid = "gridsched.generator.coalloc")
public final class CoallocGenerator implements WorkloadGenerator {
    public static final String NAME = "coalloc";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "co-allocation model: Poisson global jobs of N_c equal components, Poisson local jobs per cluster (Ballier et al.)";
    }

    @Override
    public List<Parameter> parameters() {
        return CoallocModel.PARAMETERS;
    }

    @Override
    public JobSource open(PluginOptions options, long seed) {
        PluginOptions o = options != null ? options : PluginOptions.empty("workload generator '" + NAME + "'");
        return new CoallocJobSource(CoallocModel.parse(o), seed);
    }
}
