package org.gridsched.batch.multifactor;

import java.util.ArrayList;
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
    private double now;
    private long submitted;
    BatchScheduler scheduler;
    final Map<Long, Double> starts = new LinkedHashMap<>();
    final List<Double> wakeUps = new ArrayList<>();

    FakeCluster(int processors) {
        this.processors = processors;
        this.free = processors;
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
        free -= job.processors();
        starts.put(job.id(), now);
    }
}
