package org.gridsched.experiments;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;

import org.gridsched.api.InputException;
import org.gridsched.experiments.ReallocationStudy.Scenario;
import org.gridsched.launcher.OutputFolder;
import org.gridsched.launcher.OutputRecord;
import org.gridsched.launcher.ReportCommand;

/**
 * A sweep's merge ({@code matrix --merge}): once every cell is complete, the same {@code matrix.csv}, {@code tables.md}
 * and {@code runs/} as a one-shot run of the matrix, byte for byte; else an error naming the cells to run again.
 */
final class SweepMerge {
    private final Sweep sweep;

    SweepMerge(Sweep sweep) {
        this.sweep = sweep;
    }

    /**
     * Writes {@code matrix.csv} and {@code tables.md} from the cells' records, when every cell is complete; else an
     * error naming the sweep.cells that are missing, partially written or not this profile's, and how to run them.
     */
    void merge() {
        if (!Files.isDirectory(sweep.dir)) {
            throw new InputException(sweep.dir.toString(), 0, "merge", "no such folder; give the folder the cells were run into (their --out)");
        }
        OutputRecord own;
        try {
            own = sweep.folder.ownRecord("merge");
        } catch (IOException e) {
            throw new InputException(sweep.dir.toString(), 0, "merge", "cannot read: " + e.getMessage());
        }
        List<JsonNode> records = new ArrayList<>();
        Map<Sweep.State, List<Sweep.CellInfo>> bad = new java.util.EnumMap<>(Sweep.State.class);
        List<String> reasons = new ArrayList<>();
        for (Sweep.CellInfo c : sweep.cells) {
            StringBuilder why = new StringBuilder();
            JsonNode r = sweep.folder.record(c, why);
            records.add(r);
            if (r == null) {
                Sweep.State s = why.length() > 0 ? Sweep.State.FOREIGN : Files.isDirectory(sweep.folder.cellDir(c)) ? Sweep.State.PARTIAL : Sweep.State.MISSING;
                bad.computeIfAbsent(s, x -> new ArrayList<>()).add(c);
                if (s == Sweep.State.FOREIGN && reasons.size() < 5) {
                    reasons.add(why.toString());
                }
            }
        }
        java.util.Set<String> keys = new java.util.HashSet<>();
        sweep.cells.forEach(c -> keys.add(c.key()));
        try (Stream<Path> s = Files.list(sweep.dir.resolve(Sweep.CELLS))) {
            s.map(x -> x.getFileName().toString()).filter(k -> !keys.contains(k)).sorted().limit(5).forEach(k ->
                    sweep.err.println("gridsched: warning: " + sweep.dir.resolve(Sweep.CELLS).resolve(k) + " is no cell of '" + sweep.p.name + "' (ignored)"));
        } catch (IOException e) {
            // no cells/ at all: every cell is missing, said below
        }
        if (!bad.isEmpty()) {
            int n = bad.values().stream().mapToInt(List::size).sum();
            StringBuilder sb = new StringBuilder(n + " of " + sweep.cells.size() + " cells are not complete:");
            bad.forEach((s, list) -> sb.append("\n  ").append(switch (s) {
                case MISSING -> "missing (never run): ";
                case PARTIAL -> "partially written (stopped before the end): ";
                default -> "not computed from this profile: ";
            }).append(Sweep.ranges(list)));
            reasons.forEach(r -> sb.append("\n    ").append(r));
            List<Sweep.CellInfo> all = new ArrayList<>();
            bad.values().forEach(all::addAll);
            all.sort(java.util.Comparator.comparingInt(Sweep.CellInfo::index));
            int last = 0;
            while (last + 1 < all.size() && all.get(last + 1).index() == all.get(last).index() + 1) {
                last++;
            }
            sb.append(bad.containsKey(Sweep.State.FOREIGN) ? "\nremove the foreign cells' folders, then run" : "\nrun").append(" them (complete cells are skipped), e.g.: gridsched matrix ")
                    .append(SlurmSweep.quote(sweep.profileFile)).append(" --out ").append(SlurmSweep.quote(sweep.dir)).append(" --cells ")
                    .append(all.get(0).index()).append('-').append(all.get(last).index());
            if (Files.isRegularFile(sweep.dir.resolve(SlurmSweep.FOLDER).resolve("submit.sh"))) {
                sb.append("\nor submit the sweep again: bash ").append(SlurmSweep.quote(sweep.dir.resolve(SlurmSweep.FOLDER).resolve("submit.sh")));
            }
            throw new InputException(sweep.dir.toString(), 0, "merge", sb.toString());
        }
        Path tmp = sweep.dir.resolve(Sweep.MERGE_TMP);
        try {
            OutputFolder.deleteTree(tmp);
            if (sweep.axes.study()) {
                List<ReallocationStudy.Cell> results = new ArrayList<>();
                for (int i = 0; i < sweep.cells.size(); i++) {
                    Scenario sc = sweep.scenarios.get(i);
                    for (JsonNode v : records.get(i).path("comparisons")) {
                        results.add(new ReallocationStudy.Cell(sc, v.get("realloc").asText(), v.get("heuristic").asText(), CellValues.comparison(v.get("comparison"))));
                    }
                }
                new StudyTables(sweep.p.name, sweep.axes, ReallocationStudy.extraAxes(sweep.axes), sweep.scenarios, results).writeTo(tmp);
            } else {
                List<Object[]> values = new ArrayList<>();
                List<double[]> results = new ArrayList<>();
                for (int i = 0; i < sweep.cells.size(); i++) {
                    JsonNode vs = records.get(i).path("values");
                    if (vs.size() != sweep.axes.metrics().size()) {
                        throw new InputException(sweep.folder.cellDir(sweep.cells.get(i)).resolve(Sweep.RECORD).toString(), 0, "values", "holds " + vs.size()
                                + " metrics, the profile asks for " + sweep.axes.metrics().size());
                    }
                    Object[] row = new Object[vs.size()];
                    double[] d = new double[vs.size()];
                    for (int m = 0; m < row.length; m++) {
                        row[m] = CellValues.decode(vs.get(m).asText());
                        d[m] = ((Number) row[m]).doubleValue();
                    }
                    values.add(row);
                    results.add(d);
                }
                new MetricTables(sweep.axes, sweep.dims, sweep.runs, values, results).writeTo(tmp);
            }
            // runs/ as in a one-shot run: every cell's run folders, their files hard links to the cells' (copies where
            // the file system has no hard links)
            for (Sweep.CellInfo c : sweep.cells) {
                Path from = sweep.folder.cellDir(c).resolve("runs");
                try (Stream<Path> s = Files.walk(from)) {
                    for (Path f : s.toList()) {
                        Path to = tmp.resolve("runs").resolve(from.relativize(f).toString());
                        if (Files.isDirectory(f)) {
                            Files.createDirectories(to);
                        } else {
                            try {
                                Files.createLink(to, f);
                            } catch (UnsupportedOperationException | IOException e) {
                                Files.copy(f, to);
                            }
                        }
                    }
                }
            }
            // recorded before they are moved in, so that whatever stops the merge, they are known as gridsched's
            OutputRecord merged = (own == null || own == OutputRecord.LEGACY ? new OutputRecord(sweep.p.name, OutputRecord.originOf(sweep.p), new TreeSet<>()) : own)
                    .with(OutputRecord.entries(tmp, n -> false));
            merged.write(sweep.dir);
            OutputFolder.deleteRecorded(sweep.dir, own == null ? List.of() : own.paths().stream().filter(e -> e.startsWith("runs/")).toList());
            Files.move(tmp.resolve("runs"), sweep.dir.resolve("runs"), StandardCopyOption.ATOMIC_MOVE);
            for (String f : List.of("matrix.csv", "tables.md")) {
                Files.move(tmp.resolve(f), sweep.dir.resolve(f), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            OutputFolder.deleteTree(tmp);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the merged results into " + sweep.dir + ": " + e.getMessage(), e);
        }
        if (sweep.p.report) { // as after a one-shot run: the merged folder is laid sweep.out as one
            ReportCommand.afterRun(sweep.dir, sweep.dir, sweep.out);
        }
        try {
            new OutputRecord(sweep.p.name, OutputRecord.originOf(sweep.p), sweep.folder.entries()).write(sweep.dir); // the report's files too
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record the merged results in " + sweep.dir + ": " + e.getMessage(), e);
        }
        sweep.out.println(sweep.p.name + ": merged " + sweep.cells.size() + " cells into " + sweep.dir.resolve("matrix.csv") + " and " + sweep.dir.resolve("tables.md")
                + ", with every run under " + sweep.dir.resolve("runs") + "/ as in a one-shot run");
    }
}
