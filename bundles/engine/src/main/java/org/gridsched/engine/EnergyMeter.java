package org.gridsched.engine;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Energy and carbon of a run with a power model ({@link Simulation.Settings#power}): every attempt of a job adds its
 * processors' busy energy (and, with carbon-intensity series, its emissions) to the job and to its clusters when it
 * ends or is killed; the idle part is what is left of each cluster's processors over the run's window, from the
 * first submission to the last end, once the run is over. Costs nothing on runs without a power model (the engine
 * then has no meter).
 */
final class EnergyMeter {
    /** Joules per kWh: grams = watts x (g/kWh x seconds) / this. */
    static final double JOULES_PER_KWH = 3.6e6;

    private final PowerModel[] power;
    private final CarbonSeries[] carbon;
    /** Per cluster: processor-seconds that ran jobs, and those weighted by the carbon intensity (g/kWh x s). */
    final double[] busySeconds;
    final double[] busyIntensitySeconds;

    EnergyMeter(List<PowerModel> power, List<CarbonSeries> carbon, int clusters) {
        if (power.size() != clusters) {
            throw new IllegalArgumentException("power models for " + power.size() + " clusters on a platform of " + clusters);
        }
        if (carbon != null && !carbon.isEmpty() && carbon.size() != clusters) {
            throw new IllegalArgumentException("carbon series for " + carbon.size() + " clusters on a platform of " + clusters);
        }
        this.power = power.toArray(new PowerModel[0]);
        this.carbon = carbon == null || carbon.isEmpty() ? null : carbon.toArray(new CarbonSeries[0]);
        busySeconds = new double[clusters];
        busyIntensitySeconds = new double[clusters];
    }

    /** (cluster, processors, start, end) of each part of every attempt killed and re-submitted, for energy.csv. */
    private double[] killed = new double[0];
    private int killedCount;

    /**
     * An attempt of {@code job} is killed now and the job re-submitted: its parts are kept for {@link EnergySeries}
     * (the job's own start and end are then the last attempt's only). Few in any run: failures and controllers' kills.
     */
    void killedAttempt(SimJob job, double end) {
        for (int p = 0, parts = job.parts(); p < parts; p++) {
            if (4 * (killedCount + 1) > killed.length) {
                killed = Arrays.copyOf(killed, Math.max(16, killed.length * 2));
            }
            int i = 4 * killedCount++;
            killed[i] = job.partCluster(p);
            killed[i + 1] = job.partProcessors(p);
            killed[i + 2] = job.start;
            killed[i + 3] = end;
        }
    }

    double[] killedAttempts() {
        return killed;
    }

    int killedAttemptCount() {
        return killedCount;
    }

    CarbonSeries carbon(int cluster) {
        return carbon[cluster];
    }

    boolean carbon() {
        return carbon != null;
    }

    PowerModel power(int cluster) {
        return power[cluster];
    }

    /** Grams of CO2 that {@code processors} busy processors of the cluster emit over [from, to); 0 without series. */
    double emissions(int cluster, int processors, double from, double to) {
        if (carbon == null) {
            return 0;
        }
        return processors * power[cluster].busy() * carbon[cluster].integral(from, to) / JOULES_PER_KWH;
    }

    /** An attempt of {@code job} ran from its start until {@code end}: its parts' energy and emissions. */
    void ran(SimJob job, double end) {
        double start = job.start;
        double d = end - start;
        if (job.multiPart == null) {
            add(job, job.cluster, job.procs, start, end, d);
            return;
        }
        for (int p = 0, parts = job.parts(); p < parts; p++) {
            add(job, job.partCluster(p), job.partProcessors(p), start, end, d);
        }
    }

    private void add(SimJob job, int c, int procs, double start, double end, double d) {
        busySeconds[c] += procs * d;
        job.energy += procs * d * power[c].busy();
        if (carbon != null) {
            double is = procs * carbon[c].integral(start, end);
            busyIntensitySeconds[c] += is;
            job.carbon += is * power[c].busy() / JOULES_PER_KWH;
        }
    }

    /**
     * The run's energy (and carbon) per cluster over [from, to), as {@code summary.json} reports it: total, busy and
     * idle joules, and with carbon series total and idle grams.
     */
    Map<String, Object> cluster(int c, int processors, double from, double to, Failures failures, PowerManager pm) {
        PowerModel m = power[c];
        double window = to > from ? to - from : 0;
        // failed processors draw nothing; those off or switching draw their own power
        double downSeconds = failures == null ? 0 : failures.downSeconds(c, from, to);
        boolean managed = pm != null && pm.managed(c);
        double offSeconds = managed ? pm.seconds(c, PowerManager.OFF, from, to) : 0;
        double switchingSeconds = managed ? pm.seconds(c, PowerManager.SWITCHING_ON, from, to)
                + pm.seconds(c, PowerManager.SWITCHING_OFF, from, to) : 0;
        double idleSeconds = Math.max(0, processors * window - busySeconds[c] - downSeconds - offSeconds - switchingSeconds);
        double busy = busySeconds[c] * m.busy();
        double idle = idleSeconds * m.idle();
        double offEnergy = offSeconds * m.off();
        long ons = managed ? pm.switches(c, PowerManager.SWITCHING_ON, from, to) : 0;
        long offs = managed ? pm.switches(c, PowerManager.SWITCHING_OFF, from, to) : 0;
        double switching = ons * m.switchOnEnergy() + offs * m.switchOffEnergy();
        double total = busy + idle + offEnergy + switching;
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("energy_joules", total);
        out.put("busy_energy_joules", busy);
        out.put("idle_energy_joules", idle);
        if (managed) {
            out.put("off_energy_joules", offEnergy);
            out.put("switching_energy_joules", switching);
            out.put("off_processor_seconds", offSeconds);
            out.put("switch_ons", ons);
            out.put("switch_offs", offs);
        }
        out.put("energy_kwh", total / JOULES_PER_KWH);
        if (carbon != null) {
            double downIs = failures == null ? 0 : failures.downIntensitySeconds(c, from, to, carbon[c]);
            double offIs = managed ? pm.intensitySeconds(c, PowerManager.OFF, from, to, carbon[c]) : 0;
            double switchingIs = managed ? pm.intensitySeconds(c, PowerManager.SWITCHING_ON, from, to, carbon[c])
                    + pm.intensitySeconds(c, PowerManager.SWITCHING_OFF, from, to, carbon[c]) : 0;
            double all = processors * carbon[c].integral(from, from + window) - downIs - offIs - switchingIs;
            double busyGrams = busyIntensitySeconds[c] * m.busy() / JOULES_PER_KWH;
            double idleGrams = Math.max(0, all - busyIntensitySeconds[c]) * m.idle() / JOULES_PER_KWH;
            double otherGrams = managed ? offIs * m.off() / JOULES_PER_KWH + pm.switchingGrams(c, from, to, carbon[c], m) : 0;
            out.put("carbon_grams", busyGrams + idleGrams + otherGrams);
            out.put("idle_carbon_grams", idleGrams);
        }
        return out;
    }
}
