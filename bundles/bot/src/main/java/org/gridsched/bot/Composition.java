package org.gridsched.bot;

/**
 * The metascheduler's composition of offers: how many tasks each provider gets so that the bag's expected
 * completion (the latest over its providers) is as early as possible.
 *
 * <p>The sweep runs over the providers' offer points in completion order; at time T provider p can finish
 * {@code cap_p(T)} tasks. The answer is the smallest T with {@code sum cap_p(T) >= n}: every task offered to
 * complete before T is taken. The rest comes from the points at exactly T, by the {@link Rule}.
 */
final class Composition {
    /** Tasks per provider. */
    final int[] tasks;
    /** The bag's global expected completion. */
    final double completion;

    private Composition(int[] tasks, double completion) {
        this.tasks = tasks;
        this.completion = completion;
    }

    /**
     * @param offers one per provider (null: that provider makes no offer)
     * @throws IllegalArgumentException if all offers together carry fewer than n tasks
     */
    /** How the tasks offered at exactly the composed completion T are shared out. */
    enum Rule {
        /** First from providers that already hold tasks of the bag, then from others, each in provider order (fewest providers). */
        EARLIEST,
        /**
         * One task at a time to each provider offering at T in turn, in provider order (the tasks of all offers sorted by
         * their expected completion individually, equal ones taken alternately: no preference among providers).
         */
        INTERLEAVED,
        /**
         * In proportion to what each provider offers at T (largest remainders, ties in provider order): a provider
         * offering few tasks there gets few, or none for a small bag.
         */
        PROPORTIONAL
    }

    static Composition of(Offer[] offers, int n) {
        return of(offers, n, Rule.EARLIEST);
    }

    static Composition of(Offer[] offers, int n, Rule rule) {
        int providers = offers.length;
        int[] next = new int[providers];
        int[] cap = new int[providers];
        int total = 0;
        while (true) {
            double t = Double.POSITIVE_INFINITY;
            for (int p = 0; p < providers; p++) {
                if (offers[p] != null && next[p] < offers[p].points()) {
                    t = Math.min(t, offers[p].completion(next[p]));
                }
            }
            if (t == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException("the offers carry only " + total + " of " + n + " tasks");
            }
            int[] before = cap.clone();
            int totalBefore = total;
            for (int p = 0; p < providers; p++) {
                while (offers[p] != null && next[p] < offers[p].points() && offers[p].completion(next[p]) == t) {
                    total += offers[p].cumulative(next[p]) - cap[p];
                    cap[p] = offers[p].cumulative(next[p]);
                    next[p]++;
                }
            }
            if (total >= n) {
                int need = n - totalBefore;
                int[] k = before;
                if (rule == Rule.PROPORTIONAL) {
                    int offered = 0;
                    for (int p = 0; p < providers; p++) {
                        offered += cap[p] - before[p];
                    }
                    int given = 0;
                    long[] rest = new long[providers];
                    for (int p = 0; p < providers; p++) {
                        long share = (long) need * (cap[p] - before[p]);
                        int whole = (int) (share / offered);
                        rest[p] = share % offered;
                        k[p] += whole;
                        given += whole;
                    }
                    while (given < need) { // largest remainders first, ties in provider order
                        int best = -1;
                        for (int p = 0; p < providers; p++) {
                            if (k[p] < cap[p] && (best < 0 || rest[p] > rest[best])) {
                                best = p;
                            }
                        }
                        k[best]++;
                        rest[best] = -1;
                        given++;
                    }
                    return new Composition(k, t);
                }
                if (rule == Rule.INTERLEAVED) {
                    while (need > 0) {
                        for (int p = 0; p < providers && need > 0; p++) {
                            if (k[p] < cap[p]) {
                                k[p]++;
                                need--;
                            }
                        }
                    }
                    return new Composition(k, t);
                }
                for (int pass = 0; pass < 2 && need > 0; pass++) {
                    for (int p = 0; p < providers && need > 0; p++) {
                        boolean holds = before[p] > 0;
                        if (holds == (pass == 0)) {
                            int extra = Math.min(need, cap[p] - before[p]);
                            k[p] += extra;
                            need -= extra;
                        }
                    }
                }
                return new Composition(k, t);
            }
        }
    }
}
