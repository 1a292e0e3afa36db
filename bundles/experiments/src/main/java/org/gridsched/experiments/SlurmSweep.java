package org.gridsched.experiments;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.gridsched.api.InputException;

/**
 * A matrix's cells as Slurm job arrays ({@code gridsched slurm}): in {@code OUT/slurm/}, {@code cells.sbatch} (one
 * array task runs K consecutive cells with {@code gridsched matrix PROFILE --cells FIRST-LAST}), {@code merge.sbatch}
 * ({@code gridsched matrix PROFILE --merge OUT}) and {@code submit.sh}, which submits the arrays
 * ({@code --array=0-(T-1)%M}, split into several arrays when T exceeds the site's {@code MaxArraySize}: array
 * indices must stay below it) and then the merge job, dependent on every array with {@code afterany} (the merge
 * names the cells that did not complete, rather than waiting forever behind a failed task). Paths are absolute:
 * Slurm runs the scripts from its spool folder.
 */
final class SlurmSweep {
    /** The scripts' folder in the sweep's folder (its logs in logs/). */
    static final String FOLDER = "slurm";
    /** Slurm's default MaxArraySize, used when scontrol cannot tell the site's. */
    static final int DEFAULT_MAX_ARRAY_SIZE = 1001;

    /**
     * What the scripts are made of.
     *
     * @param maxRunning  the {@code %M} throttle (simultaneous tasks of an array), or 0 for none
     * @param partition   or null for the site's default
     * @param time        the tasks' time limit as Slurm takes it, or null for the partition's default
     * @param seed        a --seed given to the slurm command, passed on to every cell and the merge; null for none
     * @param arraySource where {@code maxArraySize} came from, for the scripts' comments
     */
    record Settings(String name, Path gridsched, Path profile, Path out, int cells, int perTask, int maxRunning, String partition,
            String time, int cpusPerTask, Long seed, int maxArraySize, String arraySource) {
        int tasks() {
            return (cells + perTask - 1) / perTask;
        }

        /** The arrays: each its first task (the offset given to cells.sbatch) and its number of tasks. */
        List<int[]> arrays() {
            List<int[]> arrays = new ArrayList<>();
            for (int start = 0; start < tasks(); start += maxArraySize) {
                arrays.add(new int[] {start, Math.min(maxArraySize, tasks() - start)});
            }
            return arrays;
        }

        Path folder() {
            return out.resolve(FOLDER);
        }
    }

    private SlurmSweep() {
    }

    /** The scripts, by file name: cells.sbatch, merge.sbatch, submit.sh. */
    static Map<String, String> scripts(Settings s) {
        Map<String, String> files = new LinkedHashMap<>();
        String seed = s.seed() == null ? "" : " --seed " + s.seed();
        int lastCell = s.cells() - 1;
        StringBuilder cells = new StringBuilder("#!/bin/bash\n");
        cells.append("# One array task of the sweep of ").append(s.name()).append(": ").append(s.perTask()).append(" consecutive cells of ")
                .append(s.cells()).append(" (0-").append(lastCell).append("),\n")
                .append("# cells (OFFSET + SLURM_ARRAY_TASK_ID) x ").append(s.perTask()).append(" to that + ").append(s.perTask() - 1)
                .append(", where OFFSET, the array's first task, is this script's argument\n")
                .append("# (submit.sh gives it). Complete cells are skipped, so a task run again resumes where it stopped.\n");
        directives(cells, s, s.name() + "-cells", "cells-%A_%a.out");
        cells.append("set -euo pipefail\n")
                .append("offset=${1:?give the first array task of this array, as submit.sh does}\n")
                .append("task=$((offset + SLURM_ARRAY_TASK_ID))\n")
                .append("first=$((task * ").append(s.perTask()).append("))\n")
                .append("last=$((first + ").append(s.perTask() - 1).append("))\n")
                .append("if [ \"$last\" -gt ").append(lastCell).append(" ]; then last=").append(lastCell).append("; fi\n")
                .append("# every task uses the build as it is: none rebuilds gridsched, even if its sources change meanwhile\n")
                .append("export GRIDSCHED_NO_BUILD=1\n")
                .append("exec ").append(quote(s.gridsched())).append(" matrix ").append(quote(s.profile())).append(" --out ")
                .append(quote(s.out())).append(seed).append(" --cells \"$first-$last\" --threads \"${SLURM_CPUS_PER_TASK:-1}\"\n");
        files.put("cells.sbatch", cells.toString());

        StringBuilder merge = new StringBuilder("#!/bin/bash\n");
        merge.append("# The merge of the sweep of ").append(s.name()).append(": matrix.csv and tables.md from the ").append(s.cells())
                .append(" cells' records,\n# byte for byte what 'gridsched run' of the profile writes; fails naming the cells that are not complete.\n");
        directives(merge, s, s.name() + "-merge", "merge-%j.out");
        merge.append("set -euo pipefail\n")
                .append("export GRIDSCHED_NO_BUILD=1\n")
                .append("exec ").append(quote(s.gridsched())).append(" matrix ").append(quote(s.profile())).append(seed).append(" --merge ")
                .append(quote(s.out())).append('\n');
        files.put("merge.sbatch", merge.toString());

        List<int[]> arrays = s.arrays();
        StringBuilder submit = new StringBuilder("#!/bin/bash\n");
        submit.append("# Submits the sweep of ").append(s.name()).append(" (").append(s.profile()).append("):\n")
                .append("# ").append(s.cells()).append(" cells, ").append(s.perTask()).append(" per array task: ").append(s.tasks())
                .append(" tasks in ").append(arrays.size()).append(arrays.size() == 1 ? " array" : " arrays").append(" (MaxArraySize ")
                .append(s.maxArraySize()).append(", ").append(s.arraySource()).append(")")
                .append(s.maxRunning() > 0 ? ", at most " + s.maxRunning() + " tasks of an array running at once" : "").append(";\n")
                .append("# then the merge, once every task has ended (afterany), into ").append(s.out()).append(".\n")
                .append("# Run again after a failure or a kill: complete cells are skipped. Prints the job ids.\n")
                .append("set -euo pipefail\n")
                .append("cd ").append(quote(s.folder())).append('\n')
                .append("mkdir -p logs\n")
                .append("ids=()\n");
        for (int[] a : arrays) {
            int firstCell = a[0] * s.perTask();
            int lastOfArray = Math.min(s.cells(), (a[0] + a[1]) * s.perTask()) - 1;
            submit.append("id=$(sbatch --parsable --array=0-").append(a[1] - 1).append(s.maxRunning() > 0 ? "%" + s.maxRunning() : "")
                    .append(" cells.sbatch ").append(a[0]).append(")\n")
                    .append("id=${id%%;*}\n")
                    .append("ids+=(\"$id\")\n")
                    .append("echo \"cells: job $id, tasks ").append(a[0]).append('-').append(a[0] + a[1] - 1).append(" (cells ")
                    .append(firstCell).append('-').append(lastOfArray).append(")\"\n");
        }
        submit.append("after=$(IFS=:; echo \"${ids[*]}\")\n")
                .append("id=$(sbatch --parsable --dependency=afterany:\"$after\" merge.sbatch)\n")
                .append("id=${id%%;*}\n")
                .append("echo \"merge: job $id, after $after\"\n");
        files.put("submit.sh", submit.toString());
        return files;
    }

    private static void directives(StringBuilder sb, Settings s, String job, String log) {
        sb.append("#SBATCH --job-name=").append(job).append('\n')
                .append("#SBATCH --output=").append(directiveValue(logPattern(s.folder().resolve("logs"), log))).append('\n')
                .append("#SBATCH --cpus-per-task=").append(s.cpusPerTask()).append('\n');
        if (s.partition() != null) {
            sb.append("#SBATCH --partition=").append(s.partition()).append('\n');
        }
        if (s.time() != null) {
            sb.append("#SBATCH --time=").append(s.time()).append('\n');
        }
    }

    /**
     * A filename pattern of {@code --output} (man sbatch, "filename pattern"): the folder with each {@code %} doubled,
     * which Slurm reads as the character itself rather than as a replacement symbol (in {@code /tmp/a%j} the job id,
     * in {@code /tmp/a%b} no symbol at all), then the file's own pattern, such as {@code cells-%A_%a.out}.
     */
    static String logPattern(Path folder, String file) {
        return folder.toString().replace("%", "%%") + "/" + file;
    }

    /**
     * A value in an #SBATCH line: as it is when it needs no quoting, else in double quotes with {@code "} escaped by a
     * backslash (sbatch reads a line's arguments as a shell would: quotes group, a backslash escapes the next character).
     */
    static String directiveValue(String s) {
        return s.matches("[A-Za-z0-9_./+,:=@%-]+") ? s : "\"" + s.replace("\"", "\\\"") + "\"";
    }

    /**
     * Why Slurm cannot take {@code out} as the sweep's folder, or null: a backslash (slurmstepd strips the backslashes
     * of an output path and then expands none of its patterns, so every array task would write the one log of a
     * mangled name) or a line break (an #SBATCH directive is one line).
     */
    static String unusableFolder(Path out) {
        String s = out.toString();
        if (s.indexOf('\\') >= 0) {
            return "has a backslash, which Slurm's log file names cannot hold (slurmstepd removes it and then expands no %A or %a)";
        }
        if (s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            return "has a line break, which an #SBATCH line cannot hold";
        }
        return null;
    }

    /** A path for bash: as it is when it needs no quoting, else in single quotes. */
    static String quote(Path p) {
        String s = p.toString();
        return s.matches("[A-Za-z0-9_./+,:=@%-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }

    /** Writes the scripts into OUT/slurm (and creates logs/ there); returns the folder. */
    static Path write(Settings s) {
        try {
            Files.createDirectories(s.folder().resolve("logs"));
            for (Map.Entry<String, String> f : scripts(s).entrySet()) {
                org.gridsched.launcher.OutputFolder.writeWhole(s.folder().resolve(f.getKey()), f.getValue().getBytes(StandardCharsets.UTF_8), true);
            }
        } catch (IOException e) {
            throw new InputException(s.folder().toString(), 0, "output", "cannot write the Slurm scripts: " + e.getMessage());
        }
        return s.folder();
    }

    /**
     * The site's MaxArraySize from {@code scontrol show config}, with where it came from; Slurm's default (1001) when
     * scontrol is not there or does not answer.
     */
    static Object[] maxArraySize() {
        try {
            Process pr = new ProcessBuilder("scontrol", "show", "config").redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            byte[] text = pr.getInputStream().readAllBytes();
            if (pr.waitFor(20, TimeUnit.SECONDS) && pr.exitValue() == 0) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^\\s*MaxArraySize\\s*=\\s*(\\d+)")
                        .matcher(new String(text, StandardCharsets.UTF_8));
                if (m.find() && Integer.parseInt(m.group(1)) > 0) {
                    return new Object[] {Integer.parseInt(m.group(1)), "from scontrol show config"};
                }
            }
            pr.destroyForcibly();
            return new Object[] {DEFAULT_MAX_ARRAY_SIZE, "Slurm's default; scontrol show config did not say"};
        } catch (IOException e) {
            return new Object[] {DEFAULT_MAX_ARRAY_SIZE, "Slurm's default; no scontrol here"};
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Object[] {DEFAULT_MAX_ARRAY_SIZE, "Slurm's default"};
        }
    }

    /** Runs submit.sh (sbatch for each array, then the merge), printing the job ids; an error with sbatch's message if it fails. */
    static void submit(Settings s, PrintStream out) {
        Path script = s.folder().resolve("submit.sh");
        try {
            Process pr = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            String text = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            pr.waitFor();
            out.print(text);
            if (pr.exitValue() != 0) {
                String why = text.contains("sbatch: command not found") ? "sbatch is not here (is this a Slurm login node?)" : "submit.sh failed (exit "
                        + pr.exitValue() + ")";
                throw new InputException(script.toString(), 0, "submit", why + "; the scripts are in " + s.folder()
                        + " (jobs submitted before the failure, if any, are named above)");
            }
        } catch (IOException e) {
            throw new InputException(script.toString(), 0, "submit", "cannot run bash: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
