"""Durability of `piec build` (SECURITY.md, "Durable without a journal commit per file"): the
order of the system calls that make a build survive a power loss, and the unchanged-rebuild
fast path refusing a file that a power loss could have emptied.

A power loss cannot be simulated in a test, so the invariant is checked where it is decided:
under `strace`, every staged file is written and closed before anything is synced; then the
staged bytes are synced (each file and folder, or one `syncfs`: `PIEC_SYNC` forces each method
here); only then does any rename make a staged directory visible under a bundle's name; one
fsync of the output directory makes the renames durable."""

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


def traced_build(piec, cwd: Path, args, sync=None):
    """Runs `piec ARGS` under strace -f (PIEC_SYNC=`sync` when given); returns the calls as
    (name, argument text, result) in the order they started."""
    strace = shutil.which("strace")
    if strace is None:
        pytest.fail("strace is missing: scripts/bootstrap.sh installs it", pytrace=False)
    log = cwd / "strace.log"
    env = dict(os.environ)
    env.pop("PIEC_SYNC", None)
    if sync:
        env["PIEC_SYNC"] = sync
    run = subprocess.run([strace, "-f", "-qq", "-o", str(log), "-e",
                          "trace=openat,write,close,fsync,fdatasync,sync,syncfs,sync_file_range,"
                          "mkdirat,renameat,renameat2,rename",
                          str(piec), *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=300, env=env)
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


BUNDLE_FILE = re.compile(r'"(chart\.svg|chart\.css|index\.html|manifest\.json)"')


def check_order(calls, bundles: int, method: str):
    """The durability invariant over one traced build that swapped in `bundles` bundles:
    every staged file is written and closed before anything is synced (so one journal commit
    covers them all), every rename that makes a bundle visible comes after the last sync of
    staged bytes, and one fsync of the output directory follows the last rename."""
    names = [c[0] for c in calls]
    assert "fdatasync" not in names and "sync" not in names, names
    staged_fds, writes_done = {}, -1
    for i, (name, args, result) in enumerate(calls):
        # Staged files: created relative to a staging directory's descriptor.
        if name == "openat" and "O_CREAT" in args and BUNDLE_FILE.search(args) and result is not None and result >= 0:
            staged_fds[result] = i
        if name == "close" and args.strip().isdigit() and int(args) in staged_fds:
            del staged_fds[int(args)]
            writes_done = i
    assert writes_done >= 0, "no staged file seen"
    swaps = [i for i, (name, _, _) in enumerate(calls) if name in ("renameat", "renameat2", "rename")]
    assert len(swaps) == bundles, (len(swaps), bundles)
    fsyncs = [i for i, c in enumerate(calls) if c[0] == "fsync"]
    final = [i for i in fsyncs if i > max(swaps)]
    assert len(final) == 1, "one fsync of the output directory after the last rename"
    if method == "filesystem":
        assert names.count("syncfs") == 1 and len(fsyncs) == 1, (names.count("syncfs"), len(fsyncs))
        # No per-file write-back before one syncfs: it only slowed the build (Durability).
        assert "sync_file_range" not in names
        last_sync = names.index("syncfs")
    else:
        assert "syncfs" not in names
        # Write-back of each staged file started right after its bytes were written.
        assert names.count("sync_file_range") == 4 * bundles
        staged_syncs = [i for i in fsyncs if i < min(swaps)]
        # Each of the four files and then its staging folder, per bundle.
        assert len(staged_syncs) == 5 * bundles, (len(staged_syncs), bundles)
        last_sync = max(staged_syncs)
        assert min(staged_syncs) > writes_done, "a staged file was synced before every bundle was written"
    assert writes_done < last_sync < min(swaps)


@needs_linux
@pytest.mark.parametrize("method", ["files", "filesystem"])
def test_new_bundles_are_durable_before_any_becomes_visible(piec, tmp_path, method):
    write_specs(tmp_path / "specs", 20, 1)
    calls = traced_build(piec, tmp_path, ["build", "specs", "-o", "out"], sync=method)
    check_order(calls, bundles=20, method=method)
    assert len(list((tmp_path / "out").iterdir())) == 20


@needs_linux
@pytest.mark.parametrize("method", ["files", "filesystem"])
def test_changed_bundles_are_durable_before_the_exchange(piec, tmp_path, method):
    write_specs(tmp_path / "specs", 12, 1)
    assert run_piec(piec, ["build", "specs", "-o", "out"], cwd=tmp_path).status == 0
    # Change half of them: the other half is unchanged and must not be synced or renamed.
    for i in range(6):
        (tmp_path / "specs" / f"c{i}.yaml").write_text(PIE.format(id=f"c{i}", a=7), encoding="utf-8")
    calls = traced_build(piec, tmp_path, ["build", "specs", "-o", "out"], sync=method)
    check_order(calls, bundles=6, method=method)
    exchanges = [c for c in calls if c[0] == "renameat2"]
    assert len(exchanges) == 6 and all("RENAME_EXCHANGE" in c[1] for c in exchanges), exchanges


@needs_linux
def test_a_small_build_syncs_its_own_files_not_the_file_system(piec, tmp_path):
    """Without PIEC_SYNC, a build of a few bundles (a `piec watch` save, a cold start) never
    calls syncfs, which would also wait for every other program's unwritten data."""
    write_specs(tmp_path / "specs", 3, 1)
    calls = traced_build(piec, tmp_path, ["build", "specs", "-o", "out"])
    check_order(calls, bundles=3, method="files")


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
