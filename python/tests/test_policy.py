"""Batch policies written in Python, run by the Java engine through JPype proxies."""
import pytest

from conftest import ROOT


def test_python_order_gives_the_built_in_starts(gs, tmp_path):
    # submission order under the kit's EASY rule is kit-easy, job for job
    gs.register_order("py-fifo", lambda job, now: 0, rule="easy")
    try:
        kw = dict(generator="lublin99", workload_options={"jobs": 2000, "processors": 128}, platform="c:128", seed=4)
        py = gs.simulate(batch="py-fifo", out=tmp_path / "py", **kw)
        java = gs.simulate(batch="kit-easy", out=tmp_path / "java", **kw)
        assert py.jobs["starting_time"].equals(java.jobs["starting_time"])
        p = gs.plugins("batch").set_index("name")
        assert p.loc["py-fifo", "bundle"] == "python"
    finally:
        gs.unregister("py-fifo")
    assert "py-fifo" not in set(gs.plugins("batch").name)


def test_smallest_area_first_from_python_orders_the_queue(gs, tmp_path):
    calls = []

    def area(job, now):
        calls.append(job.id())
        return job.processors() * job.requestedTime()

    gs.register_order("py-saf", area, rule="fcfs")
    try:
        r = gs.simulate(generator="lublin99", workload_options={"jobs": 500, "processors": 64}, platform="c:64",
                        batch="py-saf", seed=2, out=tmp_path / "saf")
    finally:
        gs.unregister("py-saf")
    assert len(calls) == 500  # a fixed key: computed once per job, when it arrives
    j = r.jobs
    # head only: whenever a job starts, no job waiting since before then has a smaller area (ties: earlier first)
    area_ = j.requested_number_of_resources * j.requested_time
    for row in j.itertuples():
        waiting = j[(j.submission_time < row.starting_time) & (j.starting_time > row.starting_time)]
        assert not (area_[waiting.index] < row.requested_number_of_resources * row.requested_time).any()


def test_recalculated_order_and_options_and_errors(gs, tmp_path):
    seen = set()

    def age(job, now):
        seen.add(now)
        return -(now - job.submitTime())

    gs.register_order("py-age", age, rule="easy", recalculate_every=3600)
    try:
        gs.simulate(generator="lublin99", workload_options={"jobs": 300, "processors": 64}, platform="c:64",
                    batch="py-age", batch_options={"protected": 2}, out=tmp_path / "age")
        with pytest.raises(gs.GridschedError, match="bogus"):
            gs.simulate(generator="lublin99", workload_options={"jobs": 30}, platform="c:64", batch="py-age",
                        batch_options={"bogus": 1}, out=tmp_path / "bad")
    finally:
        gs.unregister("py-age")
    assert len(seen) > 10
    with pytest.raises(gs.GridschedError, match="exists already"):
        gs.register_order("easy", lambda j, n: 0)
    with pytest.raises(gs.GridschedError, match="rule"):
        gs.register_order("py-x", lambda j, n: 0, rule="nope")

    def broken(job, now):
        raise ValueError("my key is broken")

    gs.register_order("py-broken", broken)
    try:
        with pytest.raises(gs.GridschedError, match="my key is broken"):
            gs.simulate(generator="lublin99", workload_options={"jobs": 30}, platform="c:64", batch="py-broken",
                        out=tmp_path / "broken")
    finally:
        gs.unregister("py-broken")


def test_keys_must_be_numbers_and_names_usable(gs, tmp_path):
    gs.register_order("py-text", lambda job, now: "3")
    try:
        with pytest.raises(gs.GridschedError, match=r"returned '3', not a number") as e:
            gs.simulate(generator="lublin99", workload_options={"jobs": 30}, platform="c:64", batch="py-text",
                        out=tmp_path / "t")
        assert "java.lang" not in str(e.value)
    finally:
        gs.unregister("py-text")
    gs.register_order("py-huge", lambda job, now: 10 ** 400)  # beyond a double: said, not a proxy's class name
    try:
        with pytest.raises(gs.GridschedError, match=r"py-huge'?: key\(job \d+, now=.*\) returned a number too large") as e:
            gs.simulate(generator="lublin99", workload_options={"jobs": 30}, platform="c:64", batch="py-huge",
                        out=tmp_path / "h")
        assert "jpype" not in str(e.value).lower()
    finally:
        gs.unregister("py-huge")
    for name in ("", "a,b", "my policy", 3):
        with pytest.raises(gs.GridschedError, match="a policy's name is a non-empty text"):
            gs.register_order(name, lambda job, now: 0)
    with pytest.raises(gs.GridschedError, match="recalculate_every: expected a positive number"):
        gs.register_order("py-r", lambda job, now: 0, recalculate_every="600")


def test_keyboard_interrupt_in_a_key_stops_the_run_and_is_raised(gs, tmp_path):
    def stop(job, now):
        raise KeyboardInterrupt

    gs.register_order("py-stop", stop)
    try:
        with pytest.raises(KeyboardInterrupt):
            gs.simulate(generator="lublin99", workload_options={"jobs": 30}, platform="c:64", batch="py-stop",
                        out=tmp_path / "s")
        # the next command runs as usual
        assert gs.simulate(generator="lublin99", workload_options={"jobs": 30}, platform="c:64",
                           out=tmp_path / "after").summary["jobs"]["simulated"] == 30
    finally:
        gs.unregister("py-stop")


def test_a_key_calling_gridsched_in_a_matrix_is_an_error_not_a_hang(tmp_path):
    # in a process of its own, with a time limit: the failure this guards against is a hang
    import os
    import subprocess
    import sys
    code = f"""
import gridsched
def key(j, n):
    gridsched.plugins()
    return j.processors()
gridsched.register_order("pmat", key)
profile = {{"name": "pm", "platform": [{{"name": "c", "processors": 64}}],
           "workload": {{"generator": "lublin99", "options": {{"jobs": 200, "processors": 64}}}},
           "matrix": {{"batch": ["easy", "pmat"], "seeds": [1, 2], "metrics": ["mean_wait"]}}}}
try:
    gridsched.run(profile, out={str(tmp_path / "pm")!r})
except gridsched.GridschedError as e:
    print("error:", e)
"""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"), GRIDSCHED_HOME=str(ROOT))
    p = subprocess.run([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=240, cwd=str(tmp_path))
    assert "called gridsched while the command that runs the policy holds it" in p.stdout, p.stdout + p.stderr


def test_a_key_calling_gridsched_in_a_single_run_is_the_same_error(gs, tmp_path):
    # docs/python.md said a key may call gridsched in a single run (on the caller's thread), and the error spoke of a
    # matrix's threads: every run goes on on a Java thread of its own since Ctrl-C stops runs
    def key(job, now):
        gs.plugins()
        return 0

    gs.register_order("py-calls", key)
    try:
        with pytest.raises(gs.GridschedError, match=r"py-calls'?: key\(job \d+, now=.*\) raised GridschedError: a Python "
                           r"policy's key called gridsched while the command that runs the policy holds it \(the run "
                           r"goes on on a thread of its own") as e:
            gs.simulate(generator="lublin99", workload_options={"jobs": 30}, platform="c:64", batch="py-calls",
                        out=tmp_path / "c")
        assert "matrix" not in str(e.value)
    finally:
        gs.unregister("py-calls")
