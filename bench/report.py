#!/usr/bin/env python3
"""Turns the results of bench/run.sh into markdown (stdout) and, with --write, BENCHMARKS.md.

    python3 bench/report.py RESULTS_DIR [--write BENCHMARKS.md]

RESULTS_DIR holds hyperfine's JSON exports (cold, cold-peers, svg, svg-peers, full, rebuild,
big), metrics.txt (key=value lines: machine, versions, sizes, peak RSS, output folders) and,
when the browser harness ran, frames.json (bench/browser/report_frames.py).
Python 3 stdlib only.
"""

import argparse
import gzip
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "browser"))
import report_frames  # noqa: E402

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
        self.res = res
        self.m = load_metrics(res)
        self.media = self.m.get("media", "").split()
        names = ["cold-peers", "svg-peers", "big", "big-huge"]
        if self.media:
            names += ["%s-%s" % (g, medium) for g in ["cold", "svg", "full", "rebuild"] for medium in self.media]
        else:  # results of the script before it measured on two media
            self.media = ["tmpfs"]
            names += ["cold", "svg", "full", "rebuild"]
        self.g = {n: load_group(res, n) for n in names}
        for g in ["cold", "svg", "full", "rebuild"]:
            if g in self.g:
                self.g[g + "-tmpfs"] = self.g.pop(g)
        # Targets are judged on the first medium (the disk unless --tmpfs) and on the binary
        # users get from README (`make gallery`: "piec release") when it was measured.
        self.main = self.media[0]
        self.judged = "piec release" if self.m.get("piec_release") == "1" else "piec"
        self.specs = int(self.m.get("specs", "1000"))
        self.peer_specs = int(self.m.get("peer_specs", str(self.specs)))
        self.small = int(self.m.get("big_small", "10000"))
        self.large = int(self.m.get("big_large", "100000"))
        self.huge = int(self.m.get("big_huge", "0"))  # 0: not measured (results before it)
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

    def piec_labels(self):
        return ["piec", "piec release"] if self.m.get("piec_release") == "1" else ["piec"]

    def side_by_side(self, group, labels, base_label, per=None):
        """Rows of `labels` with, for each medium, the median and the ratio to `base_label` on
        the same medium (and per chart when `per` is set)."""
        rows = []
        for label in labels:
            row = [label]
            for medium in self.media:
                g = self.g.get("%s-%s" % (group, medium), {})
                t, base = median(g, label), median(g, base_label)
                row += [fmt_time(t)] + ([fmt_time(t / per if t else None)] if per else []) + [fmt_ratio(ratio(t, base))]
            rows.append(row)
        header = ["tool"]
        for medium in self.media:
            header += ["%s: median" % medium] + (["per chart"] if per else []) + ["vs %s" % base_label]
        return header, rows

    def per_medium(self, group, value, fmt):
        """(`fmt(value(g, label))` for each piec row on every medium, as text; the judged row's
        value on the main medium), `g` being the group's results on that medium."""
        parts = []
        judged = None
        for medium in self.media:
            g = self.g.get("%s-%s" % (group, medium), {})
            items = []
            for label in self.piec_labels():
                v = value(g, label)
                items.append("%s %s" % (label, fmt(v)))
                if medium == self.main and label == self.judged:
                    judged = v
            parts.append("%s: %s" % (medium, ", ".join(items)))
        return "; ".join(parts), judged

    def judged_ratio(self, group, base_label):
        """Each piec row's ratio to `base_label` on the same medium (see `per_medium`)."""
        return self.per_medium(group, lambda g, label: ratio(median(g, label), median(g, base_label)), fmt_ratio)

    # --- sections -------------------------------------------------------------------------
    def cold(self):
        self.out("## Cold start: one 5-slice spec, whole process")
        self.out()
        labels = self.piec_labels() + ["floor --files 4", "floor"]
        header, rows = self.side_by_side("cold", labels, "floor --files 4")
        self.table(header, rows)
        gp, main = self.g["cold-peers"], self.g.get("cold-%s" % self.main, {})
        if gp:
            base = median(main, "floor --files 4")
            self.table(["peer (on %s)" % self.main, "median", "vs floor --files 4", "peak RSS"],
                       [[label, fmt_time(median(gp, label)), fmt_ratio(ratio(median(gp, label), base)),
                         self.rss(label + " cold")] for label in ["vl-convert", "pygal", "matplotlib"] if label in gp])
        self.out("Peak RSS: piec %s, floor --files 4 %s." % (self.rss("piec cold"), self.rss("floor cold")))
        self.out()
        text, t = self.per_medium("cold", median, fmt_time)
        self.target("cold start, full bundle: at most 5 ms", text, None if t is None else t <= 0.005)

    def svg(self):
        n = self.specs
        g = self.g.get("svg-%s" % self.main, {})
        gp = self.g["svg-peers"]
        self.out("## %d specs of 8 slices, SVG only (one chart.svg per spec)" % n)
        self.out()
        header, rows = self.side_by_side("svg", self.piec_labels() + ["floor -j1", "floor -j2"], "floor -j2", per=n)
        self.table(header, rows)
        piec = median(g, self.judged)
        piec_per = piec / n if piec is not None else None
        cold = self.g["cold-peers"]
        per = {}
        prow = []
        for label in ["vl-convert", "pygal", "matplotlib"]:
            t = median(gp, label)
            if t is None:
                continue
            per[label] = t / self.peer_specs
            c = median(cold, label)
            marginal = (t - c) / max(self.peer_specs - 1, 1) if c is not None else None
            prow.append([label + (" (%d specs)" % self.peer_specs if self.peer_specs != n else ""), fmt_time(t),
                         "%s (marginal %s)" % (fmt_time(per[label]), fmt_time(marginal)),
                         fmt_ratio(ratio(per[label], piec_per))])
        if prow:
            self.table(["peer (on %s)" % self.main, "median (whole run)", "per chart", "%s faster per chart" % self.judged], prow)
        text, r = self.judged_ratio("svg", "floor -j2")
        self.target("%d specs, SVG only: at most 1.5x the C floor (2 threads)" % n, text, None if r is None else r <= 1.5)
        for label, need in [("pygal", 25), ("vl-convert", 100)]:
            r = ratio(per.get(label), piec_per)
            self.target("per chart at least %dx faster than %s" % (need, label), fmt_ratio(r) if r else PENDING,
                        None if r is None else r >= need)

    def full(self):
        n = self.specs
        self.out("## %d specs of 8 slices, full bundles (four files per spec)" % n)
        self.out()
        header, rows = self.side_by_side("full", self.piec_labels() + ["floor --files 4 -j1", "floor --files 4 -j2"],
                                         "floor --files 4 -j2", per=n)
        self.table(header, rows)
        self.out("piec makes every bundle durable before it becomes visible (SECURITY.md, \"Durable without a "
                 "journal commit per file\"); the floor writes without any sync.")
        self.out()
        text, r = self.judged_ratio("full", "floor --files 4 -j2")
        self.target("%d specs, full bundles: at most 3x the C floor writing four files" % n, text,
                    None if r is None else r <= 3)

    def rebuild(self):
        n = self.specs
        self.out("## The same %d specs rebuilt unchanged" % n)
        self.out()
        rows = []
        header = ["tool", "what"]
        for medium in self.media:
            header += ["%s: median" % medium, "vs floor full build"]
        for label, what in [("piec", "second `piec build` into the same output"),
                            ("piec, fresh clone", "the same, every file touched first (no fast path)"),
                            ("piec --check", "`piec build --check` of those bundles"),
                            ("piec --check, fresh clone", "the same, every file touched first (no fast path)"),
                            ("floor --files 4 -j2 --if-changed", "reads and compares, writes nothing")]:
            if label.startswith("piec") and median(self.g.get("rebuild-%s" % self.main, {}), label) is None:
                continue
            row = [label, what]
            for medium in self.media:
                t = median(self.g.get("rebuild-%s" % medium, {}), label)
                base = median(self.g.get("full-%s" % medium, {}), "floor --files 4 -j2")
                row += [fmt_time(t), fmt_ratio(ratio(t, base))]
            rows.append(row)
        self.table(header, rows, left=2)
        rewritten = ["%s: %s" % (m, self.m["rebuild_rewritten.%s" % m]) for m in self.media if "rebuild_rewritten.%s" % m in self.m]
        if rewritten:
            self.out("Files piec rewrote during the unchanged rebuilds: %s." % ", ".join(rewritten))
            self.out()
        t = median(self.g.get("rebuild-%s" % self.main, {}), "piec")
        base = median(self.g.get("full-%s" % self.main, {}), "floor --files 4 -j2")
        self.target("unchanged rebuild: at most 0.5x the C floor (full 4-file build, 2 threads)",
                    fmt_ratio(ratio(t, base)), None if t is None or not base else t / base <= 0.5)
        # Issue 24: --check costs at most 1.5x a plain unchanged rebuild, with and without the fast path.
        pairs = [("piec --check", "piec"), ("piec --check, fresh clone", "piec, fresh clone")]
        found = [(c, b, median(self.g.get("rebuild-%s" % self.main, {}), c), median(self.g.get("rebuild-%s" % self.main, {}), b))
                 for c, b in pairs]
        if all(tc is not None and tb for _, _, tc, tb in found):
            text = "; ".join("%s %s" % ("fast path" if b == "piec" else "fresh clone", fmt_ratio(ratio(tc, tb))) for _, b, tc, tb in found)
            self.target("%d bundles, `--check`: at most 1.5x a plain unchanged rebuild" % n, text,
                        all(tc / tb <= 1.5 for _, _, tc, tb in found))

    def watch(self):
        items = []
        for medium in self.media:
            if "watch.%s.p95" % medium in self.m:
                items.append((medium, self.m["watch.%s.p50" % medium], self.m["watch.%s.p95" % medium],
                              self.m["watch.%s.max" % medium], self.m.get("watch.%s.saves" % medium, "?")))
        if not items:
            return
        self.out("## piec watch: one save to a fresh bundle (inotify)")
        self.out()
        self.out("`bench/watch_latency.py`: from the close() of a saved spec to its new manifest on disk, "
                 "with %s." % self.judged)
        self.out()
        self.table(["medium", "saves", "p50", "p95", "max"], [[m, n, p50 + " ms", p95 + " ms", mx + " ms"]
                                                             for m, p50, p95, mx, n in items])
        main = [i for i in items if i[0] == self.main]
        p95 = float(main[0][2]) if main else None
        self.target("one save in piec watch to a fresh bundle: p95 at most 30 ms",
                    "; ".join("%s: %s ms" % (m, p) for m, _, p, _, _ in items), None if p95 is None else p95 <= 30)

    def big(self):
        g, gh = self.g["big"], self.g.get("big-huge", {})
        s, l, h = self.small, self.large, self.huge
        if h:
            self.out("## One spec with %d, one with %d and one with %d slices (full bundle)" % (s, l, h))
        else:
            self.out("## One spec with %d and one with %d slices (full bundle)" % (s, l))
        self.out()
        rows = []
        lin, lin_h = {}, {}
        for tool in ["piec", "floor"]:
            ts, tl = median(g, "%s %d" % (tool, s)), median(g, "%s %d" % (tool, l))
            lin[tool] = tl / (ts * l / s) if ts and tl else None
            row = [tool, fmt_time(ts), fmt_time(tl)]
            if h:
                th = median(gh, "%s %d" % (tool, h))
                lin_h[tool] = th / (tl * h / l) if tl and th else None
                row.append(fmt_time(th))
            row.append("%.2f" % lin[tool] if lin[tool] else PENDING)
            if h:
                row.append("%.2f" % lin_h[tool] if lin_h[tool] else PENDING)
            rows.append(row)
        header = ["tool", "%d slices" % s, "%d slices" % l] + (["%d slices" % h] if h else [])
        header.append("linearity: (t%d / t%d) / %d" % (l, s, l // s))
        if h:
            header.append("linearity: (t%d / t%d) / %d" % (h, l, h // l))
        self.table(header, rows)
        self.out("Linearity 1.00 = exactly linear; below 1 the fixed start-up cost still shows.")
        if h and self.m.get("piec_huge_ok") == "0":
            self.out("piec refuses the %d-slice spec (over the default limits: 8 MiB per spec file, "
                     "100,000 slices; this piec has no `--max-slices`), so its column is pending." % h)
        self.out()
        r = lin["piec"]
        self.target("%d and %d slices: linear time (linearity at most 1.25)" % (s, l),
                    "%.2f" % r if r else PENDING, None if r is None else r <= 1.25)
        if h:
            r = lin_h.get("piec")
            self.target("%d and %d slices: linear time (linearity at most 1.25, issue 27)" % (l, h),
                        "%.2f" % r if r else PENDING, None if r is None else r <= 1.25)
        tl = median(g, "piec %d" % l)
        self.target("%d slices in under 2 s" % l, fmt_time(tl), None if tl is None else tl < 2)

    def bytes(self):
        self.out("## SVG bytes (chart.svg; gzip level 6)")
        self.out()
        rows = []
        per_slice_8 = None
        sources = [("piec (full bundle's chart.svg)", "dir.piec", 8), ("piec SVG only", "dir.piec_svg", 8),
                   ("piec, the default 8-slice donut", "dir.piec_donut", 8),
                   ("piec render, static (8-slice charts, at most 100)", "dir.piec_static", 8),
                   ("piec render, static (the default 8-slice donut)", "dir.piec_donut_static", 8),
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
                 "(style sheet, title, legend). The `piec render` rows are the same charts' final frame "
                 "as a static SVG (no style sheet, no motion layer): what any animation is added to.")
        self.out()
        self.target("at most 400 SVG bytes per slice, animation included (8-slice charts)",
                    "%.0f B" % per_slice_8 if per_slice_8 else PENDING,
                    None if per_slice_8 is None else per_slice_8 <= 400)
        gz_8 = svg_bytes(self.m.get("dir.piec"))
        gz_8 = gz_8[2] / gz_8[0] / 8 if gz_8 else None
        self.target("at most 635 bytes and 160 gzipped per slice (8-slice charts; issue 27)",
                    "%.0f B, %.0f B gzipped" % (per_slice_8, gz_8) if per_slice_8 else PENDING,
                    None if per_slice_8 is None else per_slice_8 <= 635 and gz_8 <= 160)
        donut = svg_bytes(self.m.get("dir.piec_donut"))
        donut = (donut[1] / donut[0] / 8, donut[2] / donut[0] / 8) if donut else None
        self.target("at most 635 bytes and 160 gzipped per slice (the default 8-slice donut; issue 27)",
                    "%.0f B, %.0f B gzipped" % donut if donut else PENDING,
                    None if donut is None else donut[0] <= 635 and donut[1] <= 160)

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
        big = self.m.get("rss.piec %d slices" % self.large)
        if big and big.isdigit():
            self.target("%d slices in at most 150 MB peak RSS (issue 27)" % self.large,
                        self.rss("piec %d slices" % self.large), int(big) / 1024 <= 150)

    # --- whole document -------------------------------------------------------------------
    def render(self):
        self.cold()
        self.svg()
        self.full()
        self.rebuild()
        self.watch()
        self.big()
        self.bytes()
        self.rss_section()
        frames = report_frames.load(self.res)
        if frames:
            report_frames.section(self, frames)
            report_frames.targets(self, frames)
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
        for medium in self.media:
            self.out("- %s: outputs in %s" % (medium, m.get("workdir.%s" % medium, m.get("workdir", "?"))))
        self.out("- Load average before / after: %s / %s (the machine is shared; other processes add noise)" % (
            m.get("machine.load", "?"), m.get("machine.load_after", "?")))
        for k in ["piec", "swift", "cc", "libyaml", "hyperfine", "python", "peers"]:
            if "version." + k in m:
                self.out("- %s: %s" % (k, m["version." + k]))
        self.out()
        self.out("## Targets (issues 7, 13 and 27; judged on %s with %s)" % (self.main, self.judged))
        self.out()
        self.table(["target", "measured", "status"], [list(t) for t in self.targets], left=3)
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
