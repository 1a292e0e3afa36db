package org.gridsched.report;

import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.jfree.chart.annotations.AbstractXYAnnotation;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleEdge;

/**
 * The intervals of unavailable.csv on one Gantt chart (processors failed, off or switching), hatched: each state's
 * intervals filled as one shape with that state's paint, the states drawn from the last to the first.
 * <p>
 * Each interval is the rectangle an {@code XYBarRenderer} would draw (at least a pixel wide, clipped to the plot
 * vertically), but a million-failure run has hundreds of thousands of them, almost all narrower than a pixel: one fill
 * per interval took most of the report's drawing. One fill per state takes about the time of one rectangle, and
 * before it the rectangles of the same processor run that overlap or touch are merged, which leaves the shape (their
 * union) as it was and makes it several times shorter. Where rectangles of one state overlap, the pixels show their
 * union once, where one fill each laid the translucent hatch once per rectangle (a shade darker per overlap).
 */
final class Hatches extends AbstractXYAnnotation {
    private static final long serialVersionUID = 1L;

    /** Per state: the intervals' times and processor rows [low, high) on the chart, {@link #count} of them. */
    private final double[][] from;
    private final double[][] to;
    private final double[][] low;
    private final double[][] high;
    private final int[] count;
    private final transient Paint[] paints;

    /** Room for intervals of {@code paints.length} states, each hatched with its paint. */
    Hatches(Paint[] paints) {
        int states = paints.length;
        this.paints = paints.clone();
        from = new double[states][16];
        to = new double[states][16];
        low = new double[states][16];
        high = new double[states][16];
        count = new int[states];
    }

    /** Adds an interval of state {@code state}: times [start, end), processor rows [low, high) of the chart. */
    void add(int state, double start, double end, double rowLow, double rowHigh) {
        int n = count[state];
        if (n == from[state].length) {
            int grown = n * 2;
            from[state] = Arrays.copyOf(from[state], grown);
            to[state] = Arrays.copyOf(to[state], grown);
            low[state] = Arrays.copyOf(low[state], grown);
            high[state] = Arrays.copyOf(high[state], grown);
        }
        from[state][n] = start;
        to[state][n] = end;
        low[state][n] = rowLow;
        high[state][n] = rowHigh;
        count[state] = n + 1;
    }

    /** The intervals of state {@code state} added. */
    int count(int state) {
        return count[state];
    }

    @Override
    public void draw(Graphics2D g2, XYPlot plot, Rectangle2D dataArea, ValueAxis domainAxis, ValueAxis rangeAxis,
            int rendererIndex, PlotRenderingInfo info) {
        // the order an XYPlot renders a dataset's series in by default (SeriesRenderingOrder.REVERSE): where states
        // meet, the first state's hatch is on top, as when the intervals were a dataset of bars
        for (int k = paints.length - 1; k >= 0; k--) {
            Rects r = rectangles(k, plot, dataArea, domainAxis, rangeAxis);
            if (r.size > 0) {
                g2.setPaint(paints[k]);
                g2.fill(r.shape());
            }
        }
    }

    /**
     * The rectangles of state {@code k}'s intervals in Java2D space as {@code XYBarRenderer} computes its bars (bars
     * outside the axes' ranges left out), those of one processor run that overlap or touch merged.
     */
    Rects rectangles(int k, XYPlot plot, Rectangle2D dataArea, ValueAxis domainAxis, ValueAxis rangeAxis) {
        RectangleEdge xEdge = plot.getDomainAxisEdge();
        RectangleEdge yEdge = plot.getRangeAxisEdge();
        int n = count[k];
        Rects out = new Rects(Math.min(n, 1024));
        // by start, so that the intervals of a processor run come left to right and each meets the one before it;
        // the open rectangle of each run is extended while the next one overlaps or touches it, else written out
        int[] byStart = Order.by(from[k], n);
        Map<Row, Integer> open = new HashMap<>();
        Rects rows = new Rects(64);
        for (int i : byStart) {
            double y0 = low[k][i];
            double y1 = high[k][i];
            double x0 = from[k][i];
            double x1 = to[k][i];
            if (!rangeAxis.getRange().intersects(y0, y1) || !domainAxis.getRange().intersects(x0, x1)) {
                continue; // XYBarRenderer draws no bar there
            }
            double t0 = rangeAxis.valueToJava2D(y0, dataArea, yEdge);
            double t1 = rangeAxis.valueToJava2D(y1, dataArea, yEdge);
            double top = Math.max(Math.min(t0, t1), dataArea.getMinY());
            double bottom = Math.min(Math.max(t0, t1), dataArea.getMaxY());
            double s0 = domainAxis.valueToJava2D(x0, dataArea, xEdge);
            double s1 = domainAxis.valueToJava2D(x1, dataArea, xEdge);
            double left = Math.min(s0, s1);
            double right = left + Math.max(1, Math.abs(s1 - s0)); // a bar is at least a pixel wide
            double height = bottom - top;
            if (!(height > 0)) {
                continue; // an empty bar: Graphics2D fills nothing
            }
            Integer slot = open.putIfAbsent(new Row(y0, y1), rows.size);
            if (slot == null) {
                rows.add(left, right, top, height);
            } else if (left <= rows.right[slot] && right >= rows.left[slot]) {
                rows.left[slot] = Math.min(rows.left[slot], left);
                rows.right[slot] = Math.max(rows.right[slot], right);
            } else {
                out.add(rows.left[slot], rows.right[slot], rows.top[slot], rows.height[slot]);
                rows.left[slot] = left;
                rows.right[slot] = right;
            }
        }
        for (int i = 0; i < rows.size; i++) {
            out.add(rows.left[i], rows.right[i], rows.top[i], rows.height[i]);
        }
        return out;
    }

    /** A processor run's rows on the chart: its intervals are drawn at the same height. */
    private record Row(double low, double high) {
    }

    /** Rectangles in Java2D space: [left, right) wide, from top down {@code height}. */
    static final class Rects {
        double[] left;
        double[] right;
        double[] top;
        double[] height;
        int size;

        Rects(int capacity) {
            left = new double[Math.max(capacity, 1)];
            right = new double[left.length];
            top = new double[left.length];
            height = new double[left.length];
        }

        void add(double l, double r, double t, double h) {
            if (size == left.length) {
                left = Arrays.copyOf(left, size * 2);
                right = Arrays.copyOf(right, size * 2);
                top = Arrays.copyOf(top, size * 2);
                height = Arrays.copyOf(height, size * 2);
            }
            left[size] = l;
            right[size] = r;
            top[size] = t;
            height[size] = h;
            size++;
        }

        /**
         * Their union as one shape (non-zero winding: overlaps count once), each rectangle's corners the ones
         * Graphics2D takes for a Rectangle2D filled alone (x + width, y + height), so that a rectangle that meets no
         * other is drawn pixel for pixel as before.
         */
        Path2D shape() {
            Path2D.Double p = new Path2D.Double(Path2D.WIND_NON_ZERO, size * 5);
            for (int i = 0; i < size; i++) {
                double bottom = top[i] + height[i];
                p.moveTo(left[i], top[i]);
                p.lineTo(right[i], top[i]);
                p.lineTo(right[i], bottom);
                p.lineTo(left[i], bottom);
                p.closePath();
            }
            return p;
        }
    }
}
