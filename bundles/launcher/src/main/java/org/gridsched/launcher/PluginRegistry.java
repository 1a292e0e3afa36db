package org.gridsched.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListMap;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.Plugin;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.grid.ReallocationAlgorithm;
import org.gridsched.api.grid.SelectionHeuristic;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.workload.WorkloadGenerator;
import org.gridsched.api.workload.WorkloadReader;

/**
 * The plugins currently available, by kind and name, with where they come from. Filled by the OSGi
 * service tracker at run time, or by hand in tests and plain-Java use. Thread-safe: services come and go
 * on framework threads while a run looks them up.
 */
public class PluginRegistry {

    /** The kinds of plugin, with the word users see. */
    public enum Kind {
        BATCH("batch", "batch policy", "batch policies", BatchPolicy.class),
        META("meta", "meta-scheduler", "meta-schedulers", MetaScheduler.class),
        REALLOCATION("realloc", "reallocation algorithm", "reallocation algorithms", ReallocationAlgorithm.class),
        HEURISTIC("heuristic", "selection heuristic", "selection heuristics", SelectionHeuristic.class),
        READER("reader", "workload reader", "workload readers", WorkloadReader.class),
        GENERATOR("generator", "workload generator", "workload generators", WorkloadGenerator.class),
        COLLECTOR("collector", "metric collector", "metric collectors", MetricCollector.class);

        final String key;
        final String label;
        final String plural;
        final Class<? extends Plugin> type;

        Kind(String key, String label, String plural, Class<? extends Plugin> type) {
            this.key = key;
            this.label = label;
            this.plural = plural;
            this.type = type;
        }

        /** A short stable word for the kind, as in profiles ("batch", "meta", "realloc", ...). */
        public String key() {
            return key;
        }

        public String label() {
            return label;
        }

        public String plural() {
            return plural;
        }

        public static Kind of(Plugin p) {
            for (Kind k : values()) {
                if (k.type.isInstance(p)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("not a gridsched plugin: " + p.getClass().getName());
        }
    }

    /**
     * A registered plugin and its provenance (bundle symbolic name and version, or "classpath").
     *
     * @param configurationPid the persistent identity its configuration is stored under (the DS component's
     *                         configuration PID), or null outside OSGi
     * @param configured       option values set by configuration (OSGi Configuration Admin, from
     *                         {@code workspace/config/PID.cfg}), as read when the entry was looked up; they replace
     *                         the parameters' defaults and a run's own options override them
     */
    public record Entry(Kind kind, Plugin plugin, String bundle, String version, long ranking, String configurationPid,
            Map<String, Object> configured) {
        public Entry {
            configured = Map.copyOf(configured);
        }

        Entry withConfigured(Map<String, Object> values) {
            return new Entry(kind, plugin, bundle, version, ranking, configurationPid, values);
        }

        /** Configured keys that are none of the plugin's parameters: likely typos, shown by {@code plugins}. */
        public List<String> unknownConfiguredKeys() {
            TreeSet<String> known = new TreeSet<>();
            plugin.parameters().forEach(p -> known.add(p.name()));
            return configured.keySet().stream().filter(k -> !known.contains(k)).sorted().toList();
        }

        public String name() {
            return plugin.name();
        }

        /** Where it comes from, for messages and {@code summary.json}: "bundle version". */
        public String provenance() {
            return version.isEmpty() ? bundle : bundle + " " + version;
        }

        /**
         * The options a run gives this plugin: the configured values of its declared parameters, then the run's
         * own options on top; unknown option names are an error naming the valid ones.
         */
        public PluginOptions options(String owner, Map<String, ?> given) {
            Map<String, Object> merged = new LinkedHashMap<>();
            for (Parameter p : plugin.parameters()) {
                Object v = configured.get(p.name());
                if (v != null) {
                    merged.put(p.name(), v);
                }
            }
            if (given != null) {
                merged.putAll(given);
            }
            PluginOptions options = new PluginOptions(owner, merged);
            options.requireKnown(plugin.parameters());
            return options;
        }
    }

    private final ConcurrentSkipListMap<String, List<Entry>> entries = new ConcurrentSkipListMap<>();
    /** Plugins whose last provider went away, with that provider: makes "not available" errors say why. */
    private final ConcurrentSkipListMap<String, String> departed = new ConcurrentSkipListMap<>();

    private static String key(Kind kind, String name) {
        return kind.ordinal() + ":" + name;
    }

    /**
     * Adds a plugin, or replaces the entry of the same instance. Two plugins of the same kind and name: the higher
     * ranking (then the newer) wins.
     */
    public synchronized void add(Plugin plugin, String bundle, String version, long ranking, String configurationPid) {
        Kind kind = Kind.of(plugin);
        String k = key(kind, plugin.name());
        List<Entry> list = new ArrayList<>(entries.getOrDefault(k, List.of()));
        list.removeIf(e -> e.plugin() == plugin);
        list.add(0, new Entry(kind, plugin, bundle, version, ranking, configurationPid, Map.of()));
        list.sort(Comparator.comparingLong(Entry::ranking).reversed());
        entries.put(k, List.copyOf(list));
        departed.remove(k);
    }

    public void add(Plugin plugin, String bundle, String version, long ranking) {
        add(plugin, bundle, version, ranking, null);
    }

    public void add(Plugin plugin) {
        add(plugin, "classpath", "", 0);
    }

    public synchronized void remove(Plugin plugin) {
        Kind kind = Kind.of(plugin);
        String k = key(kind, plugin.name());
        List<Entry> list = new ArrayList<>(entries.getOrDefault(k, List.of()));
        Entry gone = list.stream().filter(e -> e.plugin() == plugin).findFirst().orElse(null);
        list.removeIf(e -> e.plugin() == plugin);
        if (list.isEmpty()) {
            entries.remove(k);
            if (gone != null) {
                departed.put(k, gone.provenance());
            }
        } else {
            entries.put(k, List.copyOf(list));
        }
    }

    /**
     * All plugins, sorted by kind then name (the active one of each name only), without their configuration
     * (see {@link #withConfiguration}); {@link #entry} includes it.
     */
    public List<Entry> all() {
        List<Entry> out = new ArrayList<>();
        for (List<Entry> list : entries.values()) {
            out.add(list.get(0));
        }
        return out;
    }

    public TreeSet<String> names(Kind kind) {
        TreeSet<String> names = new TreeSet<>();
        for (Entry e : all()) {
            if (e.kind() == kind) {
                names.add(e.name());
            }
        }
        return names;
    }

    /**
     * The plugin of that kind and name.
     *
     * @param field where the name came from, for the error message (e.g. {@code --batch})
     * @throws InputException naming the valid choices if there is none
     */
    public <T extends Plugin> T get(Kind kind, String name, String field) {
        @SuppressWarnings("unchecked")
        T plugin = (T) kind.type.cast(entry(kind, name, field).plugin());
        return plugin;
    }

    /**
     * The active entry of that kind and name.
     *
     * @throws InputException saying the plugin is not available (and which bundle provided it, if one did
     *                        until it went away), naming the valid choices
     */
    public Entry entry(Kind kind, String name, String field) {
        List<Entry> list = entries.get(key(kind, name));
        if (list == null) {
            TreeSet<String> valid = names(kind);
            String gone = departed.get(key(kind, name));
            throw new InputException(null, 0, field, kind.label + " '" + name + "' is not available"
                    + (gone != null ? " (its bundle " + gone + " has been stopped or removed)" : "")
                    + "; available: "
                    + (valid.isEmpty() ? "none (is its bundle installed and started?)" : String.join(", ", valid)));
        }
        return withConfiguration(list.get(0));
    }

    /** The entry with its configuration as it is now. */
    public Entry withConfiguration(Entry e) {
        return e.configurationPid() == null ? e : e.withConfigured(configuration(e.configurationPid()));
    }

    /**
     * The configuration stored under a PID, read at the moment a run looks its plugins up (so a run sees the
     * configuration files as they are when it starts). None outside OSGi.
     */
    protected Map<String, Object> configuration(String pid) {
        return Map.of();
    }

    /** Problems the framework found with plugin bundles (none outside OSGi); one line each. */
    public List<String> problems() {
        return List.of();
    }

    /** The first reader (by name) that accepts the file. */
    public WorkloadReader readerFor(Path file, String field) {
        TreeMap<String, WorkloadReader> readers = new TreeMap<>();
        for (Entry e : all()) {
            if (e.kind() == Kind.READER) {
                readers.put(e.name(), (WorkloadReader) e.plugin());
            }
        }
        for (WorkloadReader r : readers.values()) {
            if (r.accepts(file)) {
                return r;
            }
        }
        throw new InputException(null, 0, field, "no workload reader recognises '" + file.getFileName()
                + "'; readers: " + (readers.isEmpty() ? "none" : String.join(", ", readers.keySet()))
                + " (name one with \"reader\" in the profile)");
    }
}
