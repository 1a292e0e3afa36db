package org.gridsched.experiments;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.engine.SimJob;
import org.gridsched.engine.report.SummarySection;

/**
 * A run with reallocation against its reference (the same profile without reallocation), with the metrics of
 * Caniou, Charrier and Desprez: the share of jobs whose completion time changed, reallocations relative to the
 * number of jobs, the share of changed jobs that finish earlier, and the average response time of the changed
 * jobs relative to the reference (a ratio of sums over the same jobs). Percentages and ratios are NaN when
 * undefined (no jobs, no impacted job); {@code summary.json} shows them as null. Beside them, the starvation
 * indicators the report asks a reimplementation to log: the most moves of any one job, and the longest wait
 * with and without reallocation (the report's all-cancellation may cancel a job at every event).
 */
public record Comparison(long jobs, long jobsImpacted, double jobsImpactedPercent, long reallocations,
        double reallocationsPercent, double impactedFinishingEarlierPercent, double relativeAverageResponseTime,
        int maxMovesPerJob, double longestWait, double referenceLongestWait) implements SummarySection {

    /** Completion times closer than this are "unchanged" (the simulation is deterministic). */
    public static final double TOLERANCE = 1e-6;

    /**
     * Compares two runs of the same jobs, in the same order.
     *
     * @param reallocations the moves made by the run with reallocation
     */
    public static Comparison of(List<SimJob> withRealloc, List<SimJob> reference, long reallocations) {
        if (withRealloc.size() != reference.size()) {
            throw new IllegalStateException("the reference run simulated " + reference.size() + " jobs, the run " + withRealloc.size());
        }
        int n = withRealloc.size();
        long impacted = 0;
        long earlier = 0;
        double responseWith = 0;
        double responseRef = 0;
        int maxMoves = 0;
        double longest = 0;
        double longestRef = 0;
        for (int i = 0; i < n; i++) {
            SimJob a = withRealloc.get(i);
            SimJob b = reference.get(i);
            if (a.id() != b.id()) {
                throw new IllegalStateException("job " + i + " is " + a.id() + " in the run but " + b.id() + " in the reference");
            }
            maxMoves = Math.max(maxMoves, a.moves());
            longest = Math.max(longest, wait(a));
            longestRef = Math.max(longestRef, wait(b));
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
        return new Comparison(n, impacted, n > 0 ? 100.0 * impacted / n : Double.NaN, reallocations,
                n > 0 ? 100.0 * reallocations / n : Double.NaN, impacted > 0 ? 100.0 * earlier / impacted : Double.NaN,
                impacted > 0 ? responseWith / responseRef : Double.NaN, maxMoves, longest, longestRef);
    }

    /** The job's wait; 0 for a job that never started (rejected, or killed before it could). */
    private static double wait(SimJob j) {
        double w = j.startTime() - j.submitTime();
        return Double.isNaN(w) ? 0 : w;
    }

    @Override
    public String key() {
        return "comparison";
    }

    @Override
    public Map<String, ?> root() {
        return toMap();
    }

    /** The {@code comparison} object of {@code summary.json}. */
    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("jobs", jobs);
        m.put("jobs_impacted", jobsImpacted);
        m.put("jobs_impacted_percent", jobsImpactedPercent);
        m.put("reallocations", reallocations);
        m.put("reallocations_percent", reallocationsPercent);
        m.put("impacted_finishing_earlier_percent", impactedFinishingEarlierPercent);
        m.put("relative_average_response_time", relativeAverageResponseTime);
        m.put("max_moves_per_job", maxMovesPerJob);
        m.put("longest_wait", longestWait);
        m.put("reference_longest_wait", referenceLongestWait);
        return m;
    }

    /** What a run with {@code --reference} prints after its summary: this comparison for people. */
    void print(PrintStream out) {
        Comparison c = this;
        if (c.jobsImpacted() == 0) {
            // the shares of impacted jobs are 0/0: say what happened instead of printing NaN
            out.printf("  against the reference without reallocation: no job impacted (every job ended as without"
                    + " reallocation), reallocations %.2f %% of jobs%n", c.reallocationsPercent());
        } else {
            out.printf("  against the reference without reallocation: %.2f %% of jobs impacted, reallocations %.2f %% of jobs,"
                    + " %.2f %% of impacted jobs finish earlier, relative average response time %.3f%n",
                    c.jobsImpactedPercent(), c.reallocationsPercent(), c.impactedFinishingEarlierPercent(),
                    c.relativeAverageResponseTime());
        }
        out.printf("  starvation: at most %d moves of one job; longest wait %.0f s (%.0f s without reallocation)%n",
                c.maxMovesPerJob(), c.longestWait(), c.referenceLongestWait());
    }
}
