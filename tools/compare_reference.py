#!/usr/bin/env python3
"""Markdown tables from `catlab bench --csv` files: ms/step per backend and radius, and the ratio to the
CAT paper's reference code measured on the same kind of GPU.

usage: tools/compare_reference.py REFERENCE.csv BENCH.csv [BENCH.csv ...]
"""
import csv
import sys


def read_reference(path):
    ref = {}
    with open(path) as f:
        for row in csv.reader(line for line in f if not line.startswith("#")):
            if row[0] != "method":
                ref[(row[0].lower(), int(row[1]), int(row[2]))] = float(row[3])
    return ref


def read_bench(path):
    by_backend = {}
    size = None
    with open(path) as f:
        for row in csv.DictReader(f):
            if row["status"] != "ok":
                continue
            size = int(row["width"])
            by_backend.setdefault(row["backend"], {})[int(row["radius"])] = float(row["ms_per_step_median"])
    return size, by_backend


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    ref = read_reference(sys.argv[1])
    ratios = []
    for path in sys.argv[2:]:
        n, by_backend = read_bench(path)
        radii = sorted({r for times in by_backend.values() for r in times})
        print(f"### ms/step at n = {n}\n")
        print("| r | " + " | ".join(by_backend) + " |")
        print("|---|" + "---:|" * len(by_backend))
        for r in radii:  # the fastest of each radius in bold
            best = min(t[r] for t in by_backend.values() if r in t)
            cells = [("-" if r not in t else f"**{t[r]:.3g}**" if t[r] == best else f"{t[r]:.3g}")
                     for t in by_backend.values()]
            print(f"| {r} | " + " | ".join(cells) + " |")
        print()
        for backend, times in by_backend.items():
            cells = []
            for r in (1, 2, 4, 8, 16):
                key = (backend, r, n)
                if r in times and key in ref:
                    cells.append(f"{times[r]:.3g} / {ref[key]:.3g} = **{times[r] / ref[key]:.2f}**")
                else:
                    cells.append("-")
            if any(c != "-" for c in cells):
                ratios.append(f"| {backend} | {n} | " + " | ".join(cells) + " |")
    print("### Against the reference (ours / reference ms/step; below 1 is faster)\n")
    print("| backend | n | r=1 | r=2 | r=4 | r=8 | r=16 |")
    print("|---|---|---:|---:|---:|---:|---:|")
    print("\n".join(ratios))


if __name__ == "__main__":
    main()
