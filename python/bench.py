#!/usr/bin/env python3
"""The cost of a batch policy written in Python (a JPype proxy called by the Java engine) against the same policy
in Java, on the 20,000-job trace of 'gridsched bench startup' (target/bench/lublin-20k.swf, 512 processors,
written once from runconfigs/bench-startup-20k.json).

    /usr/bin/python3 python/bench.py [--runs 5] [--policies saf,wfp3,fcfs-order]

Each policy exists twice, both planned by the kit's EASY rule and registered the same way (register_order): once
with its order as a Python function, once with the same order compiled in Java (javac, at start). Each run is a
whole in-process simulate (reading the trace, simulating, writing jobs.csv) timed from Python; the runs alternate
between the two. Prints min and median seconds per variant, the ratio, the number of key calls, and whether
both variants wrote the same jobs.csv.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gridsched  # noqa: E402

JAVA = """
package gridschedbench;

import org.gridsched.api.batch.kit.JobOrder;

public final class Orders {
    public static JobOrder saf() {
        return (job, now) -> (double) job.processors() * job.requestedTime();
    }

    public static JobOrder wfp3() {
        return JobOrder.recalculatedEvery(600, (job, now) ->
                -Math.pow((now - job.submitTime()) / job.requestedTime(), 3) * job.processors());
    }

    public static JobOrder submission() {
        return JobOrder.submission();
    }
}
"""

calls = {"n": 0}


def saf(job, now):
    calls["n"] += 1
    return job.processors() * job.requestedTime()


def wfp3(job, now):
    calls["n"] += 1
    return -(((now - job.submitTime()) / job.requestedTime()) ** 3) * job.processors()


def submission(job, now):
    calls["n"] += 1
    return 0.0


PY = {"saf": (saf, None), "wfp3": (wfp3, 600), "fcfs-order": (submission, None)}
JAVA_FACTORY = {"saf": "saf", "wfp3": "wfp3", "fcfs-order": "submission"}


def java_orders(rt, work: Path):
    """Compiles the Java orders against the API jar of the application and loads them under the API's loader."""
    jp = rt.jpype
    JobOrder = rt.java_class("org.gridsched.api.batch.kit.JobOrder")
    api_jar = Path(str(JobOrder.class_.getProtectionDomain().getCodeSource().getLocation().toURI().getPath()))
    src = work / "src" / "gridschedbench" / "Orders.java"
    src.parent.mkdir(parents=True)
    src.write_text(JAVA)
    classes = work / "classes"
    javac = Path(os.path.realpath(gridsched._runtime._java())).parent / "javac"
    cp = str(api_jar) if api_jar.is_file() else ":".join(
        str(p) for p in (rt.home / "runconfigs" / "target" / "prepared" / "app" / "jar").glob("gridsched-api-*.jar"))
    subprocess.run([str(javac), "-d", str(classes), "-cp", cp, str(src)], check=True)
    URL = jp.JClass("java.net.URL")
    loader = jp.JClass("java.net.URLClassLoader")(jp.JArray(URL)([URL(classes.as_uri() + "/")]),
                                                   JobOrder.class_.getClassLoader())
    return jp.JClass(loader.loadClass("gridschedbench.Orders"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--policies", default="saf,wfp3,fcfs-order")
    args = ap.parse_args()
    rt = gridsched._runtime.runtime()
    trace = rt.home / "target" / "bench" / "lublin-20k.swf"
    if not trace.is_file():
        trace.parent.mkdir(parents=True, exist_ok=True)
        gridsched.generate(rt.home / "runconfigs" / "bench-startup-20k.json", trace)
    work = Path(tempfile.mkdtemp(prefix="gridsched-bench-"))
    Orders = java_orders(rt, work)
    print(f"trace {trace} (20,000 jobs, 512 processors), {args.runs} runs per variant, EASY rule; seconds per "
          f"whole in-process simulate")
    print(f"{'policy':<11} {'java min':>9} {'java med':>9} {'py min':>9} {'py med':>9} {'ratio min':>9} "
          f"{'key calls':>10} {'us/call':>8} same jobs.csv")
    for name in args.policies.split(","):
        fn, period = PY[name]
        gridsched.register_order(f"bench-py-{name}", fn, rule="easy", recalculate_every=period)
        gridsched.register_order(f"bench-java-{name}", getattr(Orders, JAVA_FACTORY[name])(), rule="easy")
        times = {"java": [], "py": []}
        outs = {}
        for i in range(args.runs + 1):  # the first round warms the JIT up and is not counted
            for variant in ("java", "py"):
                out = work / f"{name}-{variant}-{i}"
                calls["n"] = 0
                t = time.perf_counter()
                gridsched.simulate(workload=str(trace), platform="c:512", batch=f"bench-{variant}-{name}", out=out)
                dt = time.perf_counter() - t
                if i > 0:
                    times[variant].append(dt)
                if variant == "py":
                    n = calls["n"]
                outs[variant] = out
        same = (outs["java"] / "jobs.csv").read_bytes() == (outs["py"] / "jobs.csv").read_bytes()
        jmin, jmed = min(times["java"]), statistics.median(times["java"])
        pmin, pmed = min(times["py"]), statistics.median(times["py"])
        per_call = (pmed - jmed) / n * 1e6 if n else float("nan")
        print(f"{name:<11} {jmin:9.3f} {jmed:9.3f} {pmin:9.3f} {pmed:9.3f} {pmin / jmin:9.2f} {n:10d} "
              f"{per_call:8.2f} {'yes' if same else 'NO'}")
        gridsched.unregister(f"bench-py-{name}")
        gridsched.unregister(f"bench-java-{name}")


if __name__ == "__main__":
    main()
