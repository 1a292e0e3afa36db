package org.gridsched.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.gridsched.api.InputException;
import org.gridsched.api.Plugin;
import org.gridsched.api.metrics.RunInfo;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;
import org.gridsched.api.workload.WorkloadGenerator;
import org.gridsched.api.workload.WorkloadReader;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.MergedJobSource;
import org.gridsched.engine.Numbers;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimulationResult;
import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * What a run reads before it simulates: its workload (trace files through their reader, merged on one clock, or a
 * generator sized for the platform) and its platform (the profile's, or one cluster sized by the trace header);
 * afterwards, whether too much of the workload was skipped.
 */
final class RunInputs {
    private final PluginRegistry registry;
    private final PrintStream err;

    RunInputs(PluginRegistry registry, PrintStream err) {
        this.registry = registry;
        this.err = err;
    }

    JobSource openWorkload(RunProfile p, PluginUse use) {
        if (!p.workloadFiles.isEmpty()) {
            if (p.workloadFiles.size() == 1) {
                return openTrace(p, p.workloadFiles.get(0), use);
            }
            MergedJobSource.Clock clock = switch (p.clock) {
                case "zero" -> MergedJobSource.Clock.ZERO;
                case "unix" -> MergedJobSource.Clock.UNIX;
                default -> throw new InputException(null, 0, "clock", "expected zero or unix, got '" + p.clock + "'");
            };
            List<JobSource> sources = new ArrayList<>();
            try {
                for (Path f : p.workloadFiles) {
                    sources.add(openTrace(p, f, use));
                }
                return new MergedJobSource(sources, clock);
            } catch (RuntimeException e) {
                sources.forEach(JobSource::close);
                throw e;
            }
        }
        PluginRegistry.Entry e = use.entry(Kind.GENERATOR, p.generator, Kind.GENERATOR.profileKey());
        WorkloadGenerator generator = (WorkloadGenerator) e.plugin();
        Map<String, Object> options = new LinkedHashMap<>(p.workloadOptions);
        if (!options.containsKey(WorkloadGenerator.MACHINE_SIZE) && !p.clusters.isEmpty()
                && generator.parameters().stream().anyMatch(x -> x.name().equals(WorkloadGenerator.MACHINE_SIZE))) {
            // jobs sized for the platform (its largest cluster), not for the generator's default machine
            options.put(WorkloadGenerator.MACHINE_SIZE, p.clusters.stream().mapToInt(RunProfile.ClusterEntry::processors).max().getAsInt());
        }
        try {
            return generator.open(use.options(p, Kind.GENERATOR, e, options, -1), p.seed);
        } catch (InputException x) {
            // one that names no file names the generator, as any plugin's own error does (PluginUse.named)
            throw use.named(optionError(x, use, generator, options));
        }
    }

    /**
     * An error of the workload's reader or generator about one of its options, with the option named by its path in
     * the profile ({@code workload.options.jobs}), as the profile's other errors name their keys; the plugin itself
     * only knows the option's name. Other errors are returned as they are.
     */
    static InputException inWorkloadOptions(InputException x, Plugin plugin, Map<String, ?> given) {
        String field = x.field();
        if (field == null || x.line() != 0 || field.startsWith(WORKLOAD_OPTIONS)
                || !given.containsKey(field) && plugin.parameters().stream().noneMatch(o -> o.name().equals(field))) {
            return x;
        }
        String message = x.getMessage();
        String prefix = (x.source() == null ? "" : x.source() + ": ") + field + ": ";
        InputException named = new InputException(x.source(), 0, WORKLOAD_OPTIONS + field,
                message.startsWith(prefix) ? message.substring(prefix.length()) : message);
        named.initCause(x);
        return named;
    }

    /**
     * An error about a workload plugin's option: about the configuration file that set it when the run does not give
     * it ({@link PluginUse#attributed}), else about the profile's {@code workload.options.KEY}.
     */
    private static InputException optionError(InputException x, PluginUse use, Plugin plugin, Map<String, ?> given) {
        InputException configured = use.attributed(x);
        return configured != x ? configured : inWorkloadOptions(x, plugin, given);
    }

    /** Where a profile gives the workload plugin's options. */
    static final String WORKLOAD_OPTIONS = "workload.options.";

    private JobSource openTrace(RunProfile p, Path file, PluginUse use) {
        String readerName = p.reader != null ? p.reader : readerFor(registry, file, "workload").name();
        PluginRegistry.Entry entry = use.entry(Kind.READER, readerName, Kind.READER.profileKey());
        WorkloadReader reader = (WorkloadReader) entry.plugin();
        Map<String, Object> options = new LinkedHashMap<>(p.workloadOptions);
        if (p.strict && !options.containsKey("strict")
                && reader.parameters().stream().anyMatch(x -> x.name().equals("strict"))) {
            options.put("strict", true); // a strict run is strict about malformed lines too
        }
        try {
            return reader.open(file, use.options(p, Kind.READER, entry, options, -1));
        } catch (InputException e) {
            throw use.named(optionError(e, use, reader, options));
        } catch (NoSuchFileException e) {
            throw new InputException(file.toString(), 0, null, "no such workload file");
        } catch (IOException e) {
            throw new InputException(file.toString(), 0, null, e.getMessage());
        }
    }

    /**
     * A workload of which nothing could be simulated, or that lost more than {@code max_skipped_fraction} of
     * its jobs, is an error (a binary file or a non-gzip {@code .gz} read leniently used to give "0 jobs
     * simulated" and success); the first skipped lines are shown either way.
     *
     * @return what to tell the user of the skipped jobs, or null if none was
     */
    Skipped checkSkipped(RunProfile p, SimulationResult r, JobSource source) {
        // the jobs the simulation was given: those its policies rejected are the workload's too (a run whose policy
        // rejects every job has results, and its rejections do not make the share of skipped jobs larger)
        return checkSkipped(p, r.workload(), r.simulated() + r.rejected(), source);
    }

    /**
     * As above, from what a source reported and how many of its jobs were (or, for {@code run --check}, would be)
     * simulated.
     */
    Skipped checkSkipped(RunProfile p, WorkloadReport report, long simulated, JobSource source) {
        long skipped = report.skippedTotal();
        // out of the records the source read, where it counts them: a controller may run a job in several parts (a bag of
        // tasks split across providers), which made "3 of 5 jobs" of a 4-job trace
        long total = report.read() > 0 ? Math.max(report.read(), skipped) : skipped + simulated;
        StringBuilder first = new StringBuilder();
        // the first in the file, whatever their reason (listed reason by reason, they were out of line order)
        List<String[]> examples = new ArrayList<>();
        for (var e : report.skippedExamples().entrySet()) {
            for (var x : e.getValue()) {
                examples.add(new String[] {String.valueOf(x.source()), String.format("%019d", x.line()),
                    String.format("%n  %s:%d: %s (%s)", x.source(), x.line(), x.detail(), e.getKey())});
            }
        }
        examples.sort(java.util.Comparator.<String[], String>comparing(x -> x[0]).thenComparing(x -> x[1]));
        examples.stream().limit(5).forEach(x -> first.append(x[2]));
        if (simulated == 0) {
            throw new InputException(source.describe(), 0, "workload", (skipped == 0 ? "holds no job"
                    : "no job could be read: " + String.format("%,d", skipped) + " skipped " + report.skipped() + "; the first:" + first));
        }
        if (total > 0 && skipped > p.maxSkippedFraction * total) {
            throw new InputException(source.describe(), 0, "max_skipped_fraction", String.format("%,d of %,d jobs were skipped %s,"
                    + " more than max_skipped_fraction %s allows (is it the right file and reader?); the first:%s", skipped, total,
                    report.skipped(), Numbers.format(p.maxSkippedFraction), first));
        }
        return skipped == 0 ? null : new Skipped(String.format("%,d job(s) skipped %s", skipped, report.skipped()), first.toString());
    }

    /** Jobs a workload's reader skipped: "N job(s) skipped {reason=count}" and its first lines, one per line. */
    record Skipped(String counts, String firstLines) {
        /** For the run of one profile: "NAME: N job(s) skipped {...}; the first:" and the lines. */
        String of(String profile) {
            return profile + ": " + counts + "; the first:" + firstLines;
        }
    }

    /** The clusters the profile lists (not empty), with the links it declares between them. */
    static Platform profilePlatform(RunProfile p) {
        List<ClusterSpec> specs = new ArrayList<>();
        for (RunProfile.ClusterEntry c : p.clusters) {
            specs.add(new ClusterSpec(c.name(), c.processors(), c.speed()));
        }
        return new Platform(specs).withLinks(p.links);
    }

    /** The header keys that size a trace's machine, in the order they are read. */
    private static final List<String> SIZE_KEYS = List.of("MaxProcs", "MaxNodes");

    /**
     * The processors a trace's header gives: {@code MaxProcs}, else {@code MaxNodes}, each read by the reader's rule
     * ({@link org.gridsched.api.workload.HeaderNumbers}: {@code 128 (prose)}, {@code +128}); an empty, unusable or
     * non-positive value gives way to the next key; 0 when neither gives a size.
     */
    static int headerProcessors(Map<String, String> header) {
        for (String key : SIZE_KEYS) {
            String v = header.get(key);
            if (v != null) {
                try {
                    long size = org.gridsched.api.workload.HeaderNumbers.leadingWhole(v, 999_999_999);
                    if (size > 0) {
                        return (int) size;
                    }
                } catch (IllegalArgumentException e) {
                    // the next key
                }
            }
        }
        return 0;
    }

    /** The profile's platform, or one cluster sized by the trace header when none is given. */
    static Platform platform(RunProfile p, JobSource source) {
        if (!p.clusters.isEmpty()) {
            return profilePlatform(p);
        }
        Map<String, String> header = source.header();
        int size = headerProcessors(header);
        if (size > 0) {
            return new Platform(List.of(new ClusterSpec("cluster", size, 1.0))).withLinks(p.links);
        }
        // a header value that is there but gives no size: named instead of "has no MaxProcs"
        String unusable = SIZE_KEYS.stream().filter(header::containsKey).findFirst().map(k -> k + " '" + header.get(k).strip() + "'")
                .orElse(null);
        throw new InputException(source.describe(), 0, "platform", "no platform given and the workload header has "
                + (unusable == null ? "no MaxProcs" : "no usable size (" + unusable + " is not a positive whole number)")
                + "; give one, e.g. --platform cluster:128");
    }

    static RunInfo runInfo(Platform platform) {
        return new RunInfo() {
            @Override
            public int clusterCount() {
                return platform.size();
            }

            @Override
            public String clusterName(int c) {
                return platform.get(c).name();
            }

            @Override
            public int clusterProcessors(int c) {
                return platform.get(c).processors();
            }

            @Override
            public double clusterSpeed(int c) {
                return platform.get(c).speed();
            }
        };
    }

    /** The first reader (by name) that accepts the file. */
    static WorkloadReader readerFor(PluginRegistry registry, Path file, String field) {
        if (java.nio.file.Files.isDirectory(file)) {
            throw new InputException(file.toString(), 0, field, "is a folder; give a trace file");
        }
        TreeMap<String, WorkloadReader> readers = new TreeMap<>();
        for (PluginRegistry.Entry e : registry.all()) {
            if (e.kind() == Kind.READER) {
                readers.put(e.name(), (WorkloadReader) e.plugin());
            }
        }
        for (WorkloadReader r : readers.values()) {
            if (r.accepts(file)) {
                return r;
            }
        }
        throw new InputException(null, 0, field, "no workload reader recognises '" + file.getFileName()
                + "'; readers: " + (readers.isEmpty() ? "none" : String.join(", ", readers.keySet()))
                + " (name one with \"reader\" in the profile)");
    }
}
