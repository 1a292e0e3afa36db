package org.gridsched.launcher.python;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.simulate.RunRequest;
import org.gridsched.api.simulate.RunResult;
import org.gridsched.api.simulate.Simulator;
import org.gridsched.api.workload.JobRecord;

/**
 * A step-wise run of the engine for the Python package's learning environment ({@code gridsched.env}): one
 * cluster, whose batch scheduler asks an agent which of the first K waiting jobs (in submission order) to start
 * next, as RLScheduler does. The engine runs on a thread of its own and stops at each decision point until
 * {@link #step(int)} gives the choice; nothing else in gridsched uses this class, and it changes no run.
 *
 * <p>Decision points: whenever no chosen job is pending and jobs wait. The chosen job starts as soon as it fits
 * (at once if it does); until then nothing else starts, or, with {@code backfill}, jobs start that fit now and do
 * not delay the chosen job (EASY: they end by its reserved start, computed from the running jobs' requested
 * times, or use processors it leaves free). An action at or beyond the number of waiting jobs shown picks the last
 * one shown. Jobs are killed at their requested time.
 *
 * <p>Observation: K rows of {@link #JOB_FEATURES} values (wait / maxWait capped at 1, requested time /
 * maxRequested, processors / cluster processors, 1 if it fits now, 1 for a job and 0 for an empty row), then
 * {@link #CLUSTER_FEATURES} values (free processors / processors, waiting jobs / K capped at 1); then, not part of
 * the observation, the current time and the number of waiting jobs.
 */
public final class StepEnvironment implements AutoCloseable {
    public static final int JOB_FEATURES = 5;
    public static final int CLUSTER_FEATURES = 2;
    private static final Object END = new Object();
    private static final int ABORT = Integer.MIN_VALUE;

    private final Simulator simulator;
    private final int processors;
    private final int k;
    private final boolean backfill;
    private final double maxWait;
    private final double maxRequested;
    /** Handoffs between the agent's thread and the engine's, new for each episode. */
    private Slot<Object> toAgent = new Slot<>();
    private Slot<Integer> toEngine = new Slot<>();
    private Thread engine;
    private volatile RunResult result;
    private volatile boolean running;
    private double now;
    private int waiting;
    private long steps;

    public StepEnvironment(Simulator simulator, int processors, int k, boolean backfill, double maxWait, double maxRequested) {
        if (processors <= 0 || k <= 0 || !(maxWait > 0) || !(maxRequested > 0)) {
            throw new IllegalArgumentException("processors, k, maxWait and maxRequested must be positive");
        }
        this.simulator = simulator;
        this.processors = processors;
        this.k = k;
        this.backfill = backfill;
        this.maxWait = maxWait;
        this.maxRequested = maxRequested;
    }

    /**
     * Starts an episode on these jobs (in submission order) and returns the first observation, or null when the
     * run ends without any decision (no job ever waits). An episode still going is abandoned first.
     */
    public double[] reset(long[] ids, double[] submit, double[] runtime, double[] requested, int[] procs) {
        close();
        List<JobRecord> jobs = new ArrayList<>(ids.length);
        for (int i = 0; i < ids.length; i++) {
            if (!(runtime[i] > 0) || !(requested[i] > 0) || procs[i] <= 0) {
                throw new IllegalArgumentException("job " + ids[i] + ": runtime, requested time and processors must be positive");
            }
            if (procs[i] > processors) {
                throw new IllegalArgumentException("job " + ids[i] + " needs " + procs[i] + " processors, the cluster has " + processors);
            }
            jobs.add(new JobRecord().set(ids[i], submit[i], runtime[i], requested[i], procs[i]));
        }
        RunRequest request = RunRequest.on(List.of(new RunRequest.Cluster("agent", processors, 1.0)))
                .withName("step environment").withBatch(new AgentPolicy()).withJobs(jobs);
        result = null;
        steps = 0;
        running = true;
        Slot<Object> agent = new Slot<>();
        toAgent = agent;
        toEngine = new Slot<>();
        engine = new Thread(() -> {
            Object last = END;
            try {
                result = simulator.run(request);
            } catch (Throwable t) {
                for (Throwable c = t; c != null; c = c.getCause()) {
                    if (c instanceof Aborted) {
                        return;
                    }
                }
                last = t;
            }
            running = false;
            agent.put(last);
        }, "gridsched-step-environment");
        engine.setDaemon(true);
        engine.start();
        return await();
    }

    /** Gives the agent's choice; returns the next observation, or null when the run has ended. */
    public double[] step(int action) {
        if (!running) {
            throw new IllegalStateException("no episode is running: call reset first");
        }
        if (action < 0) {
            throw new IllegalArgumentException("action must be >= 0, got " + action);
        }
        toEngine.put(action);
        steps++;
        return await();
    }

    private double[] await() {
        Object o = null;
        while (o == null) {
            try {
                o = toAgent.take();
            } catch (InterruptedException e) {
                // consumed, and the engine's answer (due within the step) still awaited: on Ctrl-C JPype interrupts
                // Python's main thread, our caller, before it marks the interrupt for Python; thrown, the exception
                // could reach JPype first (a fatal error) and would leave the episode half-stepped. Python raises its
                // KeyboardInterrupt when the step returns (see CancellableCommand.finish).
            }
        }
        Thread.interrupted(); // one that came while the answer was already there, too
        if (o == END) {
            return null;
        }
        if (o instanceof RuntimeException e) {
            throw e;
        }
        if (o instanceof Throwable t) {
            throw new IllegalStateException(t);
        }
        return (double[]) o;
    }

    /** The simulated time of the current decision point. */
    public double now() {
        return now;
    }

    /** Jobs waiting at the current decision point. */
    public int waitingJobs() {
        return waiting;
    }

    public long steps() {
        return steps;
    }

    /**
     * After the episode: per job in the order given to reset, submit, start and finish time (NaN if it never
     * started or ended), flattened.
     */
    public double[] jobTimes() {
        RunResult r = result;
        if (r == null) {
            throw new IllegalStateException("the episode has not ended");
        }
        double[] out = new double[3 * r.jobs().size()];
        int i = 0;
        for (RunResult.Job j : r.jobs()) {
            out[i++] = j.submitTime();
            out[i++] = j.startTime();
            out[i++] = j.finishTime();
        }
        return out;
    }

    /** Abandons a running episode (its engine thread ends). */
    @Override
    public void close() {
        Thread t = engine;
        if (t == null) {
            return;
        }
        engine = null;
        if (running) {
            running = false;
            toEngine.put(ABORT);
            try {
                t.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static final class Aborted extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Aborted() {
            super("episode abandoned", null, false, false);
        }
    }

    private final class AgentPolicy implements BatchPolicy {
        @Override
        public String name() {
            return "agent";
        }

        @Override
        public BatchScheduler create(Cluster cluster, PluginOptions options) {
            return new AgentScheduler(cluster);
        }
    }

    /** The scheduler that stops the engine at each decision point (see the class comment). */
    private final class AgentScheduler implements BatchScheduler {
        private final Cluster cluster;
        private final ArrayList<QueuedJob> queue = new ArrayList<>();
        private final Map<QueuedJob, Double> runningEnds = new IdentityHashMap<>();
        private QueuedJob chosen;

        AgentScheduler(Cluster cluster) {
            this.cluster = cluster;
        }

        @Override
        public void jobSubmitted(QueuedJob job) {
            queue.add(job);
            pass();
        }

        @Override
        public void jobEnded(QueuedJob job, boolean early) {
            runningEnds.remove(job);
            pass();
        }

        @Override
        public void wakeUp() {
            pass();
        }

        @Override
        public void reservationsChanged() {
            pass();
        }

        private void start(QueuedJob job) {
            runningEnds.put(job, cluster.now() + job.requestedTime());
            cluster.start(job);
        }

        private void pass() {
            while (true) {
                if (chosen != null) {
                    if (chosen.processors() <= cluster.freeProcessors()) {
                        queue.remove(chosen);
                        QueuedJob c = chosen;
                        chosen = null;
                        start(c);
                        continue;
                    }
                    if (backfill) {
                        backfill();
                    }
                    return;
                }
                if (queue.isEmpty()) {
                    return;
                }
                int shown = Math.min(k, queue.size());
                int a = decide(shown);
                chosen = queue.get(Math.min(a, shown - 1));
            }
        }

        /** EASY around the chosen job: its reserved start from the running jobs' requested ends. */
        private void backfill() {
            double[] ends = new double[runningEnds.size()];
            QueuedJob[] jobs = runningEnds.keySet().toArray(QueuedJob[]::new);
            Integer[] order = new Integer[jobs.length];
            for (int i = 0; i < jobs.length; i++) {
                ends[i] = runningEnds.get(jobs[i]);
                order[i] = i;
            }
            Arrays.sort(order, (x, y) -> Double.compare(ends[x], ends[y]));
            int free = cluster.freeProcessors();
            double shadow = Double.POSITIVE_INFINITY;
            int extra = 0;
            for (int o = 0; o < order.length; o++) {
                int i = order[o];
                free += jobs[i].processors();
                if (free >= chosen.processors()) {
                    // the chosen job's reserved start; every job ending then frees its processors too
                    shadow = ends[i];
                    while (o + 1 < order.length && ends[order[o + 1]] == shadow) {
                        free += jobs[order[++o]].processors();
                    }
                    extra = free - chosen.processors();
                    break;
                }
            }
            double t = cluster.now();
            for (int i = 0; i < queue.size(); i++) {
                QueuedJob j = queue.get(i);
                if (j == chosen || j.processors() > cluster.freeProcessors()) {
                    continue;
                }
                boolean endsBefore = t + j.requestedTime() <= shadow;
                if (endsBefore || j.processors() <= extra) {
                    if (!endsBefore) {
                        extra -= j.processors();
                    }
                    queue.remove(i--);
                    start(j);
                }
            }
        }

        private int decide(int shown) {
            double t = cluster.now();
            int free = cluster.freeProcessors();
            double[] obs = new double[k * JOB_FEATURES + CLUSTER_FEATURES + 2];
            for (int i = 0; i < shown; i++) {
                QueuedJob j = queue.get(i);
                int o = i * JOB_FEATURES;
                obs[o] = Math.min((t - j.submitTime()) / maxWait, 1.0);
                obs[o + 1] = j.requestedTime() / maxRequested;
                obs[o + 2] = (double) j.processors() / processors;
                obs[o + 3] = j.processors() <= free ? 1 : 0;
                obs[o + 4] = 1;
            }
            obs[k * JOB_FEATURES] = (double) free / processors;
            obs[k * JOB_FEATURES + 1] = Math.min((double) queue.size() / k, 1.0);
            obs[k * JOB_FEATURES + 2] = t;
            obs[k * JOB_FEATURES + 3] = queue.size();
            now = t;
            waiting = queue.size();
            Integer a;
            Slot<Integer> in = toEngine;
            try {
                toAgent.put(obs);
                a = in.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Aborted();
            }
            if (a == ABORT) {
                throw new Aborted();
            }
            return a;
        }

        @Override
        public int waitingJobs() {
            return queue.size();
        }

        @Override
        public List<QueuedJob> waiting() {
            return List.copyOf(queue);
        }

        @Override
        public boolean cancel(QueuedJob job) {
            if (job == chosen) {
                chosen = null;
            }
            return queue.remove(job);
        }

        @Override
        public double estimateStart(int processors, double requestedTime) {
            return Double.NaN;
        }
    }
}
