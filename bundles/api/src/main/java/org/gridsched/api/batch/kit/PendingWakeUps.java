package org.gridsched.api.batch.kit;

import java.util.Arrays;

/**
 * The instants a policy has asked to be woken at ({@link org.gridsched.api.batch.Cluster#wakeUpAt}) and not yet
 * been, so that it asks once per instant: {@code if (pending.add(t)) cluster.wakeUpAt(t);}, and
 * {@link #passed(double)} when woken. A sorted array of doubles: a policy holds a few such instants (its next
 * planned start, the current instant after a change of reservations), so an insertion's copy is short; it
 * replaced a {@code TreeSet<Double>} in the conservative planners, whose boxing and node churn cost more than the
 * re-plan on a cluster that fails every few minutes. Instants are compared as {@link Double#compare} does.
 *
 * @since 1.3
 */
public final class PendingWakeUps {
    private double[] times = new double[8];
    private int size;

    /** Records {@code t}; false if it was already pending. */
    public boolean add(double t) {
        int i = Arrays.binarySearch(times, 0, size, t);
        if (i >= 0) {
            return false;
        }
        i = -i - 1;
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
        }
        System.arraycopy(times, i, times, i + 1, size - i);
        times[i] = t;
        size++;
        return true;
    }

    /** Whether a wake-up at {@code t} is pending. */
    public boolean contains(double t) {
        return Arrays.binarySearch(times, 0, size, t) >= 0;
    }

    /** Forgets the instants at or before {@code now}: they have come. */
    public void passed(double now) {
        int n = 0;
        while (n < size && times[n] <= now) {
            n++;
        }
        if (n > 0) {
            System.arraycopy(times, n, times, 0, size - n);
            size -= n;
        }
    }
}
