package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/policy-guide.md's example, examples/smallest-area-first: the policy is under 40 lines, builds against
 * the released API alone (cnf/releaserepo), is hot-deployed from a plugins folder and schedules by its
 * order. The schedule property: when a job starts, no job that had been waiting since before that instant
 * and is no wider and no longer (so strictly smaller in area, ahead in the order) is still waiting; EASY
 * backfilling in submission order breaks it many times on the same workload.
 */
class PolicyGuideAppTest {
    private static final Path EXAMPLE = App.HOME.resolve("examples/smallest-area-first");

    @Test
    void theExamplePolicyIsShortBuildsHotDeploysAndHonoursItsOrder(@TempDir Path tmp) throws Exception {
        Path source = EXAMPLE.resolve("src/main/java/org/example/gridsched/saf/SmallestAreaFirst.java");
        assertTrue(Files.readAllLines(source).size() < 40, "the guide promises a policy under 40 lines: " + source);
        assertTrue(Files.readString(App.HOME.resolve("docs/policy-guide.md")).contains("prints 39 lines"),
                "the guide states the example's length");

        // build a copy, as a third party would, against the release repository of this clone
        Path project = tmp.resolve("saf");
        App.exec(List.of("cp", "-r", EXAMPLE.toString(), project.toString()), null, Map.of(), null, 30);
        App.exec(List.of("rm", "-rf", project.resolve("target").toString()), null, Map.of(), null, 30);
        Path pom = project.resolve("pom.xml");
        Files.writeString(pom, Files.readString(pom).replace("${project.basedir}/../../cnf/releaserepo",
                App.HOME.resolve("cnf/releaserepo").toString()));
        String repo = System.getProperty("maven.repo.local", System.getProperty("user.home") + "/.m2/repository");
        App.Result build = App.exec(List.of("mvn", "-B", "-q", "package", "-Dmaven.repo.local=" + repo), project,
                Map.of(), null, 300);
        assertEquals(0, build.exit(), "the example builds against the released API:\n" + build.all());
        Path report = project.resolve("target/surefire-reports/TEST-org.example.gridsched.saf.SmallestAreaFirstTest.xml");
        assertTrue(Files.isRegularFile(report), "the build ran the example's own tests, as shortest-queue's does");
        assertTrue(Files.readString(report).matches("(?s).*<testsuite [^>]*tests=\"[1-9][0-9]*\"[^>]*failures=\"0\".*"),
                Files.readString(report));

        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Path config = Files.createDirectories(tmp.resolve("config"));
        Files.copy(project.resolve("target/smallest-area-first-1.0.0.jar"), plugins.resolve("saf.jar"));
        App.Result list = App.run(plugins, config, null, "plugins");
        assertTrue(list.out().contains("smallest-area-first") && list.out().contains("[org.example.gridsched.saf 1.0.0]"),
                "the hot-deployed policy is listed:\n" + list.all());

        assertEquals(0, violations(simulate(plugins, config, tmp, "smallest-area-first")), "smallest area first");
        assertTrue(violations(simulate(plugins, config, tmp, "easy")) > 100,
                "the property tells the order apart: EASY in submission order breaks it");
    }

    private static List<String> simulate(Path plugins, Path config, Path tmp, String batch) throws Exception {
        Path out = tmp.resolve("out-" + batch);
        App.Result r = App.run(plugins, config, null, "simulate", "--generator", "lublin99", "--workload-option",
                "jobs=3000", "--workload-option", "load=0.95", "--batch", batch, "--out", out.toString(), "--quiet");
        assertEquals(0, r.exit(), r.all());
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"batch " + batch + "\""), summary);
        List<String> lines = Files.readAllLines(out.resolve("jobs.csv"));
        assertEquals(3001, lines.size(), "every job ran");
        return lines;
    }

    /** Pairs (j, k): k waited since before j started, still waited then, and is no wider, no longer, smaller. */
    private static int violations(List<String> csv) {
        List<String> header = List.of(csv.get(0).split(","));
        int submit = header.indexOf("submission_time");
        int width = header.indexOf("requested_number_of_resources");
        int requested = header.indexOf("requested_time");
        int start = header.indexOf("starting_time");
        List<double[]> jobs = new ArrayList<>();
        for (String line : csv.subList(1, csv.size())) {
            String[] f = line.split(",", -1);
            jobs.add(new double[] {Double.parseDouble(f[submit]), Double.parseDouble(f[width]),
                    Double.parseDouble(f[requested]), Double.parseDouble(f[start])});
        }
        int v = 0;
        for (double[] j : jobs) {
            for (double[] k : jobs) {
                if (k[0] < j[3] && k[3] > j[3] && k[1] <= j[1] && k[2] <= j[2] && (k[1] < j[1] || k[2] < j[2])) {
                    v++;
                }
            }
        }
        return v;
    }
}
