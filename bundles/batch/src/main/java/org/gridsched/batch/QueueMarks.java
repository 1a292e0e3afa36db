package org.gridsched.batch;

import java.util.Arrays;

/**
 * Marks on places of {@link ConservativeScheduler}'s submission-order arrays: the chances a waiting job has to start
 * earlier since it was last tried ({@link #TAIL}, {@link #JUMP}; see {@link MoveCandidates}), with a bit set beside
 * them so that the compression visits the marked places only, in order, also those marked while it walks.
 */
final class QueueMarks {
    /** Processors came back just before its start: it may start where that run of free processors begins. */
    static final byte TAIL = 1;
    /** A run of free processors long enough for it may lie wholly before its start. */
    static final byte JUMP = 2;

    private byte[] kinds;
    private long[] bits;

    QueueMarks(int places) {
        kinds = new byte[places];
        bits = new long[(places + 63) >>> 6];
    }

    void grow(int places) {
        kinds = Arrays.copyOf(kinds, places);
        bits = Arrays.copyOf(bits, (places + 63) >>> 6);
    }

    void add(int place, byte kind) {
        kinds[place] |= kind;
        bits[place >>> 6] |= 1L << place;
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
