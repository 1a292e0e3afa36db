package org.gridsched.bot;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.metrics.RunInfo;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.gridsched.workload.synthetic.LublinGenerator;

/** Runs bags on the plain-Java engine: the bot controller and collector, FCFS clusters that never get a job. */
final class Harness {
    private Harness() {
    }

    static Platform platform(double... speeds) {
        List<ClusterSpec> specs = new ArrayList<>();
        for (int i = 0; i < speeds.length; i++) {
            specs.add(new ClusterSpec("c" + (i + 1), 300, speeds[i]));
        }
        return new Platform(specs);
    }

    static Platform platform(int processors, int clusters) {
        List<ClusterSpec> specs = new ArrayList<>();
        for (int i = 0; i < clusters; i++) {
            specs.add(new ClusterSpec("c" + (i + 1), processors, 1.0));
        }
        return new Platform(specs);
    }

    static JobRecord bag(long id, double submit, double runtime, int tasks) {
        return new JobRecord().set(id, submit, runtime, runtime, tasks);
    }

    /** The Table II workload: lublin99 on 300 processors, 70 % of 4 x 300 over 15 days, exact times. */
    static JobSource lublin(long seed) {
        return new BotWorkload(new LublinGenerator()).open(PluginOptions.empty("workload generator 'bot-lublin'"), seed);
    }

    /** A finished run: the engine's result and the controller's own state (providers, metascheduler). */
    record Outcome(SimulationResult result, BotRun bot) {
        double metric(String key) {
            return Harness.metric(result, key);
        }

        long late() {
            long late = 0;
            for (int p = 0; p < result.platform().size(); p++) {
                late += bot.provider(p).late();
            }
            return late;
        }
    }

    static Outcome run(Platform p, List<JobRecord> jobs, Map<String, ?> options) {
        return run(p, new ListJobSource("test", jobs), options, 1);
    }

    static Outcome run(Platform p, JobSource source, Map<String, ?> options, long seed) {
        Simulation.Settings s = new Simulation.Settings();
        s.router = grid -> job -> 0; // every job is the controller's: the broker is never asked
        PluginOptions o = new PluginOptions("grid controller 'bot'", options);
        BotRun[] created = new BotRun[1];
        s.controllers = List.of(grid -> created[0] = (BotRun) new BotController().create(grid, o, seed));
        var collector = new BotCollector().create(info(p), new PluginOptions("collector", Map.of("file", true)));
        FcfsPolicy fcfs = new FcfsPolicy();
        SimulationResult r = new Simulation(p, cluster -> fcfs.create(cluster, PluginOptions.empty("fcfs")),
                List.of(new Simulation.NamedCollector("bot", collector)), s).run(source);
        return new Outcome(r, created[0]);
    }

    static double metric(SimulationResult r, String key) {
        Object v = r.overall().get(key);
        if (!(v instanceof Number n)) {
            throw new AssertionError("no metric " + key + " in " + r.overall());
        }
        return n.doubleValue();
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
}
