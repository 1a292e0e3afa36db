package org.gridsched.launcher;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.UnaryOperator;

import org.gridsched.api.InputException;
import org.gridsched.api.Plugin;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.control.GridController;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.grid.ReallocationAlgorithm;
import org.gridsched.api.grid.SelectionHeuristic;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.simulate.Study;
import org.gridsched.api.workload.WorkloadGenerator;
import org.gridsched.api.workload.WorkloadReader;

/**
 * The plugins currently available, by kind and name, with where they come from. Filled by the OSGi
 * service tracker at run time, or by hand in tests and plain-Java use. Thread-safe: services come and go
 * on framework threads while a run looks them up.
 */
public class PluginRegistry {

    /**
     * The kinds of plugin: the one list that everything kind-specific is read from. Each kind carries its service
     * interface (the registry and the OSGi tracker follow it), the words users see, how a run chooses it (profile
     * key, {@code simulate} option, one or many, per cluster), the role its random stream is seeded by, and how
     * the chosen plugins are wired into the simulation. Defaults are data ({@code defaults.json}). Adding a kind is
     * adding a constant here.
     */
    public enum Kind {
        BATCH(BatchPolicy.class, "batch", "batch policy", "batch policies", s -> s
                .perCluster("batch", "--batch")
                .wiring(KindWirings::batch)),
        META(MetaScheduler.class, "meta", "meta-scheduler", "meta-schedulers", s -> s
                .one("meta", "--meta")
                .seededAs(name -> "meta")
                .wiring(KindWirings::meta)),
        REALLOCATION(ReallocationAlgorithm.class, "realloc", "reallocation algorithm", "reallocation algorithms", s -> s
                .oneOrNone("realloc", "--realloc")
                .optionsOwner("reallocation")
                .wiring(KindWirings::reallocation)),
        /** Drives the reallocation algorithm (which wires it); chosen only with one. */
        HEURISTIC(SelectionHeuristic.class, "heuristic", "selection heuristic", "selection heuristics", s -> s
                .one("heuristic", "--heuristic")
                .onlyWith(REALLOCATION)),
        READER(WorkloadReader.class, "reader", "workload reader", "workload readers", s -> s
                .workload("workload.reader", "--reader")),
        GENERATOR(WorkloadGenerator.class, "generator", "workload generator", "workload generators", s -> s
                .workload("workload.generator", "--generator")),
        COLLECTOR(MetricCollector.class, "collector", "metric collector", "metric collectors", s -> s
                .many("collectors", "--collectors")
                .wiring(KindWirings::collectors)),
        CONTROLLER(GridController.class, "controller", "grid controller", "grid controllers", s -> s
                .many("controllers", "--controllers")
                .seededAs(name -> "controller:" + name)
                .wiring(KindWirings::controllers)),
        /** An experiment of many simulations that a profile is instead of one run ({@link StudyRun}). */
        STUDY(Study.class, "study", "study", "studies", s -> s
                .experiment("study")
                .seededAs(name -> "study:" + name));

        /** How a run chooses plugins of a kind. */
        public enum Choosing {
            /** One per cluster: a profile-wide choice, which a cluster of the platform may replace with its own. */
            PER_CLUSTER,
            /** At most one per run, a name or {"name": ..., "options": {...}}. */
            ONE,
            /** Like {@link #ONE}, and the name "none" chooses none. */
            ONE_OR_NONE,
            /** A list, each a name or {"name": ..., "options": {...}} (or an object of name: options). */
            MANY,
            /** Where the jobs come from: chosen inside the profile's "workload" (see {@link ProfileParser}). */
            WORKLOAD,
            /**
             * The experiment a profile is, instead of one simulation: at most one, a name or {"name": ..., "options":
             * {...}}; not a {@code simulate} option, nor a matrix axis, nor wired into a run.
             */
            EXPERIMENT
        }

        /** Puts a run's chosen plugins of a kind into the simulation being assembled. */
        @FunctionalInterface
        public interface Wiring {
            void wire(RunAssembly run, List<RunAssembly.Use> uses);
        }

        final String key;
        final String label;
        final String plural;
        final Class<? extends Plugin> type;
        private final KindSpec spec;

        Kind(Class<? extends Plugin> type, String key, String label, String plural, UnaryOperator<KindSpec> spec) {
            this.key = key;
            this.label = label;
            this.plural = plural;
            this.type = type;
            this.spec = spec.apply(new KindSpec());
        }

        /** A short stable word for the kind ("batch", "meta", "realloc", ..., "collector", "controller"). */
        public String key() {
            return key;
        }

        public String label() {
            return label;
        }

        public String plural() {
            return plural;
        }

        /** The service interface its plugins implement. */
        public Class<? extends Plugin> type() {
            return type;
        }

        public Choosing choosing() {
            return spec.choosing;
        }

        /**
         * The profile key that chooses it ("batch", "collectors", ...; "workload.reader" for the workload kinds),
         * also the field its errors name.
         */
        public String profileKey() {
            return spec.profileKey;
        }

        /** The {@code simulate} option that chooses it ("--batch", "--collectors", ...); null for an experiment. */
        public String option() {
            return spec.option;
        }

        /**
         * Whether its plugins take part in a simulation (chosen for a run, a matrix axis, a {@code simulate} option):
         * every kind but an {@link Choosing#EXPERIMENT experiment}, which runs simulations of its own.
         */
        public boolean inRuns() {
            return spec.choosing != Choosing.EXPERIMENT;
        }

        /** How option errors name one of its plugins: "batch policy 'easy'". */
        public String owner(String name) {
            return (spec.optionsOwner != null ? spec.optionsOwner : label) + " '" + name + "'";
        }

        /** The role the random stream of the plugin of that name is seeded by; null if the kind gets no seed. */
        public String seedRole(String name) {
            return spec.seedRole == null ? null : spec.seedRole.apply(name);
        }

        /** The kind without which this one is not chosen; null if none. */
        public Kind onlyWith() {
            return spec.onlyWith;
        }

        /** Puts a run's chosen plugins of this kind (never empty) into the simulation being assembled. */
        public void wire(RunAssembly run, List<RunAssembly.Use> uses) {
            spec.wiring.wire(run, uses);
        }

        /** The kind of a plugin: the first whose interface it implements. */
        public static Kind of(Plugin p) {
            for (Kind k : values()) {
                if (k.type.isInstance(p)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("not a gridsched plugin: " + p.getClass().getName());
        }

        /** The kind chosen under that profile key, or null. */
        public static Kind byProfileKey(String profileKey) {
            for (Kind k : values()) {
                if (k.profileKey().equals(profileKey)) {
                    return k;
                }
            }
            return null;
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
     * @param configuredFrom   where the configured values come from, for summary.json: the configuration file, else
     *                         "configuration PID"; null when nothing is configured
     */
    public record Entry(Kind kind, Plugin plugin, String bundle, String version, long ranking, String configurationPid,
            Map<String, Object> configured, String configuredFrom) {
        public Entry {
            configured = Map.copyOf(configured);
        }

        Entry withConfigured(Map<String, Object> values, String from) {
            return new Entry(kind, plugin, bundle, version, ranking, configurationPid, values, values.isEmpty() ? null : from);
        }

        /** Every option the plugin runs with and where each comes from ({@link ConfiguredOptions#effective}). */
        public Map<String, Object> effectiveOptions(Map<String, ?> given, String givenFrom) {
            return ConfiguredOptions.effective(plugin, configured, configuredFrom, given, givenFrom);
        }

        /** Whether a configured value reaches the plugin (the run does not give that option itself). */
        public boolean usesConfiguration(Map<String, ?> given) {
            return ConfiguredOptions.used(plugin, configured, given);
        }

        /**
         * Configured keys that are none of the plugin's parameters: likely typos. A run that uses the plugin refuses
         * them ({@link #unknownOptionProblem}), and {@code plugins} shows them as that error.
         */
        public List<String> unknownConfiguredKeys() {
            TreeSet<String> known = new TreeSet<>();
            plugin.parameters().forEach(p -> known.add(p.name()));
            return configured.keySet().stream().filter(k -> !known.contains(k)).sorted().toList();
        }

        /**
         * What is wrong with a configured key of {@link #unknownConfiguredKeys}, in the words of both the run that
         * refuses it and {@code plugins}, which must not tell a different story.
         */
        public String unknownOptionProblem() {
            List<String> valid = plugin.parameters().stream().map(p -> p.name()).toList();
            return "unknown option for " + kind.label() + " '" + name() + "'; valid options: "
                    + (valid.isEmpty() ? "(none)" : String.join(", ", valid));
        }

        /** The plugin in messages: {@code metric collector 'jobs'}. */
        public String label() {
            return kind.label() + " '" + name() + "'";
        }

        /**
         * Whether the application brings the plugin: from one of its bundles ({@code org.gridsched.*}, which a plugin
         * jar cannot take, see BuiltInGuard) or, outside OSGi, the classpath.
         */
        public boolean builtIn() {
            return bundle.equals("classpath") || bundle.startsWith("org.gridsched.");
        }

        /**
         * The plugin in an error about it: {@link #label}, then its bundle when a third party's ({@code batch policy 'sjf'
         * (org.example.sjf 1.0.0)}): the bundle is the one to fix or report to.
         */
        public String describe() {
            return builtIn() ? label() : label() + " (" + provenance() + ")";
        }

        public String name() {
            return plugin.name();
        }

        /** Where it comes from, for messages and {@code summary.json}: "bundle version". */
        public String provenance() {
            return version.isEmpty() ? bundle : bundle + " " + version;
        }

        /** The options a run gives this plugin ({@link ConfiguredOptions#merged}); unknown names are an error. */
        public PluginOptions options(String owner, Map<String, ?> given) {
            return ConfiguredOptions.merged(plugin, configured, configuredFrom, owner, given);
        }
    }

    private final ConcurrentSkipListMap<String, List<Entry>> entries = new ConcurrentSkipListMap<>();
    /** Plugins whose last provider went away, with that provider: makes "not available" errors say why. */
    private final ConcurrentSkipListMap<String, String> departed = new ConcurrentSkipListMap<>();

    /** Plugins refused for their name, with why: {@link #problems()} lists them. */
    private final java.util.IdentityHashMap<Plugin, String> unnamed = new java.util.IdentityHashMap<>();

    /** Why a plugin's name cannot be chosen on a command line or in a profile, or null when it can. */
    static String nameProblem(Plugin plugin) {
        String name;
        try {
            name = plugin.name();
        } catch (RuntimeException e) {
            return "its name() threw " + e;
        }
        if (name == null || name.isBlank()) {
            return "its name() returned " + (name == null ? "null" : "'" + name + "'");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c) || c == ',' || c == '=') {
                return "its name '" + ControlChars.escape(name) + "' has a space, a control character, ',' or '=' (a name is chosen on a"
                        + " command line and in lists such as --batch a,b)";
            }
        }
        return null;
    }

    /**
     * Names given by more than one plugin of a kind: the one in use hides the others (the higher service.ranking,
     * then the most recently registered wins). One line each, for {@code plugins} and a run that uses the name.
     */
    public synchronized List<String> clashes() {
        List<String> out = new ArrayList<>();
        for (List<Entry> list : entries.values()) {
            if (list.size() > 1) {
                out.add(clash(list));
            }
        }
        return out;
    }

    /** The clash of a name in use, or null when one plugin alone has it. */
    public String clash(Kind kind, String name) {
        List<Entry> list = entries.get(key(kind, name));
        return list == null || list.size() < 2 ? null : clash(list);
    }

    private static String clash(List<Entry> list) {
        Entry used = list.get(0);
        List<String> hidden = list.subList(1, list.size()).stream().map(Entry::provenance).toList();
        return used.kind().label + " '" + used.name() + "' of " + used.provenance() + " hides the one" + (hidden.size() > 1 ? "s" : "")
                + " of " + String.join(", ", hidden) + " (the higher service.ranking, then the most recently registered, is used)";
    }

    private static String key(Kind kind, String name) {
        return String.format("%03d:%s", kind.ordinal(), name); // sorts by kind, then name
    }

    /**
     * Adds a plugin, or replaces the entry of the same instance. Two plugins of the same kind and name: the higher
     * ranking (then the newer) wins.
     */
    public synchronized void add(Plugin plugin, String bundle, String version, long ranking, String configurationPid) {
        Kind kind = Kind.of(plugin);
        String nameProblem = nameProblem(plugin);
        if (nameProblem != null) {
            // registered, it would be a plugin no command can choose, and break the lists of names other errors give
            unnamed.put(plugin, "the " + kind.label + " " + plugin.getClass().getName() + " of " + (version.isEmpty() ? bundle : bundle + " " + version)
                    + " was not registered: " + nameProblem);
            return;
        }
        String k = key(kind, plugin.name());
        List<Entry> list = new ArrayList<>(entries.getOrDefault(k, List.of()));
        list.removeIf(e -> e.plugin() == plugin);
        list.add(0, new Entry(kind, plugin, bundle, version, ranking, configurationPid, Map.of(), null));
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
        if (unnamed.remove(plugin) != null) {
            return;
        }
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
                    + (valid.isEmpty() ? "none (is its bundle installed and started?)" : String.join(", ", valid))
                    + (gone != null ? "" : Suggest.didYouMean(name, valid)));
        }
        return withConfiguration(list.get(0));
    }

    /**
     * A run is about to use this plugin to its end: whatever it needs must stay loadable if its bundle is replaced
     * meanwhile (see the OSGi subclass). Nothing to do outside OSGi.
     */
    protected void keepLoadable(Plugin plugin) {
    }

    /** The entry with its configuration as it is now. */
    public Entry withConfiguration(Entry e) {
        return e.configurationPid() == null ? e
                : e.withConfigured(configuration(e.configurationPid()), configurationSource(e.configurationPid()));
    }

    /**
     * The configuration stored under a PID, read at the moment a run looks its plugins up (so a run sees the
     * configuration files as they are when it starts). None outside OSGi.
     */
    protected Map<String, Object> configuration(String pid) {
        return Map.of();
    }

    /**
     * Where the configuration stored under a PID comes from, as summary.json records it: its file (relative to the
     * gridsched home when inside it), else "configuration PID".
     */
    protected String configurationSource(String pid) {
        return "configuration " + pid;
    }

    /** The experiments bundle's service ({@link Experiments}): the OSGi tracker follows it, tests give their own; null: none. */
    private volatile Experiments experiments;

    public void useExperiments(Experiments e) {
        experiments = e;
    }

    public boolean hasExperiments() {
        return experiments != null;
    }

    /** The experiments' service; an error naming {@code field} (what needs it) when the bundle is not running. */
    public Experiments experiments(String field) {
        Experiments e = experiments;
        if (e == null) {
            throw new InputException(null, 0, field, "needs the bundle org.gridsched.experiments (matrices, sweeps, reference runs,"
                    + " theory), which is not running in this framework");
        }
        return e;
    }

    /**
     * Problems with the plugins: those refused for their names, names given by more than one plugin, and (in OSGi,
     * see the subclass) what the framework found with plugin bundles; one line each.
     */
    public synchronized List<String> problems() {
        List<String> out = new ArrayList<>(unnamed.values());
        out.addAll(clashes());
        java.util.Collections.sort(out);
        return out;
    }
}
