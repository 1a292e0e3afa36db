import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.DoubleSupplier;

/**
 * One JVM of bin/bench-interleave: two builds side by side in the same JVM, each in a class loader of its own (its
 * api, engine, batch and workload jars and {@link OneRun} compiled against them), their runs alternating, so that both
 * meet the same moments of a shared host (a neighbour loading the machine's memory slows a run by 20-35 %, for minutes).
 * Each side generates the workload once and makes two warm-up runs; then {@code runs} rounds, each running both sides,
 * the order of the two alternating from round to round. Prints one line per round with both times and their ratio
 * (this / base), then the median ratio. One JVM compiles each side's code its own way, which moves its ratio by 2-3 %
 * either way: bin/bench-interleave runs several JVMs, loading the sides in either order, and pools their rounds.
 *
 * <p>Arguments: CASE POLICY JOBS RUNS FIRST BASE_CLASSPATH THIS_CLASSPATH, FIRST being {@code base} or {@code this} (the
 * side loaded and warmed up first); each class path holds the side's compiled OneRun first.
 */
public class InterleavedAB {
    public static void main(String[] a) throws Exception {
        if (a.length != 7) {
            throw new IllegalArgumentException("usage: InterleavedAB CASE POLICY JOBS RUNS base|this BASE_CP THIS_CP");
        }
        String kind = a[0];
        String policy = a[1];
        int jobs = Integer.parseInt(a[2]);
        int runs = Integer.parseInt(a[3]);
        boolean baseFirst = a[4].equals("base");
        DoubleSupplier[] side = new DoubleSupplier[2]; // 0 base, 1 this
        int[] order = baseFirst ? new int[] {0, 1} : new int[] {1, 0};
        for (int s : order) {
            try {
                side[s] = load(a[5 + s], kind, policy, jobs);
            } catch (java.lang.reflect.InvocationTargetException e) {
                // what OneRun refuses (a case the build cannot run), said as it is, without the reflection around it
                System.err.println("bench-interleave: " + (s == 0 ? "base" : "this") + ": " + e.getCause().getMessage());
                System.exit(2);
            }
        }
        for (int warm = 0; warm < 2; warm++) {
            for (int s : order) {
                System.gc();
                side[s].getAsDouble();
            }
        }
        double[] ratio = new double[runs];
        for (int r = 0; r < runs; r++) {
            double[] t = new double[2];
            for (int k = 0; k < 2; k++) {
                int s = order[(r + k) % 2]; // who goes first alternates
                System.gc();
                t[s] = side[s].getAsDouble();
            }
            ratio[r] = t[1] / t[0];
            System.out.printf("round %d base %.3f this %.3f ratio %.4f%n", r, t[0], t[1], ratio[r]);
        }
        Arrays.sort(ratio);
        System.out.printf("median ratio %.4f%n", ratio[runs / 2]);
    }

    private static DoubleSupplier load(String classPath, String kind, String policy, int jobs) throws Exception {
        String[] parts = classPath.split(":");
        URL[] urls = new URL[parts.length];
        for (int i = 0; i < parts.length; i++) {
            urls[i] = Path.of(parts[i]).toUri().toURL();
        }
        // the platform loader as parent: nothing of either build is shared
        ClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
        return (DoubleSupplier) loader.loadClass("OneRun").getConstructor(String.class, String.class, int.class)
                .newInstance(kind, policy, jobs);
    }
}
