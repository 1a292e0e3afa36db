package org.gridsched.workflow.dag;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.SimTime;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridController;
import org.gridsched.api.control.GridOperations;
import org.gridsched.workflow.dag.schedulers.FifoScheduler;
import org.gridsched.workflow.dag.schedulers.UpwardRankScheduler;
import org.gridsched.workflow.schedule.WorkflowScheduler;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * The {@code workflow} grid controller: DAG workflows in the WfCommons format arrive over time on the grid, beside
 * whatever else the run's workload brings; each task is submitted to a cluster's batch policy when its parents have
 * ended, in the order and onto the cluster a {@link WorkflowScheduler} (chosen by name) decides. Model and options:
 * docs/workflows.md.
 */
@Component(service = GridController.class, configurationPid = "gridsched.controller.workflow")
public final class WorkflowController implements GridController {
    public static final String NAME = "workflow";

    private final Map<String, WorkflowScheduler> schedulers = new ConcurrentSkipListMap<>();

    /** For DS: schedulers arrive as services. */
    public WorkflowController() {
    }

    /** For plain Java (tests, benchmarks): with the given schedulers. */
    public WorkflowController(Collection<? extends WorkflowScheduler> list) {
        list.forEach(this::addScheduler);
    }

    public static WorkflowController withBuiltInSchedulers() {
        return new WorkflowController(List.of(new FifoScheduler(), new UpwardRankScheduler()));
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addScheduler(WorkflowScheduler s) {
        schedulers.put(s.name(), s);
    }

    void removeScheduler(WorkflowScheduler s) {
        schedulers.remove(s.name(), s);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "WfCommons workflows arriving over time; ready tasks submitted in a workflow scheduler's order and placement";
    }

    @Override
    public List<Parameter> parameters() {
        return WorkflowSettings.parameters(schedulers.isEmpty() ? "(none available)" : String.join(", ", schedulers.keySet()));
    }

    @Override
    public Controller create(GridOperations grid, PluginOptions options, long seed) {
        PluginOptions o = options != null ? options : PluginOptions.empty("grid controller '" + NAME + "'");
        WorkflowSettings s = WorkflowSettings.parse(o, parameters());
        WorkflowScheduler scheduler = schedulers.get(s.scheduler());
        if (scheduler == null) {
            throw new InputException(null, 0, WorkflowSettings.SCHEDULER, "unknown workflow scheduler '" + s.scheduler()
                    + "'; available: " + (schedulers.isEmpty() ? "none" : String.join(", ", schedulers.keySet())));
        }
        int widest = 0;
        for (int c = 0; c < grid.clusterCount(); c++) {
            widest = Math.max(widest, grid.processors(c));
        }
        List<Workflow> workflows = new ArrayList<>();
        for (Path f : s.files()) {
            Workflow w = WfCommonsReader.read(f);
            for (int t = 0; t < w.size(); t++) {
                if (w.cores(t) > widest) {
                    throw new InputException(f.toString(), 0, "task '" + w.id(t) + "'", "needs " + w.cores(t)
                            + " cores; the largest cluster has " + widest);
                }
                checkTime(f, "task '" + w.id(t) + "'", "its requested time (runtime x runtime_scale x walltime_factor)",
                        w.runtime(t) * s.runtimeScale() * s.walltime());
            }
            checkTime(f, "workflow", "its critical path (x runtime_scale)", w.criticalPath() * s.runtimeScale());
            workflows.add(w);
        }
        Links links = Links.of(grid); // the platform's, declared by the profile's links key
        if (links.any()) {
            for (Workflow w : workflows) {
                checkTransfers(w, links, grid.clusterCount());
            }
        }
        return new WorkflowRun(grid, s, workflows, scheduler, seed, links);
    }

    /** The longest transfer a workflow may need stays within the bound every job has. */
    private static void checkTransfers(Workflow w, Links links, int clusters) {
        for (int t = 0; t < w.size(); t++) {
            double[] bytes = w.dataBytes(t);
            for (int i = 0; i < bytes.length; i++) {
                for (int a = 0; a < clusters; a++) {
                    for (int b = 0; b < clusters; b++) {
                        checkTime(Path.of(w.source()), "task '" + w.id(t) + "'", "moving its input from task '" + w.id(w.dataFrom(t)[i])
                                + "' (" + SimTime.format(bytes[i]) + " bytes) over the slowest link", links.transfer(a, b, bytes[i]));
                    }
                }
            }
        }
    }

    /** Scaled times must stay within the bound every job has ({@link SimTime#MAX_JOB_TIME}): beyond it, times go wrong. */
    private static void checkTime(Path f, String field, String what, double seconds) {
        if (seconds > SimTime.MAX_JOB_TIME) {
            throw new InputException(f.toString(), 0, field, what + " is " + SimTime.format(seconds) + " s; at most "
                    + SimTime.format(SimTime.MAX_JOB_TIME) + " s (about 317 years) can be simulated");
        }
    }
}
