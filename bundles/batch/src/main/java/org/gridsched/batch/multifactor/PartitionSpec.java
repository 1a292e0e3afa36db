package org.gridsched.batch.multifactor;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.gridsched.api.PluginOptions;

/**
 * One partition of the {@code partitions} option: a name and a tier (the partition factor), and, when
 * given as an object, its processors and its admission rules (Slurm's partition MaxTime, MaxNodes as
 * processors, AllowGroups). {@code "batch": 2} is {@code "batch": {"tier": 2}}: the whole cluster, no rule.
 */
final class PartitionSpec {
    /** Rejection reasons, counted in summary.json under rejected_by_reason. */
    static final String OVER_TIME = "over_partition_time_limit";
    static final String OVER_SIZE = "over_partition_size_limit";
    static final String GROUP = "group_not_allowed_in_partition";
    static final String NONE = "no_partition";

    final String name;
    final double tier;
    /** Processor ranges as written ("0-119,200-239"), or null for the whole cluster. */
    final String processors;
    final double maxTime;
    final int maxProcessors;
    /** Group numbers allowed, or null for every group. */
    final Set<Integer> groups;

    private PartitionSpec(String name, double tier, String processors, double maxTime, int maxProcessors, Set<Integer> groups) {
        this.name = name;
        this.tier = tier;
        this.processors = processors;
        this.maxTime = maxTime;
        this.maxProcessors = maxProcessors;
        this.groups = groups;
    }

    /** Whether this partition restricts anything (else it only sets a tier). */
    boolean restricts() {
        return processors != null || maxTime != Double.POSITIVE_INFINITY || maxProcessors != Integer.MAX_VALUE || groups != null;
    }

    static PartitionSpec parse(String name, Object value, PluginOptions o) {
        String key = "partitions." + name;
        if (value instanceof Number n) {
            return new PartitionSpec(name, tier(key, n.doubleValue(), o), null, Double.POSITIVE_INFINITY, Integer.MAX_VALUE, null);
        }
        if (!(value instanceof Map<?, ?> m)) {
            throw Settings.error(key, "expected a tier (a number >= 0) or an object {tier, processors, max_time, max_processors,"
                    + " groups}, got '" + value + "'", o);
        }
        for (Object k : m.keySet()) {
            if (!List.of("tier", "processors", "max_time", "max_processors", "groups").contains(String.valueOf(k))) {
                throw Settings.error(key + "." + k, "unknown partition setting; known: tier, processors, max_time, max_processors, groups", o);
            }
        }
        double tier = m.get("tier") == null ? 0 : tier(key + ".tier", number(key + ".tier", m.get("tier"), o), o);
        String processors = null;
        if (m.get("processors") != null) {
            processors = String.valueOf(m.get("processors"));
            ranges(processors, Integer.MAX_VALUE, key + ".processors", o); // checked now; sized per cluster later
        }
        double maxTime = Double.POSITIVE_INFINITY;
        if (m.get("max_time") != null) {
            maxTime = number(key + ".max_time", m.get("max_time"), o);
            if (!(maxTime > 0)) {
                throw Settings.error(key + ".max_time", "expected seconds > 0, got '" + m.get("max_time") + "'", o);
            }
        }
        int maxProcessors = Integer.MAX_VALUE;
        if (m.get("max_processors") != null) {
            double v = number(key + ".max_processors", m.get("max_processors"), o);
            if (!(v >= 1) || v != Math.rint(v) || v > Integer.MAX_VALUE) {
                throw Settings.error(key + ".max_processors", "expected a whole number >= 1, got '" + m.get("max_processors") + "'", o);
            }
            maxProcessors = (int) v;
        }
        Set<Integer> groups = null;
        if (m.get("groups") != null) {
            if (!(m.get("groups") instanceof List<?> list) || list.isEmpty()) {
                throw Settings.error(key + ".groups", "expected a non-empty list of group numbers, got '" + m.get("groups") + "'", o);
            }
            groups = new TreeSet<>();
            for (Object g : list) {
                double v = g instanceof Number n ? n.doubleValue() : Double.NaN;
                if (!(v >= 0) || v != Math.rint(v)) {
                    throw Settings.error(key + ".groups", "expected group numbers >= 0, got '" + g + "'", o);
                }
                groups.add((int) v);
            }
        }
        return new PartitionSpec(name, tier, processors, maxTime, maxProcessors, groups);
    }

    private static double tier(String key, double v, PluginOptions o) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw Settings.error(key, "expected a tier >= 0, got '" + v + "'", o);
        }
        return v;
    }

    private static double number(String key, Object v, PluginOptions o) {
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw Settings.error(key, "expected a number, got '" + v + "'", o);
    }

    /** This partition's processors on a cluster of {@code size}. */
    BitSet members(int size, PluginOptions o) {
        if (processors == null) {
            BitSet all = new BitSet(size);
            all.set(0, size);
            return all;
        }
        return ranges(processors, size, "partitions." + name + ".processors", o);
    }

    /** {@code "0-119,200"}: ids and inclusive ranges, every id below {@code size}. */
    static BitSet ranges(String text, int size, String key, PluginOptions o) {
        BitSet set = new BitSet();
        for (String part : text.split(",")) {
            String p = part.trim();
            String[] ends = p.split("-", -1);
            try {
                int from = Integer.parseInt(ends[0].trim());
                int to = ends.length == 1 ? from : ends.length == 2 ? Integer.parseInt(ends[1].trim()) : -1;
                if (from < 0 || to < from) {
                    throw new NumberFormatException();
                }
                if (to >= size) {
                    throw Settings.error(key, "processor " + to + " is beyond the cluster's " + size + " (ids 0 to " + (size - 1) + ")", o);
                }
                set.set(from, to + 1);
            } catch (NumberFormatException e) {
                throw Settings.error(key, "expected processor ids and ranges like \"0-119,200-239\", got '" + p + "' in '" + text + "'", o);
            }
        }
        return set;
    }

    /** Why this partition does not admit a job of {@code processors} and {@code requested} s, or null. */
    String refusal(int processors, double requested, int group, int partitionProcessors) {
        if (requested > maxTime) {
            return OVER_TIME;
        }
        if (processors > Math.min(maxProcessors, partitionProcessors)) {
            return OVER_SIZE;
        }
        if (groups != null && !groups.contains(group)) {
            return GROUP;
        }
        return null;
    }

    static List<String> names(List<PartitionSpec> specs) {
        List<String> out = new ArrayList<>();
        for (PartitionSpec s : specs) {
            out.add(s.name);
        }
        return out;
    }
}
