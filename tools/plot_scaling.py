#!/usr/bin/env python3
"""Draw the scaling of one grid over several GPUs from `catlab bench --gpus N --csv` files.

Usage: plot_scaling.py OUT.png RUN.csv...

Each CSV holds one run (its `total` rows: one per radius). A run is weak scaling when its grid's height is
its width times its ranks (60416 x 60416*N) and strong scaling when the grid is the same for every N. Each
run of N > 1 ranks is compared with the one-rank run of the same kind whose file name ends with the same
tag (`-h200x4-534d28f.csv`), or else with any one-rank run of that kind (printed on stdout when so).
Left: weak-scaling efficiency t1 / tN against GPUs; right: strong-scaling speed-up t1 / tN with the
ideal line; one line per radius.
Exit status: 0 on success, 2 for bad usage or an unreadable CSV, 3 when matplotlib is missing.
"""
import csv
import os
import sys


def read_run(path):
    """(width, height, ranks, gpu, tag, {radius: ms}) of one CSV's total rows."""
    times, shape, gpu = {}, None, ""
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if row.get("rank") != "total" or row.get("status") != "ok":
                continue
            shape = (int(row["width"]), int(row["height"]), int(row["ranks"]))
            gpu = row.get("gpu", "")
            times[int(row["radius"])] = float(row["ms_per_step"])
    if not times:
        raise ValueError(f"{path}: no 'total' rows with status ok")
    name = os.path.basename(path)
    tag = name[name.rindex("-", 0, name.rindex("-")):]  # "-h200x4-534d28f.csv"
    return (*shape, gpu, tag, times)


def kind_of(run, runs):
    """'weak' (60416 x 60416*N) or 'strong' (one grid for every N); a one-rank run is strong when a run
    of several ranks has its grid."""
    width, height, ranks = run[1:4]
    if ranks > 1:
        return "weak" if height == width * ranks else "strong"
    return "strong" if any(r[3] > 1 and r[1:3] == (width, height) for r in runs) else "weak"


def main(argv):
    if len(argv) < 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    out, paths = argv[1], argv[2:]
    try:
        runs = [(path, *read_run(path)) for path in paths]
    except (OSError, ValueError, KeyError) as e:
        print(f"plot_scaling.py: {e}", file=sys.stderr)
        return 2
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot_scaling.py: matplotlib is missing (apt-get install python3-matplotlib)", file=sys.stderr)
        return 3

    ratios = {"weak": {}, "strong": {}}  # kind -> radius -> [(gpus, t1 / tN)]
    for run in runs:
        path, ranks, tag, times = run[0], run[3], run[5], run[6]
        if ranks == 1:
            continue
        kind = kind_of(run, runs)
        bases = [r for r in runs if r[3] == 1 and kind_of(r, runs) == kind]
        base = next((r for r in bases if r[5] == tag), bases[0] if bases else None)
        if base is None:
            print(f"plot_scaling.py: {path}: no one-rank {kind} run to compare with", file=sys.stderr)
            return 2
        if base[5] != tag:
            print(f"{os.path.basename(path)}: compared with {os.path.basename(base[0])}")
        for radius, ms in times.items():
            if radius in base[6]:
                ratios[kind].setdefault(radius, []).append((ranks, base[6][radius] / ms))

    fig, (weak, strong) = plt.subplots(1, 2, figsize=(11, 4.2))
    for axis, kind in ((weak, "weak"), (strong, "strong")):
        for radius in sorted(ratios[kind]):
            points = [(1, 1.0)] + sorted(ratios[kind][radius])
            axis.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=f"r = {radius}")
        axis.set_xlabel("GPUs")
        axis.set_xticks(sorted({p[0] for r in ratios[kind].values() for p in r} | {1}))
        axis.grid(True, alpha=0.3)
        axis.legend()
    gpus = sorted({p[0] for r in ratios["strong"].values() for p in r} | {1})
    strong.plot(gpus, gpus, "k--", linewidth=0.8, label="ideal")
    weak.axhline(0.95, color="k", linestyle="--", linewidth=0.8)
    weak.set_ylim(0.9, 1.02)
    weak.set_ylabel("weak-scaling efficiency t1 / tN (60416^2 a GPU)")
    strong.set_ylabel("strong-scaling speed-up t1 / tN (131072^2)")
    gpus_named = sorted({r[4] for r in runs if r[4]})
    fig.suptitle("one grid over several GPUs (NCCL), " + ", ".join(gpus_named))
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
