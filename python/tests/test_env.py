"""The step-wise environment: steps by hand on a 5-job trace, termination, determinism, both cores alike."""
import numpy as np
import pytest

from conftest import ROOT

FIVE = str(ROOT / "python" / "tests" / "data" / "five.swf")


@pytest.fixture(scope="module", params=["fast", "engine"])
def core(request, gs):
    return request.param


def play(env, actions=None, **reset):
    obs, info = env.reset(**reset)
    steps, seen = 0, [(obs, info)]
    while True:
        a = 0 if actions is None else actions[steps]
        obs, reward, terminated, truncated, info = env.step(a)
        steps += 1
        assert not truncated
        if terminated:
            return steps, reward, seen
        seen.append((obs, info))


def test_fcfs_by_hand(core):
    from gridsched.env import SchedulingEnv
    env = SchedulingEnv(FIVE, window=5, k=3, core=core)
    assert env.processors == 4 and env.observation_space.shape == (17,) and env.action_space.n == 3
    steps, reward, seen = play(env, options={"start": 0})
    # decisions at t = 0 (job 1), 10 (job 2 chosen, waits for job 1), 100 (3, 4, 5 waiting), 150 (4, 5), 150 (5)
    assert [i["time"] for _, i in seen] == [0, 10, 100, 150, 150]
    assert [i["waiting"] for _, i in seen] == [1, 1, 3, 2, 1]
    obs, info = seen[1]
    np.testing.assert_allclose(obs[:5], [0, 50 / 300, 1.0, 0, 1], rtol=1e-6)
    np.testing.assert_allclose(obs[15:], [0.5, 1 / 3], rtol=1e-6)
    assert list(info["action_mask"]) == [True, False, False]
    jobs = env.episode_jobs()
    assert list(jobs.start) == [0, 100, 150, 150, 160]
    assert list(jobs.finish) == [100, 150, 160, 350, 180]
    assert reward == pytest.approx(-(1 + 2.8 + 14 + 1.6 + 7) / 5)
    assert steps == 5
    with pytest.raises(Exception, match="ended"):
        env.step(0)


def test_easy_by_hand(core):
    from gridsched.env import SchedulingEnv
    env = SchedulingEnv(FIVE, window=5, k=3, backfill=True, core=core)
    steps, reward, seen = play(env, options={"start": 0})
    assert [i["time"] for _, i in seen] == [0, 10, 100]
    assert list(env.episode_jobs().start) == [0, 100, 20, 150, 40]
    assert reward == pytest.approx(-(1 + 2.8 + 1 + 1.6 + 1) / 5)


def test_other_rewards_and_choice(core):
    from gridsched.env import SchedulingEnv
    env = SchedulingEnv(FIVE, window=5, k=3, reward="wait", core=core)
    # at t = 100 choose the third shown job (5) instead of the first (3)
    steps, reward, _ = play(env, actions=[0, 0, 2, 0, 0, 0], options={"start": 0})
    start = list(env.episode_jobs().start)
    assert start[4] == 150 and reward == pytest.approx(-np.mean(np.array(start) - [0, 10, 20, 30, 40]) / 3600)
    env = SchedulingEnv(FIVE, window=5, k=3, reward="utilization", core=core)
    _, reward, _ = play(env, options={"start": 0})
    assert reward == pytest.approx((100 * 2 + 50 * 4 + 10 + 200 * 2 + 20 * 2) / (4 * 350))


def test_seeded_windows_are_deterministic_and_cores_agree(gs, tmp_path):
    from gridsched.env import SchedulingEnv
    trace = tmp_path / "lublin-20k.swf"
    gs.generate(ROOT / "runconfigs" / "bench-startup-20k.json", trace)
    runs = {}
    for core in ("fast", "engine"):
        for backfill in (False, True):
            env = SchedulingEnv(str(trace), window=200, k=16, backfill=backfill, core=core)
            rng = np.random.default_rng(7)
            out = []
            for ep in range(3):
                obs, info = env.reset(seed=11 if ep == 0 else None)
                trail, done = [obs.copy()], False
                while not done:
                    a = int(rng.integers(16))
                    obs, r, done, _, info = env.step(a)
                    trail.append(obs.copy())
                out.append((info["window_start"], r, np.array(trail), env.episode_jobs()[["start", "finish"]].to_numpy()))
            runs[core, backfill] = out
    for backfill in (False, True):
        for (s1, r1, o1, j1), (s2, r2, o2, j2) in zip(runs["fast", backfill], runs["engine", backfill]):
            assert s1 == s2 and r1 == r2
            np.testing.assert_array_equal(o1, o2)
            np.testing.assert_array_equal(j1, j2)
    # the same seed gives the same windows and episodes
    env = SchedulingEnv(str(trace), window=200, k=16)
    a = [env.reset(seed=11)[1]["window_start"] for _ in range(1)] + [env.reset()[1]["window_start"] for _ in range(2)]
    assert a == [s for s, *_ in runs["fast", False]]


def test_generator_workload_and_errors(gs):
    from gridsched.env import SchedulingEnv
    env = SchedulingEnv(generator="lublin99", workload_options={"jobs": 300}, processors=64, window=50, k=8)
    steps, reward, _ = play(env, seed=3)
    assert steps >= 1 and reward < 0
    with pytest.raises(gs.GridschedError, match="window"):
        SchedulingEnv(FIVE, window=6)
    with pytest.raises(gs.GridschedError, match="reset"):
        SchedulingEnv(FIVE, window=5, k=3).step(0)


def test_learnable_random_search_beats_fcfs_on_held_out_windows(gs, tmp_path):
    """The sanity check of python/bench_env.py --learn, small: a linear scoring found by random search on training
    windows has a lower mean bounded slowdown than FCFS on windows it never saw."""
    from gridsched.env import SchedulingEnv, fcfs, linear_policy
    trace = tmp_path / "w.swf"
    gs.generate(ROOT / "runconfigs" / "bench-startup-20k.json", trace)
    env = SchedulingEnv(str(trace), window=128, k=32)
    rng = np.random.default_rng(5)
    train, test = rng.integers(0, 12000, 5), rng.integers(14000, 19800, 10)

    def bsld(policy, starts):
        return float(np.mean([-env.run_episode(policy, start=int(s))[0] for s in starts]))

    best_w, best = None, bsld(fcfs, train)
    for _ in range(20):
        w = rng.normal(size=4)
        s = bsld(linear_policy(w, 32), train)
        if s < best:
            best_w, best = w, s
    assert best_w is not None
    assert bsld(linear_policy(best_w, 32), test) < bsld(fcfs, test)


def test_submit_times_going_back_are_raised_as_the_engine_reads_them(core, tmp_path):
    from gridsched.env import SchedulingEnv
    lines = (ROOT / "python" / "tests" / "data" / "five.swf").read_text().splitlines()
    jobs = [l for l in lines if l.strip() and not l.startswith(";")]
    f = jobs[3].split()
    f[1] = "5"  # job 4 submitted before job 3 (and 2)
    jobs[3] = " ".join(f)
    bad = tmp_path / "back.swf"
    bad.write_text("\n".join([l for l in lines if l.startswith(";")] + jobs) + "\n")
    with pytest.warns(UserWarning, match="1 submit times raised"):
        env = SchedulingEnv(str(bad), window=5, k=3, core=core)
    assert env.repairs["submit_times_raised"] == 1
    play(env, options={"start": 0})
    submits = list(env.episode_jobs().submit)
    assert submits == sorted(submits) and min(submits) == 0


def test_bad_input_is_refused_naming_it(core, tmp_path):
    from gridsched import GridschedError
    from gridsched.env import SchedulingEnv
    bad = tmp_path / "bad.swf"
    bad.write_text("1 0 -1 10 1 -1 -1 1 x 0 1 1 1 1 1 -1 -1 -1\n")
    with pytest.raises(GridschedError, match=r"bad.swf:1: requested_time: expected a number, got 'x'"):
        SchedulingEnv(str(bad), window=1, k=1, core=core)
    for kwargs, match in [(dict(window=0), "window: expected a whole number of at least 1"),
                          (dict(k=2.5), "k: expected a whole number"), (dict(processors=0), "processors: expected"),
                          (dict(bsld_threshold=-1), "bsld_threshold: expected a positive number"),
                          (dict(max_wait=float("nan")), "max_wait: expected a positive number")]:
        with pytest.raises(GridschedError, match=match):
            SchedulingEnv(FIVE, **{"window": 5, "k": 3, "core": core, **kwargs})
    env = SchedulingEnv(FIVE, window=5, k=3, core=core, reward=lambda jobs: float("nan"))
    env.reset(options={"start": 0})
    with pytest.raises(GridschedError, match="has not ended"):
        env.episode_jobs()
    for action in (1.7, -1, 3, 2 ** 40, True, "0"):
        with pytest.raises(GridschedError, match=r"must be a whole number in \[0, 3\)"):
            env.step(action)
    with pytest.raises(GridschedError, match="must be a whole number"):
        env.reset(options={"start": 0.5})
    with pytest.raises(GridschedError, match=r"options: unknown key\(s\) 'strat'; the only option is 'start'"):
        env.reset(options={"strat": 0})  # picked a random window without a word
    with pytest.raises(GridschedError, match="seed '3': expected a whole number"):
        env.reset(seed="3")
    env.reset(options={"start": 0})
    with pytest.raises(GridschedError, match="returned nan; it must return a finite number"):
        for _ in range(5):
            env.step(np.int64(0))
    env.close()
    with pytest.raises(GridschedError, match=r"call reset\(\) before step\(\)"):
        env.step(0)  # the engine core raised Java's IllegalStateException


def test_arguments_of_the_wrong_type_are_refused_naming_them(gs):
    from gridsched import GridschedError
    from gridsched.env import SchedulingEnv
    # a number was opened as a file descriptor: SchedulingEnv(5) read descriptor 5 as a trace, then closed it
    with pytest.raises(GridschedError, match=r"^workload: expected an SWF trace's path, got 5$"):
        SchedulingEnv(5)
    with pytest.raises(GridschedError, match=r"^generator: expected a workload generator's name such as 'lublin99', got 5$"):
        SchedulingEnv(generator=5)  # named the temporary profile the environment writes
    with pytest.raises(GridschedError, match=r"^backfill: expected True or False, got 'no'$"):
        SchedulingEnv(FIVE, window=5, k=3, backfill="no")  # was a true value: backfilling on
    env = SchedulingEnv(FIVE, window=5, k=3, backfill=np.bool_(False))
    with pytest.raises(GridschedError, match=r"^seed -1: expected a whole number of at least 0"):
        env.reset(seed=-1)  # numpy's ValueError 'expected non-negative integer'
    with pytest.raises(GridschedError, match=r"^options: expected a dict such as \{'start': 0\}"):
        env.reset(options=[1])  # said 'unknown key(s) 1'
    assert env.reset(seed=0, options={"start": 0})[1]["window_start"] == 0


def test_whole_numbers_written_with_a_fraction_are_read_as_the_engine_reads_them(gs, tmp_path):
    # gridsched's SWF reader takes "2.0" processors and job "1.0"; the environment refused the trace
    from gridsched import GridschedError
    from gridsched.env import SchedulingEnv
    f = tmp_path / "point-zero.swf"
    f.write_text("; MaxProcs: 4\n1.0 0 -1 100 2.0 -1 -1 2.0 300 -1 1 1 1 1 1 -1 -1 -1\n"
                 "2 10 -1 50 4 -1 -1 4.0 300 -1 1 1 1 1 1 -1 -1 -1\n")
    env = SchedulingEnv(str(f), window=2, k=2)
    assert list(env.jobs["id"]) == [1, 2] and list(env.jobs["procs"]) == [2, 4]
    r = gs.simulate(workload=f, platform="c:4", batch="fcfs", out=tmp_path / "gs")
    assert list(r.jobs["requested_number_of_resources"]) == [2, 4]
    f.write_text("1 0 -1 100 2.5 -1 -1 2.5 300 -1 1 1 1 1 1 -1 -1 -1\n")
    with pytest.raises(GridschedError, match=r"point-zero.swf:1: allocated_processors: expected a whole number, got '2.5'"):
        SchedulingEnv(str(f), window=1, k=1)


def test_an_engine_environment_dropped_mid_episode_ends_its_thread(gs):
    # a notebook cell making the environment, run again and again, left one engine thread per run (never closed)
    import gc
    import time
    from gridsched.env import SchedulingEnv
    Thread = gs._runtime.runtime().jpype.JClass("java.lang.Thread")

    def engines():
        return sum(1 for t in Thread.getAllStackTraces().keySet() if str(t.getName()) == "gridsched-step-environment")

    gc.collect()
    before = engines()
    for seed in range(5):
        env = SchedulingEnv(FIVE, window=5, k=3, core="engine")
        env.reset(seed=seed)
        env.step(0)  # mid-episode: the engine thread waits for the next step
    del env
    gc.collect()
    deadline = time.time() + 10
    while engines() > before and time.time() < deadline:
        time.sleep(0.05)
    assert engines() == before


def test_a_generated_workload_leaves_no_file_and_is_named_by_its_generator(gs, tmp_path, monkeypatch):
    # each environment left its generated trace in a temporary folder, and messages named that file
    import tempfile
    from gridsched import GridschedError
    from gridsched.env import SchedulingEnv
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    env = SchedulingEnv(generator="lublin99", workload_options={"jobs": 60}, processors=32, window=20, k=4)
    assert env.workload == "the workload of generator 'lublin99' (workload_seed 1)" and len(env.jobs["id"]) == 60
    with pytest.raises(GridschedError, match=r"^the workload of generator 'lublin99' \(workload_seed 3\): 40 usable jobs, "
                                             r"fewer than the window of 50$"):
        SchedulingEnv(generator="lublin99", workload_options={"jobs": 40}, processors=32, window=50, workload_seed=3)
    assert list(tmp_path.iterdir()) == []


def test_the_trace_is_left_out_as_gridsched_leaves_it_out(gs, tmp_path):
    # gridsched's SWF reader leaves out a job with a negative submit time or a negative or repeated job number; the
    # environment kept them, and learned on jobs the engine never runs
    from gridsched.env import SchedulingEnv
    line = "{id} {submit} -1 100 {alloc} -1 -1 {req} 300 -1 1 1 1 1 1 -1 -1 -1"
    jobs = [dict(id=1, submit=0, alloc=2, req=2), dict(id=2, submit=-5, alloc=2, req=2),
            dict(id=3, submit=10, alloc=2, req=2), dict(id=3, submit=20, alloc=1, req=1),
            dict(id=-4, submit=30, alloc=2, req=2), dict(id=5, submit=40, alloc=2, req=0),
            dict(id=6, submit=50, alloc=3, req=-1), dict(id=7, submit=60, alloc=4, req=4)]
    trace = tmp_path / "odd.swf"
    trace.write_text("; MaxProcs: 4\n" + "\n".join(line.format(**j) for j in jobs) + "\n")
    with pytest.warns(UserWarning, match="3 impossible jobs left out"):
        env = SchedulingEnv(str(trace), window=4, k=2)
    with pytest.warns(gs.GridschedWarning, match=r"3 job\(s\) skipped"):
        ran = gs.simulate(workload=trace, platform="c:4", batch="fcfs", out=tmp_path / "gs")
    assert list(env.jobs["id"]) == list(ran.jobs["job_id"]) == [1, 3, 5, 6, 7]
    assert list(env.jobs["procs"]) == list(ran.jobs["requested_number_of_resources"]) == [2, 2, 2, 3, 4]
