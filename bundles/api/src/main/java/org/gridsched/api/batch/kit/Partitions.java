package org.gridsched.api.batch.kit;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Partitions of one cluster: subsets of its processors, which may overlap, each job running inside one
 * of them (Slurm's partitions, PBS's queues bound to nodes). Given to a {@link PlanningScheduler}, they
 * make it plan every job on its own partition's processors and start it there.
 *
 * <p>How it stays exact: the processors are split into <em>pools</em>, the classes of processors that
 * belong to the same partitions (two overlapping partitions give three pools: each one's own processors
 * and the shared ones). Inside a pool all processors are alike, so a pool is planned on its own
 * {@link AvailabilityProfile} by counts, as a whole cluster is; a job of a partition takes so many
 * processors of each of the partition's pools, chosen when it is planned and kept when it starts.
 *
 * @since 1.2
 */
@ProviderType
public final class Partitions {
    /** At most this many partitions: a processor's membership is kept in one {@code long}. */
    public static final int MAX = 64;

    private final int processors;
    private final BitSet[] pools;
    private final int[] poolSize;
    /** For each partition, the pools it is made of: those in fewer partitions first, then by lowest processor. */
    private final int[][] poolsOf;
    private final int[] size;

    /**
     * @param processors the cluster's processors
     * @param members    one per partition: the ids (from 0) of the processors it may use; none empty
     * @throws IllegalArgumentException if a partition is empty, names a processor the cluster does not
     *                                  have, or there are more than {@link #MAX}
     */
    public Partitions(int processors, List<BitSet> members) {
        if (members.isEmpty() || members.size() > MAX) {
            throw new IllegalArgumentException("between 1 and " + MAX + " partitions, got " + members.size());
        }
        this.processors = processors;
        int n = members.size();
        size = new int[n];
        long[] membership = new long[processors];
        for (int p = 0; p < n; p++) {
            BitSet m = members.get(p);
            if (m.isEmpty()) {
                throw new IllegalArgumentException("partition " + p + " has no processors");
            }
            if (m.length() > processors) {
                throw new IllegalArgumentException("partition " + p + " names processor " + (m.length() - 1)
                        + " but the cluster has " + processors + " (ids 0 to " + (processors - 1) + ")");
            }
            size[p] = m.cardinality();
            for (int id = m.nextSetBit(0); id >= 0; id = m.nextSetBit(id + 1)) {
                membership[id] |= 1L << p;
            }
        }
        // pools in the order of their lowest processor: insertion order of a LinkedHashMap, never hash order
        Map<Long, BitSet> byMembership = new LinkedHashMap<>();
        for (int id = 0; id < processors; id++) {
            if (membership[id] != 0) {
                byMembership.computeIfAbsent(membership[id], k -> new BitSet(processors)).set(id);
            }
        }
        pools = byMembership.values().toArray(new BitSet[0]);
        poolSize = new int[pools.length];
        long[] keys = new long[pools.length];
        int i = 0;
        for (Map.Entry<Long, BitSet> e : byMembership.entrySet()) {
            keys[i] = e.getKey();
            poolSize[i] = e.getValue().cardinality();
            i++;
        }
        // a partition's own processors first, the most shared last: a job leaves what others can use
        poolsOf = new int[n][];
        for (int p = 0; p < n; p++) {
            List<Integer> of = new ArrayList<>();
            for (int k = 0; k < keys.length; k++) {
                if ((keys[k] & (1L << p)) != 0) {
                    of.add(k);
                }
            }
            of.sort(Comparator.comparingInt((Integer k) -> Long.bitCount(keys[k])).thenComparingInt(k -> k));
            poolsOf[p] = of.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    /** Number of partitions. */
    public int count() {
        return size.length;
    }

    /** Processors of partition {@code p}. */
    public int processors(int p) {
        return size[p];
    }

    /** Processors of the cluster. */
    public int clusterProcessors() {
        return processors;
    }

    /** Number of pools (classes of processors in the same partitions). */
    public int pools() {
        return pools.length;
    }

    /** The processors of pool {@code k}; the caller must not change it. */
    BitSet pool(int k) {
        return pools[k];
    }

    int poolSize(int k) {
        return poolSize[k];
    }

    int[] poolsOf(int p) {
        return poolsOf[p];
    }
}
