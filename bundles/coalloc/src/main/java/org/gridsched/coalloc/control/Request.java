package org.gridsched.coalloc.control;

import java.util.List;

import org.gridsched.api.control.Part;
import org.gridsched.coalloc.placement.PlacementPolicy;
import org.gridsched.coalloc.placement.PlacementRequest;

/** A placement request with a snapshot of the availability, and the check of what the policy answered. */
final class Request implements PlacementRequest {
    private final GlobalJob job;
    private final int[] available;
    private final int[] processors;
    private final int components;

    Request(GlobalJob job, int[] available, int[] processors) {
        this(job, available, processors, job.job.components());
    }

    /** A request for the first {@code components} components of the job only (GP's {@code kill_then_fail}). */
    Request(GlobalJob job, int[] available, int[] processors, int components) {
        this.job = job;
        this.available = available;
        this.processors = processors;
        this.components = components;
    }

    @Override
    public long jobId() {
        return job.job.id();
    }

    @Override
    public int components() {
        return components;
    }

    @Override
    public int componentSize() {
        return job.componentSize;
    }

    @Override
    public int clusters() {
        return available.length;
    }

    @Override
    public int available(int cluster) {
        return available[cluster];
    }

    @Override
    public int processors(int cluster) {
        return processors[cluster];
    }

    /** Asks the policy; a placement that breaks the contract is a bug of the policy, named in the error. */
    List<Part> placeWith(PlacementPolicy policy) {
        List<Part> parts = policy.place(this);
        if (parts == null) {
            return null;
        }
        int[] used = new int[available.length];
        int total = 0;
        for (Part p : parts) {
            if (p.cluster() < 0 || p.cluster() >= used.length) {
                throw new IllegalStateException("placement policy '" + policy.name() + "' put a part of job " + jobId()
                        + " on cluster " + p.cluster() + ", which does not exist");
            }
            used[p.cluster()] += p.processors();
            total += p.processors();
        }
        for (int c = 0; c < used.length; c++) {
            if (used[c] > available[c]) {
                throw new IllegalStateException("placement policy '" + policy.name() + "' put " + used[c] + " processors of job "
                        + jobId() + " on cluster " + c + ", which has " + available[c] + " available");
            }
        }
        if (parts.isEmpty() || total != components() * componentSize()) {
            throw new IllegalStateException("placement policy '" + policy.name() + "' gave job " + jobId() + " " + total
                    + " processors instead of " + components() * componentSize());
        }
        return parts;
    }

    /** Processors per cluster of a placement. */
    static int[] perCluster(List<Part> parts, int clusters) {
        int[] need = new int[clusters];
        for (Part p : parts) {
            need[p.cluster()] += p.processors();
        }
        return need;
    }
}
