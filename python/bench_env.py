#!/usr/bin/env python3
"""Steps per second of gridsched's step-wise environment, side by side with RLScheduler's own Python environment
(HPCSimPickJobs.HPCEnv of DIR-LAB/deep-batch-scheduler) on the same trace and window, and a sanity check that
the environment is learnable.

    /usr/bin/python3 python/bench_env.py [--trace ../shared/data/lublin_256.swf] [--episodes 20]
                                         [--rlscheduler DIR]   # a checkout of DIR-LAB/deep-batch-scheduler
    /usr/bin/python3 python/bench_env.py --learn               # random search vs FCFS on held-out windows

Both environments play the same number of episodes of 256 jobs (RLScheduler's JOB_SEQUENCE_SIZE) with 128 jobs
shown (its MAX_QUEUE_SIZE), no backfilling (its default), always choosing the first job shown (FCFS). Rates are
given for step() calls alone and for whole episodes (reset included: RLScheduler's reset also schedules the window
with SJF and F1 for its reward baselines). RLScheduler's code is only imported from DIR, never copied; its
imports of TensorFlow and Gym (unused by the environment's stepping) are replaced by empty stand-ins when they are
not installed.
"""

import argparse
import sys
import time
import types
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gridsched.env import SchedulingEnv, fcfs, linear_policy  # noqa: E402

WINDOW, K = 256, 128


def ours(trace, episodes, core):
    env = SchedulingEnv(trace, window=WINDOW, k=K, core=core)
    env.reset(seed=0)
    steps, in_step, t0 = 0, 0.0, time.perf_counter()
    for ep in range(episodes):
        obs, info = env.reset(seed=ep + 1)
        done = False
        while not done:
            t = time.perf_counter()
            obs, r, done, _, info = env.step(0)
            in_step += time.perf_counter() - t
            steps += 1
    return steps, steps / in_step, steps / (time.perf_counter() - t0)


def _stand_ins():
    """Empty stand-ins for the modules HPCSimPickJobs imports but its environment does not use to step."""
    try:
        import tensorflow  # noqa: F401
    except ImportError:
        sys.modules["tensorflow"] = types.ModuleType("tensorflow")
    try:
        import gym  # noqa: F401
        return
    except ImportError:
        pass
    gym = types.ModuleType("gym")
    spaces = types.ModuleType("gym.spaces")
    utils = types.ModuleType("gym.utils")
    seeding = types.ModuleType("gym.utils.seeding")

    class Space:
        def __init__(self, *a, **kw):
            self.args = a

    gym.Env = object
    spaces.Box = spaces.Discrete = Space
    seeding.np_random = lambda seed=None: (np.random.RandomState(seed), seed)
    gym.spaces, gym.utils, utils.seeding = spaces, utils, seeding
    sys.modules.update({"gym": gym, "gym.spaces": spaces, "gym.utils": utils, "gym.utils.seeding": seeding})


def rlscheduler(directory, trace, episodes):
    _stand_ins()
    sys.path.insert(0, str(Path(directory).resolve()))
    from HPCSimPickJobs import HPCEnv  # noqa: E402  (RLScheduler's, from the given checkout)
    env = HPCEnv(backfil=False)
    env.seed(0)
    env.my_init(workload_file=str(Path(trace).resolve()))
    steps, in_step, t0 = 0, 0.0, time.perf_counter()
    for ep in range(episodes):
        env.reset()
        done = False
        while not done:
            t = time.perf_counter()
            r = env.step(0)
            in_step += time.perf_counter() - t
            steps += 1
            done = r[2]
    return steps, steps / in_step, steps / (time.perf_counter() - t0)


def learn(trace, candidates, train_windows, test_windows, seed):
    """Random search over a linear scoring of the job features; best on training windows vs FCFS on held-out ones."""
    env = SchedulingEnv(trace, window=WINDOW, k=K)
    n = len(env.jobs["id"])
    split = int(n * 0.7)
    rng = np.random.default_rng(seed)
    train = rng.integers(0, split - WINDOW, train_windows)
    test = rng.integers(split, n - WINDOW + 1, test_windows)

    def score(policy, starts):
        return float(np.mean([-env.run_episode(policy, start=int(s))[0] for s in starts]))

    best_w, best = None, score(fcfs, train)
    print(f"training windows: FCFS mean bounded slowdown {best:.2f}")
    t = time.perf_counter()
    for c in range(candidates):
        w = rng.normal(size=4)
        s = score(linear_policy(w, K), train)
        if s < best:
            best_w, best = w, s
            print(f"  candidate {c}: weights {np.round(w, 3)} -> {s:.2f}")
    print(f"search: {candidates} candidates x {train_windows} windows in {time.perf_counter() - t:.1f} s")
    f = score(fcfs, test)
    learned = score(linear_policy(best_w, K), test) if best_w is not None else f
    print(f"held-out windows ({test_windows}, last 30 % of the trace): mean bounded slowdown FCFS {f:.2f}, "
          f"learned linear scoring {learned:.2f}")
    return f, learned


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trace", default=str(Path(__file__).resolve().parents[2] / "shared" / "data" / "lublin_256.swf"))
    ap.add_argument("--episodes", type=int, default=20)
    ap.add_argument("--rlscheduler", help="a checkout of DIR-LAB/deep-batch-scheduler")
    ap.add_argument("--learn", action="store_true", help="the learnability check instead of the throughput")
    ap.add_argument("--candidates", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not Path(args.trace).is_file():
        sys.exit(f"{args.trace}: no such trace (see README, A short tour: ../shared/data)")
    if args.learn:
        learn(args.trace, args.candidates, 10, 30, args.seed)
        return
    print(f"{args.trace}: {args.episodes} episodes of {WINDOW} jobs, {K} shown, FCFS choices, no backfilling")
    print(f"{'environment':<34} {'steps':>7} {'steps/s in step()':>18} {'steps/s with reset':>19}")
    rows = [("gridsched fast core (StepCore)", ours(args.trace, args.episodes, "fast")),
            ("gridsched engine core (thread)", ours(args.trace, args.episodes, "engine"))]
    if args.rlscheduler:
        rows.append(("RLScheduler HPCEnv", rlscheduler(args.rlscheduler, args.trace, args.episodes)))
    for name, (steps, a, b) in rows:
        print(f"{name:<34} {steps:7d} {a:18.0f} {b:19.0f}")
    if args.rlscheduler:
        print(f"ratio fast core / RLScheduler: {rows[0][1][1] / rows[-1][1][1]:.1f}x in step(), "
              f"{rows[0][1][2] / rows[-1][1][2]:.1f}x with reset")


if __name__ == "__main__":
    main()
