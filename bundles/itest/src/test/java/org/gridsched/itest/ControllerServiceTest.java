package org.gridsched.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Hashtable;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridController;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.control.JobSpec;
import org.gridsched.launcher.Cli;
import org.gridsched.launcher.PluginRegistry;
import org.gridsched.launcher.PluginRegistry.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/** Grid controllers are plugins like the others: a GridController service is tracked, listed, chosen and run. */
@ExtendWith({BundleContextExtension.class, ServiceExtension.class})
class ControllerServiceTest {

    @InjectService(timeout = 5000)
    PluginRegistry registry;

    @InjectBundleContext
    BundleContext context;

    /** Submits one 1-processor job of 30 s at time 0. */
    static final class OneMore implements GridController {
        @Override
        public String name() {
            return "itest-one-more";
        }

        @Override
        public Controller create(GridOperations grid, PluginOptions options, long seed) {
            grid.submit(new JobSpec(9_999_999, 0, 30, 30, 1));
            return new Controller() {
            };
        }
    }

    @Test
    void aControllerServiceIsTrackedListedAndTakesPartInARun(@TempDir Path tmp) throws Exception {
        ServiceRegistration<GridController> reg = context.registerService(GridController.class, new OneMore(), new Hashtable<>());
        try {
            assertEquals(Kind.CONTROLLER, registry.entry(Kind.CONTROLLER, "itest-one-more", "controllers").kind());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Cli cli = new Cli(registry, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), false, tmp);
            assertEquals(0, cli.run("plugins"));
            String listing = out.toString(StandardCharsets.UTF_8);
            assertTrue(listing.contains("grid controllers:\n  itest-one-more"), listing);

            assertEquals(0, cli.run("simulate", "--generator", "lublin99", "--workload-option", "jobs=100",
                    "--workload-option", "processors=64", "--platform", "c:64", "--batch", "cbf", "--controllers", "itest-one-more",
                    "--out", tmp.resolve("r").toString(), "--quiet"), err.toString(StandardCharsets.UTF_8));
            assertEquals(102, Files.readAllLines(tmp.resolve("r/jobs.csv")).size(), "100 jobs, the controller's and the header");
            String summary = Files.readString(tmp.resolve("r/summary.json"));
            assertTrue(summary.contains("\"controllers\": [\"itest-one-more\"]") && summary.contains("\"controller itest-one-more\""), summary);
        } finally {
            reg.unregister();
        }
        InputException gone = assertThrows(InputException.class, () -> registry.entry(Kind.CONTROLLER, "itest-one-more", "controllers"));
        assertTrue(gone.getMessage().contains("grid controller 'itest-one-more' is not available (its bundle gridsched-itest-tests"),
                gone.getMessage());
    }
}
