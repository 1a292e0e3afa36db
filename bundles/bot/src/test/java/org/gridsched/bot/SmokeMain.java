package org.gridsched.bot;

import java.util.Map;

/** Not a test: paired replications printed as a table (development aid; docs/bag-of-tasks.md has the bench). */
final class SmokeMain {
    public static void main(String[] args) {
        String placement = args.length > 0 ? args[0] : "tasks";
        int seeds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        long[] s = new long[seeds];
        for (int i = 0; i < seeds; i++) {
            s[i] = i + 1;
        }
        for (String plat : new String[] {"homogeneous", "heterogeneous"}) {
            var p = plat.equals("homogeneous") ? Harness.platform(1, 1, 1, 1) : Harness.platform(1.2, 1.5, 1, 1);
            for (double o : new double[] {0, 20, 50, 100, 150, 200}) {
                Paired.Row r = Paired.run(p, o, s, 4500, Map.of("placement", placement));
                StringBuilder sb = new StringBuilder(plat + " o=" + o);
                for (String m : Paired.METRICS) {
                    sb.append(String.format(" %s=%.3f/%.3f(%.1f%%)", m, r.uncoordinated(m), r.coordinated(m), r.reduction(m)));
                }
                System.out.println(sb);
            }
        }
    }
}
