#!/usr/bin/env python3
"""What 100 ```piec blocks cost a docs build (issue 37's target: at most 2 s more than the same
page without them, in MkDocs and in mdBook), and what one adapter call costs piec.

    python3 bench/docs_hosts.py [--piec .build/release/piec] [--blocks 100] [--runs 5] [--baseline PIEC]

Builds, side by side in one hyperfine run per host, a site whose one page holds N piec blocks
and the same site with those blocks as ```yaml code: MkDocs + Material (.venv-docs, the
fence piec.markdown.material: one piec process per block) and mdBook 0.5 (`piec mdbook`: one
process for the book). Then the cold single calls adapters make, inside a git repository and
outside one (with --baseline, another piec's cold calls too, in the same hyperfine run: a
before/after comparison on a noisy machine). Prints a Markdown table for BENCHMARKS.md.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
VENV = REPO / ".venv-docs" / "bin"


def spec(i):
    rows = "".join(f"  - {{label: S{j}, value: {(i * 7 + j * 3) % 17 + 1}}}\n" for j in range(6))
    return f"piec: 1\ntitle: Chart {i}\nslices:\n{rows}"


def page(n, lang):
    return "# Charts\n\n" + "\n".join(f"```{lang}\n{spec(i)}```\n" for i in range(n))


MKDOCS_YML = """site_name: bench
theme: {name: material}
markdown_extensions:
  - pymdownx.superfences:
      custom_fences:
        - name: piec
          class: piec
          format: !!python/name:piec.markdown.material
          validator: !!python/name:piec.markdown.validator
"""


def mkdocs_site(root, n, lang):
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "index.md").write_text(page(n, lang), encoding="utf-8")
    (root / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    return root


def mdbook_site(root, n, lang, piec):
    (root / "src").mkdir(parents=True)
    (root / "src" / "SUMMARY.md").write_text("# Summary\n\n- [Charts](charts.md)\n", encoding="utf-8")
    (root / "src" / "charts.md").write_text(page(n, lang), encoding="utf-8")
    toml = '[book]\ntitle = "bench"\n'
    if lang == "piec":
        toml += f'\n[preprocessor.piec]\ncommand = "{piec} mdbook"\n'
    (root / "book.toml").write_text(toml, encoding="utf-8")
    return root


def hyperfine(commands, runs, env=None, prepare=None):
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        args = ["hyperfine", "-N", "--warmup", "3", "--runs", str(runs), "--export-json", out.name]
        if prepare:
            args += ["--prepare", prepare]
        for name, command in commands:
            args += ["-n", name, command]
        subprocess.run(args, check=True, env=env, stdout=subprocess.DEVNULL)
        return {r["command"]: r for r in json.load(open(out.name))["results"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--piec", default=str(REPO / ".build" / "release" / "piec"))
    parser.add_argument("--blocks", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline", help="another piec binary whose cold calls run beside (say, the build before a change)")
    args = parser.parse_args()
    piec = str(Path(args.piec).resolve())
    if not Path(piec).is_file():
        sys.exit(f"docs_hosts.py: no {piec}: build it first (swift build -c release --product piec)")
    binaries = [("", piec)]
    if args.baseline:
        baseline = str(Path(args.baseline).resolve())
        if not Path(baseline).is_file():
            sys.exit(f"docs_hosts.py: no {baseline}")
        binaries.append(("baseline ", baseline))
    env = dict(os.environ, PIEC=piec, PYTHONPATH=str(REPO / "python"), NO_MKDOCS_2_WARNING="1")
    rows = []
    with tempfile.TemporaryDirectory(prefix="piec-bench-docs-") as tmp:
        tmp = Path(tmp)
        a, b = mkdocs_site(tmp / "mk-piec", args.blocks, "piec"), mkdocs_site(tmp / "mk-yaml", args.blocks, "yaml")
        r = hyperfine([("mkdocs piec", f"{VENV}/mkdocs build -q -f {a}/mkdocs.yml -d {a}/site"),
                       ("mkdocs yaml", f"{VENV}/mkdocs build -q -f {b}/mkdocs.yml -d {b}/site")], args.runs, env)
        rows.append(("MkDocs + Material", r["mkdocs piec"]["mean"], r["mkdocs yaml"]["mean"]))
        a, b = mdbook_site(tmp / "mb-piec", args.blocks, "piec", piec), mdbook_site(tmp / "mb-yaml", args.blocks, "yaml", piec)
        r = hyperfine([("mdbook piec", f"{VENV}/mdbook build {a}"), ("mdbook yaml", f"{VENV}/mdbook build {b}")], args.runs, env)
        rows.append(("mdBook 0.5", r["mdbook piec"]["mean"], r["mdbook yaml"]["mean"]))
        # One adapter call, cold, inside a git repository and outside one.
        (tmp / "one.yaml").write_text(spec(1), encoding="utf-8")
        (tmp / "prev.yaml").write_text(spec(2), encoding="utf-8")
        inside = tmp / "git"
        inside.mkdir()
        subprocess.run(["git", "init", "-q", str(inside)], check=True)
        # Committed, then changed: the build finds its previous version at HEAD (the git work).
        (inside / "one.yaml").write_text(spec(2), encoding="utf-8")
        subprocess.run(["git", "-C", str(inside), "add", "one.yaml"], check=True)
        subprocess.run(["git", "-C", str(inside), "-c", "user.name=bench", "-c", "user.email=bench@example.invalid",
                        "commit", "-q", "-m", "v1"], check=True)
        (inside / "one.yaml").write_text(spec(1), encoding="utf-8")
        calls = []
        for prefix, binary in binaries:
            for where, folder in (("git", inside), ("plain", tmp)):
                spec_file = folder / "one.yaml"
                # Outside git the same transition comes from --from the previous spec: the same
                # bytes are written, so the difference is what finding the previous version in git costs.
                same = "" if where == "git" else f" --from {tmp}/prev.yaml"
                out = f"{folder}/{prefix.strip() or 'this'}-out"
                calls += [(f"{prefix}render {where}", f"{binary} render {spec_file} -o - --format svg --quiet"),
                          (f"{prefix}build {where}", f"{binary} build {spec_file} -o {out}-build --quiet{same}"),
                          (f"{prefix}block {where}", f"{binary} build {spec_file} --no-files --svg-only --quiet --id b-1 -o {out}-block")]
        # `piec build` of a spec whose bundle is current skips it: remove the bundle before each
        # run, so every run finds the previous version and writes (what a first build does).
        builds = " ".join(f"{folder}/{prefix.strip() or 'this'}-out-build" for prefix, _ in binaries for folder in (inside, tmp))
        c = hyperfine(calls, max(args.runs * 4, 20), prepare=f"rm -rf {builds}")
    print(f"| host ({args.blocks} blocks on one page) | with piec blocks | as yaml code | piec's cost |")
    print("|---|---:|---:|---:|")
    for name, with_, without in rows:
        print(f"| {name} | {with_ * 1000:.0f} ms | {without * 1000:.0f} ms | +{(with_ - without) * 1000:.0f} ms |")
    print()
    print("| cold call (one 6-slice spec), median (min) | in a git repository | outside git | ratio of medians |")
    print("|---|---:|---:|---:|")
    for name, label in (("render", "`piec render SPEC -o - --format svg`"), ("build", "`piec build SPEC` (changed since HEAD; outside git `--from` that version)"),
                        ("block", "`piec build SPEC --no-files --svg-only --id b-1`")):
        for prefix, _ in binaries:
            g, p = c[f"{prefix}{name} git"], c[f"{prefix}{name} plain"]
            shown = label + (" (baseline)" if prefix else "")
            print(f"| {shown} | {g['median'] * 1000:.1f} ms ({g['min'] * 1000:.1f}) | {p['median'] * 1000:.1f} ms ({p['min'] * 1000:.1f}) "
                  f"| {g['median'] / p['median']:.2f} |")


if __name__ == "__main__":
    main()
