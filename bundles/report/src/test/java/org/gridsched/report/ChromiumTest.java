package org.gridsched.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens reports in headless Chromium (Debian's package, which .ci/run installs as root; without it the test is
 * skipped, saying why): the page must finish drawing (it writes a marker into the DOM), log
 * no error (it writes window errors and console.error into the DOM, and Chromium logs console messages on stderr)
 * and hold its charts; screenshots are kept under target/chromium/ as test artifacts.
 */
class ChromiumTest {
    static final Path ARTIFACTS = Path.of("target", "chromium");
    static String chromium;

    @TempDir
    Path tmp;

    @BeforeAll
    static void findChromium() throws Exception {
        chromium = find();
        Assumptions.assumeTrue(chromium != null, "SKIPPED: no chromium on this machine: apt-get install chromium "
                + "(.ci/run does it when run as root; tests never install anything)");
        Files.createDirectories(ARTIFACTS);
    }

    private static String find() {
        for (String c : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser")) {
            if (Files.isExecutable(Path.of(c))) {
                return c;
            }
        }
        return null;
    }

    /** What Chromium printed: the DOM after scripts ran (or nothing, for a screenshot), and its log. */
    record Result(String dom, String log) {
    }

    private Result chromium(Path page, String... mode) throws Exception {
        Path profile = Files.createTempDirectory(tmp, "profile");
        List<String> cmd = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0", "--hide-scrollbars",
                "--window-size=1300,2400", "--virtual-time-budget=30000"));
        cmd.addAll(List.of(mode));
        cmd.add(page.toUri().toString());
        Path out = tmp.resolve("out.txt");
        Path err = tmp.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish in 120 s: " + Files.readString(err));
        }
        return new Result(Files.readString(out), Files.readString(err));
    }

    /** Console messages Chromium logged that are errors of the page (not of Chromium's own services). */
    static List<String> consoleErrors(String log) {
        List<String> errors = new ArrayList<>();
        for (String line : log.split("\n")) {
            if (line.contains(":CONSOLE") && (line.contains("Uncaught") || line.toLowerCase().contains("error"))) {
                errors.add(line);
            }
        }
        return errors;
    }

    private static void assertDrawn(Result r, int charts) {
        assertTrue(r.dom().contains("data-report-ready=\"yes\""), "the page finished drawing; log:\n" + r.log());
        Matcher errors = Pattern.compile("<pre id=\"report-errors\">(.*?)</pre>", Pattern.DOTALL).matcher(r.dom());
        assertTrue(errors.find(), "the page keeps its error box");
        assertEquals("", errors.group(1), "errors of the page");
        assertEquals(List.of(), consoleErrors(r.log()));
        Matcher svg = Pattern.compile("<svg[^>]*width=\"(\\d+)\"").matcher(r.dom());
        int n = 0;
        while (svg.find()) {
            assertTrue(Integer.parseInt(svg.group(1)) > 100, "every chart has its width");
            n++;
        }
        assertEquals(charts, n, "ECharts charts drawn as SVG");
    }

    private void screenshot(Path page, String name) throws Exception {
        Path shot = ARTIFACTS.resolve(name).toAbsolutePath();
        Files.deleteIfExists(shot);
        chromium(page, "--screenshot=" + shot);
        BufferedImage img = ImageIO.read(shot.toFile());
        assertNotNull(img, "screenshot " + shot);
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < img.getHeight(); y += 7) {
            for (int x = 0; x < img.getWidth(); x += 7) {
                colours.add(img.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 50, "the screenshot shows charts, not a blank page: " + colours.size() + " colours");
    }

    /**
     * A run's report draws; a Gantt chart's note counts the jobs in view, and the rectangles when a job on processors
     * that are not adjacent makes more of them (it said '2,702 job parts' for 2,701 jobs, 30,303 for 20,000).
     */
    @Test
    void aRunReportDrawsItsGanttChartsAndChartsWithoutErrors() throws Exception {
        Path a = Fixtures.many(tmp.resolve("a"), 3000);
        // after the others: a job on a's processors 0-3 and 8-11, two rectangles
        Files.writeString(a.resolve("jobs.csv"), Fixtures.row("3001", 4000, 8, 4000, 4010, "0-3 8-11", "a") + ",a,u1\n",
                java.nio.file.StandardOpenOption.APPEND);
        Path b = Fixtures.many(tmp.resolve("b"), 2990);
        Reports.report(a, new Reports.Options(b, false), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        Result r = chromium(a.resolve("report.html"), "--dump-dom");
        assertDrawn(r, 5); // over time, three histograms, the diff
        assertEquals(2, count(r.dom(), "<canvas class=\"gantt-canvas\""), "one Gantt chart per cluster");
        assertTrue(r.dom().contains("a (72 processors)<span class=\"gantt-note\">  2,701 jobs in view (2,702 rectangles: one per"
                + " block of adjacent processors)</span>"), r.dom());
        assertTrue(r.dom().contains("b (32 processors)<span class=\"gantt-note\">  600 jobs in view</span>"), r.dom());
        screenshot(a.resolve("report.html"), "run-report.png");
    }

    /** Unavailable processors are drawn on the Gantt charts (their count in the note) and energy and carbon get their charts. */
    @Test
    void failuresSwitchedOffProcessorsEnergyAndCarbonAreDrawn() throws Exception {
        Path a = Fixtures.failing(tmp.resolve("failing"));
        Reports.report(a, new Reports.Options(null, false), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        Result r = chromium(a.resolve("report.html"), "--dump-dom");
        assertDrawn(r, 6); // over time, energy, carbon, three histograms
        assertTrue(r.dom().contains("a (4 processors)<span class=\"gantt-note\">  1 job in view; 3 intervals of unavailable"
                + " processors in view</span>"), r.dom());
        assertTrue(r.dom().contains("b (2 processors)<span class=\"gantt-note\">  1 job in view; 1 interval of unavailable"
                + " processors in view</span>"), r.dom());
        screenshot(a.resolve("report.html"), "failures-energy-report.png");
    }

    @Test
    void aLargeRunIsAggregatedInTheGanttChart() throws Exception {
        Path a = Fixtures.many(tmp.resolve("big"), 120_000);
        Reports.report(a, new Reports.Options(null, false), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        Result r = chromium(a.resolve("report.html"), "--dump-dom");
        assertDrawn(r, 4);
        assertTrue(r.dom().contains("108,000 jobs in view: aggregated (share of processors busy); zoom in to at most 50,000 jobs"
                + " to see each job"), "the 108,000 jobs on a are aggregated");
        screenshot(a.resolve("report.html"), "large-run-report.png");
    }

    /**
     * Over the page's busy-share map (above 50,000 rectangles in view) the unavailable processors' hatch is lines only,
     * drawn after the map: between its lines the map's cells keep their colour, which the hatch drawn under the
     * translucent map changed everywhere (and the busiest cells hid the hatch). Here the jobs run on processors said to
     * have failed (an invalid schedule, drawn all the same); the same region of the canvas is read with and without.
     */
    @Test
    void overTheBusyShareMapTheHatchLeavesTheMapsColoursBetweenItsLines() throws Exception {
        Path plain = Fixtures.many(tmp.resolve("plain"), 120_000); // over [0, 120,000)
        Path down = Fixtures.many(tmp.resolve("down"), 120_000);
        Files.writeString(down.resolve("unavailable.csv"), "cluster,from,to,state,processors\na,40000,80000,failed,0-63\n");
        String[] without = canvasPixels(plain);
        String[] with = canvasPixels(down);
        assertEquals(without.length, with.length);
        int same = 0;
        int red = 0;
        for (int i = 0; i < with.length; i++) {
            same += with[i].equals(without[i]) ? 1 : 0;
            int rgb = Integer.parseInt(with[i], 16);
            red += (rgb >> 16) > 150 && (rgb >> 8 & 0xff) < 90 && (rgb & 0xff) < 90 ? 1 : 0;
        }
        assertTrue(with.length > 5_000, "pixels read: " + with.length);
        assertTrue(same > with.length / 3, "the map's colours between the lines: " + same + " of " + with.length + " pixels");
        assertTrue(red > with.length / 20, "the hatch's lines, in the failed state's red: " + red + " of " + with.length + " pixels");
    }

    /** The pixels (hex RGB) of a's Gantt canvas over processors 10-49 and the middle fifth of the run, as drawn. */
    private String[] canvasPixels(Path dir) throws Exception {
        return canvasPixels(dir, 2, 3);
    }

    /** The same over the fifths {@code from} to {@code to} of the run. */
    private String[] canvasPixels(Path dir, int from, int to) throws Exception {
        Reports.report(dir, new Reports.Options(null, false), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String dump = "<script>(function dump() {\n"
                + "  if (document.documentElement.getAttribute('data-report-ready') !== 'yes') { setTimeout(dump, 20); return; }\n"
                + "  var cv = document.querySelector('canvas.gantt-canvas'), sy = (cv.height - 22) / 72;\n"
                + "  var x0 = Math.round(cv.width * " + from / 5.0 + "), x1 = Math.round(cv.width * " + to / 5.0 + "), y0 = Math.ceil(10 * sy), y1 = Math.floor(50 * sy);\n"
                + "  var d = cv.getContext('2d').getImageData(x0, y0, x1 - x0, y1 - y0).data, out = [];\n"
                + "  for (var i = 0; i < d.length; i += 4) out.push(((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]).toString(16));\n"
                + "  var pre = document.createElement('pre'); pre.id = 'pixels'; pre.textContent = out.join(' ');\n"
                + "  document.body.appendChild(pre);\n"
                + "})();</script>\n</body>";
        Path page = dir.resolve("report-pixels.html");
        String html = Files.readString(dir.resolve("report.html"));
        int end = html.lastIndexOf("</body>"); // (the inlined scripts hold the words too)
        Files.writeString(page, html.substring(0, end) + dump + html.substring(end + "</body>".length()));
        Result r = chromium(page, "--dump-dom");
        assertDrawn(r, 4);
        Matcher m = Pattern.compile("<pre id=\"pixels\">([0-9a-f ]+)</pre>").matcher(r.dom());
        assertTrue(m.find(), "the canvas was read");
        return m.group(1).split(" ");
    }

    /**
     * What the axes say. The slowdown histograms label their bins with numbers (a slowdown of 1,000 was labelled
     * '17 min'), the wait histogram with durations, each with its unit (its axis said 'seconds' under labels in min and
     * h), and counts of jobs have whole ticks (0.2 jobs was a tick); the busy processors' axis of the over-time chart
     * ticks on the utilization's lines (its top, the platform's size, was drawn over the tick below it); a Gantt
     * chart's time axis ticks at whole minutes (a 10,000-s step was labelled 2.8 h, 5.6 h); the energy chart has no
     * off nor switching band without power management; with one user, jobs are coloured each its own colour.
     */
    @Test
    void theAxesAndLegendsSayWhatTheChartsShow() throws Exception {
        Path a = Fixtures.many(tmp.resolve("a"), 3000);
        // one more job, which waited 5,000 s to run 1 s on processors free then: a slowdown of 5,001
        Files.writeString(a.resolve("jobs.csv"), Fixtures.row("3001", 0, 8, 5000, 5001, "0-7", "a") + ",a,u1\n",
                java.nio.file.StandardOpenOption.APPEND);
        Reports.report(a, new Reports.Options(null, false), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        Result r = chromium(a.resolve("report.html"), "--dump-dom");
        assertDrawn(r, 4);
        List<String> slowdown = texts(r.dom(), "chart-slowdown");
        assertTrue(slowdown.contains("1,000–1,330") && slowdown.contains("5,620–7,500"), slowdown.toString());
        for (String t : slowdown) {
            assertFalse(t.matches(".*\\d (s|min|h|d)"), "a slowdown is not a duration: " + t);
        }
        List<String> wait = texts(r.dom(), "chart-wait");
        assertTrue(wait.containsAll(List.of("0 s–1 s", "1 s–1.78 s", "53 min–94 min")), wait.toString());
        assertFalse(wait.contains("seconds"), wait.toString());
        List<String> series = texts(r.dom(), "chart-series");
        assertTrue(series.containsAll(List.of("21", "42", "62", "83", "104")), "busy processors of 104, at 20 % each: " + series);
        Matcher ticks = Pattern.compile("<canvas class=\"gantt-canvas\"[^>]*data-ticks=\"([^\"]*)\"").matcher(r.dom());
        assertTrue(ticks.find(), "the Gantt chart's ticks");
        assertTrue(ticks.group(1).startsWith("0 min|10 min|20 min|30 min|40 min|50 min|1 h|1 h 10 min"), ticks.group(1));
        // the over-time chart's two time axes as the Gantt's (ECharts' 1,000-s steps were labelled 16.7 min, 33.3 min)
        List<Double> overTime = wholeTimeTicks(series);
        assertTrue(overTime.size() >= 8 && overTime.get(0) == 0, "both axes from 0: " + overTime);

        Path one = Fixtures.run(tmp.resolve("one"), Fixtures.summary("one", "a:4"), Fixtures.BATSIM_HEADER,
                Fixtures.row("1", 0, 2, 0, 10, "0-1", "a"));
        Reports.report(one, new Reports.Options(null, false), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        Result o = chromium(one.resolve("report.html"), "--dump-dom");
        assertDrawn(o, 4);
        for (String chart : List.of("chart-wait", "chart-slowdown", "chart-bsld")) {
            List<String> t = texts(o.dom(), chart);
            assertTrue(t.contains("1") && !t.contains("0.2") && !t.contains("0.5"), "whole jobs: " + t);
        }

        Path energy = Fixtures.failing(tmp.resolve("energy"));
        // from 553 s to 10 h 9 min 13 s: ECharts' steps were 10,000 s, labelled 9.2 min (the axis's start), 2.8 h, 5.6 h, 8.3 h
        Files.writeString(energy.resolve("energy.csv"), EnergySeries.HEADER + "\n553,36553,a,200,10,0,0,21000\n553,36553,b,0,20,0,0,2000\n");
        Files.delete(energy.resolve("unavailable.csv"));
        Reports.report(energy, new Reports.Options(null, false), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        Result e = chromium(energy.resolve("report.html"), "--dump-dom");
        assertDrawn(e, 5);
        List<String> power = texts(e.dom(), "chart-energy");
        assertTrue(power.contains("busy W") && power.contains("+ idle W"), power.toString());
        assertFalse(power.contains("+ off W") || power.contains("+ switching W"), "no power management: " + power);
        List<Double> hours = wholeTimeTicks(power);
        assertTrue(hours.size() >= 4 && hours.get(0) > 553 && hours.get(1) - hours.get(0) >= 3600, "whole hours: " + hours);
    }

    /**
     * The time labels among a chart's texts ("1 h 10 min", "2 d"), in seconds: every one whole in its units (no 2.8 h,
     * nor the axis's start, 9.2 min), the ticks evenly spaced at a whole step, each a multiple of it, as on the Gantt
     * charts; each axis's labels in turn when the chart has several.
     */
    static List<Double> wholeTimeTicks(List<String> texts) {
        Pattern part = Pattern.compile("(\\d+(?:\\.\\d+)?) (d|h|min|s)");
        List<Double> ticks = new ArrayList<>();
        for (String t : texts) {
            if (!t.matches("-?\\d+(\\.\\d+)? (d|h|min|s)( \\d+(\\.\\d+)? (d|h|min|s))*")) {
                continue;
            }
            Matcher m = part.matcher(t);
            double v = 0;
            while (m.find()) {
                assertFalse(m.group(1).contains("."), "a tick at whole units: " + t + " in " + texts);
                v += Double.parseDouble(m.group(1)) * switch (m.group(2)) {
                    case "d" -> 86400;
                    case "h" -> 3600;
                    case "min" -> 60;
                    default -> 1;
                };
            }
            ticks.add(t.startsWith("-") ? -v : v);
        }
        assertTrue(ticks.size() >= 3, "time labels in " + texts);
        double step = ticks.get(1) - ticks.get(0);
        assertTrue(List.of(1.0, 2.0, 5.0, 10.0, 15.0, 20.0, 30.0, 60.0, 120.0, 300.0, 600.0, 900.0, 1200.0, 1800.0, 3600.0,
                7200.0, 10800.0, 21600.0, 43200.0, 86400.0).contains(step) || step % 86400 == 0, "a whole step: " + ticks);
        for (int i = 0; i < ticks.size(); i++) {
            assertEquals(0, ticks.get(i) % step, 1e-9, "a multiple of the step: " + ticks);
            if (i > 0 && ticks.get(i) > ticks.get(i - 1)) {
                assertEquals(step, ticks.get(i) - ticks.get(i - 1), 1e-9, "evenly spaced: " + ticks);
            }
        }
        return ticks;
    }

    /** With one user (a generated workload's empty user column), the jobs get the colours of their ids, not all one. */
    @Test
    void withOneUserEachJobHasItsColour() throws Exception {
        Path a = Fixtures.many(tmp.resolve("one-user"), 120);
        Files.writeString(a.resolve("jobs.csv"), Files.readString(a.resolve("jobs.csv")).replaceAll(",u\\d\n", ",u0\n"));
        Set<String> colours = new HashSet<>(List.of(canvasPixels(a, 1, 3)));
        // the fills of report.js's palette drawn (outlines and edges blend into other colours): by user, only the first
        colours.retainAll(List.of("4e79a7", "f28e2b", "59a14f", "e15759", "76b7b2", "edc948", "b07aa1", "ff9da7", "9c755f",
                "bab0ac", "1f77b4", "ff7f0e", "2ca02c", "d62728", "9467bd", "8c564b", "e377c2", "17becf", "bcbd22", "7f7f7f"));
        assertTrue(colours.size() >= 5, "the palette's colours drawn: " + colours);
    }

    /** The texts of the SVG chart in the element of this id. */
    private static List<String> texts(String dom, String id) {
        Matcher chart = Pattern.compile("<div id=\"" + id + "\".*?</svg>", Pattern.DOTALL).matcher(dom);
        assertTrue(chart.find(), id);
        List<String> out = new ArrayList<>();
        Matcher t = Pattern.compile("<text[^>]*>([^<]*)</text>").matcher(chart.group());
        while (t.find()) {
            out.add(t.group(1).replace("&amp;", "&"));
        }
        return out;
    }

    @Test
    void aMatrixReportDrawsItsBoxPlots() throws Exception {
        Files.writeString(tmp.resolve("matrix.csv"), "batch,platform,seed,mean_wait,utilization\n"
                + "fcfs,p1,1,10,0.5\nfcfs,p1,2,20,0.6\nfcfs,p2,1,30,0.7\neasy,p1,1,1,0.5\neasy,p2,1,3,0.8\n");
        Reports.report(tmp, new Reports.Options(null, false), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        Result r = chromium(tmp.resolve("report.html"), "--dump-dom");
        assertDrawn(r, 4);
        screenshot(tmp.resolve("report.html"), "matrix-report.png");
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

}
