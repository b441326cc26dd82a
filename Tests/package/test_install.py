"""`make install` / `make uninstall` into a DESTDIR: the exact files, working executables (piec
finds piec-preview beside it), completions that load, a man page that renders."""

import os
import re
import shutil
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import REPO, env_with_path, run, write_spec

FILES = [
    "bin/piec",
    "bin/piec-preview",
    "bin/piec-render",
    "share/man/man1/piec.1",
    "share/bash-completion/completions/piec",
    "share/zsh/site-functions/_piec",
    "share/fish/vendor_completions.d/piec.fish",
]
PREFIX = "/opt/piec-test"


def make(target, destdir, *extra):
    return run(["make", "--no-print-directory", "-C", str(REPO), target, "CONFIGURATION=debug",
                f"DESTDIR={destdir}", f"PREFIX={PREFIX}", *extra], check=True, timeout=900)


@pytest.fixture(scope="module")
def installed(tmp_path_factory, bin_dir) -> Path:
    """One `make install` shared by the tests that only use what it installed."""
    dest = tmp_path_factory.mktemp("installed")
    make("install", dest)
    return dest / PREFIX.lstrip("/")


def files_under(root: Path):
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() or p.is_symlink())


def test_installed_piec_runs_and_its_completions_load(tmp_path, installed):
    root = installed
    env = env_with_path(root / "bin")
    assert run(["piec", "--version"], env=env, check=True).stdout.strip()
    specs = tmp_path / "specs"
    write_spec(specs, "a.yaml", "a")
    run(["piec", "build", str(specs), "-o", str(tmp_path / "out")], env=env, check=True)
    assert (tmp_path / "out" / "a" / "chart.svg").is_file()
    # The brief's smoke test, with the installed piec: the script defines the completion.
    loaded = run(["bash", "--norc", "-c", "source <(piec completions bash) && complete -p piec"], env=env, check=True)
    assert loaded.stdout.strip() == "complete -F _piec piec"
    installed = run(["bash", "--norc", "-c", f"source {root / FILES[4]} && complete -p piec"], env=env, check=True)
    assert installed.stdout.strip() == "complete -F _piec piec"
    page = run(["man", "--warnings", "-l", str(root / FILES[3])], env={**env, "MANWIDTH": "80"}, check=True)
    assert page.stderr == ""
    assert "piec build" in page.stdout


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed (scripts/bootstrap.sh installs it)")
def test_zsh_completes_with_the_installed_function(tmp_path, installed):
    capture = Path(__file__).with_name("zsh_capture.zsh")
    functions = installed / "share" / "zsh" / "site-functions"
    cases = {
        "piec bu": ["build"],
        "piec build --for": ["--format"],
        "piec build --format ": ["github", "human", "json", "short"],
        "piec diff --format ": ["json", "text"],
        "piec completions ": ["bash", "fish", "zsh"],
        "piec help c": ["check", "completions"],
        "piec explain --l": ["--list"],
    }
    for line, expected in cases.items():
        result = run(["zsh", "-f", str(capture), str(functions), line], cwd=tmp_path, timeout=60,
                     env={"PATH": os.environ["PATH"], "HOME": str(tmp_path), "TMPDIR": str(tmp_path)})
        offered = sorted(set(result.stdout.replace("\r", "").split()))
        assert offered == expected, f"{line!r}: {result.stdout!r} {result.stderr!r}"


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed (scripts/bootstrap.sh installs it)")
def test_fish_finds_the_installed_completions_by_itself(tmp_path, installed):
    # fish looks in DIR/fish/vendor_completions.d for each DIR of XDG_DATA_DIRS (for a command
    # on PATH): no sourcing. Not --no-config, which leaves fish without any completion path.
    env = {"PATH": f"{installed / 'bin'}:{os.environ['PATH']}", "HOME": str(tmp_path),
           "XDG_DATA_DIRS": str(installed / "share")}
    result = run(["fish", "-c", "complete -C 'piec build --format '"], env=env, check=True)
    assert sorted(line.split("\t")[0] for line in result.stdout.splitlines()) == ["github", "human", "json", "short"]


def test_installed_piec_hands_watch_serve_to_the_piec_preview_beside_it(tmp_path, installed):
    root = installed
    specs = tmp_path / "specs"
    write_spec(specs, "a.yaml", "a")
    # Only the installed bin/ on PATH (plus the system's): piec must exec its own piec-preview.
    env = {"PATH": f"{root / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path)}
    process = subprocess.Popen([str(root / "bin" / "piec"), "watch", str(specs), "-o", str(tmp_path / "out"),
                                "--serve", "--port", "0", "--poll"],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               stdin=subprocess.DEVNULL)
    try:
        url = None
        deadline = time.monotonic() + 60
        seen = []
        while url is None and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            seen.append(line)
            match = re.search(r"preview at (http://127\.0\.0\.1:\d+/)", line)
            if match:
                url = match.group(1)
        assert url, "no preview line:\n" + "".join(seen)
        with urllib.request.urlopen(url, timeout=10) as response:
            assert response.status == 200
            assert b"a" in response.read()
        # The process is now piec-preview (exec keeps the pid).
        exe = os.readlink(f"/proc/{process.pid}/exe")
        assert exe == str(root / "bin" / "piec-preview")
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    assert process.returncode == 0


def test_installed_piec_hands_raster_output_to_the_piec_render_beside_it(tmp_path, installed):
    # Only the installed bin/ on PATH (plus the system's): `piec render` to PNG and GIF execs the
    # piec-render next to piec; SVG is made by piec itself.
    env = {"PATH": f"{installed / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path)}
    specs = tmp_path / "specs"
    write_spec(specs, "a.yaml", "a")
    for name, magic in [("a.png", b"\x89PNG"), ("a.gif", b"GIF89a"), ("a.svg", b"<svg")]:
        run([str(installed / "bin" / "piec"), "render", str(specs / "a.yaml"), "-o", str(tmp_path / name)], env=env, check=True)
        assert (tmp_path / name).read_bytes().startswith(magic), name
    # Without piec-render beside it, piec says where it looked and exits 74.
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "piec").write_bytes((installed / "bin" / "piec").read_bytes())
    (alone / "piec").chmod(0o755)
    proc = run([str(alone / "piec"), "render", str(specs / "a.yaml"), "-o", str(tmp_path / "b.png")], env=env)
    assert proc.returncode == 74 and "piec-render" in proc.stderr, proc.stderr
    assert not (tmp_path / "b.png").exists()


def test_install_writes_exactly_the_listed_files_and_uninstall_removes_them(installed, bin_dir):
    # Last in this file: it uninstalls what the other tests used.
    root = installed
    dest = Path(str(root)[: -len(PREFIX)])
    assert files_under(root) == sorted(FILES)
    assert run([str(REPO / "scripts" / "install.sh"), "files"], check=True).stdout.split() == FILES
    for exe in ("bin/piec", "bin/piec-preview", "bin/piec-render"):
        assert os.access(root / exe, os.X_OK)
        assert (root / exe).read_bytes() == (bin_dir / Path(exe).name).read_bytes()
    for data in FILES[3:]:
        assert (root / data).stat().st_mode & 0o777 == 0o644
    piec = root / "bin" / "piec"
    assert (root / FILES[3]).read_text() == run([str(piec), "man"], check=True).stdout
    assert (root / FILES[4]).read_text() == run([str(piec), "completions", "bash"], check=True).stdout

    # A file that is not ours, in a directory we install into, survives uninstall.
    foreign = root / "share" / "man" / "man1" / "other.1"
    foreign.write_text(".TH OTHER 1\n")
    make("uninstall", dest)
    assert files_under(root) == ["share/man/man1/other.1"]
    # Uninstalling again is not an error.
    make("uninstall", dest)
