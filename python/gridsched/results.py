"""Results of runs as pandas objects: jobs.csv with proper dtypes, summary.json, matrix.csv."""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path

# jobs.csv columns (Batsim's, then gridsched's; docs/semantics.md#output) and their dtypes
_INT = ["requested_number_of_resources", "success", "reallocations"]
_FLOAT = ["submission_time", "requested_time", "starting_time", "execution_time", "finish_time", "waiting_time",
          "turnaround_time", "stretch", "consumed_energy"]
_CATEGORY = ["workload_name", "final_state", "cluster"]
_STRING = ["profile", "allocated_resources", "metadata", "dependencies"]


def read_jobs(path):
    """jobs.csv (either column order) as a DataFrame: integers as Int64, times as float64, names as category,
    the rest as string; job_id, user, group, queue and partition are Int64 when every value is a number, else
    string."""
    import pandas as pd
    df = pd.read_csv(path, dtype=str, keep_default_na=False, na_values=[""])
    for c in df.columns:
        if c in _FLOAT:
            df[c] = _numbers(pd, df[c], path, "a number").astype("float64")
        elif c in _INT:
            df[c] = _numbers(pd, df[c], path, "a whole number").astype("Int64")
        elif c in _CATEGORY:
            df[c] = df[c].astype("category")
        elif c in ("job_id", "user", "group", "queue", "partition"):
            ids = pd.to_numeric(df[c], errors="coerce")
            df[c] = ids.astype("Int64") if not ids.isna().any() else df[c].astype("string")
        else:
            df[c] = df[c].astype("string")
    return df


def _numbers(pd, column, path, what):
    """A column as numbers; a value that is none is an error naming the file, line and column (pandas said only
    'Unable to parse string "abc" at position 1')."""
    numbers = pd.to_numeric(column, errors="coerce")
    bad = numbers.isna() & column.notna()
    if what == "a whole number":
        bad |= numbers.notna() & (numbers != numbers.round())
    if bad.any():
        from ._runtime import GridschedError
        row = int(bad.to_numpy().nonzero()[0][0])
        raise GridschedError(f"{path}:{row + 2}: {column.name}: expected {what}, got '{column.iloc[row]}'")
    return numbers


class Result:
    """One run's output folder: .jobs (DataFrame of jobs.csv), .summary (dict of summary.json), .folder."""

    def __init__(self, folder):
        self.folder = Path(folder)
        if not (self.folder / "summary.json").is_file():
            raise FileNotFoundError(f"{self.folder} holds no finished run (no summary.json)")

    @cached_property
    def summary(self) -> dict:
        return json.loads((self.folder / "summary.json").read_text(encoding="utf-8"))

    @cached_property
    def jobs(self):
        f = self.folder / "jobs.csv"
        if not f.is_file():
            raise FileNotFoundError(f"{f}: the run wrote no jobs.csv (its collectors did not include 'jobs')")
        return read_jobs(f)

    def csv(self, name: str):
        """Another CSV the run wrote (queue.csv, users.csv, ...) as a DataFrame."""
        import pandas as pd
        return pd.read_csv(self.folder / name)

    @property
    def files(self) -> list:
        return sorted(p.name for p in self.folder.iterdir())

    def report(self, *, diff=None, images: bool = True, open_browser: bool = False) -> Path:
        """Writes report.html beside the results (bin/gridsched report); returns its path."""
        from . import report
        return report(self.folder, diff=diff, images=images, open_browser=open_browser)

    def validate(self) -> str:
        """Checks the schedule (bin/gridsched validate); raises GridschedError naming the problems."""
        from . import command
        return command("validate", str(self.folder))

    def __repr__(self):
        return f"Result({str(self.folder)!r})"


class MatrixResult:
    """A matrix's output folder: .table (matrix.csv: one row per run, axes, seed, metrics), .tables (tables.md),
    .runs (each run's Result, by folder name under runs/)."""

    def __init__(self, folder):
        self.folder = Path(folder)

    @cached_property
    def table(self):
        import pandas as pd
        f = self.folder / "matrix.csv"
        if not f.is_file():
            raise FileNotFoundError(f"{f}: this matrix wrote no matrix.csv (a reallocation study: see .tables)")
        return pd.read_csv(f)

    @property
    def tables(self) -> str:
        return (self.folder / "tables.md").read_text(encoding="utf-8")

    @cached_property
    def runs(self) -> dict:
        d = self.folder / "runs"
        return {p.name: Result(p) for p in sorted(d.iterdir()) if (p / "summary.json").is_file()} if d.is_dir() else {}

    def report(self, *, images: bool = True, open_browser: bool = False) -> Path:
        from . import report
        return report(self.folder, images=images, open_browser=open_browser)

    def __repr__(self):
        return f"MatrixResult({str(self.folder)!r})"


def result_of(folder: Path, matrix: bool):
    return MatrixResult(folder) if matrix else Result(folder)
