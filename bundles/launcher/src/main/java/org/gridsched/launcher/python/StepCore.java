package org.gridsched.launcher.python;

import java.util.Arrays;

import org.gridsched.api.SimTime;

/**
 * The step-wise environment of {@link StepEnvironment} without a thread: the same decisions, observations and
 * schedule, computed by a single-cluster event loop that runs in the caller's thread until the next decision
 * point. It follows the engine's rules that matter on one cluster (times on the {@link SimTime} grid, a positive
 * duration at least one tick, jobs killed at their requested time, at equal times arrivals before ends and ends
 * in the order the jobs started); the Python tests check that it gives {@link StepEnvironment}'s trajectories
 * and job times for the same actions. Nothing else in gridsched uses it.
 */
public final class StepCore {
    private final int processors;
    private final int k;
    private final boolean backfill;
    private final double maxWait;
    private final double maxRequested;

    // the episode's jobs
    private int n;
    private double[] submit;
    private double[] duration;
    private double[] requested;
    private int[] procs;
    private double[] start;
    private double[] finish;

    // state
    private int nextArrival;
    private int[] queue;           // waiting jobs, submission order
    private int queued;
    private long[] heap;           // running jobs: index into endTime/endSeq ordered by (end, start order)
    private int running;
    private double[] endTime;
    private long[] endSeq;
    private long startCount;
    private int free;
    private double now;
    private int chosen = -1;
    private boolean deciding;
    private boolean done = true;
    private long steps;
    private final double[] obs;

    public StepCore(int processors, int k, boolean backfill, double maxWait, double maxRequested) {
        if (processors <= 0 || k <= 0 || !(maxWait > 0) || !(maxRequested > 0)) {
            throw new IllegalArgumentException("processors, k, maxWait and maxRequested must be positive");
        }
        this.processors = processors;
        this.k = k;
        this.backfill = backfill;
        this.maxWait = maxWait;
        this.maxRequested = maxRequested;
        this.obs = new double[k * StepEnvironment.JOB_FEATURES + StepEnvironment.CLUSTER_FEATURES + 2];
    }

    private static double duration(double seconds) {
        double d = SimTime.of(seconds);
        return d == 0 && seconds > 0 ? SimTime.RESOLUTION : d;
    }

    /** Starts an episode (see {@link StepEnvironment#reset}); the returned array is reused by later calls. */
    public double[] reset(long[] ids, double[] submitTimes, double[] runtime, double[] requestedTimes, int[] procsNeeded) {
        n = ids.length;
        submit = new double[n];
        duration = new double[n];
        requested = new double[n];
        procs = procsNeeded.clone();
        start = new double[n];
        finish = new double[n];
        Arrays.fill(start, Double.NaN);
        Arrays.fill(finish, Double.NaN);
        for (int i = 0; i < n; i++) {
            if (!(runtime[i] > 0) || !(requestedTimes[i] > 0) || procs[i] <= 0) {
                throw new IllegalArgumentException("job " + ids[i] + ": runtime, requested time and processors must be positive");
            }
            if (procs[i] > processors || procs[i] <= 0) {
                throw new IllegalArgumentException("job " + ids[i] + " needs " + procs[i] + " processors, the cluster has " + processors);
            }
            submit[i] = SimTime.of(submitTimes[i]);
            requested[i] = duration(requestedTimes[i]);
            duration[i] = runtime[i] > requestedTimes[i] ? requested[i] : duration(runtime[i]);
        }
        queue = new int[n];
        queued = 0;
        heap = new long[n];
        running = 0;
        endTime = new double[n];
        endSeq = new long[n];
        startCount = 0;
        free = processors;
        now = 0;
        nextArrival = 0;
        chosen = -1;
        deciding = false;
        done = false;
        steps = 0;
        return advance();
    }

    /** Gives the agent's choice; returns the next observation (the same array), or null when the run has ended. */
    public double[] step(int action) {
        if (done || !deciding) {
            throw new IllegalStateException("no episode is running: call reset first");
        }
        if (action < 0) {
            throw new IllegalArgumentException("action must be >= 0, got " + action);
        }
        int shown = Math.min(k, queued);
        chosen = queue[Math.min(action, shown - 1)];
        deciding = false;
        steps++;
        if (pass()) {
            return observe();
        }
        return advance();
    }

    public double now() {
        return now;
    }

    public int waitingJobs() {
        return queued;
    }

    public long steps() {
        return steps;
    }

    /** After the episode: per job submit, start, finish (flattened), as {@link StepEnvironment#jobTimes()}. */
    public double[] jobTimes() {
        if (!done) {
            throw new IllegalStateException("the episode has not ended");
        }
        double[] out = new double[3 * n];
        for (int i = 0; i < n; i++) {
            out[3 * i] = submit[i];
            out[3 * i + 1] = start[i];
            out[3 * i + 2] = finish[i];
        }
        return out;
    }

    /** Runs events until a decision is needed (returns the observation) or none is left (null). */
    private double[] advance() {
        while (true) {
            boolean arrival = nextArrival < n && (running == 0 || submit[nextArrival] <= endTime[top()]);
            if (arrival) {
                now = submit[nextArrival];
                queue[queued++] = nextArrival++;
            } else if (running > 0) {
                int j = pop();
                now = endTime[j];
                finish[j] = now;
                free += procs[j];
            } else {
                done = true;
                return null;
            }
            if (pass()) {
                return observe();
            }
        }
    }

    /** The policy's reaction to an event: true when it waits for the agent. */
    private boolean pass() {
        while (true) {
            if (chosen >= 0) {
                if (procs[chosen] <= free) {
                    removeQueued(chosen);
                    int c = chosen;
                    chosen = -1;
                    startJob(c);
                    continue;
                }
                if (backfill) {
                    backfill();
                }
                return false;
            }
            if (queued == 0) {
                return false;
            }
            deciding = true;
            return true;
        }
    }

    private void backfill() {
        // the running jobs in order of requested end (now + requested time at their start)
        Integer[] idx = new Integer[running];
        for (int i = 0; i < running; i++) {
            idx[i] = (int) heap[i];
        }
        Arrays.sort(idx, (x, y) -> Double.compare(start[x] + requested[x], start[y] + requested[y]));
        int f = free;
        double shadow = Double.POSITIVE_INFINITY;
        int extra = 0;
        for (int i = 0; i < idx.length; i++) {
            int j = idx[i];
            f += procs[j];
            if (f >= procs[chosen]) {
                // the chosen job's reserved start; every job ending then frees its processors too
                shadow = start[j] + requested[j];
                while (i + 1 < idx.length && start[idx[i + 1]] + requested[idx[i + 1]] == shadow) {
                    f += procs[idx[++i]];
                }
                extra = f - procs[chosen];
                break;
            }
        }
        for (int i = 0; i < queued; i++) {
            int j = queue[i];
            if (j == chosen || procs[j] > free) {
                continue;
            }
            boolean endsBefore = now + requested[j] <= shadow;
            if (endsBefore || procs[j] <= extra) {
                if (!endsBefore) {
                    extra -= procs[j];
                }
                removeAt(i--);
                startJob(j);
            }
        }
    }

    private void startJob(int j) {
        start[j] = now;
        free -= procs[j];
        endTime[j] = SimTime.add(now, duration[j]);
        endSeq[j] = startCount++;
        push(j);
    }

    private void removeQueued(int j) {
        for (int i = 0; i < queued; i++) {
            if (queue[i] == j) {
                removeAt(i);
                return;
            }
        }
    }

    private void removeAt(int i) {
        System.arraycopy(queue, i + 1, queue, i, queued - i - 1);
        queued--;
    }

    private double[] observe() {
        int shown = Math.min(k, queued);
        int F = StepEnvironment.JOB_FEATURES;
        for (int i = 0; i < shown; i++) {
            int j = queue[i];
            int o = i * F;
            obs[o] = Math.min((now - submit[j]) / maxWait, 1.0);
            obs[o + 1] = requested[j] / maxRequested;
            obs[o + 2] = (double) procs[j] / processors;
            obs[o + 3] = procs[j] <= free ? 1 : 0;
            obs[o + 4] = 1;
        }
        Arrays.fill(obs, shown * F, k * F, 0.0);
        obs[k * F] = (double) free / processors;
        obs[k * F + 1] = Math.min((double) queued / k, 1.0);
        obs[k * F + 2] = now;
        obs[k * F + 3] = queued;
        return obs;
    }

    // a binary min-heap of running jobs by (end time, start order)
    private boolean less(int a, int b) {
        return endTime[a] < endTime[b] || (endTime[a] == endTime[b] && endSeq[a] < endSeq[b]);
    }

    private int top() {
        return (int) heap[0];
    }

    private void push(int j) {
        int i = running++;
        heap[i] = j;
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (!less((int) heap[i], (int) heap[p])) {
                break;
            }
            long t = heap[i];
            heap[i] = heap[p];
            heap[p] = t;
            i = p;
        }
    }

    private int pop() {
        int top = (int) heap[0];
        heap[0] = heap[--running];
        int i = 0;
        while (true) {
            int l = 2 * i + 1, r = l + 1, m = i;
            if (l < running && less((int) heap[l], (int) heap[m])) {
                m = l;
            }
            if (r < running && less((int) heap[r], (int) heap[m])) {
                m = r;
            }
            if (m == i) {
                break;
            }
            long t = heap[i];
            heap[i] = heap[m];
            heap[m] = t;
            i = m;
        }
        return top;
    }
}
