package org.gridsched.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.gridsched.engine.EnergyFailureScenario;
import org.gridsched.engine.ResultWriter;
import org.gridsched.engine.SimulationResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * From the engine to the page: the hand-computed run of the engine's EnergyFailureScenario (c:4, 10/100/1 W idle/busy/off,
 * switching on 30 s and 200 J, off 10 s and 50 J, timeout 100 s, 360 g/kWh; job 1 killed at 20 by processor 0's
 * failure over [20, 30) and run again on 1-2 over [20, 70); processors switched off from 100, 130 and 170; job 2 on 0-1
 * over [330, 430) after their switch-on over [300, 330)) is written as a run folder, and its report carries the
 * unavailable intervals and the series with the values computed there: 39,650 J and 3.965 g in all.
 */
class EngineRunReportTest {
    @TempDir
    Path tmp;

    @Test
    void aRunWithAFailureAndSwitchedOffProcessorsReachesTheReport() throws Exception {
        SimulationResult r = EnergyFailureScenario.run();
        Path dir = tmp.resolve("run");
        ResultWriter.write(r, ResultWriter.report(r, null, null), dir);
        Reports.report(dir, new Reports.Options(null, false), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        JsonNode d = ReportTest.data(Files.readString(dir.resolve("report.html")));
        // cluster, from, to, state (failed, off, switching_on, switching_off), then [first, count] pairs
        assertEquals("[[0,20,30,0,0,1],[0,100,110,3,3,1],[0,130,140,3,0,1],[0,170,180,3,1,2],[0,140,300,1,0,1],[0,180,300,1,1,1],"
                + "[0,300,330,2,0,2],[0,530,540,3,0,2],[0,110,430,1,3,1],[0,180,430,1,2,1]]", d.at("/unavailable/intervals").toString());
        JsonNode e = d.get("energy");
        assertEquals(860, e.get("from").size(), "half-second intervals over [0, 430]");
        // [0, 0.5): jobs on 0-1, 2-3 idle; [20, 20.5): 1-2 busy, 0 down, 3 idle; [300, 300.5): 0-1 switching on, 2-3 off
        assertEquals(200, e.get("busy").get(0).asDouble());
        assertEquals(20, e.get("idle").get(0).asDouble());
        assertEquals(10, e.get("idle").get(40).asDouble());
        assertEquals(800, e.get("switching").get(600).asDouble());
        assertEquals(2, e.get("off").get(600).asDouble());
        assertEquals(39_650, e.get("joules").get(859).asDouble());
        assertEquals(3.965, e.get("grams").get(859).asDouble());
        assertEquals(79.2, e.get("gph").get(0).asDouble(), "220 W at 360 g/kWh");
    }
}
