package org.gridsched.workflow.dag;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.control.Controller;
import org.gridsched.api.metrics.RunInfo;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;

/** Runs the workflow controller and collector on the plain-Java engine with FCFS clusters. */
final class Harness {
    private Harness() {
    }

    /** A test resource under workflows/. */
    static Path resource(String name) {
        try {
            return Path.of(Harness.class.getResource("/workflows/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A shipped file under runconfigs/data/workflows. */
    static Path shipped(String name) {
        return Path.of(System.getProperty("gridsched.home", "../..")).resolve("runconfigs/data/workflows").resolve(name);
    }

    static Map<String, Object> options(Object... kv) {
        Map<String, Object> o = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            o.put((String) kv[i], kv[i + 1]);
        }
        return o;
    }

    static Platform platform(int... sizes) {
        List<ClusterSpec> specs = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            specs.add(new ClusterSpec(String.valueOf((char) ('a' + i)), sizes[i], 1.0));
        }
        return new Platform(specs);
    }

    static RunInfo info(Platform p) {
        return new RunInfo() {
            public int clusterCount() {
                return p.size();
            }

            public String clusterName(int c) {
                return p.get(c).name();
            }

            public int clusterProcessors(int c) {
                return p.get(c).processors();
            }

            public double clusterSpeed(int c) {
                return p.get(c).speed();
            }
        };
    }

    record Outcome(SimulationResult result, WorkflowRun run) {
        /** A workflow task's job by instance number and task id. */
        SimJob task(int instance, String id) {
            WorkflowInstance inst = run.instances.get(instance - 1);
            return (SimJob) inst.tasks[inst.workflow.index(id)].job;
        }

        Map<String, Object> overall() {
            return result.overall();
        }
    }

    static Outcome run(Platform p, List<JobRecord> background, Map<String, Object> controllerOptions) {
        return run(p, new ListJobSource("background", background), controllerOptions, Map.of(), 1);
    }

    /** Background jobs go round robin over the clusters by id. */
    static Outcome run(Platform p, JobSource background, Map<String, Object> controllerOptions, Map<String, Object> collectorOptions,
            long seed) {
        WorkflowController controller = WorkflowController.withBuiltInSchedulers();
        PluginOptions o = new PluginOptions("grid controller 'workflow'", controllerOptions);
        Controller[] made = new Controller[1];
        Simulation.Settings s = new Simulation.Settings();
        s.controllers = List.of(grid -> made[0] = controller.create(grid, o, seed));
        s.router = grid -> job -> (int) (job.id() % grid.clusterCount());
        var collector = new WorkflowCollector().create(info(p), new PluginOptions("collector 'workflow'", collectorOptions));
        FcfsPolicy fcfs = new FcfsPolicy();
        SimulationResult r = new Simulation(p, cluster -> fcfs.create(cluster, PluginOptions.empty("fcfs")),
                List.of(new Simulation.NamedCollector("workflow", collector)), s).run(background);
        return new Outcome(r, (WorkflowRun) made[0]);
    }

    static Map<Long, SimJob> byId(SimulationResult r) {
        Map<Long, SimJob> m = new HashMap<>();
        for (SimJob j : r.jobs()) {
            m.put(j.id(), j);
        }
        return m;
    }
}
