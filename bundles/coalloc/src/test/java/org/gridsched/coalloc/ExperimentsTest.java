package org.gridsched.coalloc;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Runs the experiment profiles {@code runconfigs/coalloc-*.json} (all, or those named) when asked:
 * {@code mvn -B -o verify -pl bundles/coalloc -Dtest=ExperimentsTest -Dcoalloc.experiments=all} (or a comma
 * list of profile names; {@code -Dcoalloc.duration=S} shortens every workload). Tables and per-run rows go to
 * {@code target/coalloc-experiments/}. Skipped otherwise: a full set takes minutes.
 */
class ExperimentsTest {
    @Test
    void runTheExperimentProfiles() throws Exception {
        String which = System.getProperty("coalloc.experiments", "");
        assumeTrue(!which.isBlank(), "set -Dcoalloc.experiments=all (or profile names) to run the experiments");
        Path home = Path.of(System.getProperty("gridsched.home", "../.."));
        double duration = Double.parseDouble(System.getProperty("coalloc.duration", "0"));
        List<Path> profiles;
        try (Stream<Path> s = Files.list(home.resolve("runconfigs"))) {
            profiles = s.filter(p -> p.getFileName().toString().matches("coalloc-exp.*\\.json")).sorted().toList();
        }
        Path out = Path.of("target", "coalloc-experiments");
        for (Path p : profiles) {
            Experiment e = new Experiment(p, duration);
            if (!which.equals("all") && !List.of(which.split(",")).contains(e.name())) {
                continue;
            }
            long t0 = System.nanoTime();
            List<Experiment.Cell> cells = e.run(Runtime.getRuntime().availableProcessors());
            e.write(cells, out);
            System.out.printf("%s: %d runs in %.1f s%n%s%n", e.name(), cells.size(), (System.nanoTime() - t0) / 1e9, e.tables(cells));
        }
    }
}
