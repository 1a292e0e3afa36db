package org.gridsched.launcher.osgi;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.gridsched.launcher.PluginFolders;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.hooks.bundle.CollisionHook;
import org.osgi.framework.hooks.bundle.FindHook;
import org.osgi.framework.hooks.resolver.ResolverHook;
import org.osgi.framework.hooks.resolver.ResolverHookFactory;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRequirement;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * Keeps a plugin jar from passing itself off as one of the application's own bundles. FileInstall installs any
 * bundle it finds, and a jar in a plugin folder with a built-in's Bundle-SymbolicName (at another version) was
 * taken for the built-in: the feature installer saw the name installed and skipped the real bundle, so its plugins
 * were missing from every run. Such an impostor is never resolved here, so it never starts, exports nothing and
 * registers nothing; {@link #builtIn} lets {@code plugins} report it. At the built-in's very version it is worse:
 * FileInstall updates an installed bundle of the same name and version in place, with the jar's content. So, as a
 * find hook, FileInstall is not shown the application's own bundles (it then installs the jar as a new bundle,
 * which the framework refuses: one bundle per name and version), and, as a collision hook, a bundle from a plugin
 * folder never keeps a built-in from being installed.
 */
final class BuiltInGuard implements ResolverHookFactory, CollisionHook, FindHook {
    private static final String FILEINSTALL = "org.apache.felix.fileinstall";

    private final BundleContext context;
    private final PluginFolders plugins;
    private final PluginFolders bundleFolder;
    /**
     * The folder the application's core bundles (this one among them) were installed from, when they came from files:
     * bin/gridsched's prepared layout installs them from the extracted executable jar ({@code prepared/app/jar}); from
     * the executable jar itself their locations are {@code jar/...} and this holds no folder.
     */
    private final PluginFolders coreFolder;
    /**
     * The symbolic names of the jars in the application's bundle folder: built-in even before they are installed.
     * Read when first needed (a bundle from a plugin folder is checked), not at every start: most runs have none.
     */
    private volatile Set<String> bundleFolderNames;

    BuiltInGuard(BundleContext context, PluginFolders plugins, String bundleFolder) {
        this.context = context;
        this.plugins = plugins;
        this.bundleFolder = PluginFolders.of(bundleFolder); // the same test: is a location a file in this folder
        this.coreFolder = PluginFolders.ofLocationFolder(context.getBundle().getLocation());
    }

    @Override
    public ResolverHook begin(Collection<BundleRevision> triggers) {
        return new ResolverHook() {
            @Override
            public void filterResolvable(Collection<BundleRevision> candidates) {
                candidates.removeIf(r -> replaced(r.getBundle()) != null);
            }

            @Override
            public void filterSingletonCollisions(BundleCapability singleton, Collection<BundleCapability> collisions) {
                // no opinion
            }

            @Override
            public void filterMatches(BundleRequirement requirement, Collection<BundleCapability> candidates) {
                // no opinion
            }

            @Override
            public void end() {
                // nothing kept between resolutions
            }
        };
    }

    @Override
    public void filterCollisions(int operationType, Bundle target, Collection<Bundle> collisionCandidates) {
        collisionCandidates.removeIf(b -> plugins.holds(b.getLocation()));
    }

    @Override
    public void find(BundleContext finder, Collection<Bundle> bundles) {
        Bundle who = finder.getBundle();
        if (who != null && FILEINSTALL.equals(who.getSymbolicName())) {
            bundles.removeIf(b -> b.getBundleId() != 0 && installedByTheApplication(b.getLocation()));
        }
    }

    /**
     * Whether a location is one the application installs from: the executable jar's embedded bundles ("jar/...", not a
     * file: URI as all of FileInstall's are), the folder its core bundles came from (the prepared layout's), or the
     * bundle folder. Not "outside the plugin folders": FileInstall may also watch folders configured through
     * Configuration Admin, and must keep seeing the bundles it installed there.
     */
    boolean installedByTheApplication(String location) {
        return !location.startsWith("file:") || coreFolder.holds(location) || bundleFolder.holds(location);
    }

    /** The built-in bundle a plugin-folder bundle would replace ("org.gridsched.batch 0.1.0"); null if none. */
    String replaced(Bundle b) {
        return plugins.holds(b.getLocation()) ? builtIn(b.getSymbolicName()) : null;
    }

    /** The application's own bundle of that symbolic name ("org.gridsched.batch 0.1.0"), or null if there is none. */
    String builtIn(String name) {
        if (name == null) {
            return null;
        }
        for (Bundle other : context.getBundles()) {
            if (name.equals(other.getSymbolicName()) && !plugins.holds(other.getLocation())) {
                return name + " " + other.getVersion();
            }
        }
        return bundleFolderNames().contains(name) ? name : null;
    }

    private Set<String> bundleFolderNames() {
        Set<String> names = bundleFolderNames;
        if (names == null) { // computed at most a few times when hooks race: the same set each time
            names = new HashSet<>();
            for (Path jar : bundleFolder.jars()) {
                String name = PluginFolders.symbolicName(jar);
                if (name != null) {
                    names.add(name);
                }
            }
            bundleFolderNames = names;
        }
        return names;
    }

    /** Unresolves impostors that resolved before this hook was registered (FileInstall may scan before it is). */
    void unresolveImpostors() {
        List<Bundle> resolved = new ArrayList<>();
        for (Bundle b : context.getBundles()) {
            if ((b.getState() & (Bundle.RESOLVED | Bundle.STARTING | Bundle.ACTIVE)) != 0 && replaced(b) != null) {
                resolved.add(b);
            }
        }
        if (!resolved.isEmpty()) {
            context.getBundle(Constants.SYSTEM_BUNDLE_LOCATION).adapt(FrameworkWiring.class).refreshBundles(resolved);
        }
    }
}
