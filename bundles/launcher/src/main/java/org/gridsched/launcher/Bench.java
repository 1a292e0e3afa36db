package org.gridsched.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadGenerator;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * {@code gridsched bench}: simulated jobs per second and peak heap for each batch policy on the shared
 * traces (when present) and on two generated workloads of one million Lublin–Feitelson jobs at 90 %
 * offered load on 1,024 processors: with the model's exact estimates, and with requested times
 * over-estimated up to 5x (a stress case for conservative backfilling). Workloads are read into memory
 * first, so the figures measure the simulator, not the parser; each run is repeated (traces --runs
 * times, generated workloads twice) and the best time is reported.
 */
final class Bench {
    private static final List<String> TRACES = List.of("NASA-iPSC-1993-3.1-cln.swf.gz", "HPC2N-seth-excerpt.swf", "lublin_256.swf");

    private final PluginRegistry registry;
    private final PrintStream out;
    private final PrintStream err;
    private final Path home;

    Bench(PluginRegistry registry, PrintStream out, PrintStream err, Path home) {
        this.registry = registry;
        this.out = out;
        this.err = err;
        this.home = home;
    }

    void run(List<String> args) {
        Path data = home.resolve("..").resolve("shared").resolve("data").normalize();
        int jobs = 1_000_000;
        int runs = 20;
        boolean dataGiven = false;
        List<String> policies = Defaults.list(Defaults.bench().path("policies"));
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String v = i + 1 < args.size() ? args.get(i + 1) : null;
            if (v == null) {
                throw new Cli.UsageException("bench: " + a + " needs a value");
            }
            i++;
            try {
                switch (a) {
                    case "--data" -> {
                        data = Path.of(v);
                        dataGiven = true;
                    }
                    case "--jobs" -> jobs = Integer.parseInt(v);
                    case "--runs" -> runs = Integer.parseInt(v);
                    case "--policies" -> policies = Arrays.asList(v.split(","));
                    default -> throw new Cli.UsageException("bench: unknown option '" + a + "'" + Suggest.didYouMean(a, Cli.optionsOf("bench")));
                }
            } catch (NumberFormatException e) {
                throw new Cli.UsageException("bench: " + a + " needs a whole number, got '" + v + "'");
            }
        }
        if (jobs < 0) {
            throw new Cli.UsageException("bench: --jobs must be 0 (no generated workloads) or positive, got " + jobs);
        }
        if (runs < 1) {
            throw new Cli.UsageException("bench: --runs must be at least 1, got " + runs);
        }
        for (String p : policies) {
            registry.get(Kind.BATCH, p, "--policies");
        }
        if (dataGiven && !Files.isDirectory(data)) {
            throw new InputException(data.toString(), 0, "--data", "no such folder (the shared traces: ../shared/data)");
        }
        Path traces = data;
        if (jobs == 0 && TRACES.stream().noneMatch(t -> Files.isRegularFile(traces.resolve(t)))) {
            throw new InputException(data.toString(), 0, "--data", "holds none of the bench's traces (" + String.join(", ", TRACES)
                    + ") and --jobs 0 generates none: nothing to measure");
        }
        out.printf("gridsched bench: Java %s, %d cores, max heap %,d MB%n", System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
        out.println();
        out.println("| workload | jobs | processors | policy | seconds | jobs/s | peak heap MB |");
        out.println("|---|---:|---:|---|---:|---:|---:|");
        for (String t : TRACES) {
            Path f = data.resolve(t);
            if (!Files.isRegularFile(f)) {
                err.println("bench: " + f + " absent, skipping that trace");
                continue;
            }
            Loaded w = load(f);
            for (String p : policies) {
                measure(t, w, p, runs);
            }
        }
        if (jobs > 0) {
            // The model has no estimate model: "exact" keeps requested = runtime, as in the archive's
            // lublin_256 trace; "overestimated" draws requested = runtime x U[1,5], so that nearly every job
            // ends early and conservative backfilling re-plans its queue at nearly every job end.
            for (boolean overestimate : new boolean[] {false, true}) {
                err.printf("bench: generating %,d jobs...%n", jobs);
                Loaded w = generate(jobs, overestimate);
                String name = GENERATOR + " " + jobs / 1000 + "k, load 0.9, " + (overestimate ? "requested x U[1,5]" : "exact estimates");
                for (String p : policies) {
                    measure(name, w, p, Math.min(runs, 2));
                }
            }
        }
    }

    private record Loaded(List<JobRecord> jobs, int processors) {
    }

    private Loaded load(Path f) {
        var reader = RunInputs.readerFor(registry, f, "bench");
        List<JobRecord> list = new ArrayList<>();
        try (JobSource src = reader.open(f, PluginOptions.empty("bench"))) {
            JobRecord r = new JobRecord();
            while (src.next(r)) {
                list.add(r.copy());
            }
            int procs = headerProcessors(f, src);
            list.removeIf(j -> j.processors > procs);
            return new Loaded(list, procs);
        } catch (IOException e) {
            throw new InputException(f.toString(), 0, null, e.getMessage());
        }
    }

    /** The trace's size as a run without a platform takes it ({@link RunInputs#headerProcessors}); an error naming the trace without one. */
    private static int headerProcessors(Path f, JobSource src) {
        int procs = RunInputs.headerProcessors(src.header());
        if (procs == 0) {
            throw new InputException(f.toString(), 0, "MaxProcs", "the bench sizes its cluster by the trace header, "
                    + "which has no positive MaxProcs or MaxNodes");
        }
        return procs;
    }

    /** The generated workloads' generator and options ({@code bench} in {@code defaults.json}). */
    private static final String GENERATOR = Defaults.bench().path("generator").asText();

    private Loaded generate(int n, boolean overestimate) {
        WorkloadGenerator gen = registry.get(Kind.GENERATOR, GENERATOR, "bench");
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("jobs", n);
        o.putAll(Defaults.options(Defaults.bench().path("generator_options")));
        if (overestimate) {
            o.putAll(Defaults.options(Defaults.bench().path("overestimated_options")));
        }
        List<JobRecord> list = new ArrayList<>(n);
        try (JobSource src = gen.open(new PluginOptions("bench generator", o), 1)) {
            JobRecord r = new JobRecord();
            while (src.next(r)) {
                list.add(r.copy());
            }
        }
        return new Loaded(list, ((Number) o.get("processors")).intValue());
    }

    private void measure(String name, Loaded w, String policyName, int runs) {
        BatchPolicy policy = registry.get(Kind.BATCH, policyName, "--policies");
        double best = Double.POSITIVE_INFINITY;
        long peak = 0;
        for (int i = 0; i < runs; i++) {
            System.gc();
            List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans();
            pools.forEach(MemoryPoolMXBean::resetPeakUsage);
            Platform platform = new Platform(List.of(new ClusterSpec("cluster", w.processors(), 1.0)));
            List<Simulation.NamedCollector> collectors = new ArrayList<>();
            for (RunProfile.Choice c : Defaults.choices(Kind.COLLECTOR)) {
                MetricCollector mc = registry.get(Kind.COLLECTOR, c.name(), "bench");
                collectors.add(new Simulation.NamedCollector(c.name(), mc.create(RunInputs.runInfo(platform), PluginOptions.empty(c.name()))));
            }
            Simulation sim = new Simulation(platform, cl -> policy.create(cl, PluginOptions.empty(policyName)), collectors, null);
            long t0 = System.nanoTime();
            SimulationResult r = sim.run(new ListJobSource(name, w.jobs()));
            double s = (System.nanoTime() - t0) / 1e9;
            if (r.simulated() != w.jobs().size()) {
                throw new IllegalStateException("bench: simulated " + r.simulated() + " of " + w.jobs().size());
            }
            best = Math.min(best, s);
            long used = 0;
            for (MemoryPoolMXBean p : pools) {
                if (p.getType() == MemoryType.HEAP) {
                    used += p.getPeakUsage().getUsed();
                }
            }
            peak = Math.max(peak, used);
        }
        out.printf("| %s | %,d | %,d | %s | %.3f | %,.0f | %,d |%n", name, w.jobs().size(), w.processors(), policyName,
                best, w.jobs().size() / best, peak >> 20);
    }
}
