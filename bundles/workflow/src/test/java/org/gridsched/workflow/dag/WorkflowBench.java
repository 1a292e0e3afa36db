package org.gridsched.workflow.dag;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.batch.EasyPolicy;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;

/**
 * The workflow benchmark of issue 11: 10,000 workflows of 50 tasks (runconfigs/data/workflows/synthetic-layered-50.json,
 * Poisson arrivals every 40 s on average, about 90 % of the processors busy) on 3 clusters of 64, 128 and 256 processors, with the workflow controller
 * and collector. Prints the wall time of the simulation (the platform, policies and controller set up, the run, the
 * collector's report).
 *
 * <pre>java -cp ... org.gridsched.workflow.dag.WorkflowBench [WORKFLOWS] [fcfs|easy] [fifo|upward-rank]</pre>
 */
public final class WorkflowBench {

    public static void main(String[] args) {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        String policy = args.length > 1 ? args[1] : "fcfs";
        String scheduler = args.length > 2 ? args[2] : "fifo";
        for (int i = 0; i < 3; i++) {                     // the first rounds warm the JIT up
            Result r = run(count, policy, scheduler);
            System.out.printf(Locale.ROOT, "%d workflows, %d jobs, %s, %s: %.2f s wall (%.0f jobs/s); mean makespan %.0f s, ratio to CP %.2f%n",
                    r.workflows(), r.jobs(), policy, scheduler, r.seconds(), r.jobs() / r.seconds(), r.makespan(), r.ratio());
        }
    }

    record Result(long workflows, long jobs, double seconds, double makespan, double ratio) {
    }

    static Result run(int count, String policy, String scheduler) {
        long t0 = System.nanoTime();
        Platform p = Harness.platform(64, 128, 256);
        WorkflowController controller = WorkflowController.withBuiltInSchedulers();
        PluginOptions o = new PluginOptions("grid controller 'workflow'", Map.of("workflows",
                Harness.shipped("synthetic-layered-50.json").toString(), "count", count, "interarrival", 40, "scheduler", scheduler));
        Simulation.Settings s = new Simulation.Settings();
        s.controllers = List.of(grid -> controller.create(grid, o, 1));
        s.router = grid -> job -> 0;
        var collector = new WorkflowCollector().create(Harness.info(p), new PluginOptions("collector", Map.of("wfcommons", 0)));
        BatchPolicy bp = policy.equals("easy") ? new EasyPolicy() : new FcfsPolicy();
        SimulationResult r = new Simulation(p, c -> bp.create(c, PluginOptions.empty(policy)),
                List.of(new Simulation.NamedCollector("workflow", collector)), s).run(new ListJobSource("none", List.<JobRecord>of()));
        double seconds = (System.nanoTime() - t0) / 1e9;
        Map<String, Object> m = r.overall();
        return new Result(((Number) m.get("workflows")).longValue(), r.simulated(), seconds, (Double) m.get("makespan_mean"),
                (Double) m.get("makespan_over_critical_path_mean"));
    }
}
