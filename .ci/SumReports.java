import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Adds up every JUnit XML report under the given folder (Surefire's surefire-reports and bnd-testing's
 * test-reports) and prints one line "N passed, N failed, N skipped". Exit status 1 if anything failed or
 * a report cannot be read, 3 if no test ran at all.
 */
public class SumReports {
    public static void main(String[] args) throws Exception {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        List<Path> reports;
        try (Stream<Path> s = Files.walk(root)) {
            reports = s.filter(p -> p.getFileName().toString().matches("TEST-.*\\.xml"))
                    .filter(p -> p.toString().contains("/target/"))
                    .sorted().collect(Collectors.toList());
        }
        long tests = 0, failed = 0, skipped = 0;
        boolean unreadable = false;
        for (Path p : reports) {
            try {
                var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(p.toFile());
                NodeList suites = doc.getElementsByTagName("testsuite");
                for (int i = 0; i < suites.getLength(); i++) {
                    Element e = (Element) suites.item(i);
                    tests += num(e, "tests");
                    failed += num(e, "failures") + num(e, "errors");
                    skipped += num(e, "skipped");
                }
            } catch (Exception e) {
                System.err.println("cannot read test report " + p + ": " + e.getMessage());
                unreadable = true;
            }
        }
        long passed = tests - failed - skipped;
        System.out.println(passed + " passed, " + failed + " failed, " + skipped + " skipped");
        System.exit(failed > 0 || unreadable ? 1 : tests == 0 ? 3 : 0);
    }

    private static long num(Element e, String attr) {
        String v = e.getAttribute(attr);
        return v.isEmpty() ? 0 : Long.parseLong(v.trim());
    }
}
