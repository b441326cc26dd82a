"""Durability of `piec build` (SECURITY.md, "Durable without an fsync per file"): the order of
the system calls that make a build survive a power loss, and the unchanged-rebuild fast path
refusing a file that a power loss could have emptied.

A power loss cannot be simulated in a test, so the invariant is checked where it is decided:
under `strace`, every staged file is written and closed, then the file system is synced once
(`syncfs`), and only then does any rename make a staged directory visible under a bundle's
name; the renames are made durable by one fsync of the output directory at the end. No file is
fsync'd on its own (the old scheme paid one fsync per file and per staging directory)."""

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import run_piec

PIE = "piec: 1\nid: {id}\ntitle: T\nslices:\n  - {{ id: a, label: A, value: {a} }}\n  - {{ id: b, label: B, value: 2 }}\n"

needs_linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="syncfs and strace are Linux's")


def write_specs(folder: Path, count: int, value: int):
    folder.mkdir(exist_ok=True)
    for i in range(count):
        (folder / f"c{i}.yaml").write_text(PIE.format(id=f"c{i}", a=value), encoding="utf-8")


def traced_build(piec, cwd: Path, args):
    """Runs `piec ARGS` under strace -f; returns the calls as (name, argument text, result) in order."""
    strace = shutil.which("strace")
    if strace is None:
        pytest.fail("strace is missing: scripts/bootstrap.sh installs it", pytrace=False)
    log = cwd / "strace.log"
    run = subprocess.run([strace, "-f", "-qq", "-o", str(log), "-e",
                          "trace=openat,write,close,fsync,fdatasync,sync,syncfs,sync_file_range,"
                          "mkdirat,renameat,renameat2,rename",
                          str(piec), *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    calls = []
    pending = {}  # pid -> index in calls of a call strace split over two lines (threads)
    for line in log.read_text().splitlines():
        m = re.match(r"^(\d+)\s+(\w+)\((.*) <unfinished \.\.\.>$", line)
        if m:
            pending[m.group(1)] = len(calls)
            calls.append((m.group(2), m.group(3), None))
            continue
        m = re.match(r"^(\d+)\s+<\.\.\. (\w+) resumed>(.*)\)\s+=\s+(-?\d+)", line)
        if m and m.group(1) in pending:
            i = pending.pop(m.group(1))
            name, args, _ = calls[i]
            calls[i] = (name, args + m.group(3), int(m.group(4)))
            continue
        m = re.match(r"^\d+\s+(\w+)\((.*)\)\s+=\s+(-?\d+)", line)
        if m:
            calls.append((m.group(1), m.group(2), int(m.group(3))))
    return calls


def check_order(calls, out: Path, bundles: int):
    """The durability invariant over one traced build that wrote `bundles` bundles into `out`."""
    names = [c[0] for c in calls]
    assert "fsync" in names and names.count("syncfs") == 1, names
    assert "fdatasync" not in names and "sync" not in names
    sync_at = names.index("syncfs")
    # Staged files: opened for writing inside a .piec-tmp- directory.
    staged_fds = {}
    last_staged_close = -1
    for i, (name, args, result) in enumerate(calls):
        if name == "openat" and "O_CREAT" in args and ".piec-tmp-" not in args and result is not None and result >= 0:
            # Relative to a staging directory's descriptor: the file names of a bundle.
            if re.search(r'"(chart\.svg|chart\.css|index\.html|manifest\.json)"', args):
                staged_fds[result] = i
        if name == "close" and args.strip().isdigit() and int(args) in staged_fds:
            del staged_fds[int(args)]
            last_staged_close = i
    assert last_staged_close >= 0, "no staged file seen"
    assert last_staged_close < sync_at, "a staged file was still open when the file system was synced"
    # Every rename that makes a bundle visible comes after the sync.
    swaps = [i for i, (name, args, _) in enumerate(calls) if name in ("renameat", "renameat2", "rename")]
    assert len(swaps) == bundles, (len(swaps), bundles)
    assert min(swaps) > sync_at
    # One fsync, of the output directory, after the last rename; no file is fsync'd alone.
    fsyncs = [i for i, c in enumerate(calls) if c[0] == "fsync"]
    assert len(fsyncs) == 1 and fsyncs[0] > max(swaps), fsyncs
    return sync_at


@needs_linux
def test_new_bundles_are_synced_once_before_any_becomes_visible(piec, tmp_path):
    write_specs(tmp_path / "specs", 20, 1)
    calls = traced_build(piec, tmp_path, ["build", "specs", "-o", "out"])
    check_order(calls, tmp_path / "out", bundles=20)
    assert len(list((tmp_path / "out").iterdir())) == 20


@needs_linux
def test_changed_bundles_are_synced_before_the_exchange(piec, tmp_path):
    write_specs(tmp_path / "specs", 12, 1)
    assert run_piec(piec, ["build", "specs", "-o", "out"], cwd=tmp_path).status == 0
    # Change half of them: the other half is unchanged and must not be synced or renamed.
    for i in range(6):
        (tmp_path / "specs" / f"c{i}.yaml").write_text(PIE.format(id=f"c{i}", a=7), encoding="utf-8")
    calls = traced_build(piec, tmp_path, ["build", "specs", "-o", "out"])
    check_order(calls, tmp_path / "out", bundles=6)
    exchanges = [c for c in calls if c[0] == "renameat2"]
    assert len(exchanges) == 6 and all("RENAME_EXCHANGE" in c[1] for c in exchanges), exchanges


@needs_linux
def test_an_unchanged_rebuild_syncs_nothing(piec, tmp_path):
    write_specs(tmp_path / "specs", 5, 1)
    assert run_piec(piec, ["build", "specs", "-o", "out"], cwd=tmp_path).status == 0
    calls = traced_build(piec, tmp_path, ["build", "specs", "-o", "out"])
    assert not [c for c in calls if c[0] in ("fsync", "syncfs", "renameat", "renameat2", "mkdirat")]


def test_a_file_emptied_behind_fresh_times_is_not_trusted(piec, tmp_path):
    """What a power loss can leave when bytes were never synced: an empty file whose times say
    it is older than its bundle's swap. The fast path would trust the times; it must not trust
    an empty file, and the rebuild must restore it."""
    write_specs(tmp_path / "specs", 1, 1)
    out = tmp_path / "out"
    assert run_piec(piec, ["build", "specs", "-o", out], cwd=tmp_path).status == 0
    bundle = out / "c0"
    good = (bundle / "chart.svg").read_bytes()
    assert good
    time.sleep(0.05)  # file times come from a clock tick of a few ms
    os.truncate(bundle / "chart.svg", 0)
    time.sleep(0.05)
    # Restamp the folder's ctime after the truncation without changing anything else: setting
    # its mtime to its own value, as piec does after a full compare. Now every time-based
    # condition of the fast path holds again; only the empty file is left to notice.
    st = os.stat(bundle)
    os.utime(bundle, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert os.stat(bundle / "chart.svg").st_ctime_ns < os.stat(bundle).st_ctime_ns
    run = run_piec(piec, ["build", "specs", "-o", out], cwd=tmp_path)
    assert run.status == 0, run.stderr
    assert (bundle / "chart.svg").read_bytes() == good
    assert "1 written" in run.stderr + run.stdout, run.stderr + run.stdout
