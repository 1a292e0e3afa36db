package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The Python package ({@code python/}, README "Python"): its pytest tests, run on the built application with
 * Debian's interpreter ({@code GRIDSCHED_PYTHON}, default /usr/bin/python3). pytest writes its JUnit report into
 * this module's {@code target/test-reports/python/}, so that {@code .ci/run}'s closing line counts every Python
 * test; this test fails when one of them fails. Skipped, saying why, when the interpreter or Debian's packages
 * are missing ({@code .ci/run} installs them when it runs as root).
 */
class PythonPackageAppTest {
    private static final String PYTHON = System.getenv().getOrDefault("GRIDSCHED_PYTHON", "/usr/bin/python3");
    private static final String PACKAGES = "python3-pandas python3-jpype python3-matplotlib python3-pytest python3-nbclient python3-ipykernel";

    @Test
    void pytestOfThePythonPackage() throws Exception {
        assertTrue(Files.isRegularFile(App.JAR), "the application is not built: " + App.JAR);
        Assumptions.assumeTrue(Files.isExecutable(Path.of(PYTHON)), PYTHON + " is missing: the Python tests need Debian's python3 and "
                + PACKAGES);
        App.Result probe = App.exec(List.of(PYTHON, "-c", "import pandas, jpype, pytest, matplotlib, nbclient, ipykernel"), null, Map.of(),
                null, 60);
        Assumptions.assumeTrue(probe.exit() == 0, "the Python tests need " + PACKAGES + " (apt-get install, or run .ci/run as root): "
                + probe.err().strip());
        Path report = App.HOME.resolve("bundles/apptest/target/test-reports/python/TEST-python-gridsched.xml");
        Files.createDirectories(report.getParent());
        App.Result r = App.exec(List.of(PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "junit_suite_name=python-gridsched",
                "--junitxml=" + report, App.HOME.resolve("python/tests").toString()), App.HOME,
                Map.of("GRIDSCHED_HOME", App.HOME.toString(), "GRIDSCHED_NO_BUILD", "1", "GRIDSCHED_DAEMON", "0",
                        "PYTHONDONTWRITEBYTECODE", "1"), null, 900);
        assertEquals(0, r.exit(), () -> "pytest of python/tests failed (report: " + report + "):\n" + tail(r.all(), 6000));
    }

    private static String tail(String s, int chars) {
        return s.length() <= chars ? s : "..." + s.substring(s.length() - chars);
    }
}
