"""piec in one line (issue 37): the binary wheel that scripts/wheel.py writes installs with pip,
uv and pipx into places of their own, offline, and the installed piec builds a chart, renders
an SVG, says how to get PNGs, and runs as `python -m piec`; the adapters import from it.

The wheel here is made from the debug build (what `make test` has), tagged `linux_x86_64`, and
auditwheel agrees that tag is honest for it; `make wheel` makes the release wheel of the fully
static executables and checks its manylinux and musllinux tags with auditwheel the same way."""

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import REPO, SPEC, run


@pytest.fixture(scope="module")
def wheel(bin_dir, tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    proc = run([sys.executable, str(REPO / "scripts" / "wheel.py"), str(bin_dir), str(out)], check=True)
    path = Path(proc.stdout.strip())
    assert path.name == "piec_charts-" + run([str(bin_dir / "piec"), "--version"]).stdout.strip() + "-py3-none-linux_x86_64.whl"
    return path


@pytest.fixture
def spec(tmp_path):
    p = tmp_path / "langs.yaml"
    p.write_text(SPEC.format(id="langs"), encoding="utf-8")
    return p


def test_the_wheel_holds_the_executables_and_the_adapters(wheel, bin_dir):
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = {i.filename: i for i in z.infolist()}
        version = names[0].split("-")[1] if names[0].startswith("piec_charts-") else None
        scripts = sorted(n for n in names if ".data/scripts/" in n)
        assert [s.rsplit("/", 1)[1] for s in scripts] == ["piec", "piec-preview"]
        assert all((info[s].external_attr >> 16) & 0o111 for s in scripts), "scripts not executable"
        assert z.read(scripts[0]) == (bin_dir / "piec").read_bytes()
        assert {"piec/__init__.py", "piec/__main__.py", "piec/markdown.py", "piec/pandoc.py", "piec/sphinx.py", "piec/_blocks.py"} <= set(names)
        entry_points = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        assert entry_points and z.read(entry_points[0]) == b"[console_scripts]\npiec-pandoc = piec.pandoc:main\n"
        record = [n for n in names if n.endswith(".dist-info/RECORD")][0]
        listed = {line.split(",")[0] for line in z.read(record).decode().splitlines()}
        assert listed == set(names), "RECORD does not list every file"
    assert version is None or version[0].isdigit()


def test_the_wheel_is_byte_identical_when_built_again(wheel, bin_dir, tmp_path):
    again = Path(run([sys.executable, str(REPO / "scripts" / "wheel.py"), str(bin_dir), str(tmp_path)], check=True).stdout.strip())
    assert again.read_bytes() == wheel.read_bytes()


def test_auditwheel_agrees_with_the_tag(wheel):
    proc = run(["auditwheel", "show", str(wheel)], check=True)
    assert 'consistent with the following platform tag: "linux_x86_64"' in " ".join(proc.stdout.split()), proc.stdout


def check_installed(bin_path, python, spec, tmp_path):
    """The installed piec: --version, build, render to SVG, a PNG's help, python -m piec."""
    env = dict(os.environ, PATH=f"{bin_path.parent}:/usr/bin:/bin")
    assert run([str(bin_path), "--version"], env=env, check=True).stdout.strip()
    out = tmp_path / "out"
    run([str(bin_path), "build", str(spec), "-o", str(out)], env=env, check=True)
    assert (out / "langs" / "chart.svg").is_file() and (out / "langs" / "manifest.json").is_file()
    svg = tmp_path / "langs.svg"
    run([str(bin_path), "render", str(spec), "-o", str(svg)], env=env, check=True)
    assert svg.read_bytes().startswith(b"<svg")
    png = run([str(bin_path), "render", str(spec), "-o", str(tmp_path / "langs.png")], env=env)
    assert png.returncode == 74 and "the PyPI wheel has piec without it" in png.stderr, png.stderr
    if python:
        assert run([str(python), "-m", "piec", "--version"], env=env, check=True).stdout.strip()
        run([str(python), "-c", "import piec.markdown, piec; print(piec.binary())"], env=env, check=True)


def test_pip_installs_it_into_a_fresh_virtual_environment(wheel, spec, tmp_path):
    venv = tmp_path / "venv"
    run(["/usr/bin/python3", "-m", "venv", str(venv)], check=True)
    run([str(venv / "bin" / "pip"), "install", "-q", "--no-index", str(wheel)], check=True)
    check_installed(venv / "bin" / "piec", venv / "bin" / "python", spec, tmp_path)


def test_pip_installs_piec_pandoc_the_pandoc_filter(wheel, tmp_path):
    """The entry point becomes `piec-pandoc` in the venv's bin: as pandoc runs it (the AST on
    stdin, the format as its argument) it turns a ```piec block into the chart, with the piec
    beside it; `python -m piec.pandoc` is the same filter."""
    venv = tmp_path / "venv"
    run(["/usr/bin/python3", "-m", "venv", str(venv)], check=True)
    run([str(venv / "bin" / "pip"), "install", "-q", "--no-index", str(wheel)], check=True)
    script = venv / "bin" / "piec-pandoc"
    assert script.is_file() and os.access(script, os.X_OK)
    ast = ('{"pandoc-api-version":[1,23,1,1],"meta":{},"blocks":[{"t":"CodeBlock","c":[["",["piec"],[]],'
           '"piec: 1\\nslices:\\n  - {label: A, value: 1}\\n  - {label: B, value: 2}"]}]}')
    env = {k: v for k, v in os.environ.items() if k not in ("PIEC", "PYTHONPATH")}
    env["PATH"] = "/usr/bin:/bin"
    for command in ([str(script), "html"], [str(venv / "bin" / "python"), "-m", "piec.pandoc", "html"]):
        proc = subprocess.run(command, input=ast, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
        assert proc.returncode == 0, proc.stderr
        out = json.loads(proc.stdout)
        [block] = out["blocks"]
        assert block["t"] == "RawBlock" and block["c"][0] == "html", block
        assert block["c"][1].startswith('<div class="piec"><svg xmlns="http://www.w3.org/2000/svg" class="piec-page-1"')
        assert "@keyframes" in block["c"][1] and out["pandoc-api-version"] == [1, 23, 1, 1]


def test_uv_tool_install_puts_piec_on_its_bin_dir(wheel, spec, tmp_path):
    env = dict(os.environ, UV_TOOL_DIR=str(tmp_path / "tools"), UV_TOOL_BIN_DIR=str(tmp_path / "bin"),
               UV_CACHE_DIR=str(tmp_path / "cache"), UV_PYTHON="/usr/bin/python3")
    run(["uv", "tool", "install", "--offline", str(wheel)], env=env, check=True)
    check_installed(tmp_path / "bin" / "piec", None, spec, tmp_path)


def test_pipx_install_puts_piec_on_its_bin_dir(wheel, spec, tmp_path):
    # pipx tries to upgrade its shared pip first; offline that fails and it goes on.
    env = dict(os.environ, PIPX_HOME=str(tmp_path / "pipx"), PIPX_BIN_DIR=str(tmp_path / "bin"), PIP_NO_INDEX="1")
    run(["pipx", "install", str(wheel)], env=env, check=True)
    check_installed(tmp_path / "bin" / "piec", None, spec, tmp_path)
