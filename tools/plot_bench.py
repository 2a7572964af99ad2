#!/usr/bin/env python3
"""Draw `catlab bench --csv` results like the CAT paper's figures 9 and 10.

Usage: plot_bench.py BENCH.csv OUT.png

Left panel: ms per step against radius (log y), one line per backend.
Right panel: speedup over the `base` backend at the same radius (only when base was measured).
Exit status: 0 on success, 2 for bad usage or an unreadable CSV, 3 when matplotlib is missing.
"""
import csv
import sys


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None  # "n/a"


def main(argv):
    if len(argv) != 3:
        print("usage: plot_bench.py BENCH.csv OUT.png", file=sys.stderr)
        return 2
    csv_path, png_path = argv[1], argv[2]
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot_bench.py: matplotlib is not installed for %s "
              "(apt-get install python3-matplotlib, or pip install matplotlib)" % sys.executable, file=sys.stderr)
        return 3

    try:
        with open(csv_path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        print("plot_bench.py: cannot read %s: %s" % (csv_path, e), file=sys.stderr)
        return 2
    needed = {"backend", "radius", "ms_per_step_median", "speedup_vs_base"}
    if not rows or not needed.issubset(rows[0].keys()):
        print("plot_bench.py: %s is not a catlab bench CSV (or has no rows)" % csv_path, file=sys.stderr)
        return 2

    series = {}  # backend -> [(radius, ms, speedup)]
    for row in rows:
        ms = number(row["ms_per_step_median"])
        if ms is None or ms <= 0:
            continue
        series.setdefault(row["backend"], []).append((int(row["radius"]), ms, number(row["speedup_vs_base"])))

    first = rows[0]
    size = "%sx%s" % (first.get("width", "?"), first.get("height", "?"))
    gpu = first.get("gpu", "none")
    gpu = "no GPU" if gpu in ("", "none") else gpu
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8))
    any_speedup = False
    speedups = []
    for backend, points in series.items():
        points.sort()
        radii = [p[0] for p in points]
        left.plot(radii, [p[1] for p in points], marker="o", label=backend)
        sp = [(p[0], p[2]) for p in points if p[2] is not None]
        if sp:
            any_speedup = True
            speedups += [p[1] for p in sp if p[1] > 0]
            right.plot([p[0] for p in sp], [p[1] for p in sp], marker="o", label=backend)
    # Memory floors (one per layout: bytes a step must move / measured bandwidth) as dashed lines.
    floors = sorted({round(f, 4) for f in (number(r.get("floor_ms", "n/a")) for r in rows) if f})
    for i, floor in enumerate(floors):
        left.axhline(floor, linestyle="--", color="grey", linewidth=1)
        left.text(1.0, floor, " floor %.3g ms" % floor, color="grey", va="bottom", ha="right",
                  transform=left.get_yaxis_transform())
    all_radii = [p[0] for points in series.values() for p in points]
    if all_radii and max(all_radii) > 40 * min(all_radii):
        left.set_xscale("log")
        right.set_xscale("log")
    left.set_yscale("log")
    left.set_xlabel("radius r")
    left.set_ylabel("time per step [ms]")
    left.set_title("Time per step, n = %s" % size)
    left.grid(True, which="both", alpha=0.3)
    if series:
        left.legend()
    right.set_xlabel("radius r")
    if speedups and max(speedups) > 50 * min(speedups):  # speedups spanning orders of magnitude
        right.set_yscale("log")
    right.set_ylabel("speedup over base")
    right.set_title("Speedup over BASE")
    right.grid(True, which="both", alpha=0.3)
    if any_speedup:
        right.legend()
    else:
        right.text(0.5, 0.5, "base was not measured", ha="center", va="center", transform=right.transAxes)
    fig.suptitle("catlab bench on %s (commit %s, %s)" % (gpu, first.get("commit", "?"), first.get("date", "?")))
    fig.tight_layout()
    try:
        fig.savefig(png_path, dpi=120, format="png")  # catlab passes a temporary name without .png
    except OSError as e:
        print("plot_bench.py: cannot write %s: %s" % (png_path, e), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
