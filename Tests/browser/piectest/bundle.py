"""Running the piec binary: build a spec into a bundle, check specs."""

import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import yaml

from .geometry import Chart

# A diagnostic header in piec's human or short format: `path:line:col: error[E0201]: ...`.
DIAGNOSTIC = re.compile(r"\b(error|warning)(\[E\d+\])?:", re.IGNORECASE)


@dataclass
class Bundle:
    """One built bundle: `out/<id>/` with its manifest and chart.svg."""
    directory: Path
    manifest: dict
    svg: str

    def chart(self, page_background=(255, 255, 255)):
        return Chart(self.manifest, page_background)

    @property
    def svg_path(self):
        return self.directory / "chart.svg"


def run(piec, *args, cwd=None, timeout=60):
    """Run piec with arguments; returns the CompletedProcess (text output)."""
    return subprocess.run([str(piec), *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout)


def diagnostics_in(proc):
    """The lines of piec's output that look like diagnostics."""
    return [line for line in (proc.stdout + proc.stderr).splitlines() if DIAGNOSTIC.search(line)]


def write_spec(path, spec):
    """Write a spec (a dict) as YAML, in the key order given."""
    path = Path(path)
    path.write_text(yaml.safe_dump(spec, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def build(piec, spec, workdir):
    """Write `spec` to workdir/<id>.yaml, build it into workdir/out and return the bundle.
    Fails unless piec exits 0 with no diagnostic."""
    workdir = Path(workdir)
    spec_path = write_spec(workdir / f"{spec['id']}.yaml", spec)
    out = workdir / "out"
    proc = run(piec, "build", spec_path, "-o", out)
    found = diagnostics_in(proc)
    if proc.returncode != 0 or found:
        raise AssertionError(f"piec build {spec_path} exited {proc.returncode}\n"
                             f"stdout:\n{proc.stdout}\nstderr:\n{proc.stderr}")
    directory = out / spec["id"]
    missing = [n for n in ("chart.svg", "manifest.json") if not (directory / n).is_file()]
    if missing:
        raise AssertionError(f"piec build {spec_path} -o {out} exited 0 but wrote no "
                             f"{', '.join(missing)} in {directory}\nstdout:\n{proc.stdout}")
    manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
    svg = (directory / "chart.svg").read_text(encoding="utf-8")
    return Bundle(directory, manifest, svg)


def build_transition(piec, before, after, workdir):
    """Build `after` (a spec dict) with `--from` the spec `before` (same id) into
    workdir/out and return the bundle. Fails unless piec exits 0 with no diagnostic."""
    workdir = Path(workdir)
    (workdir / "previous").mkdir(exist_ok=True)
    old_path = write_spec(workdir / "previous" / f"{after['id']}.yaml", before)
    spec_path = write_spec(workdir / f"{after['id']}.yaml", after)
    out = workdir / "out"
    proc = run(piec, "build", spec_path, "-o", out, "--from", old_path)
    found = diagnostics_in(proc)
    if proc.returncode != 0 or found:
        raise AssertionError(f"piec build {spec_path} --from {old_path} exited {proc.returncode}\n"
                             f"stdout:\n{proc.stdout}\nstderr:\n{proc.stderr}")
    directory = out / after["id"]
    manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
    svg = (directory / "chart.svg").read_text(encoding="utf-8")
    return Bundle(directory, manifest, svg)
