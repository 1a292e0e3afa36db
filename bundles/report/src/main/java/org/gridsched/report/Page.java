package org.gridsched.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One self-contained HTML page: static HTML (tables a reader sees even without scripts), the data of its charts
 * as JSON, and the scripts and styles inlined, ECharts included with its licence and notice. No network, no
 * timestamp: the same data give the same bytes.
 */
final class Page {
    static final String ECHARTS = "/META-INF/resources/webjars/echarts/5.3.1/";

    final StringBuilder body = new StringBuilder(1 << 14);
    final Map<String, Object> data = new LinkedHashMap<>();
    private final String title;

    Page(String title) {
        this.title = title;
    }

    Page html(String s) {
        body.append(s);
        return this;
    }

    Page text(String s) {
        body.append(esc(s));
        return this;
    }

    static String esc(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    static String resource(String path) {
        try (InputStream in = Page.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("resource " + path + " is missing from the report bundle");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String render() {
        String json = Json.of(data);
        StringBuilder sb = new StringBuilder(json.length() + 1_200_000);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(esc(title)).append("</title>\n<style>\n").append(resource("report.css"))
                .append("</style>\n</head>\n<body>\n<script>\n").append(resource("errors.js")).append("</script>\n")
                .append("<pre id=\"report-errors\"></pre>\n")
                .append(body)
                .append("<div id=\"report-status\"></div>\n")
                .append("<footer class=\"muted\"><p>Written by gridsched report. Charts: Apache ECharts 5.3.1 (Apache License 2.0, ")
                .append("inlined below with its licence and notice); Gantt charts drawn by the report's own script.</p></footer>\n")
                .append("<!--\n").append(resource(ECHARTS + "NOTICE").replace("--", "- -")).append("\n")
                .append(resource(ECHARTS + "LICENSE").replace("--", "- -")).append("\n-->\n")
                .append("<script>\n").append(resource(ECHARTS + "dist/echarts.min.js").replace("</script", "<\\/script"))
                .append("\n</script>\n<script type=\"application/json\" id=\"report-data\">").append(json).append("</script>\n")
                .append("<script>\n").append(resource("report.js")).append("</script>\n</body>\n</html>\n");
        return sb.toString();
    }
}
