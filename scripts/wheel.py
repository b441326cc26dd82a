#!/usr/bin/env python3
"""Writes piec's binary wheel: `make wheel` (release, static) or the packaging tests (debug).

    scripts/wheel.py BIN_DIR OUT_DIR [--tag PLATFORM_TAG]

The wheel `piec_charts-VERSION-py3-none-TAG.whl` (distribution `piec-charts`) holds the executables `piec` and `piec-preview` of
BIN_DIR as scripts (`piec_charts-VERSION.data/scripts/`, so pip, uv and pipx put them on PATH) and the
Python package `piec` of python/ (the docs-tool adapters; `python -m piec` runs the binary),
whose entry point `piec-pandoc` (the pandoc filter) the installer puts beside them.
piec-render is not in it: it links the system's librsvg, giflib and libwebp, which no honest
manylinux tag covers, and piec says so when asked for a PNG.

The platform tag is the caller's to state and `auditwheel show` to check: a fully static x86-64
executable (`make wheel`) runs on any Linux of its architecture, so it carries
manylinux_2_5/manylinux1 and musllinux_1_1 tags; the debug build links the toolchain's shared
Swift runtime and is `linux_x86_64`. The archive is deterministic: sorted entries, fixed
times, fixed modes."""

import argparse
import base64
import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXECUTABLES = ("piec", "piec-preview")
# The distribution's name: `piec` on PyPI is another project's (versions 0.0.8 to 1.0.4), so
# pip would install it for `piec==1.0.0`. The import package and the executables are `piec`.
DIST = "piec-charts"
WHEEL_NAME = DIST.replace("-", "_")
STAMP = (1980, 1, 1, 0, 0, 0)
# `piec-pandoc`: the pandoc JSON filter (piec/pandoc.py), a script the installer writes.
ENTRY_POINTS = "[console_scripts]\npiec-pandoc = piec.pandoc:main\n"


def version(bin_dir):
    out = subprocess.run([str(bin_dir / "piec"), "--version"], capture_output=True, text=True, check=True).stdout
    return out.strip().split()[-1]


def metadata(ver):
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    return (f"Metadata-Version: 2.1\nName: {DIST}\nVersion: {ver}\n"
            "Summary: Pie and donut charts as code: SVG + CSS bundles animated from their previous version\n"
            "License: MIT\nRequires-Python: >=3.9\n"
            "Classifier: Programming Language :: Other\nClassifier: Operating System :: POSIX :: Linux\n"
            "Classifier: Topic :: Documentation\nClassifier: Topic :: Scientific/Engineering :: Visualization\n"
            "Provides-Extra: mkdocs\nRequires-Dist: pymdown-extensions; extra == \"mkdocs\"\n"
            "Description-Content-Type: text/markdown\n\n" + readme)


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build(bin_dir, out_dir, tag):
    ver = version(bin_dir)
    files = {}
    for path in sorted((REPO / "python" / "piec").glob("*.py")):
        files[f"piec/{path.name}"] = (path.read_bytes(), 0o644)
    for exe in EXECUTABLES:
        files[f"{WHEEL_NAME}-{ver}.data/scripts/{exe}"] = ((bin_dir / exe).read_bytes(), 0o755)
    info = f"{WHEEL_NAME}-{ver}.dist-info"
    files[f"{info}/METADATA"] = (metadata(ver).encode(), 0o644)
    wheel_text = "Wheel-Version: 1.0\nGenerator: piec scripts/wheel.py\nRoot-Is-Purelib: false\n"
    wheel_text += "".join(f"Tag: py3-none-{t}\n" for t in tag.split("."))
    files[f"{info}/WHEEL"] = (wheel_text.encode(), 0o644)
    files[f"{info}/LICENSE"] = ((REPO / "LICENSE").read_bytes(), 0o644)
    files[f"{info}/entry_points.txt"] = (ENTRY_POINTS.encode(), 0o644)
    record = "\n".join(record_line(n, d) for n, (d, _) in sorted(files.items())) + f"\n{info}/RECORD,,\n"
    files[f"{info}/RECORD"] = (record.encode(), 0o644)
    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"{WHEEL_NAME}-{ver}-py3-none-{tag}.whl"
    tmp = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as z:
        # dist-info last, as installers expect; everything else sorted
        for name in sorted(files, key=lambda n: (n.startswith(info), n)):
            data, mode = files[name]
            entry = zipfile.ZipInfo(name, STAMP)
            entry.external_attr = (0o100000 | mode) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(entry, data)
    tmp.replace(wheel)
    return wheel


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bin_dir", type=Path)
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--tag", default="linux_x86_64")
    args = parser.parse_args()
    for exe in EXECUTABLES:
        if not (args.bin_dir / exe).is_file():
            sys.exit(f"wheel.py: no {args.bin_dir / exe}: build it first")
    print(build(args.bin_dir, args.out_dir, args.tag))


if __name__ == "__main__":
    main()
