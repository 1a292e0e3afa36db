"""pytest setup: the package from this checkout, the JVM started once per session (JPype: one JVM per process)."""
import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))
os.environ.setdefault("GRIDSCHED_HOME", str(ROOT))

for module in ("pandas", "jpype"):
    try:
        __import__(module)
    except ImportError:
        pytest.skip(f"{module} is not installed for {sys.executable} (apt-get install python3-pandas python3-jpype)",
                    allow_module_level=True)

if not shutil.which("java"):
    pytest.skip("no java on the PATH", allow_module_level=True)


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def gs():
    import gridsched
    gridsched._runtime.runtime()
    return gridsched


def cli(*args, cwd=None):
    """bin/gridsched ARGS in a process of its own (the reference the package is compared with)."""
    import subprocess
    env = dict(os.environ, GRIDSCHED_DAEMON="0")
    p = subprocess.run([str(ROOT / "bin" / "gridsched"), *args], cwd=cwd or ROOT, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.returncode == 0, p.stderr
    return p.stdout
