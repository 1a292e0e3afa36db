package org.gridsched.report;

import java.util.ArrayList;
import java.util.List;

/** What the charts of one run show, computed once from its jobs (the HTML page and the PNG files share it). */
final class Analysis {
    final GanttData gantt;
    final TimeSeries series;
    final Distribution wait;
    final Distribution slowdown;
    final Distribution bsld;
    /** PNG files written beside the report, relative to its folder. */
    final List<String> images = new ArrayList<>();

    Analysis(JobsTable t) {
        gantt = GanttData.of(t);
        series = TimeSeries.of(t, RunPage.BINS);
        wait = Distribution.wait(t);
        slowdown = Distribution.slowdown(t);
        bsld = Distribution.boundedSlowdown(t);
    }
}
