package org.gridsched.workflow.dag;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

import org.gridsched.api.Csv;
import org.gridsched.api.Decimals;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.JobOutcome;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.metrics.Report;
import org.gridsched.api.metrics.RunInfo;
import org.osgi.service.component.annotations.Component;

/**
 * The {@code workflow} collector: per workflow instance its makespan (last task end − arrival), critical path (the
 * longest path of its task runtimes at reference speed), their ratio and its tasks' waits (start − the instant the
 * task became ready and its input files reached its cluster); with links declared, the transfers its tasks waited
 * for; the means, median and maxima in {@code summary.json}, one row per workflow in
 * {@code workflows.csv}, and a WfCommons instance with an {@code execution} section for the first {@code wfcommons}
 * workflows.
 *
 * <p>It finds a job's workflow through the tag the controller attaches ({@link JobOutcome#tag()}); jobs without one
 * (a background trace) are not counted.
 */
@Component(service = MetricCollector.class, configurationPid = "gridsched.collector.workflow")
public final class WorkflowCollector implements MetricCollector {
    static final String WFCOMMONS = "wfcommons";

    @Override
    public String name() {
        return "workflow";
    }

    @Override
    public String description() {
        return "per-workflow makespan, critical path and ratio, task waits; workflows.csv; WfCommons execution files";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(new Parameter(WFCOMMONS, "20", "how many workflows (the first to complete) get a WfCommons file; -1: all"));
    }

    @Override
    public Collector create(RunInfo info, PluginOptions options) {
        int files = options.getInt(WFCOMMONS, 20);
        return new WorkflowMetrics(info, files < 0 ? Integer.MAX_VALUE : files);
    }

    /** One run's accumulators. */
    private static final class WorkflowMetrics implements Collector {
        private final RunInfo info;
        private final int filesWanted;
        private static final String HEADER = "workflow,name,arrival,first_start,last_end,makespan,critical_path,makespan_over_critical_path,"
                + "tasks,mean_task_wait,max_task_wait,clusters";
        /** The rows; with links declared each ends with the transfer columns. */
        private final StringBuilder csv = new StringBuilder();
        private final java.util.Map<String, String> files = new java.util.LinkedHashMap<>();
        private final long[] tasksPerCluster;
        private double[] makespans = new double[64];
        private int completed;
        private long tasks;
        private double sumCritical;
        private double sumRatio;
        private double maxRatio;
        private double sumWait;
        private double maxWait;
        private long transferTasks;
        private double sumTransfer;
        private double maxTransfer;
        private WorkflowRun run;

        WorkflowMetrics(RunInfo info, int filesWanted) {
            this.info = info;
            this.filesWanted = filesWanted;
            tasksPerCluster = new long[info.clusterCount()];
        }

        @Override
        public void jobFinished(JobOutcome job) {
            if (!(job.tag() instanceof TaskRun t)) {
                return;
            }
            run = t.instance.run;
            // not submitTime (the workflow's arrival); nor the time its input files took to reach its cluster
            double wait = job.startTime() - (t.readyTime + t.transfer);
            if (t.transfer > 0) {
                transferTasks++;
                sumTransfer += t.transfer;
                maxTransfer = Math.max(maxTransfer, t.transfer);
            }
            tasks++;
            tasksPerCluster[job.cluster()]++;
            sumWait += wait;
            maxWait = Math.max(maxWait, wait);
            if (t.instance.ended(t.index, job.startTime(), job.finishTime(), job.cluster())) {
                completed(t.instance);
            }
        }

        private void completed(WorkflowInstance inst) {
            double ms = inst.makespan();
            double cp = inst.criticalPath();
            double ratio = cp > 0 ? ms / cp : Double.NaN;
            if (completed == makespans.length) {
                makespans = Arrays.copyOf(makespans, completed * 2);
            }
            makespans[completed++] = ms;
            sumCritical += cp;
            if (!Double.isNaN(ratio)) {
                sumRatio += ratio;
                maxRatio = Math.max(maxRatio, ratio);
            }
            double waits = 0;
            double maxTaskWait = 0;
            int moved = 0;
            double longestTransfer = 0;
            TreeSet<String> clusters = new TreeSet<>();
            for (int t = 0; t < inst.tasks.length; t++) {
                TaskRun task = inst.tasks[t];
                double w = inst.start[t] - (task.readyTime + task.transfer);
                waits += w;
                maxTaskWait = Math.max(maxTaskWait, w);
                clusters.add(info.clusterName(inst.cluster[t]));
                if (task.transfer > 0) {
                    moved++;
                    longestTransfer = Math.max(longestTransfer, task.transfer);
                }
            }
            csv.append(String.format(Locale.ROOT, "%d,%s,%s,%s,%s,%s,%s,%s,%d,%s,%s,%s", inst.number, Csv.field(inst.workflow.name()),
                    num(inst.arrival), num(inst.firstStart()), num(inst.arrival + ms), num(ms), num(cp), num(ratio), inst.tasks.length,
                    num(waits / inst.tasks.length), num(maxTaskWait), String.join(";", clusters)));
            if (inst.run.links.any()) {
                csv.append(',').append(moved).append(',').append(num(longestTransfer));
            }
            csv.append('\n');
            if (files.size() < filesWanted) {
                files.put(WfCommonsWriter.fileName(inst), WfCommonsWriter.write(inst, info));
            }
        }

        @Override
        public void report(Report report) {
            report.overall("workflows", completed);
            report.overall("workflow_tasks", tasks);
            if (run != null) {
                long unfinished = run.instances.stream().filter(i -> !i.complete()).count();
                if (unfinished > 0) {
                    report.overall("workflows_unfinished", unfinished);
                }
            }
            if (completed > 0) {
                double[] sorted = Arrays.copyOf(makespans, completed);
                Arrays.sort(sorted);
                report.overall("makespan_mean", Arrays.stream(sorted).sum() / completed);
                report.overall("makespan_median", completed % 2 == 1 ? sorted[completed / 2]
                        : (sorted[completed / 2 - 1] + sorted[completed / 2]) / 2);
                report.overall("makespan_max", sorted[completed - 1]);
                report.overall("critical_path_mean", sumCritical / completed);
                report.overall("makespan_over_critical_path_mean", sumRatio / completed);
                report.overall("makespan_over_critical_path_max", maxRatio);
                report.overall("task_wait_mean", sumWait / tasks);
                report.overall("task_wait_max", maxWait);
            }
            boolean links = run != null && run.links.any();
            if (links) {
                report.overall("transfer_tasks", transferTasks);
                if (transferTasks > 0) {
                    report.overall("transfer_time_mean", sumTransfer / transferTasks);
                    report.overall("transfer_time_max", maxTransfer);
                }
            }
            for (int c = 0; c < tasksPerCluster.length; c++) {
                report.cluster(c, "workflow_tasks", tasksPerCluster[c]);
            }
            report.file("workflows.csv", HEADER + (links ? ",transfer_tasks,max_transfer\n" : "\n") + csv);
            files.forEach(report::file);
        }

        private static String num(double v) {
            if (Double.isNaN(v)) {
                return "";
            }
            return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : Decimals.shortest(v);
        }
    }
}
