package org.gridsched.launcher;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.engine.SimJob;

/**
 * A run with reallocation against its reference (the same profile without reallocation), with the
 * metrics of Caniou, Charrier and Desprez: the share of jobs whose completion time changed, reallocations
 * relative to the number of jobs, the share of changed jobs that finish earlier, and the average response
 * time of the changed jobs relative to the reference (a ratio of sums over the same jobs).
 */
final class Comparison {
    /** Completion times closer than this are "unchanged" (the simulation is deterministic). */
    static final double TOLERANCE = 1e-6;

    private Comparison() {
    }

    static Map<String, Object> of(List<SimJob> withRealloc, List<SimJob> reference, long reallocations) {
        if (withRealloc.size() != reference.size()) {
            throw new IllegalStateException("the reference run simulated " + reference.size() + " jobs, the run " + withRealloc.size());
        }
        int n = withRealloc.size();
        long impacted = 0;
        long earlier = 0;
        double responseWith = 0;
        double responseRef = 0;
        for (int i = 0; i < n; i++) {
            SimJob a = withRealloc.get(i);
            SimJob b = reference.get(i);
            if (a.id() != b.id()) {
                throw new IllegalStateException("job " + i + " is " + a.id() + " in the run but " + b.id() + " in the reference");
            }
            double ca = a.finishTime();
            double cb = b.finishTime();
            if (Math.abs(ca - cb) > TOLERANCE) {
                impacted++;
                if (ca < cb) {
                    earlier++;
                }
                responseWith += ca - a.submitTime();
                responseRef += cb - b.submitTime();
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("jobs", n);
        m.put("jobs_impacted", impacted);
        m.put("jobs_impacted_percent", n > 0 ? 100.0 * impacted / n : Double.NaN);
        m.put("reallocations", reallocations);
        m.put("reallocations_percent", n > 0 ? 100.0 * reallocations / n : Double.NaN);
        m.put("impacted_finishing_earlier_percent", impacted > 0 ? 100.0 * earlier / impacted : Double.NaN);
        m.put("relative_average_response_time", impacted > 0 ? responseWith / responseRef : Double.NaN);
        return m;
    }
}
