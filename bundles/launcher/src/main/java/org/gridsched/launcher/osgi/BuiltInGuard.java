package org.gridsched.launcher.osgi;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import org.gridsched.launcher.PluginFolders;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.hooks.bundle.CollisionHook;
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
 * registers nothing; {@link #replaced} lets {@code plugins} report it. An impostor at the built-in's very version
 * would make the framework refuse to install the built-in beside it (one bundle per name and version): as a
 * collision hook, a bundle from a plugin folder never counts as such a collision.
 */
final class BuiltInGuard implements ResolverHookFactory, CollisionHook {
    private final BundleContext context;
    private final PluginFolders plugins;
    /** The symbolic names of the jars in the application's bundle folder: built-in even before they are installed. */
    private final Set<String> bundleFolderNames;

    BuiltInGuard(BundleContext context, PluginFolders plugins, String bundleFolder) {
        this.context = context;
        this.plugins = plugins;
        this.bundleFolderNames = bundleFolder == null ? Set.of() : symbolicNames(Path.of(bundleFolder));
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

    /**
     * The built-in bundle a plugin-folder bundle would replace ("org.gridsched.batch 0.1.0"); null if it is not from a
     * plugin folder or its name is its own.
     */
    String replaced(Bundle b) {
        String name = b.getSymbolicName();
        if (name == null || !plugins.holds(b.getLocation())) {
            return null;
        }
        for (Bundle other : context.getBundles()) {
            if (other != b && name.equals(other.getSymbolicName()) && !plugins.holds(other.getLocation())) {
                return name + " " + other.getVersion();
            }
        }
        return bundleFolderNames.contains(name) ? name : null;
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

    private static Set<String> symbolicNames(Path folder) {
        Set<String> names = new HashSet<>();
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(folder, "*.jar")) {
            for (Path jar : jars) {
                try (JarFile jf = new JarFile(jar.toFile())) {
                    Manifest m = jf.getManifest();
                    String bsn = m == null ? null : m.getMainAttributes().getValue(Constants.BUNDLE_SYMBOLICNAME);
                    if (bsn != null) {
                        names.add(bsn.split(";")[0].trim());
                    }
                } catch (IOException e) {
                    // not a bundle: the feature installer reports the folder's problems
                }
            }
        } catch (IOException e) {
            // no bundle folder (in-framework tests): the installed built-ins are still known
        }
        return names;
    }
}
