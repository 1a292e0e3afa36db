package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

class ConsoleTextTest {
    @Test
    void durationsShowSecondsAndAClockFromAMinuteOn() {
        assertEquals("0 s", org.gridsched.report.Words.duration(0));
        assertEquals("12.5 s", org.gridsched.report.Words.duration(12.5));
        assertEquals("60 s (00:01:00)", org.gridsched.report.Words.duration(60));
        assertEquals("5,282,045 s (61d 03:14:05)", org.gridsched.report.Words.duration(5_282_045));
        assertEquals("86,400 s (1d 00:00:00)", org.gridsched.report.Words.duration(86_399.6), "rounded to the second");
        assertEquals("n/a", org.gridsched.report.Words.duration(Double.NaN));
    }

    @Test
    void energyAndCarbonInUnitsAPersonReads() {
        assertEquals("500.0 Wh", ConsoleText.energy(1_800_000));
        assertEquals("278.5 MWh", ConsoleText.energy(1.0024785806502876E12));
        assertEquals("1.0 MWh", ConsoleText.energy(999.96 * 3.6e6), "not 1,000.0 kWh");
        assertEquals("0.0 Wh", ConsoleText.energy(0));
        assertEquals("250.0 g", ConsoleText.carbon(250));
        assertEquals("123.4 t", ConsoleText.carbon(123.4e6));
        assertEquals("4.9 %", ConsoleText.percent(4.8942864132589745E10, 1.0024785806502876E12));
        assertEquals("0.0 %", ConsoleText.percent(0, 0), "a share of nothing");
    }

    @Test
    void percentilesAreNearestRank() {
        double[] v = new double[100];
        for (int i = 0; i < 100; i++) {
            v[i] = 100 - i; // 100 .. 1, sorted by sortedPrefix
        }
        ConsoleText.sortedPrefix(v, 100);
        assertEquals(50, ConsoleText.percentile(v, 100, 50));
        assertEquals(95, ConsoleText.percentile(v, 100, 95));
        assertEquals(99, ConsoleText.percentile(v, 100, 99));
        assertEquals(1, ConsoleText.percentile(v, 1, 99), "only the first n values count");
        assertTrue(Double.isNaN(ConsoleText.percentile(v, 0, 50)));
    }

    @Test
    void longListsWrapUnderTheirFirstItemWithinTheWidth() {
        List<String> items = Collections.nCopies(12, "p99 338,592 s (3d 22:03:12)");
        List<String> lines = ConsoleText.wrap("  wait: ", items);
        assertTrue(lines.size() > 1, lines.toString());
        lines.forEach(l -> assertTrue(l.length() <= ConsoleText.WIDTH, l));
        assertTrue(lines.get(1).startsWith("        p99"), lines.get(1));
        assertEquals(12, String.join(" ", lines).split("p99", -1).length - 1, "every item is kept");
        assertEquals(List.of("  a; b"), ConsoleText.wrap("  ", List.of("a", "b")));
    }

    /** The write phase of a long run is shown; a short run stays silent. */
    @Test
    void longRunsSayTheyAreWritingTheirResults() throws InterruptedException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.io.PrintStream err = new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
        new ProgressBar(err, false, "short").writing(5);
        assertEquals("", bytes.toString(java.nio.charset.StandardCharsets.UTF_8));
        ProgressBar bar = new ProgressBar(err, false, "long");
        Thread.sleep(1100);
        bar.writing(1_000_000);
        assertEquals("long: simulated; writing the results of 1,000,000 jobs..." + System.lineSeparator(),
                bytes.toString(java.nio.charset.StandardCharsets.UTF_8));
    }
}
