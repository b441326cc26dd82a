#!/usr/bin/env python3
"""Deterministic benchmark workloads for piec (Python 3 stdlib only).

    python3 bench/gen_workloads.py OUTDIR [--specs 1000] [--big 10000,100000]

Writes, under OUTDIR:
    cold/cold.yaml                 one 5-slice spec (cold start)
    donut/donut.yaml               the default 8-slice donut of issue 27's bytes target
    specs/chart-0000.yaml ...      --specs specs of 8 slices with varied options
    big-<n>/big-<n>.yaml           one spec with n slices for each n in --big

Output bytes depend only on the arguments: a fixed seed drives a small PRNG
(splitmix64, not `random`, so the bytes never change with the Python version),
and nothing reads the clock or the environment. Every spec is valid piec spec
version 1 (only keys of the implemented language; ids `[a-z0-9][a-z0-9_-]*`;
numbers are plain decimals).
"""

import argparse
import os
import sys

SEED = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1


class Rng:
    """splitmix64: tiny, fast and fully specified."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def choice(self, items):
        return items[self.below(len(items))]

    def chance(self, percent):
        return self.below(100) < percent

    def sample(self, items, k):
        pool = list(items)
        out = []
        for _ in range(k):
            out.append(pool.pop(self.below(len(pool))))
        return out


WORDS = [
    "Swift", "Python", "Go", "Rust", "TypeScript", "Kotlin", "Java", "Ruby", "Shell", "Perl",
    "Haskell", "Elixir", "Scala", "Lua", "Zig", "Julia", "Dart", "OCaml", "Clojure", "Erlang",
    "Engineering", "Sales", "Marketing", "Support", "Office", "Legal", "Finance", "Research",
    "Photos", "Video", "Apps", "System", "Music", "Documents", "Backups", "Mail",
    "Chrome", "Firefox", "Safari", "Edge", "Opera", "Brave", "Vivaldi", "Lynx",
    "North", "South", "East", "West", "Central", "Overseas", "Online", "Retail",
    "Rent", "Food", "Travel", "Health", "Savings", "Utilities", "Insurance", "Leisure",
]
# Labels that need quoting or escaping in YAML, XML and CSS-free text.
ODD_LABELS = ["R&D", "Q&A", "C++", "<none>", "Ops \"core\"", "Caf\u00e9", "\u65e5\u672c", "50/50"]
ODD_IDS = ["rnd", "qna", "cpp", "none", "ops-core", "cafe", "nihon", "fifty_fifty"]
NAMED_PALETTES = ["default", "okabe-ito", "tol-bright", "tol-muted", "viridis", "grayscale", "hue"]
TEMPLATES = ["{label}", "{percent}", "{label} {percent}", "{value}", "{label}: {value}", "{id}"]
EASINGS = ["ease-in-out", "ease", "linear", "ease-out", "cubic-bezier(0.2, 0, 0, 1)"]


def dec(x, places):
    """A plain decimal (`-?(0|[1-9][0-9]*)(\\.[0-9]+)?`) from an integer count of 10^-places."""
    sign = "-" if x < 0 else ""
    x = abs(x)
    if places == 0:
        return sign + str(x)
    whole, frac = divmod(x, 10 ** places)
    frac_s = str(frac).rjust(places, "0").rstrip("0")
    return sign + str(whole) + ("." + frac_s if frac_s else "")


def q(text):
    """A YAML double-quoted scalar."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def color(rng):
    return "#%06x" % rng.below(1 << 24)


def slice_values(rng, n):
    places = rng.choice([0, 1, 2])
    values = [rng.below(1000 * 10 ** places) + 1 for _ in range(n)]
    if rng.chance(10):
        values[rng.below(n)] = 0  # a zero slice draws nothing
    return values, places


def chart_section(rng, lines, value_sum):
    lines.append("chart:")
    lines.append("  size: %d" % (240 + 20 * rng.below(13)))
    if rng.chance(60):
        lines.append("  innerRadius: %s" % dec(30 + 5 * rng.below(9), 2))
    if rng.chance(25):
        lines.append("  startAngle: %s" % rng.choice(["-90", "45", "90", "-22.5"]))
    if rng.chance(15):
        lines.append("  sweep: %s" % rng.choice(["180", "270", "300"]))
    if rng.chance(30):
        lines.append("  direction: counterclockwise")
    if rng.chance(10):
        lines.append("  total: %s" % dec(value_sum + value_sum // 4 + 1, 0))
        lines.append("  track: \"%s\"" % color(rng))
    if rng.chance(40):
        lines.append("  sort: %s" % rng.choice(["none", "ascending", "descending"]))


def style_sections(rng, lines):
    lines.append("labels:")
    if rng.chance(10):
        lines.append("  position: none")
    else:
        lines.append("  content: %s" % q(rng.choice(TEMPLATES)))
        lines.append("  position: inside")
        lines.append("  minPercent: %d" % rng.below(8))
    if rng.chance(50):
        lines.append("format:")
        lines.append("  decimals: %d" % rng.below(3))
        if rng.chance(50):
            lines.append("  prefix: %s" % q(rng.choice(["$", "\u20ac", "~"])))
        if rng.chance(50):
            lines.append("  suffix: %s" % q(rng.choice(["k", " MB", "%", " h"])))
    lines.append("legend:")
    lines.append("  position: %s" % rng.choice(["none", "top", "right", "bottom", "left"]))
    lines.append("theme:")
    if rng.chance(20):
        palette = ", ".join(q(color(rng)) for _ in range(3 + rng.below(6)))
        lines.append("  palette: [%s]" % palette)
    else:
        lines.append("  palette: %s" % rng.choice(NAMED_PALETTES))
    if rng.chance(40):
        lines.append("  stroke: { color: \"%s\", width: %s }" % (color(rng), dec(rng.below(30), 1)))
    if rng.chance(20):
        lines.append("  background: \"%s\"" % color(rng))
    lines.append("animation:")
    lines.append("  duration: %s" % rng.choice(["800ms", "600ms", "1.2s", "400ms"]))
    lines.append("  easing: %s" % q(rng.choice(EASINGS)))
    if rng.chance(20):
        lines.append("  delay: %s" % rng.choice(["100ms", "0.25s"]))
    lines.append("  enter: %s" % rng.choice(["grow", "grow", "fade", "none"]))


def slice_line(rng, label, sid, value, places, explicit_id):
    parts = []
    if explicit_id:
        parts.append("id: %s" % sid)
    parts.append("label: %s" % q(label))
    parts.append("value: %s" % dec(value, places))
    if rng.chance(20):
        parts.append("color: \"%s\"" % color(rng))
    if rng.chance(8):
        parts.append("radius: %s" % dec(50 + rng.below(51), 2))
    if rng.chance(8):
        parts.append("description: %s" % q("About " + label))
    return "  - { " + ", ".join(parts) + " }"


def eight_slice_spec(rng, index):
    """One spec of 8 slices with options drawn from the whole language."""
    n = 8
    values, places = slice_values(rng, n)
    lines = ["# generated by bench/gen_workloads.py (spec %d)" % index, "piec: 1"]
    if rng.chance(50):
        lines.append("id: chart-%04d" % index)
    lines.append("title: %s" % q("Benchmark chart %d" % index))
    if rng.chance(50):
        lines.append("description: %s" % q("Generated workload number %d" % index))
    chart_section(rng, lines, sum(values) // 10 ** places + 1)
    style_sections(rng, lines)
    lines.append("slices:")
    words = rng.sample(WORDS, n)
    odd = rng.below(len(ODD_LABELS)) if rng.chance(25) else None
    for k in range(n):
        label, sid, explicit = words[k], words[k].lower(), rng.chance(30)
        if odd is not None and k == n - 1:
            label, sid, explicit = ODD_LABELS[odd], ODD_IDS[odd], True
        lines.append(slice_line(rng, label, sid, values[k], places, explicit))
    return "\n".join(lines) + "\n"


def cold_spec():
    """The fixed 5-slice spec of the cold-start row (a labelled donut with a legend)."""
    return """# generated by bench/gen_workloads.py (cold start)
piec: 1
id: cold
title: Languages in the monorepo
chart:
  size: 320
  innerRadius: 0.55
labels:
  content: "{label} {percent}"
legend:
  position: right
slices:
  - { id: swift, label: Swift, value: 42.5, color: "#f05138" }
  - { id: python, label: Python, value: 24 }
  - { id: go, label: Go, value: 12 }
  - { id: typescript, label: TypeScript, value: 11.5 }
  - { id: rust, label: Rust, value: 7 }
"""


def donut_spec():
    """The default 8-slice donut as a user writes it (issue 27's bytes target): a title,
    `chart.innerRadius: 0.5`, eight slices with ids and labels, everything else default."""
    return """# generated by bench/gen_workloads.py (the default 8-slice donut)
piec: 1
title: Browser share
chart:
  innerRadius: 0.5
slices:
  - {id: chrome, label: Chrome, value: 64}
  - {id: safari, label: Safari, value: 19}
  - {id: edge, label: Edge, value: 5}
  - {id: firefox, label: Firefox, value: 3}
  - {id: samsung, label: Samsung Internet, value: 2.5}
  - {id: opera, label: Opera, value: 2.2}
  - {id: uc, label: UC Browser, value: 1.4}
  - {id: other, label: Other, value: 2.9}
"""


def big_spec(rng, n):
    """One spec with n slices, labels `Item k` (ids `item-k`), no labels drawn, no legend."""
    lines = [
        "# generated by bench/gen_workloads.py (%d slices)" % n,
        "piec: 1",
        "id: big-%d" % n,
        "title: %s" % q("%d slices" % n),
        "chart:",
        "  size: 480",
        "  innerRadius: 0.5",
        "labels:",
        "  position: none",
        "legend:",
        "  position: none",
        "slices:",
    ]
    for k in range(n):
        lines.append("  - { label: Item %d, value: %s }" % (k + 1, dec(rng.below(100000) + 1, 2)))
    return "\n".join(lines) + "\n"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir")
    ap.add_argument("--specs", type=int, default=1000, help="number of 8-slice specs (default 1000)")
    ap.add_argument("--big", default="10000,100000", help="comma-separated slice counts of the big specs")
    args = ap.parse_args(argv)
    write(os.path.join(args.outdir, "cold", "cold.yaml"), cold_spec())
    write(os.path.join(args.outdir, "donut", "donut.yaml"), donut_spec())
    rng = Rng(SEED)
    for i in range(args.specs):
        write(os.path.join(args.outdir, "specs", "chart-%04d.yaml" % i), eight_slice_spec(rng, i))
    for n in [int(x) for x in args.big.split(",") if x.strip()]:
        write(os.path.join(args.outdir, "big-%d" % n, "big-%d.yaml" % n), big_spec(Rng(SEED + n), n))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
