package org.gridsched.batch;

import java.util.Arrays;

/**
 * Marks on places of {@link ConservativeScheduler}'s submission-order arrays: the chances a waiting job has to start
 * earlier since it was last tried ({@link #TAIL}, {@link #JUMP}; see {@link MoveCandidates}) with where to look, and a
 * bit set beside them so that the compression visits the marked places only, in order, also those marked while it
 * walks. Kept by place rather than in the jobs: a job is marked only now and then, and the scheduler keeps every job
 * it ever planned (the engine's result holds them), so every byte of a job counts a million times.
 */
final class QueueMarks {
    /** Processors came back just before its start: it may start where that run of free processors begins. */
    static final byte TAIL = 1;
    /** A run of free processors long enough for it may lie wholly before its start. */
    static final byte JUMP = 2;

    private byte[] kinds;
    private long[] bits;
    /** With a JUMP mark: the span of the runs that marked it, where its window lies. */
    private double[] jumpFrom;
    private double[] jumpTo;
    /** With a TAIL mark: the number of a breakpoint near its start when marked. */
    private int[] tailHint;

    QueueMarks(int places) {
        kinds = new byte[places];
        bits = new long[(places + 63) >>> 6];
        jumpFrom = new double[places];
        jumpTo = new double[places];
        tailHint = new int[places];
    }

    void grow(int places) {
        kinds = Arrays.copyOf(kinds, places);
        bits = Arrays.copyOf(bits, (places + 63) >>> 6);
        jumpFrom = Arrays.copyOf(jumpFrom, places);
        jumpTo = Arrays.copyOf(jumpTo, places);
        tailHint = Arrays.copyOf(tailHint, places);
    }

    /** Marks TAIL, its start near breakpoint number {@code near}. */
    void addTail(int place, int near) {
        add(place, TAIL);
        tailHint[place] = near;
    }

    /** Marks JUMP, its window inside [from, to) or inside the span of its earlier JUMP marks. */
    void addJump(int place, double from, double to) {
        if ((kinds[place] & JUMP) == 0) {
            jumpFrom[place] = from;
            jumpTo[place] = to;
        } else {
            jumpFrom[place] = Math.min(jumpFrom[place], from);
            jumpTo[place] = Math.max(jumpTo[place], to);
        }
        add(place, JUMP);
    }

    private void add(int place, byte kind) {
        kinds[place] |= kind;
        bits[place >>> 6] |= 1L << place;
    }

    double jumpFrom(int place) {
        return jumpFrom[place];
    }

    double jumpTo(int place) {
        return jumpTo[place];
    }

    int tailHint(int place) {
        return tailHint[place];
    }

    byte kindAt(int place) {
        return kinds[place];
    }

    /** The marks of a place, which it no longer has. */
    byte take(int place) {
        byte k = kinds[place];
        clear(place);
        return k;
    }

    void clear(int place) {
        kinds[place] = 0;
        bits[place >>> 6] &= ~(1L << place);
    }

    /** The first marked place at or after {@code from}, or -1. */
    int next(int from) {
        int w = from >>> 6;
        if (w >= bits.length) {
            return -1;
        }
        long word = bits[w] & (-1L << from);
        while (word == 0) {
            if (++w == bits.length) {
                return -1;
            }
            word = bits[w];
        }
        return (w << 6) + Long.numberOfTrailingZeros(word);
    }

    /** The marks of place {@code from} go to place {@code to} (the arrays are compacted). */
    void move(int from, int to) {
        byte k = take(from);
        if (k != 0) {
            add(to, k);
            jumpFrom[to] = jumpFrom[from];
            jumpTo[to] = jumpTo[from];
            tailHint[to] = tailHint[from];
        }
    }

    void clearFrom(int from) {
        for (int i = next(from); i >= 0; i = next(i + 1)) {
            clear(i);
        }
    }

    void clearAll() {
        Arrays.fill(kinds, (byte) 0);
        Arrays.fill(bits, 0L);
    }
}
