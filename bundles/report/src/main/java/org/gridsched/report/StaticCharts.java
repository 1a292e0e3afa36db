package org.gridsched.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.RenderingHints;
import java.awt.TexturePaint;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.PaintScale;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.BoxAndWhiskerRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepAreaRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.statistics.DefaultBoxAndWhiskerCategoryDataset;
import org.jfree.data.xy.DefaultXYZDataset;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * PNG files of the report's charts, for papers, drawn by JFreeChart in a headless JVM: queue and utilization
 * over time, the wait and slowdown histograms, one Gantt chart per cluster (each job a rectangle up to
 * {@link #MAX_RECTS} jobs, else the share of processors busy per cell; failed, off and switching processors hatched
 * under the jobs, as on the page), the platform's power and energy and the emissions over time (runs with a power
 * model, carbon series) and the matrix box plots.
 */
final class StaticCharts {
    static final int MAX_RECTS = 5000;
    static final Color[] PALETTE = {new Color(0x4e79a7), new Color(0xf28e2b), new Color(0x59a14f), new Color(0xe15759),
        new Color(0x76b7b2), new Color(0xedc948), new Color(0xb07aa1), new Color(0xff9da7), new Color(0x9c755f), new Color(0xbab0ac)};

    private StaticCharts() {
    }

    static {
        System.setProperty("java.awt.headless", "true");
    }

    /** White backgrounds and light grid lines, for print; the series keep the colours set above. */
    private static JFreeChart themed(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        java.util.List<org.jfree.chart.plot.Plot> plots = new java.util.ArrayList<>(java.util.List.of(chart.getPlot()));
        if (chart.getPlot() instanceof CombinedDomainXYPlot c) {
            plots.addAll(c.getSubplots());
        }
        for (org.jfree.chart.plot.Plot p : plots) {
            p.setBackgroundPaint(p.getBackgroundPaint() instanceof Color bg && bg.equals(new Color(0xfafafa)) ? bg : Color.WHITE);
            if (p instanceof XYPlot x) {
                x.setDomainGridlinePaint(new Color(0xdddddd));
                x.setRangeGridlinePaint(new Color(0xdddddd));
            } else if (p instanceof CategoryPlot x) {
                x.setRangeGridlinePaint(new Color(0xdddddd));
            }
        }
        chart.setAntiAlias(true);
        return chart;
    }

    static void png(JFreeChart chart, Path file, int w, int h) throws IOException {
        BufferedImage img = themed(chart).createBufferedImage(w, h, BufferedImage.TYPE_INT_RGB, null);
        ByteArrayOutputStream png = new ByteArrayOutputStream(1 << 16);
        ImageIO.write(img, "png", png);
        Reports.write(file, png.toByteArray());
    }

    static void series(JobsTable t, TimeSeries s, Path file) throws IOException {
        XYSeriesCollection util = new XYSeriesCollection();
        XYSeriesCollection queue = new XYSeriesCollection();
        Clusters c = t.clusters;
        int rows = c.count() > 1 ? c.count() + 1 : 1;
        for (int k = 0; k < rows; k++) {
            int size = k < c.count() ? c.size(k) : c.total();
            XYSeries u = new XYSeries(k < c.count() ? c.name(k) : "platform", false, true);
            for (int b = 0; b < s.bins; b++) {
                u.add(s.binStart(b) + (s.to - s.from) / s.bins / 2, 100 * s.busy[c.count() > 1 ? k : c.count()][b] / size, false);
            }
            util.addSeries(u);
        }
        XYSeries q = new XYSeries("jobs waiting (mean)", false, true);
        XYSeries qm = new XYSeries("jobs waiting (max)", false, true);
        for (int b = 0; b < s.bins; b++) {
            double x = s.binStart(b) + (s.to - s.from) / s.bins / 2;
            q.add(x, s.queue[c.count()][b], false);
            qm.add(x, s.queueMax[b], false);
        }
        queue.addSeries(q);
        queue.addSeries(qm);
        NumberAxis time = new NumberAxis("time (s)");
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(time);
        XYPlot pu = new XYPlot(util, null, new NumberAxis("utilization %"), lines());
        XYPlot pq = new XYPlot(queue, null, new NumberAxis("jobs waiting"), lines());
        plot.add(pu, 1);
        plot.add(pq, 1);
        png(new JFreeChart("Utilization and queue over time", JFreeChart.DEFAULT_TITLE_FONT, plot, true), file, 1200, 700);
    }

    private static XYLineAndShapeRenderer lines() {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < PALETTE.length; i++) {
            r.setSeriesPaint(i, PALETTE[i]);
            r.setSeriesStroke(i, new BasicStroke(1.2f));
        }
        return r;
    }

    static void histogram(Distribution d, String xLabel, Path file) throws IOException {
        png(histogram(d, xLabel), file, 900, 520);
    }

    /** Bins labelled by their edges to three digits (1.33-1.78, 1,000-1,330), jobs on whole ticks (0.1 jobs was a tick). */
    static JFreeChart histogram(Distribution d, String xLabel) {
        DefaultCategoryDataset ds = new DefaultCategoryDataset();
        for (int i = 0; i < d.counts.length; i++) {
            ds.addValue(d.counts[i], "jobs", edge(d.edges[i]) + "-" + edge(d.edges[i + 1]));
        }
        CategoryAxis x = new CategoryAxis(xLabel);
        x.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        BarRenderer r = new BarRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setSeriesPaint(0, PALETTE[0]);
        NumberAxis jobs = new NumberAxis("jobs");
        jobs.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        CategoryPlot plot = new CategoryPlot(ds, x, jobs, r);
        return new JFreeChart(d.name, JFreeChart.DEFAULT_TITLE_FONT, plot, false);
    }

    /** A bin's edge to three significant digits, with thousands separators, as the page labels it. */
    static String edge(double v) {
        if (v == 0 || !Double.isFinite(v)) {
            return RunPage.fmt(v);
        }
        java.math.BigDecimal r = new java.math.BigDecimal(v).round(new java.math.MathContext(3));
        java.text.DecimalFormat f = new java.text.DecimalFormat("#,##0.###", java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT));
        return f.format(r);
    }

    /** The colours of the page's energy chart (report.js), by processor state: busy, idle, off, switching. */
    private static final Color[] POWER_COLOURS = {new Color(0x4e79a7), new Color(0xf28e2b), new Color(0x3b3b3b), new Color(0xb9b9b9)};
    private static final String[] POWER_STATES = {"busy", "idle", "off", "switching"};

    /**
     * The platform's mean power per interval of energy.csv, stacked by processor state (busy, idle, then off and
     * switching when power management made any), with the cumulative energy in kWh: the page's energy chart.
     */
    static void energy(EnergySeries e, Path file) throws IOException {
        int n = e.from.size();
        double[][] watts = new double[POWER_STATES.length][];
        for (int k = 0; k < watts.length; k++) {
            watts[k] = platform(e, k);
        }
        // stacked by hand: each band is the sum of the states up to it, filled from 0 and drawn from the top band
        // down, so that the bands read busy, idle, off, switching from below
        XYSeriesCollection power = new XYSeriesCollection();
        XYStepAreaRenderer bands = new XYStepAreaRenderer(XYStepAreaRenderer.AREA);
        LegendItemCollection legend = new LegendItemCollection();
        double[] top = new double[n];
        List<XYSeries> stacked = new java.util.ArrayList<>();
        List<Color> colours = new java.util.ArrayList<>();
        for (int k = 0; k < watts.length; k++) {
            if (k >= 2 && java.util.Arrays.stream(watts[k]).allMatch(w -> w == 0)) {
                continue; // no power management: no off nor switching band
            }
            XYSeries band = new XYSeries(POWER_STATES[k], false, true);
            for (int i = 0; i < n; i++) {
                top[i] += watts[k][i];
                band.add(e.from.get(i).doubleValue(), top[i], false);
            }
            band.add(e.to.get(n - 1).doubleValue(), top[n - 1], false); // the last interval held to the window's end
            stacked.add(band);
            colours.add(POWER_COLOURS[k]);
            legend.add(new LegendItem(POWER_STATES[k] + " W", POWER_COLOURS[k]));
        }
        for (int j = stacked.size() - 1; j >= 0; j--) {
            power.addSeries(stacked.get(j));
            bands.setSeriesPaint(power.getSeriesCount() - 1, colours.get(j));
        }
        XYSeriesCollection energy = new XYSeriesCollection();
        XYSeries kwh = new XYSeries("energy kWh (cumulative)", false, true);
        kwh.add(e.from.get(0).doubleValue(), 0, false);
        double[] joules = platform(e, 4);
        for (int i = 0; i < n; i++) {
            kwh.add(e.to.get(i).doubleValue(), joules[i] / 3.6e6, false);
        }
        energy.addSeries(kwh);
        legend.add(new LegendItem(kwh.getKey().toString(), new Color(0xd62728)));
        XYPlot plot = new XYPlot(power, new NumberAxis("time (s)"), new NumberAxis("W"), bands);
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD);
        withCumulative(plot, energy, "kWh", new Color(0xd62728));
        plot.setFixedLegendItems(legend);
        png(new JFreeChart("Platform power by processor state, and energy", JFreeChart.DEFAULT_TITLE_FONT, plot, true), file, 1200, 600);
    }

    /** Each cluster's emission rate per interval of energy.csv and the platform's cumulative emissions in kg: the page's carbon chart. */
    static void carbon(EnergySeries e, Clusters clusters, Path file) throws IOException {
        int n = e.from.size();
        XYSeriesCollection rates = new XYSeriesCollection();
        XYStepRenderer steps = new XYStepRenderer();
        for (int c = 0; c < e.values.length; c++) {
            XYSeries rate = new XYSeries(clusters.name(c) + " g/h", false, true);
            for (int i = 0; i < n; i++) {
                rate.add(e.from.get(i).doubleValue(), e.values[c][5][i], false);
            }
            rate.add(e.to.get(n - 1).doubleValue(), e.values[c][5][n - 1], false);
            rates.addSeries(rate);
            steps.setSeriesPaint(c, PALETTE[c % PALETTE.length]);
            steps.setSeriesStroke(c, new BasicStroke(1.2f));
        }
        XYSeriesCollection emitted = new XYSeriesCollection();
        XYSeries kg = new XYSeries("CO2 kg (cumulative)", false, true);
        kg.add(e.from.get(0).doubleValue(), 0, false);
        double[] grams = platform(e, 6);
        for (int i = 0; i < n; i++) {
            kg.add(e.to.get(i).doubleValue(), grams[i] / 1000, false);
        }
        emitted.addSeries(kg);
        XYPlot plot = new XYPlot(rates, new NumberAxis("time (s)"), new NumberAxis("g CO2 / h"), steps);
        withCumulative(plot, emitted, "kg CO2", new Color(0x222222));
        png(new JFreeChart("Emission rate per cluster, and emissions", JFreeChart.DEFAULT_TITLE_FONT, plot, true), file, 1200, 600);
    }

    /** Column {@code k} of energy.csv (after the cluster) added up over the clusters, interval by interval. */
    private static double[] platform(EnergySeries e, int k) {
        double[] sum = new double[e.from.size()];
        for (double[][] cluster : e.values) {
            for (int i = 0; i < sum.length; i++) {
                sum[i] += cluster[k][i];
            }
        }
        return sum;
    }

    /** A cumulative series on a right-hand axis, drawn over the plot's own. */
    private static void withCumulative(XYPlot plot, XYSeriesCollection cumulative, String unit, Color colour) {
        plot.setDataset(1, cumulative);
        plot.setRangeAxis(1, new NumberAxis(unit));
        plot.mapDatasetToRangeAxis(1, 1);
        XYLineAndShapeRenderer line = new XYLineAndShapeRenderer(true, false);
        line.setSeriesPaint(0, colour);
        line.setSeriesStroke(0, new BasicStroke(2f));
        plot.setRenderer(1, line);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
    }

    /**
     * A hatch of a state's colour, as the page draws unavailable processors: not to be mistaken for a job. Under the
     * jobs, a translucent ground of the colour with lines of it; over the busy-share map ({@code linesOnly}), the lines
     * alone on a transparent ground, so that between them the map's cells keep their colour (the ground tinted them:
     * a failed processor's busy share could no longer be read from the scale).
     */
    static Paint hatch(Color colour, boolean linesOnly) {
        BufferedImage tile = new BufferedImage(8, 8, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = tile.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        if (!linesOnly) {
            g.setColor(new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 60));
            g.fillRect(0, 0, 8, 8);
        }
        g.setColor(colour);
        g.setStroke(new BasicStroke(1.5f));
        g.drawLine(0, 8, 8, 0);
        g.drawLine(-4, 4, 4, -4);
        g.drawLine(4, 12, 12, 4);
        g.dispose();
        return new TexturePaint(tile, new Rectangle2D.Double(0, 0, 8, 8));
    }

    /**
     * The intervals of unavailable.csv on cluster {@code cluster} (its processors from {@code from} on, platform-wide),
     * hatched in the colour of their state under the plot's jobs ({@code under}) or over its busy-share map (lines
     * only), with a legend of the states drawn; their count, or 0.
     */
    private static int unavailable(XYPlot plot, Unavailability down, int cluster, int from, LegendItemCollection legend, boolean under) {
        if (down == null) {
            return 0;
        }
        List<String> states = Unavailability.STATES;
        Paint[] paints = new Paint[states.size()];
        for (int k = 0; k < paints.length; k++) {
            paints[k] = hatch(Color.decode(RunPage.UNAVAILABLE_COLOURS.get(states.get(k))), !under);
        }
        Hatches hatches = new Hatches(paints);
        int count = 0;
        for (int u = 0; u < down.drawn(); u++) {
            if (down.cluster(u) != cluster) {
                continue;
            }
            count++;
            for (int r = down.firstRun(u); r < down.firstRun(u + 1); r++) {
                double p0 = down.low(r) - from;
                hatches.add(down.state(u), down.from(u), down.to(u), p0, p0 + (down.high(r) - down.low(r)));
            }
        }
        if (count == 0) {
            return 0;
        }
        for (int k = 0; k < paints.length; k++) {
            if (hatches.count(k) > 0) {
                legend.add(new LegendItem(RunPage.UNAVAILABLE_LABELS.get(states.get(k)), paints[k]));
            }
        }
        // an annotation of the plot's renderer rather than a dataset of bars: drawn in one fill per state (Hatches).
        // In the background layer it is drawn before the jobs, which cover it. The busy-share map's cells are opaque
        // (white where idle) and would hide it, so over the map it goes on top, as lines only (see hatch): a cell
        // holding an unavailable processor often holds busy ones too, whose share must stay readable under it
        plot.getRenderer().addAnnotation(hatches, under ? Layer.BACKGROUND : Layer.FOREGROUND);
        return count;
    }

    /**
     * One cluster's Gantt chart: rectangles coloured by job, or busy share per cell when there are too many; the
     * processors {@code down} says were failed, off or switching hatched under them.
     */
    static void gantt(JobsTable t, Unavailability down, int cluster, Path file) throws IOException {
        JFreeChart chart = ganttChart(t, down, cluster);
        if (chart != null) {
            png(chart, file, 1400, Math.min(900, 300 + t.clusters.size(cluster) / 2));
        }
    }

    /** The chart {@link #gantt} draws, or null: no job ran on the cluster. */
    static JFreeChart ganttChart(JobsTable t, Unavailability down, int cluster) {
        Clusters c = t.clusters;
        int from = c.offset(cluster);
        int to = from + c.size(cluster);
        int n = 0;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < t.size; j++) {
            if (GanttData.drawn(t, j) && inCluster(t.alloc[j], from, to)) {
                n++;
                lo = Math.min(lo, t.start[j]);
                hi = Math.max(hi, t.finish[j]);
            }
        }
        if (n == 0) {
            return null;
        }
        NumberAxis time = new NumberAxis("time (s)");
        NumberAxis procs = new NumberAxis("processor");
        procs.setRange(0, c.size(cluster));
        XYPlot plot;
        String title = "Gantt chart of " + c.name(cluster);
        if (n <= MAX_RECTS) {
            XYIntervalSeriesCollection ds = new XYIntervalSeriesCollection();
            XYIntervalSeries[] byColour = new XYIntervalSeries[PALETTE.length];
            for (int k = 0; k < byColour.length; k++) {
                byColour[k] = new XYIntervalSeries("colour " + k, false, true);
                ds.addSeries(byColour[k]);
            }
            for (int j = 0; j < t.size; j++) {
                if (!GanttData.drawn(t, j)) {
                    continue;
                }
                int[] r = t.alloc[j];
                for (int i = 0; i < r.length; i += 2) {
                    if (r[i] >= from && r[i] < to) {
                        int k = Math.floorMod(t.ids[j].hashCode(), PALETTE.length);
                        double mid = (t.start[j] + t.finish[j]) / 2;
                        byColour[k].add(mid, t.start[j], t.finish[j], r[i] - from, r[i] - from, r[i + 1] - from);
                    }
                }
            }
            XYBarRenderer r = new XYBarRenderer();
            r.setUseYInterval(true);
            r.setBarPainter(new StandardXYBarPainter());
            r.setShadowVisible(false);
            r.setDrawBarOutline(n <= 500);
            r.setDefaultOutlinePaint(Color.WHITE);
            for (int k = 0; k < PALETTE.length; k++) {
                r.setSeriesPaint(k, PALETTE[k]);
            }
            plot = new XYPlot(ds, time, procs, r);
        } else {
            int cols = 600;
            int rows = Math.min(c.size(cluster), 200);
            double cw = (hi - lo) / cols;
            double ch = (double) c.size(cluster) / rows;
            double[] busy = new double[cols * rows];
            for (int j = 0; j < t.size; j++) {
                if (!GanttData.drawn(t, j)) {
                    continue;
                }
                int[] r = t.alloc[j];
                for (int i = 0; i < r.length; i += 2) {
                    if (r[i] < from || r[i] >= to) {
                        continue;
                    }
                    double p0 = r[i] - from;
                    double p1 = r[i + 1] - from;
                    int c0 = (int) Math.min(cols - 1, (t.start[j] - lo) / cw);
                    int c1 = (int) Math.min(cols - 1, (t.finish[j] - lo) / cw);
                    int r0 = (int) (p0 / ch);
                    int r1 = (int) Math.min(rows - 1, (p1 - 1e-9) / ch);
                    for (int row = r0; row <= r1; row++) {
                        double share = Math.min(p1, (row + 1) * ch) - Math.max(p0, row * ch);
                        for (int col = c0; col <= c1; col++) {
                            double dt = Math.min(t.finish[j], lo + (col + 1) * cw) - Math.max(t.start[j], lo + col * cw);
                            if (dt > 0) {
                                busy[row * cols + col] += dt * share;
                            }
                        }
                    }
                }
            }
            double[][] xyz = new double[3][cols * rows];
            for (int row = 0; row < rows; row++) {
                for (int col = 0; col < cols; col++) {
                    int i = row * cols + col;
                    xyz[0][i] = lo + (col + 0.5) * cw;
                    xyz[1][i] = (row + 0.5) * ch;
                    xyz[2][i] = Math.min(1, busy[i] / (cw * ch));
                }
            }
            DefaultXYZDataset ds = new DefaultXYZDataset();
            ds.addSeries("busy", xyz);
            XYBlockRenderer r = new XYBlockRenderer();
            r.setBlockWidth(cw);
            r.setBlockHeight(ch);
            r.setPaintScale(new BusyScale());
            plot = new XYPlot(ds, time, procs, r);
            title += " (" + Words.count(n, "job") + ": share of processors busy, darker = busier)";
        }
        LegendItemCollection legend = new LegendItemCollection();
        int intervals = unavailable(plot, down, cluster, from, legend, n <= MAX_RECTS);
        int inFile = down == null ? 0 : down.total(cluster);
        if (intervals < inFile) { // the charts draw the file's first MAX_INTERVALS: the rest is left out, and said so
            title += String.format(java.util.Locale.ROOT, "; %,d of %,d intervals of unavailable processors drawn (hatched)", intervals, inFile);
        } else if (intervals > 0) {
            title += "; " + Words.count(intervals, "interval") + " of unavailable processors (hatched)";
        }
        if (intervals > 0) {
            plot.setFixedLegendItems(legend);
        }
        plot.setBackgroundPaint(new Color(0xfafafa));
        time.setRange(lo, hi);
        return new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, intervals > 0);
    }

    private static boolean inCluster(int[] r, int from, int to) {
        for (int i = 0; i < r.length; i += 2) {
            if (r[i] >= from && r[i] < to) {
                return true;
            }
        }
        return false;
    }

    /** Box plots of one metric, one box per column label, values = one per run. */
    static void boxes(String title, String metric, List<String> labels, List<List<Double>> values, Path file) throws IOException {
        DefaultBoxAndWhiskerCategoryDataset ds = new DefaultBoxAndWhiskerCategoryDataset();
        for (int i = 0; i < labels.size(); i++) {
            ds.add(values.get(i), metric, labels.get(i));
        }
        BoxAndWhiskerRenderer r = new BoxAndWhiskerRenderer();
        r.setSeriesPaint(0, PALETTE[0]);
        r.setMeanVisible(true);
        r.setMaxOutlierVisible(true);
        Paint fill = PALETTE[0];
        r.setSeriesFillPaint(0, fill);
        CategoryPlot plot = new CategoryPlot(ds, new CategoryAxis(), new NumberAxis(metric), r);
        ((NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(false);
        png(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, false), file, Math.max(700, 120 * labels.size()), 520);
    }

    /** White (idle) to the report's blue (all processors busy). */
    static final class BusyScale implements PaintScale {
        @Override
        public double getLowerBound() {
            return 0;
        }

        @Override
        public double getUpperBound() {
            return 1;
        }

        @Override
        public Paint getPaint(double v) {
            double f = Double.isNaN(v) ? 0 : Math.max(0, Math.min(1, v));
            return new Color((int) Math.round(255 + f * (0x1f - 255)), (int) Math.round(255 + f * (0x5e - 255)),
                    (int) Math.round(255 + f * (0xa0 - 255)));
        }
    }
}
