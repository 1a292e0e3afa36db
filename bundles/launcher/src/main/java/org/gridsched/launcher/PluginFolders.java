package org.gridsched.launcher;

import java.io.IOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The folders FileInstall watches for plugin jars and configuration files ({@code felix.fileinstall.dir}, a comma
 * list that bin/gridsched sets): what tells a user's plugin bundle from one of the application's own.
 */
public record PluginFolders(List<Path> folders) {

    public PluginFolders {
        folders = List.copyOf(folders);
    }

    /** The folders of a {@code felix.fileinstall.dir} value; none when it is null or blank. */
    public static PluginFolders of(String property) {
        List<Path> folders = new ArrayList<>();
        for (String d : property == null ? new String[0] : property.split(",")) {
            if (!d.isBlank()) {
                folders.add(Path.of(d.trim()).toAbsolutePath().normalize());
            }
        }
        return new PluginFolders(folders);
    }

    /**
     * The folder of the file a {@code file:} bundle location names (the folder a bundle was installed from); none for
     * another location ({@code jar/...} inside the executable jar) or one that names no file.
     */
    public static PluginFolders ofLocationFolder(String location) {
        if (location == null || !location.startsWith("file:")) {
            return new PluginFolders(List.of());
        }
        try {
            Path parent = Path.of(URI.create(location)).toAbsolutePath().normalize().getParent();
            return new PluginFolders(parent == null ? List.of() : List.of(parent));
        } catch (RuntimeException e) {
            return new PluginFolders(List.of());
        }
    }

    /** Whether a bundle location names a file in one of the folders (FileInstall installs from {@code file:} URIs). */
    public boolean holds(String location) {
        Path file;
        try {
            file = location.startsWith("file:") ? Path.of(URI.create(location)) : Path.of(location);
        } catch (RuntimeException e) {
            return false; // not a file: not installed from a plugin folder
        }
        Path parent = file.toAbsolutePath().normalize().getParent();
        return parent != null && folders.contains(parent);
    }

    /** The {@code *.jar} files in the folders, in folder then name order; a folder that cannot be read has none. */
    public List<Path> jars() {
        List<Path> jars = new ArrayList<>();
        for (Path folder : folders) {
            List<Path> here = new ArrayList<>();
            try (DirectoryStream<Path> s = Files.newDirectoryStream(folder, "*.jar")) {
                s.forEach(here::add);
            } catch (IOException e) {
                continue;
            }
            here.sort(null);
            jars.addAll(here);
        }
        return jars;
    }

    /**
     * The file names FileInstall takes from the folders: {@code felix.fileinstall.filter} of runconfigs/gridsched.bndrun
     * (and bundles/itest/itest.bndrun), a regular expression on the whole name.
     */
    static final java.util.regex.Pattern FILTER = java.util.regex.Pattern.compile(".*[.](jar|cfg|config)");

    /**
     * Every file in the folders that someone may have meant FileInstall to take, in folder then name order, unless
     * {@link #incidental}: a file, or a folder whose name FileInstall's {@link #FILTER} takes ({@code my-plugin.jar/}, an
     * unpacked bundle, say), which it does not deploy. A folder that cannot be read has none.
     */
    public List<Path> files() {
        List<Path> files = new ArrayList<>();
        for (Path folder : folders) {
            List<Path> here = new ArrayList<>();
            try (DirectoryStream<Path> s = Files.newDirectoryStream(folder, f -> !incidental(f.getFileName().toString())
                    && (Files.isDirectory(f) ? FILTER.matcher(f.getFileName().toString()).matches() : Files.isRegularFile(f)))) {
                s.forEach(here::add);
            } catch (IOException e) {
                continue;
            }
            here.sort(null);
            files.addAll(here);
        }
        return files;
    }

    /**
     * Hidden files (the checkout's own {@code .gitkeep}, a {@code .DS_Store}, an editor's {@code .x.jar.swp}) and
     * temporary ones (a backup {@code x~}, an editor's {@code #x#}, a download under way {@code x.part} or
     * {@code x.crdownload}, a {@code x.tmp}): left by tools, never meant to be deployed, and no problem to report. gridsched
     * itself writes nothing into these folders.
     */
    static boolean incidental(String name) {
        return name.startsWith(".") || name.startsWith("#") || name.endsWith("~") || name.endsWith(".tmp") || name.endsWith(".part")
                || name.endsWith(".crdownload") || name.endsWith(".swp");
    }

    /** Whether FileInstall reads the file as configuration (in any of its folders, the plugin folder too). */
    public static boolean configuration(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".cfg") || name.endsWith(".config");
    }

    /**
     * Why FileInstall does nothing with a file of {@link #files}, in words for {@code plugins}' problems; null when it
     * deploys it or reads it as configuration. A {@code .jar} that is no bundle says why ({@link #notABundle}). Any
     * other file is ignored, even one that holds a bundle (a backup {@code my-plugin.jar.bak}, a {@code my-plugin.zip}):
     * the application's FileInstall takes only {@code .jar}, {@code .cfg} and {@code .config} files
     * ({@code felix.fileinstall.filter} in runconfigs/gridsched.bndrun), so that such a copy is never deployed beside
     * the jar it was made from. A folder is ignored, whatever its name (an unpacked bundle named {@code my-plugin.jar}).
     */
    public static String ignoredBecause(Path file) {
        String name = file.getFileName().toString();
        if (Files.isDirectory(file)) {
            return configuration(file) ? "it is a folder, not a configuration file (.cfg and .config files are read as configuration)"
                    : "it is a folder, not a bundle file (only .jar files holding an OSGi bundle are deployed as plugins: pack an unpacked"
                            + " bundle into a .jar)";
        }
        if (name.endsWith(".jar")) {
            return notABundle(file);
        }
        if (configuration(file)) {
            return null;
        }
        return "it is not a .jar file (only .jar files holding an OSGi bundle are deployed as plugins; .cfg and .config files are read"
                + " as configuration)";
    }

    /**
     * Why a jar cannot be installed as a bundle, in words a plugin author can act on; null if it can be. FileInstall
     * only logs such files, so this is how {@code plugins} tells the user about them.
     */
    public static String notABundle(Path jar) {
        try {
            Manifest m = manifest(jar);
            if (m == null) {
                return "it has no META-INF/MANIFEST.MF, so it is not an OSGi bundle";
            }
            if (m.getMainAttributes().getValue("Bundle-SymbolicName") == null) {
                return "its manifest has no Bundle-SymbolicName, so it is not an OSGi bundle (build it with bnd)";
            }
            return null;
        } catch (IOException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return "it is not a readable jar (zip) file: " + why;
        }
    }

    /** "name version" from a bundle jar's manifest (the name without its directives); null if it is none. */
    public static String bundleOf(Path jar) {
        try {
            Manifest m = manifest(jar);
            String name = symbolicName(m);
            if (name == null) {
                return null;
            }
            String version = m.getMainAttributes().getValue("Bundle-Version");
            return name + " " + (version == null ? "0.0.0" : version.trim());
        } catch (IOException e) {
            return null;
        }
    }

    /** A bundle jar's symbolic name (without its directives); null if the file is no readable bundle. */
    public static String symbolicName(Path jar) {
        try {
            return symbolicName(manifest(jar));
        } catch (IOException e) {
            return null;
        }
    }

    private static String symbolicName(Manifest m) {
        String name = m == null ? null : m.getMainAttributes().getValue("Bundle-SymbolicName");
        return name == null ? null : name.split(";")[0].trim();
    }

    private static Manifest manifest(Path jar) throws IOException {
        if (Files.isDirectory(jar)) {
            throw new IOException("it is a folder");
        }
        try (JarFile jf = new JarFile(jar.toFile())) {
            return jf.getManifest();
        }
    }
}
