package org.gridsched.engine;

import java.util.BitSet;
import java.util.List;

import org.gridsched.api.InputException;
import org.gridsched.api.SimTime;

/**
 * Processor failures of a run ({@link Simulation.Settings#failures}): events from a trace, and seeded models per
 * cluster, with what happens to the jobs they hit (docs/failures.md).
 *
 * @param events    failures read from traces, in any order
 * @param models    per cluster in platform order, a failure model or null; null or empty for none
 * @param resubmit  a job killed by a failure arrives again at once (from scratch, keeping its submit time); off: it
 *                  ends there, {@code COMPLETED_FAILED}
 * @param retries   how many times one job may be re-submitted after failures; killed once more, it ends failed
 * @param seed      the models' random stream (the run's seed mixed with the role "failures")
 * @param modelFrom when the models' first times between failures start
 */
public record FailureSpec(List<Event> events, List<Model> models, boolean resubmit, int retries, long seed, double modelFrom) {
    public FailureSpec {
        events = List.copyOf(events);
        models = models == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(models));
        if (retries < 0) {
            throw new InputException(null, 0, "failures.retries", "must be 0 or more, got " + retries);
        }
    }

    /**
     * One failure: the processors {@code processors} (cluster-local ids) of a cluster are down over
     * [time, time + duration). {@code source} and {@code line} say where it was read, for messages.
     */
    public record Event(int cluster, BitSet processors, double time, double duration, String source, long line) {
        public Event {
            processors = (BitSet) processors.clone();
        }
    }

    /** How times between failures of one node are drawn. */
    public enum Distribution {
        EXPONENTIAL, WEIBULL
    }

    /**
     * A failure model of one cluster: each node ({@code nodeSize} processors; the last may be smaller) fails after a
     * time between failures of mean {@code mtbf} seconds (exponential, or Weibull of shape {@code shape} scaled to that
     * mean), stays down for a log-normal repair time of mean {@code repairMean} seconds and log-scale deviation
     * {@code repairSigma}, then runs until its next failure.
     */
    public record Model(Distribution distribution, double mtbf, double shape, double repairMean, double repairSigma, int nodeSize) {
        public Model {
            if (!(mtbf > 0) || mtbf > SimTime.MAX_JOB_TIME) {
                throw new InputException(null, 0, "mtbf", "must be a positive number of seconds up to "
                        + SimTime.format(SimTime.MAX_JOB_TIME) + ", got " + mtbf);
            }
            if (!(shape > 0) || shape > 100) {
                throw new InputException(null, 0, "shape", "must be positive (at most 100), got " + shape);
            }
            if (!(repairMean > 0) || repairMean > SimTime.MAX_JOB_TIME) {
                throw new InputException(null, 0, "repair_mean", "must be a positive number of seconds up to "
                        + SimTime.format(SimTime.MAX_JOB_TIME) + ", got " + repairMean);
            }
            if (!(repairSigma >= 0) || repairSigma > 10) {
                throw new InputException(null, 0, "repair_sigma", "must be between 0 and 10, got " + repairSigma);
            }
            if (nodeSize < 1) {
                throw new InputException(null, 0, "node_size", "must be a positive whole number, got " + nodeSize);
            }
        }

        /** A time between failures: exponential of mean mtbf, or Weibull of that mean. */
        double timeBetweenFailures(java.util.SplittableRandom r) {
            double u = 1 - r.nextDouble(); // (0, 1]
            if (distribution == Distribution.EXPONENTIAL) {
                return -mtbf * Math.log(u);
            }
            double scale = mtbf / gamma(1 + 1 / shape);
            return scale * Math.pow(-Math.log(u), 1 / shape);
        }

        /** A log-normal repair time of mean repairMean: exp(mu + sigma Z), mu = ln(mean) - sigma^2 / 2. */
        double repairTime(java.util.SplittableRandom r) {
            if (repairSigma == 0) {
                return repairMean;
            }
            double z = normal(r);
            // a wide log-normal (sigma up to 10) has draws far beyond any simulated time: cut at the bound every
            // duration has, where the clock still tells instants apart (a trace's failures have the same bound)
            return Math.min(SimTime.MAX_JOB_TIME, Math.exp(Math.log(repairMean) - repairSigma * repairSigma / 2 + repairSigma * z));
        }

        /** A standard normal draw (Box-Muller, the first of the pair). */
        private static double normal(java.util.SplittableRandom r) {
            double u1 = 1 - r.nextDouble();
            double u2 = r.nextDouble();
            return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
        }
    }

    /** The gamma function for x > 0 (Lanczos, g = 7, 9 terms; relative error about 1e-15). */
    static double gamma(double x) {
        if (x < 0.5) {
            return Math.PI / (Math.sin(Math.PI * x) * gamma(1 - x));
        }
        double[] c = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
            12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
        x -= 1;
        double a = c[0];
        double t = x + 7.5;
        for (int i = 1; i < 9; i++) {
            a += c[i] / (x + i);
        }
        return Math.sqrt(2 * Math.PI) * Math.pow(t, x + 0.5) * Math.exp(-t) * a;
    }
}
