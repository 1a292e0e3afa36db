package org.gridsched.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.InputException;

/**
 * The carbon intensity of a cluster's electricity over time, in grams of CO2 per kWh: a CSV file of
 * {@code time,gco2_per_kwh} rows (times in seconds, in the workload's time base), evenly spaced and sorted. Row i's
 * intensity holds over [t_i, t_i + step), step being the spacing of the rows; the series repeats with a period of
 * (rows x step), so that a daily curve of 24 hourly values covers a run of any length (before its first row too).
 * One row is a constant intensity. Blank lines and lines starting with {@code #} are skipped; a first row whose first
 * field is a word ({@link PlainNumbers#isHeaderField}) is a header. Numbers are plain decimals ({@code 1d} or
 * {@code 0x1p8} are errors), intensities at most 1,000,000 g CO2/kWh as for a constant.
 *
 * <p>Errors name the file, the line and the field ({@code time} or {@code gco2_per_kwh}): a value that is not a
 * number, a negative intensity, a time equal to the previous one (a duplicate) or before it (unsorted), a spacing
 * different from the first one (a gap in the series), or no row at all. A gzip-compressed file is read as its text, and
 * a UTF-8 byte order mark at its start is ignored.
 */
public final class CarbonSeries {
    /** The largest intensity accepted, in g CO2/kWh, as for a constant given in a profile (no grid comes near 2,000). */
    public static final double MAX_INTENSITY = 1e6;
    private final String source;
    private final double t0;
    private final double step;
    private final double[] values;
    /** prefix[i] = the integral of the intensity over [t0, t0 + i x step), in g/kWh x s. */
    private final double[] prefix;

    public CarbonSeries(String source, double t0, double step, double[] values) {
        if (values.length == 0) {
            throw new InputException(source, 0, "gco2_per_kwh", "the carbon-intensity series has no row");
        }
        if (values.length > 1 && !(step > 0)) {
            throw new IllegalArgumentException("a series of several rows needs a positive step, got " + step);
        }
        this.source = source;
        this.t0 = t0;
        this.step = values.length == 1 ? 1 : step;
        this.values = values.clone();
        this.prefix = new double[values.length + 1];
        for (int i = 0; i < values.length; i++) {
            prefix[i + 1] = prefix[i] + values[i] * this.step;
        }
    }

    /** A constant intensity. */
    public static CarbonSeries constant(double gramsPerKwh) {
        return new CarbonSeries("constant", 0, 1, new double[] {gramsPerKwh});
    }

    public static CarbonSeries read(Path file) {
        String name = file.toString();
        List<double[]> rows = new ArrayList<>();
        List<Long> lines = new ArrayList<>();
        try (BufferedReader r = InputFiles.open(file)) {
            String text;
            long line = 0;
            boolean first = true;
            while ((text = r.readLine()) != null) {
                line++;
                String t = InputFiles.line(text, line).strip();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                String[] f = t.split(",", -1);
                if (first && f.length >= 1 && PlainNumbers.isHeaderField(f[0].strip())) {
                    first = false; // a header
                    continue;
                }
                first = false;
                if (f.length != 2) {
                    throw new InputException(name, line, f.length < 2 ? "gco2_per_kwh" : null,
                            "expected two fields time,gco2_per_kwh, got " + f.length);
                }
                double time = number(f[0], name, line, "time");
                double value = number(f[1], name, line, "gco2_per_kwh");
                if (value < 0 || value > MAX_INTENSITY) {
                    throw new InputException(name, line, "gco2_per_kwh", "must be between 0 and 1000000 (g CO2/kWh), got "
                            + f[1].strip());
                }
                if (!rows.isEmpty()) {
                    double previous = rows.get(rows.size() - 1)[0];
                    if (time == previous) {
                        throw new InputException(name, line, "time", "a duplicate time: " + Numbers.format(time)
                                + " is also the previous row's (one intensity per time)");
                    }
                    if (!(time > previous)) {
                        throw new InputException(name, line, "time", "times must increase (the series is unsorted): "
                                + Numbers.format(time) + " after " + Numbers.format(previous));
                    }
                    if (rows.size() >= 2) {
                        double step = rows.get(1)[0] - rows.get(0)[0];
                        double expected = previous + step;
                        if (Math.abs(time - expected) > 1e-6 * Math.max(1, Math.abs(step))) {
                            throw new InputException(name, line, "time", "a gap in the series: expected " + Numbers.format(expected)
                                    + " (rows every " + Numbers.format(step) + " s, as the first two), got " + Numbers.format(time));
                        }
                    }
                }
                rows.add(new double[] {time, value});
                lines.add(line);
            }
        } catch (IOException e) {
            throw InputFiles.unreadable(name, "carbon-intensity file", e);
        }
        if (rows.isEmpty()) {
            throw new InputException(name, 0, "gco2_per_kwh", "the carbon-intensity series has no row");
        }
        double[] values = new double[rows.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = rows.get(i)[1];
        }
        double step = rows.size() > 1 ? rows.get(1)[0] - rows.get(0)[0] : 1;
        return new CarbonSeries(name, rows.get(0)[0], step, values);
    }

    private static double number(String field, String file, long line, String name) {
        String s = field.strip();
        if (s.isEmpty()) {
            throw new InputException(file, line, name, "missing value (a gap in the series)");
        }
        double v;
        try {
            v = PlainNumbers.parse(s);
        } catch (NumberFormatException e) {
            throw new InputException(file, line, name, "'" + s + "' is not a number");
        }
        if (!Double.isFinite(v) || Math.abs(v) > 1e12) {
            throw new InputException(file, line, name, "'" + s + "' is out of range");
        }
        return v;
    }

    /** Where the series came from, for the run's description. */
    public String source() {
        return source;
    }

    /** The intensity at time {@code t}, g/kWh. */
    public double at(double t) {
        double period = step * values.length;
        double r = t - t0;
        r -= Math.floor(r / period) * period;
        int i = Math.min(values.length - 1, (int) Math.floor(r / step));
        return values[Math.max(0, i)];
    }

    /** The integral of the intensity from t0 to {@code t} (negative before t0), g/kWh x s. */
    private double cumulative(double t) {
        double period = step * values.length;
        double r = t - t0;
        double k = Math.floor(r / period);
        r -= k * period;
        int i = Math.max(0, Math.min(values.length - 1, (int) Math.floor(r / step)));
        return k * prefix[values.length] + prefix[i] + (r - i * step) * values[i];
    }

    /** The integral of the intensity over [from, to), g/kWh x s: times watts / 3.6e6 gives grams. */
    public double integral(double from, double to) {
        if (!(to > from)) {
            return 0;
        }
        if (values.length == 1) {
            return values[0] * (to - from);
        }
        return cumulative(to) - cumulative(from);
    }
}
