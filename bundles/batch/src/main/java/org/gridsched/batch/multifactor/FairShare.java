package org.gridsched.batch.multifactor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Fair-share factors from usage and shares, on a two-level tree: groups (Slurm's accounts) under the
 * root, users under their group. S is a normalized share, U a normalized usage, both at the instant the
 * factor is computed.
 * <ul>
 * <li>classic: {@code F = 2^(-U/S)} with S = (group share / sum of the groups' shares) x (user share / sum
 * of the shares of the users in the group) and U = the association's usage / all usage (0 while nothing
 * was used); F = 0 for a share of 0. This is Slurm's classic formula with U the raw normalized usage (no
 * effective-usage inheritance from the account). O(1) per association.</li>
 * <li>fair-tree (Slurm's Fair Tree): at each level siblings are ranked by Level FS = S/U (S, U normalized
 * among siblings; U = 0 gives +infinity, S = 0 gives 0), highest first, ties by number; a depth-first
 * walk in that order lists the users; the k-th of N (from 0) gets rank N - k, users of the same group with
 * equal Level FS share a rank; F = rank / N. O(A log A) for A associations, once per period.</li>
 * </ul>
 * Only associations seen so far take part (the workload defines users as they appear).
 */
final class FairShare {
    private final Usage usage;

    FairShare(Usage usage) {
        this.usage = usage;
    }

    private static double fraction(double part, double whole) {
        return whole > 0 ? part / whole : 0;
    }

    /** The classic factor of one association at t (sets its {@code usage} and {@code factor}). */
    void classic(Usage.Assoc a, double t) {
        double h = usage.halfLife;
        a.usage = a.at(t, h);
        double share = fraction(a.group.share, usage.groupShares)
                * fraction(a.share, a.group.userShares);
        a.factor = share > 0 ? Math.pow(2, -fraction(a.usage, usage.total.at(t, h)) / share) : 0;
    }

    /** Level FS = S / U; +infinity for no usage (with a share), 0 for no share. */
    private static double levelFs(double share, double used) {
        if (share == 0) {
            return 0;
        }
        return used == 0 ? Double.POSITIVE_INFINITY : share / used;
    }

    private record Ranked<T>(T item, double levelFs, int number) {
    }

    private static <T> List<Ranked<T>> sorted(List<Ranked<T>> list) {
        list.sort(Comparator.<Ranked<T>>comparingDouble(r -> -r.levelFs).thenComparingInt(r -> r.number));
        return list;
    }

    /** Fair Tree factors of every association at t. */
    void fairTree(double t) {
        double h = usage.halfLife;
        double total = usage.total.at(t, h);
        Map<Integer, List<Usage.Assoc>> members = new TreeMap<>();
        for (Usage.Assoc a : usage.all()) {
            a.usage = a.at(t, h);
            members.computeIfAbsent(a.group.id, g -> new ArrayList<>()).add(a);
        }
        List<Ranked<Usage.Group>> groups = new ArrayList<>();
        for (Usage.Group g : usage.groups.values()) {
            groups.add(new Ranked<>(g, levelFs(fraction(g.share, usage.groupShares), fraction(g.at(t, h), total)), g.id));
        }
        int n = usage.size();
        int k = 0;
        for (Ranked<Usage.Group> g : sorted(groups)) {
            double groupUsage = g.item.at(t, h);
            List<Ranked<Usage.Assoc>> users = new ArrayList<>();
            for (Usage.Assoc a : members.get(g.item.id)) {
                users.add(new Ranked<>(a, levelFs(fraction(a.share, g.item.userShares), fraction(a.usage, groupUsage)), a.user));
            }
            Ranked<Usage.Assoc> previous = null;
            int rank = 0;
            for (Ranked<Usage.Assoc> u : sorted(users)) {
                if (previous == null || previous.levelFs != u.levelFs) {
                    rank = n - k;
                }
                u.item.factor = (double) rank / n;
                previous = u;
                k++;
            }
        }
    }
}
