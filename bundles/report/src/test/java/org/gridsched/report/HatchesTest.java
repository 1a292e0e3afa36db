package org.gridsched.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hatched intervals of unavailable.csv on the Gantt PNGs: merged per processor run, drawn as their union. */
class HatchesTest {
    @TempDir
    Path tmp;

    /** A plot 100 pixels square: time 0-100 is x = t, processors 0-10 are y = 100 - 10 p (processor 3 is y 60-70). */
    private static final Rectangle2D AREA = new Rectangle2D.Double(0, 0, 100, 100);

    private static XYPlot plot() {
        NumberAxis time = new NumberAxis();
        time.setRange(0, 100);
        NumberAxis procs = new NumberAxis();
        procs.setRange(0, 10);
        return new XYPlot(null, time, procs, null);
    }

    private static final Paint[] PAINTS = {Color.RED, Color.BLACK};

    private static Hatches fixture() {
        Hatches h = new Hatches(PAINTS);
        h.add(0, 25, 40, 3, 4); // overlaps the next one (added out of order: merged all the same)
        h.add(0, 10, 20, 3, 4);
        h.add(0, 20, 30, 3, 4); // touches the one before
        h.add(0, 60, 60.2, 3, 4); // narrower than a pixel: a pixel wide, as XYBarRenderer draws it
        h.add(0, 60.5, 60.7, 3, 4); // within the pixel of the one before
        h.add(0, 80, 90, 3, 4); // apart
        h.add(0, 10, 20, 3, 5); // another processor run (3-4): not merged with processor 3's
        h.add(0, 200, 300, 3, 4); // after the time axis: not drawn
        h.add(1, 30, 50, 3, 4); // another state
        return h;
    }

    private static List<String> rects(Hatches.Rects r) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < r.size; i++) {
            out.add(r.left[i] + "-" + r.right[i] + " x " + r.top[i] + "+" + r.height[i]);
        }
        out.sort(null);
        return out;
    }

    @Test
    void intervalsOfOneProcessorRunThatOverlapOrTouchAreMerged() {
        Hatches h = fixture();
        XYPlot plot = plot();
        assertEquals(List.of("10.0-20.0 x 50.0+20.0", "10.0-40.0 x 60.0+10.0", "60.0-61.5 x 60.0+10.0", "80.0-90.0 x 60.0+10.0"),
                rects(h.rectangles(0, plot, AREA, plot.getDomainAxis(), plot.getRangeAxis())));
        assertEquals(List.of("30.0-50.0 x 60.0+10.0"), rects(h.rectangles(1, plot, AREA, plot.getDomainAxis(), plot.getRangeAxis())));
    }

    /** Merging leaves the union as it was: the merged rectangles fill the pixels the unmerged ones fill together. */
    @Test
    void theMergedShapeIsDrawnPixelForPixelAsTheUnmergedOnesTogether() {
        Hatches h = fixture();
        XYPlot plot = plot();
        Hatches.Rects merged = h.rectangles(0, plot, AREA, plot.getDomainAxis(), plot.getRangeAxis());
        Hatches.Rects each = new Hatches.Rects(8);
        each.add(25, 40, 60, 10);
        each.add(10, 20, 60, 10);
        each.add(20, 30, 60, 10);
        each.add(60, 61, 60, 10);
        each.add(60.5, 61.5, 60, 10);
        each.add(80, 90, 60, 10);
        each.add(10, 20, 50, 20);
        assertArrayEquals(pixels(merged.shape()), pixels(each.shape()));
        // a rectangle that meets no other is drawn as Graphics2D draws that bar alone (XYBarRenderer's way before)
        Hatches.Rects alone = new Hatches.Rects(1);
        alone.add(80, 90, 60, 10);
        assertArrayEquals(pixels(new Rectangle2D.Double(80, 60, 10, 10)), pixels(alone.shape()));
    }

    private static int[] pixels(Shape s) {
        BufferedImage img = new BufferedImage(100, 100, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, 100, 100);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setColor(new Color(200, 30, 30, 60)); // translucent, as the hatch's ground: overlaps would show darker
        g.fill(s);
        g.dispose();
        return img.getRGB(0, 0, 100, 100, null, 0, 100);
    }

    /**
     * On the Gantt PNG, intervals of one state that overlap are hatched once, as their union: the same picture as two
     * that only touch (one fill per interval laid the translucent hatch twice where they overlapped, a darker band).
     */
    @Test
    void overlappingIntervalsOfAStateAreHatchedOnceOnTheGanttPng() throws Exception {
        int[] overlapping = gantt("overlapping", "a,20,28,failed,0\na,24,30,failed,0\n");
        int[] touching = gantt("touching", "a,20,24,failed,0\na,24,30,failed,0\n");
        assertArrayEquals(overlapping, touching);
        assertNotEquals(java.util.Arrays.hashCode(overlapping), java.util.Arrays.hashCode(gantt("later", "a,40,48,failed,0\na,44,50,failed,0\n")),
                "the hatch is drawn: the same intervals later draw another picture");
    }

    /**
     * Over the busy-share map of a cluster with more than 5,000 jobs (opaque cells, drawn before the hatch) the hatch is
     * lines only: between its lines the map's cells keep the colours of the busy scale, which the hatch's translucent
     * ground tinted (here the jobs run on processors said to have failed: an invalid schedule, drawn all the same).
     */
    @Test
    void overTheBusyShareMapTheHatchLeavesTheMapsColoursBetweenItsLines() throws Exception {
        Path dir = Fixtures.many(tmp.resolve("map"), 6_000); // 5,400 jobs on a, over [0, 6,000)
        Files.writeString(dir.resolve("unavailable.csv"), "cluster,from,to,state,processors\na,2000,4000,failed,0-63\n");
        RunDir run = RunDir.open(dir);
        JFreeChart chart = StaticCharts.ganttChart(run.jobs, run.unavailable, 0);
        ChartRenderingInfo info = new ChartRenderingInfo();
        BufferedImage img = chart.createBufferedImage(1400, 600, BufferedImage.TYPE_INT_RGB, info);
        XYPlot plot = chart.getXYPlot();
        Rectangle2D area = info.getPlotInfo().getDataArea();
        int x0 = (int) plot.getDomainAxis().valueToJava2D(2000, area, plot.getDomainAxisEdge()) + 3;
        int x1 = (int) plot.getDomainAxis().valueToJava2D(4000, area, plot.getDomainAxisEdge()) - 3;
        int y0 = (int) plot.getRangeAxis().valueToJava2D(64, area, plot.getRangeAxisEdge()) + 3;
        int y1 = (int) plot.getRangeAxis().valueToJava2D(0, area, plot.getRangeAxisEdge()) - 3;
        java.util.Set<Integer> scale = new java.util.HashSet<>();
        StaticCharts.BusyScale busy = new StaticCharts.BusyScale();
        for (int i = 0; i <= 10_000; i++) {
            scale.add(((Color) busy.getPaint(i / 10_000.0)).getRGB());
        }
        int all = 0;
        int map = 0;
        int hatch = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                int rgb = img.getRGB(x, y);
                all++;
                map += scale.contains(rgb) ? 1 : 0;
                hatch += (rgb & 0xffffff) == 0xd62728 ? 1 : 0;
            }
        }
        assertTrue(all > 10_000, "the hatched area: " + all + " pixels");
        assertTrue(map > all / 3, "the map's colours between the lines: " + map + " of " + all + " pixels");
        assertTrue(hatch > all / 20, "the hatch's lines, in the failed state's red: " + hatch + " of " + all + " pixels");
    }

    private int[] gantt(String name, String intervals) throws Exception {
        Path dir = Fixtures.failing(tmp.resolve(name));
        Files.writeString(dir.resolve("unavailable.csv"), "cluster,from,to,state,processors\n" + intervals);
        ReportTest.render(dir, Reports.Options.defaults());
        BufferedImage img = ImageIO.read(dir.resolve("report-images/gantt-a.png").toFile());
        return img.getRGB(0, 0, img.getWidth(), img.getHeight(), null, 0, img.getWidth());
    }
}
