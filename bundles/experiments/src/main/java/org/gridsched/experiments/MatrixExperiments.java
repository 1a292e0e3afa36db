package org.gridsched.experiments;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimulationResult;
import org.gridsched.engine.report.ClusterReport;
import org.gridsched.engine.report.RunReport;
import org.gridsched.engine.report.SummarySection;
import org.gridsched.launcher.Cli;
import org.gridsched.launcher.Experiments;
import org.gridsched.launcher.MatrixAxes.Axes;
import org.gridsched.launcher.PluginRegistry;
import org.gridsched.launcher.RunProfile;
import org.gridsched.launcher.Runner;
import org.osgi.service.component.annotations.Component;

/**
 * The experiments the launcher runs through its {@link Experiments} interface: a profile's matrix (a list of cells,
 * each cell a run; the results viewed as {@link MatrixTables}), the {@code matrix} and {@code slurm} commands over
 * a matrix's cells ({@link SweepCommands}), and the studies' parts of a single run's report: its {@link Comparison}
 * with a reference run and queueing theory's predictions ({@link BrokeringTheory}, {@code gridsched theory}).
 */
@Component(service = Experiments.class)
public final class MatrixExperiments implements Experiments {
    @Override
    public void runMatrix(Runner runner, RunProfile p, Axes axes, Path dir, PrintStream err) {
        if (axes.study()) {
            new ReallocationStudy(runner, err).run(p, axes, dir);
        } else {
            new MetricMatrix(runner, err).run(p, axes, dir);
        }
    }

    @Override
    public void command(String command, List<String> args, PluginRegistry registry, PrintStream out, PrintStream err, boolean terminal,
            Path home) {
        SweepCommands commands = new SweepCommands(registry, out, err, terminal, home);
        switch (command) {
            case "matrix" -> commands.matrix(args);
            case "slurm" -> commands.slurm(args);
            default -> throw new Cli.UsageException("unknown command '" + command + "'; the experiments' commands: "
                    + String.join(", ", COMMANDS));
        }
    }

    @Override
    public List<SummarySection> sections(RunProfile p, Platform platform, SimulationResult result, SimulationResult reference) {
        List<SummarySection> sections = new ArrayList<>();
        if (reference != null) {
            sections.add(Comparison.of(result.jobs(), reference.jobs(), result.reallocations()));
        }
        try {
            sections.add(BrokeringTheory.of(p, platform).predictions());
        } catch (BrokeringTheory.NotApplicable e) {
            // theory does not apply to this run: no section
        }
        return sections;
    }

    @Override
    public void printSections(RunReport report, PrintStream out) {
        Comparison c = report.section(Comparison.class);
        if (c != null) {
            c.print(out);
        }
    }

    @Override
    public void theory(Runner runner, RunProfile p, PrintStream out) {
        List<ClusterSpec> specs = new ArrayList<>();
        p.clusters.forEach(c -> specs.add(new ClusterSpec(c.name(), c.processors(), c.speed())));
        try {
            BrokeringTheory.of(p, new Platform(specs));
        } catch (BrokeringTheory.NotApplicable e) {
            throw new InputException(p.profileSource != null ? p.profileSource : p.name, 0, e.field, "queueing theory does not apply to '" + p.name
                    + "': " + e.getMessage());
        }
        Runner.Outcome o = runner.run(p);
        out.println();
        Theory predicted = o.report().section(Theory.class);
        out.println("theory: " + predicted.model());
        out.printf("%-10s %-24s %14s %14s %10s%n", "element", "metric", "simulated", "theory", "difference");
        RunReport report = o.report();
        for (int i = 0; i < report.clusters().size(); i++) {
            ClusterReport sim = report.clusters().get(i);
            for (Map.Entry<String, Double> t : predicted.clusters().get(i).toMap().entrySet()) {
                double theory = t.getValue();
                Object s = sim.metric(t.getKey());
                if (t.getKey().equals("load")) {
                    out.printf("%-10s %-24s %14s %14.6g%n", sim.name(), "load", "", theory);
                } else if (s instanceof Number n) {
                    double v = n.doubleValue();
                    String diff = theory == 0 ? "" : String.format("%+9.2f%%", 100 * (v - theory) / theory);
                    out.printf("%-10s %-24s %14.6g %14.6g %10s%n", sim.name(), t.getKey(), v, theory, diff);
                } else {
                    out.printf("%-10s %-24s %14s %14.6g   (add the collector that measures it)%n", sim.name(), t.getKey(), "-", theory);
                }
            }
        }
    }
}
