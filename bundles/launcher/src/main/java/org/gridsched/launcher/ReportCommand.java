package org.gridsched.launcher;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gridsched.report.Reports;
import org.gridsched.report.Validation;

/** The {@code report} and {@code validate} commands, and the report a run writes when asked ({@code --report}). */
public final class ReportCommand {
    private ReportCommand() {
    }

    /** {@code report DIR [--diff OTHER] [--no-images]}; exit code 1 when the schedule is invalid (the report is written). */
    static int report(List<String> args, PrintStream out) {
        Path dir = null;
        Path diff = null;
        boolean images = true;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--diff" -> {
                    if (i + 1 >= args.size()) {
                        throw new Cli.UsageException("--diff needs the folder of another run of the same workload");
                    }
                    diff = Path.of(args.get(++i));
                }
                case "--no-images" -> images = false;
                default -> {
                    if (a.startsWith("--") || dir != null) {
                        throw new Cli.UsageException("report: unknown option '" + a + "'" + Suggest.didYouMean(a, Cli.optionsOf("report")));
                    }
                    dir = Path.of(a);
                }
            }
        }
        if (dir == null) {
            throw new Cli.UsageException("report: give a run's (or a matrix's) output folder, e.g. gridsched report workspace/results/quickstart");
        }
        java.util.SortedSet<String> before = entries(dir);
        refuseToReplaceForeign(dir, before);
        Validation v = Reports.report(dir, new Reports.Options(diff, images), out);
        record(dir, before);
        return v == null || v.ok() ? 0 : 1;
    }

    /** The report replaces its own files only: a report.html (or image) the folder's record does not list is the user's. */
    private static void refuseToReplaceForeign(Path dir, java.util.SortedSet<String> present) {
        OutputRecord record;
        try {
            record = OutputRecord.read(dir);
        } catch (java.io.IOException e) {
            record = null;
        }
        java.util.SortedSet<String> mine = new java.util.TreeSet<>();
        for (String e : present) {
            if (e.equals(Reports.HTML) || e.equals(Reports.SCHEDULE) || e.startsWith(Reports.IMAGES + "/")) {
                mine.add(e);
            }
        }
        if (!mine.isEmpty()) {
            OutputFolder.refuseForeign(dir, record, mine);
        }
    }

    private static java.util.SortedSet<String> entries(Path dir) {
        try {
            return Files.isDirectory(dir) ? OutputRecord.entries(dir, OutputFolder::bookkeeping) : new java.util.TreeSet<>();
        } catch (java.io.IOException e) {
            return new java.util.TreeSet<>();
        }
    }

    /**
     * Adds what the report wrote to the folder's record, so that a later run into the folder replaces the report
     * with the rest of the results instead of refusing it as a file gridsched did not write.
     */
    private static void record(Path dir, java.util.SortedSet<String> before) {
        try {
            OutputRecord record = OutputRecord.read(dir);
            if (record == null || record == OutputRecord.LEGACY) {
                // a folder gridsched's runs did not write (Batsim's, say): the report's files are still its own, so
                // that the report can be written again; the folder's other files stay foreign to every run
                record = new OutputRecord("report", "the report command", new java.util.TreeSet<>());
            }
            java.util.SortedSet<String> added = entries(dir);
            added.removeAll(before);
            if (!added.isEmpty()) {
                record.with(added).write(dir);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot record the report's files in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** {@code validate DIR}: exit code 0 for a valid schedule, 1 with the problems naming jobs. */
    static int validate(List<String> args, PrintStream out) {
        if (args.size() != 1 || args.get(0).startsWith("--")) {
            throw new Cli.UsageException("validate: give one run's output folder, e.g. gridsched validate workspace/results/quickstart");
        }
        Validation v = Reports.validate(Path.of(args.get(0)));
        out.print(v.text());
        return v.ok() ? 0 : 1;
    }

    /**
     * At the end of a run with {@code report}: the report of the staged results (a matrix's page, or a run's, with a
     * diff against its reference run when there is one). Prints one line naming where the report will be; an invalid
     * schedule's problems are printed in full (they name files under {@code shown}).
     */
    public static void afterRun(Path stage, Path shown, PrintStream out) {
        Path reference = stage.resolve("reference");
        boolean hasReference = Files.isRegularFile(reference.resolve("jobs.csv"));
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Validation v;
        try (PrintStream quiet = new PrintStream(buf, true, StandardCharsets.UTF_8)) {
            v = Reports.report(stage, new Reports.Options(hasReference ? reference : null, true, shown.toAbsolutePath().normalize().getFileName().toString()), quiet);
        }
        if (v != null && !v.ok()) {
            out.print(v.text().replace(stage.toString(), shown.toString()));
        }
        out.println("  report: " + shown.resolve(Reports.HTML) + (v == null ? "" : v.ok() ? " (schedule valid)" : " (schedule INVALID)"));
    }
}
