#!/usr/bin/env python3
"""Times every limit case (heavy ones included) with a piec binary and prints a table:
exit status, wall time, peak RSS and diagnostic output size. Not a test: the numbers go into
SECURITY.md. Usage: python3 Tests/safety/measure_limits.py [PIEC] (default .build/release/piec)."""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from conftest import REPO, run_piec  # noqa: E402
from limitcases import cases  # noqa: E402


def main():
    piec = Path(sys.argv[1] if len(sys.argv) > 1 else REPO / ".build/release/piec")
    print(f"{'case':34} {'bytes':>9} {'exit':>4} {'seconds':>8} {'peak RSS MB':>11} {'stderr KB':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, data, _ in cases(heavy=True):
            spec = Path(tmp) / "spec.yaml"
            spec.write_bytes(data)
            run = run_piec(piec, ["check", spec], cwd=tmp, timeout=600)
            print(f"{name:34} {len(data):>9} {run.status:>4} {run.seconds:>8.2f} {run.max_rss_kb / 1024:>11.1f} "
                  f"{len(run.stderr.encode()) / 1024:>9.0f}", flush=True)


if __name__ == "__main__":
    main()
