#!/usr/bin/env python3
"""Writes catlab's own pattern collection (assets/patterns): random soups of the CAT paper's 16
Larger-than-Life instances and of ANNEAL, from fixed seeds, so that the files can be made again.

Every "#C identify: ..." line a file carries is a claim the pattern collection test checks with catlab's
Identify. Objects (ltl-bugs/, generations/) are written by hand, not by this script.

Usage: tools/make_patterns.py [ASSETS_PATTERNS_FOLDER]
"""
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def rle_rows(cells, width, height):
    """Run-length encodes rows of 0/1 cells as Golly writes them, lines at most 70 characters."""
    runs = []
    for y in range(height):
        row = cells[y]
        x = 0
        while x < width:
            value = row[x]
            end = x
            while end < width and row[end] == value:
                end += 1
            runs.append((end - x, "o" if value else "b"))
            x = end
        if runs and runs[-1][1] == "b":
            runs.pop()  # trailing dead cells of a row are implied
        runs.append((1, "$"))
    while runs and runs[-1][1] == "$":
        runs.pop()
    # Consecutive row ends merge into one "n$".
    merged = []
    for count, tag in runs:
        if merged and merged[-1][1] == tag == "$":
            merged[-1] = (merged[-1][0] + count, tag)
        else:
            merged.append((count, tag))
    text, line = [], ""
    for count, tag in merged + [(1, "!")]:
        token = (str(count) if count > 1 else "") + tag
        if len(line) + len(token) > 70:
            text.append(line)
            line = ""
        line += token
    text.append(line)
    return "\n".join(text)


def soup(side, density, seed):
    rng = random.Random(seed)
    return [[1 if rng.random() < density else 0 for _ in range(side)] for _ in range(side)]


def write_soup(path, name, comments, rule, side, torus, density, seed):
    cells = soup(side, density, seed)
    lines = [f"#N {name}"] + [f"#C {c}" for c in comments]
    lines.append(f"#C A {side}x{side} random soup at density {density} (seed {seed}) on a {torus}x{torus} torus.")
    lines.append(f"x = {side}, y = {side}, rule = {rule}:T{torus},{torus}")
    lines.append(rle_rows(cells, side, side))
    path.write_text("\n".join(lines) + "\n")


def main():
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "assets" / "patterns"
    cat = out / "cat-paper"
    cat.mkdir(parents=True, exist_ok=True)
    # The CAT paper's instances are the cat-r* presets: id;name;density;rule;note.
    presets = [line.split(";") for line in (ROOT / "assets" / "presets.csv").read_text().splitlines()
               if line.startswith("cat-r")]
    for preset_id, title, density, rule, note in presets:
        radius = int(preset_id[len("cat-r"):])
        name = title.split(": ", 1)[1]
        slug = name.lower().replace("'", "").replace(" ", "-")
        fields = dict(item[0:1] and (item[0], item[1:]) for item in rule.split(","))
        side = max(64, 8 * radius)
        write_soup(cat / f"r{radius:02d}-{slug}.rle", f"{name} ({note})",
                   [f"The CAT paper's Larger-than-Life {note[len('CAT paper '):]} (Table III): radius {radius},",
                    f"survival {fields['S']} and birth {fields['B']} live neighbours, the centre not counted,",
                    "at the paper's starting density."],
                   rule, side, 2 * side, float(density), 1000 + radius)
    anneal = out / "anneal"
    anneal.mkdir(parents=True, exist_ok=True)
    for seed, side in ((1, 128), (2, 256)):
        write_soup(anneal / f"anneal-soup-{side}.rle", f"ANNEAL soup {side}",
                   ["Vichniac's twisted majority (ANNEAL, B4678/S35678): a 50% soup whose domains",
                    "anneal into smooth blobs that shrink slowly by surface tension."],
                   "B4678/S35678", side, side, 0.5, seed)


if __name__ == "__main__":
    main()
