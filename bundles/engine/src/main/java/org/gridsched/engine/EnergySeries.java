package org.gridsched.engine;

import org.gridsched.api.Csv;
import org.gridsched.api.SimTime;

/**
 * {@code energy.csv} (docs/energy.md): each cluster's power over the energy window, as means over equal intervals,
 * with the cumulative energy (and carbon) at each interval's end, for the report's charts. Computed once the run is
 * over from what the summary's totals come from: every attempt of every job (the last from the jobs, earlier ones
 * killed and re-submitted as {@link EnergyMeter} kept them), the failures' down intervals and power management's off
 * and switching intervals. So the last row's cumulative energy is the cluster's {@code energy_joules} in summary.json
 * (up to rounding), and the file is small whatever the run's length: at most {@link #MAX_INTERVALS} rows per cluster.
 */
final class EnergySeries {
    /** Rows per cluster at most: enough for a wide chart, few enough for a small file. */
    static final int MAX_INTERVALS = 1000;
    static final String HEADER = "from,to,cluster,busy_watts,idle_watts,off_watts,switching_watts,energy_joules";
    static final String CARBON_HEADER = ",gco2_per_hour,carbon_grams";

    private final double from;
    private final double to;
    private final double width;
    private final int n;

    private EnergySeries(double from, double to) {
        this.from = from;
        this.to = to;
        this.width = width(to - from);
        this.n = Math.max(1, (int) Math.ceil((to - from) / width));
    }

    /**
     * The interval length: the smallest of 1, 2 or 5 times a power of ten seconds that covers the window in at most
     * {@link #MAX_INTERVALS} intervals, so that a short run's intervals are whole seconds and a hand-computed schedule
     * reads off the file directly.
     */
    static double width(double window) {
        for (int e = -3;; e++) {
            for (int m : new int[] {1, 2, 5}) {
                double w = Double.parseDouble(m + "E" + e); // the nearest double to the decimal, not m x 10^e's rounding
                if (w * MAX_INTERVALS >= window) {
                    return w;
                }
            }
        }
    }

    private double start(int i) {
        return from + i * width;
    }

    private double end(int i) {
        return i == n - 1 ? to : Math.min(to, from + (i + 1) * width);
    }

    private int index(double t) {
        return (int) Math.max(0, Math.min(n - 1, Math.floor((t - from) / width)));
    }

    /** Adds {@code count} x the overlap of [a, b) with each interval into {@code into}; [a, b) is clipped to the window. */
    private void add(double[] into, double a, double b, double count) {
        a = Math.max(a, from);
        b = Math.min(b, to);
        if (!(b > a)) {
            return;
        }
        for (int i = index(a), last = index(b); i <= last; i++) {
            double x = Math.min(b, end(i)) - Math.max(a, start(i));
            if (x > 0) {
                into[i] += count * x;
            }
        }
    }

    /** The file's text for a run with a power model, over the energy window [from, to]. */
    static String csv(Simulation sim, double from, double to) {
        StringBuilder sb = new StringBuilder(HEADER);
        EnergyMeter meter = sim.energy;
        boolean carbon = meter.carbon();
        if (carbon) {
            sb.append(CARBON_HEADER);
        }
        sb.append('\n');
        if (!(to > from)) {
            return sb.toString();
        }
        EnergySeries s = new EnergySeries(from, to);
        int clusters = sim.clusters.length;
        double[][] busy = new double[clusters][s.n];
        double[][] down = new double[clusters][s.n];
        double[][] off = new double[clusters][s.n];
        double[][] switching = new double[clusters][s.n];
        double[][] switchJoules = new double[clusters][s.n];
        double[][] switchGrams = new double[clusters][s.n];
        for (SimJob j : sim.jobs) {
            if (j.start == j.start && j.finish == j.finish) {
                for (int p = 0; p < j.parts(); p++) {
                    s.add(busy[j.partCluster(p)], j.start, j.finish, j.partProcessors(p));
                }
            }
        }
        double[] k = meter.killedAttempts();
        for (int i = 0; i < meter.killedAttemptCount() * 4; i += 4) {
            s.add(busy[(int) k[i]], k[i + 2], k[i + 3], k[i + 1]);
        }
        if (sim.failures != null) {
            sim.failures.forEachDown((c, a, b, procs) -> s.add(down[c], a, b, procs));
        }
        if (sim.power != null) {
            sim.power.forEachInterval((c, state, a, b, procs) -> {
                if (state == PowerManager.OFF) {
                    s.add(off[c], a, Double.isNaN(b) ? to : b, procs);
                    return;
                }
                s.add(switching[c], a, b, procs);
                if (a >= from && a <= to) { // as the summary: a switch's energy when it starts, at the intensity then
                    PowerModel m = meter.power(c);
                    double joules = procs * (state == PowerManager.SWITCHING_ON ? m.switchOnEnergy() : m.switchOffEnergy());
                    switchJoules[c][s.index(a)] += joules;
                    if (carbon) {
                        switchGrams[c][s.index(a)] += joules * meter.carbon(c).at(a) / EnergyMeter.JOULES_PER_KWH;
                    }
                }
            });
        }
        for (int c = 0; c < clusters; c++) {
            PowerModel m = meter.power(c);
            int processors = sim.clusters[c].spec.processors();
            String name = sim.clusters[c].spec.name();
            double energy = 0;
            double grams = 0;
            for (int i = 0; i < s.n; i++) {
                double a = s.start(i);
                double b = s.end(i);
                double len = b - a;
                double capacity = processors * len;
                double idleSeconds = capacity - busy[c][i] - down[c][i] - off[c][i] - switching[c][i];
                if (idleSeconds < 1e-9 * capacity) { // a difference of sums: what is left when none is idle is noise
                    idleSeconds = 0;
                }
                double busyJ = busy[c][i] * m.busy();
                double idleJ = idleSeconds * m.idle();
                double offJ = off[c][i] * m.off();
                energy += busyJ + idleJ + offJ + switchJoules[c][i];
                appendBound(sb, a);
                appendBound(sb, b);
                Csv.append(sb, name).append(',');
                Numbers.appendMeasured(sb, busyJ / len);
                sb.append(',');
                Numbers.appendMeasured(sb, idleJ / len);
                sb.append(',');
                Numbers.appendMeasured(sb, offJ / len);
                sb.append(',');
                Numbers.appendMeasured(sb, switchJoules[c][i] / len);
                sb.append(',');
                Numbers.appendMeasured(sb, energy);
                if (carbon) {
                    // the interval's mean intensity: exact when the power or the intensity is constant over the interval
                    double intensity = meter.carbon(c).integral(a, b) / len;
                    double intervalGrams = (busyJ + idleJ + offJ) * intensity / EnergyMeter.JOULES_PER_KWH + switchGrams[c][i];
                    grams += intervalGrams;
                    double perHour = (busyJ + idleJ + offJ) / len * intensity / 1000 + switchGrams[c][i] / len * 3600;
                    sb.append(',');
                    Numbers.appendMeasured(sb, perHour);
                    sb.append(',');
                    Numbers.appendMeasured(sb, grams);
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * An interval's bound and a comma. A bound is the window's start plus a whole number of intervals, so on the
     * time grid but for the floating-point noise of that sum (579 x 0.005 = 2.8950000000000005): the noise is
     * dropped, so that bounds read as the instants of jobs.csv do ({@code 2.895}, {@code 21796433.750801}, never
     * {@code 2.1796433750800867E7}). Intervals of 1 or 2 ms (windows under 2 s) are not whole ticks: their bounds
     * keep their shortest form.
     */
    private static void appendBound(StringBuilder sb, double t) {
        double onGrid = SimTime.of(t);
        SimTime.append(sb, Math.abs(onGrid - t) <= 1e-9 * Math.max(1, Math.abs(t)) ? onGrid : t);
        sb.append(',');
    }
}
