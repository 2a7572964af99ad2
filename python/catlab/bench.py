"""Time backends on one rule and grid, as `catlab bench` does: the median of repeats of timed steps."""

import statistics
from typing import NamedTuple, Optional

from ._catlab import Rule, Simulator, backend as find_backend, backends as all_backends


class BenchResult(NamedTuple):
    backend: str
    where: str  # 'cpu' or 'gpu'
    ms_per_step: Optional[float]  # None when skipped
    cell_updates_per_s: Optional[float]
    timer: str  # 'cuda-events', 'steady_clock', or '' when skipped
    skipped: str  # why it was not timed, or ''


def bench(rule, size=1024, backends="all", steps=None, seconds=0.2, repeats=3, warmup=1, density=0.5, seed=1):
    """Times each backend on `rule` over a random grid of `size` ((width, height) or a side).

    backends: 'all' (every backend built in), or a list of names. Each repeat runs `steps` steps (by
    default as many as take about `seconds`) and the median ms/step is reported. Backends that cannot
    run here or cannot compute the rule exactly are listed with the reason instead of a time.
    """
    if not isinstance(rule, Rule):
        rule = Rule(rule)
    if repeats < 1 or warmup < 0 or (steps is not None and steps < 1) or not seconds > 0:
        raise ValueError("repeats >= 1, warmup >= 0, steps >= 1 and seconds > 0, please")
    width, height = (size, size) if isinstance(size, int) else size
    specs = all_backends() if backends == "all" else [find_backend(name) for name in backends]
    results = []
    for spec in specs:
        why = spec.unavailable_reason or spec.unsupported_reason(rule)
        if why:
            results.append(BenchResult(spec.name, spec.where, None, None, "", why))
            continue
        simulator = Simulator(rule, size=(width, height), density=density, seed=seed, backend=spec.name)
        if warmup:
            simulator.timed_step(warmup)
        n = steps
        if n is None:
            once = max(simulator.timed_step(1), 1e-3)
            n = max(1, int(seconds * 1000.0 / once))
        ms = statistics.median(simulator.timed_step(n) / n for _ in range(repeats))
        rate = width * height / (ms / 1000.0) if ms > 0 else float("inf")
        results.append(BenchResult(spec.name, spec.where, ms, rate, simulator.step_timer, ""))
    return results
