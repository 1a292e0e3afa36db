package org.gridsched.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MMcQueueTest {

    @ParameterizedTest
    @ValueSource(doubles = {0.01, 0.3, 0.5, 0.8, 0.95, 0.999})
    void singleServerMatchesMM1(double nu) {
        double mu = 0.25;
        MMcQueue q = new MMcQueue(1, nu * mu, mu);
        assertEquals(nu, q.load(), 1e-15);
        assertEquals(nu * nu / (1 - nu), q.meanQueueLength(), 1e-12 * nu * nu / (1 - nu));
        assertEquals(nu, q.probabilityOfWaiting(), 1e-12 * nu);
        assertEquals(1 - nu, q.probabilityEmpty(), 1e-12);
        assertEquals(1 / (mu * (1 - nu)) - 1 / mu, q.meanWait(), 1e-9 * q.meanWait()); // W = E[T] - 1/mu
        assertEquals(nu, q.busyServers(), 1e-15);
        for (int n = 0; n < 6; n++) {
            assertEquals((1 - nu) * Math.pow(nu, n), q.probabilityOfJobs(n), 1e-12, "P[J=" + n + "]");
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.2, 0.5, 0.9})
    void twoServersMatchClosedForm(double nu) {
        MMcQueue q = MMcQueue.ofLoad(nu, 2);
        assertEquals(2 * nu * nu / (1 + nu), q.probabilityOfWaiting(), 1e-14);
        assertEquals(2 * nu * nu * nu / (1 - nu * nu), q.meanQueueLength(), 1e-12);
        assertEquals((1 - nu) / (1 + nu), q.probabilityEmpty(), 1e-14);
        // ofLoad uses mu = 1, lambda = nu c
        assertEquals(1.0, q.serviceRate());
        assertEquals(2 * nu, q.arrivalRate(), 1e-15);
        assertEquals(q.meanQueueLength() / (2 * nu), q.meanWait(), 1e-15);
    }

    @Test
    void stationaryDistributionIsConsistentWithTheMoments() {
        MMcQueue q = new MMcQueue(16, 0.21622, 0.8 / 47.36); // CE1 of the paper at nu = 0.8
        double total = 0;
        double waiting = 0;
        double queue = 0;
        double jobs = 0;
        for (int n = 0; n < 2000; n++) {
            double p = q.probabilityOfJobs(n);
            total += p;
            jobs += n * p;
            if (n >= q.servers()) {
                waiting += p;
                queue += (n - q.servers()) * p;
            }
        }
        assertEquals(1.0, total, 1e-12);
        assertEquals(q.probabilityOfWaiting(), waiting, 1e-12);
        assertEquals(q.meanQueueLength(), queue, 1e-10);
        assertEquals(q.probabilityEmpty(), q.probabilityOfJobs(0), 1e-15);
        // Little on the servers: E[J] = E[Q] + nu c
        assertEquals(q.meanQueueLength() + q.busyServers(), jobs, 1e-9);
    }

    @Test
    void agreesWithTheTextbookSumForModerateServerCounts() {
        for (int c : new int[] {3, 8, 20, 60}) {
            for (double nu : new double[] {0.3, 0.7, 0.97}) {
                double a = nu * c;
                double sum = 0;
                double term = 1;
                for (int k = 0; k < c; k++) {
                    sum += term;
                    term *= a / (k + 1);
                }
                double b = 1 / (sum + term / (1 - nu));
                MMcQueue q = MMcQueue.ofLoad(nu, c);
                assertEquals(b, q.probabilityEmpty(), 1e-12 * b, "b for c=" + c + ", nu=" + nu);
                assertEquals(b * term / (1 - nu), q.probabilityOfWaiting(), 1e-12, "A for c=" + c + ", nu=" + nu);
                double eq = b * term * nu / ((1 - nu) * (1 - nu));
                assertEquals(eq, q.meanQueueLength(), 1e-12 * Math.max(1, eq));
            }
        }
    }

    @Test
    void largeServerCountIsFiniteAndMatchesErlangB() {
        int c = 1000;
        double nu = 0.95;
        MMcQueue q = MMcQueue.ofLoad(nu, c);
        // independent check through the Erlang B recursion B_k = a B_{k-1} / (k + a B_{k-1})
        double a = nu * c;
        double erlangB = 1;
        for (int k = 1; k <= c; k++) {
            erlangB = a * erlangB / (k + a * erlangB);
        }
        double erlangC = erlangB / (1 - nu * (1 - erlangB));
        double pw = q.probabilityOfWaiting();
        assertTrue(Double.isFinite(pw) && pw > 0 && pw < 1, "P(wait) = " + pw);
        assertEquals(erlangC, pw, 1e-11);
        double eq = q.meanQueueLength();
        assertTrue(Double.isFinite(eq) && eq > 0, "E[Q] = " + eq);
        assertEquals(erlangC * nu / (1 - nu), eq, 1e-9);
        assertTrue(Double.isFinite(q.meanWait()) && q.meanWait() > 0);
        assertEquals(950.0, q.busyServers(), 1e-9);
        // b ~ e^-950 underflows to 0, yet the distribution is usable and sums to 1
        assertEquals(0.0, q.probabilityEmpty());
        double total = 0;
        for (int n = 0; n < 2500; n++) {
            double p = q.probabilityOfJobs(n);
            assertTrue(Double.isFinite(p) && p >= 0, "P[J=" + n + "] = " + p);
            total += p;
        }
        assertEquals(1.0, total, 1e-9);
        assertTrue(q.probabilityOfJobs(950) > 0.01);
    }

    @Test
    void veryLargeServerCountsStayFinite() {
        MMcQueue big = MMcQueue.ofLoad(0.999, 100_000);
        assertTrue(big.probabilityOfWaiting() > 0 && big.probabilityOfWaiting() < 1);
        assertTrue(Double.isFinite(big.meanQueueLength()));
        MMcQueue idle = MMcQueue.ofLoad(1e-3, 1000); // t_c ~ 1/1000! underflows: A is 0 to double precision
        assertEquals(0.0, idle.probabilityOfWaiting());
        assertEquals(Math.exp(-1), idle.probabilityEmpty(), 1e-15);
        assertEquals(Math.exp(-1), idle.probabilityOfJobs(1), 1e-15);
    }

    @Test
    void rejectsUnstableOrInvalidQueues() {
        assertThrows(IllegalArgumentException.class, () -> new MMcQueue(4, 4.0, 1.0)); // nu = 1
        assertThrows(IllegalArgumentException.class, () -> new MMcQueue(4, 8.0, 1.0)); // nu = 2
        assertThrows(IllegalArgumentException.class, () -> new MMcQueue(0, 1.0, 1.0));
        assertThrows(IllegalArgumentException.class, () -> new MMcQueue(4, 0.0, 1.0));
        assertThrows(IllegalArgumentException.class, () -> new MMcQueue(4, -1.0, 1.0));
        assertThrows(IllegalArgumentException.class, () -> new MMcQueue(4, 1.0, 0.0));
        assertThrows(IllegalArgumentException.class, () -> new MMcQueue(4, Double.NaN, 1.0));
        assertThrows(IllegalArgumentException.class, () -> MMcQueue.ofLoad(1.0, 4));
        assertThrows(IllegalArgumentException.class, () -> MMcQueue.ofLoad(0.0, 4));
        assertThrows(IllegalArgumentException.class, () -> MMcQueue.ofLoad(0.5, 0));
        assertThrows(IllegalArgumentException.class, () -> MMcQueue.ofLoad(0.5, 4).probabilityOfJobs(-1));
    }

    @Test
    void valueSemantics() {
        assertEquals(new MMcQueue(4, 2.0, 1.0), new MMcQueue(4, 2.0, 1.0));
        assertEquals(new MMcQueue(4, 2.0, 1.0).hashCode(), new MMcQueue(4, 2.0, 1.0).hashCode());
        assertTrue(new MMcQueue(4, 2.0, 1.0).toString().contains("M/M/4"));
    }
}
