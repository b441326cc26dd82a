"""File-system safety of `piec build` end to end: ids that try to name paths, symlinks planted
in the output tree, a read-only output folder, a full disk (a real 64 KiB tmpfs), and builds
killed with SIGKILL at random moments (every bundle stays either the old or the new complete
version; no partial file is ever visible under a bundle's name).

Not repeated here (covered by Tests/PieDriverTests and Tests/CLITests): `out` itself a
symlink, foreign files in a bundle, chmod-unwritable and immutable bundles, `ulimit -f 0`."""

import hashlib
import os
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest

from conftest import run_piec

PIE = "piec: 1\nid: {id}\ntitle: T\nslices:\n  - {{ id: a, label: A, value: {a} }}\n  - {{ id: b, label: B, value: 2 }}\n"


def snapshot(root: Path):
    """Every entry below `root` (not following symlinks): path -> kind and content hash."""
    result = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            rel = str(p.relative_to(root))
            if p.is_symlink():
                result[rel] = "link:" + os.readlink(p)
            elif p.is_dir():
                result[rel] = "dir"
            else:
                result[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
    return result


@pytest.mark.parametrize("bad_id", ["../x", "../../etc/x", "/etc/piec-x", "/tmp", "..", ".", "a/b", "a\\\\b",
                                    "x/../../y", "~root", "CON", "a b", "ÄÖ", "-x", "x-", "x" * 65, ""])
def test_ids_that_name_paths_are_errors_and_nothing_is_written(piec, tmp_path, bad_id):
    work = tmp_path / "w"
    (work / "specs").mkdir(parents=True)
    spec = work / "specs" / "s.yaml"
    spec.write_text(f'piec: 1\nid: "{bad_id}"\nslices:\n  - {{ label: A, value: 1 }}\n', encoding="utf-8")
    before = snapshot(tmp_path)
    run = run_piec(piec, ["build", "--format", "short", spec, "-o", work / "out"], cwd=work)
    assert run.status == 1, run.stderr
    assert "error[E02" in run.stderr or "error[E05" in run.stderr, run.stderr
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("stem", ["..", "...", ".hidden", "-", "日本"])
def test_file_stems_without_a_safe_slug_need_an_id(piec, tmp_path, stem):
    spec = tmp_path / f"{stem}.yaml"
    spec.write_text("piec: 1\nslices:\n  - { label: A, value: 1 }\n", encoding="utf-8")
    before = snapshot(tmp_path)
    run = run_piec(piec, ["build", "--format", "short", spec, "-o", tmp_path / "out"], cwd=tmp_path)
    if run.status == 0:  # a stem that slugs to something safe is fine, inside out/ only
        written = set(snapshot(tmp_path)) - set(before)
        assert all(p.startswith("out") for p in written), written
    else:
        assert run.status == 1 and "error[E0505]" in run.stderr, run.stderr
        assert snapshot(tmp_path) == before


def test_spec_given_by_a_path_outside_still_writes_only_into_out(piec, tmp_path):
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "pie.yaml").write_text(PIE.format(id="pie", a=1), encoding="utf-8")
    (tmp_path / "cwd").mkdir()
    run = run_piec(piec, ["build", "../elsewhere/pie.yaml"], cwd=tmp_path / "cwd")
    assert run.status == 0, run.stderr
    assert sorted(snapshot(tmp_path / "cwd")) == ["out", "out/pie", "out/pie/chart.css", "out/pie/chart.svg",
                                                  "out/pie/index.html", "out/pie/manifest.json"]
    assert sorted(snapshot(tmp_path / "elsewhere")) == ["pie.yaml"]


@pytest.mark.parametrize("plant", ["bundle-dir", "file", "manifest"])
def test_symlinks_planted_inside_the_output_are_refused(piec, tmp_path, plant):
    (tmp_path / "pie.yaml").write_text(PIE.format(id="pie", a=1), encoding="utf-8")
    assert run_piec(piec, ["build", "pie.yaml"], cwd=tmp_path).status == 0
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "keep.txt").write_text("keep")
    (secret / "chart.svg").write_text("victim")
    out = tmp_path / "out" / "pie"
    if plant == "bundle-dir":
        for f in out.iterdir():
            f.unlink()
        out.rmdir()
        out.symlink_to(secret, target_is_directory=True)
    else:
        name = "chart.svg" if plant == "file" else "manifest.json"
        (out / name).unlink()
        (out / name).symlink_to(secret / "chart.svg")
    (tmp_path / "pie.yaml").write_text(PIE.format(id="pie", a=5), encoding="utf-8")
    before = snapshot(tmp_path)
    run = run_piec(piec, ["build", "--format", "short", "pie.yaml"], cwd=tmp_path)
    assert run.status == 74, run.stderr
    assert "error[E0507]" in run.stderr or "error[E0508]" in run.stderr, run.stderr
    assert snapshot(tmp_path) == before


def mount_tmpfs(path: Path, options: str) -> bool:
    path.mkdir(parents=True, exist_ok=True)
    return subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)],
                          stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL).returncode == 0


def unmount(path: Path):
    subprocess.run(["umount", str(path)], check=False)


@pytest.fixture
def tmpfs(tmp_path):
    """mount(path, options) -> bool; every mount is undone at the end."""
    mounted = []

    def mount(path, options):
        ok = mount_tmpfs(path, options)
        if ok:
            mounted.append(path)
        return ok

    yield mount
    for p in reversed(mounted):
        unmount(p)


def test_read_only_output_folder_fails_cleanly(piec, tmp_path, tmpfs):
    out = tmp_path / "out"
    if not tmpfs(out, "size=1m"):
        pytest.skip("needs root to mount a tmpfs (chmod does not stop root; see PieDriverTests for chattr +i)")
    (tmp_path / "pie.yaml").write_text(PIE.format(id="pie", a=1), encoding="utf-8")
    assert run_piec(piec, ["build", "pie.yaml"], cwd=tmp_path).status == 0
    subprocess.run(["mount", "-o", "remount,ro", str(out)], check=True)
    before = snapshot(tmp_path)
    (tmp_path / "pie.yaml").write_text(PIE.format(id="pie", a=7), encoding="utf-8")
    (tmp_path / "new.yaml").write_text(PIE.format(id="new", a=1), encoding="utf-8")
    run = run_piec(piec, ["build", "--format", "short", "pie.yaml", "new.yaml"], cwd=tmp_path)
    assert run.status == 74, run.stderr
    assert "error[E0509]" in run.stderr
    after = snapshot(tmp_path)
    assert {k: v for k, v in after.items() if k.startswith("out")} == {k: v for k, v in before.items() if k.startswith("out")}


def test_full_disk_keeps_every_previous_bundle(piec, tmp_path, tmpfs):
    out = tmp_path / "out"
    if not tmpfs(out, "size=64k"):
        pytest.skip("needs root to mount a tmpfs (CLITests cover a full disk with ulimit -f)")
    for i in range(3):
        (tmp_path / f"p{i}.yaml").write_text(PIE.format(id=f"p{i}", a=1), encoding="utf-8")
    assert run_piec(piec, ["build", "."], cwd=tmp_path).status == 0
    before = snapshot(out)
    # Bigger bundles (long labels) for every chart plus a filler file: the disk fills mid-build.
    long = "x" * 900
    for i in range(3):
        spec = f'piec: 1\nid: p{i}\nslices:\n' + "".join(f'  - {{ id: s{k}, label: "{long}{k}", value: {k + 1} }}\n' for k in range(12))
        (tmp_path / f"p{i}.yaml").write_text(spec, encoding="utf-8")
    run = run_piec(piec, ["build", "--format", "short", "."], cwd=tmp_path)
    assert run.status == 74, run.stderr
    assert "error[E0509]" in run.stderr
    assert snapshot(out) == before


def reference_builds(piec, tmp_path, count):
    """Builds `count` specs (value 1), snapshots them, rewrites them (value 9) and rebuilds,
    timing the rebuild. Returns (old, new, seconds): id -> {file: sha256} for each version."""
    specs, ref = tmp_path / "ref-specs", tmp_path / "ref-out"
    specs.mkdir()
    versions = []
    for a in (1, 9):
        for i in range(count):
            (specs / f"c{i}.yaml").write_text(PIE.format(id=f"c{i}", a=a), encoding="utf-8")
        start = time.monotonic()
        assert run_piec(piec, ["build", specs, "-o", ref], cwd=tmp_path, timeout=600).status == 0
        seconds = time.monotonic() - start
        versions.append({d.name: {f.name: hashlib.sha256(f.read_bytes()).hexdigest() for f in d.iterdir()}
                         for d in ref.iterdir()})
    return versions[0], versions[1], seconds


def check_tree(out: Path, old, new):
    """Every visible bundle is exactly the old or the new version; returns (old, new, hidden)."""
    counts = {"old": 0, "new": 0, "hidden": 0}
    for entry in out.iterdir():
        if entry.name.startswith("."):
            counts["hidden"] += 1
            continue
        assert entry.is_dir() and not entry.is_symlink(), entry
        files = {f.name: hashlib.sha256(f.read_bytes()).hexdigest() for f in entry.iterdir()}
        if files == old[entry.name]:
            counts["old"] += 1
        elif files == new[entry.name]:
            counts["new"] += 1
        else:
            pytest.fail(f"{entry.name} is neither the old nor the new bundle: {sorted(files)}")
    return counts


def test_sigkill_mid_build_leaves_only_complete_bundles(piec, tmp_path):
    count = int(os.environ.get("PIEC_KILL_SPECS", "2000"))
    old, new, duration = reference_builds(piec, tmp_path, count)
    specs = tmp_path / "specs"
    specs.mkdir()
    for i in range(count):
        (specs / f"c{i}.yaml").write_text(PIE.format(id=f"c{i}", a=1), encoding="utf-8")
    out = tmp_path / "out"
    assert run_piec(piec, ["build", specs, "-o", out], cwd=tmp_path, timeout=600).status == 0
    for i in range(count):
        (specs / f"c{i}.yaml").write_text(PIE.format(id=f"c{i}", a=9), encoding="utf-8")
    # Kill points spread over the whole build, most of them in its last part (compiling comes
    # first and writes nothing; the bundles are swapped in at the end). Each killed build is
    # followed by another, which starts from the half-written tree.
    rng = random.Random(7)
    mixed = 0
    for k in range(10):
        proc = subprocess.Popen([str(piec), "build", str(specs), "-o", str(out)], cwd=tmp_path,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            proc.wait(timeout=duration * (rng.uniform(0.1, 0.7) if k < 2 else rng.uniform(0.7, 1.0)))
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        counts = check_tree(out, old, new)
        assert counts["old"] + counts["new"] == count
        mixed += 0 < counts["new"] < count
        if counts["new"] == count:
            break
    # A normal build afterwards finishes the job.
    final = run_piec(piec, ["build", specs, "-o", out], cwd=tmp_path, timeout=600)
    assert final.status == 0, final.stderr
    final_counts = check_tree(out, old, new)
    assert final_counts["new"] == count
    print(f"SIGKILL: {count} specs, rebuild {duration:.1f} s, kills that left old and new bundles side by side "
          f"{mixed}, hidden temp entries left {final_counts['hidden']}")


def test_temp_directories_of_a_killed_build_are_cleaned_up(piec, tmp_path):
    (tmp_path / "pie.yaml").write_text(PIE.format(id="pie", a=1), encoding="utf-8")
    assert run_piec(piec, ["build", "pie.yaml"], cwd=tmp_path).status == 0
    # What SIGKILL leaves behind: a staged bundle of a process that no longer exists.
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = tmp_path / "out" / f".piec-tmp-pie-{dead.pid}-0"
    stale.mkdir()
    (stale / "chart.svg").write_text("half")
    (tmp_path / "pie.yaml").write_text(PIE.format(id="pie", a=3), encoding="utf-8")
    assert run_piec(piec, ["build", "pie.yaml"], cwd=tmp_path).status == 0
    assert not stale.exists()
