package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.batch.ConservativePolicy;
import org.gridsched.batch.EasyPolicy;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.metrics.UtilizationCollector;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plugins whose names clash with another's or cannot be chosen: said, never silent. */
class PluginNamesTest {
    @TempDir
    Path tmp;

    /** A third party's policy under a name of its choosing: EASY inside. */
    private static final class Named implements BatchPolicy {
        private final String name;

        Named(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public BatchScheduler create(Cluster cluster, PluginOptions options) {
            return new EasyPolicy().create(cluster, options);
        }
    }

    @Test
    void aPluginNamedAsABuiltInIsSaidToHideIt() {
        CliHarness cli = new CliHarness(tmp).add(new LublinGenerator(), new ConservativePolicy(), new JobMetricsCollector(),
                new UtilizationCollector());
        cli.registry().add(new Named("cbf"), "org.example.fast", "0.1.0", 0);
        assertEquals(0, cli.run("plugins"));
        String clash = "batch policy 'cbf' of org.example.fast 0.1.0 hides the one of classpath (the higher service.ranking, then the"
                + " most recently registered, is used)";
        assertTrue(cli.out().contains("problems:\n  " + clash), cli.out());
        assertEquals(0, cli.run("simulate", "--generator", "lublin99", "--workload-option", "jobs=50", "--platform", "c:64", "--batch", "cbf",
                "--out", tmp.resolve("r").toString()), cli.err());
        assertTrue(cli.err().contains("gridsched: warning: " + clash), cli.err());
        assertEquals(1, cli.err().split("hides the one", -1).length - 1, "said once: " + cli.err());
        cli.registry().remove(cli.registry().entry(PluginRegistry.Kind.BATCH, "cbf", "test").plugin());
        assertEquals(0, cli.run("simulate", "--generator", "lublin99", "--workload-option", "jobs=50", "--platform", "c:64", "--batch", "cbf",
                "--out", tmp.resolve("r3").toString()), cli.err());
        assertFalse(cli.err().contains("warning"), "the third party's policy is gone, no clash left: " + cli.err());
    }

    /** A mistyped plugin name gets the suggestion 'plugins NAME' gives, not only the list of names. */
    @Test
    void aMistypedPluginNameGetsASuggestion() {
        CliHarness cli = new CliHarness(tmp).add(new ConservativePolicy(), new LublinGenerator());
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--platform", "c:64", "--batch", "cbff"));
        assertTrue(cli.err().contains("batch: batch policy 'cbff' is not available; available: cbf; did you mean 'cbf'?"), cli.err());
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--platform", "c:64", "--batch", "backfilling"));
        assertFalse(cli.err().contains("did you mean"), "nothing close: " + cli.err());
    }

    @Test
    void aPluginWithoutAUsableNameIsNotRegisteredAndSaidSo() {
        CliHarness cli = new CliHarness(tmp).add(new ConservativePolicy(), new LublinGenerator());
        Named nameless = new Named(null);
        cli.registry().add(nameless, "org.example.broken", "1.0.0", 0);
        cli.registry().add(new Named("two words"), "org.example.broken", "1.0.0", 0);
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--platform", "c:64", "--batch", "nope"));
        assertTrue(cli.err().contains("batch policy 'nope' is not available; available: cbf"), "the list of names still works: " + cli.err());
        assertEquals(0, cli.run("plugins"));
        assertTrue(cli.out().contains("the batch policy " + Named.class.getName() + " of org.example.broken 1.0.0 was not registered: its"
                + " name() returned null"), cli.out());
        assertTrue(cli.out().contains("its name 'two words' has a space"), cli.out());
        cli.registry().remove(nameless);
        assertEquals(0, cli.run("plugins"));
        assertFalse(cli.out().contains("returned null"), "gone with its bundle: " + cli.out());
    }

    /** A third party's policy with a bug: throws when a job ends. */
    private static final class Buggy implements BatchPolicy {
        @Override
        public String name() {
            return "buggy";
        }

        @Override
        public BatchScheduler create(Cluster cluster, PluginOptions options) {
            BatchScheduler easy = new EasyPolicy().create(cluster, options);
            return (BatchScheduler) java.lang.reflect.Proxy.newProxyInstance(BatchScheduler.class.getClassLoader(),
                    new Class<?>[] {BatchScheduler.class}, (proxy, method, args) -> {
                        if (method.getName().equals("jobEnded")) {
                            Object nothing = null;
                            return nothing.hashCode(); // its bug
                        }
                        try {
                            return method.invoke(easy, args);
                        } catch (java.lang.reflect.InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }
    }

    @Test
    void aPluginThatThrowsIsNamedWithTheInstantAndTheEvent() {
        CliHarness cli = new CliHarness(tmp).add(new LublinGenerator(), new JobMetricsCollector(), new UtilizationCollector());
        cli.registry().add(new Buggy(), "org.example.buggy", "0.2.0", 0);
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--workload-option", "jobs=50", "--platform", "c:64", "--batch", "buggy",
                "--out", tmp.resolve("r").toString()));
        String err = cli.err();
        assertTrue(err.matches("(?s)gridsched: failed: at t=[0-9,.]+ s, during the end of job [0-9]+: the batch policy 'buggy' \\(org.example.buggy"
                + " 0.2.0\\) failed: java.lang.NullPointerException.*"), err);
        assertTrue(err.contains("(run again with --debug for the stack trace)"), err);
        assertFalse(java.nio.file.Files.exists(tmp.resolve("r")), "nothing written");
    }

    /**
     * A policy whose create() returns the planning kit: the kit finds its order's NaN after the order returned, so no
     * frame of the policy is on the stack, and the failure named no plugin ("failed: at t=.. s, during ..:
     * java.lang.IllegalStateException: the job order (org.gridsched.api.batch.kit.JobOrder$1) gave NaN ...").
     */
    @Test
    void aKitPolicysBadOrderIsNamedAsThePolicys() {
        CliHarness cli = new CliHarness(tmp).add(new LublinGenerator(), new JobMetricsCollector(), new UtilizationCollector());
        cli.registry().add(new org.example.kitnan.NanKitPolicy(), "org.example.kitnan", "1.0.0", 0);
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--workload-option", "jobs=500", "--platform", "c:64", "--batch",
                "nan-kit", "--out", tmp.resolve("k").toString()));
        String err = cli.err();
        assertTrue(err.matches("(?s)gridsched: failed: at t=[0-9,.]+ s, during [^:]+: the batch policy 'nan-kit' \\(org.example.kitnan 1.0.0\\)"
                + " failed: java.lang.IllegalStateException: the job order \\(a lambda of org.example.kitnan.NanKitPolicy\\) gave NaN as the"
                + " key of job [0-9]+ \\(a key must be a number\\).*"), err);
    }

    @Test
    void aPluginThatFailsWhileTheRunIsSetUpIsNamed() {
        CliHarness cli = new CliHarness(tmp).add(new LublinGenerator(), new JobMetricsCollector(), new UtilizationCollector());
        cli.registry().add(new BatchPolicy() {
            @Override
            public String name() {
                return "unfinished";
            }

            @Override
            public BatchScheduler create(Cluster cluster, PluginOptions options) {
                throw new UnsupportedOperationException("not yet");
            }
        }, "org.example.unfinished", "0.0.1", 0);
        assertEquals(1, cli.run("simulate", "--generator", "lublin99", "--workload-option", "jobs=10", "--platform", "c:64", "--batch",
                "unfinished", "--out", tmp.resolve("u").toString()));
        assertTrue(cli.err().contains("gridsched: failed: the batch policy 'unfinished' (org.example.unfinished 0.0.1) failed while the run"
                + " was set up: java.lang.UnsupportedOperationException: not yet"), cli.err());
    }
}
