import java.util.Arrays;

/**
 * One side of bin/bench-compare: the engine and one batch policy on the bench's generated workload ({@link OneRun}: 1M
 * Lublin-Feitelson jobs at 90 % load on 1,024 processors, exact or 5x over-estimated requested times), in
 * process, no collectors, {@code runs} times after two warm-up runs; prints the min and median seconds, and the median
 * of the host's memory latency measured after each counted run ({@link #memoryLatency}). Compiled against each build
 * being compared (only API that both have), so both sides run the same measuring code.
 */
public class EngineAB {
    public static void main(String[] args) throws Exception {
        String policyName = args[1];
        int runs = Integer.parseInt(args[2]);
        int jobs = args.length > 3 ? Integer.parseInt(args[3]) : 1_000_000;
        OneRun run = new OneRun(args[0], policyName, jobs);
        // the first runs compile the hot code: timed, but not counted
        int warmUp = 2;
        double[] t = new double[runs];
        double[] probe = new double[runs];
        int[] chain = chain();
        for (int i = -warmUp; i < runs; i++) {
            System.gc();
            double took = run.getAsDouble();
            if (i >= 0) {
                t[i] = took;
                probe[i] = memoryLatency(chain);
            }
        }
        Arrays.sort(t);
        Arrays.sort(probe);
        System.out.printf("%s %s min %.3f median %.3f probe %.1f%n", args[0], policyName, t[0], t[runs / 2], probe[runs / 2]);
    }

    /** 64 MB of ints linked in one random cycle (Sattolo's shuffle, fixed seed): following it misses every cache. */
    private static int[] chain() {
        int n = 1 << 24;
        int[] next = new int[n];
        for (int i = 0; i < n; i++) {
            next[i] = i;
        }
        java.util.SplittableRandom r = new java.util.SplittableRandom(42);
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i); // j < i, never i itself: the permutation is one cycle through all n
            int x = next[i];
            next[i] = next[j];
            next[j] = x;
        }
        return next;
    }

    /**
     * Nanoseconds per step of 2 million dependent loads along the chain, taken after each timed run: the host's memory
     * latency then. On a shared machine a neighbour's load raises it and slows the simulation (over-estimated CBF,
     * 2026-12-06: in two of four JVMs, the runs that took 20-35 % longer came with 5-14 % more here), so it helps tell
     * a slow round of the host from a slow build; it does not catch every slow run.
     */
    private static double memoryLatency(int[] next) {
        int steps = 2_000_000;
        int p = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < steps; i++) {
            p = next[p];
        }
        double ns = (double) (System.nanoTime() - t0) / steps;
        if (p < 0) {
            throw new AssertionError(); // never: it uses the walk's end, so the loop is not dropped
        }
        return ns;
    }
}
