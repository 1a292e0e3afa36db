package org.gridsched.bot;

import java.util.Map;

import org.gridsched.engine.SimulationResult;

/** Not a test: prints metrics of a few seeded runs (development aid). */
final class SmokeMain {
    public static void main(String[] args) {
        int jobs = Integer.parseInt(args.length > 0 ? args[0] : "7000");
        for (double o : new double[] {0, 50, 100, 150}) {
            for (String r : new String[] {"uncoordinated", "coordinated"}) {
                long t0 = System.nanoTime();
                Harness.Outcome out = Harness.run(Harness.platform(1, 1, 1, 1), Harness.lublin(1, jobs),
                        Map.of("overestimation", o, "rescheduling", r, "placement", args.length > 1 ? args[1] : "tasks"), 1);
                SimulationResult res = out.result();
                System.out.printf("o=%s %s sf=%.3f sfm=%.3f rt=%.0f bsld=%.2f util=%.2f bags=%s multi=%s hist=%s rej=%s late=%d %.2fs%n", o, r,
                        Harness.metric(res, "stretch_factor"), Harness.metric(res, "stretch_factor_multi"), Harness.metric(res, "response_time"),
                        Harness.metric(res, "bounded_slowdown"), Harness.metric(res, "bot_utilization_percent"), res.overall().get("bags"),
                        res.overall().get("bags_multi"), res.overall().get("bags_on_providers"), res.rejectedByReason(), out.late(), (System.nanoTime() - t0) / 1e9);
            }
        }
    }
}
