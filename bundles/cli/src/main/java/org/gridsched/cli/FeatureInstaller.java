package org.gridsched.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import org.gridsched.api.InputException;
import org.gridsched.launcher.FeatureCatalog;
import org.gridsched.launcher.PluginFolders;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Version;

/**
 * Starts the bundles of the chosen features. The executable jar holds only the core (framework, SCR,
 * Configuration Admin, FileInstall, Gogo, the API, engine and launcher); every other bundle comes from the
 * bundle folder the build fills ({@code runconfigs/target/bundles}) and is installed here, before any command
 * runs, so the first command already sees their plugins.
 */
final class FeatureInstaller {
    private final BundleContext context;

    FeatureInstaller(BundleContext context) {
        this.context = context;
    }

    /**
     * @param features the chosen feature names
     * @param bundles  the folder of bundle jars
     * @return the bundles it installed
     */
    List<Bundle> install(FeatureCatalog catalog, List<String> features, Path bundles) {
        List<String> wanted = catalog.bundlesOf(features);
        Map<String, Path> available = scan(bundles);
        List<Bundle> installed = new ArrayList<>();
        PluginFolders plugins = PluginFolders.of(context.getProperty("felix.fileinstall.dir"));
        for (String name : wanted) {
            if (isInstalled(name, plugins)) {
                continue;
            }
            Path jar = available.get(name);
            if (jar == null) {
                throw new InputException(bundles.toString(), 0, "features", "feature bundle " + name
                        + " is not in the bundle folder; rebuild with 'mvn -DskipTests install' (features: " + String.join(",", features) + ")");
            }
            try {
                installed.add(context.installBundle(jar.toUri().toString()));
            } catch (BundleException e) {
                throw new InputException(jar.toString(), 0, "features", "cannot install: " + e.getMessage());
            }
        }
        // start after installing all, so bundles that need each other resolve together
        for (Bundle b : installed) {
            try {
                b.start();
            } catch (BundleException e) {
                // reported by 'plugins' with the reason; the other features keep working
                System.err.println("gridsched: warning: bundle " + b.getSymbolicName() + " did not start: " + e.getMessage());
            }
        }
        return installed;
    }

    /**
     * Whether the application's own bundle of that name is installed. A bundle from a plugin folder does not count:
     * one that takes a built-in's name must not keep the built-in out (the launcher refuses it and reports it).
     */
    private boolean isInstalled(String symbolicName, PluginFolders plugins) {
        for (Bundle b : context.getBundles()) {
            if (symbolicName.equals(b.getSymbolicName()) && !plugins.holds(b.getLocation())) {
                return true;
            }
        }
        return false;
    }

    /** Bundle symbolic name to jar (the highest version when several). */
    private static Map<String, Path> scan(Path dir) {
        Map<String, Path> byName = new HashMap<>();
        Map<String, Version> versions = new HashMap<>();
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, "*.jar")) {
            for (Path jar : jars) {
                try (JarFile jf = new JarFile(jar.toFile())) {
                    Manifest m = jf.getManifest();
                    String bsn = m == null ? null : m.getMainAttributes().getValue("Bundle-SymbolicName");
                    if (bsn == null) {
                        continue;
                    }
                    bsn = bsn.split(";")[0].trim();
                    Version v = Version.parseVersion(m.getMainAttributes().getValue("Bundle-Version"));
                    if (!versions.containsKey(bsn) || v.compareTo(versions.get(bsn)) > 0) {
                        versions.put(bsn, v);
                        byName.put(bsn, jar);
                    }
                }
            }
        } catch (IOException e) {
            throw new InputException(dir.toString(), 0, "features", "cannot read the bundle folder: " + e.getMessage()
                    + "; build it with 'mvn -DskipTests install'");
        }
        return byName;
    }
}
