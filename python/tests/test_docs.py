"""docs/python.md's Python blocks run as written, in a process of their own started in the checkout (as a reader
pastes them), the matrix of coalloc-exp3-wait-x.json left out (minutes) and /tmp/q in the test's own folder."""
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT


def blocks(path):
    return re.findall(r"^```python\n(.*?)^```", path.read_text(encoding="utf-8"), flags=re.M | re.S)


def test_every_python_block_of_docs_python_md_runs_as_written(tmp_path):
    if not (ROOT.parent / "shared" / "data" / "lublin_256.swf").is_file():
        pytest.skip("the blocks read ../shared/data (the traces beside the checkout)")
    code = blocks(ROOT / "docs" / "python.md")
    assert len(code) == 3, "the runs, the policies and the environment"
    lines = [line for line in code[0].splitlines() if not re.match(r"m\b|m\.", line)]  # the matrix: minutes
    assert len(lines) == len(code[0].splitlines()) - 3
    script = "\n".join(lines) + "\n" + code[1] + "\n" + code[2] + "\nprint('all blocks ran')\n"
    # /tmp/q of another checkout's run is refused as another profile's results: this test's own folder instead
    assert script.count('"/tmp/q') == 3  # the run, the trace, load()
    script = script.replace('"/tmp/q', '"' + str(tmp_path / "q"))
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"), GRIDSCHED_HOME=str(ROOT))
    p = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=600)
    assert p.returncode == 0 and "all blocks ran" in p.stdout, p.stderr[-3000:]
