package org.gridsched.workload.swf;

import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;

/** A set of non-negative job ids: a bit per id for the usual small, dense ids, a hash set for the others. */
final class JobIds {
    private final BitSet small = new BitSet();
    private Set<Long> large;

    /** Adds an id; false if it was there already. */
    boolean add(long id) {
        if (id < Integer.MAX_VALUE) {
            int i = (int) id;
            if (small.get(i)) {
                return false;
            }
            small.set(i);
            return true;
        }
        if (large == null) {
            large = new HashSet<>();
        }
        return large.add(id);
    }
}
