package org.gridsched.workflow.oa.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gridsched.api.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The study driver: the shipped profile parses; a small study runs and writes its rows. */
class RepartitionStudyTest {
    private static final Path HOME = Path.of(System.getProperty("gridsched.home", "../.."));

    @Test
    void theShippedStudyProfileReads() {
        StudyProfile p = StudyProfile.read(HOME.resolve("runconfigs/ocean-atmosphere-repartition-study.json"));
        assertEquals(3, p.studies().size());
        assertEquals(180, p.months());
        assertEquals(110, p.studies().get(0).processors().size());
        assertEquals(List.of("c1", "c2", "c3", "c4", "c5"), p.benchmarks().clusterNames());
    }

    @Test
    void aSmallStudyRuns(@TempDir Path dir) throws Exception {
        Path bench = HOME.resolve("runconfigs/data/ocean-atmosphere/five-clusters.json").toAbsolutePath();
        Path f = dir.resolve("s.json");
        Files.writeString(f, "{\"name\": \"s\", \"benchmarks\": \"" + bench + "\", \"months\": 12, \"studies\": [{\"title\": \"t\","
                + " \"scenarios\": [10], \"processors\": [20, 120], \"baseline\": {\"repartition\": \"round-robin\"},"
                + " \"candidate\": {\"repartition\": \"algorithm3\"}}]}");
        List<RepartitionStudy.Row> rows = new RepartitionStudy(StudyProfile.read(f)).run();
        assertEquals(2, rows.size());
        assertEquals(0, rows.get(0).gain(), 1e-12);
        assertTrue(rows.get(1).gain() > 0.2 && rows.get(1).gain() < 0.26, "gain " + rows.get(1).gain());
        assertEquals(1, rows.get(1).used());
        String md = RepartitionStudy.markdown(StudyProfile.read(f), rows);
        assertTrue(md.contains("| 10 | 5 | 120 |"), md);
        assertTrue(RepartitionStudy.csv(rows).lines().count() == 3);
    }

    @Test
    void badProfilesAreErrorsNamingTheField(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("s.json");
        Files.writeString(f, "{\"benchmarks\": \"x.json\", \"studies\": [], \"colour\": 1}");
        assertTrue(assertThrows(InputException.class, () -> StudyProfile.read(f)).getMessage().startsWith(f + ": colour: unknown key"));
    }
}
