package org.gridsched.experiments;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import org.gridsched.api.Decimals;

/**
 * The values of a cell's record ({@code cell.json}), written so that a merge reads back exactly what the cell computed:
 * metrics tagged as whole numbers or doubles in their shortest form, a reallocation run's comparison field by field.
 */
final class CellValues {
    private CellValues() {
    }

    /** A metric's value, exactly: "i:" and a whole number, or "d:" and a double in its shortest form (which reads back the same). */
    static String encode(Number v) {
        return v instanceof Double || v instanceof Float ? "d:" + Decimals.shortest(v.doubleValue()) : "i:" + v.longValue();
    }

    static Number decode(String s) {
        if (s.startsWith("d:")) {
            return Double.parseDouble(s.substring(2));
        }
        if (s.startsWith("i:")) {
            return Long.parseLong(s.substring(2));
        }
        throw new IllegalArgumentException("not a value of cell.json: '" + s + "'");
    }

    static Map<String, Object> encode(Comparison k) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("jobs", k.jobs());
        m.put("jobs_impacted", k.jobsImpacted());
        m.put("jobs_impacted_percent", encode(k.jobsImpactedPercent()));
        m.put("reallocations", k.reallocations());
        m.put("reallocations_percent", encode(k.reallocationsPercent()));
        m.put("impacted_finishing_earlier_percent", encode(k.impactedFinishingEarlierPercent()));
        m.put("relative_average_response_time", encode(k.relativeAverageResponseTime()));
        m.put("max_moves_per_job", k.maxMovesPerJob());
        m.put("longest_wait", encode(k.longestWait()));
        m.put("reference_longest_wait", encode(k.referenceLongestWait()));
        return m;
    }

    static Comparison comparison(JsonNode m) {
        return new Comparison(m.get("jobs").asLong(), m.get("jobs_impacted").asLong(), d(m, "jobs_impacted_percent"),
                m.get("reallocations").asLong(), d(m, "reallocations_percent"), d(m, "impacted_finishing_earlier_percent"),
                d(m, "relative_average_response_time"), m.get("max_moves_per_job").asInt(), d(m, "longest_wait"),
                d(m, "reference_longest_wait"));
    }

    private static double d(JsonNode m, String key) {
        return decode(m.get(key).asText()).doubleValue();
    }
}
