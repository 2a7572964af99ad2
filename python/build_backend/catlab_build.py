"""Builds the catlab wheel with CMake for `pip install .` (PEP 517).

Nothing but the standard library and CMake: pip has nothing to download, so the install works offline,
e.g. in a virtual environment made with `python3 -m venv --system-site-packages` (NumPy from Debian).

Config settings (`pip install -C key=value .`):
  build-dir   the CMake build tree (default: build/wheel in the source tree, reused by later installs).
              A tree configured already is only built, so an existing build can be packaged as it is.
  cmake-args  more arguments for configuring, e.g. "-DCATLAB_CUDA=OFF" (also read from $CMAKE_ARGS).
"""

import base64
import hashlib
import os
import re
import shlex
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2]
NAME = "catlab"


def _version():
    text = (SOURCE / "CMakeLists.txt").read_text()
    match = re.search(r"project\(catlab VERSION ([0-9.]+)", text)
    if not match:
        raise RuntimeError("CMakeLists.txt names no catlab version")
    return match.group(1)


def _tag():
    """This interpreter's wheel tag: the module is built for it alone."""
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{python}-{python}{sys.abiflags}-{platform}"


def _run(command):
    print("catlab:", shlex.join(str(part) for part in command), file=sys.stderr, flush=True)
    subprocess.run(command, check=True)


def _build_module(settings):
    """Configures (when new) and builds the catlab_python target; returns the built package's folder."""
    build_dir = Path(settings.get("build-dir") or SOURCE / "build" / "wheel").resolve()
    if not (build_dir / "CMakeCache.txt").exists():
        generator = ["-G", "Ninja"] if _which("ninja") else []
        extra = shlex.split(os.environ.get("CMAKE_ARGS", "")) + shlex.split(settings.get("cmake-args", ""))
        _run(["cmake", "-S", SOURCE, "-B", build_dir, *generator, "-DCMAKE_BUILD_TYPE=Release",
              "-DCATLAB_PYTHON=ON", "-DCATLAB_GUI=OFF", "-DCATLAB_VIDEO=OFF", "-DCATLAB_TESTS=OFF",
              f"-DPython3_EXECUTABLE={sys.executable}", *extra])
    _run(["cmake", "--build", build_dir, "--target", "catlab_python"])
    package = build_dir / "python" / NAME
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    if not (package / f"_catlab{suffix}").exists():
        built = sorted(p.name for p in package.glob("_catlab*")) or ["nothing"]
        raise RuntimeError(f"{build_dir} holds {', '.join(built)}, not _catlab{suffix} for this Python "
                           f"({sys.executable}): give another build-dir")
    return package


def _which(program):
    return any((Path(folder) / program).exists() for folder in os.environ.get("PATH", "").split(os.pathsep))


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def _metadata(version):
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {version}\n"
            "Summary: Cellular automata on the GPU and the CPU: the catlab engine from Python\n"
            "Requires-Python: >=3.9\nRequires-Dist: numpy\n")


def get_requires_for_build_wheel(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    package = _build_module(config_settings or {})
    version = _version()
    tag = _tag()
    dist_info = f"{NAME}-{version}.dist-info"
    files = {f"{NAME}/{path.name}": path.read_bytes()
             for path in sorted(package.iterdir()) if path.suffix in (".py", ".so")}
    files[f"{dist_info}/METADATA"] = _metadata(version).encode()
    files[f"{dist_info}/WHEEL"] = (f"Wheel-Version: 1.0\nGenerator: catlab_build\nRoot-Is-Purelib: false\n"
                                   f"Tag: {tag}\n").encode()
    record = "".join(_record_line(name, data) for name, data in files.items()) + f"{dist_info}/RECORD,,\n"
    files[f"{dist_info}/RECORD"] = record.encode()
    wheel_name = f"{NAME}-{version}-{tag}.whl"
    with zipfile.ZipFile(Path(wheel_directory) / wheel_name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            wheel.writestr(name, data)
    return wheel_name
