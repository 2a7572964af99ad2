#!/usr/bin/env python3
"""A soak test of the catlab window: one process driven by a script for MINUTES, switching rules, radii,
neighbourhoods, states, backends, grid sizes and scenes and recording on and off, while its resident host
memory (and, with nvidia-smi, its GPU memory) is sampled. It fails when catlab reports an error or exits
non-zero, or when memory still grows after the first part of the run.

    python3 tools/soak.py --minutes 2 --catlab build/bin/catlab --out soak-out   # needs a display (xvfb-run)

Writes OUT/soak-script.txt, OUT/soak-memory.csv (seconds, rss_mib, gpu_mib), OUT/soak-log.txt and
prints the memory at the start, mid-run and the end.
"""

import argparse
import csv
import os
import shutil
import subprocess
import sys
import time

FPS = 30  # frames are paced at this rate, so a script's length in frames sets the run's length
PRESETS = ["bosco", "life", "anneal", "cat-r5", "cat-r10", "majority", "cat-r2"]
RADII = [1, 3, 7, 12, 5]
SHAPES = ["moore", "vonneumann", "circular"]
SIZES = ["256x256", "384x320", "512x448", "320x512"]
CLOUDS = ["48x48x16", "64x64x24", "40x56x20"]


def available_backends(catlab):
    """The backends `catlab backends` says run here, but the oracle (too slow at these sizes)."""
    lines = subprocess.run([catlab, "backends"], check=True, capture_output=True, text=True).stdout.splitlines()
    names = []
    for line in lines:
        fields = line.split()
        if len(fields) >= 3 and fields[1] in ("CPU", "GPU") and fields[2] == "yes" and fields[0] != "cpu-naive":
            names.append(fields[0])
    return names


def soak_script(frames_wanted, backends, video):
    """Blocks of changes until the script lasts frames_wanted frames, then quit."""
    lines = ["fps %d" % FPS, "play", "panel show"]
    frames, i = 0, 0
    while frames < frames_wanted:
        block = [
            "rule %s" % PRESETS[i % len(PRESETS)], "frames 20",
            "radius %d" % RADII[i % len(RADII)], "frames 15",
            "neighbourhood %s" % SHAPES[i % len(SHAPES)], "frames 15",
            "states %d" % (4 if i % 2 else 2), "frames 10",
            "backend %s" % backends[i % len(backends)], "frames 20",
            "size %s" % SIZES[i % len(SIZES)], "frames 20",
            "scene cloud", "cloud-size %s" % CLOUDS[i % len(CLOUDS)], "frames 20", "scene 2d",
        ]
        if i % 3 == 0:
            block += ["record %s" % video, "frames 30", "record-stop"]
        lines += block
        frames += sum(int(c.split()[1]) for c in block if c.startswith("frames"))
        i += 1
    return lines + ["status", "quit"]


def resident_mib(pid):
    try:
        with open("/proc/%d/status" % pid) as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return None


def gpu_mib(pid):
    if not shutil.which("nvidia-smi"):
        return None
    query = ["nvidia-smi", "--query-compute-apps=pid,used_memory", "--format=csv,noheader,nounits"]
    try:
        out = subprocess.run(query, capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    for line in out.splitlines():
        fields = [f.strip() for f in line.split(",")]
        if len(fields) == 2 and fields[0] == str(pid):
            return float(fields[1])
    return 0.0


def peak(samples, start, end, column):
    values = [s[column] for s in samples if start <= s[0] <= end and s[column] is not None]
    return max(values) if values else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=2.0)
    parser.add_argument("--catlab", default="build/bin/catlab")
    parser.add_argument("--out", default="soak-out")
    parser.add_argument("--window", default="800x600")
    parser.add_argument("--growth", type=float, default=0.10, help="allowed growth after warm-up (fraction)")
    parser.add_argument("--slack-mib", type=float, default=24.0, help="allowed growth after warm-up (MiB)")
    args = parser.parse_args()
    if args.minutes <= 0:
        sys.exit("soak: --minutes must be positive")
    os.makedirs(args.out, exist_ok=True)

    backends = available_backends(args.catlab)
    if not backends:
        sys.exit("soak: `%s backends` lists no backend that runs here" % args.catlab)
    script = os.path.join(args.out, "soak-script.txt")
    with open(script, "w") as f:
        f.write("\n".join(soak_script(int(args.minutes * 60 * FPS), backends, os.path.join(args.out, "soak.mp4"))))
        f.write("\n")

    log_path = os.path.join(args.out, "soak-log.txt")
    command = [args.catlab, "--script", script, "--window", args.window, "--rule", "bosco", "--size", "256"]
    print("soak: %s, %.1f minutes, backends %s" % (" ".join(command), args.minutes, ", ".join(backends)), flush=True)
    samples = []
    started = time.monotonic()
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = started + max(3 * args.minutes * 60, 120)
        while process.poll() is None:
            now = time.monotonic() - started
            samples.append((now, resident_mib(process.pid), gpu_mib(process.pid)))
            if time.monotonic() > deadline:
                process.kill()
                process.wait()
                sys.exit("soak: catlab did not finish its script in %.0f s (see %s)" % (deadline - started, log_path))
            time.sleep(0.5)
    elapsed = time.monotonic() - started

    with open(os.path.join(args.out, "soak-memory.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["seconds", "rss_mib", "gpu_mib"])
        for t, rss, gpu in samples:
            writer.writerow(["%.1f" % t, "" if rss is None else "%.1f" % rss, "" if gpu is None else "%.0f" % gpu])

    failures = []
    if process.returncode != 0:
        failures.append("catlab exited with %d (see %s)" % (process.returncode, log_path))
    with open(log_path) as log:
        errors = [line.rstrip() for line in log if "error" in line.lower()]
    failures += ["catlab said: " + e for e in errors[:5]]

    # Warm-up: the first 40% of the run (every kind of change has happened by then); memory after it
    # must stay within the allowance of its peak in the next 20%.
    settled = peak(samples, 0.4 * elapsed, 0.6 * elapsed, 1)
    final = peak(samples, 0.8 * elapsed, elapsed, 1)
    start = peak(samples, 0, min(10, elapsed), 1)
    print("soak: %.0f s, host RSS MiB: start %s, settled (40-60%%) %s, end (last 20%%) %s" %
          (elapsed, start, settled, final))
    gpu_settled, gpu_final = peak(samples, 0.4 * elapsed, 0.6 * elapsed, 2), peak(samples, 0.8 * elapsed, elapsed, 2)
    if gpu_settled is not None:
        print("soak: GPU MiB: start %s, settled %s, end %s" % (peak(samples, 0, min(10, elapsed), 2), gpu_settled,
                                                               gpu_final))
    for name, a, b in (("host RSS", settled, final), ("GPU memory", gpu_settled, gpu_final)):
        if a is not None and b is not None and b > a * (1 + args.growth) + args.slack_mib:
            failures.append("%s grew from %.1f to %.1f MiB after the warm-up" % (name, a, b))
    for failure in failures:
        print("soak: FAILED: " + failure, file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
