package org.gridsched.engine;

import org.gridsched.api.Csv;
import org.gridsched.api.SimTime;

/**
 * {@code unavailable.csv} (docs/failures.md, docs/energy.md): every interval in which processors could run no job
 * because they had failed or were switched off or switching, with their ids, for the report's Gantt charts. Written
 * only by runs with failures or power management.
 */
final class Outages {
    static final String HEADER = "cluster,from,to,state,processors\n";

    private Outages() {
    }

    /**
     * Appends a row: {@code runs} are the cluster's own processor ids as [from, to) pairs, and the instants are
     * written as jobs.csv and availability.csv write them ({@link SimTime#append}), so that the same instant has
     * the same text in every file.
     */
    static void row(StringBuilder sb, String cluster, double from, double to, String state, int[] runs) {
        Csv.append(sb, cluster).append(',');
        SimTime.append(sb, from);
        sb.append(',');
        SimTime.append(sb, to);
        sb.append(',').append(state).append(',');
        JobAllocation.appendText(sb, runs, 0).append('\n');
    }

    /**
     * The file's text: the failures' rows (in the order of the failures), then power management's, processors still
     * off shown off until {@code end} (the last job's end). Both keep their rows after the header; with one of them
     * only, its own text is the file, not a copy (a run with a million failures keeps 60 MB of rows, which were
     * copied twice more, and kept beside themselves, before).
     */
    static CharSequence csv(Simulation sim, double end) {
        RowText failures = sim.failures == null ? null : sim.failures.outages;
        StringBuilder power = null;
        if (sim.power != null) {
            sim.power.closeOff(end);
            power = sim.power.outages;
        }
        if (power == null || (failures != null && power.length() == HEADER.length())) {
            return failures;
        }
        if (failures == null) {
            return power;
        }
        return failures.appendTo(new StringBuilder(failures.length() + power.length()), 0).append(power, HEADER.length(), power.length());
    }
}
