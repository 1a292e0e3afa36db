package org.gridsched.engine;

import java.util.BitSet;

/**
 * The processors of one cluster. Jobs get the lowest-numbered free processors, which makes allocations
 * deterministic and easy to read; the cost is proportional to the number of free runs visited, not to the
 * number of processors.
 */
final class ProcessorPool {
    private final BitSet free;
    private int freeCount;

    ProcessorPool(int size) {
        this.free = new BitSet(size);
        free.set(0, size);
        freeCount = size;
    }

    int freeCount() {
        return freeCount;
    }

    /** Takes {@code n} processors, lowest ids first; returns them as [from, to) pairs. */
    int[] allocate(int n) {
        if (n > freeCount) {
            throw new IllegalStateException("need " + n + " processors, " + freeCount + " free");
        }
        int from = free.nextSetBit(0);
        int firstRunEnd = free.nextClearBit(from);
        if (firstRunEnd - from >= n) {
            // the common case: the lowest free run is wide enough
            free.clear(from, from + n);
            freeCount -= n;
            return new int[] {from, from + n};
        }
        return allocateScattered(n);
    }

    /**
     * The lowest {@code n} free processors when they lie in several runs, taken 64 at a time from the set's words
     * rather than with a call per run: failures, kills and backfilling leave the free processors in holes of one or
     * a few, and on a million-job EASY run with failures on 1,024 one-processor nodes a quarter of the time went to
     * clearing those runs one by one.
     */
    private int[] allocateScattered(int n) {
        long[] words = free.toLongArray();
        int[] runs = new int[8];
        int used = 0;
        int remaining = n;
        for (int i = 0; remaining > 0; i++) {
            long word = words[i];
            long take = word;
            int count = Long.bitCount(word);
            if (count > remaining) {
                // the lowest `remaining` of them
                take = 0;
                for (int k = 0; k < remaining; k++) {
                    take |= (word & ~take) & -(word & ~take);
                }
                count = remaining;
            }
            words[i] = word & ~take;
            remaining -= count;
            while (take != 0) {
                int lo = Long.numberOfTrailingZeros(take);
                int len = Long.numberOfTrailingZeros(~(take >>> lo));
                int from = (i << 6) + lo;
                if (used > 0 && runs[used - 1] == from) {
                    runs[used - 1] = from + len; // a run that goes on from the word before
                } else {
                    if (used == runs.length) {
                        runs = java.util.Arrays.copyOf(runs, used * 2);
                    }
                    runs[used++] = from;
                    runs[used++] = from + len;
                }
                take = lo + len == 64 ? 0 : take & (-1L << (lo + len));
            }
        }
        free.and(BitSet.valueOf(words));
        freeCount -= n;
        return used == runs.length ? runs : java.util.Arrays.copyOf(runs, used);
    }

    void release(int[] runs) {
        for (int i = 0; i < runs.length; i += 2) {
            free.set(runs[i], runs[i + 1]);
            freeCount += runs[i + 1] - runs[i];
        }
        if (released != null) {
            released.accept(runs);
        }
    }

    /** Told of every release (power management: when processors became idle); null on ordinary runs. */
    java.util.function.Consumer<int[]> released;

    /** The free processors, a copy. */
    BitSet freeSet() {
        return (BitSet) free.clone();
    }

    /** Free processors among {@code pool}. */
    int freeIn(BitSet pool) {
        BitSet f = (BitSet) pool.clone();
        f.and(free);
        return f.cardinality();
    }

    /**
     * Takes {@code counts[i]} processors of {@code pools[i]}, lowest ids first in each; returns them as
     * [from, to) pairs in id order, like {@link #allocate(int)}. A refusal's message says what is wrong with the
     * pools and counts as the end of a sentence ("started job 3 with " + it), for the policy's error.
     */
    int[] allocate(BitSet[] pools, int[] counts, int size) {
        if (pools.length != counts.length) {
            throw new IllegalArgumentException(pools.length + " processor pool(s) but " + counts.length + " count(s)");
        }
        BitSet chosen = new BitSet(size);
        BitSet seen = new BitSet(size);
        int n = 0;
        for (int i = 0; i < pools.length; i++) {
            BitSet pool = pools[i];
            if (pool.length() > size) {
                throw new IllegalArgumentException("processor pool " + pool + ", which names processors beyond the cluster's " + size
                        + " (ids 0.." + (size - 1) + ")");
            }
            if (pool.intersects(seen)) {
                throw new IllegalArgumentException("processor pool " + pool + ", which overlaps the earlier ones " + seen);
            }
            seen.or(pool);
            int left = counts[i];
            for (int p = pool.nextSetBit(0); left > 0 && p >= 0; p = pool.nextSetBit(p + 1)) {
                if (free.get(p)) {
                    chosen.set(p);
                    left--;
                }
            }
            if (left > 0 || counts[i] < 0) {
                throw new IllegalStateException(counts[i] + " processor(s) of pool " + pool + ", which has " + freeIn(pool) + " free");
            }
            n += counts[i];
        }
        free.andNot(chosen);
        freeCount -= n;
        return runs(chosen);
    }

    /**
     * Takes exactly the processors {@code ids}, which must all be free (a failure's processors once their jobs
     * are killed); returns them as [from, to) pairs in id order. The general {@link #allocate(BitSet[], int[], int)}
     * builds two cluster-wide sets to choose among free processors, which is most of a failure's cost on a
     * cluster that fails every few minutes.
     */
    int[] take(BitSet ids) {
        int[] runs = runs(ids);
        int n = 0;
        for (int i = 0; i < runs.length; i += 2) {
            int busy = free.nextClearBit(runs[i]);
            if (busy < runs[i + 1]) {
                throw new IllegalStateException("processor " + busy + " is not free");
            }
            n += runs[i + 1] - runs[i];
        }
        for (int i = 0; i < runs.length; i += 2) {
            free.clear(runs[i], runs[i + 1]);
        }
        freeCount -= n;
        return runs;
    }

    /** A set of processor ids as [from, to) pairs in id order. */
    static int[] runs(BitSet ids) {
        int[] runs = new int[8];
        int used = 0;
        for (int from = ids.nextSetBit(0); from >= 0; from = ids.nextSetBit(from)) {
            int to = ids.nextClearBit(from);
            if (used == runs.length) {
                runs = java.util.Arrays.copyOf(runs, used * 2);
            }
            runs[used++] = from;
            runs[used++] = to;
            from = to;
        }
        return java.util.Arrays.copyOf(runs, used);
    }
}
