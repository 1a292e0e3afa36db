package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gridsched slurm --submit} on a real single-node Slurm (issue 14): with Debian's {@code slurm-wlm} and
 * {@code munge} (which .ci/run installs as root), the set-up starts a private munged,
 * slurmctld and slurmd on localhost from a generated {@code slurm.conf} in a temporary folder (free ports, no cgroups:
 * proctrack/linuxproc, task/none), submits a 3-task array of a 6-cell study plus the merge job, waits for them and
 * compares the merged results with the local one-shot run, byte for byte; then stops the daemons. Where Slurm cannot be
 * installed or started the test is skipped, saying why (never passed without running).
 */
class SlurmSweepTest {
    @TempDir
    Path tmp;

    private final List<Process> daemons = new ArrayList<>();
    private Path mungePid;
    private final Map<String, String> env = new HashMap<>();

    /** A command's exit code and output (standard error included). */
    private record Out(int exit, String text) {
    }

    private static Out exec(List<String> cmd, Map<String, String> env, long timeoutSeconds) throws IOException, InterruptedException {
        Path log = Files.createTempFile("gridsched-slurm", ".log");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
                    .redirectInput(new File("/dev/null"));
            pb.environment().putAll(env);
            Process p = pb.start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Out(-1, "timed out after " + timeoutSeconds + " s: " + cmd + "\n" + Files.readString(log));
            }
            return new Out(p.exitValue(), Files.readString(log));
        } catch (IOException e) {
            return new Out(-1, e.getMessage());
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** The program's path (PATH, then the sbin folders Debian puts the daemons in), or null. */
    private static Path which(String program) {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        dirs.addAll(List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin", "/usr/local/sbin", "/usr/local/bin"));
        for (String d : dirs) {
            Path p = Path.of(d.isEmpty() ? "." : d, program);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    private static final List<String> PROGRAMS = List.of("munged", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "sinfo");

    private static List<String> missing() {
        return PROGRAMS.stream().filter(p -> which(p) == null).toList();
    }

    /** Skips the test, saying why, when Slurm's programs are missing (.ci/run installs them as root; tests never install). */
    private static void requireSlurm() {
        Assumptions.assumeTrue(missing().isEmpty(), "Slurm is not installed (missing " + missing()
                + "): apt-get install slurm-wlm munge (.ci/run does it when run as root)");
    }

    private static String tail(String s) {
        List<String> lines = s.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private Process daemon(Path log, String... cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(new File("/dev/null"));
        pb.environment().putAll(env);
        Process p = pb.start();
        daemons.add(p);
        return p;
    }

    /** munged, slurmctld and slurmd of this test, on localhost; skips the test with their logs if they do not come up. */
    private void start(Path dir) throws Exception {
        Files.createDirectories(dir.resolve("state"));
        Files.createDirectories(dir.resolve("spool"));
        Path key = dir.resolve("munge.key");
        byte[] bytes = new byte[1024];
        new SecureRandom().nextBytes(bytes);
        Files.write(key, bytes);
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        mungePid = dir.resolve("munged.pid");
        Out munged = exec(List.of(which("munged").toString(), "--force", "--key-file=" + key, "--socket=" + dir.resolve("munge.sock"),
                "--pid-file=" + mungePid, "--log-file=" + dir.resolve("munged.log"), "--seed-file=" + dir.resolve("munged.seed")), Map.of(), 30);
        Assumptions.assumeTrue(munged.exit() == 0, "munged did not start: " + munged.text() + logs(dir));
        String host = exec(List.of("hostname", "-s"), Map.of(), 10).text().strip();
        Assumptions.assumeTrue(host.matches("[A-Za-z0-9-]+"), "no usable short host name for Slurm's node: '" + host + "'");
        int cpus = Runtime.getRuntime().availableProcessors();
        String conf = """
                ClusterName=gridschedtest
                SlurmctldHost=%1$s(127.0.0.1)
                SlurmctldPort=%2$d
                SlurmdPort=%3$d
                SlurmUser=%6$s
                SlurmdUser=root
                AuthType=auth/munge
                AuthInfo=socket=%4$s/munge.sock
                CredType=cred/munge
                StateSaveLocation=%4$s/state
                SlurmdSpoolDir=%4$s/spool
                SlurmctldPidFile=%4$s/slurmctld.pid
                SlurmdPidFile=%4$s/slurmd.pid
                SlurmctldLogFile=%4$s/slurmctld.log
                SlurmdLogFile=%4$s/slurmd.log
                ProctrackType=proctrack/linuxproc
                TaskPlugin=task/none
                JobAcctGatherType=jobacct_gather/none
                AccountingStorageType=accounting_storage/none
                SelectType=select/cons_tres
                SelectTypeParameters=CR_CPU
                SchedulerType=sched/backfill
                SchedulerParameters=sched_interval=2
                MpiDefault=none
                ReturnToService=2
                MinJobAge=600
                NodeName=%1$s NodeAddr=127.0.0.1 CPUs=%5$d State=UNKNOWN
                PartitionName=gridsched Nodes=ALL Default=YES MaxTime=INFINITE State=UP
                """.formatted(host, freePort(), freePort(), dir, cpus, System.getProperty("user.name"));
        Path slurmConf = dir.resolve("slurm.conf");
        Files.writeString(slurmConf, conf);
        env.put("SLURM_CONF", slurmConf.toString());
        daemon(dir.resolve("slurmctld.out"), which("slurmctld").toString(), "-D", "-c", "-i", "-f", slurmConf.toString());
        daemon(dir.resolve("slurmd.out"), which("slurmd").toString(), "-D", "-N", host, "-f", slurmConf.toString());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String state = "";
        while (System.nanoTime() < deadline) {
            Out o = exec(List.of(which("sinfo").toString(), "-h", "-o", "%t"), env, 20);
            state = o.text().strip();
            if (o.exit() == 0 && state.equals("idle")) {
                return;
            }
            Assumptions.assumeTrue(daemons.stream().allMatch(Process::isAlive), "Slurm did not start (a daemon exited): " + logs(dir));
            Thread.sleep(500);
        }
        Assumptions.abort("Slurm's node did not become idle in 60 s (sinfo: '" + state + "'): " + logs(dir));
    }

    private static String logs(Path dir) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String f : List.of("munged.log", "slurmctld.out", "slurmctld.log", "slurmd.out", "slurmd.log")) {
            Path p = dir.resolve(f);
            if (Files.exists(p)) {
                sb.append("\n--- ").append(f).append(":\n").append(tail(Files.readString(p)));
            }
        }
        return sb.toString();
    }

    /**
     * Stops the daemons and waits until they (and anything slurmd started) are gone: munged writes its seed file
     * and slurmctld its state as they exit, and a daemon still writing into the temporary folder made JUnit's
     * clean-up fail a test that had passed.
     */
    @AfterEach
    void stop() throws Exception {
        List<ProcessHandle> all = new ArrayList<>();
        for (Process p : daemons) {
            p.descendants().forEach(all::add);
            all.add(p.toHandle());
        }
        if (mungePid != null && Files.exists(mungePid)) {
            String pid = Files.readString(mungePid).strip();
            if (pid.matches("\\d+")) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(all::add);
            }
        }
        all.forEach(ProcessHandle::destroy);
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(20, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                h.destroyForcibly();
                h.onExit().get(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void aSweepSubmittedToARealSlurmGivesTheLocalRunsResults() throws Exception {
        requireSlurm();
        Path slurm = tmp.resolve("slurm");
        start(slurm);
        Path profile = SweepAppTest.resource("study-sweep.json");
        // a % (doubled in the #SBATCH --output patterns: %j would have been the job id) and a space (quoted) in the folder
        Path out = tmp.resolve("sweep at 100%jobs");
        List<String> cmd = App.command(tmp.resolve("plugins"), tmp.resolve("config"),
                "slurm", profile.toString(), "--out", out.toString(), "--per-task", "2", "--max-running", "2", "--submit");
        // the jobs run bin/gridsched with the submitting environment (sbatch's default): java on the PATH, SLURM_CONF
        Map<String, String> jobEnv = new HashMap<>(env);
        jobEnv.put("PATH", Path.of(System.getProperty("java.home"), "bin") + File.pathSeparator + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        Out submitted = exec(cmd, jobEnv, 120);
        assertEquals(0, submitted.exit(), submitted.text());
        assertTrue(submitted.text().contains("study-sweep: 6 cells, 2 per task: 3 array tasks in 1 array (MaxArraySize 1001, from scontrol show config),"
                + " at most 2 running per array"), submitted.text());
        Matcher cells = Pattern.compile("cells: job (\\d+), tasks 0-2 \\(cells 0-5\\)").matcher(submitted.text());
        Matcher merge = Pattern.compile("merge: job (\\d+), after (\\d+)").matcher(submitted.text());
        assertTrue(cells.find() && merge.find(), submitted.text());
        assertEquals(cells.group(1), merge.group(2), "the merge waits for the array");

        // wait for the array and the merge
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(400);
        String queue;
        do {
            Thread.sleep(1000);
            queue = exec(List.of(which("squeue").toString(), "-h", "-o", "%i %T %r"), env, 20).text().strip();
            assertTrue(System.nanoTime() < deadline, "the jobs did not end in 400 s: " + queue + jobLogs(out) + logs(slurm));
        } while (!queue.isEmpty());
        Out job = exec(List.of(which("scontrol").toString(), "show", "job", merge.group(1)), env, 20);
        assertTrue(job.text().contains("JobState=COMPLETED"), "the merge job: " + job.text() + jobLogs(out));
        for (int task = 0; task < 3; task++) {
            Out t = exec(List.of(which("scontrol").toString(), "show", "job", cells.group(1) + "_" + task), env, 20);
            assertTrue(t.text().contains("JobState=COMPLETED"), "array task " + task + ": " + t.text() + jobLogs(out));
            assertTrue(Files.readString(out.resolve("slurm/logs/cells-" + cells.group(1) + "_" + task + ".out"))
                    .contains("study-sweep: cells " + 2 * task + "-" + (2 * task + 1) + ": 2 to run"), jobLogs(out));
        }

        App.Result local = App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, "run", profile.toString(), "--out",
                tmp.resolve("local").toString());
        assertEquals(0, local.exit(), local.all());
        SweepAppTest.assertSameResults(tmp.resolve("local"), out);
    }

    private static String jobLogs(Path out) throws IOException {
        StringBuilder sb = new StringBuilder();
        Path logs = out.resolve("slurm/logs");
        if (Files.isDirectory(logs)) {
            try (Stream<Path> s = Files.list(logs)) {
                for (Path p : s.sorted().toList()) {
                    sb.append("\n--- ").append(p.getFileName()).append(":\n").append(tail(Files.readString(p, StandardCharsets.UTF_8)));
                }
            }
        }
        return sb.toString();
    }
}
