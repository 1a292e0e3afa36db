package org.gridsched.coalloc.placers;

import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.control.Part;
import org.gridsched.coalloc.placement.PlacementPolicy;
import org.gridsched.coalloc.placement.PlacementRequest;
import org.osgi.service.component.annotations.Component;

/**
 * Worst Fit, the placement of Ballier et al.: each component in turn goes to the cluster with the most
 * idle processors at that moment (counting the components already placed there), which balances the load;
 * ties go to the lower cluster index. Components are equal, so "largest first" is any order. The job does
 * not fit if some component finds no cluster with enough processors.
 */
@Component(service = PlacementPolicy.class, configurationPid = "gridsched.placement.worst-fit")
public final class WorstFit implements PlacementPolicy {
    public static final String NAME = "worst-fit";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "each component to the cluster with the most idle processors (Ballier et al.)";
    }

    @Override
    public List<Part> place(PlacementRequest r) {
        int[] available = Order.available(r);
        List<Part> parts = new ArrayList<>(r.components());
        for (int k = 0; k < r.components(); k++) {
            int best = 0;
            for (int c = 1; c < available.length; c++) {
                if (available[c] > available[best]) {
                    best = c;
                }
            }
            if (available[best] < r.componentSize()) {
                return null;
            }
            available[best] -= r.componentSize();
            parts.add(new Part(best, r.componentSize()));
        }
        return parts;
    }
}
