package org.gridsched.cli;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

import org.gridsched.launcher.Cli;
import org.gridsched.launcher.PluginRegistry;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The process entry point inside the exported executable jar: bnd's launcher publishes the command-line
 * arguments as a service property and runs this {@code main.thread} callable on the main thread, exiting
 * with its return value.
 */
@Component(service = Callable.class, immediate = true, property = "main.thread=true")
public final class MainComponent implements Callable<Integer> {
    private final PluginRegistry registry;
    private final String[] args;

    @Activate
    public MainComponent(@Reference PluginRegistry registry,
            @Reference(target = "(launcher.arguments=*)", service = Object.class, name = "launcher") Map<String, Object> launcher) {
        this.registry = registry;
        Object a = launcher.get("launcher.arguments");
        this.args = a instanceof String[] s ? s : new String[0];
    }

    @Override
    public Integer call() {
        Path home = Path.of(System.getProperty("gridsched.home", "."));
        return new Cli(registry, System.out, System.err, System.console() != null, home).run(args);
    }
}
