package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.SimTime;
import org.gridsched.api.workload.JobRecord;
import org.junit.jupiter.api.Test;

/** Issue 25, point 1: instants that are equal in exact arithmetic are one instant of the simulation. */
class ExactTimeTest {

    private static JobRecord job(long id, double runtime, int procs) {
        return new JobRecord().set(id, 0, runtime, runtime, procs);
    }

    /**
     * On a speed-1.1 cluster of 2 processors: one processor runs 1000 s then 1002 s of reference work, the other
     * 2002 s; both chains end at 2002 / 1.1 = 1820 s. In floating point 1000 / 1.1 + 1002 / 1.1 and 2002 / 1.1
     * differ, and a 2-processor job waiting for both started at the later one, after two end events.
     */
    @Test
    void twoChainsOfEndsOnASpeedElevenTenthsClusterMeetInOneInstant() {
        List<String> calls = new ArrayList<>();
        Platform p = new Platform(List.of(new ClusterSpec("c", 2, 1.1)));
        SimulationTest.Greedy[] scheduler = new SimulationTest.Greedy[1];
        SimulationResult r = new Simulation(p, c -> scheduler[0] = new SimulationTest.Greedy(c), List.of(), new Simulation.Settings())
                .run(new ListJobSource("w", List.of(job(1, 1000, 1), job(2, 2002, 1), job(3, 1002, 1), job(4, 11, 2))));
        SimJob second = r.jobs().get(2);
        SimJob single = r.jobs().get(1);
        SimJob wide = r.jobs().get(3);
        assertTrue(1000 / 1.1 + 1002 / 1.1 != 2002 / 1.1, "the case floating point gets wrong");
        assertEquals(single.finish, second.finish, "both chains end at one instant");
        assertEquals(1820, second.finish);
        assertEquals(SimTime.ticks(2002 / 1.1), SimTime.ticks(1000 / 1.1) + SimTime.ticks(1002 / 1.1), "elevenths are whole ticks");
        assertEquals(second.finish, wide.start, "the 2-processor job starts at that instant");
        assertEquals(SimTime.add(wide.start, 10), wide.finish, "11 s of reference work take exactly 10 s at speed 1.1");
        List<String> ends = scheduler[0].calls.stream().filter(s -> s.startsWith("end")).toList();
        assertEquals(4, ends.size());
        assertEquals(ends.get(1).substring(ends.get(1).indexOf('@')), ends.get(2).substring(ends.get(2).indexOf('@')),
                "the policy sees both ends at the same now: " + ends);
    }

    /** Grid arithmetic: sums and differences of grid values are exact, in any order. */
    @Test
    void sumsOfGridValuesDoNotDependOnTheirOrder() {
        double a = SimTime.of(1600 * 4.0 / 3);
        double b = SimTime.of(2000 * 4.0 / 3);
        double fiveA = 0;
        double fourB = 0;
        for (int i = 0; i < 5; i++) {
            fiveA = SimTime.add(fiveA, a);
        }
        for (int i = 0; i < 4; i++) {
            fourB = SimTime.add(fourB, b);
        }
        assertEquals(fiveA, fourB, "5 x 1600 x 4/3 = 4 x 2000 x 4/3");
        assertEquals(SimTime.of(32000.0 / 3), fiveA);
        java.util.SplittableRandom random = new java.util.SplittableRandom(1);
        for (int i = 0; i < 100_000; i++) {
            long x = random.nextLong(0, (long) (SimTime.EXACT_LIMIT / 2 * SimTime.TICKS_PER_SECOND));
            long y = random.nextLong(0, (long) (SimTime.EXACT_LIMIT / 2 * SimTime.TICKS_PER_SECOND));
            double gx = x / SimTime.TICKS_PER_SECOND;
            double gy = y / SimTime.TICKS_PER_SECOND;
            assertEquals(x + y, SimTime.ticks(SimTime.add(gx, gy)));
            assertEquals((x + y) / SimTime.TICKS_PER_SECOND, SimTime.add(gx, gy));
            assertEquals(gx, SimTime.sub(SimTime.add(gx, gy), gy));
        }
    }

    @Test
    void gridValuesPrintInTheirShortestDecimalForm() {
        assertEquals("2200", SimTime.format(SimTime.of(2000 * 1.1)));
        assertEquals("1652.2", SimTime.format(SimTime.of(1502 * 1.1)));
        assertEquals("2133.33333", SimTime.format(SimTime.of(1600 * 4.0 / 3))); // within half a tick of 6400/3
        assertEquals("0.5", SimTime.format(0.5));
        assertEquals("", SimTime.format(Double.NaN));
        for (double v : new double[] {SimTime.of(1502 * 1.1), SimTime.of(1600 * 4.0 / 3), SimTime.of(0.1234567), SimTime.RESOLUTION}) {
            assertEquals(v, SimTime.of(Double.parseDouble(SimTime.format(v))), "reads back: " + SimTime.format(v));
        }
    }

    /**
     * {@link SimTime#append} skips the counts of decimals whose nearest number is over a tick from the instant
     * without its floating-point test; it must print exactly what the plain search (every count of decimals from
     * one, tested in turn) prints. Random instants over the whole exact range, numbers with 1-6 decimals, ties
     * (x.0025 is exactly 346.5 ticks from a tick), negative values.
     */
    @Test
    void appendPrintsWhatThePlainSearchPrints() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(25);
        long[] pow = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};
        StringBuilder fast = new StringBuilder();
        for (int i = 0; i < 600_000; i++) {
            int d = r.nextInt(1, 7);
            double v = switch (i % 5) {
                case 0 -> SimTime.of(Math.exp(r.nextDouble(-12, 22.87))); // up to about 8.6e9 s
                case 1 -> r.nextLong(0, 1_190_000_000_000_000L) / SimTime.TICKS_PER_SECOND;
                case 2 -> SimTime.of((double) r.nextLong(0, 8_000_000_000L) / pow[d]);
                case 3 -> SimTime.of((double) (r.nextLong(0, 1_000_000L) * 50 + 25) / pow[d]);
                default -> -SimTime.of(r.nextDouble() * 1e6);
            };
            fast.setLength(0);
            SimTime.append(fast, v);
            assertEquals(plainSearch(v, pow), fast.toString(), "instant " + v);
        }
    }

    /** The shortest decimal of a grid value as SimTime.append defines it, searched count by count. */
    private static String plainSearch(double v, long[] pow) {
        if (v == Math.rint(v)) {
            return Long.toString((long) v);
        }
        for (int d = 1; d < pow.length; d++) {
            long scaled = (long) Math.rint(v * pow[d]);
            if (SimTime.of((double) scaled / pow[d]) == v) {
                String digits = Long.toString(Math.abs(scaled) % pow[d]);
                return (scaled < 0 ? "-" : "") + Math.abs(scaled) / pow[d] + "." + "0".repeat(d - digits.length()) + digits;
            }
        }
        return org.gridsched.api.Decimals.shortest(v);
    }
}
