package org.gridsched.metrics;

import java.util.Arrays;

/** A growable array of doubles: a million waits cost 8 MB, not 16 MB of boxed Doubles. */
final class DoubleList {
    private double[] data = new double[256];
    private int size;

    void add(double v) {
        if (size == data.length) {
            data = Arrays.copyOf(data, size * 2);
        }
        data[size++] = v;
    }

    int size() {
        return size;
    }

    void addAll(DoubleList other) {
        for (int i = 0; i < other.size; i++) {
            add(other.data[i]);
        }
    }

    /** Median (mean of the two middle values for an even count), NaN when empty. Sorts in place. */
    double median() {
        if (size == 0) {
            return Double.NaN;
        }
        Arrays.sort(data, 0, size);
        int mid = size / 2;
        return size % 2 == 1 ? data[mid] : (data[mid - 1] + data[mid]) / 2;
    }
}
