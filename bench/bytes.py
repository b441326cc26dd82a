#!/usr/bin/env python3
"""chart.svg bytes per slice of one or more piec binaries, side by side (issue 27).

    python3 bench/bytes.py PIEC [PIEC ...] [--specs 1000]

Generates the benchmark's 8-slice specs and the default 8-slice donut (gen_workloads.py),
builds full bundles with each binary into a temporary folder (every chart enters: no
previous version) and prints the bytes per chart and per slice, raw and gzip -6, counted as
run.sh and report.py count them (report.svg_bytes); then the same charts' final frame as a
static SVG (`piec render`, the first 100 specs): the bytes any animation is added to. A few
seconds per binary: for comparing two builds while working; BENCHMARKS.md's numbers come from
run.sh --write.
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from report import svg_bytes  # noqa: E402


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("piec", nargs="+", help="piec binaries")
    ap.add_argument("--specs", type=int, default=1000, help="number of 8-slice specs (default 1000)")
    args = ap.parse_args(argv)
    binaries = [os.path.abspath(p) if os.sep in p else p for p in args.piec]
    with tempfile.TemporaryDirectory(prefix="piec-bytes-") as work:
        wl = os.path.join(work, "workloads")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_workloads.py"), wl, "--specs", str(args.specs), "--big", ""],
                       check=True, stdout=subprocess.DEVNULL)
        print("| piec | workload | charts | bytes per chart | gzip per chart | bytes per slice | gzip per slice |")
        print("|---|---|---:|---:|---:|---:|---:|")
        for i, piec in enumerate(binaries):
            for name, spec in [("bench 8-slice charts", os.path.join(wl, "specs")),
                               ("the default 8-slice donut", os.path.join(wl, "donut", "donut.yaml"))]:
                out = os.path.join(work, "out-%d-%s" % (i, os.path.basename(spec)))
                subprocess.run([piec, "build", spec, "-o", out, "--from", "none"], check=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=work)
                files, raw, gz = svg_bytes(out)
                print("| %s | %s | %d | %.0f | %.0f | %.0f | %.0f |"
                      % (piec, name, files, raw / files, gz / files, raw / files / 8, gz / files / 8))
                # The same charts' final frame as a static SVG (`piec render`, first 100 specs):
                # the bytes any animation is added to.
                specs = [spec] if spec.endswith(".yaml") else sorted(
                    os.path.join(spec, f) for f in os.listdir(spec) if f.endswith(".yaml"))[:100]
                static = out + "-static"
                os.makedirs(static)
                for path in specs:
                    subprocess.run([piec, "render", path, "-o", os.path.join(static, os.path.basename(path)[:-5] + ".svg")],
                                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=work)
                files, raw, gz = svg_bytes(static)
                print("| %s | %s, static (piec render) | %d | %.0f | %.0f | %.0f | %.0f |"
                      % (piec, name, files, raw / files, gz / files, raw / files / 8, gz / files / 8))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
