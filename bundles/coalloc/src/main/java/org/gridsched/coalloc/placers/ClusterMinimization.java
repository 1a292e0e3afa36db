package org.gridsched.coalloc.placers;

import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.control.Part;
import org.gridsched.coalloc.placement.PlacementPolicy;
import org.gridsched.coalloc.placement.PlacementRequest;
import org.osgi.service.component.annotations.Component;

/**
 * Cluster Minimization (KOALA): the components go to as few clusters as possible. Clusters are taken by
 * decreasing number of idle processors, each filled with as many whole components as fit; with equal
 * components this greedy order uses the fewest clusters.
 */
@Component(service = PlacementPolicy.class, configurationPid = "gridsched.placement.cluster-minimization")
public final class ClusterMinimization implements PlacementPolicy {
    public static final String NAME = "cluster-minimization";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "components on as few clusters as possible, fullest fit first (KOALA CM)";
    }

    @Override
    public List<Part> place(PlacementRequest r) {
        int[] available = Order.available(r);
        int size = r.componentSize();
        int left = r.components();
        List<Part> parts = new ArrayList<>(left);
        for (int c : Order.byAvailability(available)) {
            for (int n = Math.min(left, available[c] / size); n > 0; n--, left--) {
                parts.add(new Part(c, size));
            }
            if (left == 0) {
                return parts;
            }
        }
        return null;
    }
}
