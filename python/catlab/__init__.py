"""catlab: cellular automata on the GPU and the CPU, from Python.

The engine as it is: rules (Rule, parse_rule, presets, Rule.reshape), grids (Grid, a NumPy array without
a copy), every backend (backends()), the Simulator, RLE, the cloud automaton, and bench(). A simulator's
state is handed out without a copy by Simulator.state(): NumPy takes a host state, CuPy and PyTorch a
device one (__cuda_array_interface__, DLPack), in the backend's own layout; unpack() turns any layout
into one byte per cell. Errors of the engine are raised as catlab.Error with its message.
"""

from ._catlab import (
    Backend,
    CloudParams,
    CloudSimulation,
    CloudSource,
    CloudWind,
    Error,
    Grid,
    Pattern,
    Preset,
    Rule,
    Simulator,
    StateView,
    backend,
    backends,
    choose_backend,
    cloud_backends,
    default_cloud_source,
    default_preset,
    find_preset,
    first_difference,
    format_rle,
    gpu_device,
    gpu_unavailable_reason,
    parse_rle,
    parse_rule,
    presets,
    read_pattern,
    read_rle,
    resolve_rule,
    write_rle,
)
from .bench import BenchResult, bench
from .layouts import unpack

__all__ = [
    "Backend",
    "BenchResult",
    "CloudParams",
    "CloudSimulation",
    "CloudSource",
    "CloudWind",
    "Error",
    "Grid",
    "Pattern",
    "Preset",
    "Rule",
    "Simulator",
    "StateView",
    "backend",
    "backends",
    "bench",
    "choose_backend",
    "cloud_backends",
    "default_cloud_source",
    "default_preset",
    "find_preset",
    "first_difference",
    "format_rle",
    "gpu_device",
    "gpu_unavailable_reason",
    "parse_rle",
    "parse_rule",
    "presets",
    "read_pattern",
    "read_rle",
    "resolve_rule",
    "unpack",
    "write_rle",
]
