"""`pip install .` into a fresh virtual environment, offline, then the installed package used from
outside the source tree.

The environment sees Debian's NumPy (--system-site-packages); pip gets no index, so the install only
passes when building needs nothing from one. The in-tree backend packages the module of --build-dir
(this build tree), so the test builds nothing twice.
"""

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SMOKE = r"""
import numpy as np
import catlab

assert "site-packages" in catlab.__file__, catlab.__file__
glider = np.zeros((16, 16), np.uint8)
for x, y in [(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)]:
    glider[y, x] = 1
sim = catlab.Simulator("B3/S23", catlab.Grid.from_array(glider), backend="cpu")
sim.step(4)
assert sim.generation == 4 and sim.population == 5
assert np.array_equal(sim.to_numpy(), np.roll(glider, (1, 1), axis=(0, 1))), "a glider moves (1, 1) in 4 steps"
try:
    catlab.Rule("B3/S23q")
except catlab.Error as e:
    assert "S23q" in str(e), e
else:
    raise AssertionError("a bad rule was accepted")
print("installed catlab", catlab.__file__)
"""


def run(command, **kwargs):
    print("+", " ".join(str(part) for part in command), flush=True)
    return subprocess.run(command, check=True, **kwargs)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--source", required=True, type=Path)
    parser.add_argument("--build-dir", required=True, type=Path)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME") and not k.startswith("PIP_")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    with tempfile.TemporaryDirectory(prefix="catlab-pip-") as temp:
        venv = Path(temp) / "venv"
        run([sys.executable, "-m", "venv", "--system-site-packages", venv], env=env)
        python = venv / "bin" / "python"
        run([python, "-m", "pip", "install", "--no-index", "--no-cache-dir",
             "--config-settings", f"build-dir={args.build_dir}", args.source], env=env)
        outside = Path(temp) / "elsewhere"
        outside.mkdir()
        result = run([python, "-c", SMOKE], env=env, cwd=outside, capture_output=True, text=True)
        print(result.stdout, end="")
        assert str(venv) in result.stdout, "the package imported is not the one installed"


if __name__ == "__main__":
    main()
