package org.gridsched.api.batch.kit;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.Reservation;

/**
 * The plan of a partitioned cluster beside the planner's whole-cluster profile: one profile per pool of
 * {@link Partitions}, and for each job the processors it takes from each pool of its partition
 * ({@link Entry#split}). A job fits when its partition's pools, each planned by counts, give enough
 * processors together; it is then started on exactly those counts
 * ({@link Cluster#start(org.gridsched.api.batch.QueuedJob, BitSet[], int[])}).
 *
 * <p>Reservations the policy did not make must cover the whole cluster (maintenance windows): those of
 * part of it are placed by the engine on processors the pools cannot know, and are refused.
 */
final class PoolPlan {
    private final Cluster cluster;
    final Partitions parts;
    private final AvailabilityProfile[] profiles;
    private final Claims[] claims;
    /** Scratch of the capacity of each pool for one fit (by pool number). */
    private final int[] room;

    PoolPlan(Cluster cluster, Partitions parts) {
        if (parts.clusterProcessors() != cluster.processors()) {
            throw new IllegalArgumentException("partitions of " + parts.clusterProcessors() + " processors for cluster "
                    + cluster.name() + " of " + cluster.processors());
        }
        this.cluster = cluster;
        this.parts = parts;
        int n = parts.pools();
        profiles = new AvailabilityProfile[n];
        claims = new Claims[n];
        room = new int[n];
        for (int k = 0; k < n; k++) {
            profiles[k] = new AvailabilityProfile(parts.poolSize(k), Double.NEGATIVE_INFINITY);
            claims[k] = new Claims(parts.poolSize(k));
        }
    }

    void discardBefore(double now) {
        for (AvailabilityProfile p : profiles) {
            p.discardBefore(now);
        }
    }

    void reserve(Entry e, double from, double to) {
        int[] pools = parts.poolsOf(e.partition);
        for (int i = 0; i < pools.length; i++) {
            if (e.split[i] > 0) {
                profiles[pools[i]].reserve(from, to, e.split[i]);
            }
        }
    }

    void release(Entry e, double from, double to) {
        int[] pools = parts.poolsOf(e.partition);
        for (int i = 0; i < pools.length; i++) {
            if (e.split[i] > 0) {
                profiles[pools[i]].release(from, to, e.split[i]);
            }
        }
    }

    /**
     * Whether {@code e} can start now and hold its processors over [now, end): each pool gives what is
     * free in it now and, unless {@code freeMeansFits}, free in its profile over the span. On success
     * {@link Entry#split} holds the counts, the partition's least shared pools first.
     */
    boolean fitsNow(Entry e, double now, double end, boolean freeMeansFits) {
        int[] pools = parts.poolsOf(e.partition);
        int total = 0;
        for (int k : pools) {
            int r = cluster.freeProcessors(parts.pool(k));
            if (!freeMeansFits && r > 0) {
                r = Math.min(r, profiles[k].minFree(now, end));
            }
            room[k] = r;
            total += Math.max(0, r);
        }
        if (total < e.width) {
            return false;
        }
        split(e, pools);
        return true;
    }

    /**
     * The earliest start at or after {@code now} at which the pools of {@code e}'s partition hold its
     * processors for its requested time, by their profiles; {@link Entry#split} holds the counts then.
     * The candidates are now and every instant a pool's free count changes, in time order.
     */
    double earliestStart(Entry e, double now) {
        if (e.width > parts.processors(e.partition)) {
            return Double.POSITIVE_INFINITY;
        }
        int[] pools = parts.poolsOf(e.partition);
        double[] candidates = candidates(pools, now);
        for (double t : candidates) {
            double end = SimTime.add(t, e.requested);
            int total = 0;
            for (int k : pools) {
                room[k] = profiles[k].minFree(t, end);
                total += Math.max(0, room[k]);
            }
            if (total >= e.width) {
                split(e, pools);
                return t;
            }
        }
        // after the last breakpoint every pool is as free as it will ever be: the loop has found it
        throw new IllegalStateException(e.job + " never fits partition " + e.partition + " of " + cluster.name());
    }

    private double[] candidates(int[] pools, double now) {
        int n = 1;
        for (int k : pools) {
            n += profiles[k].breakpoints();
        }
        double[] c = new double[n];
        c[0] = now;
        int m = 1;
        for (int k : pools) {
            AvailabilityProfile p = profiles[k];
            for (int i = p.breakpointAt(now) + 1; i < p.breakpoints(); i++) {
                c[m++] = p.breakpointTime(i);
            }
        }
        Arrays.sort(c, 0, m);
        return Arrays.copyOf(c, m);
    }

    /** Fills {@code e.split} from {@link #room}, in the partition's pool order. */
    private void split(Entry e, int[] pools) {
        if (e.split == null) {
            e.split = new int[pools.length];
        }
        int left = e.width;
        for (int i = 0; i < pools.length; i++) {
            int take = Math.max(0, Math.min(room[pools[i]], left));
            e.split[i] = take;
            left -= take;
        }
    }

    /** Starts {@code e} on its split. */
    void start(Entry e) {
        int[] pools = parts.poolsOf(e.partition);
        int used = 0;
        for (int c : e.split) {
            used += c > 0 ? 1 : 0;
        }
        BitSet[] sets = new BitSet[used];
        int[] counts = new int[used];
        int j = 0;
        for (int i = 0; i < pools.length; i++) {
            if (e.split[i] > 0) {
                sets[j] = parts.pool(pools[i]);
                counts[j++] = e.split[i];
            }
        }
        cluster.start(e.job, sets, counts);
    }

    /** Brings the pools' profiles in line with the reservations (all of the whole cluster). */
    void syncClaims(List<Reservation> reservations, double now) {
        for (Reservation r : reservations) {
            if (r.processors() != cluster.processors()) {
                throw new IllegalStateException("cluster " + cluster.name() + " has partitions, which plan around reservations of the"
                        + " whole cluster only; got one of " + r.processors() + " of " + cluster.processors() + " processors over ["
                        + r.start() + ", " + r.end() + ") (a claim of a controller, or a declared reservation of part of the cluster)");
            }
        }
        for (int k = 0; k < profiles.length; k++) {
            claims[k].sync(profiles[k], reservations, now);
        }
    }
}
