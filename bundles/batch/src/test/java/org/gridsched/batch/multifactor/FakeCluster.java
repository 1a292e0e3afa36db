package org.gridsched.batch.multifactor;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.batch.Reservation;

/** A cluster driven by hand: the test sets the time and ends jobs; starts are recorded with their time. */
final class FakeCluster implements Cluster {
    /** A job as the engine would hand it over. */
    static final class Job implements QueuedJob {
        final long id;
        final double submit;
        final double requested;
        final int processors;
        final int user;
        final int group;
        final int queue;
        final int partition;
        long order;
        private Object attachment;

        Job(long id, double submit, double requested, int processors, int user, int group, int queue, int partition) {
            this.id = id;
            this.submit = submit;
            this.requested = requested;
            this.processors = processors;
            this.user = user;
            this.group = group;
            this.queue = queue;
            this.partition = partition;
        }

        public long id() { return id; }
        public double submitTime() { return submit; }
        public double requestedTime() { return requested; }
        public int processors() { return processors; }
        public long submitOrder() { return order; }
        public int user() { return user; }
        public int group() { return group; }
        public int queue() { return queue; }
        public int partition() { return partition; }
        public Object attachment() { return attachment; }
        public void attach(Object state) { attachment = state; }
    }

    private final int processors;
    private int free;
    /** Free processor ids, and the ids each running job holds (lowest free first, as the engine gives them). */
    private final BitSet freeIds = new BitSet();
    final Map<Long, BitSet> held = new LinkedHashMap<>();
    final Map<Long, String> rejected = new LinkedHashMap<>();
    private double now;
    private long submitted;
    BatchScheduler scheduler;
    final Map<Long, Double> starts = new LinkedHashMap<>();
    final List<Double> wakeUps = new ArrayList<>();

    FakeCluster(int processors) {
        this.processors = processors;
        this.free = processors;
        freeIds.set(0, processors);
    }

    /** Moves the clock to t and submits the job there. */
    Job submit(double t, Job job) {
        now = t;
        job.order = submitted++;
        scheduler.jobSubmitted(job);
        return job;
    }

    void end(double t, Job job) {
        now = t;
        free += job.processors;
        freeIds.or(held.remove(job.id));
        scheduler.jobEnded(job, true);
    }

    boolean cancel(double t, Job job) {
        now = t;
        return scheduler.cancel(job);
    }

    public String name() { return "fake"; }
    public int processors() { return processors; }
    public double speed() { return 1; }
    public double now() { return now; }
    public int freeProcessors() { return free; }
    public void wakeUpAt(double time) { wakeUps.add(time); }
    public List<Reservation> reservations() { return List.of(); }

    public void start(QueuedJob job) {
        if (job.processors() > free) {
            throw new IllegalStateException("job " + job.id() + " does not fit");
        }
        BitSet ids = new BitSet();
        for (int p = freeIds.nextSetBit(0), n = 0; n < job.processors(); p = freeIds.nextSetBit(p + 1), n++) {
            ids.set(p);
        }
        take(job, ids);
    }

    @Override
    public void start(QueuedJob job, BitSet[] pools, int[] counts) {
        BitSet ids = new BitSet();
        for (int i = 0; i < pools.length; i++) {
            int n = 0;
            for (int p = pools[i].nextSetBit(0); n < counts[i]; p = pools[i].nextSetBit(p + 1)) {
                if (p < 0) {
                    throw new IllegalStateException("job " + job.id() + ": pool " + pools[i] + " has fewer than " + counts[i] + " free");
                }
                if (freeIds.get(p)) {
                    ids.set(p);
                    n++;
                }
            }
        }
        if (ids.cardinality() != job.processors()) {
            throw new IllegalStateException("job " + job.id() + " got " + ids + " for " + job.processors() + " processors");
        }
        take(job, ids);
    }

    private void take(QueuedJob job, BitSet ids) {
        free -= job.processors();
        freeIds.andNot(ids);
        held.put(job.id(), ids);
        starts.put(job.id(), now);
    }

    @Override
    public int freeProcessors(BitSet pool) {
        BitSet f = (BitSet) pool.clone();
        f.and(freeIds);
        return f.cardinality();
    }

    @Override
    public void reject(QueuedJob job, String reason) {
        rejected.put(job.id(), reason);
    }
}
