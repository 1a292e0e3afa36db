package org.gridsched.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.DoubleFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RandomBrokeringTest {

    /** The paper's platform P4 (spec §3.1). */
    private static final int[] CPUS = {16, 8, 8, 4};
    private static final double[] SPEEDS = {0.8, 1.0, 0.6, 1.0};
    private static final double LAMBDA = 0.5;
    private static final double C = 29.6;

    /** The paper's way of setting the load: fixed lambda = 0.5, mean virtual length nu C / lambda = 59.2 nu. */
    private static double meanFor(double nu) {
        return 59.2 * nu;
    }

    private static RandomBrokering p4(LengthDistribution lengths) {
        return new RandomBrokering(CPUS, SPEEDS, LAMBDA, lengths);
    }

    @Test
    void platformDescription() {
        RandomBrokering m = p4(LengthDistribution.exponential(meanFor(0.8)));
        assertEquals(4, m.elements());
        assertEquals(C, m.virtualProcessors(), 1e-12);
        assertEquals(0.8, m.load(), 1e-12);
        assertEquals(RandomBrokering.Weighting.PROCESSORS_TIMES_SPEED, m.weighting());
        assertTrue(m.balanced());
        assertTrue(m.exactForLengths());
        assertFalse(p4(LengthDistribution.constant(10)).exactForLengths());
        assertEquals(16, m.cpus(0));
        assertEquals(0.6, m.speed(2));
        assertEquals(LAMBDA, m.arrivalRate());
        for (int i = 0; i < 4; i++) {
            assertEquals(0.8, m.load(i), 1e-12);
            assertEquals(SPEEDS[i] / meanFor(0.8), m.serviceRate(i), 1e-15);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> m.load(4));
        assertThrows(IndexOutOfBoundsException.class, () -> m.meanQueueLength(-1));
    }

    @Test
    void dispatchFractionsAndArrivalRates() {
        RandomBrokering m = p4(LengthDistribution.constant(10));
        String[] p = {"0.43243", "0.27027", "0.16216", "0.13514"};
        String[] lambdaI = {"0.21622", "0.13514", "0.08108", "0.06757"};
        double sum = 0;
        for (int i = 0; i < 4; i++) {
            assertEquals(Double.parseDouble(p[i]), m.dispatchFraction(i), 5e-6, "p_" + i);
            assertEquals(Double.parseDouble(lambdaI[i]), m.arrivalRate(i), 5e-6, "lambda_" + i);
            sum += m.dispatchFraction(i);
        }
        assertEquals(1.0, sum, 1e-15);
    }

    /** The non-saturated table of spec §3.3 (exponential lengths; shifted exponential alpha = 5e-4 for SD). */
    @ParameterizedTest(name = "nu={0} CE{1}")
    @CsvSource({
        // nu, CE, c, s, lambda_i, E[Q_i], P(wait), W_i, busy, E[SD_i]
        "0.5, 1, 16, 0.8, 0.21622, 0.0090, 0.0090, 0.042, 8.00, 1.2599",
        "0.5, 2, 8, 1.0, 0.13514, 0.0590, 0.0590, 0.437, 4.00, 1.1038",
        "0.5, 3, 8, 0.6, 0.08108, 0.0590, 0.0590, 0.728, 4.00, 1.8396",
        "0.5, 4, 4, 1.0, 0.06757, 0.1739, 0.1739, 2.574, 2.00, 1.6114",
        "0.7, 1, 16, 0.8, 0.21622, 0.3026, 0.1297, 1.399, 11.20, 1.4874",
        "0.7, 2, 8, 1.0, 0.13514, 0.6314, 0.2706, 4.672, 5.60, 1.7927",
        "0.7, 3, 8, 0.6, 0.08108, 0.6314, 0.2706, 7.787, 5.60, 2.9879",
        "0.7, 4, 4, 1.0, 0.06757, 1.0002, 0.4287, 14.803, 2.80, 3.5115",
        "0.8, 1, 16, 0.8, 0.21622, 1.2195, 0.3049, 5.640, 12.80, 2.0873",
        "0.8, 2, 8, 1.0, 0.13514, 1.8306, 0.4576, 13.546, 6.40, 3.0110",
        "0.8, 3, 8, 0.6, 0.08108, 1.8306, 0.4576, 22.577, 6.40, 5.0183",
        "0.8, 4, 4, 1.0, 0.06757, 2.3857, 0.5964, 35.309, 3.20, 6.2417",
        "0.9, 1, 16, 0.8, 0.21622, 5.3221, 0.5913, 24.615, 14.40, 4.4981",
        "0.9, 2, 8, 1.0, 0.13514, 6.3138, 0.7015, 46.722, 7.20, 7.1653",
        "0.9, 3, 8, 0.6, 0.08108, 6.3138, 0.7015, 77.870, 7.20, 11.9422",
        "0.9, 4, 4, 1.0, 0.06757, 7.0898, 0.7878, 104.929, 3.60, 14.8462",
    })
    void nonSaturatedTable(double nu, int ce, int c, double s, String lambdaI, String queue, String pWait,
            String wait, String busy, String slowdown) {
        int i = ce - 1;
        RandomBrokering exp = p4(LengthDistribution.exponential(meanFor(nu)));
        String row = "nu=" + nu + " CE" + ce + " ";
        assertEquals(c, exp.cpus(i));
        assertEquals(s, exp.speed(i));
        Printed.assertMatches(lambdaI, exp.arrivalRate(i), row + "lambda_i");
        Printed.assertMatches(queue, exp.meanQueueLength(i), row + "E[Q_i]");
        Printed.assertMatches(pWait, exp.probabilityOfWaiting(i), row + "P(wait)");
        Printed.assertMatches(wait, exp.meanWait(i), row + "W_i");
        Printed.assertMatches(busy, exp.busyCpus(i), row + "busy");
        // the exponential law has E[1/m] = infinity: its mean slowdown is infinite
        assertEquals(Double.POSITIVE_INFINITY, exp.meanSlowdown(i));

        RandomBrokering shifted = p4(LengthDistribution.shiftedExponential(meanFor(nu), 5e-4));
        assertFalse(shifted.exactForLengths());
        // the paper's approximation keeps the M/M/c queue for shifted-exponential lengths
        assertEquals(exp.meanWait(i), shifted.meanWait(i), 1e-9 * exp.meanWait(i));
        Printed.assertMatches(slowdown, shifted.meanSlowdown(i), row + "E[SD_i] (Lemma 6.1)");

        // the explicit Lemma 6.1 form: (1/(c_i s_i)) b (nu c)^c / (c! (1-nu)^2) K + 1/s_i
        MMcQueue q = shifted.queue(i);
        double lemma61 = q.probabilityOfWaiting() / (1 - nu) / (c * s) * shifted.lengths().k() + 1 / s;
        assertEquals(lemma61, shifted.meanSlowdown(i), 1e-12 * lemma61);
    }

    @Test
    void queueLengthDoesNotDependOnSpeedButWaitDoes() {
        RandomBrokering m = p4(LengthDistribution.exponential(meanFor(0.8)));
        assertEquals(m.meanQueueLength(1), m.meanQueueLength(2), 1e-12);
        assertEquals(1 / 0.6, m.meanWait(2) / m.meanWait(1), 1e-12);
        // inversion, nu < 1 side: the element with fewest CPUs has the longest queue
        assertTrue(m.meanQueueLength(3) > m.meanQueueLength(1));
        assertTrue(m.meanQueueLength(1) > m.meanQueueLength(0));
    }

    @Test
    void slowdownTendsToInverseSpeedAtLowLoad() {
        RandomBrokering m = p4(LengthDistribution.constant(meanFor(0.01)));
        for (int i = 0; i < 4; i++) {
            assertEquals(1 / SPEEDS[i], m.meanSlowdown(i), 1e-3);
        }
    }

    /** Theorem 3.2 table of spec §3.2: instantaneous E[Q_i(t)] at t = 1e5. */
    @ParameterizedTest(name = "nu={0}")
    @CsvSource({
        "1.25, 4324.3, 2702.7, 1621.6, 1351.4, 10000",
        "1.5, 7207.2, 4504.5, 2702.7, 2252.3, 16666.7",
        "2, 10810.8, 6756.8, 4054.1, 3378.4, 25000",
        "4, 16216.2, 10135.1, 6081.1, 5067.6, 37500",
        "8, 18918.9, 11824.3, 7094.6, 5912.2, 43750",
    })
    void theorem32Table(double nu, String q1, String q2, String q3, String q4, String total) {
        double t = 1e5;
        // distribution-free: every law gives the same values
        for (LengthDistribution lengths : new LengthDistribution[] {LengthDistribution.exponential(meanFor(nu)),
            LengthDistribution.constant(meanFor(nu)), LengthDistribution.erlang(meanFor(nu), 2)}) {
            RandomBrokering m = p4(lengths);
            String[] expected = {q1, q2, q3, q4};
            double sum = 0;
            for (int i = 0; i < 4; i++) {
                double q = m.queueLengthAt(i, t);
                Printed.assertMatches(expected[i], q, "nu=" + nu + " CE" + (i + 1));
                Printed.assertMatches(expected[i], 2 * m.timeAveragedQueueLength(i, t), "time average x2");
                // slope lambda_i - mu_i c_i
                assertEquals(q / t, m.queueGrowthRate(i), 1e-9 * q / t);
                assertEquals(CPUS[i], m.busyCpus(i));
                sum += q;
            }
            Printed.assertMatches(total, m.totalQueueLengthAt(t), "nu=" + nu + " total");
            assertEquals(sum, m.totalQueueLengthAt(t), 1e-9 * sum);
            // inversion, nu > 1 side: queues ordered by c_i s_i
            assertTrue(m.queueLengthAt(0, t) > m.queueLengthAt(1, t));
            assertTrue(m.queueLengthAt(1, t) > m.queueLengthAt(2, t));
            assertTrue(m.queueLengthAt(2, t) > m.queueLengthAt(3, t));
        }
    }

    @Test
    void paperTenThousandEightHundredTenIsTheTimeAveragedAsymptote() {
        // spec §3.2: 10810.8 = lambda_1 t / 2, the nu -> infinity limit of the time-averaged queue
        RandomBrokering m = p4(LengthDistribution.constant(meanFor(1e9)));
        assertEquals(10810.8, m.timeAveragedQueueLength(0, 1e5), 0.05);
        assertEquals(21621.6, m.queueLengthAt(0, 1e5), 0.05);
    }

    /** Saturated measured slowdown table of spec §3.3 (R14), t = 1e5, for five length laws. */
    @ParameterizedTest(name = "nu={0}")
    @CsvSource({
        // nu, constant, uniform 0.5, shifted exp 0.05, shifted exp 0.0005, Erlang 2
        "1.25, 135.14, 148.46, 362.72, 950.10, 270.27",
        "1.5, 187.69, 206.20, 503.77, 1319.58, 375.38",
        "2, 211.15, 231.97, 566.75, 1484.53, 422.30",
        "3, 187.69, 206.20, 503.77, 1319.58, 375.38",
        "4, 158.36, 173.98, 425.06, 1113.39, 316.72",
        "8, 92.38, 101.49, 247.95, 649.48, 184.76",
    })
    void measuredSlowdownTable(double nu, String constant, String uniform, String shifted05, String shifted0005,
            String erlang) {
        double mean = meanFor(nu);
        LengthDistribution[] laws = {LengthDistribution.constant(mean), LengthDistribution.uniform(mean, 0.5),
            LengthDistribution.shiftedExponential(mean, 0.05), LengthDistribution.shiftedExponential(mean, 5e-4),
            LengthDistribution.erlang(mean, 2)};
        String[] expected = {constant, uniform, shifted05, shifted0005, erlang};
        for (int d = 0; d < laws.length; d++) {
            RandomBrokering m = p4(laws[d]);
            double msd = m.measuredSlowdown(1e5);
            Printed.assertMatches(expected[d], msd, "nu=" + nu + " " + laws[d]);
            for (int i = 0; i < 4; i++) {
                // the same on every element
                assertEquals(msd, m.measuredSlowdown(i, 1e5), 1e-9 * msd);
            }
        }
    }

    @Test
    void saturatedWaitAndSlowdownOfAJob() {
        double nu = 2;
        RandomBrokering m = p4(LengthDistribution.uniform(meanFor(nu), 0.5));
        double theta = 3e4;
        assertEquals(theta * (nu - 1), m.waitOfJobSubmittedAt(theta), 1e-9);
        double k = Math.log(3);
        double expected = LAMBDA * theta * (nu - 1) / (nu * C) * k; // R12
        assertEquals(expected, m.slowdownOfJobSubmittedAt(theta), 1e-9 * expected);
        for (int i = 0; i < 4; i++) {
            assertEquals(theta * (nu - 1), m.waitOfJobSubmittedAt(i, theta), 1e-9);
            // per element: Eq. 3 keeps the 1/s_i term that R12 drops
            assertEquals(expected + 1 / SPEEDS[i], m.slowdownOfJobSubmittedAt(i, theta), 1e-9 * expected);
        }
        // R14 is R12 averaged over submission times in [0, t/nu]
        double t = 1e5;
        assertEquals(m.slowdownOfJobSubmittedAt(t / (2 * nu)), m.measuredSlowdown(t), 1e-9);
        assertEquals(0.0, m.waitOfJobSubmittedAt(0));
        assertEquals(0.0, m.slowdownOfJobSubmittedAt(0));
        // exponential lengths: E[1/m] is infinite
        RandomBrokering exp = p4(LengthDistribution.exponential(meanFor(nu)));
        assertEquals(Double.POSITIVE_INFINITY, exp.slowdownOfJobSubmittedAt(theta));
        assertEquals(Double.POSITIVE_INFINITY, exp.measuredSlowdown(t));
        assertEquals(1 / SPEEDS[2], exp.slowdownOfJobSubmittedAt(2, 0));
    }

    @Test
    void measuredSlowdownPeaksAtLoadTwo() {
        DoubleFunction<Double> msd = nu -> p4(LengthDistribution.constant(meanFor(nu))).measuredSlowdown(1e5);
        assertTrue(msd.apply(2.0) > msd.apply(1.9));
        assertTrue(msd.apply(2.0) > msd.apply(2.1));
    }

    @Test
    void resorptionExamples() {
        // corollary of Lemma 5.1: overload nu' = 2 for t = 2e4, input stopped -> empty 2e4 later (at nu' t)
        assertEquals(2e4, RandomBrokering.stopInputDrainTime(2, 2e4), 1e-9);
        assertEquals(1e4, RandomBrokering.stopInputDrainTime(1.5, 2e4), 1e-9);
        // fluid generalisation: 2 -> 0.5 after t1 = 2e4 -> 2e4 * 1 / 0.5
        assertEquals(4e4, RandomBrokering.drainTime(2, 2e4, 0.5), 1e-9);
        assertEquals(2e4 * 0.5 / 0.3, RandomBrokering.drainTime(1.5, 2e4, 0.7), 1e-9);
        assertEquals(RandomBrokering.stopInputDrainTime(2, 2e4), RandomBrokering.drainTime(2, 2e4, 0), 0.0);
        // Lemma 5.1 with the backlog of Theorem 3.2 gives the same answer (spec Test F: mean length 10)
        double meanLength = 10;
        RandomBrokering overload = new RandomBrokering(CPUS, SPEEDS, 2 * C / meanLength,
                LengthDistribution.constant(meanLength));
        assertEquals(2.0, overload.load(), 1e-12);
        double backlog = overload.totalQueueLengthAt(2e4);
        assertEquals(59200, backlog, 1e-6);
        assertEquals(2e4, RandomBrokering.resorptionTime(backlog, C, 0, meanLength), 1e-6);
        assertEquals(4e4, RandomBrokering.resorptionTime(backlog, C, 0.5, meanLength), 1e-6);
    }

    @Test
    void resorptionRejectsOutOfRangeArguments() {
        assertThrows(IllegalArgumentException.class, () -> RandomBrokering.stopInputDrainTime(1.0, 2e4));
        assertThrows(IllegalArgumentException.class, () -> RandomBrokering.stopInputDrainTime(2, -1));
        assertThrows(IllegalArgumentException.class, () -> RandomBrokering.drainTime(0.9, 2e4, 0.5));
        assertThrows(IllegalArgumentException.class, () -> RandomBrokering.drainTime(2, 2e4, 1.0));
        assertThrows(IllegalArgumentException.class, () -> RandomBrokering.resorptionTime(100, C, 1.0, 10));
        assertThrows(IllegalArgumentException.class, () -> RandomBrokering.resorptionTime(-1, C, 0.5, 10));
        assertThrows(IllegalArgumentException.class, () -> RandomBrokering.resorptionTime(100, 0, 0.5, 10));
        assertThrows(IllegalArgumentException.class, () -> RandomBrokering.resorptionTime(100, C, 0.5, 0));
    }

    @Test
    void stationaryMethodsRejectTheSaturatedRegime() {
        RandomBrokering m = p4(LengthDistribution.shiftedExponential(meanFor(1.25), 0.05));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> m.meanQueueLength(2));
        assertTrue(e.getMessage().contains("element 2"), e.getMessage());
        assertTrue(e.getMessage().contains("1.25"), e.getMessage());
        assertTrue(e.getMessage().contains("meanQueueLength"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> m.probabilityOfWaiting(0));
        assertThrows(IllegalStateException.class, () -> m.meanWait(1));
        assertThrows(IllegalStateException.class, () -> m.meanSlowdown(3));
        assertThrows(IllegalStateException.class, () -> m.queue(3));
    }

    @Test
    void saturatedMethodsRejectTheStationaryRegime() {
        RandomBrokering m = p4(LengthDistribution.constant(meanFor(0.8)));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> m.queueLengthAt(1, 1e5));
        assertTrue(e.getMessage().contains("element 1"), e.getMessage());
        assertTrue(e.getMessage().contains("0.8"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> m.timeAveragedQueueLength(0, 1e5));
        assertThrows(IllegalStateException.class, () -> m.totalQueueLengthAt(1e5));
        assertThrows(IllegalStateException.class, () -> m.waitOfJobSubmittedAt(1e4));
        assertThrows(IllegalStateException.class, () -> m.waitOfJobSubmittedAt(0, 1e4));
        assertThrows(IllegalStateException.class, () -> m.slowdownOfJobSubmittedAt(1e4));
        assertThrows(IllegalStateException.class, () -> m.slowdownOfJobSubmittedAt(0, 1e4));
        assertThrows(IllegalStateException.class, () -> m.measuredSlowdown(1e5));
        assertThrows(IllegalStateException.class, () -> m.measuredSlowdown(0, 1e5));
        // the growth rate is defined in both regimes: negative when stable
        assertTrue(m.queueGrowthRate(0) < 0);
    }

    @Test
    void loadOneBelongsToNeitherRegime() {
        RandomBrokering m = new RandomBrokering(new int[] {4}, new double[] {1.0}, 1.0,
                LengthDistribution.constant(4.0));
        assertEquals(1.0, m.load());
        assertThrows(IllegalStateException.class, () -> m.meanQueueLength(0));
        assertThrows(IllegalStateException.class, () -> m.queueLengthAt(0, 10));
        assertThrows(IllegalStateException.class, () -> m.measuredSlowdown(10));
        assertEquals(4.0, m.busyCpus(0));
        assertEquals(0.0, m.queueGrowthRate(0), 1e-15);
    }

    @Test
    void processorsWeightingGivesPerElementLoads() {
        double mean = meanFor(0.7);
        RandomBrokering m = new RandomBrokering(CPUS, SPEEDS, LAMBDA, LengthDistribution.exponential(mean),
                RandomBrokering.Weighting.PROCESSORS);
        assertEquals(0.7, m.load(), 1e-12); // the paper's nu is unchanged
        assertFalse(m.balanced());
        double totalCpus = 36;
        for (int i = 0; i < 4; i++) {
            assertEquals(CPUS[i] / totalCpus, m.dispatchFraction(i), 1e-15);
            double nuI = LAMBDA * CPUS[i] / totalCpus * mean / (CPUS[i] * SPEEDS[i]);
            assertEquals(nuI, m.load(i), 1e-12);
            assertEquals(nuI * CPUS[i], m.busyCpus(i), 1e-12);
            MMcQueue q = MMcQueue.ofLoad(nuI, CPUS[i]);
            assertEquals(q.meanQueueLength(), m.meanQueueLength(i), 1e-12);
            assertEquals(q.probabilityOfWaiting(), m.probabilityOfWaiting(i), 1e-12);
            assertEquals(m.meanQueueLength(i) / m.arrivalRate(i), m.meanWait(i), 1e-9);
        }
        assertEquals(0.7 * C / (36 * 0.6), m.load(2), 1e-12); // the slow element is the most loaded

        // at nu = 1 the slow elements saturate while the fast ones stay stable
        RandomBrokering mixed = new RandomBrokering(CPUS, SPEEDS, LAMBDA,
                LengthDistribution.constant(meanFor(1.0)), RandomBrokering.Weighting.PROCESSORS);
        assertTrue(mixed.load(0) > 1 && mixed.load(2) > 1);
        assertTrue(mixed.load(1) < 1 && mixed.load(3) < 1);
        assertTrue(mixed.meanQueueLength(1) > 0);
        assertThrows(IllegalStateException.class, () -> mixed.meanQueueLength(0));
        double t = 1e5;
        assertEquals(mixed.queueLengthAt(0, t) + mixed.queueLengthAt(2, t), mixed.totalQueueLengthAt(t), 1e-9);
        assertEquals(t * (mixed.load(2) - 1), mixed.waitOfJobSubmittedAt(2, t), 1e-9);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> mixed.measuredSlowdown(t));
        assertTrue(e.getMessage().contains("measuredSlowdown(i"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> mixed.waitOfJobSubmittedAt(t));
        assertThrows(IllegalStateException.class, () -> mixed.slowdownOfJobSubmittedAt(t));
        double mu = 1 / meanFor(1.0);
        assertEquals(mu * t * (mixed.load(2) - 1) / (2 * mixed.load(2)), mixed.measuredSlowdown(2, t), 1e-9);
    }

    @Test
    void processorsWeightingWithEqualSpeedsIsThePaperBroker() {
        int[] cpus = {16, 8, 4};
        double[] speeds = {1.5, 1.5, 1.5};
        LengthDistribution lengths = LengthDistribution.constant(2 * 42 / 0.5);
        RandomBrokering byCpus = new RandomBrokering(cpus, speeds, 0.5, lengths, RandomBrokering.Weighting.PROCESSORS);
        RandomBrokering paper = new RandomBrokering(cpus, speeds, 0.5, lengths);
        assertTrue(byCpus.balanced());
        assertEquals(2.0, byCpus.load(), 1e-12);
        assertEquals(paper.measuredSlowdown(1e5), byCpus.measuredSlowdown(1e5), 1e-9);
        for (int i = 0; i < 3; i++) {
            assertEquals(paper.dispatchFraction(i), byCpus.dispatchFraction(i), 1e-15);
        }
    }

    @Test
    void constructorValidatesItsArguments() {
        LengthDistribution l = LengthDistribution.constant(10);
        assertThrows(IllegalArgumentException.class, () -> new RandomBrokering(new int[] {1, 2}, new double[] {1}, 1, l));
        assertThrows(IllegalArgumentException.class, () -> new RandomBrokering(new int[0], new double[0], 1, l));
        assertThrows(IllegalArgumentException.class, () -> new RandomBrokering(new int[] {0}, new double[] {1}, 1, l));
        assertThrows(IllegalArgumentException.class, () -> new RandomBrokering(new int[] {1}, new double[] {0}, 1, l));
        assertThrows(IllegalArgumentException.class, () -> new RandomBrokering(new int[] {1}, new double[] {1}, 0, l));
        assertThrows(IllegalArgumentException.class, () -> new RandomBrokering(new int[] {1}, new double[] {1}, 1, null));
        assertThrows(IllegalArgumentException.class,
                () -> new RandomBrokering(new int[] {1}, new double[] {1}, 1, l, null));
        RandomBrokering m = p4(LengthDistribution.constant(meanFor(2)));
        assertThrows(IllegalArgumentException.class, () -> m.queueLengthAt(0, -1));
        assertThrows(IllegalArgumentException.class, () -> m.measuredSlowdown(0));
        assertThrows(IllegalArgumentException.class, () -> m.waitOfJobSubmittedAt(Double.NaN));
    }

    @Test
    void inputArraysAreCopied() {
        int[] cpus = CPUS.clone();
        double[] speeds = SPEEDS.clone();
        RandomBrokering m = new RandomBrokering(cpus, speeds, LAMBDA, LengthDistribution.constant(10));
        cpus[0] = 1;
        speeds[0] = 9;
        assertEquals(16, m.cpus(0));
        assertEquals(0.8, m.speed(0));
        assertEquals(p4(LengthDistribution.constant(10)), m);
        assertEquals(p4(LengthDistribution.constant(10)).hashCode(), m.hashCode());
    }

    @Test
    void largeElementsStayFinite() {
        RandomBrokering m = new RandomBrokering(new int[] {1000, 2000}, new double[] {1.0, 0.5}, 95.0,
                LengthDistribution.exponential(20.0));
        assertEquals(0.95, m.load(), 1e-12);
        for (int i = 0; i < 2; i++) {
            assertTrue(Double.isFinite(m.meanQueueLength(i)) && m.meanQueueLength(i) > 0);
            assertTrue(Double.isFinite(m.meanWait(i)) && m.meanWait(i) > 0);
            double pw = m.probabilityOfWaiting(i);
            assertTrue(pw > 0 && pw < 1, "P(wait) = " + pw);
        }
    }
}
