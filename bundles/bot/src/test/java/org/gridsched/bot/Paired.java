package org.gridsched.bot;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.gridsched.engine.Platform;

/**
 * Paired replications: the same workload seed and overestimation under uncoordinated and coordinated
 * rescheduling, the reductions of the coordinated run against its own baseline (spec 2.6: 100 x
 * (baseline - policy) / baseline) per workload, and their mean with its 95 % confidence half-width.
 */
final class Paired {
    private Paired() {
    }

    /** Student's t quantile 0.975 for 1..30 degrees of freedom; beyond, 1.96. */
    static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    /** A mean and its 95 % confidence half-width; "holds" when the interval lies above 0. */
    record Ci(double mean, double half) {
        static Ci of(double[] v) {
            int n = v.length;
            double mean = 0;
            for (double x : v) {
                mean += x / n;
            }
            double ss = 0;
            for (double x : v) {
                ss += (x - mean) * (x - mean);
            }
            return new Ci(mean, (n - 1 <= T975.length ? T975[n - 2] : 1.96) * Math.sqrt(ss / (n - 1) / n));
        }

        String verdict() {
            return mean - half > 0 ? "holds" : mean + half < 0 ? "reversed" : "not distinguishable";
        }
    }

    /** Uncoordinated and coordinated runs of workloads (seeds) 1..n, per workload. */
    record Runs(List<Map<String, Object>> uncoordinated, List<Map<String, Object>> coordinated) {
        double uncoordinated(int i, String m) {
            return ((Number) uncoordinated.get(i).get(m)).doubleValue();
        }

        double coordinated(int i, String m) {
            return ((Number) coordinated.get(i).get(m)).doubleValue();
        }

        /** Per workload: 100 x (uncoordinated - coordinated) / uncoordinated. */
        double[] reductions(String m) {
            double[] r = new double[uncoordinated.size()];
            for (int i = 0; i < r.length; i++) {
                r[i] = 100 * (uncoordinated(i, m) - coordinated(i, m)) / uncoordinated(i, m);
            }
            return r;
        }

        Ci reduction(String m) {
            return Ci.of(reductions(m));
        }
    }

    /** Workloads 1..n at overestimation o, both reschedulings, in parallel. */
    static Runs runs(Platform platform, double o, int n, Map<String, Object> extra) {
        List<Map<String, Object>[]> both = IntStream.rangeClosed(1, n).parallel().mapToObj(seed -> {
            Map<String, Object> base = new HashMap<>(extra);
            base.put("overestimation", o);
            base.put("rescheduling", "uncoordinated");
            Map<String, Object> u = Harness.run(platform, Harness.lublin(seed), base, seed).result().overall();
            base.put("rescheduling", "coordinated");
            Map<String, Object> c = Harness.run(platform, Harness.lublin(seed), base, seed).result().overall();
            @SuppressWarnings("unchecked")
            Map<String, Object>[] pair = new Map[] {u, c};
            return pair;
        }).toList();
        return new Runs(both.stream().map(p -> p[0]).toList(), both.stream().map(p -> p[1]).toList());
    }

    /** The difference of two platforms' reductions, paired by workload. */
    static Ci difference(Runs a, Runs b, String m) {
        double[] ra = a.reductions(m);
        double[] rb = b.reductions(m);
        double[] d = new double[ra.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = ra[i] - rb[i];
        }
        return Ci.of(d);
    }
}
