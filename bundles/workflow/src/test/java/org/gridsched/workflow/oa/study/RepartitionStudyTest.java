package org.gridsched.workflow.oa.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.simulate.Simulator;
import org.gridsched.api.simulate.StudyContext;
import org.gridsched.engine.EngineSimulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The study plugin: the shipped profile's options read; a small study runs and writes its rows; bad options are errors. */
class RepartitionStudyTest {
    private static final Path HOME = Path.of(System.getProperty("gridsched.home", "../.."));
    private static final Simulator SIMULATOR = new EngineSimulator(name -> {
        throw new InputException(null, 0, "batch", "no batch policy plugins in these tests: " + name);
    });

    /** A study's context as the launcher gives it, with the progress it reports. */
    static final class Context implements StudyContext {
        final Map<String, Object> options;
        final Path base;
        final Path output;
        final ByteArrayOutputStream printed = new ByteArrayOutputStream();
        final List<long[]> progress = new ArrayList<>();

        Context(Map<String, Object> options, Path base, Path output) {
            this.options = options;
            this.base = base;
            this.output = output;
        }

        @Override
        public String name() {
            return "s";
        }

        @Override
        public String source() {
            return "s.json";
        }

        @Override
        public PluginOptions options() {
            return new PluginOptions("study 'ocean-atmosphere-repartition'", options);
        }

        @Override
        public Path resolve(String path) {
            return base.resolve(path).normalize();
        }

        @Override
        public Path output() {
            return output;
        }

        @Override
        public long seed() {
            return 1;
        }

        @Override
        public PrintStream out() {
            return new PrintStream(printed, true, StandardCharsets.UTF_8);
        }

        @Override
        public synchronized void progress(long done, long total) {
            progress.add(new long[] {done, total});
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> shippedOptions() throws Exception {
        Map<String, Object> profile = new ObjectMapper().readValue(HOME.resolve("runconfigs/ocean-atmosphere-repartition-study.json").toFile(),
                LinkedHashMap.class);
        Map<String, Object> study = (Map<String, Object>) profile.get("study");
        assertEquals(RepartitionStudy.NAME, study.get("name"));
        return (Map<String, Object>) study.get("options");
    }

    @Test
    void theShippedStudyProfileReads() throws Exception {
        Context c = new Context(shippedOptions(), HOME.resolve("runconfigs"), null);
        StudyProfile p = StudyProfile.read(c);
        assertEquals(3, p.studies().size());
        assertEquals(180, p.months());
        assertEquals(110, p.studies().get(0).processors().size());
        assertEquals(List.of("c1", "c2", "c3", "c4", "c5"), p.benchmarks().clusterNames());
        new RepartitionStudy(SIMULATOR).check(c);
    }

    private static Map<String, Object> small(Path bench) throws Exception {
        @SuppressWarnings("unchecked")
        Map<String, Object> o = new ObjectMapper().readValue("{\"benchmarks\": \"" + bench + "\", \"months\": 12, \"studies\": [{\"title\": \"t\","
                + " \"scenarios\": [10], \"processors\": [20, 120], \"baseline\": {\"repartition\": \"round-robin\"},"
                + " \"candidate\": {\"repartition\": \"algorithm3\"}}]}", LinkedHashMap.class);
        return o;
    }

    @Test
    void aSmallStudyRuns(@TempDir Path dir) throws Exception {
        Path bench = HOME.resolve("runconfigs/data/ocean-atmosphere/five-clusters.json").toAbsolutePath();
        Context c = new Context(small(bench), dir, dir);
        StudyProfile p = StudyProfile.read(c);
        List<RepartitionStudy.Row> rows = new RepartitionStudy.Rows(p, SIMULATOR).run(c);
        assertEquals(2, rows.size());
        assertEquals(0, rows.get(0).gain(), 1e-12);
        assertTrue(rows.get(1).gain() > 0.2 && rows.get(1).gain() < 0.26, "gain " + rows.get(1).gain());
        assertEquals(1, rows.get(1).used());
        String md = RepartitionStudy.markdown(p, rows);
        assertTrue(md.contains("| 10 | 5 | 120 |"), md);
        assertTrue(RepartitionStudy.csv(rows).lines().count() == 3);
        assertEquals(List.of(1L, 2L), c.progress.stream().map(x -> x[0]).toList(), "progress after each row");

        Context whole = new Context(small(bench), dir, Files.createDirectory(dir.resolve("out")));
        new RepartitionStudy(SIMULATOR).run(whole);
        assertEquals(RepartitionStudy.csv(rows), Files.readString(dir.resolve("out/study.csv")));
        assertEquals(md, Files.readString(dir.resolve("out/study.md")));
        assertEquals(md, whole.printed.toString(StandardCharsets.UTF_8));
    }

    @Test
    void badOptionsAreErrorsNamingTheProfileAndTheOption(@TempDir Path dir) throws Exception {
        Path bench = HOME.resolve("runconfigs/data/ocean-atmosphere/five-clusters.json").toAbsolutePath();
        Map<String, Object> o = small(bench);
        o.put("posts", "sometimes");
        assertEquals("s.json: study.options.posts: expected iterations or greedy, got 'sometimes'",
                assertThrows(InputException.class, () -> StudyProfile.read(new Context(o, dir, null))).getMessage());
        Map<String, Object> k = small(bench);
        @SuppressWarnings("unchecked")
        Map<String, Object> first = ((List<Map<String, Object>>) k.get("studies")).get(0);
        first.put("clusters", List.of(6));
        assertEquals("s.json: study.options.studies[0].clusters: the benchmark file has 5 clusters, the study asks for 6",
                assertThrows(InputException.class, () -> new RepartitionStudy(SIMULATOR).check(new Context(k, dir, null))).getMessage());
        first.put("clusters", List.of(2));
        first.put("baseline", Map.of("grouping", "knapsak"));
        assertTrue(assertThrows(InputException.class, () -> new RepartitionStudy(SIMULATOR).check(new Context(k, dir, null))).getMessage()
                .startsWith("s.json: study.options.studies[0].baseline.grouping: "));
        first.put("colour", 1);
        assertTrue(assertThrows(InputException.class, () -> StudyProfile.read(new Context(k, dir, null))).getMessage()
                .startsWith("s.json: study.options.studies[0].colour: unknown key"));
    }
}
