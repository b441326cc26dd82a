#!/usr/bin/env python3
"""Turns the results of bench/run.sh into markdown (stdout) and, with --write, BENCHMARKS.md.

    python3 bench/report.py RESULTS_DIR [--write BENCHMARKS.md]

RESULTS_DIR holds hyperfine's JSON exports (cold, cold-peers, svg, svg-peers, full, rebuild,
big) and metrics.txt (key=value lines: machine, versions, sizes, peak RSS, output folders).
Python 3 stdlib only.
"""

import argparse
import gzip
import json
import os
import sys

PENDING = "pending"


def load_metrics(res):
    m = {}
    path = os.path.join(res, "metrics.txt")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    m[k] = v
    return m


def load_group(res, name):
    """{label: {"median": s, "stddev": s}} for one hyperfine export, or {}."""
    path = os.path.join(res, name + ".json")
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return {r["command"]: r for r in data["results"]}


def fmt_time(s):
    if s is None:
        return PENDING
    if s >= 1:
        return "%.2f s" % s
    ms = s * 1000
    if ms >= 100:
        return "%.0f ms" % ms
    if ms >= 10:
        return "%.1f ms" % ms
    if ms >= 1:
        return "%.2f ms" % ms
    return "%.0f µs" % (ms * 1000)


def fmt_ratio(x):
    if x is None:
        return "–"
    return "%.2fx" % x if x < 10 else "%.0fx" % x


def median(group, label):
    r = group.get(label)
    return r["median"] if r else None


def ratio(a, b):
    return a / b if a is not None and b else None


def svg_bytes(folder):
    """(files, raw bytes, gzip -6 bytes) of every chart.svg (else *.svg) below folder."""
    if not folder or not os.path.isdir(folder):
        return None
    found = {"chart": [], "any": []}
    for root, _, files in os.walk(folder):
        for f in files:
            if f == "chart.svg":
                found["chart"].append(os.path.join(root, f))
            elif f.endswith(".svg"):
                found["any"].append(os.path.join(root, f))
    paths = found["chart"] or found["any"]
    raw = gz = 0
    for p in paths:
        with open(p, "rb") as fh:
            data = fh.read()
        raw += len(data)
        gz += len(gzip.compress(data, compresslevel=6, mtime=0))
    return (len(paths), raw, gz) if paths else None


class Report:
    def __init__(self, res):
        self.m = load_metrics(res)
        self.g = {n: load_group(res, n) for n in ["cold", "cold-peers", "svg", "svg-peers", "full", "rebuild", "big"]}
        self.specs = int(self.m.get("specs", "1000"))
        self.peer_specs = int(self.m.get("peer_specs", str(self.specs)))
        self.small = int(self.m.get("big_small", "10000"))
        self.large = int(self.m.get("big_large", "100000"))
        self.piec_ok = self.m.get("piec_ok") == "1"
        self.peers = self.m.get("peers") == "1"
        self.lines = []
        self.targets = []

    def out(self, line=""):
        self.lines.append(line)

    def table(self, header, rows, left=1):
        """A markdown table; the first `left` columns are text, the others numbers."""
        self.out("| " + " | ".join(header) + " |")
        self.out("|" + "|".join("---" if i < left else "---:" for i in range(len(header))) + "|")
        for r in rows:
            self.out("| " + " | ".join(r) + " |")
        self.out()

    def target(self, name, measured, ok):
        status = PENDING if ok is None else ("met" if ok else "**not met**")
        self.targets.append((name, measured, status))

    # --- sections -------------------------------------------------------------------------
    def cold(self):
        g = dict(self.g["cold"])
        g.update(self.g["cold-peers"])
        base = median(g, "floor --files 4")
        self.out("## Cold start: one 5-slice spec, whole process")
        self.out()
        rows = []
        labels = ["piec", "floor --files 4", "floor", "vl-convert", "pygal", "matplotlib"]
        files = {"piec": "bundle (4 files)", "floor --files 4": "4 files", "floor": "chart.svg"}
        rss = {"piec": "piec cold", "floor --files 4": "floor cold", "vl-convert": "vl-convert cold",
               "pygal": "pygal cold", "matplotlib": "matplotlib cold"}
        for label in labels:
            if label not in g and not (label == "piec"):
                continue
            t = median(g, label)
            sd = g[label]["stddev"] if label in g else None
            rows.append([label, files.get(label, "1 SVG"), fmt_time(t), fmt_time(sd) if sd is not None else "–",
                         fmt_ratio(ratio(t, base)), self.rss(rss.get(label))])
        self.table(["tool", "writes", "median", "stddev", "vs floor --files 4", "peak RSS"], rows, left=2)
        t = median(g, "piec")
        self.target("cold start, full bundle: at most 5 ms", fmt_time(t), None if t is None else t <= 0.005)

    def svg(self):
        g, gp = self.g["svg"], self.g["svg-peers"]
        floor2 = median(g, "floor -j2")
        piec = median(g, "piec")
        n = self.specs
        self.out("## %d specs of 8 slices, SVG only (one chart.svg per spec)" % n)
        self.out()
        if self.piec_ok and "piec" not in g:
            self.out("piec has no SVG-only option yet (looked for `--svg-only` in `piec build --help`): its row is pending.")
            self.out()
        rows = []
        piec_per = piec / n if piec is not None else None
        rows.append(["piec", fmt_time(piec), fmt_time(piec_per), fmt_ratio(ratio(piec, floor2)), "–"])
        for label in ["floor -j1", "floor -j2"]:
            t = median(g, label)
            rows.append([label, fmt_time(t), fmt_time(t / n if t else None), fmt_ratio(ratio(t, floor2)), "–"])
        cold = self.g["cold-peers"]
        per = {}
        for label in ["vl-convert", "pygal", "matplotlib"]:
            t = median(gp, label)
            if t is None:
                continue
            per[label] = t / self.peer_specs
            c = median(cold, label)
            marginal = (t - c) / max(self.peer_specs - 1, 1) if c is not None else None
            rows.append([label + (" (%d specs)" % self.peer_specs if self.peer_specs != n else ""), fmt_time(t),
                         "%s (marginal %s)" % (fmt_time(per[label]), fmt_time(marginal)), "–",
                         fmt_ratio(ratio(per[label], piec_per))])
        self.table(["tool", "median (whole run)", "per chart", "vs floor -j2", "piec faster per chart"], rows)
        full = median(self.g["full"], "piec")
        full_per = full / n if full is not None else None
        if piec is None and full_per and per:
            self.out("Meanwhile, piec's full bundle (four files, more work than one SVG) takes %s per chart: %s." % (
                fmt_time(full_per), ", ".join("%s faster than %s" % (fmt_ratio(per[k] / full_per), k) for k in per)))
            self.out()
        self.target("%d specs, SVG only: at most 1.5x the C floor (2 threads)" % n,
                    fmt_ratio(ratio(piec, floor2)), None if piec is None or not floor2 else piec / floor2 <= 1.5)
        for label, need in [("pygal", 25), ("vl-convert", 100)]:
            r = ratio(per.get(label), piec_per)
            name = "per chart at least %dx faster than %s" % (need, label)
            if r is None and full_per and label in per:
                rf = per[label] / full_per
                self.targets.append((name, "full bundle: %s" % fmt_ratio(rf),
                                     "pending (SVG only); %s with full bundles" % ("met" if rf >= need else "not met")))
                continue
            self.target(name, fmt_ratio(r) if r else PENDING, None if r is None else r >= need)

    def full(self):
        g = self.g["full"]
        base = median(g, "floor --files 4 -j2")
        n = self.specs
        self.out("## %d specs of 8 slices, full bundles (four files per spec)" % n)
        self.out()
        rows = []
        for label in ["piec", "floor --files 4 -j1", "floor --files 4 -j2"]:
            t = median(g, label)
            rows.append([label, fmt_time(t), fmt_time(t / n if t else None), fmt_ratio(ratio(t, base))])
        self.table(["tool", "median", "per chart", "vs floor --files 4 -j2"], rows)
        piec = median(g, "piec")
        self.target("%d specs, full bundles: at most 3x the C floor writing four files" % n,
                    fmt_ratio(ratio(piec, base)), None if piec is None or not base else piec / base <= 3)

    def rebuild(self):
        g = self.g["rebuild"]
        base = median(self.g["full"], "floor --files 4 -j2")
        n = self.specs
        self.out("## The same %d specs rebuilt unchanged" % n)
        self.out()
        rows = []
        for label, what in [("piec", "second `piec build` into the same output"),
                            ("floor --files 4 -j2 --if-changed", "reads and compares, writes nothing")]:
            t = median(g, label)
            rows.append([label, what, fmt_time(t), fmt_ratio(ratio(t, base))])
        rows.append(["floor --files 4 -j2", "full build (reference)", fmt_time(base), "1.00x"])
        self.table(["tool", "what", "median", "vs floor --files 4 -j2 (full build)"], rows, left=2)
        if "rebuild_rewritten" in self.m:
            self.out("Files piec rewrote during the unchanged rebuilds: %s." % self.m["rebuild_rewritten"])
            self.out()
        piec = median(g, "piec")
        self.target("unchanged rebuild: at most 0.5x the C floor (full 4-file build, 2 threads)",
                    fmt_ratio(ratio(piec, base)), None if piec is None or not base else piec / base <= 0.5)

    def big(self):
        g = self.g["big"]
        s, l = self.small, self.large
        self.out("## One spec with %d and one with %d slices (full bundle)" % (s, l))
        self.out()
        rows = []
        lin = {}
        for tool in ["piec", "floor"]:
            ts, tl = median(g, "%s %d" % (tool, s)), median(g, "%s %d" % (tool, l))
            lin[tool] = tl / (ts * l / s) if ts and tl else None
            rows.append([tool, fmt_time(ts), fmt_time(tl), "%.2f" % lin[tool] if lin[tool] else PENDING])
        self.table(["tool", "%d slices" % s, "%d slices" % l,
                    "linearity: (t%d / t%d) / %d" % (l, s, l // s)], rows)
        self.out("Linearity 1.00 = exactly linear; below 1 the fixed start-up cost still shows.")
        self.out()
        r = lin["piec"]
        self.target("%d and %d slices: linear time (linearity at most 1.25)" % (s, l),
                    "%.2f" % r if r else PENDING, None if r is None else r <= 1.25)
        tl = median(g, "piec %d" % l)
        self.target("%d slices in under 2 s" % l, fmt_time(tl), None if tl is None else tl < 2)

    def bytes(self):
        self.out("## SVG bytes (chart.svg; gzip level 6)")
        self.out()
        rows = []
        per_slice_8 = None
        sources = [("piec (full bundle's chart.svg)", "dir.piec", 8), ("piec SVG only", "dir.piec_svg", 8),
                   ("floor", "dir.floor", 8), ("vl-convert", "dir.vl-convert", 8), ("pygal", "dir.pygal", 8),
                   ("matplotlib", "dir.matplotlib", 8),
                   ("piec, %d slices" % self.small, "dir.piec_big", self.small),
                   ("floor, %d slices" % self.small, "dir.floor_big", self.small)]
        for label, key, slices in sources:
            b = svg_bytes(self.m.get(key))
            if b is None:
                if key == "dir.piec":
                    rows.append([label, "–", PENDING, PENDING, PENDING, PENDING])
                continue
            files, raw, gz = b
            if key == "dir.piec":
                per_slice_8 = raw / files / slices
            rows.append([label, str(files), "%.0f" % (raw / files), "%.0f" % (gz / files),
                         "%.0f" % (raw / files / slices), "%.0f" % (gz / files / slices)])
        self.table(["output", "charts", "bytes per chart", "gzip per chart", "bytes per slice", "gzip per slice"], rows)
        self.out("Per slice = per chart / slices, so the 8-slice rows include the chart's fixed part "
                 "(style sheet, title, legend).")
        self.out()
        self.target("at most 400 SVG bytes per slice, animation included (8-slice charts)",
                    "%.0f B" % per_slice_8 if per_slice_8 else PENDING,
                    None if per_slice_8 is None else per_slice_8 <= 400)

    def rss(self, name):
        v = self.m.get("rss." + name) if name else None
        return "%.1f MB" % (int(v) / 1024) if v and v.isdigit() else "–"

    def rss_section(self):
        keys = sorted(k[4:] for k in self.m if k.startswith("rss."))
        if not keys:
            return
        self.out("## Peak resident memory (GNU time, one run)")
        self.out()
        self.table(["run", "peak RSS"], [[k, self.rss(k)] for k in keys])

    # --- whole document -------------------------------------------------------------------
    def render(self):
        self.cold()
        self.svg()
        self.full()
        self.rebuild()
        self.big()
        self.bytes()
        self.rss_section()
        body = self.lines
        self.lines = []
        m = self.m
        self.out("# Benchmarks")
        self.out()
        self.out("Produced by `%s` (the script in `bench/`; see `bench/README.md`)." % m.get("command", "bench/run.sh"))
        if m.get("smoke") == "1":
            self.out()
            self.out("**Smoke run**: tiny sizes, one or two runs each; the numbers mean nothing.")
        self.out()
        self.out("Every time is the median of whole-process runs measured with hyperfine (`-N`, no shell) "
                 "in one run of the script, side by side; ratios are between rows of the same run.")
        self.out()
        self.out("- Machine: %s cores (`nproc`), %s, %s RAM, %s" % (
            m.get("machine.nproc", "?"), m.get("machine.cpu", "?"), m.get("machine.mem", "?"), m.get("machine.kernel", "?")))
        self.out("- Workloads and outputs on: %s" % m.get("workdir", "?"))
        self.out("- Load average before / after: %s / %s (the machine is shared; other processes add noise)" % (
            m.get("machine.load", "?"), m.get("machine.load_after", "?")))
        for k in ["piec", "swift", "cc", "libyaml", "hyperfine", "python", "peers"]:
            if "version." + k in m:
                self.out("- %s: %s" % (k, m["version." + k]))
        self.out()
        self.out("## Targets (issue 7)")
        self.out()
        self.table(["target", "measured", "status"], [list(t) for t in self.targets] +
                   [["watch latency, p95 at most 50 ms (inotify)", "measured apart: `python3 bench/watch_latency.py`", "see status below"]], left=3)
        self.lines += body
        return "\n".join(self.lines).rstrip() + "\n"


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("results")
    ap.add_argument("--write", metavar="FILE")
    args = ap.parse_args(argv)
    text = Report(args.results).render()
    sys.stdout.write(text)
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
