package org.gridsched.engine;

import java.util.BitSet;

/**
 * The processors of one cluster. Jobs get the lowest-numbered free processors, which makes allocations
 * deterministic and easy to read. The free ones are a set of bits kept in words of 64 here (not a
 * {@link BitSet}, whose range operations each rescan the set's last words): a job takes its processors word by
 * word, so the cost is proportional to the words and runs visited, not to the number of processors.
 */
final class ProcessorPool {
    /** Bit p of words[p / 64]: processor p is free. */
    private final long[] words;
    private final int size;
    private int freeCount;

    ProcessorPool(int size) {
        this.size = size;
        this.words = new long[(size + 63) >>> 6];
        setRange(0, size);
        freeCount = size;
    }

    int freeCount() {
        return freeCount;
    }

    /**
     * Takes {@code n} processors, lowest ids first; returns them as [from, to) pairs. Failures, kills and backfilling
     * leave the free processors in holes of one or a few: on a million-job EASY run with failures on 1,024
     * one-processor nodes, taking them one run at a time with BitSet calls was a quarter of the run.
     */
    int[] allocate(int n) {
        if (n > freeCount || n <= 0) {
            throw new IllegalStateException("need " + n + " processors, " + freeCount + " free");
        }
        int[] runs = null;
        int used = 0;
        int remaining = n;
        for (int i = 0; remaining > 0; i++) {
            long word = words[i];
            // run by run within the word: most jobs take one run of one word
            while (word != 0 && remaining > 0) {
                int lo = Long.numberOfTrailingZeros(word);
                int len = Math.min(remaining, Long.numberOfTrailingZeros(~(word >>> lo)));
                word &= ~((-1L >>> (64 - len)) << lo);
                remaining -= len;
                int from = (i << 6) + lo;
                if (used > 0 && runs[used - 1] == from) {
                    runs[used - 1] = from + len; // a run that goes on from the word before
                } else {
                    if (runs == null) {
                        runs = new int[2]; // most jobs get one run
                    } else if (used == runs.length) {
                        runs = java.util.Arrays.copyOf(runs, used * 2);
                    }
                    runs[used++] = from;
                    runs[used++] = from + len;
                }
            }
            words[i] = word;
        }
        freeCount -= n;
        return used == runs.length ? runs : java.util.Arrays.copyOf(runs, used);
    }

    void release(int[] runs) {
        for (int i = 0; i < runs.length; i += 2) {
            setRange(runs[i], runs[i + 1]);
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
        return BitSet.valueOf(words);
    }

    /** Free processors among {@code pool}. */
    int freeIn(BitSet pool) {
        long[] p = pool.toLongArray();
        int n = 0;
        for (int i = 0; i < Math.min(p.length, words.length); i++) {
            n += Long.bitCount(p[i] & words[i]);
        }
        return n;
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
                if (isFree(p)) {
                    chosen.set(p);
                    left--;
                }
            }
            if (left > 0 || counts[i] < 0) {
                throw new IllegalStateException(counts[i] + " processor(s) of pool " + pool + ", which has " + freeIn(pool) + " free");
            }
            n += counts[i];
        }
        long[] c = chosen.toLongArray();
        for (int i = 0; i < c.length; i++) {
            words[i] &= ~c[i];
        }
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
            int busy = firstBusy(runs[i], runs[i + 1]);
            if (busy >= 0) {
                throw new IllegalStateException("processor " + busy + " is not free");
            }
            n += runs[i + 1] - runs[i];
        }
        for (int i = 0; i < runs.length; i += 2) {
            clearRange(runs[i], runs[i + 1]);
        }
        freeCount -= n;
        return runs;
    }

    /** Whether processor p is in the cluster and free. */
    private boolean isFree(int p) {
        return p < size && (words[p >>> 6] & (1L << p)) != 0;
    }

    /** The first processor in [from, to) that is not free, or -1 (also for ids beyond the cluster). */
    private int firstBusy(int from, int to) {
        for (int p = from; p < to; p++) {
            if (!isFree(p)) {
                return p;
            }
        }
        return -1;
    }

    /** Marks [from, to) free. */
    private void setRange(int from, int to) {
        for (int i = from >>> 6; from < to; i++) {
            int end = Math.min(to, (i + 1) << 6);
            words[i] |= mask(from, end);
            from = end;
        }
    }

    /** Marks [from, to) taken. */
    private void clearRange(int from, int to) {
        for (int i = from >>> 6; from < to; i++) {
            int end = Math.min(to, (i + 1) << 6);
            words[i] &= ~mask(from, end);
            from = end;
        }
    }

    /** The bits of [from, to) within one word (to - from between 1 and 64). */
    private static long mask(int from, int to) {
        return (-1L >>> (64 - (to - from))) << from;
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
