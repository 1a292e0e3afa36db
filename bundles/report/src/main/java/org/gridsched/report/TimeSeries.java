package org.gridsched.report;

/**
 * Queue length and busy processors over time, per cluster and overall, as time-weighted means over equal
 * bins (and the queue's maximum per bin): a million jobs become a few thousand points a chart can draw, and a
 * spike shorter than a bin still shows in the maximum.
 */
public final class TimeSeries {
    public final double from;
    public final double to;
    public final int bins;
    /** [cluster][bin] mean busy processors; the last row is the platform. */
    public final double[][] busy;
    /** [cluster][bin] mean number of jobs waiting (for the cluster they ran on); last row: all. */
    public final double[][] queue;
    /** [bin] most jobs waiting at once, platform-wide. */
    public final double[] queueMax;

    private TimeSeries(double from, double to, int bins, double[][] busy, double[][] queue, double[] queueMax) {
        this.from = from;
        this.to = to;
        this.bins = bins;
        this.busy = busy;
        this.queue = queue;
        this.queueMax = queueMax;
    }

    public double binStart(int b) {
        return from + (to - from) * b / bins;
    }

    public static TimeSeries of(JobsTable t, int bins) {
        int n = t.size;
        int c = t.clusters.count();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < n; j++) {
            if (t.ran(j) && t.finish[j] >= t.start[j]) {
                lo = Math.min(lo, Math.min(t.submit[j], t.start[j]));
                hi = Math.max(hi, t.finish[j]);
            }
        }
        if (!(hi > lo)) {
            lo = Double.isInfinite(lo) ? 0 : lo;
            hi = lo + 1;
        }
        double[][] busy = new double[c + 1][bins];
        double[][] queue = new double[c + 1][bins];
        double[] queueMax = new double[bins];
        int[] bySubmit = Order.by(t.submit, n);
        int[] byStart = Order.by(t.start, n);
        int[] byFinish = Order.by(t.finish, n);
        double[] nowBusy = new double[c + 1];
        double[] nowQueue = new double[c + 1];
        double width = (hi - lo) / bins;
        double last = lo;
        int s = 0;
        int b = 0;
        int f = 0;
        while (true) {
            double ts = s < n ? at(t.submit[bySubmit[s]]) : Double.POSITIVE_INFINITY;
            double tb = b < n ? at(t.start[byStart[b]]) : Double.POSITIVE_INFINITY;
            double tf = f < n ? at(t.finish[byFinish[f]]) : Double.POSITIVE_INFINITY;
            double now = Math.min(ts, Math.min(tb, tf));
            if (now == Double.POSITIVE_INFINITY) {
                break;
            }
            accumulate(busy, nowBusy, queue, nowQueue, queueMax, last, now, lo, width, bins);
            last = Math.max(last, now);
            // at one instant: ends, then submissions, then starts (a job submitted and started at t never waits)
            if (tf == now) {
                int j = byFinish[f++];
                if (counts(t, j)) {
                    shareBusy(t, j, nowBusy, -1);
                }
            } else if (ts == now) {
                int j = bySubmit[s++];
                if (counts(t, j)) {
                    nowQueue[t.partClusters[j][0]]++;
                    nowQueue[c]++;
                    mark(queueMax, nowQueue[c], now, lo, width, bins);
                }
            } else {
                int j = byStart[b++];
                if (counts(t, j)) {
                    nowQueue[t.partClusters[j][0]]--;
                    nowQueue[c]--;
                    shareBusy(t, j, nowBusy, +1);
                }
            }
        }
        for (double[] row : busy) {
            for (int i = 0; i < bins; i++) {
                row[i] /= width;
            }
        }
        for (double[] row : queue) {
            for (int i = 0; i < bins; i++) {
                row[i] /= width;
            }
        }
        return new TimeSeries(lo, hi, bins, busy, queue, queueMax);
    }

    /** NaN (no time: a rejected job in Batsim's files) sorts last and means never. */
    private static double at(double x) {
        return Double.isNaN(x) ? Double.POSITIVE_INFINITY : x;
    }

    private static boolean counts(JobsTable t, int j) {
        return t.ran(j) && t.finish[j] >= t.start[j] && t.start[j] >= t.submit[j] && t.partClusters[j].length > 0;
    }

    private static void shareBusy(JobsTable t, int j, double[] nowBusy, int sign) {
        int[] r = t.alloc[j];
        Clusters cl = t.clusters;
        for (int i = 0; i < r.length; i += 2) {
            int c = cl.ofProcessor(r[i]);
            if (c >= 0) {
                nowBusy[c] += sign * (r[i + 1] - r[i]);
                nowBusy[cl.count()] += sign * (r[i + 1] - r[i]);
            }
        }
    }

    private static void mark(double[] max, double v, double now, double lo, double width, int bins) {
        int i = (int) Math.min(bins - 1, Math.max(0, (now - lo) / width));
        max[i] = Math.max(max[i], v);
    }

    /** Adds value x duration of [a, b) into the bins it covers. */
    private static void accumulate(double[][] busy, double[] nowBusy, double[][] queue, double[] nowQueue, double[] queueMax,
            double a, double b, double lo, double width, int bins) {
        if (!(b > a)) {
            return;
        }
        int i = (int) Math.min(bins - 1, Math.max(0, (a - lo) / width));
        double x = a;
        while (x < b && i < bins) {
            double end = i == bins - 1 ? b : Math.min(b, lo + (i + 1) * width);
            double dt = end - x;
            for (int k = 0; k < nowBusy.length; k++) {
                busy[k][i] += nowBusy[k] * dt;
                queue[k][i] += nowQueue[k] * dt;
            }
            queueMax[i] = Math.max(queueMax[i], nowQueue[nowQueue.length - 1]);
            x = end;
            i++;
        }
    }
}
