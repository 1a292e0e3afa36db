package org.gridsched.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small run folders written by the tests: jobs.csv in Batsim's column order (platform-wide ids) or the older one. */
final class Fixtures {
    static final String BATSIM_HEADER = "job_id,workload_name,profile,submission_time,requested_number_of_resources,requested_time,"
            + "success,final_state,starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,"
            + "allocated_resources,consumed_energy,metadata,cluster,reallocations";

    private Fixtures() {
    }

    /** A summary.json naming the platform, as a run writes it. */
    static String summary(String name, String... clusters) {
        StringBuilder sb = new StringBuilder("{\"run\": {\"name\": \"" + name + "\", \"platform\": [");
        for (int i = 0; i < clusters.length; i++) {
            String[] c = clusters[i].split(":");
            sb.append(i > 0 ? "," : "").append("{\"name\": \"").append(c[0]).append("\", \"processors\": ").append(c[1]).append('}');
        }
        return sb.append("]}, \"makespan\": 100, \"mean_wait\": 2.5}").toString();
    }

    /** A Batsim-order row: id, submit, procs, start, finish, allocation (platform-wide), cluster. */
    static String row(String id, double submit, int procs, double start, double finish, String alloc, String cluster) {
        return String.join(",", id, "\"w,1\"", "", num(submit), String.valueOf(procs), num(finish - start + 10), "1",
                "COMPLETED_SUCCESSFULLY", num(start), num(finish - start), num(finish), num(start - submit), num(finish - submit),
                num((finish - submit) / (finish - start)), alloc, "", "", cluster, "0");
    }

    static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    static Path run(Path dir, String summary, String header, String... rows) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("summary.json"), summary);
            Files.writeString(dir.resolve("jobs.csv"), header + "\n" + String.join("\n", rows) + "\n");
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Two clusters a:4 (ids 0-3) and b:2 (ids 4-5); job 4 spans both; a valid schedule. */
    static Path valid(Path dir) {
        return run(dir, summary("fixture", "a:4", "b:2"), BATSIM_HEADER + ",clusters",
                row("1", 0, 2, 0, 10, "0-1", "a") + ",a",
                row("2", 1, 2, 1, 5, "2-3", "a") + ",a",
                row("3", 2, 2, 5, 12, "2-3", "a") + ",a",
                row("4", 3, 3, 12, 20, "0 4-5", "a") + ",a;b",
                row("5", 4, 1, 10, 11, "0", "a") + ",a");
    }

    /**
     * A valid schedule of {@code n} jobs on a:72 and b:32, in slots of 10 s: in each slot eight jobs on 8-processor
     * blocks of a (ids 0-63), one on b (ids 72-87), one on both (a's 64-71 and b's 88-103); waits and run
     * times vary, users u0-u4.
     */
    static Path many(Path dir, int n) {
        java.util.List<String> lines = new java.util.ArrayList<>();
        java.util.Random rnd = new java.util.Random(7);
        for (int k = 0; k < n; k++) {
            int slot = k / 10;
            int kind = k % 10;
            double start = slot * 10.0 + rnd.nextInt(3);
            double finish = start + 1 + rnd.nextInt(7);
            double submit = Math.max(0, start - rnd.nextInt(40));
            String alloc;
            String cluster;
            String clusters;
            int procs;
            if (kind < 8) {
                alloc = (kind * 8) + "-" + (kind * 8 + 7);
                cluster = "a";
                clusters = "a";
                procs = 8;
            } else if (kind == 8) {
                alloc = "72-87";
                cluster = "b";
                clusters = "b";
                procs = 16;
            } else {
                alloc = "64-71 88-103";
                cluster = "a";
                clusters = "a;b";
                procs = 24;
            }
            lines.add(row(String.valueOf(k + 1), submit, procs, start, finish, alloc, cluster) + "," + clusters + ",u" + (k % 5));
        }
        return run(dir, summary("many", "a:72", "b:32"), BATSIM_HEADER + ",clusters,user", lines.toArray(new String[0]));
    }

    /**
     * A run with a failure, power management and carbon on a:4 (ids 0-3) and b:2 (ids 4-5), as the engine writes it:
     * job 1 ran again on a's 1-2 over [20, 70) after processor 0 of a failed over [20, 30); a's processor 3 was off over
     * [110, 200]; b's 0-1 switched on over [150, 180) for job 2 ([180, 200)). energy.csv has two 100-s intervals:
     * a draws 200 W busy + 10 W idle + 1 W off over [0, 100) and 0 + 30 + 1 W over [100, 200); b 20 W idle, then 100 W busy
     * + 400 W switching (2 x 200 J at 150 over the 100 s). Cumulative: a 21,100 then 24,200 J; b 2,000 then 52,000 J.
     */
    static Path failing(Path dir) {
        run(dir, summary("failing", "a:4", "b:2"), BATSIM_HEADER,
                row("1", 0, 2, 20, 70, "1-2", "a"),
                row("2", 150, 2, 180, 200, "4-5", "b"));
        try {
            Files.writeString(dir.resolve("unavailable.csv"), "cluster,from,to,state,processors\n"
                    + "a,20,30,failed,0\n"
                    + "a,100,110,switching_off,3\n"
                    + "b,150,180,switching_on,0-1\n"
                    + "a,110,200,off,3\n");
            Files.writeString(dir.resolve("energy.csv"),
                    "from,to,cluster,busy_watts,idle_watts,off_watts,switching_watts,energy_joules,gco2_per_hour,carbon_grams\n"
                    + "0,100,a,200,10,1,0,21100,75.96,2.11\n"
                    + "100,200,a,0,30,1,0,24200,11.16,2.42\n"
                    + "0,100,b,0,20,0,0,2000,7.2,0.2\n"
                    + "100,200,b,100,0,0,400,52000,180,5.2\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }
}
