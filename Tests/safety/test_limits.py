"""Any input up to the file-size limit ends with exit 0 or 1, a clear diagnostic and bounded
memory; deep nesting, long scalars, huge numbers and 100,001 slices get their own error codes.

No timing asserts here (CI machines vary): a run only fails as a hang after HANG_SECONDS. The
times are measured by `measure_limits.py` against a release build (see SECURITY.md).
PIEC_SAFETY_HEAVY=1 adds the cases a debug build takes tens of seconds for (100,000 slices...)."""

import os
import re

import pytest

from conftest import run_piec
from limitcases import cases

HANG_SECONDS = 300
HEAVY = os.environ.get("PIEC_SAFETY_HEAVY") == "1"
CASES = list(cases(heavy=HEAVY))


def memory_bound_kb(size):
    """Peak RSS allowed for an input of `size` bytes: a fixed base plus 100 bytes per input byte
    (linear; the largest debug runs measured use under 40)."""
    return 200 * 1024 + (size * 100) // 1024


@pytest.mark.parametrize("name,data,expected", CASES, ids=[c[0] for c in CASES])
def test_input_ends_cleanly_with_bounded_memory(piec, tmp_path, name, data, expected):
    spec = tmp_path / "spec.yaml"
    spec.write_bytes(data)
    run = run_piec(piec, ["check", "--format", "short", spec], cwd=tmp_path, timeout=HANG_SECONDS)
    codes = set(re.findall(r"error\[(E\d{4})\]", run.stderr))
    assert "panicked" not in run.stderr and "Fatal error" not in run.stderr and "crashed" not in run.stderr
    if expected == "ok":
        assert run.status == 0, run.stderr[:2000]
    else:
        assert run.status == 1, f"status {run.status}: {run.stderr[:2000]}"
        assert codes, "exit 1 without an error code"
        if expected != "error":
            assert expected in codes, f"expected {expected}, got {sorted(codes)}"
    assert run.max_rss_kb <= memory_bound_kb(len(data)), f"peak RSS {run.max_rss_kb} KB for {len(data)} bytes"


def test_over_limit_file_is_refused_before_reading(piec, tmp_path):
    # A sparse 1 GiB file: refused from its size alone, so memory stays small.
    spec = tmp_path / "big.yaml"
    with open(spec, "wb") as f:
        f.truncate(1 << 30)
    run = run_piec(piec, ["check", "--format", "short", spec], cwd=tmp_path)
    assert run.status == 1
    assert "error[E0503]" in run.stderr
    assert run.max_rss_kb < 200 * 1024
