package org.gridsched.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.Csv;
import org.gridsched.api.InputException;

/**
 * A run's {@code energy.csv} (docs/energy.md): per cluster and interval the mean busy, idle, off and switching watts,
 * the cumulative energy and, with carbon series, the g CO2 per hour and cumulative grams. Every cluster has the same
 * intervals (the engine writes them so), which lets the page add clusters up interval by interval.
 */
final class EnergySeries {
    static final String HEADER = "from,to,cluster,busy_watts,idle_watts,off_watts,switching_watts,energy_joules";
    static final String CARBON = ",gco2_per_hour,carbon_grams";

    /** Interval bounds, shared by the clusters. */
    final List<Double> from = new ArrayList<>();
    final List<Double> to = new ArrayList<>();
    final boolean carbon;
    /** [cluster] -> [column - 3][interval]: busy, idle, off, switching watts, joules, then g/h and grams. */
    final double[][][] values;

    private EnergySeries(boolean carbon, int clusters) {
        this.carbon = carbon;
        this.values = new double[clusters][][];
    }

    /** The file's series, or null without the file. */
    static EnergySeries read(Path dir, Clusters clusters) {
        Path f = dir.resolve("energy.csv");
        if (!Files.isRegularFile(f) || clusters == null) {
            return null;
        }
        try (BufferedReader in = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            Csv.Records records = new Csv.Records(in);
            String header = records.next();
            boolean carbon = (HEADER + CARBON).equals(header);
            if (!carbon && !HEADER.equals(header)) {
                throw new InputException(f.toString(), 1, null, "expected the header " + HEADER + " (and " + CARBON.substring(1) + ")");
            }
            int width = carbon ? 10 : 8;
            EnergySeries s = new EnergySeries(carbon, clusters.count());
            List<List<double[]>> rows = new ArrayList<>();
            for (int c = 0; c < clusters.count(); c++) {
                rows.add(new ArrayList<>());
            }
            List<String> fields = new ArrayList<>();
            String[] names = (HEADER + (carbon ? CARBON : "")).split(",");
            for (String line = records.next(); line != null; line = records.next()) {
                long n = records.line();
                if (Csv.split(line, fields) != width) {
                    throw new InputException(f.toString(), n, null, "expected " + width + " fields, got " + fields.size());
                }
                int c = clusters.indexOf(fields.get(2));
                if (c < 0) {
                    throw new InputException(f.toString(), n, "cluster", "no cluster '" + fields.get(2) + "' on the run's platform");
                }
                double[] row = new double[width];
                for (int k = 0; k < width; k++) {
                    if (k != 2) {
                        row[k] = Unavailability.number(f, n, names[k], fields.get(k));
                    }
                }
                List<double[]> mine = rows.get(c);
                int i = mine.size();
                if (c == 0) {
                    s.from.add(row[0]);
                    s.to.add(row[1]);
                } else if (i >= s.from.size() || s.from.get(i) != row[0] || s.to.get(i) != row[1]) {
                    throw new InputException(f.toString(), n, "from", "cluster " + fields.get(2) + "'s interval " + (i + 1)
                            + " is not the first cluster's");
                }
                mine.add(row);
            }
            for (int c = 0; c < clusters.count(); c++) {
                List<double[]> mine = rows.get(c);
                if (mine.size() != s.from.size()) {
                    throw new InputException(f.toString(), 0, "cluster", "cluster " + clusters.name(c) + " has " + Words.count(mine.size(), "interval")
                            + ", the first cluster " + s.from.size());
                }
                s.values[c] = new double[width - 3][mine.size()];
                for (int i = 0; i < mine.size(); i++) {
                    for (int k = 3; k < width; k++) {
                        s.values[c][k - 3][i] = mine.get(i)[k];
                    }
                }
            }
            return s;
        } catch (IOException e) {
            throw new InputException(f.toString(), 0, null, "cannot be read: " + e.getMessage());
        }
    }
}
