"""gridsched from Python: the Java simulator in process (JPype), results as pandas DataFrames.

    import gridsched
    r = gridsched.run("runconfigs/quickstart.json", out="/tmp/q")
    r.jobs            # jobs.csv as a DataFrame
    r.summary         # summary.json as a dict
    gridsched.simulate(generator="lublin99", workload_options={"jobs": 1000}, platform="c:256", batch="cbf")
    gridsched.plugins()

Batch policies written in Python: gridsched.policy (register_order); a step-wise environment for learning
schedulers: gridsched.env.SchedulingEnv.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from pathlib import Path
from typing import Mapping

from ._runtime import GridschedError, GridschedWarning, SetupError, home, is_whole, locked, runtime, warnings_of
from .results import MatrixResult, Result, read_jobs, result_of

__all__ = ["run", "simulate", "plugins", "report", "generate", "command", "load", "home",
           "Result", "MatrixResult", "GridschedError", "GridschedWarning", "SetupError", "read_jobs", "register_order",
           "unregister"]

__version__ = "0.1.0"


def command(*args: str) -> str:
    """Runs any bin/gridsched command in process ('plugins', 'validate DIR', ...); returns what it printed.

    Raises GridschedError with the command's message when it fails."""
    rt = runtime()
    _, out, _ = rt.command(*[str(a) for a in args])
    return out


# the command line's words for the functions' parameters, in the messages of the commands the functions run
_SWITCHES = {"--force": "force=True", "--strict": "strict=True", "--no-kill": "kill=False",
             "--reference": "reference=True", "--report": "report=True", "--no-images": "images=False"}
_WORDS = {"--out": "out", "--seed": "seed", "--swf": "swf", "--diff": "diff", "--name": "name",
          **{f"--{n}": n for n in ("workload", "generator", "platform", "batch", "meta", "collectors", "controllers",
                                   "realloc", "heuristic", "reader", "carbon", "failures")}}
_FLAG = re.compile(r"(?<![\w-])(add |give |with |without )?(--[a-z][a-z-]*)\b")


def _command(rt, *args):
    """rt.command for the functions below: an error says the parameter ('pass force=True', 'choose an empty out'),
    not the command line's flag the function passed for it ('add --force', which a Python user cannot add)."""
    try:
        return rt.command(*args)
    except GridschedError as e:
        def word(m):
            verb, flag = m.group(1) or "", m.group(2)
            if flag in _SWITCHES:
                return ("pass " if verb in ("add ", "give ", "with ") else verb) + _SWITCHES[flag]
            name = _WORDS.get(flag) or _PARAMETERS.get(flag)
            return verb + name if name else m.group(0)
        again = type(e)(_FLAG.sub(word, str(e)))
        again.__dict__.update(e.__dict__)
        raise again from None


def _said(stderr: str, stacklevel: int):
    """A run's warnings as Python warnings (the run is not --quiet, which silenced them: a malformed trace line was
    skipped without a word)."""
    import warnings
    for text in warnings_of(stderr):
        warnings.warn(text, GridschedWarning, stacklevel=stacklevel + 1)


def _seed(seed) -> str:
    if not is_whole(seed):
        raise GridschedError(f"seed: expected a whole number, got {seed!r}")
    if not -2 ** 63 <= seed < 2 ** 63:  # a Java long
        raise GridschedError(f"seed: expected a whole number from -2**63 to 2**63-1, got {seed!r}")
    return str(int(seed))


def _opts(flag: str, options: Mapping | None) -> list:
    if options is not None and not isinstance(options, Mapping):
        raise GridschedError(f"{_PARAMETERS[flag]}: expected a dict of KEY: VALUE, got {options!r}")
    args = []
    for k, v in (options or {}).items():
        if v is None:  # was passed as the text 'None'
            raise GridschedError(f"{_PARAMETERS[flag]}: {k}: expected a value, got None (leave the key out for its default)")
        if isinstance(v, bool):
            v = str(v).lower()
        elif isinstance(v, (list, dict)):
            v = json.dumps(v)
        args += [flag, f"{k}={v}"]
    return args


def _text(parameter: str, value) -> str:
    """A name given as text: a number or None went to JPype, which raised TypeError 'Unable to convert'."""
    if not isinstance(value, str) or not value:
        raise GridschedError(f"{parameter}: expected a non-empty text, got {value!r}")
    return value


def _paths(rt, parameter: str, value) -> str:
    """One file or several (a list), as the command line's comma-separated FILE,FILE."""
    files = value if isinstance(value, (list, tuple)) else [value]
    if not files or not all(isinstance(f, (str, os.PathLike)) for f in files):
        raise GridschedError(f"{parameter}: expected a file's path or a list of them, got {value!r}")
    return ",".join(rt.path_arg(f) for f in files)


def _platform(value) -> str:
    """"NAME:PROCS[:SPEED],..." or a list of such texts or of (name, procs[, speed]) tuples."""
    if isinstance(value, str) and value:
        return value
    if isinstance(value, (list, tuple)) and value and all(
            isinstance(c, str) or (isinstance(c, (list, tuple)) and len(c) in (2, 3)) for c in value):
        return ",".join(c if isinstance(c, str) else ":".join(str(x) for x in c) for c in value)
    raise GridschedError(f"platform: expected a text like 'c:256' or a list of clusters like ['a:128', ('b', 64, 1.5)], "
                         f"got {value!r}")


def _path_or_number(rt, v) -> str:
    return str(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else rt.path_arg(v)


# the Python parameter behind each simulate option, for messages
_PARAMETERS = {"--workload-option": "workload_options", "--batch-option": "batch_options", "--meta-option": "meta_options",
               "--power-option": "power", "--power-management-option": "power_management",
               "--failure-model-option": "failure_model", "--failures-option": "failures_options"}


def _choice(flag: str, value) -> list:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        if not value or not all(isinstance(v, str) and v for v in value):
            raise GridschedError(f"{flag[2:]}: expected one or more plugin names, got {value!r}")
        value = ",".join(value)
    elif not isinstance(value, str) or not value:
        raise GridschedError(f"{flag[2:]}: expected a plugin name or a list of them, got {value!r}")
    return [flag, value]


def run(profile, out=None, *, seed: int | None = None, force: bool = False, report: bool = False,
        reference: bool = False):
    """Runs a run profile: a JSON file's path (as `bin/gridsched run PROFILE`) or a dict holding one.

    A dict's relative paths are relative to the current folder. Returns a Result, or a MatrixResult for a profile
    with a "matrix". The output folder: `out`, else the profile's "output", else workspace/results/NAME."""
    rt = runtime()
    with locked():  # the dict's file is written, run and removed before another command can see the folder
        return _run(rt, profile, out, seed, force, report, reference)


def _run(rt, profile, out, seed, force, report, reference):
    tmp = None
    if isinstance(profile, Mapping):
        data = dict(profile)
        data.setdefault("name", "python")
        try:
            text = json.dumps(data, allow_nan=False)
        except (TypeError, ValueError) as e:
            raise GridschedError(f"the profile cannot be written as JSON: {e}") from None
        # named by its content: running the same dict again is a run of the same profile (its results are replaced
        # without force, as a file's are), another dict with the same name is not
        digest = hashlib.sha256(text.encode()).hexdigest()[:16]
        tmp = os.path.join(os.getcwd(), f".gridsched-profile-{digest}.json")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        path = tmp
    elif isinstance(profile, (str, os.PathLike)):
        path = str(profile)
        if not Path(path).is_file():
            raise GridschedError(f"{path}: no such run profile")
    else:
        raise GridschedError(f"profile: expected a file's path or a dict, got {type(profile).__name__}")
    try:
        parsed = _parse_profile(rt, path)
        args = ["run", rt.path_arg(path)]  # not --quiet: its warnings are said (_said)
        if out is not None:
            args += ["--out", rt.path_arg(out)]
        if seed is not None:
            args += ["--seed", _seed(seed)]
        if force:
            args.append("--force")
        if report:
            args.append("--report")
        if reference:
            args.append("--reference")
        _, _, said = _command(rt, *args)
    except GridschedError as e:
        if not tmp:
            raise
        raise _about_dict(e, tmp) from None
    finally:
        if tmp:
            os.unlink(tmp)
    _said(re.sub(re.escape(tmp) + r"(:\d+)?", "the profile dict", said) if tmp else said, stacklevel=3)
    folder = Path(out) if out is not None else parsed["output"]
    return result_of(folder.resolve(), matrix=parsed["matrix"])


def _about_dict(error: GridschedError, tmp: str) -> GridschedError:
    """The error of a dict's run naming the dict, not the temporary file it was written to for the command (whose one
    line of JSON gives no useful line number)."""
    text = re.sub(re.escape(tmp) + r"(:\d+)?", "the profile dict", str(error))
    again = type(error)(text)
    again.__dict__.update(error.__dict__)
    return again


def _parse_profile(rt, path: str) -> dict:
    Parser = rt.java_class("org.gridsched.launcher.ProfileParser")
    Paths = rt.jpype.JClass("java.nio.file.Path")
    try:
        p = Parser.parse(Paths.of(rt.path_arg(path)))
    except rt.jpype.JException as e:
        raise GridschedError(str(e.getMessage())) from None
    output = Path(str(p.output)) if p.output is not None else rt.home / "workspace" / "results" / str(p.name)
    if not output.is_absolute():
        output = Path(path).resolve().parent / output
    return {"name": str(p.name), "output": output, "matrix": p.matrix is not None}


def simulate(workload=None, *, generator: str | None = None, platform=None, batch=None, meta=None, seed=None,
             out=None, name: str | None = None, workload_options: Mapping | None = None,
             batch_options: Mapping | None = None, meta_options: Mapping | None = None, collectors=None,
             controllers=None, realloc=None, heuristic=None, reader=None, strict=False, kill=True,
             reference=False, force=False, report=False, power: Mapping | None = None,
             power_management: Mapping | None = None, carbon=None, failures=None,
             failure_model: Mapping | None = None, failures_options: Mapping | None = None,
             extra_args=()) -> Result:
    """One simulation from options, as `bin/gridsched simulate` (see its --help): a trace (`workload`, a path or
    several) or a `generator`; `platform` as "NAME:PROCS[:SPEED],..." or a list of (name, procs[, speed]).

    Energy and failures as the profile keys of docs/energy.md and docs/failures.md: `power` ({"idle": W, "busy": W,
    ...} for every cluster), `power_management` ({"timeout": S}), `carbon` (a file, a constant in g CO2/kWh, or
    {cluster: file or constant}), `failures` (failure trace file(s)), `failure_model` ({"mtbf": S, ...} for every
    cluster) and `failures_options` ({"resubmit": False, "retries": 3, ...}).

    Without `out` the results go to a new temporary folder."""
    rt = runtime()
    args = ["simulate"]
    if workload is not None:
        args += ["--workload", _paths(rt, "workload", workload)]
    if generator is not None:
        args += ["--generator", _text("generator", generator)]
    for flag, value in (("strict", strict), ("kill", kill), ("reference", reference), ("force", force), ("report", report)):
        if isinstance(value, str) or value not in (True, False):  # "false" is a true value: it turned the flag on
            raise GridschedError(f"{flag}: expected True or False, got {value!r}")
    if platform is not None:
        args += ["--platform", _platform(platform)]
    args += _choice("--batch", batch) + _choice("--meta", meta) + _choice("--collectors", collectors)
    args += _choice("--controllers", controllers) + _choice("--realloc", realloc)
    args += _choice("--heuristic", heuristic) + _choice("--reader", reader)
    args += _opts("--workload-option", workload_options) + _opts("--batch-option", batch_options)
    args += _opts("--meta-option", meta_options)
    args += _opts("--power-option", power) + _opts("--power-management-option", power_management)
    if carbon is not None:
        if isinstance(carbon, Mapping):
            carbon = ",".join(f"{c}={_path_or_number(rt, v)}" for c, v in carbon.items())
        else:
            carbon = _path_or_number(rt, carbon)
        args += ["--carbon", carbon]
    if failures is not None:
        args += ["--failures", _paths(rt, "failures", failures)]
    args += _opts("--failure-model-option", failure_model) + _opts("--failures-option", failures_options)
    if seed is not None:
        args += ["--seed", _seed(seed)]
    if name is not None:
        args += ["--name", _text("name", name)]
    if strict:
        args.append("--strict")
    if not kill:
        args.append("--no-kill")
    if reference:
        args.append("--reference")
    if force:
        args.append("--force")
    if report:
        args.append("--report")
    if isinstance(extra_args, str) or not all(isinstance(a, str) for a in extra_args):
        raise GridschedError(f"extra_args: expected a list of command-line words, e.g. ['--strict'], got {extra_args!r}")
    if out is None:
        out = tempfile.mkdtemp(prefix="gridsched-")
    args += ["--out", rt.path_arg(out), *extra_args]  # not --quiet: its warnings are said (_said)
    _, _, said = _command(rt, *args)
    _said(said, stacklevel=2)
    return Result(Path(out).resolve())


def load(folder) -> Result | MatrixResult:
    """The results of a finished run or matrix, from its folder."""
    folder = Path(folder)
    return result_of(folder, matrix=(folder / "matrix.csv").is_file() or (folder / "tables.md").is_file())


def report(folder, *, diff=None, images: bool = True, open_browser: bool = False) -> Path:
    """Writes report.html of a run or matrix folder (as `bin/gridsched report`); returns its path."""
    rt = runtime()
    args = ["report", rt.path_arg(folder)]
    if diff is not None:
        args += ["--diff", rt.path_arg(diff)]
    if not images:
        args.append("--no-images")
    _command(rt, *args)
    page = Path(folder).resolve() / "report.html"
    if open_browser:
        import webbrowser
        webbrowser.open(page.as_uri())
    return page


def generate(profile, swf, *, seed: int | None = None, force: bool = False) -> Path:
    """Writes a profile's workload as an SWF trace (as `bin/gridsched generate PROFILE --swf FILE`)."""
    rt = runtime()
    args = ["generate", rt.path_arg(profile), "--swf", rt.path_arg(swf)]
    if seed is not None:
        args += ["--seed", _seed(seed)]
    if force:
        args.append("--force")
    _command(rt, *args)
    return Path(swf).resolve()


def plugins(kind: str | None = None):
    """Every plugin: kind, name, description, bundle, version, parameters ({name: default}) as a DataFrame."""
    import pandas as pd
    rt = runtime()
    if kind is not None:
        all_kinds = rt.java_class("org.gridsched.launcher.PluginRegistry$Kind").values()
        kinds = {str(k.key()) for k in all_kinds}
        if kind not in kinds | {str(k.label()) for k in all_kinds}:
            raise GridschedError(f"kind '{kind}': one of {', '.join(sorted(kinds))}")
    rows = []
    for e in rt.registry.all():
        k = str(e.kind().key())
        if kind is not None and k != kind and str(e.kind().label()) != kind:
            continue
        p = e.plugin()
        if isinstance(p, rt.jpype.JProxy):  # a Python policy (register_order): its Java face
            p = rt.jpype.JObject(p, rt.java_class("org.gridsched.api.Plugin"))
        params = {str(x.name()): (None if x.defaultValue() is None else str(x.defaultValue()))
                  for x in p.parameters()}
        rows.append({"kind": k, "name": str(p.name()), "description": str(p.description()),
                     "bundle": str(e.bundle()), "version": str(e.version()), "parameters": params})
    return pd.DataFrame(rows, columns=["kind", "name", "description", "bundle", "version", "parameters"])


from .policy import register_order, unregister  # noqa: E402  (needs the functions above)
