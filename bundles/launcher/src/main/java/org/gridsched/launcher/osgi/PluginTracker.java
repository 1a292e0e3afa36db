package org.gridsched.launcher.osgi;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.Plugin;
import org.gridsched.launcher.Experiments;
import org.gridsched.launcher.PluginFolders;
import org.gridsched.launcher.PluginRegistry;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.framework.hooks.bundle.CollisionHook;
import org.osgi.framework.hooks.bundle.FindHook;
import org.osgi.framework.hooks.resolver.ResolverHookFactory;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.FrameworkWiring;
import org.osgi.resource.Requirement;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.service.metatype.MetaTypeProvider;
import org.osgi.util.tracker.ServiceTracker;
import org.osgi.util.tracker.ServiceTrackerCustomizer;

/**
 * Keeps the {@link PluginRegistry} in step with the plugin services in the framework: every plugin is found
 * here by its service, whichever bundle provides it, and follows bundles as they come and go. There is one
 * service tracker per plugin kind ({@link PluginRegistry.Kind}, by its service interface), so a new kind is
 * followed without a change here. Also reads
 * plugin configuration from Configuration Admin and reports bundles and components that failed.
 */
@Component(service = PluginRegistry.class, immediate = true)
public final class PluginTracker extends PluginRegistry {
    private final BundleContext context;
    private final List<ServiceTracker<Plugin, Plugin>> trackers = new ArrayList<>();

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    private volatile ConfigurationAdmin configAdmin;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    private volatile ServiceComponentRuntime scr;

    /**
     * The experiments bundle's service (matrices, sweeps): optional and dynamic, as a plugin is, so that the launcher
     * starts without it and follows it when it comes or goes.
     */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void bindExperiments(Experiments e) {
        useExperiments(e);
    }

    void unbindExperiments(Experiments e) {
        useExperiments(null);
    }

    /** The plugins' parameters as OSGi metatype, kept in step with the plugins (see {@link PluginMetaTypes}). */
    private ServiceRegistration<MetaTypeProvider> metaTypes;

    /** The folders FileInstall installs plugin jars from. */
    private final PluginFolders pluginFolders;
    private final BuiltInGuard guard;
    private ServiceRegistration<?> guardRegistration;

    @Activate
    public PluginTracker(BundleContext context) {
        this.context = context;
        this.pluginFolders = PluginFolders.of(context.getProperty("felix.fileinstall.dir"));
        this.guard = new BuiltInGuard(context, pluginFolders, context.getProperty("gridsched.bundles"));
    }

    @Activate
    void activate() {
        synchronized (this) {
            guardRegistration = context.registerService(new String[] {ResolverHookFactory.class.getName(), CollisionHook.class.getName(),
                FindHook.class.getName()}, guard, null);
            metaTypes = context.registerService(MetaTypeProvider.class, new PluginMetaTypes(this),
                    new Hashtable<>(PluginMetaTypes.properties(this)));
        }
        guard.unresolveImpostors();
        // one tracker per plugin kind, opened outside the lock: opening adds the services already there
        for (PluginRegistry.Kind kind : PluginRegistry.Kind.values()) {
            ServiceTracker<Plugin, Plugin> t = new ServiceTracker<>(context, kind.type().getName(), new Follower());
            trackers.add(t);
            t.open();
        }
    }

    @Deactivate
    void deactivate() {
        trackers.forEach(ServiceTracker::close);
        trackers.clear();
        synchronized (this) {
            if (metaTypes != null) {
                metaTypes.unregister();
                metaTypes = null;
            }
            if (guardRegistration != null) {
                guardRegistration.unregister();
                guardRegistration = null;
            }
        }
    }

    /** Follows the services of one kind: adds each to the registry, replaces it when its properties change, removes it. */
    private final class Follower implements ServiceTrackerCustomizer<Plugin, Plugin> {
        @Override
        public Plugin addingService(ServiceReference<Plugin> ref) {
            Plugin p = context.getService(ref);
            if (p != null) {
                track(p, ref);
            }
            return p;
        }

        @Override
        public void modifiedService(ServiceReference<Plugin> ref, Plugin p) {
            track(p, ref); // the ranking may have changed
        }

        @Override
        public void removedService(ServiceReference<Plugin> ref, Plugin p) {
            untrack(p);
            context.ungetService(ref);
        }
    }

    private synchronized void describeConfigurations() {
        if (metaTypes != null) {
            try {
                metaTypes.setProperties(new Hashtable<>(PluginMetaTypes.properties(this)));
            } catch (IllegalStateException e) {
                // unregistered meanwhile: the component is going away
            }
        }
    }

    private void track(Plugin p, ServiceReference<?> ref) {
        Object ranking = ref.getProperty(Constants.SERVICE_RANKING);
        add(p, ref.getBundle().getSymbolicName(), ref.getBundle().getVersion().toString(),
                ranking instanceof Integer r ? r : 0, configurationPid(ref));
        describeConfigurations();
    }

    private void untrack(Plugin p) {
        remove(p);
        describeConfigurations();
    }

    /** Hot-deployed bundles (id and last modification: a revision) whose classes are all loaded. */
    private final java.util.Set<String> loaded = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * Loads every class of a hot-deployed bundle (any FileInstall folder) before a run uses its plugin. A run keeps the instances it looked
     * up, but a class it first needs later (a helper, a lambda's class, at the 200th job or at the end) was loaded
     * lazily from the bundle's jar: when the jar was replaced meanwhile, FileInstall's update and refresh had taken
     * that revision away and the run died of a NoClassDefFoundError. Built-in bundles are never replaced.
     */
    @Override
    protected void keepLoadable(Plugin plugin) {
        Bundle b = FrameworkUtil.getBundle(plugin.getClass());
        if (b == null || guard.installedByTheApplication(b.getLocation()) || !loaded.add(b.getBundleId() + "@" + b.getLastModified())) {
            return;
        }
        java.util.Enumeration<java.net.URL> classes = b.findEntries("/", "*.class", true);
        while (classes != null && classes.hasMoreElements()) {
            String path = classes.nextElement().getPath();
            String name = path.substring(path.startsWith("/") ? 1 : 0, path.length() - ".class".length()).replace('/', '.');
            if (name.endsWith("module-info") || name.endsWith("package-info") || name.startsWith("META-INF") || name.startsWith("OSGI-INF")) {
                continue;
            }
            try {
                b.loadClass(name);
            } catch (ClassNotFoundException | LinkageError e) {
                // not loadable now either (an optional import that is missing): the run meets it as it would have
            }
        }
    }

    /** The PID Configuration Admin configures the providing DS component under (by default its name). */
    private String configurationPid(ServiceReference<?> ref) {
        Object name = ref.getProperty("component.name");
        if (!(name instanceof String componentName)) {
            return null;
        }
        ServiceComponentRuntime runtime = scr;
        if (runtime != null) {
            ComponentDescriptionDTO d = runtime.getComponentDescriptionDTO(ref.getBundle(), componentName);
            if (d != null && d.configurationPid != null && d.configurationPid.length > 0) {
                return d.configurationPid[0];
            }
        }
        return componentName;
    }

    @Override
    protected Map<String, Object> configuration(String pid) {
        ConfigurationAdmin ca = configAdmin;
        if (ca == null) {
            return Map.of();
        }
        try {
            Configuration found = find(ca, pid);
            if (found == null || found.getProperties() == null) {
                return Map.of();
            }
            Map<String, Object> values = new LinkedHashMap<>();
            Dictionary<String, Object> props = found.getProperties();
            for (Enumeration<String> keys = props.keys(); keys.hasMoreElements();) {
                String k = keys.nextElement();
                // bookkeeping keys of Configuration Admin and FileInstall, not plugin parameters
                if (!k.startsWith("service.") && !k.startsWith("felix.") && !k.startsWith("component.") && !k.startsWith(".")) {
                    values.put(k, props.get(k));
                }
            }
            return values;
        } catch (IOException | InvalidSyntaxException e) {
            return Map.of();
        }
    }

    /**
     * The configuration stored under a PID, or null. FileInstall reads a file name with a '-' as a factory
     * configuration ({@code gridsched.batch.kit-easy.cfg}: factory {@code gridsched.batch.kit}, name {@code easy}),
     * so a plugin whose PID has one ({@code kit-easy}, {@code all-cancellation}) was never configured by the file that
     * {@code plugins} names; that file's configuration is found by the file name FileInstall records with it.
     */
    static Configuration find(ConfigurationAdmin ca, String pid) throws IOException, InvalidSyntaxException {
        Configuration[] found = ca.listConfigurations("(" + Constants.SERVICE_PID + "=" + pid + ")");
        if (found != null && found.length > 0) {
            return found[0];
        }
        if (pid.indexOf('-') < 0) {
            return null;
        }
        Configuration[] files = ca.listConfigurations("(felix.fileinstall.filename=*)");
        for (Configuration c : files == null ? new Configuration[0] : files) {
            Object file = c.getProperties() == null ? null : c.getProperties().get("felix.fileinstall.filename");
            if (file != null && fileName(file.toString()).equals(pid + ".cfg") || file != null && fileName(file.toString()).equals(pid + ".config")) {
                return c;
            }
        }
        return null;
    }

    /** The last segment of FileInstall's file URL (or path). */
    private static String fileName(String url) {
        String s = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        return s.substring(s.lastIndexOf('/') + 1);
    }

    /**
     * The configuration file FileInstall read the PID from (it records it under {@code felix.fileinstall.filename}),
     * relative to the gridsched home when inside it so that summary.json does not name the checkout's folder (of an
     * installed release, relative to the folder holding its workspace: {@code workspace/config/PID.cfg} either way).
     */
    @Override
    protected String configurationSource(String pid) {
        ConfigurationAdmin ca = configAdmin;
        try {
            Configuration found = ca == null ? null : find(ca, pid);
            Object file = found == null || found.getProperties() == null ? null : found.getProperties().get("felix.fileinstall.filename");
            if (file == null) {
                return super.configurationSource(pid);
            }
            Path path = Path.of(URI.create(file.toString())).toAbsolutePath().normalize();
            String home = context.getProperty("gridsched.home");
            Path root = home == null ? null : Path.of(home).toAbsolutePath().normalize();
            if (root != null && path.startsWith(root)) {
                return root.relativize(path).toString();
            }
            String workspace = context.getProperty("gridsched.workspace");
            Path data = workspace == null || workspace.isBlank() ? null : Path.of(workspace).toAbsolutePath().normalize().getParent();
            return data != null && path.startsWith(data) ? data.relativize(path).toString() : path.toString();
        } catch (IOException | InvalidSyntaxException | RuntimeException e) {
            return super.configurationSource(pid);
        }
    }

    /** Whether two "name version" strings name the same bundle at the same version (1.0 and 1.0.0 alike). */
    static boolean sameBundle(String a, String b) {
        int i = a.lastIndexOf(' ');
        int j = b.lastIndexOf(' ');
        if (i < 0 || j < 0 || !a.substring(0, i).equals(b.substring(0, j))) {
            return false;
        }
        try {
            return org.osgi.framework.Version.parseVersion(a.substring(i + 1)).equals(org.osgi.framework.Version.parseVersion(b.substring(j + 1)));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Files in the plugin folders that FileInstall ignores (jars that are no bundles, files that are no jars), plugin
     * bundles refused because they carry a built-in bundle's name, bundles that did not resolve (with the requirements nothing provides) or did not start, and plugin
     * components that failed to activate or wait for services that are missing.
     */
    @Override
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        // every file, not only the jars: a file FileInstall ignores (my-plugin.zip, notes.txt) was otherwise never said
        for (Path file : pluginFolders.files()) {
            String why = PluginFolders.ignoredBecause(file);
            String bundle = why == null ? PluginFolders.bundleOf(file) : null; // null for a configuration file
            String replaced = bundle == null ? null : guard.builtIn(PluginFolders.symbolicName(file));
            if (why != null) {
                problems.add("plugin file " + file + " was ignored: " + why);
            } else if (replaced != null) {
                // a copy of one of the application's bundles (a plugin's dependency dropped beside it, as Felix SCR or
                // Jackson) is not fixed by renaming it
                String advice = sameBundle(bundle, replaced) ? "it is a copy of that bundle, which plugins use already: remove it"
                        : "give your plugin its own Bundle-SymbolicName, or remove the jar if it is a dependency: plugins use the built-in";
                problems.add("plugin file " + file + " was refused: its bundle " + bundle + " has the name of the built-in bundle "
                        + replaced + " and would replace it (the built-in stays in use; " + advice + ")");
            }
        }
        FrameworkWiring wiring = context.getBundle(Constants.SYSTEM_BUNDLE_LOCATION).adapt(FrameworkWiring.class);
        for (Bundle b : context.getBundles()) {
            BundleRevision rev = b.adapt(BundleRevision.class);
            boolean fragment = rev != null && (rev.getTypes() & BundleRevision.TYPE_FRAGMENT) != 0;
            if (guard.replaced(b) != null) {
                continue; // reported with its file above
            } else if (b.getState() == Bundle.INSTALLED) {
                List<String> missing = new ArrayList<>();
                if (rev != null) {
                    for (Requirement r : rev.getRequirements(null)) {
                        if (!"optional".equals(r.getDirectives().get("resolution")) && wiring.findProviders(r).isEmpty()) {
                            missing.add(r.getNamespace().replace("osgi.wiring.", "") + " " + r.getDirectives().getOrDefault("filter", ""));
                        }
                    }
                }
                problems.add("bundle " + describe(b) + " does not resolve: "
                        + (missing.isEmpty() ? "a requirement conflicts with the installed bundles" : "nothing provides " + String.join("; ", missing)));
            } else if (b.getState() == Bundle.RESOLVED && !fragment && b.getBundleId() != 0) {
                problems.add("bundle " + describe(b) + " is resolved but not started (its activator may have failed)");
            }
        }
        ServiceComponentRuntime runtime = scr;
        if (runtime != null) {
            for (ComponentDescriptionDTO d : runtime.getComponentDescriptionDTOs()) {
                for (ComponentConfigurationDTO c : runtime.getComponentConfigurationDTOs(d)) {
                    if (c.state == ComponentConfigurationDTO.FAILED_ACTIVATION) {
                        String failure = rootCause(c.failure);
                        problems.add("component " + d.name + " in bundle " + d.bundle.symbolicName + " " + versionOf(d)
                                + " failed to activate: " + failure);
                    } else if ((c.state == ComponentConfigurationDTO.UNSATISFIED_REFERENCE
                            || c.state == ComponentConfigurationDTO.UNSATISFIED_CONFIGURATION) && providesPlugin(d)) {
                        List<String> refs = new ArrayList<>();
                        if (c.unsatisfiedReferences != null) {
                            for (var u : c.unsatisfiedReferences) {
                                refs.add(u.name + (u.target == null ? "" : " " + u.target));
                            }
                        }
                        problems.add("component " + d.name + " in bundle " + d.bundle.symbolicName + " is not active: "
                                + (refs.isEmpty() ? "it requires a configuration" : "missing services " + String.join(", ", refs)));
                    }
                }
            }
        }
        problems.addAll(super.problems());
        Collections.sort(problems);
        return problems;
    }

    /** The innermost cause in SCR's stack-trace text: what the plugin itself threw, not the reflection wrapper. */
    static String rootCause(String stackTrace) {
        if (stackTrace == null) {
            return "";
        }
        String cause = stackTrace.lines().findFirst().orElse("");
        for (String line : (Iterable<String>) stackTrace.lines()::iterator) {
            if (line.startsWith("Caused by: ")) {
                cause = line.substring("Caused by: ".length());
            }
        }
        return cause;
    }

    private String versionOf(ComponentDescriptionDTO d) {
        Bundle b = context.getBundle(d.bundle.id);
        return b == null ? "" : b.getVersion().toString();
    }

    private static boolean providesPlugin(ComponentDescriptionDTO d) {
        if (d.serviceInterfaces == null) {
            return false;
        }
        for (String s : d.serviceInterfaces) {
            if (s.startsWith("org.gridsched.api.")) {
                return true;
            }
        }
        return false;
    }

    private static String describe(Bundle b) {
        return b.getSymbolicName() + " " + b.getVersion() + " (" + b.getLocation() + ")";
    }
}
