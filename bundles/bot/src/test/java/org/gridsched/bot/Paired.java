package org.gridsched.bot;

import java.util.HashMap;
import java.util.Map;

import org.gridsched.engine.Platform;

/**
 * Paired replications: the same workload seed and overestimation under uncoordinated and coordinated
 * rescheduling, and the reductions of the coordinated run against its own baseline (spec 2.6: 100 x
 * (baseline - policy) / baseline of the means), averaged over the seeds.
 */
final class Paired {
    static final String[] METRICS = {"stretch_factor_multi", "bounded_stretch_factor_multi", "stretch_factor", "response_time", "bounded_slowdown",
            "response_time_single", "response_time_multi", "bot_utilization_percent"};

    /** Means over the seeds: uncoordinated value, coordinated value, mean reduction in percent. */
    record Row(double o, Map<String, double[]> values) {
        double uncoordinated(String m) {
            return values.get(m)[0];
        }

        double coordinated(String m) {
            return values.get(m)[1];
        }

        double reduction(String m) {
            return values.get(m)[2];
        }
    }

    private Paired() {
    }

    static Row run(Platform platform, double o, long[] seeds, Map<String, Object> extra) {
        Map<String, double[]> values = new HashMap<>();
        for (String m : METRICS) {
            values.put(m, new double[3]);
        }
        for (long seed : seeds) {
            Map<String, Object> base = new HashMap<>(extra);
            base.put("overestimation", o);
            base.put("rescheduling", "uncoordinated");
            Harness.Outcome u = Harness.run(platform, Harness.lublin(seed), base, seed);
            base.put("rescheduling", "coordinated");
            Harness.Outcome c = Harness.run(platform, Harness.lublin(seed), base, seed);
            for (String m : METRICS) {
                double[] v = values.get(m);
                double bu = u.metric(m);
                double bc = c.metric(m);
                v[0] += bu / seeds.length;
                v[1] += bc / seeds.length;
                v[2] += 100 * (bu - bc) / bu / seeds.length;
            }
        }
        return new Row(o, values);
    }
}
