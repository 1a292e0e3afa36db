package org.gridsched.batch.multifactor;

import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.kit.PlanningRule;
import org.osgi.service.component.annotations.Component;

/**
 * Slurm's multifactor priority (age, fair-share, job size, partition, QOS) with limits per user, group and
 * QOS, on the planning kit: EASY backfilling by default. The options are described in
 * docs/policy-guide.md ("Production policies").
 */
@Component(service = BatchPolicy.class, configurationPid = "gridsched.batch.multifactor")
public final class MultifactorPolicy implements BatchPolicy {
    static final List<Parameter> PARAMETERS;

    static {
        List<Parameter> p = new ArrayList<>(List.of(
                new Parameter("rule", "easy", "planning rule: fcfs, easy or conservative (no limits or partitions with conservative)"),
                new Parameter("weight_age", "1000", "weight of the age factor, >= 0 (Slurm PriorityWeightAge)"),
                new Parameter("weight_fairshare", "10000", "weight of the fair-share factor, >= 0"),
                new Parameter("weight_job_size", "0", "weight of the job size factor, >= 0"),
                new Parameter("weight_partition", "0", "weight of the partition factor, >= 0"),
                new Parameter("weight_qos", "0", "weight of the QOS factor, >= 0"),
                new Parameter("max_age", "604800", "seconds of waiting at which the age factor reaches 1 (Slurm PriorityMaxAge, 7 days)"),
                new Parameter("favor_small", "false", "job size factor favours small jobs (Slurm PriorityFavorSmall)"),
                new Parameter("usage_half_life", "604800", "seconds in which past usage halves, > 0 (Slurm PriorityDecayHalfLife)"),
                new Parameter("priority_period", "300", "seconds between recalculations of usage and priorities, > 0 (Slurm PriorityCalcPeriod)"),
                new Parameter("fairshare_mode", "classic", "classic (2^(-U/S)) or fair-tree"),
                new Parameter("shares", "{} (all default_share)", "shares by user number: {\"3\": 2}"),
                new Parameter("group_shares", "{} (all default_share)", "shares by group (account) number: {\"1\": 5}"),
                new Parameter("default_share", "1", "share of a user or group not listed, >= 0"),
                new Parameter("partitions", "{}", "partition name -> priority tier >= 0, or -> {\"tier\", \"processors\": \"0-119\","
                        + " \"max_time\" (s), \"max_processors\", \"groups\": [3, 4]}: jobs then run inside their partition"),
                new Parameter("partition_names", "{}", "SWF partition number -> partition name: {\"1\": \"batch\"}"),
                new Parameter("queue_partitions", "{}", "SWF queue number -> partition name, for jobs whose partition number is not mapped"),
                new Parameter("default_partition", "(none)", "partition of jobs neither number maps; without it, the first partition that admits the job"),
                new Parameter("qos", "{}", "QOS name -> priority >= 0: {\"normal\": 0, \"high\": 100}"),
                new Parameter("qos_names", "{}", "SWF queue number -> QOS name: {\"1\": \"normal\"}"),
                new Parameter("limits", "{} (none)",
                        "{\"user\"|\"group\"|\"qos\": {\"max_running\": n, \"max_processors\": n, \"max_submitted\": n}}, n >= 1; a job with no user or group"
                                + " (-1) or QOS is under none of their limits (by_name \"-1\": as one user or group)")));
        p.addAll(PlanningRule.PARAMETERS);
        PARAMETERS = List.copyOf(p);
    }

    @Override
    public String name() {
        return "multifactor";
    }

    @Override
    public String description() {
        return "Slurm-like multifactor priority (age, fair-share classic or Fair Tree, size, partition, QOS) "
                + "with user/group/QOS limits, on the planning kit (EASY by default)";
    }

    @Override
    public List<Parameter> parameters() {
        return PARAMETERS;
    }

    @Override
    public BatchScheduler create(Cluster cluster, PluginOptions options) {
        Settings settings = new Settings(options);
        String rule = options.getString("rule", "easy");
        PlanningRule base = switch (rule) {
            case "fcfs" -> PlanningRule.headOnly();
            case "easy" -> PlanningRule.easy();
            case "conservative" -> PlanningRule.conservative();
            default -> throw Settings.error("rule", "expected fcfs, easy or conservative, got '" + rule + "'", options);
        };
        if (settings.limits.any && rule.equals("conservative")) {
            throw Settings.error("limits", "limits need rule fcfs or easy: conservative reserves every job on arrival", options);
        }
        if (settings.partitioned && rule.equals("conservative")) {
            throw Settings.error("partitions", "partitions with processors or rules need rule fcfs or easy", options);
        }
        return new MultifactorScheduler(cluster, settings, PlanningRule.fromOptions(base, options), options);
    }
}
