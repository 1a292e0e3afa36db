package org.gridsched.coalloc.workload;

import java.util.SplittableRandom;

import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;

/**
 * The jobs of the co-allocation model, in submission order: one Poisson stream of global jobs and one of
 * local jobs per cluster, merged by time (ties: global first, then by cluster). Each stream draws from its
 * own split random streams (arrivals, sizes, runtimes; components for the global one), so changing λ_g
 * leaves the local jobs exactly as they were (common random numbers across a sweep). Ids 1, 2, ... in
 * merged order. A global job: N_c components of S_g processors (processors = N_c·S_g, components = N_c),
 * no home. A local job: one component, home = its cluster. Requested time = runtime (exact): the model has
 * no estimates, and the walltime is what claims and FCFS plan with.
 */
final class CoallocJobSource implements JobSource {
    /** One Poisson stream; index 0 is the global one, 1 + c the local one of cluster c. */
    private static final class Stream {
        final SplittableRandom arrivals;
        final SplittableRandom sizes;
        final SplittableRandom runtimes;
        final SplittableRandom components;
        final double rate;
        double next;
        boolean live;

        Stream(SplittableRandom root, double rate) {
            arrivals = root.split();
            sizes = root.split();
            runtimes = root.split();
            components = root.split();
            this.rate = rate;
            live = rate > 0;
            if (live) {
                advance();
            }
        }

        void advance() {
            next += -Math.log(1 - arrivals.nextDouble()) / rate;
        }
    }

    private final CoallocModel m;
    private final long seed;
    private final Stream[] streams;
    private final WorkloadReport report = new WorkloadReport();
    private long id;
    private long globals;
    private long locals;
    private double last;

    CoallocJobSource(CoallocModel model, long seed) {
        this.m = model;
        this.seed = seed;
        SplittableRandom root = new SplittableRandom(seed);
        streams = new Stream[1 + model.clusters()];
        streams[0] = new Stream(root, model.globalRate());
        for (int c = 0; c < model.clusters(); c++) {
            streams[1 + c] = new Stream(root, model.localRate());
        }
        for (Stream s : streams) {
            s.live &= m.duration() == 0 || s.next <= m.duration();
        }
    }

    @Override
    public boolean next(JobRecord into) {
        int k = -1;
        for (int i = 0; i < streams.length; i++) {
            if (streams[i].live && (k < 0 || streams[i].next < streams[k].next)) {
                k = i;
            }
        }
        if (k < 0) {
            return false;
        }
        Stream s = streams[k];
        double t = s.next;
        if (k == 0) {
            int n = m.minComponents() + s.components.nextInt(m.maxComponents() - m.minComponents() + 1);
            int size = m.globalSizes().sample(s.sizes);
            double runtime = -Math.log(1 - s.runtimes.nextDouble()) * m.globalMean();
            into.set(++id, t, runtime, runtime, n * size);
            into.components = n;
            s.live = m.globalJobs() == 0 || ++globals < m.globalJobs();
        } else {
            int size = m.localSizes().sample(s.sizes);
            double runtime = -Math.log(1 - s.runtimes.nextDouble()) * m.localMean();
            into.set(++id, t, runtime, runtime, size);
            into.home = k - 1;
            if (m.localJobs() > 0 && ++locals >= m.localJobs()) {
                for (int i = 1; i < streams.length; i++) {
                    streams[i].live = false;
                }
            }
        }
        report.countRead();
        last = t;
        if (s.live) {
            s.advance();
            s.live = m.duration() == 0 || s.next <= m.duration();
        }
        return true;
    }

    @Override
    public String describe() {
        return String.format(java.util.Locale.ROOT, "coalloc generator (seed %d, %d x %d processors, lambda_g %.6g/s = U_g %.3f, "
                + "lambda_l %.6g/s per cluster = U_l %.3f)", seed, m.clusters(), m.clusterSize(), m.globalRate(), m.globalLoad(),
                m.localRate(), m.localLoad());
    }

    @Override
    public WorkloadReport report() {
        return report;
    }

    @Override
    public double progress() {
        if (m.duration() > 0) {
            return Math.min(1, last / m.duration());
        }
        long total = m.globalJobs() + m.localJobs();
        return total == 0 ? Double.NaN : Math.min(1, (globals + locals) / (double) total);
    }
}
