package org.gridsched.batch.multifactor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Fair-share factors of every association from its usage and shares, on a two-level tree: groups (Slurm's
 * accounts) under the root, users under their group. S is a normalized share, U a normalized usage.
 * <ul>
 * <li>classic: {@code F = 2^(-U/S)} with S = (group share / sum of the groups' shares) x (user share / sum
 * of the shares of the users in the group) and U = the association's usage / all usage (0 while nothing
 * was used); F = 0 for a share of 0. This is Slurm's classic formula with U the raw normalized usage (no
 * effective-usage inheritance from the account).</li>
 * <li>fair-tree (Slurm's Fair Tree): at each level siblings are ranked by Level FS = S/U (S, U normalized
 * among siblings; U = 0 gives +infinity), highest first, ties by number; a depth-first walk in that order
 * lists the users; the k-th of N (from 0) gets rank N - k, users of the same group with equal Level FS
 * share a rank; F = rank / N.</li>
 * </ul>
 * Only associations seen so far take part (the workload defines users as they appear).
 */
final class FairShare {
    private final Settings s;

    FairShare(Settings s) {
        this.s = s;
    }

    private double userShare(Usage.Assoc a) {
        return s.userShares.getOrDefault(a.user, s.defaultShare);
    }

    private double groupShare(int group) {
        return s.groupShares.getOrDefault(group, s.defaultShare);
    }

    /** Sets {@code factor} of every association from its {@code usage}. */
    void compute(Iterable<Usage.Assoc> assocs) {
        Map<Integer, List<Usage.Assoc>> byGroup = new TreeMap<>();
        for (Usage.Assoc a : assocs) {
            byGroup.computeIfAbsent(a.group, g -> new ArrayList<>()).add(a);
        }
        double groupShares = 0;
        double total = 0;
        for (Map.Entry<Integer, List<Usage.Assoc>> e : byGroup.entrySet()) {
            groupShares += groupShare(e.getKey());
            total += usage(e.getValue());
        }
        if (s.fairTree) {
            fairTree(byGroup, groupShares, total);
        } else {
            classic(byGroup, groupShares, total);
        }
    }

    private static double usage(List<Usage.Assoc> members) {
        double u = 0;
        for (Usage.Assoc a : members) {
            u += a.usage;
        }
        return u;
    }

    private static double fraction(double part, double whole) {
        return whole > 0 ? part / whole : 0;
    }

    private void classic(Map<Integer, List<Usage.Assoc>> byGroup, double groupShares, double total) {
        for (Map.Entry<Integer, List<Usage.Assoc>> e : byGroup.entrySet()) {
            double g = fraction(groupShare(e.getKey()), groupShares);
            double userShares = 0;
            for (Usage.Assoc a : e.getValue()) {
                userShares += userShare(a);
            }
            for (Usage.Assoc a : e.getValue()) {
                double share = g * fraction(userShare(a), userShares);
                a.factor = share > 0 ? Math.pow(2, -fraction(a.usage, total) / share) : 0;
            }
        }
    }

    /** Level FS = S / U; +infinity for no usage (with a share), 0 for no share. */
    private static double levelFs(double share, double usage) {
        if (share == 0) {
            return 0;
        }
        return usage == 0 ? Double.POSITIVE_INFINITY : share / usage;
    }

    private record Ranked<T>(T item, double levelFs, int number) {
    }

    private static <T> List<Ranked<T>> sorted(List<Ranked<T>> list) {
        list.sort(Comparator.<Ranked<T>>comparingDouble(r -> -r.levelFs).thenComparingInt(r -> r.number));
        return list;
    }

    private void fairTree(Map<Integer, List<Usage.Assoc>> byGroup, double groupShares, double total) {
        List<Ranked<List<Usage.Assoc>>> groups = new ArrayList<>();
        int n = 0;
        for (Map.Entry<Integer, List<Usage.Assoc>> e : byGroup.entrySet()) {
            double lfs = levelFs(fraction(groupShare(e.getKey()), groupShares), fraction(usage(e.getValue()), total));
            groups.add(new Ranked<>(e.getValue(), lfs, e.getKey()));
            n += e.getValue().size();
        }
        int k = 0;
        for (Ranked<List<Usage.Assoc>> g : sorted(groups)) {
            double groupUsage = usage(g.item);
            double userShares = 0;
            for (Usage.Assoc a : g.item) {
                userShares += userShare(a);
            }
            List<Ranked<Usage.Assoc>> users = new ArrayList<>();
            for (Usage.Assoc a : g.item) {
                users.add(new Ranked<>(a, levelFs(fraction(userShare(a), userShares), fraction(a.usage, groupUsage)), a.user));
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
