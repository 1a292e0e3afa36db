package org.gridsched.launcher;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.gridsched.api.Plugin;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.metrics.RunInfo;
import org.gridsched.engine.Platform;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.report.CollectorSections;
import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * A simulation being put together from the plugins a run chose: what each kind's wiring
 * ({@link Kind#wire}) fills in. The runner looks every chosen plugin up first, then lets each kind wire its own.
 */
public final class RunAssembly {

    /**
     * One chosen plugin, looked up.
     *
     * @param options its options: configured values with the profile's on top, checked
     * @param seed    the seed of its random stream (derived from the run's seed and the kind's seed role; 0 for
     *                kinds without one)
     * @param cluster the cluster it was chosen for (kinds chosen per cluster), else -1
     */
    public record Use(PluginRegistry.Entry entry, PluginOptions options, long seed, int cluster) {
        public String name() {
            return entry.name();
        }

        /** The plugin, as the kind's service interface. */
        public <P extends Plugin> P plugin(Class<P> type) {
            return type.cast(entry.plugin());
        }
    }

    private final Platform platform;
    private final RunInfo info;
    private final Simulation.Settings settings;
    private final CollectorSections sections;
    private final Map<Kind, List<Use>> chosen = new EnumMap<>(Kind.class);
    private final Map<String, Function<Cluster, BatchScheduler>> schedulers = new HashMap<>();
    private final List<Simulation.NamedCollector> collectors = new ArrayList<>();

    RunAssembly(Platform platform, RunInfo info, Simulation.Settings settings, CollectorSections sections) {
        this.platform = platform;
        this.info = info;
        this.settings = settings;
        this.sections = sections;
    }

    public Platform platform() {
        return platform;
    }

    /** The platform as metric collectors see it. */
    public RunInfo info() {
        return info;
    }

    /** The run-wide settings; kinds that take part in every run (meta-scheduler, controllers, ...) set theirs. */
    public Simulation.Settings settings() {
        return settings;
    }

    /** The plugins of a kind the run chose, looked up (empty if none). */
    public List<Use> chosen(Kind kind) {
        return chosen.getOrDefault(kind, List.of());
    }

    /** The chosen plugins that implement {@code type} (the kind's service interface), e.g. the selection heuristic. */
    public <P extends Plugin> List<P> chosen(Class<P> type) {
        List<P> out = new ArrayList<>();
        chosen.forEach((kind, uses) -> {
            if (kind.type() == type) {
                uses.forEach(u -> out.add(u.plugin(type)));
            }
        });
        return out;
    }

    void chose(Kind kind, List<Use> uses) {
        chosen.put(kind, List.copyOf(uses));
    }

    /** Sets how the batch scheduler of one cluster is made. */
    public void scheduler(int cluster, Function<Cluster, BatchScheduler> factory) {
        schedulers.put(platform.get(cluster).name(), factory);
    }

    /** Adds a metric collector (its results go to its own section of the report). */
    public void collector(String name, Collector collector) {
        Simulation.NamedCollector named = new Simulation.NamedCollector(name, collector);
        collectors.add(sections == null ? named : sections.track(named));
    }

    Simulation build() {
        return new Simulation(platform, cluster -> schedulers.get(cluster.name()).apply(cluster), collectors, settings);
    }
}
