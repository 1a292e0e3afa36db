package org.gridsched.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.FrameworkListener;
import org.osgi.framework.SynchronousBundleListener;
import org.osgi.framework.startlevel.BundleStartLevel;
import org.osgi.framework.startlevel.FrameworkStartLevel;

/**
 * The cli bundle's activator: it watches, from this bundle's start on, for the start of FileInstall (the plugin and
 * configuration folders' watcher), so that a command can wait for FileInstall's first scan ({@link MainComponent}).
 *
 * <p>FileInstall starts last, at start level 2 (runconfigs/gridsched.bndrun): bnd's launcher starts the bundles at level
 * 1, this one among them, then asks the framework for level 2, which the framework's start-level thread reaches while
 * the launcher goes on to run the command. The command cannot tell from the framework's start level whether FileInstall's
 * start is still to come: Equinox reports the new level as soon as it begins raising to it, before it starts that
 * level's bundles. A command that read level 2 and a FileInstall not yet starting took that start as done, and ran
 * without the plugin jars (the plugin jar's broker missing from {@code plugins} in 2 runs out of 100 on a loaded host,
 * and once in CI). Listening from here, before the launcher asks for level 2, no event of that raise can be missed:
 * FileInstall's STARTED, or the start-level change that ends the raise (then FileInstall's start failed, or it was not
 * in the raise).
 */
public final class FolderWatchersStart implements BundleActivator {
    static final String FILE_INSTALL = "org.apache.felix.fileinstall";

    /** Counted down when FileInstall has started or the framework has finished a change of start level. */
    private static final CountDownLatch SETTLED = new CountDownLatch(1);

    /** The framework's start level when this bundle started (0 until then): FileInstall's start at or below it is over. */
    private static volatile int levelAtStart;

    private SynchronousBundleListener onStarted;
    private FrameworkListener onLevel;

    @Override
    public void start(BundleContext context) {
        onStarted = e -> {
            if (e.getType() == BundleEvent.STARTED && FILE_INSTALL.equals(e.getBundle().getSymbolicName())) {
                SETTLED.countDown();
            }
        };
        onLevel = e -> {
            if (e.getType() == FrameworkEvent.STARTLEVEL_CHANGED) {
                SETTLED.countDown();
            }
        };
        context.addBundleListener(onStarted);
        context.addFrameworkListener(onLevel);
        levelAtStart = context.getBundle(0).adapt(FrameworkStartLevel.class).getStartLevel();
    }

    @Override
    public void stop(BundleContext context) {
        context.removeBundleListener(onStarted);
        context.removeFrameworkListener(onLevel);
    }

    /**
     * Waits until FileInstall's first scan of the plugin folders is over (FileInstall scans as it starts: noInitialDelay),
     * or until its start has failed, at most {@code millis}; true unless that time ran out. No wait when FileInstall is
     * absent, not to be started, active, or of a start level the framework had already reached when this bundle started
     * (then its start came before any command could run).
     */
    static boolean awaitFileInstall(Bundle fileInstall, long millis) throws InterruptedException {
        if (fileInstall == null || fileInstall.getState() == Bundle.ACTIVE) {
            return true;
        }
        BundleStartLevel level = fileInstall.adapt(BundleStartLevel.class);
        if (!level.isPersistentlyStarted() || level.getStartLevel() <= levelAtStart) {
            return true;
        }
        return SETTLED.await(millis, TimeUnit.MILLISECONDS);
    }
}
