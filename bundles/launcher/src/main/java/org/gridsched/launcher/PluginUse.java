package org.gridsched.launcher;

import java.util.Map;
import org.gridsched.api.InputException;
import java.util.TreeMap;

import org.gridsched.api.PluginOptions;
import org.gridsched.engine.PluginDecision;
import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * The plugins one run uses, looked up once when the run is built: the run keeps these instances to its end
 * even if their bundles are updated or removed meanwhile (see docs/plugin-guide.md). Records which bundle
 * and version supplied each, for {@code summary.json}.
 */
final class PluginUse {
    private final PluginRegistry registry;

    PluginUse(PluginRegistry registry) {
        this.registry = registry;
    }

    final Map<String, String> provenance = new TreeMap<>();
    /**
     * Every option of every plugin used, with its value and source ({@link PluginRegistry.Entry#effectiveOptions}),
     * by "kind name"; a cluster whose batch policy has other options than another cluster's with the same
     * policy adds " (cluster N)".
     */
    final Map<String, Object> options = new TreeMap<>();
    /** Whether a configured value reached a plugin; only then does summary.json get {@link #options}. */
    boolean configured;

    private final java.util.List<PluginRegistry.Entry> usedEntries = new java.util.ArrayList<>();

    /**
     * The plugin of this run whose code threw {@code failure}: the first frame of the stack (innermost first, causes
     * too), outside the engine, the API and the JDK, in the package of one of the run's plugins (the deepest such
     * package), else null (the engine's own code, a library, or a package that several of the run's plugins share).
     */
    PluginRegistry.Entry culprit(Throwable failure) {
        boolean kit = false;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            for (StackTraceElement frame : t.getStackTrace()) {
                String c = frame.getClassName();
                kit |= c.startsWith("org.gridsched.api.batch.kit.");
                if (c.startsWith("org.gridsched.engine.") || c.startsWith("org.gridsched.api.") || c.startsWith("java.")
                        || c.startsWith("jdk.")) {
                    continue; // never a plugin's, even for a plugin whose package is a prefix of these
                }
                PluginRegistry.Entry best = pluginOf(c);
                if (best != null) {
                    return best == AMBIGUOUS ? null : best;
                }
            }
        }
        // the planning kit, called by the engine as the scheduler a batch policy's create() returned, found the policy's
        // order wrong (a NaN key, returned before it was found, so no frame of the policy's): that batch policy, when the
        // run has one
        if (kit) {
            PluginRegistry.Entry only = null;
            for (PluginRegistry.Entry e : batchPolicies.values()) {
                if (only != null && only.plugin() != e.plugin()) {
                    return null;
                }
                only = e;
            }
            return only;
        }
        return null;
    }

    /** {@link #pluginOf}'s answer for a class of a package several of the run's plugins share. */
    private static final PluginRegistry.Entry AMBIGUOUS = new PluginRegistry.Entry(Kind.BATCH, null, "", "", 0, null, Map.of(), null);

    /**
     * The run's plugin whose package (the deepest) holds that class; {@link #AMBIGUOUS} when two plugins share that
     * package (mct and regular: naming either could be wrong); null for none.
     */
    private PluginRegistry.Entry pluginOf(String className) {
        PluginRegistry.Entry best = null;
        int bestLength = -1;
        boolean ambiguous = false;
        for (PluginRegistry.Entry e : usedEntries) {
            String pkg = e.plugin().getClass().getPackageName();
            if (className.startsWith(pkg + ".")) {
                if (pkg.length() > bestLength) {
                    best = e;
                    bestLength = pkg.length();
                    ambiguous = false;
                } else if (pkg.length() == bestLength && e.plugin() != best.plugin()) {
                    ambiguous = true;
                }
            }
        }
        return ambiguous ? AMBIGUOUS : best;
    }

    /**
     * The run's plugin that threw an {@link InputException}: the code at the throw site (past the API's helpers, which
     * a plugin calls to read its options), of {@code e} or, for one the launcher re-worded ({@link #attributed}), of
     * its cause; null when the engine or the launcher threw it (their own findings, which name what they are about).
     */
    private PluginRegistry.Entry thrower(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            for (StackTraceElement frame : t.getStackTrace()) {
                String c = frame.getClassName();
                if (c.startsWith("org.gridsched.api.") || c.startsWith("java.") || c.startsWith("jdk.")) {
                    continue;
                }
                if (c.startsWith("org.gridsched.engine.") || c.startsWith("org.gridsched.launcher.")) {
                    break; // thrown by the product: perhaps re-worded, see the cause
                }
                PluginRegistry.Entry p = pluginOf(c);
                return p == AMBIGUOUS ? null : p;
            }
        }
        return null;
    }

    /**
     * A plugin's own {@link InputException} naming the plugin (and its bundle when not built in), before the rest of its
     * message: with or without a field, it said what was wrong but not which plugin said so. A message that names the
     * plugin already ({@code PluginOptions}' "expected a number for batch policy 'x'") is left as it is, as is one the
     * product threw, and one that names a file (a workload's line, a configuration file): that file is what to fix.
     */
    InputException named(InputException e) {
        PluginRegistry.Entry plugin = e.source() != null ? null : thrower(e);
        if (plugin == null || e.getMessage().contains(plugin.label())) {
            return e;
        }
        InputException named = new InputException(null, 0, null, plugin.describe() + ": " + e.getMessage());
        named.initCause(e);
        return named;
    }

    /** Names the run uses that more than one plugin gives ({@link PluginRegistry#clash}), one line each. */
    final java.util.Set<String> clashes = new java.util.TreeSet<>();

    PluginRegistry.Entry entry(Kind kind, String name, String field) {
        PluginRegistry.Entry e = registry.entry(kind, name, field);
        String clash = registry.clash(kind, name);
        if (clash != null) {
            clashes.add(clash);
        }
        if (usedEntries.stream().noneMatch(u -> u.plugin() == e.plugin())) {
            usedEntries.add(e);
            registry.keepLoadable(e.plugin());
        }
        provenance.put(kind.key() + " " + name, e.provenance());
        return e;
    }

    /** Options whose value comes from a configuration file (the run gives none), with that file. */
    private final Map<String, String> configuredKeys = new TreeMap<>();

    /**
     * An error about an option whose value the run does not give but a configuration file does, as an error about
     * that file: the option is the error's field ({@code protected}, {@code workload.options.jobs}), or the message
     * names it ("protected must be at least 1"). Any other error as it is.
     */
    InputException attributed(InputException e) {
        if (e.source() != null) {
            return e;
        }
        String given = e.field() == null ? null : givenKeys.get(e.field());
        String inside = "";
        if (given == null && e.field() != null && e.field().indexOf('.') > 0) {
            // a key inside an option's JSON object ("limits.user.max_running"): where the option is given, then the rest
            String option = e.field().substring(0, e.field().indexOf('.'));
            given = givenKeys.get(option);
            inside = e.field().substring(option.length());
        }
        if (given != null && !given.isEmpty()) {
            // a plugin refusing a value the run gives names the option bare ("weight"): say where it is given
            InputException named = new InputException(null, 0, given + inside, e.problem());
            named.initCause(e);
            return named;
        }
        String field = e.field() == null ? null : e.field().startsWith("workload.options.") ? e.field().substring("workload.options.".length()) : e.field();
        for (Map.Entry<String, String> c : configuredKeys.entrySet()) {
            String key = c.getKey();
            if (key.equals(field) || field == null && java.util.regex.Pattern.compile("(^|[^\\w])" + java.util.regex.Pattern.quote(key) + "([^\\w]|$)")
                    .matcher(e.getMessage()).find()) {
                InputException named = new InputException(c.getValue(), 0, e.field() == null ? null : key, e.problem());
                named.initCause(e);
                return named;
            }
        }
        return e;
    }

    /**
     * Options the run gives, by name, with where a profile gives them ({@code meta.options.weight}); empty for a name
     * given to plugins of several kinds, where the bare name cannot say which.
     */
    private final Map<String, String> givenKeys = new TreeMap<>();

    /** Checks a plugin's options and records each one's value and source; {@code cluster} -1 for none. */
    PluginOptions options(RunProfile p, Kind kind, PluginRegistry.Entry e, Map<String, ?> given, int cluster) {
        if (kind.choosing() != Kind.Choosing.WORKLOAD) { // a workload plugin's are named by RunInputs.inWorkloadOptions
            for (String k : given.keySet()) {
                String field = kind.profileKey() + ".options." + k;
                givenKeys.merge(k, field, (a, b) -> a.equals(b) ? a : "");
            }
        }
        if (e.configuredFrom() != null) {
            java.util.List<String> unknown = e.unknownConfiguredKeys();
            if (!unknown.isEmpty()) { // a misspelt default ('perod') was ignored by every run, said only by 'plugins'
                throw new InputException(e.configuredFrom(), 0, unknown.get(0), e.unknownOptionProblem());
            }
            for (String k : e.configured().keySet()) {
                if (!given.containsKey(k)) {
                    configuredKeys.putIfAbsent(k, e.configuredFrom());
                }
            }
        }
        PluginOptions checked = e.options(kind.owner(e.name()), given);
        Map<String, Object> effective = e.effectiveOptions(given, p.optionsFrom);
        String key = kind.key() + " " + e.name();
        if (options.containsKey(key) && !options.get(key).equals(effective)) {
            key += " (cluster " + (cluster + 1) + ")";
        }
        options.put(key, effective);
        configured |= e.usesConfiguration(given);
        return checked;
    }

    /**
     * The deciders the engine checks: the batch policy of each cluster, by index; the meta-scheduler; the reallocation
     * algorithm; the grid controllers, in the order chosen (the engine's, see {@link KindWirings#controllers}).
     */
    private final Map<Integer, PluginRegistry.Entry> batchPolicies = new TreeMap<>();
    private PluginRegistry.Entry metaScheduler;
    private PluginRegistry.Entry reallocation;
    private final java.util.List<PluginRegistry.Entry> controllers = new java.util.ArrayList<>();

    /**
     * The engine's finding about a plugin's decision with the plugin named (and its bundle when not built in): "the
     * batch policy 'cbf' of cluster a lost ...", "the grid controller 'x' (org.example.x 0.2.0) sent job 3 ..."; of the
     * same exception type; as it is when the run did not choose that plugin here.
     */
    RuntimeException naming(PluginDecision d) {
        PluginRegistry.Entry decider = switch (d.decider()) {
            case BATCH_POLICY -> batchPolicies.get(d.cluster());
            case META_SCHEDULER -> metaScheduler;
            case REALLOCATION -> reallocation;
            case CONTROLLER -> d.controller() >= 0 && d.controller() < controllers.size() ? controllers.get(d.controller()) : null;
        };
        return decider == null ? (RuntimeException) d : d.naming(decider.describe());
    }

    /** Looks a chosen plugin up and checks its options. */
    RunAssembly.Use use(RunProfile p, Kind kind, RunProfile.Choice choice, int cluster) {
        PluginRegistry.Entry e = entry(kind, choice.name(), kind.profileKey());
        switch (kind) {
            case BATCH -> batchPolicies.put(cluster, e);
            case META -> metaScheduler = e;
            case REALLOCATION -> reallocation = e;
            case CONTROLLER -> controllers.add(e);
            default -> {
                // the engine checks no other kind's decisions
            }
        }
        PluginOptions options = options(p, kind, e, choice.options(), cluster);
        String role = kind.seedRole(e.name());
        return new RunAssembly.Use(e, options, role == null ? 0 : p.seedFor(role), cluster);
    }
}
