"""A step-wise environment for learning schedulers, on the Java engine (Gymnasium API, Gymnasium optional).

    from gridsched.env import SchedulingEnv
    env = SchedulingEnv("../shared/data/lublin_256.swf", window=256, k=128, backfill=False)
    obs, info = env.reset(seed=0)
    while True:
        obs, reward, terminated, truncated, info = env.step(0)      # 0: the first waiting job (FCFS)
        if terminated:
            break

At each decision point the agent picks which of the first K waiting jobs (submission order) starts next; the
chosen job starts as soon as it fits, and with backfill=True other jobs start meanwhile when they do not delay it
(EASY, as RLScheduler's backfilling option). Each episode is a window of `window` consecutive jobs of the
workload (an SWF trace, or a generator's jobs), chosen at random by the seeded generator of reset() or given as
reset(options={"start": i}); its submit times start at 0. core="engine" runs gridsched's engine itself, in this
process on a thread of its own (org.gridsched.launcher.python.StepEnvironment), stopping at each decision point;
core="fast" (the default) runs the same decisions in a single-cluster event loop in the caller's thread
(org.gridsched.launcher.python.StepCore), with no thread handoff per step: the tests check that both give the same
observations and job times for the same actions.

Observation: a float32 vector of K rows x 5 job features (wait / max_wait capped at 1, requested time / the
workload's largest, processors / cluster processors, fits now, 1 for a job and 0 for an empty row), then 2
cluster features (free processors share, waiting jobs / K capped at 1); `info["action_mask"]` marks the rows
holding jobs. An action beyond the jobs shown picks the last one shown. Reward: 0 until the end, then
-mean bounded slowdown (reward="bsld", threshold 10 s), -mean wait in hours ("wait"), utilization over the
episode ("utilization"), or reward(times) for a callable given a DataFrame of the episode's jobs.
"""

from __future__ import annotations

import math
import os
import tempfile
from pathlib import Path

import numpy as np

from ._runtime import GridschedError, is_number, is_whole, runtime

JOB_FEATURES = 5
CLUSTER_FEATURES = 2

try:  # subclass gymnasium.Env when it is installed; work without it otherwise
    import gymnasium as _gym
    from gymnasium import spaces as _spaces
    _Base = _gym.Env
except ImportError:  # pragma: no cover - depends on the machine
    _gym = None
    _spaces = None
    _Base = object


class Discrete:
    """gymnasium.spaces.Discrete's essentials (used when Gymnasium is not installed)."""

    def __init__(self, n: int, seed=None):
        self.n = int(n)
        self.shape = ()
        self.dtype = np.int64
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self, mask=None):
        if mask is not None:
            return int(self._rng.choice(np.flatnonzero(mask)))
        return int(self._rng.integers(self.n))

    def contains(self, x) -> bool:
        return isinstance(x, (int, np.integer)) and 0 <= x < self.n

    def __repr__(self):
        return f"Discrete({self.n})"


class Box:
    """gymnasium.spaces.Box's essentials (used when Gymnasium is not installed)."""

    def __init__(self, low, high, shape, dtype=np.float32, seed=None):
        self.low = np.full(shape, low, dtype=dtype)
        self.high = np.full(shape, high, dtype=dtype)
        self.shape = tuple(shape)
        self.dtype = dtype
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self):
        return self._rng.uniform(self.low, self.high).astype(self.dtype)

    def contains(self, x) -> bool:
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all(x >= self.low) and np.all(x <= self.high))

    def __repr__(self):
        return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {np.dtype(self.dtype).name})"


_MAX_WHOLE = 9e15  # the largest job number gridsched's SWF reader takes (doubles are exact up to 2^53)


def read_swf(path, repairs: dict | None = None):
    """An SWF trace's jobs as arrays (id, submit, runtime, requested time, processors) and its MaxProcs (or None).

    Processors: the requested number, else the allocated one; requested time: the requested, else the runtime.
    As gridsched's SWF reader: jobs without a positive runtime, requested time or processor count, with a
    negative submit time or job number, or a job number an earlier line had are left out, and a submit time earlier
    than the one before it is raised to it (the engine runs jobs in submission order).
    What was left out or raised is counted in `repairs` when a dict is given. A malformed line is an error naming
    the file, line and field."""
    import gzip
    opener = gzip.open if str(path).endswith(".gz") else open
    rows, max_procs = [], None
    impossible = raised = 0
    ids = set()
    last_submit = -math.inf
    fields = (("job_id", 0, int), ("submit_time", 1, float), ("run_time", 3, float), ("allocated_processors", 4, int),
              ("requested_processors", 7, int), ("requested_time", 8, float))
    try:
        with opener(path, "rt", encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                s = line.strip()
                if not s:
                    continue
                if s.startswith(";"):
                    key, _, value = s[1:].partition(":")
                    if key.strip() in ("MaxProcs", "MaxNodes") and max_procs is None:
                        try:
                            max_procs = int(value.split()[0])
                        except (ValueError, IndexError):
                            pass
                    continue
                v = s.split()
                if len(v) < 9:
                    raise GridschedError(f"{path}:{number}: has {len(v)} fields, an SWF job line has 18 (at least 9 read)")
                parsed = {}
                for name, i, kind in fields:
                    try:
                        x = float(v[i])
                    except ValueError:
                        x = None
                    if kind is int and x is not None and math.isfinite(x) and x == math.floor(x) and abs(x) <= _MAX_WHOLE:
                        x = int(x)  # "2.0" as gridsched's SWF reader takes it (the environment refused such a trace)
                    elif kind is int or x is None:
                        raise GridschedError(f"{path}:{number}: {name}: expected "
                                             f"{'a whole number' if kind is int else 'a number'}, got '{v[i]}'")
                    elif not math.isfinite(x):
                        raise GridschedError(f"{path}:{number}: {name}: expected a finite number, got '{v[i]}'")
                    parsed[name] = x
                procs = parsed["requested_processors"] if parsed["requested_processors"] > 0 else parsed["allocated_processors"]
                runtime_ = parsed["run_time"]
                requested = parsed["requested_time"] if parsed["requested_time"] > 0 else runtime_
                submit = parsed["submit_time"]
                job_id = parsed["job_id"]
                # what gridsched's SWF reader leaves out (a negative or repeated job number, a negative submit time)
                # or the engine rejects as impossible; the environment kept the first three
                if job_id < 0 or job_id in ids or submit < 0 or runtime_ <= 0 or procs <= 0 or requested <= 0:
                    impossible += 1
                    continue
                ids.add(job_id)
                if submit < last_submit:
                    submit = last_submit
                    raised += 1
                last_submit = submit
                rows.append((job_id, submit, runtime_, requested, procs))
    except OSError as e:
        raise GridschedError(f"{path}: cannot read the trace: {e.strerror or e}") from None
    if repairs is not None:
        repairs["impossible_jobs_left_out"] = impossible
        repairs["submit_times_raised"] = raised
    if not rows:
        raise GridschedError(f"{path}: no usable job ({impossible} without a positive runtime, requested time or "
                             "processor count, or with a negative submit time or job number, or a repeated one)")
    a = np.array(rows, dtype=np.float64)
    return {"id": a[:, 0].astype(np.int64), "submit": a[:, 1], "runtime": a[:, 2], "requested": a[:, 3],
            "procs": a[:, 4].astype(np.int32)}, max_procs


class SchedulingEnv(_Base):
    """See the module's description. `workload`: an SWF trace; or `generator` (e.g. "lublin99") with
    `workload_options`, whose jobs gridsched generates once (seeded by `workload_seed`)."""

    metadata = {"render_modes": []}

    def __init__(self, workload=None, *, generator: str | None = None, workload_options: dict | None = None,
                 workload_seed: int = 1, processors: int | None = None, window: int = 256, k: int = 128,
                 backfill: bool = False, reward="bsld", bsld_threshold: float = 10.0, max_wait: float = 43200.0,
                 core: str = "fast"):
        if (workload is None) == (generator is None):
            raise GridschedError("give either workload (an SWF trace) or generator")
        # a number was opened as a file descriptor (SchedulingEnv(5) read, then closed, descriptor 5)
        if workload is not None and not isinstance(workload, (str, os.PathLike)):
            raise GridschedError(f"workload: expected an SWF trace's path, got {workload!r}")
        if generator is not None and not (isinstance(generator, str) and generator):
            raise GridschedError(f"generator: expected a workload generator's name such as 'lublin99', got {generator!r}")
        if not isinstance(backfill, (bool, np.bool_)):  # "no" was a true value: backfilling turned on
            raise GridschedError(f"backfill: expected True or False, got {backfill!r}")
        if processors is not None:
            _whole("processors", processors, 1)
        _whole("window", window, 1)
        _whole("k", k, 1)
        _whole("workload_seed", workload_seed, None)
        _positive("bsld_threshold", bsld_threshold)
        _positive("max_wait", max_wait)
        if workload_options is not None and not isinstance(workload_options, dict):
            raise GridschedError(f"workload_options: expected a dict of the generator's options, got {workload_options!r}")
        if not (callable(reward) or reward in ("bsld", "wait", "utilization")):
            raise GridschedError(f"reward '{reward}': use bsld, wait, utilization or a function")
        if core not in ("fast", "engine"):
            raise GridschedError(f"core '{core}': use fast or engine")
        self._rt = runtime()
        #: what reading the workload repaired or left out, counted (also in a warning when not zero)
        self.repairs = {}
        if generator is not None:
            # messages name the generator, not the temporary trace (which is removed once read)
            workload = f"the workload of generator '{generator}' (workload_seed {workload_seed})"
            jobs, max_procs = self._generate(generator, workload_options or {}, processors, workload_seed)
        else:
            jobs, max_procs = read_swf(workload, self.repairs)
        self.processors = int(processors or max_procs or jobs["procs"].max())
        keep = jobs["procs"] <= self.processors
        self.repairs["wider_than_processors_left_out"] = int(np.count_nonzero(~keep))
        self.jobs = {k_: v[keep] for k_, v in jobs.items()}
        if any(self.repairs.values()):
            import warnings
            warnings.warn(f"{workload}: " + ", ".join(f"{n} {what.replace('_', ' ')}" for what, n in self.repairs.items() if n)
                          + f" (SchedulingEnv.repairs; {self.processors} processors)", stacklevel=2)
        self.window = int(window)
        if len(self.jobs["id"]) < self.window:
            raise GridschedError(f"{workload}: {len(self.jobs['id'])} usable jobs, fewer than the window of {window}")
        self.k = int(k)
        self.backfill = bool(backfill)
        self.reward_kind = reward
        self.bsld_threshold = float(bsld_threshold)
        shape = (self.k * JOB_FEATURES + CLUSTER_FEATURES,)
        if _spaces is not None:
            self.action_space = _spaces.Discrete(self.k)
            self.observation_space = _spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32)
        else:
            self.action_space = Discrete(self.k)
            self.observation_space = Box(0.0, 1.0, shape, np.float32)
        args = (self.processors, self.k, self.backfill, float(max_wait), float(self.jobs["requested"].max()))
        if core == "engine":
            sim = self._rt._service("org.gridsched.api.simulate.Simulator")
            self._java = self._rt.java_class("org.gridsched.launcher.python.StepEnvironment")(sim, *args)
        else:
            self._java = self._rt.java_class("org.gridsched.launcher.python.StepCore")(*args)
        self.core = core
        self._n_obs = shape[0]
        self._last = (0.0, 0)
        self._np_random = None
        self._episode = None
        self._obs = np.zeros(shape, dtype=np.float32)
        self.workload = str(workload)

    def _generate(self, generator, options, processors, seed):
        import gridsched
        procs = int(processors or options.get("processors", 256))
        opts = dict(options)
        opts.setdefault("processors", procs)
        profile = {"name": "env", "platform": [{"name": "c", "processors": procs}], "seed": int(seed),
                   "workload": {"generator": generator, "options": opts}}
        # removed once read: each environment left its trace behind (a notebook cell run again, a tuning loop)
        with tempfile.TemporaryDirectory(prefix="gridsched-env-") as folder:
            d = Path(folder)
            (d / "env.json").write_text(__import__("json").dumps(profile))
            return read_swf(gridsched.generate(d / "env.json", d / "env.swf"), self.repairs)

    # -- Gymnasium API ---------------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is not None and not (is_whole(seed) and seed >= 0):  # numpy's generator takes no negative seed
            raise GridschedError(f"seed {seed!r}: expected a whole number of at least 0 (or None)")
        if options is not None and not isinstance(options, dict):
            raise GridschedError(f"options: expected a dict such as {{'start': 0}} (or None), got {options!r}")
        unknown = sorted(set(options or {}) - {"start"})
        if unknown:  # a misspelt "start" picked a random window without a word
            raise GridschedError(f"options: unknown key(s) {', '.join(map(repr, unknown))}; the only option is 'start'")
        if seed is not None or self._np_random is None:
            self._np_random = np.random.default_rng(seed)
            self.action_space.seed(None if seed is None else seed + 1)
        n = len(self.jobs["id"])
        start = (options or {}).get("start")
        if start is None:
            start = int(self._np_random.integers(0, n - self.window + 1))
        if not is_whole(start) or not 0 <= start <= n - self.window:
            raise GridschedError(f"start {start!r}: must be a whole number in [0, {n - self.window}]")
        sl = slice(start, start + self.window)
        w = {key: v[sl] for key, v in self.jobs.items()}
        submit = w["submit"] - w["submit"][0]
        self._episode = {"start": start, "submit": submit, "runtime": np.minimum(w["runtime"], w["requested"]),
                         "procs": w["procs"], "requested": w["requested"], "id": w["id"]}
        jp = self._rt.jpype
        obs = self._java.reset(jp.JArray(jp.JLong)(np.arange(1, self.window + 1, dtype=np.int64)),
                               jp.JArray(jp.JDouble)(submit), jp.JArray(jp.JDouble)(w["runtime"].copy()),
                               jp.JArray(jp.JDouble)(w["requested"].copy()), jp.JArray(jp.JInt)(w["procs"].copy()))
        self._done = obs is None
        if obs is None:
            return np.zeros(self._obs.shape, np.float32), self._info(None)
        return self._observe(obs)

    def step(self, action):
        if self._episode is None:
            raise GridschedError("call reset() before step()")
        if self._done:
            raise GridschedError("the episode has ended: call reset()")
        if not is_whole(action) or not 0 <= action < self.k:
            raise GridschedError(f"action {action!r}: must be a whole number in [0, {self.k}) (the action space); "
                                 "one beyond the jobs shown picks the last one shown")
        obs = self._java.step(int(action))
        if obs is None:
            self._done = True
            return np.zeros(self._obs.shape, np.float32), self._final_reward(), True, False, self._info(None)
        o, info = self._observe(obs)
        return o, 0.0, False, False, info

    def close(self):
        if self.core == "engine":
            self._java.close()
        self._episode = None  # step() after close() asks for reset(), as before the first one

    def __del__(self):
        # an engine-core environment dropped mid-episode without close() kept its engine thread waiting for a step
        # for ever: a notebook cell that makes the environment, run again and again, left one thread per run
        try:
            if getattr(self, "core", None) == "engine" and getattr(self, "_java", None) is not None:
                self._java.close()
        except Exception:  # the JVM already gone at the interpreter's exit: nothing left to end
            pass

    # -- helpers -----------------------------------------------------------------------------------------------
    def _observe(self, java_obs):
        # the Java array ends with the time and the number of waiting jobs (not part of the observation)
        a = np.asarray(java_obs)
        o = a[: self._n_obs].astype(np.float32)
        self._last = (float(a[-2]), int(a[-1]))
        return o, {"time": self._last[0], "waiting": self._last[1],
                   "action_mask": o[4: self.k * JOB_FEATURES: JOB_FEATURES] > 0,
                   "window_start": self._episode["start"]}

    def _info(self, obs):
        return {"time": self._last[0], "waiting": 0, "action_mask": np.zeros(self.k, dtype=bool),
                "window_start": self._episode["start"] if self._episode else None}

    def episode_jobs(self):
        """The last finished episode's jobs: submit, start, finish, runtime, processors, wait, bounded slowdown."""
        import pandas as pd
        if self._episode is None:
            raise GridschedError("no episode yet: call reset() and step() until the episode ends")
        if not self._done:
            raise GridschedError("the episode has not ended: its jobs are known when step() says terminated")
        t = np.asarray(self._java.jobTimes()).reshape(-1, 3)
        e = self._episode
        df = pd.DataFrame({"job": np.arange(1, len(t) + 1), "trace_id": e["id"], "submit": t[:, 0],
                           "start": t[:, 1], "finish": t[:, 2], "processors": e["procs"],
                           "requested": e["requested"]})
        df["runtime"] = df["finish"] - df["start"]
        df["wait"] = df["start"] - df["submit"]
        df["bsld"] = np.maximum((df["wait"] + df["runtime"]) / np.maximum(df["runtime"], self.bsld_threshold), 1.0)
        return df

    def _final_reward(self) -> float:
        if callable(self.reward_kind):
            value = self.reward_kind(self.episode_jobs())
            if not is_number(value) or not math.isfinite(value):
                raise GridschedError(f"reward function {getattr(self.reward_kind, '__qualname__', self.reward_kind)}"
                                     f" returned {value!r}; it must return a finite number")
            return float(value)
        t = np.asarray(self._java.jobTimes()).reshape(-1, 3)
        submit, start, finish = t[:, 0], t[:, 1], t[:, 2]
        runtime, wait = finish - start, start - submit
        if self.reward_kind == "bsld":
            return -float(np.mean(np.maximum((wait + runtime) / np.maximum(runtime, self.bsld_threshold), 1.0)))
        if self.reward_kind == "wait":
            return -float(np.mean(wait)) / 3600.0
        span = finish.max() - submit.min()
        busy = float(np.sum(runtime * self._episode["procs"]))
        return busy / (self.processors * span) if span > 0 else 0.0

    @staticmethod
    def job_features(obs, k):
        """The K x 5 job rows of an observation."""
        return np.asarray(obs)[: k * JOB_FEATURES].reshape(k, JOB_FEATURES)

    def run_episode(self, policy, *, seed=None, start=None):
        """Plays one episode with `policy(obs, info) -> action`; returns (final reward, steps, episode jobs)."""
        obs, info = self.reset(seed=seed, options=None if start is None else {"start": start})
        steps, reward, done = 0, 0.0, self._done
        while not done:
            obs, reward, done, _, info = self.step(policy(obs, info))
            steps += 1
        return reward, steps, self.episode_jobs()


def _whole(name, value, minimum):
    if not is_whole(value) or (minimum is not None and value < minimum):
        raise GridschedError(f"{name}: expected a whole number{'' if minimum is None else f' of at least {minimum}'},"
                             f" got {value!r}")


def _positive(name, value):
    if not is_number(value) or not (math.isfinite(value) and value > 0):
        raise GridschedError(f"{name}: expected a positive number, got {value!r}")


def fcfs(obs, info):
    """The first waiting job: FCFS (EASY with backfill=True)."""
    return 0


def linear_policy(weights, k):
    """A policy scoring each shown job by weights . features and picking the highest (the sanity check's)."""
    w = np.asarray(weights, dtype=np.float32)

    def choose(obs, info):
        rows = np.asarray(obs[: k * JOB_FEATURES]).reshape(k, JOB_FEATURES)
        scores = rows[:, :4] @ w[:4]
        scores[~info["action_mask"]] = -math.inf
        return int(np.argmax(scores))
    return choose
