package org.gridsched.report;

/** Index orders by a double key, stable, without boxing: a million jobs sort in a fraction of a second. */
final class Order {
    private Order() {
    }

    /** Indexes 0..n-1 sorted by {@code key} (ties keep index order; NaN keys last). */
    static int[] by(double[] key, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        int[] tmp = new int[n];
        for (int width = 1; width < n; width *= 2) { // bottom-up merge sort
            for (int lo = 0; lo < n - width; lo += 2 * width) {
                merge(a, tmp, key, lo, lo + width, Math.min(lo + 2 * width, n));
            }
        }
        return a;
    }

    private static void merge(int[] a, int[] tmp, double[] key, int lo, int mid, int hi) {
        if (!(Double.compare(key[a[mid - 1]], key[a[mid]]) > 0)) {
            return; // already in order
        }
        System.arraycopy(a, lo, tmp, lo, hi - lo);
        int i = lo;
        int j = mid;
        for (int k = lo; k < hi; k++) {
            if (i >= mid) {
                a[k] = tmp[j++];
            } else if (j >= hi || Double.compare(key[tmp[i]], key[tmp[j]]) <= 0) {
                a[k] = tmp[i++];
            } else {
                a[k] = tmp[j++];
            }
        }
    }
}
