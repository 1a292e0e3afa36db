package org.gridsched.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.gridsched.api.InputException;

/**
 * Entry points of {@code gridsched report} and {@code gridsched validate}. A report of a run folder writes, beside
 * its results: {@code report.html} (self-contained), {@code report-images/*.png} and Batsim's {@code schedule.json};
 * of a matrix folder: {@code report.html} with box plots and tables (and {@code report-images/}).
 */
public final class Reports {
    public static final String HTML = "report.html";
    public static final String IMAGES = "report-images";
    public static final String SCHEDULE = "schedule.json";

    private Reports() {
    }

    /**
     * What {@code report} is asked for.
     *
     * @param diffWith another run of the same workload to compare with, or null
     * @param images   also write the PNG files
     * @param folder   the name the report gives the folder (a run writes its report into a staging folder), or null
     */
    public record Options(Path diffWith, boolean images, String folder) {
        public Options(Path diffWith, boolean images) {
            this(diffWith, images, null);
        }

        public static Options defaults() {
            return new Options(null, true);
        }

        String folderName(Path dir) {
            return folder != null ? folder : RunDir.folderName(dir);
        }
    }

    /** Validates a run folder's schedule. */
    public static Validation validate(Path dir) {
        return Validator.validate(RunDir.open(dir));
    }

    /**
     * Writes the report of a run or matrix folder; returns the validation of the run (null for a matrix). An
     * invalid schedule is still drawn, its problems listed at the top: the charts help to see what went wrong.
     */
    public static Validation report(Path dir, Options o, PrintStream out) {
        if (Files.isRegularFile(dir.resolve("matrix.csv")) && RunDir.jobsFile(dir) == null) {
            MatrixPage.write(dir, o, out);
            return null;
        }
        RunDir run = RunDir.open(dir);
        Validation v = Validator.validate(run);
        out.print(v.text());
        Analysis a = new Analysis(run.jobs);
        RunDiff diff = null;
        if (o.diffWith() != null) {
            diff = RunDiff.of(run, o.folderName(dir), RunDir.open(o.diffWith()));
            if (diff.otherWorkload != null) {
                out.println("warning: " + diff.otherWorkload);
            }
        }
        if (o.images()) {
            images(run, a, dir.resolve(IMAGES));
        }
        write(dir.resolve(SCHEDULE), ScheduleJson.of(run.jobs));
        write(dir.resolve(HTML), RunPage.build(run, v, a, diff).render());
        out.println("report: " + dir.resolve(HTML) + (o.images() ? ", " + dir.resolve(IMAGES) + "/" : "") + ", " + dir.resolve(SCHEDULE));
        return v;
    }

    private static void images(RunDir run, Analysis a, Path dir) {
        try {
            Files.createDirectories(dir);
            StaticCharts.series(run.jobs, a.series, dir.resolve("over-time.png"));
            StaticCharts.histogram(a.wait, "wait (s)", dir.resolve("wait.png"));
            StaticCharts.histogram(a.slowdown, "slowdown", dir.resolve("slowdown.png"));
            StaticCharts.histogram(a.bsld, "bounded slowdown", dir.resolve("bounded-slowdown.png"));
            for (String f : new String[] {"over-time.png", "wait.png", "slowdown.png", "bounded-slowdown.png"}) {
                a.images.add(IMAGES + "/" + f);
            }
            if (run.energy != null && !run.energy.from.isEmpty()) { // the page's energy and carbon charts, for papers too
                StaticCharts.energy(run.energy, dir.resolve("energy.png"));
                a.images.add(IMAGES + "/energy.png");
                if (run.energy.carbon) {
                    StaticCharts.carbon(run.energy, run.jobs.clusters, dir.resolve("carbon.png"));
                    a.images.add(IMAGES + "/carbon.png");
                }
            }
            Clusters c = run.jobs.clusters;
            for (int k = 0; k < c.count(); k++) {
                String f = "gantt-" + c.name(k) + ".png";
                StaticCharts.gantt(run.jobs, run.unavailable, k, dir.resolve(f));
                if (Files.exists(dir.resolve(f))) {
                    a.images.add(IMAGES + "/" + f);
                }
            }
        } catch (IOException e) {
            throw new InputException(dir.toString(), 0, null, "cannot write the images: " + e.getMessage());
        }
    }

    /**
     * Removes what {@link #report} writes into a run folder (the page, the schedule, the images, and the temporary
     * files of a write that failed half-way), for a run that keeps its results without a report.
     */
    public static void removeFrom(Path dir) throws IOException {
        Path images = dir.resolve(IMAGES);
        if (Files.isDirectory(images, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try (java.util.stream.Stream<Path> s = Files.list(images)) {
                for (Path f : s.toList()) {
                    Files.delete(f); // PNG files and their temporaries: the folder has no subfolders
                }
            }
            Files.delete(images);
        }
        for (String f : new String[] {HTML, SCHEDULE}) {
            Files.deleteIfExists(dir.resolve(f));
            Files.deleteIfExists(temporary(dir.resolve(f)));
        }
    }

    /** The file {@link #write} writes before moving it into place. */
    private static Path temporary(Path file) {
        return file.resolveSibling("." + file.getFileName() + ".tmp");
    }

    /** Written to a temporary file and moved into place: a reader never sees half a report. */
    static void write(Path file, String text) {
        write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Written to a temporary file and moved into place (images too: a killed report leaves no half PNG). */
    static void write(Path file, byte[] bytes) {
        try {
            Path tmp = temporary(file);
            Files.write(tmp, bytes);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new InputException(file.toString(), 0, null, "cannot write: " + e.getMessage());
        }
    }

    /** For trying the report without the application: {@code java -cp ... Reports DIR [OTHER]}. */
    public static void main(String[] args) {
        long t0 = System.nanoTime();
        Validation v = report(Path.of(args[0]), new Options(args.length > 1 ? Path.of(args[1]) : null, true), System.out);
        System.out.printf("%.2f s%n", (System.nanoTime() - t0) / 1e9);
        System.exit(v == null || v.ok() ? 0 : 1);
    }
}
