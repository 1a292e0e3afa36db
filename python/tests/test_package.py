"""The package against bin/gridsched: same result files byte for byte; dtypes; matrices; plugins; errors."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from conftest import ROOT, cli


def same_files(a: Path, b: Path, names):
    for n in names:
        assert (a / n).read_bytes() == (b / n).read_bytes(), f"{n} differs between {a} and {b}"


def test_run_profile_byte_identical_to_cli(gs, tmp_path):
    r = gs.run(ROOT / "runconfigs" / "quickstart.json", out=tmp_path / "py")
    cli("run", "runconfigs/quickstart.json", "--out", str(tmp_path / "cli"), "--quiet")
    same_files(r.folder, tmp_path / "cli", ["jobs.csv", "summary.json", ".gridsched-run"])
    assert len(r.jobs) == 20000
    assert r.summary["jobs"]["simulated"] == 20000
    assert r.jobs["submission_time"].dtype == "float64"
    assert str(r.jobs["job_id"].dtype) == "Int64"
    assert str(r.jobs["final_state"].dtype) == "category"


def test_simulate_byte_identical_to_cli(gs, tmp_path):
    swf = ROOT / "python" / "tests" / "data" / "five.swf"
    r = gs.simulate(workload=str(swf), platform="c:4", batch="cbf", seed=5, out=tmp_path / "py",
                    collectors=["jobs", "utilization", "queue"])
    cli("simulate", "--workload", str(swf), "--platform", "c:4", "--batch", "cbf", "--seed", "5",
        "--collectors", "jobs,utilization,queue", "--out", str(tmp_path / "cli"), "--quiet")
    assert sorted(os.listdir(r.folder)) == sorted(os.listdir(tmp_path / "cli"))
    same_files(r.folder, tmp_path / "cli", os.listdir(r.folder))
    assert list(r.jobs["job_id"]) == [1, 2, 3, 4, 5]
    assert "queue" in r.summary["run"]["collectors"]


def test_simulate_energy_and_failures_as_the_profile_keys(gs, tmp_path):
    (tmp_path / "f.csv").write_text("time,cluster,processors,duration\n3600,c,0-7,7200\n")
    kw = dict(generator="lublin99", workload_options={"jobs": 300, "processors": 32}, platform="c:32", batch="cbf",
              seed=2)
    r = gs.simulate(out=tmp_path / "py", power={"idle": 95, "busy": 190}, carbon=300, failures=tmp_path / "f.csv",
                    failure_model={"mtbf": 200000, "repair_mean": 3600}, failures_options={"resubmit": False}, **kw)
    profile = {"name": "simulate", "platform": [{"name": "c", "processors": 32, "batch": "cbf"}], "seed": 2,
               "workload": {"generator": "lublin99", "options": {"jobs": 300, "processors": 32}},
               "power": {"idle": 95, "busy": 190}, "carbon": 300,
               "failures": {"trace": [str(tmp_path / "f.csv")], "model": {"mtbf": 200000, "repair_mean": 3600},
                            "resubmit": False}}
    p = gs.run(profile, out=tmp_path / "profile")
    same_files(r.folder, p.folder, ["jobs.csv", "availability.csv", "unavailable.csv", "energy.csv"])
    assert r.summary["failures"] >= 1 and r.summary["carbon_grams"] > 0


def test_dict_profile_and_default_temporary_folder(gs):
    r = gs.run({"platform": [{"name": "c", "processors": 64}], "batch": "fcfs", "seed": 1,
                "workload": {"generator": "lublin99", "options": {"jobs": 300, "processors": 64}},
                "output": "/tmp/gridsched-pytest-dict"}, force=True)
    assert r.summary["run"]["name"] == "python"
    assert r.jobs.shape[0] == 300
    assert not any(p.name.startswith(".gridsched-profile-") for p in Path.cwd().iterdir())
    s = gs.simulate(generator="lublin99", workload_options={"jobs": 200, "processors": 32}, platform="c:32")
    assert s.folder.is_dir() and s.summary["jobs"]["simulated"] == 200


def test_matrix_one_dataframe_and_same_as_cli(gs, tmp_path):
    profile = {
        "name": "pymatrix", "platform": [{"name": "c", "processors": 128}], "seed": 3,
        "workload": {"generator": "lublin99", "options": {"jobs": 500, "processors": 128}},
        "matrix": {"batch": ["fcfs", "easy", "cbf"], "seeds": [1, 2], "metrics": ["mean_wait", "utilization"]},
    }
    m = gs.run(profile, out=tmp_path / "py")
    assert isinstance(m, gs.MatrixResult)
    t = m.table
    assert len(t) == 6 and {"batch", "seed", "mean_wait", "utilization"} <= set(t.columns)
    assert sorted(t["batch"].unique()) == ["cbf", "easy", "fcfs"]
    (tmp_path / "p.json").write_text(json.dumps(profile))
    cli("run", str(tmp_path / "p.json"), "--out", str(tmp_path / "cli"), "--quiet")
    same_files(m.folder, tmp_path / "cli", ["matrix.csv", "tables.md"])
    assert len(m.runs) == 6


def test_plugins(gs):
    p = gs.plugins()
    batch = p[p.kind == "batch"]
    assert {"fcfs", "easy", "cbf", "kit-easy"} <= set(batch.name)
    assert "protected" in batch.set_index("name").loc["kit-easy", "parameters"]
    assert set(gs.plugins("batch").kind) == {"batch"}


def test_report(gs, tmp_path):
    r = gs.simulate(generator="lublin99", workload_options={"jobs": 200, "processors": 32}, platform="c:32",
                    out=tmp_path / "r")
    page = r.report(images=False)
    assert page.is_file() and page.stat().st_size > 10000


def test_clear_errors(gs, tmp_path):
    with pytest.raises(gs.GridschedError, match="nosuch"):
        gs.simulate(generator="lublin99", platform="c:32", batch="nosuch", out=tmp_path / "x")
    with pytest.raises(gs.GridschedError, match="no such run profile"):
        gs.run(tmp_path / "missing.json")


def _fresh(code, **env):
    e = dict(os.environ, PYTHONPATH=str(ROOT / "python"), **env)
    return subprocess.run([sys.executable, "-c", code], env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, cwd="/tmp", timeout=300)


def test_missing_build_is_named(tmp_path):
    # a checkout whose application is not built, where building is not allowed
    (tmp_path / "bin").mkdir()
    (tmp_path / "runconfigs").mkdir()
    for f in ("gridsched", "daemon-client.sh"):
        (tmp_path / "bin" / f).write_bytes((ROOT / "bin" / f).read_bytes())
        (tmp_path / "bin" / f).chmod(0o755)
    p = _fresh("import gridsched; gridsched.plugins()", GRIDSCHED_HOME=str(tmp_path), GRIDSCHED_NO_BUILD="1")
    assert p.returncode != 0 and "not built" in p.stderr, p.stderr


def test_missing_java_and_missing_checkout_are_named():
    p = _fresh("import gridsched; gridsched.plugins()", PATH="/nonexistent", JAVA_HOME="")
    assert p.returncode != 0 and "Java 17 or newer is needed" in p.stderr
    p = _fresh("import gridsched; gridsched.plugins()", GRIDSCHED_HOME="/tmp")
    assert p.returncode != 0 and "no gridsched checkout" in p.stderr


def test_dict_profile_runs_again_and_bad_dicts_leave_nothing(gs, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    d = {"platform": [{"name": "c", "processors": 32}], "batch": "fcfs", "seed": 1,
         "workload": {"generator": "lublin99", "options": {"jobs": 50, "processors": 32}}}
    first = gs.run(d, out=tmp_path / "o")
    again = gs.run(d, out=tmp_path / "o")  # the same dict is the same profile: no force needed
    assert first.jobs.equals(again.jobs)
    other = dict(d, seed=2)
    with pytest.raises(gs.GridschedError, match="already holds the results"):
        gs.run(other, out=tmp_path / "o")  # another profile: its results are not replaced without force
    with pytest.raises(gs.GridschedError, match="cannot be written as JSON"):
        gs.run(dict(d, seed={1, 2}), out=tmp_path / "p")
    # errors name the dict, not the temporary file the command read it from
    with pytest.raises(gs.GridschedError, match="^gridsched: error: the profile dict: batch: batch policy 'nosuch' is not available"):
        gs.run(dict(d, batch="nosuch"), out=tmp_path / "q")
    with pytest.raises(gs.GridschedError, match="^the profile dict: bogus: unknown key"):
        gs.run(dict(d, bogus=1), out=tmp_path / "q")
    assert not list(tmp_path.glob(".gridsched-profile-*")), "no profile file left behind"


def test_parameters_are_checked_not_converted(gs, tmp_path):
    kw = dict(generator="lublin99", workload_options={"jobs": 20, "processors": 16}, platform="c:16")
    for bad, match in [(dict(seed=2.5), "seed: expected a whole number, got 2.5"),
                       (dict(seed="7"), "seed: expected a whole number"),
                       (dict(batch_options=[("protected", 2)]), "batch_options: expected a dict"),
                       (dict(collectors=[]), "collectors: expected one or more plugin names"),
                       (dict(extra_args="--strict"), "extra_args: expected a list"),
                       (dict(strict="false"), "strict: expected True or False, got 'false'"),  # was turned on
                       (dict(kill="false"), "kill: expected True or False"),
                       (dict(reference="no"), "reference: expected True or False"),
                       (dict(platform=64), "platform: expected a text like 'c:256' or a list of clusters like .*, got 64")]:
        with pytest.raises(gs.GridschedError, match=match):
            gs.simulate(out=tmp_path / "x", **{**kw, **bad})
    with pytest.raises(gs.GridschedError, match="seed: expected a whole number"):
        gs.run(ROOT / "runconfigs" / "quickstart.json", out=tmp_path / "q", seed=1.9)
    with pytest.raises(gs.GridschedError, match="kind 'nope': one of"):
        gs.plugins("nope")
    with pytest.warns(gs.GridschedWarning, match="EASY gives no completion-time guarantee"):  # mct asks for estimates
        two = gs.simulate(generator="lublin99", workload_options={"jobs": 20, "processors": 16},
                          platform=["a:16", "b:8"], meta="mct", out=tmp_path / "two")
    assert two.summary["jobs"]["simulated"] == 20


def test_names_files_and_option_values_of_the_wrong_type_are_refused_naming_them(gs, tmp_path):
    # a number or None went to JPype ('TypeError: Unable to convert'), one cluster as a tuple to a TypeError of the
    # package, an option None was given to the plugin as the text 'None'
    kw = dict(workload_options={"jobs": 20, "processors": 16}, platform="c:16", out=tmp_path / "x")
    for bad, match in [(dict(generator=5), r"^generator: expected a non-empty text, got 5$"),
                       (dict(generator="lublin99", name=5), r"^name: expected a non-empty text, got 5$"),
                       (dict(workload=123), r"^workload: expected a file's path or a list of them, got 123$"),
                       (dict(generator="lublin99", failures=[None]), r"^failures: expected a file's path or a list"),
                       (dict(generator="lublin99", platform=("c", 16)), r"^platform: expected a text like 'c:256' or a "
                        r"list of clusters like \['a:128', \('b', 64, 1.5\)\], got \('c', 16\)$"),
                       (dict(generator="lublin99", batch="kit-easy", batch_options={"protected": None}),
                        r"^batch_options: protected: expected a value, got None")]:
        with pytest.raises(gs.GridschedError, match=match):
            gs.simulate(**{**kw, **bad})
    one = gs.simulate(generator="lublin99", workload_options={"jobs": 20, "processors": 16}, platform=[("c", 16)],
                      name="one", out=tmp_path / "one")
    assert one.summary["run"]["name"] == "one" and one.summary["run"]["platform"][0]["processors"] == 16


def test_what_a_run_warns_about_is_a_python_warning(gs, tmp_path):
    # --quiet silenced the run's warnings: a malformed trace line was skipped without a word
    lines = (ROOT / "python" / "tests" / "data" / "five.swf").read_text().splitlines()
    jobs = [i for i, line in enumerate(lines) if line.strip() and not line.startswith(";")]
    fields = lines[jobs[2]].split()
    fields[3] = "5x0"
    lines[jobs[2]] = " ".join(fields)
    bad = tmp_path / "bad.swf"
    bad.write_text("\n".join(lines) + "\n")
    where = rf"bad.swf:{jobs[2] + 1}: field 4 \(run time\): not a number: '5x0'"
    with pytest.warns(gs.GridschedWarning, match=rf"^simulate: 1 job\(s\) skipped .*the first: .*{where}") as said:
        r = gs.simulate(workload=bad, platform="c:4", out=tmp_path / "s")
    assert r.summary["jobs"]["skipped"] == 1 and len(said) == 1 and said[0].filename == __file__
    with pytest.warns(gs.GridschedWarning, match=where):
        gs.run({"platform": "c:4", "workload": {"file": str(bad)}}, out=tmp_path / "d")
    matrix = {"platform": "c:4", "workload": {"file": str(bad)}, "collectors": ["jobs"],
              "matrix": {"batch": ["fcfs", "easy"], "metrics": ["mean_wait"]}}
    with pytest.warns(gs.GridschedWarning, match=rf"1 job\(s\) skipped .* in each run that reads .*the first: .*{where}") as said:
        gs.run(matrix, out=tmp_path / "m")  # said once for the matrix, with its first line, not once per run
    assert len(said) == 1
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a run with nothing to say says nothing
        gs.simulate(workload=ROOT / "python" / "tests" / "data" / "five.swf", platform="c:4", out=tmp_path / "ok")


def test_errors_name_the_python_parameters_not_the_command_line_flags(gs, tmp_path):
    # 'add --force' is nothing a Python user can add; command() keeps the command line's words, as it takes them
    kw = dict(generator="lublin99", workload_options={"jobs": 20, "processors": 16}, platform="c:16")
    gs.simulate(out=tmp_path / "o", **kw)
    with pytest.raises(gs.GridschedError, match=r"already holds the results .*; choose an empty out, or pass "
                                                r"force=True to replace them$"):
        gs.run({"platform": "c:16", "workload": {"generator": "lublin99", "options": {"jobs": 20}}}, out=tmp_path / "o")
    swf = tmp_path / "w.swf"
    gs.generate(ROOT / "runconfigs" / "quickstart.json", swf)
    with pytest.raises(gs.GridschedError, match=r"w.swf: swf: already exists; pass force=True to replace it"):
        gs.generate(ROOT / "runconfigs" / "quickstart.json", swf)
    with pytest.raises(gs.GridschedError, match=r"--swf: already exists; add --force to replace it"):
        gs.command("generate", str(ROOT / "runconfigs" / "quickstart.json"), "--swf", str(swf))
    with pytest.raises(gs.GridschedError, match=r"^gridsched: error: platform: processor count 'x' of cluster 'c'"):
        gs.simulate(generator="lublin99", platform="c:x", out=tmp_path / "p")
    with pytest.raises(gs.GridschedError, match=r"^seed: expected a whole number from -2\*\*63 to 2\*\*63-1, got 1180591620717411303424$"):
        gs.simulate(seed=2 ** 70, out=tmp_path / "s", **kw)  # said '--seed needs a whole number ...'


def test_errors_read_as_python_errors(gs, tmp_path):
    with pytest.raises(gs.GridschedError) as e:
        gs.simulate(generator="lublin99", platform="c:32", batch="nosuch", out=tmp_path / "x")
    assert "--debug" not in str(e.value) and "gridsched help" not in str(e.value) and e.value.status == 1
    # a traceback names the class as the user catches it, not the private module (gridsched._runtime.GridschedError)
    import traceback
    assert traceback.format_exception_only(e.value)[-1].startswith("gridsched.GridschedError: gridsched: error: ")
    assert [c.__module__ for c in (gs.SetupError, gs.GridschedWarning)] == ["gridsched", "gridsched"]


def test_features_are_those_of_gridsched_features():
    code = "import gridsched; print(sorted(set(gridsched.plugins().kind)))"
    p = _fresh(code, GRIDSCHED_HOME=str(ROOT), GRIDSCHED_FEATURES="batch")
    assert p.returncode == 0, p.stderr
    assert "'batch'" in p.stdout and "'meta'" not in p.stdout and "'generator'" not in p.stdout, p.stdout
    p = _fresh("import gridsched\ntry:\n  gridsched.plugins()\nexcept gridsched.SetupError as e: print('first', e)\n"
               "try:\n  gridsched.plugins()\nexcept gridsched.SetupError as e: print('again', e)",
               GRIDSCHED_HOME=str(ROOT), GRIDSCHED_FEATURES="nosuch")
    assert "first GRIDSCHED_FEATURES=nosuch: " in p.stdout and "unknown feature 'nosuch'" in p.stdout, p.stdout + p.stderr
    assert "again GRIDSCHED_FEATURES=nosuch" in p.stdout, "the same error, not 'a JVM is already running'"


def test_ctrl_c_stops_an_in_process_run_and_writes_nothing(tmp_path):
    # Python sees Ctrl-C only between its own steps: a long run in one call into Java went on to its end (and JPype's
    # default outside an interactive shell halted the process). Now the run stops and KeyboardInterrupt is raised.
    out = tmp_path / "long"
    code = ("import gridsched, time\n"
            "gridsched.plugins()\n"
            "print('ready', flush=True)\n"
            "t0 = time.time()\n"
            "try:\n"
            f"    gridsched.simulate(generator='lublin99', workload_options={{'jobs': 3000000}}, platform='c:1024', batch='cbf',"
            f" out={str(out)!r})\n"
            "    print('finished', flush=True)\n"
            "except KeyboardInterrupt:\n"
            "    print('interrupted after %.1f s' % (time.time() - t0), flush=True)\n"
            "print('alive', gridsched.plugins().shape[0] > 0, flush=True)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"), GRIDSCHED_HOME=str(ROOT))
    p = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         cwd="/tmp")
    try:
        assert p.stdout.readline().strip() == "ready", p.stderr.read()
        deadline = time.time() + 120
        while not (out / ".gridsched.lock").exists():
            assert time.time() < deadline and p.poll() is None, "the run starts"
            time.sleep(0.05)
        time.sleep(2)
        signalled = time.time()
        p.send_signal(signal.SIGINT)
        stdout, stderr = p.communicate(timeout=60)
        took = time.time() - signalled
    finally:
        p.kill()
    assert "interrupted after" in stdout and "finished" not in stdout, stdout + stderr
    assert "alive True" in stdout, "the framework still answers after the cancelled run: " + stdout + stderr
    assert took < 10, f"stopped {took:.1f} s after Ctrl-C"
    assert not (out / "summary.json").exists() and not (out / "jobs.csv").exists(), "nothing written"


def test_a_command_after_chdir_writes_one_whole_folder(gs, tmp_path, monkeypatch):
    # after os.chdir the process's folder (relative file operations) and the JVM's user.dir (absolute paths) differed:
    # a matrix wrote part of its files in one and failed in the other, leaving a staging folder behind
    start = Path.cwd()
    other = tmp_path / "elsewhere"
    other.mkdir()
    profile = tmp_path / "m.json"
    profile.write_text(json.dumps({"name": "m", "platform": "c:16", "batch": "fcfs", "collectors": ["jobs"],
                                   "workload": {"generator": "lublin99", "options": {"jobs": 40, "processors": 16}},
                                   "matrix": {"batch": ["fcfs", "easy"], "seeds": [1, 2], "metrics": ["mean_wait"]}}))
    rel = os.path.relpath(tmp_path / "out-rel", start)
    monkeypatch.chdir(other)
    gs.command("run", str(profile), "--out", rel, "--quiet")
    assert (tmp_path / "out-rel" / "matrix.csv").is_file()  # relative to the starting folder, as documented
    assert not (tmp_path / "out-rel" / ".gridsched-partial").exists() and not (other / rel).exists()
    assert Path.cwd() == other  # the caller's folder is given back



def test_a_jobs_csv_value_that_is_no_number_is_named_by_file_line_and_column(gs, tmp_path):
    # pandas said only 'Unable to parse string "abc" at position 1'
    r = gs.simulate(workload=ROOT / "python" / "tests" / "data" / "five.swf", platform="c:4", out=tmp_path / "r")
    lines = (r.folder / "jobs.csv").read_text().splitlines()
    header = lines[0].split(",")
    row = lines[2].split(",")
    row[header.index("starting_time")] = "abc"
    lines[2] = ",".join(row)
    bad = tmp_path / "jobs.csv"
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(gs.GridschedError, match=r"jobs.csv:3: starting_time: expected a number, got 'abc'$"):
        gs.read_jobs(bad)
    row[header.index("starting_time")] = lines[1].split(",")[header.index("starting_time")]
    row[header.index("requested_number_of_resources")] = "2.5"
    lines[2] = ",".join(row)
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(gs.GridschedError, match=r"jobs.csv:3: requested_number_of_resources: expected a whole number, "
                                                r"got '2.5'$"):
        gs.read_jobs(bad)
    assert gs.read_jobs(r.folder / "jobs.csv").equals(r.jobs)


def test_dict_and_list_options_reach_the_plugin_as_in_a_profile(gs, tmp_path):
    # a dict option was passed on as JSON text, which the plugin refused ("expected a JSON object, got '{...}'"); the
    # jobs of lublin99 without users are under no user's limits, which the run says as a warning
    with pytest.warns(gs.GridschedWarning, match=r"limits.user do not apply to jobs with no user .*: 30 of this run's jobs"):
        r = gs.simulate(generator="lublin99", workload_options={"jobs": 30, "processors": 16}, platform="c:16",
                        batch="multifactor", batch_options={"limits": {"user": {"max_running": 1}}, "shares": {"3": 2}},
                        out=tmp_path / "limits")
    assert "exempt_from_user_limits" in json.dumps(r.summary)
