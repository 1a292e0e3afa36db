package org.gridsched.coalloc.placers;

import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.control.Part;
import org.gridsched.coalloc.placement.PlacementPolicy;
import org.gridsched.coalloc.placement.PlacementRequest;
import org.osgi.service.component.annotations.Component;

/**
 * Flexible Cluster Minimization (KOALA): the job's processors (components x size) are split anew, one part
 * per cluster, taking clusters by decreasing number of idle processors and all of each cluster's idle
 * processors until the job is covered. The parts need not have the components' size; the fewest clusters
 * are used. The job does not fit if all idle processors together are too few.
 */
@Component(service = PlacementPolicy.class, configurationPid = "gridsched.placement.flexible-cluster-minimization")
public final class FlexibleClusterMinimization implements PlacementPolicy {
    public static final String NAME = "flexible-cluster-minimization";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "the job's processors re-split over as few clusters as possible, fullest first (KOALA FCM)";
    }

    @Override
    public List<Part> place(PlacementRequest r) {
        int[] available = Order.available(r);
        int left = r.components() * r.componentSize();
        List<Part> parts = new ArrayList<>();
        for (int c : Order.byAvailability(available)) {
            int n = Math.min(left, available[c]);
            if (n > 0) {
                parts.add(new Part(c, n));
                left -= n;
            }
            if (left == 0) {
                return parts;
            }
        }
        return null;
    }
}
