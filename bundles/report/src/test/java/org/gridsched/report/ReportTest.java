package org.gridsched.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.Inflater;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class ReportTest {
    @TempDir
    Path tmp;

    static String render(Path dir, Reports.Options o) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Reports.report(dir, o, new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    static JsonNode data(String html) throws Exception {
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"report-data\">(.*?)</script>", Pattern.DOTALL).matcher(html);
        assertTrue(m.find(), "the page has its data block");
        return new ObjectMapper().readTree(m.group(1));
    }

    @Test
    void theReportHoldsEveryChartsDataAndIsSelfContained() throws Exception {
        Path dir = Fixtures.valid(tmp);
        String printed = render(dir, Reports.Options.defaults());
        assertTrue(printed.contains("valid schedule of 5 jobs"), printed);
        String html = Files.readString(dir.resolve("report.html"));
        assertFalse(Pattern.compile("<(script|link|img)[^>]+(src|href)=\"?(https?:)?//").matcher(html).find(), "no network resource");
        assertTrue(html.contains("echarts") && html.contains("Apache License"), "ECharts inlined with its licence");
        assertTrue(html.contains("<div class=\"ok\" id=\"validation\">Valid schedule"));
        assertTrue(html.contains("<td>mean_wait</td><td>2.5</td>"), "summary.json's metrics");
        JsonNode d = data(html);
        assertEquals("a", d.at("/clusters/0/name").asText());
        assertEquals(4, d.at("/clusters/1/offset").asInt());
        JsonNode g = d.get("gantt");
        assertEquals(5, g.get("jobs").asInt());
        assertEquals(6, g.get("rects").asInt()); // job 4 has a part on each cluster
        assertTrue(g.get("numericIds").asBoolean());
        // the Gantt columns, inflated: ids 1..5 as differences, starts 0,1,5,12,10 as differences, durations
        byte[] z = Base64.getDecoder().decode(g.get("data").asText());
        Inflater inf = new Inflater();
        inf.setInput(z);
        byte[] raw = new byte[4096];
        int n = inf.inflate(raw);
        int[] lens = new int[8];
        int p = 0;
        for (int k = 0; k < 8; k++) {
            lens[k] = raw[p++];
        }
        assertArrayEquals(new int[] {5, 5, 5, 5, 5, 0, 5, 12}, lens);
        assertEquals(8 + 42, n);
        assertArrayEquals(new byte[] {2, 2, 2, 2, 2}, java.util.Arrays.copyOfRange(raw, p, p + 5)); // zigzag(+1)
        assertArrayEquals(new byte[] {0, 2, 8, 14, 3}, java.util.Arrays.copyOfRange(raw, p + 5, p + 10)); // 0,+1,+4,+7,-2
        assertArrayEquals(new byte[] {10, 4, 7, 8, 1}, java.util.Arrays.copyOfRange(raw, p + 10, p + 15)); // durations
        // time series: 2000 bins over [0, 20]; at t = 5.5 jobs 1 and 3 run (4 processors busy, 3 on a, 0 on b... )
        JsonNode s = d.get("series");
        assertEquals(0, s.get("from").asDouble());
        assertEquals(20, s.get("to").asDouble());
        int bin = (int) (5.5 / 20 * 2000);
        assertEquals(4, s.at("/busy/0/" + bin).asDouble(), 1e-9);
        assertEquals(0, s.at("/busy/1/" + bin).asDouble(), 1e-9);
        assertEquals(4, s.at("/busy/2/" + bin).asDouble(), 1e-9);
        int late = (int) (15.0 / 20 * 2000);
        assertEquals(1, s.at("/busy/0/" + late).asDouble(), 1e-9); // job 4: one processor on a
        assertEquals(2, s.at("/busy/1/" + late).asDouble(), 1e-9); // and two on b
        int waiting = (int) (4.5 / 20 * 2000); // jobs 3 (since 2) and 4 (since 3) and 5 (since 4) wait
        assertEquals(3, s.at("/queue/2/" + waiting).asDouble(), 1e-9);
        JsonNode wait = d.at("/dist/wait");
        assertEquals(5, wait.get("counts").findValuesAsText("").size() + sum(wait.get("counts")));
        assertTrue(html.contains("<td>wait (s)</td><td>5</td><td>3.6</td><td>3</td>"), "mean wait (0+0+3+9+6)/5 = 3.6, median 3");
    }

    /** Pixels of exactly this colour. */
    private static int count(java.awt.image.BufferedImage img, int rgb) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                n += (img.getRGB(x, y) & 0xffffff) == rgb ? 1 : 0;
            }
        }
        return n;
    }

    /** Of two colours, the one with more pixels (as an opaque RGB value). */
    private static int pixelMost(java.awt.image.BufferedImage img, int a, int b) {
        return new java.awt.Color(count(img, a) >= count(img, b) ? a : b).getRGB();
    }

    private static int sum(JsonNode counts) {
        int s = 0;
        for (JsonNode c : counts) {
            s += c.asInt();
        }
        return s;
    }

    @Test
    void staticImagesAndBatsimAggregatesAreWritten() throws Exception {
        Path dir = Fixtures.valid(tmp);
        render(dir, Reports.Options.defaults());
        for (String f : new String[] {"over-time.png", "wait.png", "slowdown.png", "bounded-slowdown.png", "gantt-a.png", "gantt-b.png"}) {
            var img = ImageIO.read(dir.resolve("report-images").resolve(f).toFile());
            assertNotNull(img, f);
            assertTrue(img.getWidth() >= 700 && img.getHeight() >= 300, f);
        }
        JsonNode s = new ObjectMapper().readTree(dir.resolve("schedule.json").toFile());
        assertEquals(5, s.get("nb_jobs").asInt());
        assertEquals(20, s.get("makespan").asDouble());
        assertEquals(3.6, s.get("mean_waiting_time").asDouble(), 1e-12);
        assertEquals(6, s.get("nb_computing_machines").asInt());
        assertEquals(2 * 10 + 2 * 4 + 2 * 7 + 3 * 8 + 1, s.get("time_computing").asDouble());
    }

    @Test
    void theSameResultsGiveTheSameBytes() throws Exception {
        Path a = Fixtures.valid(tmp.resolve("a"));
        Path b = Fixtures.valid(tmp.resolve("b"));
        render(a, Reports.Options.defaults());
        render(b, Reports.Options.defaults());
        for (String f : new String[] {"report.html", "schedule.json", "report-images/over-time.png", "report-images/gantt-a.png"}) {
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), f);
        }
    }

    @Test
    void anInvalidScheduleIsDrawnWithItsProblemsOnTop() throws Exception {
        Path dir = Fixtures.run(tmp, Fixtures.summary("x", "a:4"), Fixtures.BATSIM_HEADER,
                Fixtures.row("1", 0, 2, 0, 10, "0-1", "a"), Fixtures.row("2", 0, 2, 5, 15, "1-2", "a"));
        String printed = render(dir, new Reports.Options(null, false));
        assertTrue(printed.contains("INVALID schedule: 1 problem in 2 jobs\n"), printed);
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("<b>Invalid schedule</b>: 1 problem; the charts"), html);
        assertTrue(html.contains("<li>overlap: job 1 (line 2) and job 2 (line 3) both hold processor 1 of cluster a during [5, 10)</li>"), html);
        assertFalse(Files.exists(dir.resolve("report-images")));
    }

    @Test
    void aDiffNamesJobsThatMovedOrStartedEarlierOrLater() throws Exception {
        Path a = Fixtures.valid(tmp.resolve("a"));
        Path b = Fixtures.run(tmp.resolve("b"), Fixtures.summary("other", "a:4", "b:2"), Fixtures.BATSIM_HEADER + ",clusters",
                Fixtures.row("1", 0, 2, 0, 10, "0-1", "a") + ",a",
                Fixtures.row("2", 1, 2, 1, 5, "4-5", "b") + ",b", // moved to b
                Fixtures.row("3", 2, 2, 2, 9, "2-3", "a") + ",a", // 3 s earlier
                Fixtures.row("4", 3, 3, 7300, 7308, "0 4-5", "a") + ",a;b", // about 2 h later
                Fixtures.row("6", 4, 1, 10, 11, "0", "a") + ",a"); // 5 only in a, 6 only in b
        render(a, new Reports.Options(b, false));
        String html = Files.readString(a.resolve("report.html"));
        // the mean start difference as a duration too, the starts with separators (it said 1821.25 s; 7300, 7288)
        assertTrue(html.contains("4 ran in both; 1 ran on another cluster in other than in fixture; 1 only in fixture, 1 only in other;"
                + " mean start difference 1,821 s (00:30:21)."), html);
        JsonNode diff = data(html).get("diff");
        assertEquals("[0,0,0,1,2,0,0,1,0]", diff.get("counts").toString());
        assertTrue(html.contains("<tr><td>4</td><td>12</td><td>7,300</td><td>7,288 s (02:01:28)</td><td>a;b → a;b</td></tr>"), html);
        assertTrue(html.contains("<tr><td>3</td><td>5</td><td>2</td><td>-3 s</td><td>a → a</td></tr>"), html);
    }

    /** One job is "1 job", in the console and on the page (it was "valid schedule of 1 jobs", "1 jobs, 1 of them ran"). */
    @Test
    void oneJobIsCountedInTheSingular() throws Exception {
        Path dir = Fixtures.run(tmp.resolve("one"), Fixtures.summary("one", "a:4"), Fixtures.BATSIM_HEADER,
                Fixtures.row("1", 0, 2, 0, 10, "0-1", "a"));
        String printed = render(dir, new Reports.Options(null, false));
        assertTrue(printed.contains("jobs.csv: valid schedule of 1 job ("), printed);
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("jobs.csv: 1 job, which ran; platform a:4"), html);
        // a job holding 1 processor for the 2 it requested
        Fixtures.run(tmp.resolve("size"), Fixtures.summary("size", "a:4"), Fixtures.BATSIM_HEADER,
                Fixtures.row("1", 0, 2, 0, 10, "0", "a"), Fixtures.row("2", 0, 2, 0, 10, "1-2", "a"));
        printed = render(tmp.resolve("size"), new Reports.Options(null, false));
        assertTrue(printed.contains("INVALID schedule: 1 problem in 2 jobs\n"), printed);
        assertTrue(printed.contains("job 1 (line 2) holds 1 processor for 2 requested"), printed);
    }

    /**
     * A cluster that ran no job, as summary.json has it (a makespan of 0, its times null): the clusters' table says it
     * ran no job where it showed 0 for each (a cluster that finished at 0); a run that ran no job says so for its
     * makespan. summary.json is as the engine writes it.
     */
    @Test
    void aClusterThatRanNoJobSaysSo() throws Exception {
        String times = "\"makespan\": %s, \"first_start\": %s, \"last_finish\": %s, \"mean_wait\": %s, \"median_wait\": %s,"
                + " \"max_wait\": %s, \"mean_response_time\": %s, \"mean_slowdown\": %s, \"mean_bounded_slowdown\": %s,"
                + " \"bounded_slowdown_threshold\": 10, \"utilization\": %s, \"busy_processor_seconds\": %s";
        String used = String.format(times, "10", "0", "10", "0", "0", "0", "10", "1", "1", "0.5", "20");
        String idle = String.format(times, "0", "null", "null", "null", "null", "null", "null", "null", "null", "0", "0");
        Path dir = Fixtures.run(tmp.resolve("idle"), "{\"run\": {\"name\": \"x\", \"platform\": [{\"name\": \"a\", \"processors\": 4},"
                + " {\"name\": \"b\", \"processors\": 2}]}, \"jobs\": {\"read\": 1, \"simulated\": 1}, " + used + ", \"clusters\": {"
                + "\"a\": {\"processors\": 4, \"speed\": 1, \"jobs\": {\"simulated\": 1, \"killed\": 0}, " + used + "},"
                + " \"b\": {\"processors\": 2, \"speed\": 1, \"jobs\": {\"simulated\": 0, \"killed\": 0}, " + idle + "}}}",
                Fixtures.BATSIM_HEADER, Fixtures.row("1", 0, 2, 0, 10, "0-1", "a"));
        render(dir, new Reports.Options(null, false));
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("<tr><td>a</td><td>4</td><td>1</td><td>10</td><td>0</td><td>10</td><td>0</td><td>0</td><td>0</td>"
                + "<td>10</td><td>1</td><td>1</td><td>10</td><td>0.5</td><td>20</td></tr>"), html);
        assertTrue(html.contains("<tr><td>b</td><td>2</td><td>1</td><td class=\"none\" colspan=\"9\">ran no job</td><td>10</td>"
                + "<td>0</td><td>0</td></tr>"), html);
        assertTrue(html.contains("<tr><td>makespan</td><td>10</td></tr>"), html);

        Path none = Fixtures.run(tmp.resolve("none"), "{\"run\": {\"name\": \"x\", \"platform\": [{\"name\": \"a\", \"processors\": 4}]},"
                + " \"jobs\": {\"read\": 1, \"simulated\": 1, \"rejected_by_reason\": {\"too_wide\": 1}}, " + idle + "}",
                Fixtures.BATSIM_HEADER);
        render(none, new Reports.Options(null, false));
        html = Files.readString(none.resolve("report.html"));
        assertTrue(html.contains("<tr><td>makespan</td><td>no job ran</td></tr>"), html);
    }

    /** Jobs are matched by id: a diff against a run of another workload says so (it compared them without a word). */
    @Test
    void aDiffAgainstAnotherWorkloadWarns() throws Exception {
        Path a = Fixtures.valid(tmp.resolve("a"));
        Path b = Fixtures.valid(tmp.resolve("b"));
        String summary = Files.readString(a.resolve("summary.json"));
        Files.writeString(a.resolve("summary.json"), summary.replace("\"run\": {", "\"run\": {\"seed\": 1, \"workload\": {\"generator\": \"lublin99\"}, "));
        Files.writeString(b.resolve("summary.json"), summary.replace("\"run\": {", "\"run\": {\"seed\": 2, \"workload\": {\"generator\": \"lublin99\"}, "));
        String printed = render(a, new Reports.Options(b, false));
        assertTrue(printed.contains("warning: the two runs are of different workloads (fixture: {\"generator\":\"lublin99\"} seed 1; fixture:"
                + " {\"generator\":\"lublin99\"} seed 2); jobs are matched by id"), printed);
        assertTrue(Files.readString(a.resolve("report.html")).contains("<p class=\"warn\">Warning: the two runs are of different workloads"));
        Files.writeString(b.resolve("summary.json"), Files.readString(a.resolve("summary.json")));
        assertFalse(render(a, new Reports.Options(b, false)).contains("warning"), "the same workload and seed");
    }

    @Test
    void aMatrixGetsBoxPlotsPerAxisAndItsTables() throws Exception {
        Files.writeString(tmp.resolve("matrix.csv"), "batch,platform,seed,mean_wait,utilization\n"
                + "fcfs,p1,1,10,0.5\nfcfs,p1,2,20,0.6\nfcfs,p2,1,30,0.7\neasy,p1,1,1,0.5\neasy,p2,1,3,0.8\n");
        Files.writeString(tmp.resolve("tables.md"), "# mean_wait\n\n| batch | p1 | p2 |\n|---|---:|---:|\n| fcfs | 15 | 30 |\n| easy | 1 | 3 |\n");
        render(tmp, Reports.Options.defaults());
        String html = Files.readString(tmp.resolve("report.html"));
        JsonNode m = data(html).get("matrix");
        assertEquals(4, m.size()); // 2 metrics x 2 axes
        assertEquals("mean_wait by batch", m.at("/0/title").asText());
        assertEquals("[10,15,20,25,30]", m.at("/0/boxes/0").toString()); // fcfs: 10, 20, 30
        assertEquals("[[0,10],[0,20],[0,30],[1,1],[1,3]]", m.at("/0/points").toString());
        assertTrue(html.contains("<table class=\"matrix\"><tr><th>batch</th><th>p1</th><th>p2</th></tr>\n<tr><td>fcfs</td><td>15</td>"));
        assertNotNull(ImageIO.read(tmp.resolve("report-images/box-mean_wait-by-batch.png").toFile()));
    }

    /**
     * Failures and switched-off processors reach the Gantt charts' data with platform-wide ids (b's 0-1 are 4-5), and
     * energy.csv's series are added up over the clusters (see {@link Fixtures#failing}); a run without these files has no
     * such data, legend or chart.
     */
    @Test
    void failuresPowerStatesEnergyAndCarbonAreInTheReport() throws Exception {
        Path dir = Fixtures.failing(tmp.resolve("failing"));
        render(dir, Reports.Options.defaults());
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("<div class=\"controls\" id=\"unavailable-legend\">"), "the legend of unavailable processors");
        assertTrue(html.contains("switched off") && html.contains("4 intervals in unavailable.csv"), html);
        assertTrue(html.contains("<div id=\"chart-energy\"") && html.contains("<div id=\"chart-carbon\""));
        JsonNode d = data(html);
        assertEquals("[\"failed\",\"off\",\"switching_on\",\"switching_off\"]", d.at("/unavailable/states").toString());
        assertEquals("[[0,20,30,0,0,1],[0,100,110,3,3,1],[1,150,180,2,4,2],[0,110,200,1,3,1]]",
                d.at("/unavailable/intervals").toString());
        JsonNode e = d.get("energy");
        assertEquals("[0,100]", e.get("from").toString());
        assertEquals("[100,200]", e.get("to").toString());
        assertEquals("[200,100]", e.get("busy").toString());
        assertEquals("[30,30]", e.get("idle").toString());
        assertEquals("[1,1]", e.get("off").toString());
        assertEquals("[0,400]", e.get("switching").toString());
        assertEquals("[23100,76200]", e.get("joules").toString());
        assertEquals("[83.16,191.16]", e.get("gph").toString());
        assertEquals("[2.31,7.62]", e.get("grams").toString());
        assertEquals("[[75.96,11.16],[7.2,180]]", e.get("clusterGph").toString());

        // the PNG files show them too: the energy and carbon charts, and the hatched intervals on the Gantt charts
        Path images = dir.resolve("report-images");
        assertTrue(html.contains("report-images/energy.png") && html.contains("report-images/carbon.png"), "listed on the page");
        for (String f : new String[] {"energy.png", "carbon.png"}) {
            var img = ImageIO.read(images.resolve(f).toFile());
            assertNotNull(img, f);
            assertTrue(img.getWidth() >= 700 && img.getHeight() >= 300, f);
        }
        assertEquals(new java.awt.Color(0x4e79a7).getRGB(), pixelMost(ImageIO.read(images.resolve("energy.png").toFile()), 0x4e79a7, 0xf28e2b),
                "the busy band (the page's blue) is the largest: 300 of the 330 W over the window");
        assertTrue(count(ImageIO.read(images.resolve("gantt-a.png").toFile()), 0xd62728) > 0, "a's failed processor, in the page's red");
        assertTrue(count(ImageIO.read(images.resolve("gantt-a.png").toFile()), 0x3b3b3b) > 0, "a's processor switched off");

        Path plain = Fixtures.valid(tmp.resolve("plain"));
        render(plain, Reports.Options.defaults());
        assertFalse(Files.exists(plain.resolve("report-images/energy.png")), "no energy chart without energy.csv");
        String p = Files.readString(plain.resolve("report.html"));
        assertFalse(p.contains("id=\"unavailable-legend\"") || p.contains("<div id=\"chart-energy\""), "nothing new on a run without the files");
        assertFalse(data(p).has("unavailable") || data(p).has("energy"));
    }

    /**
     * The PNG histograms label their bins to three digits with separators, as the page does (1,000-1333.5 mixed
     * both), and count jobs on whole ticks (0.1 jobs was a tick).
     */
    @Test
    void thePngHistogramsHaveReadableEdgesAndWholeJobs() throws Exception {
        Path dir = Fixtures.run(tmp.resolve("h"), Fixtures.summary("h", "a:4"), Fixtures.BATSIM_HEADER,
                Fixtures.row("1", 0, 2, 0, 10, "0-1", "a"), Fixtures.row("2", 0, 2, 5000, 5001, "0-1", "a"));
        JobsTable t = JobsTable.read(dir.resolve("jobs.csv"), null);
        var chart = StaticCharts.histogram(Distribution.slowdown(t), "slowdown");
        var plot = chart.getCategoryPlot();
        assertTrue(plot.getDataset().getColumnKeys().contains("1,000-1,330"), plot.getDataset().getColumnKeys().toString());
        assertTrue(plot.getDataset().getColumnKeys().contains("1.33-1.78"), plot.getDataset().getColumnKeys().toString());
        assertEquals(1.0, ((org.jfree.chart.axis.NumberAxis) plot.getRangeAxis()).getStandardTickUnits().getCeilingTickUnit(0.1).getSize(),
                "jobs on whole ticks");
    }

    /**
     * The legend above the Gantt charts lists the states unavailable.csv has: a run with failures and no power
     * management showed 'switched off', 'switching on' and 'switching off' beside 'failed', which it never had.
     */
    @Test
    void theLegendOfUnavailableProcessorsListsTheStatesTheFileHas() throws Exception {
        Path dir = Fixtures.failing(tmp.resolve("failures-only"));
        Files.writeString(dir.resolve("unavailable.csv"), "cluster,from,to,state,processors\na,20,30,failed,0\nb,0,10,failed,1\n");
        render(dir, Reports.Options.defaults());
        String html = Files.readString(dir.resolve("report.html"));
        Matcher legend = Pattern.compile("<div class=\"controls\" id=\"unavailable-legend\">(.*?)</div>").matcher(html);
        assertTrue(legend.find(), html);
        assertTrue(legend.group(1).contains("failed (until repaired)"), legend.group(1));
        assertFalse(legend.group(1).contains("switched off") || legend.group(1).contains("switching"), legend.group(1));

        Path all = Fixtures.failing(tmp.resolve("all"));
        render(all, Reports.Options.defaults());
        String both = Files.readString(all.resolve("report.html"));
        for (String label : RunPage.UNAVAILABLE_LABELS.values()) {
            assertTrue(both.contains(label), label);
        }
    }

    /**
     * The summary table has summary.json's job counts (read, killed, rejected by reason) and a reallocation run's
     * comparison with its reference run, named by their path as matrix metrics and the docs name them: the table
     * had the top-level numbers only, so a page said '3 jobs, 1 of them ran' and not why.
     */
    @Test
    void theSummaryHasTheJobCountsAndTheComparison() throws Exception {
        Path dir = Fixtures.run(tmp.resolve("counts"), "{\"run\": {\"name\": \"x\", \"platform\": [{\"name\": \"a\", \"processors\": 4}],"
                + " \"seed\": 3}, \"jobs\": {\"read\": 3, \"simulated\": 1, \"skipped\": 0, \"skipped_by_reason\": {}, \"killed\": 1,"
                + " \"rejected_by_reason\": {\"no_partition\": 2}}, \"makespan\": 10, \"comparison\": {\"jobs_impacted\": 7,"
                + " \"relative_average_response_time\": 0.9026655370177268}, \"plugins\": {\"batch easy\": \"x 1\"}}",
                Fixtures.BATSIM_HEADER, Fixtures.row("1", 0, 2, 0, 10, "0-1", "a"));
        render(dir, Reports.Options.defaults());
        String html = Files.readString(dir.resolve("report.html"));
        Matcher table = Pattern.compile("<table id=\"summary\">(.*?)</table>", Pattern.DOTALL).matcher(html);
        assertTrue(table.find(), html);
        assertEquals("<tr><th>metric</th><th>value</th></tr>\n"
                + "<tr><td>jobs.read</td><td>3</td></tr>\n"
                + "<tr><td>jobs.simulated</td><td>1</td></tr>\n"
                + "<tr><td>jobs.skipped</td><td>0</td></tr>\n"
                + "<tr><td>jobs.killed</td><td>1</td></tr>\n"
                + "<tr><td>jobs.rejected_by_reason.no_partition</td><td>2</td></tr>\n"
                + "<tr><td>makespan</td><td>10</td></tr>\n"
                + "<tr><td>comparison.jobs_impacted</td><td>7</td></tr>\n"
                + "<tr><td>comparison.relative_average_response_time</td><td>0.90267</td></tr>\n", table.group(1));
    }

    /**
     * The Gantt charts draw unavailable.csv's first {@link Unavailability#MAX_INTERVALS} intervals: when some are left
     * out, the page and each PNG say how many were drawn of how many in the file (the PNG said only how many it drew).
     */
    @Test
    void theGanttChartsSayHowManyUnavailableIntervalsWereLeftOut() throws Exception {
        Path dir = Fixtures.failing(tmp.resolve("many"));
        StringBuilder csv = new StringBuilder("cluster,from,to,state,processors\n");
        for (int i = 0; i < Unavailability.MAX_INTERVALS; i++) {
            csv.append("b,").append(i % 100).append(",").append(i % 100).append(".5,failed,0\n");
        }
        csv.append("b,120,130,off,1\na,20,30,failed,0\n"); // beyond the first MAX_INTERVALS: left out
        Files.writeString(dir.resolve("unavailable.csv"), csv);
        render(dir, new Reports.Options(null, false));
        assertTrue(Files.readString(dir.resolve("report.html")).contains("200,002 intervals in unavailable.csv; the first 200,000 are drawn"));
        RunDir run = RunDir.open(dir);
        assertEquals("Gantt chart of b; 200,000 of 200,001 intervals of unavailable processors drawn (hatched)",
                StaticCharts.ganttChart(run.jobs, run.unavailable, 1).getTitle().getText());
        assertEquals("Gantt chart of a; 0 of 1 intervals of unavailable processors drawn (hatched)",
                StaticCharts.ganttChart(run.jobs, run.unavailable, 0).getTitle().getText());
        Files.writeString(dir.resolve("unavailable.csv"), "cluster,from,to,state,processors\nb,120,130,off,1\n");
        run = RunDir.open(dir);
        assertEquals("Gantt chart of b; 1 interval of unavailable processors (hatched)",
                StaticCharts.ganttChart(run.jobs, run.unavailable, 1).getTitle().getText(), "none left out: as before");
        assertEquals("Gantt chart of a", StaticCharts.ganttChart(run.jobs, run.unavailable, 0).getTitle().getText());
    }

    @Test
    void badUnavailabilityOrEnergyFilesNameFileLineAndField() throws Exception {
        Path dir = Fixtures.failing(tmp.resolve("bad"));
        Files.writeString(dir.resolve("unavailable.csv"), "cluster,from,to,state,processors\na,20,30,failed,0\nc,1,2,off,0\n");
        assertBad(dir, "unavailable.csv:3: cluster");
        Files.writeString(dir.resolve("unavailable.csv"), "cluster,from,to,state,processors\na,20,30,broken,0\n");
        assertBad(dir, "unavailable.csv:2: state");
        Files.writeString(dir.resolve("unavailable.csv"), "cluster,from,to,state,processors\nb,20,30,off,2\n");
        assertBad(dir, "unavailable.csv:2: processors");
        Files.delete(dir.resolve("unavailable.csv"));
        Files.writeString(dir.resolve("energy.csv"), EnergySeries.HEADER + "\n0,100,a,200,x,1,0,21100\n");
        assertBad(dir, "energy.csv:2: idle_watts");
    }

    private void assertBad(Path dir, String expected) {
        org.gridsched.api.InputException e = org.junit.jupiter.api.Assertions.assertThrows(org.gridsched.api.InputException.class,
                () -> render(dir, Reports.Options.defaults()));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
