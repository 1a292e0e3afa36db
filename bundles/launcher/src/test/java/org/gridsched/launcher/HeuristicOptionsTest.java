package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.grid.GridControl;
import org.gridsched.api.grid.ReallocationAlgorithm;
import org.gridsched.api.grid.Reallocator;
import org.gridsched.api.grid.SelectionHeuristic;
import org.gridsched.batch.ConservativePolicy;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.metrics.UtilizationCollector;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A selection heuristic's options reach it ({@code SelectionHeuristic.configured}, API 1.4); they were checked, then dropped. */
class HeuristicOptionsTest {
    @TempDir
    Path tmp;

    /** Picks the candidate at a fraction of the list: its option. */
    static final class AtFraction implements SelectionHeuristic {
        final double fraction;

        AtFraction(double fraction) {
            this.fraction = fraction;
        }

        @Override
        public String name() {
            return "at-fraction";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of(new Parameter("fraction", "0", "where in the list of candidates to pick, 0 to 1"));
        }

        @Override
        public SelectionHeuristic configured(PluginOptions options) {
            double f = options.getDouble("fraction", 0);
            if (f > 1) {
                throw new org.gridsched.api.InputException(null, 0, "fraction", "must be between 0 and 1, got " + f); // the bare name
            }
            return new AtFraction(f);
        }

        @Override
        public int select(List<Candidate> candidates) {
            return (int) Math.min(candidates.size() - 1, Math.floor(fraction * candidates.size()));
        }
    }

    /** Records the heuristic each run gives it; reallocates nothing. */
    static final class Probe implements ReallocationAlgorithm {
        final List<SelectionHeuristic> given = new ArrayList<>();

        @Override
        public String name() {
            return "probe";
        }

        @Override
        public Reallocator create(GridControl grid, SelectionHeuristic heuristic, PluginOptions options) {
            given.add(heuristic);
            return new Reallocator() {
                @Override
                public double period() {
                    return 3600;
                }

                @Override
                public void reallocate() {
                }
            };
        }
    }

    @Test
    void aHeuristicGetsTheOptionsOfItsRun() {
        Probe probe = new Probe();
        CliHarness cli = new CliHarness(tmp).add(new LublinGenerator(), new ConservativePolicy(), new JobMetricsCollector(),
                new UtilizationCollector(), new RandomBrokersForTests.Weighted(), probe, new AtFraction(0));
        String[] run = {"simulate", "--generator", "lublin99", "--workload-option", "jobs=100", "--platform", "a:64,b:64", "--batch", "cbf",
            "--meta", "random-weighted", "--realloc", "probe", "--heuristic", "at-fraction", "--quiet", "--out"};
        assertEquals(0, cli.run(with(run, tmp.resolve("r1").toString(), "--heuristic-option", "fraction=0.75")), cli.err());
        assertEquals(0, cli.run(with(run, tmp.resolve("r2").toString())), cli.err());
        assertEquals(2, probe.given.size());
        assertEquals(0.75, ((AtFraction) probe.given.get(0)).fraction, "the run's option");
        assertEquals(0.0, ((AtFraction) probe.given.get(1)).fraction, "the parameter's default");
        assertEquals(1, cli.run(with(run, tmp.resolve("r3").toString(), "--heuristic-option", "share=1")));
        assertTrue(cli.err().contains("share: unknown option for selection heuristic 'at-fraction'; valid options: fraction"), cli.err());
        // a value the plugin refuses under the option's bare name is said where the run gives it
        assertEquals(1, cli.run(with(run, tmp.resolve("r4").toString(), "--heuristic-option", "fraction=3")));
        assertTrue(cli.err().contains("error: " + PluginRegistry.Kind.HEURISTIC.profileKey() + ".options.fraction: must be between 0 and 1, got 3.0"),
                cli.err());
    }

    private static String[] with(String[] a, String... more) {
        String[] all = java.util.Arrays.copyOf(a, a.length + more.length);
        System.arraycopy(more, 0, all, a.length, more.length);
        return all;
    }

    /** A heuristic built against API 1.3: parameters declared, no configured() to receive them. */
    static final class WithoutConfigured implements SelectionHeuristic {
        @Override
        public String name() {
            return "old-style";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of(new Parameter("alpha", "1", "a weight it never receives"));
        }

        @Override
        public int select(List<Candidate> candidates) {
            return candidates.size(); // its bug: one past the end
        }
    }

    @Test
    void optionsAHeuristicCannotReceiveAreAnErrorAndABadChoiceNamesTheHeuristic() {
        CliHarness cli = new CliHarness(tmp).add(new LublinGenerator(), new ConservativePolicy(), new JobMetricsCollector(),
                new UtilizationCollector(), new RandomBrokersForTests.Weighted(), new Probe(), new WithoutConfigured());
        String[] run = {"simulate", "--generator", "lublin99", "--workload-option", "jobs=100", "--platform", "a:64,b:64", "--batch", "cbf",
            "--meta", "random-weighted", "--realloc", "probe", "--heuristic", "old-style", "--quiet", "--out"};
        assertEquals(1, cli.run(with(run, tmp.resolve("r1").toString(), "--heuristic-option", "alpha=5")));
        assertTrue(cli.err().contains("selection heuristic 'old-style' cannot receive the options given to it (alpha): it has no"
                + " configured(PluginOptions) method"), "recorded in summary.json and never used, before: " + cli.err());
        assertEquals(0, cli.run(with(run, tmp.resolve("r2").toString())), "without options it runs: " + cli.err());
    }
}
