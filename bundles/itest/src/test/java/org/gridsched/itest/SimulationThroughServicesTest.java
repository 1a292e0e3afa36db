package org.gridsched.itest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.gridsched.api.Plugin;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.metrics.RunInfo;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadGenerator;
import org.gridsched.api.workload.WorkloadReader;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.common.service.ServiceAware;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * Runs inside Equinox with the real bundles: every plugin is found as a service by its name, and
 * simulations run through those services only.
 */
@ExtendWith({BundleContextExtension.class, ServiceExtension.class})
class SimulationThroughServicesTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService(cardinality = 3, timeout = 5000)
    ServiceAware<BatchPolicy> policies;

    @InjectService(timeout = 5000)
    ServiceAware<WorkloadReader> readers;

    @InjectService(cardinality = 2, timeout = 5000)
    ServiceAware<WorkloadGenerator> generators;

    @InjectService(cardinality = 4, timeout = 5000)
    ServiceAware<MetricCollector> collectors;

    @InjectService(cardinality = 7, timeout = 5000)
    ServiceAware<MetaScheduler> metas;

    private static <T extends Plugin> T byName(ServiceAware<T> services, String name) {
        for (T s : services.getServices()) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no service named " + name);
    }

    private static <T extends Plugin> Map<String, String> namesAndBundles(ServiceAware<T> services) {
        Map<String, String> m = new TreeMap<>();
        for (ServiceReference<T> ref : services.getServiceReferences()) {
            m.put(services.getService(ref).name(), ref.getBundle().getSymbolicName());
        }
        return m;
    }

    @Test
    void everyBundleIsActive() {
        List<String> notActive = new ArrayList<>();
        for (Bundle b : context.getBundles()) {
            if (b.getState() != Bundle.ACTIVE && b.getHeaders().get("Fragment-Host") == null) {
                notActive.add(b.getSymbolicName() + " state " + b.getState());
            }
        }
        assertTrue(notActive.isEmpty(), "bundles not active: " + notActive);
    }

    @Test
    void everyPluginIsAServiceFoundByItsName() {
        assertEquals(Map.of("cbf", "org.gridsched.batch", "easy", "org.gridsched.batch", "fcfs", "org.gridsched.batch",
                "kit-cbf", "org.gridsched.batch", "kit-easy", "org.gridsched.batch", "kit-fcfs", "org.gridsched.batch",
                "multifactor", "org.gridsched.batch"), namesAndBundles(policies));
        assertEquals(Map.of("swf", "org.gridsched.workload.swf"), namesAndBundles(readers));
        assertEquals(Map.of("lublin99", "org.gridsched.workload.synthetic", "synthetic", "org.gridsched.workload.synthetic"),
                namesAndBundles(generators));
        assertEquals(Map.of("jobs", "org.gridsched.metrics", "utilization", "org.gridsched.metrics", "queue",
                "org.gridsched.metrics", "slowdown", "org.gridsched.metrics", "users", "org.gridsched.metrics", "fidelity",
                "org.gridsched.metrics", "fairshare", "org.gridsched.metrics"), namesAndBundles(collectors));
        assertEquals(Map.of("random", "org.gridsched.meta", "random-weighted", "org.gridsched.meta", "random-processors",
                "org.gridsched.meta", "round-robin", "org.gridsched.meta", "mct", "org.gridsched.meta", "met",
                "org.gridsched.meta", "olb", "org.gridsched.meta", "carbon-aware", "org.gridsched.meta"), namesAndBundles(metas));
    }

    private SimulationResult simulate(String policyName, JobSource source, int processors) {
        BatchPolicy policy = byName(policies, policyName);
        Platform platform = new Platform(List.of(new ClusterSpec("c", processors, 1.0)));
        RunInfo info = new RunInfo() {
            public int clusterCount() {
                return 1;
            }

            public String clusterName(int c) {
                return "c";
            }

            public int clusterProcessors(int c) {
                return processors;
            }

            public double clusterSpeed(int c) {
                return 1.0;
            }
        };
        List<Simulation.NamedCollector> cs = new ArrayList<>();
        for (String c : List.of("jobs", "utilization")) {
            cs.add(new Simulation.NamedCollector(c, byName(collectors, c).create(info, PluginOptions.empty(c))));
        }
        Simulation sim = new Simulation(platform, cl -> policy.create(cl, PluginOptions.empty(policyName)), cs, null);
        try (source) {
            return sim.run(source);
        }
    }

    private JobSource generated() {
        return byName(generators, "lublin99").open(new PluginOptions("lublin99", Map.of("jobs", 3000, "processors", 128,
                "load", 0.95, "requested_time", "overestimate")), 7);
    }

    @Test
    void eachPolicyRunsAGeneratedWorkloadDeterministically() {
        for (String p : new TreeSet<>(List.of("fcfs", "cbf", "easy"))) {
            SimulationResult first = simulate(p, generated(), 128);
            SimulationResult second = simulate(p, generated(), 128);
            assertEquals(3000, first.simulated(), p);
            double[] a = first.jobs().stream().mapToDouble(SimJob::startTime).toArray();
            double[] b = second.jobs().stream().mapToDouble(SimJob::startTime).toArray();
            assertArrayEquals(a, b, p + " is not deterministic");
            for (SimJob j : first.jobs()) {
                assertTrue(j.startTime() >= j.submitTime(), p + ": " + j + " starts before submission");
            }
            assertTrue(((Number) first.overall().get("utilization")).doubleValue() > 0.5, p + " utilization");
        }
    }

    @Test
    void backfillingBeatsFcfsOnASaturatedWorkload() {
        double fcfs = (Double) simulate("fcfs", generated(), 128).overall().get("mean_wait");
        double easy = (Double) simulate("easy", generated(), 128).overall().get("mean_wait");
        double cbf = (Double) simulate("cbf", generated(), 128).overall().get("mean_wait");
        assertTrue(easy < fcfs && cbf < fcfs, "mean waits fcfs " + fcfs + ", easy " + easy + ", cbf " + cbf);
    }

    @Test
    void realTraceThroughTheSwfReaderService() throws Exception {
        String dir = context.getProperty("gridsched.shared.data");
        Path trace = dir == null ? null : Path.of(dir).resolve("HPC2N-seth-excerpt.swf");
        Assumptions.assumeTrue(trace != null && Files.isRegularFile(trace), "shared trace absent at " + trace + ": skipping");
        WorkloadReader swf = byName(readers, "swf");
        assertTrue(swf.accepts(trace));
        SimulationResult r = simulate("cbf", swf.open(trace, PluginOptions.empty("swf")), 240);
        assertEquals(3170, r.workload().read());
        assertEquals(3145, r.simulated());
        assertEquals(Map.of("runtime_not_positive", 25L), r.workload().skipped());
    }
}
