package org.gridsched.workflow.oa;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.control.Controller;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.Simulation;

/** The shipped benchmark files, a planning view of a platform, and whole experiments run in the engine. */
final class Platforms {
    private Platforms() {
    }

    static Path data(String file) {
        return Path.of(System.getProperty("gridsched.home", "../..")).resolve("runconfigs/data/ocean-atmosphere").resolve(file);
    }

    static Benchmarks fiveClusters() {
        return Benchmarks.read(data("five-clusters.json"));
    }

    /** Every cluster of the file with R processors each. */
    static Clusters uniform(Benchmarks b, int r) {
        return Clusters.uniform(b.clusterNames(), r);
    }

    static Map<String, Object> options(String benchmarks, int ns, int nm, String grouping, String repartition) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("benchmarks", benchmarks);
        o.put("scenarios", ns);
        o.put("months", nm);
        o.put("grouping", grouping);
        o.put("repartition", repartition);
        return o;
    }

    /** A whole experiment in the engine: the controller plans and runs it; returns the controller. */
    static OceanAtmosphereRun run(List<String> names, int[] processors, Map<String, Object> options, long seed) {
        List<ClusterSpec> specs = new ArrayList<>();
        for (int c = 0; c < processors.length; c++) {
            specs.add(new ClusterSpec(names.get(c), processors[c], 1.0));
        }
        OceanAtmosphereController controller = OceanAtmosphereController.withBuiltInHeuristics(Oa.SIMULATOR);
        PluginOptions o = new PluginOptions("grid controller 'ocean-atmosphere'", options);
        Controller[] made = new Controller[1];
        Simulation.Settings s = new Simulation.Settings();
        s.controllers = List.of(grid -> made[0] = controller.create(grid, o, seed));
        s.router = grid -> job -> 0;
        new Simulation(new Platform(specs), c -> new ControllerOnlyScheduler(), List.of(), s)
                .run(new ListJobSource("none", List.<JobRecord>of()));
        return (OceanAtmosphereRun) made[0];
    }
}
