#!/usr/bin/env python3
"""Watch latency: from the close() of a saved spec to its new bundle on disk.

Starts `piec watch` on a temporary directory, performs N saves (open, write, close) of one
spec, each with different content, and for each save measures the time from the close to the
moment `OUT/<id>/manifest.json` carries the sha256 of the saved bytes (the bundle is swapped in
atomically, so the manifest appearing means the whole bundle is there). The output directory is
polled every 0.1 ms, so the measurement's own granularity is about 0.1 ms.

Usage: bench/watch_latency.py [--piec PATH] [--saves N] [--poll] [--debounce MS] [--specs K]
                              [--dir DIR] [--metrics FILE --label NAME]
Prints p50, p95 and max in milliseconds; --metrics appends `watch.NAME.p50=...` lines (for
bench/run.sh). --dir is where the watched folder and the output live (default: the system's
temporary folder): a disk or a tmpfs. Standard library only.
"""
import argparse
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def spec_text(i: int) -> bytes:
    return (
        "piec: 1\n"
        "id: bench\n"
        "title: Watch latency\n"
        "chart: { innerRadius: 0.5 }\n"
        "slices:\n"
        f"  - {{ id: a, label: Alpha, value: {10 + i % 7} }}\n"
        f"  - {{ id: b, label: Beta, value: {20 + i % 5} }}\n"
        f"  - {{ id: c, label: Gamma, value: {5 + i % 3} }}\n"
        f"  - {{ id: d, label: Delta, value: {1 + i} }}\n"
    ).encode()


def save(path: str, data: bytes) -> int:
    """Writes in place and returns the monotonic time (ns) right after close()."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.write(fd, data)
    os.close(fd)
    return time.monotonic_ns()


def wait_for_manifest(path: str, digest: str, timeout_s: float = 10.0) -> int:
    """Polls until the manifest holds `digest`; returns the monotonic time (ns) it was seen."""
    needle = f'"specHash": "sha256:{digest}"'.encode()
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with open(path, "rb") as f:
                if needle in f.read():
                    return time.monotonic_ns()
        except FileNotFoundError:
            pass
        time.sleep(0.0001)
    raise TimeoutError(f"no bundle with {digest[:12]} after {timeout_s} s")


def wait_for_line(proc: subprocess.Popen, prefix: str, timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if not line:
            raise RuntimeError("piec watch exited before it was ready")
        if line.startswith(prefix):
            return
    raise TimeoutError("piec watch did not start")


def percentile(sorted_values, p):
    k = (len(sorted_values) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (k - lo)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--piec", default=None, help="piec binary (default: .build/release/piec, else .build/debug/piec)")
    parser.add_argument("--saves", type=int, default=100)
    parser.add_argument("--poll", action="store_true", help="pass --poll (polling instead of inotify)")
    parser.add_argument("--debounce", type=int, default=None, help="pass --debounce MS")
    parser.add_argument("--specs", type=int, default=1, help="other specs in the watched directory")
    parser.add_argument("--gap-ms", type=float, default=30.0, help="pause after each bundle before the next save")
    parser.add_argument("--dir", default=None, help="parent of the temporary work folder (disk or tmpfs)")
    parser.add_argument("--metrics", default=None, help="append p50/p95/max to this key=value file")
    parser.add_argument("--label", default="watch", help="key prefix for --metrics")
    args = parser.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    piec = args.piec or next(
        (p for p in (f"{root}/.build/release/piec", f"{root}/.build/debug/piec") if os.path.exists(p)), None)
    if not piec:
        print("build piec first (swift build -c release)", file=sys.stderr)
        return 2
    work = tempfile.mkdtemp(prefix="piec-watch-bench-", dir=args.dir)
    specs, out = f"{work}/specs", f"{work}/out"
    os.makedirs(specs)
    spec = f"{specs}/bench.yaml"
    with open(spec, "wb") as f:
        f.write(spec_text(0))
    for k in range(args.specs - 1):
        with open(f"{specs}/other-{k}.yaml", "wb") as f:
            f.write(spec_text(k).replace(b"id: bench", f"id: other-{k}".encode()))
    command = [piec, "watch", specs, "-o", out] + (["--poll", "--poll-interval", "10"] if args.poll else [])
    if args.debounce is not None:
        command += ["--debounce", str(args.debounce)]
    proc = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    latencies = []
    try:
        wait_for_line(proc, "watching ")
        manifest = f"{out}/bench/manifest.json"
        for i in range(1, args.saves + 1):
            data = spec_text(i)
            closed = save(spec, data)
            seen = wait_for_manifest(manifest, hashlib.sha256(data).hexdigest())
            latencies.append((seen - closed) / 1e6)
            time.sleep(args.gap_ms / 1000)
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            status = proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            status = "killed"
        leftovers = [n for n in os.listdir(out) if n.startswith(".piec-tmp-")] if os.path.isdir(out) else []
        shutil.rmtree(work, ignore_errors=True)
    values = sorted(latencies)
    mode = "polling (10 ms)" if args.poll else "inotify"
    print(f"watch latency, {mode}, {len(values)} saves, {os.path.relpath(piec, root)}: "
          f"p50 {percentile(values, 0.5):.1f} ms, p95 {percentile(values, 0.95):.1f} ms, max {values[-1]:.1f} ms")
    print(f"piec watch exit status after SIGINT: {status}; temp entries left: {len(leftovers)}")
    if args.metrics:
        with open(args.metrics, "a", encoding="utf-8") as f:
            for name, value in [("p50", percentile(values, 0.5)), ("p95", percentile(values, 0.95)), ("max", values[-1])]:
                f.write(f"{args.label}.{name}={value:.2f}\n")
            f.write(f"{args.label}.saves={len(values)}\n")
    return 0 if status == 0 and not leftovers else 1


if __name__ == "__main__":
    sys.exit(main())
