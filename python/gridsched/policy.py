"""Batch policies written in Python, run inside the Java engine on the planning kit (docs/policy-guide.md).

    def smallest_area(job, now):                    # job: the kit's QueuedJob (processors(), requestedTime(),
        return job.processors() * job.requestedTime()   #      submitTime(), id(), submitOrder())
    gridsched.register_order("py-saf", smallest_area, rule="easy")
    gridsched.simulate(generator="lublin99", platform="c:256", batch="py-saf")

The function becomes the kit's JobOrder through a JPype proxy (the engine calls it once per arriving job, and
for every waiting job at each recalculation when `recalculate_every` is given); the rule is the kit's
PlanningRule (headOnly / easy / conservative, with the kit-easy options protected, bf_max_job_test, bf_window).
The policy is registered in the plugin registry under `name` for this process: profiles, matrices and simulate()
use it like any other batch policy.
"""

from __future__ import annotations

import math
import numbers

from ._runtime import GridschedError, in_key, interrupted, is_number, runtime

_registered: dict = {}
_RULES = ("fcfs", "easy", "conservative")


def _rule(rt, rule: str):
    PlanningRule = rt.java_class("org.gridsched.api.batch.kit.PlanningRule")
    if rule == "fcfs":
        return PlanningRule.headOnly()
    if rule == "easy":
        return PlanningRule.easy()
    if rule == "conservative":
        return PlanningRule.conservative()
    raise GridschedError(f"rule '{rule}': use one of {', '.join(_RULES)}")


def register_order(name: str, key, *, rule: str = "easy", recalculate_every: float | None = None,
                   description: str | None = None):
    """Registers a batch policy `name`: waiting jobs ordered by `key(job, now)` (smaller first, ties in submission
    order; `key` may also be a Java JobOrder instance), planned by `rule` ('fcfs' = head only, 'easy',
    'conservative'). Replaces an earlier Python policy of the same name; a built-in name is refused. A key that
    raises or is NaN stops the run with a GridschedError naming the policy, the job and the Python error."""
    if not isinstance(name, str) or not name or any(c.isspace() or c in ",=" for c in name):
        raise GridschedError(f"name {name!r}: a policy's name is a non-empty text without spaces, commas or '=' "
                             "(profiles and the command line choose it by name)")
    rt = runtime()
    jp = rt.jpype
    JobOrder = rt.java_class("org.gridsched.api.batch.kit.JobOrder")
    java_order = isinstance(key, jp.JObject) and isinstance(key, JobOrder)
    if not java_order and not callable(key):
        raise GridschedError("key must be a function key(job, now) -> number (or a Java JobOrder)")
    base = _rule(rt, rule)
    if recalculate_every is not None and not (is_number(recalculate_every) and recalculate_every > 0):
        raise GridschedError(f"recalculate_every: expected a positive number of seconds, got {recalculate_every!r}")
    period = float(recalculate_every) if recalculate_every is not None else math.inf
    Kind = rt.java_class("org.gridsched.launcher.PluginRegistry$Kind")
    if name in _registered:
        unregister(name)
    if str(name) in {str(n) for n in rt.registry.names(Kind.BATCH)}:
        raise GridschedError(f"batch policy '{name}' exists already (not a Python policy); choose another name")

    BatchPolicy = rt.java_class("org.gridsched.api.batch.BatchPolicy")
    PlanningRule = rt.java_class("org.gridsched.api.batch.kit.PlanningRule")
    PlanningScheduler = rt.java_class("org.gridsched.api.batch.kit.PlanningScheduler")
    List = jp.JClass("java.util.List")

    Failure = jp.JClass("java.lang.IllegalStateException")

    class _Order:
        def key(self, job, now):
            try:
                with in_key():
                    v = key(job, now)
            except (KeyboardInterrupt, SystemExit) as e:  # stops the run; the command raises it again
                interrupted(e)
                raise Failure(f"Python batch policy '{name}': interrupted") from None
            except Exception as e:  # the run stops with the Python error's text, not a proxy's class name
                raise Failure(f"Python batch policy '{name}': key(job {job.id()}, now={now}) raised "
                              f"{type(e).__name__}: {e}") from None
            if not isinstance(v, numbers.Real):  # a str or None would be read as a number or fail in Java
                raise Failure(f"Python batch policy '{name}': key(job {job.id()}, now={now}) returned {v!r}, "
                              "not a number")
            try:
                v = float(v)
            except OverflowError:  # an int beyond a double: said as the key's, not as a proxy's class name
                raise Failure(f"Python batch policy '{name}': key(job {job.id()}, now={now}) returned a number too large "
                              "for a double") from None
            if math.isnan(v):
                raise Failure(f"Python batch policy '{name}': key(job {job.id()}, now={now}) is NaN")
            return v

        def recalculationPeriod(self):
            return period

    if java_order:
        # a Java order (the baseline python/bench.py measures Python orders against); its own period
        order = key
        desc = description or f"Java order {key.getClass().getName()}, {rule} rule"
    else:
        order = jp.JProxy(JobOrder, inst=_Order())
        desc = description or f"Python: {getattr(key, '__qualname__', 'key')} order, {rule} rule"

    class _Policy:
        def name(self):
            return name

        def description(self):
            return desc

        def parameters(self):
            return PlanningRule.PARAMETERS if rule == "easy" else List.of()

        def create(self, cluster, options):
            r = PlanningRule.fromOptions(base, options) if rule == "easy" else base
            return PlanningScheduler(cluster, order, r)

    policy = jp.JProxy(BatchPolicy, inst=_Policy())
    rt.registry.add(policy, "python", "0.0.0", 0)
    _registered[name] = (policy, order, _Order, _Policy)
    return name


def unregister(name: str):
    """Removes a Python batch policy registered by register_order."""
    rt = runtime()
    entry = _registered.pop(name, None)
    if entry is None:
        raise GridschedError(f"no Python batch policy '{name}'")
    rt.registry.remove(entry[0])
