package org.gridsched.batch.multifactor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;

/**
 * The multifactor policy's options, checked once when a scheduler is created: every bad value is an
 * {@link InputException} naming its option key (a negative weight or share, a half-life or period of 0, a
 * partition or QOS name that the {@code partitions} or {@code qos} map does not define, a limit below 1).
 * Defaults are Slurm's where Slurm has one (PriorityMaxAge and PriorityDecayHalfLife 7 days,
 * PriorityCalcPeriod 5 minutes); Slurm's weights all default to 0, which would make the order FCFS, so
 * age and fair-share get weights here (documented in docs/policy-guide.md).
 */
final class Settings {
    static final double DAY = 86_400;

    double weightAge;
    double weightFairshare;
    double weightJobSize;
    double weightPartition;
    double weightQos;
    double maxAge;
    double halfLife;
    double period;
    boolean favorSmall;
    boolean fairTree;
    /** Shares by user and by group number; those not listed have {@link #defaultShare}. */
    final Map<Integer, Double> userShares = new TreeMap<>();
    final Map<Integer, Double> groupShares = new TreeMap<>();
    double defaultShare;
    /** SWF partition number -> tier, and SWF queue number -> QOS name and its priority. */
    final Map<Integer, Double> partitionTier = new TreeMap<>();
    double maxTier;
    /** The partitions in the order written, and the routing of jobs to them (when {@link #partitioned}). */
    final List<PartitionSpec> partitionList = new ArrayList<>();
    /** True when a partition has processors or rules: jobs are then routed, kept in them, or rejected. */
    boolean partitioned;
    final Map<Integer, String> partitionOfNumber = new TreeMap<>();
    final Map<Integer, String> partitionOfQueue = new TreeMap<>();
    String defaultPartition;
    final Map<Integer, String> qosOfQueue = new TreeMap<>();
    final Map<String, Double> qosPriority = new TreeMap<>();
    double maxQosPriority;
    final LimitSpec limits;

    Settings(PluginOptions o) {
        weightAge = nonNegative(o, "weight_age", 1000);
        weightFairshare = nonNegative(o, "weight_fairshare", 10000);
        weightJobSize = nonNegative(o, "weight_job_size", 0);
        weightPartition = nonNegative(o, "weight_partition", 0);
        weightQos = nonNegative(o, "weight_qos", 0);
        maxAge = o.getPositive("max_age", 7 * DAY);
        halfLife = o.getPositive("usage_half_life", 7 * DAY);
        period = o.getPositive("priority_period", 300);
        favorSmall = o.getBoolean("favor_small", false);
        String mode = o.getString("fairshare_mode", "classic");
        if (!mode.equals("classic") && !mode.equals("fair-tree")) {
            throw error("fairshare_mode", "expected classic or fair-tree, got '" + mode + "'", o);
        }
        fairTree = mode.equals("fair-tree");
        defaultShare = nonNegative(o, "default_share", 1);
        numbered(o, "shares", userShares);
        numbered(o, "group_shares", groupShares);
        Map<String, Double> tiers = new TreeMap<>();
        for (Map.Entry<String, Object> e : object(o, "partitions").entrySet()) {
            PartitionSpec spec = PartitionSpec.parse(e.getKey(), e.getValue(), o);
            partitionList.add(spec);
            tiers.put(spec.name, spec.tier);
            partitioned |= spec.restricts();
        }
        maxTier = max(tiers);
        partitionOfNumber.putAll(names(o, "partition_names", tiers));
        for (Map.Entry<Integer, String> e : partitionOfNumber.entrySet()) {
            partitionTier.put(e.getKey(), tiers.get(e.getValue()));
        }
        partitionOfQueue.putAll(names(o, "queue_partitions", tiers));
        defaultPartition = o.asMap().get("default_partition") == null ? null : String.valueOf(o.asMap().get("default_partition"));
        if (defaultPartition != null && !tiers.containsKey(defaultPartition)) {
            throw error("default_partition", "unknown partition '" + defaultPartition + "'; defined: " + tiers.keySet(), o);
        }
        if (!partitioned && (!partitionOfQueue.isEmpty() || defaultPartition != null)) {
            throw error(partitionOfQueue.isEmpty() ? "default_partition" : "queue_partitions",
                    "routes jobs to partitions, but no partition has processors, max_time, max_processors or groups", o);
        }
        qosPriority.putAll(named(o, "qos"));
        maxQosPriority = max(qosPriority);
        qosOfQueue.putAll(names(o, "qos_names", qosPriority));
        limits = LimitSpec.parse(o, qosPriority.keySet());
    }

    private static double max(Map<String, Double> m) {
        double max = 0;
        for (double v : m.values()) {
            max = Math.max(max, v);
        }
        return max;
    }

    private static double nonNegative(PluginOptions o, String key, double dflt) {
        double v = o.getDouble(key, dflt);
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw error(key, "expected a number >= 0, got '" + o.asMap().get(key) + "'", o);
        }
        return v;
    }

    static InputException error(String key, String message, PluginOptions o) {
        return new InputException(null, 0, key, message + " (" + o.owner() + ")");
    }

    /** A JSON object of option {@code key} (empty if absent). */
    static Map<String, Object> object(PluginOptions o, String key) {
        Object v = o.asMap().get(key);
        if (v == null) {
            return Map.of();
        }
        if (!(v instanceof Map<?, ?> m)) {
            throw error(key, "expected a JSON object, got '" + v + "'", o);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        m.forEach((k, x) -> out.put(String.valueOf(k), x));
        return out;
    }

    /** {@code {"3": 2.5}}: numbers >= 0 by whole number, under {@code key}. */
    private static void numbered(PluginOptions o, String key, Map<Integer, Double> into) {
        for (Map.Entry<String, Double> e : named(o, key).entrySet()) {
            into.put(number(o, key, e.getKey()), e.getValue());
        }
    }

    static int number(PluginOptions o, String key, String s) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException ex) {
            throw error(key, "expected whole numbers as names, got '" + s + "'", o);
        }
    }

    /** {@code {"name": 2.5}}: numbers >= 0 by name, under {@code key}. */
    private static Map<String, Double> named(PluginOptions o, String key) {
        Map<String, Double> out = new TreeMap<>();
        for (Map.Entry<String, Object> e : object(o, key).entrySet()) {
            double v = e.getValue() instanceof Number n ? n.doubleValue() : Double.NaN;
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw error(key, "expected a number >= 0 for '" + e.getKey() + "', got '" + e.getValue() + "'", o);
            }
            out.put(e.getKey(), v);
        }
        return out;
    }

    /** {@code {"1": "batch"}}: SWF numbers to names, each defined in {@code defined}. */
    private static Map<Integer, String> names(PluginOptions o, String key, Map<String, Double> defined) {
        Map<Integer, String> out = new TreeMap<>();
        for (Map.Entry<String, Object> e : object(o, key).entrySet()) {
            String name = String.valueOf(e.getValue());
            if (!defined.containsKey(name)) {
                throw error(key, "unknown name '" + name + "' for number " + e.getKey() + "; defined: " + defined.keySet(), o);
            }
            out.put(number(o, key, e.getKey()), name);
        }
        return out;
    }
}
