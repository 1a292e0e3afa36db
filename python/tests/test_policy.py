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
