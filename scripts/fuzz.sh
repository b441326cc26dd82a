#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and fuzzes one of them.
#
#   scripts/fuzz.sh [SECONDS] [TARGET]     fuzz TARGET (FuzzCompile | FuzzTransition) for SECONDS (60)
#   scripts/fuzz.sh --promote [TARGET]     move the target's crashes/timeouts/OOMs into
#                                          Tests/Fixtures/fuzz-regressions/ (then run swift test)
#   scripts/fuzz.sh --replay [TARGET]      run every regression input once through the target
#
# The work directory Fuzz/work/TARGET/ (gitignored) holds the corpus (seeded from specs/, the
# diagnostic fixtures and the regressions), artifacts/ (crash-*, timeout-*, oom-*) and log.txt.
# FUZZ_TIMEOUT (default 2) is libFuzzer's -timeout in seconds: on a busy machine a sanitizer
# build can pass 2 s on inputs that take 0.2 s alone, so re-run each timeout-* before promoting
# it (`Fuzz/.build/debug/TARGET FILE` prints the time).
# Runs under `nice -n 10` in one process. libFuzzer stops at the first crash; FUZZ_KEEP_GOING=1
# runs it in fork mode (-fork=1) and keeps going past crashes, timeouts and OOMs instead.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
mode=fuzz
case "${1:-}" in
    --promote) mode=promote; shift ;;
    --replay) mode=replay; shift ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
if [[ $mode == fuzz ]]; then
    seconds=${1:-60}
    target=${2:-FuzzCompile}
else
    target=${1:-FuzzCompile}
fi
case "$target" in
    FuzzCompile|FuzzTransition) ;;
    *) echo "unknown target $target (FuzzCompile or FuzzTransition)" >&2; exit 64 ;;
esac

work="$root/Fuzz/work/$target"
regressions="$root/Tests/Fixtures/fuzz-regressions"
binary="$root/Fuzz/.build/debug/$target"
mkdir -p "$work/corpus" "$work/artifacts"

if [[ $mode == promote ]]; then
    shopt -s nullglob
    moved=0
    for f in "$work"/artifacts/crash-* "$work"/artifacts/timeout-* "$work"/artifacts/oom-* "$work"/artifacts/slow-unit-*; do
        name="$target-$(basename "$f")"
        mv "$f" "$regressions/$name"
        echo "moved $(basename "$f") -> Tests/Fixtures/fuzz-regressions/$name"
        moved=$((moved + 1))
    done
    echo "$moved input(s) moved; describe each in Tests/Fixtures/fuzz-regressions/README.md and run swift test --filter SafetyTests"
    exit 0
fi

# `swift build --sanitize=fuzzer --sanitize=address` alone is not enough: swiftc keeps only the
# last -sanitize= flag, so the code would get ASan but no coverage counters. Passing both in one
# flag through -Xswiftc instruments everything; --sanitize=fuzzer makes SwiftPM link libFuzzer's
# main instead of the module's.
echo "building $target (debug, -sanitize=fuzzer,address)"
(cd "$root/Fuzz" && nice -n 10 swift build --product "$target" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address 2>&1 \
    | grep -v 'ld.gold: warning: Cannot export local symbol' || true)
[[ -x $binary ]] || { echo "build failed: no $binary" >&2; exit 1; }

export SWIFT_BACKTRACE=enable=no              # let ASan/libFuzzer report crashes, not the Swift backtracer
export ASAN_OPTIONS=detect_leaks=0:${ASAN_OPTIONS:-}  # lazily initialised globals look like leaks

if [[ $mode == replay ]]; then
    shopt -s nullglob
    inputs=()
    for f in "$regressions"/"$target"-*; do inputs+=("$f"); done
    [[ ${#inputs[@]} -gt 0 ]] || { echo "no regression inputs for $target"; exit 0; }
    exec "$binary" -timeout=2 -rss_limit_mb=2048 "${inputs[@]}"
fi

# Seed the corpus (files already there are kept: the corpus grows across runs).
seed() { local src=$1 dst=$2; [[ -e $dst ]] || cp "$src" "$dst"; }
shopt -s nullglob
if [[ $target == FuzzCompile ]]; then
    for f in "$root"/specs/*.yaml "$root"/Tests/Fixtures/diagnostics/*.yaml; do seed "$f" "$work/corpus/seed-$(basename "$f")"; done
else
    # Pairs of specs joined by a NUL byte: previous, then new.
    for a in "$root"/specs/*.yaml; do
        for b in "$root"/specs/*.yaml; do
            out="$work/corpus/seed-$(basename "$a" .yaml)-$(basename "$b" .yaml)"
            [[ -e $out ]] || { cat "$a"; printf '\0'; cat "$b"; } > "$out"
        done
    done
fi
for f in "$regressions"/"$target"-*; do seed "$f" "$work/corpus/regression-$(basename "$f")"; done

echo "fuzzing $target for ${seconds}s; log in $work/log.txt"
set +e
nice -n 10 "$binary" "$work/corpus" \
    -max_total_time="$seconds" -max_len=262144 -timeout="${FUZZ_TIMEOUT:-2}" -rss_limit_mb=2048 -malloc_limit_mb=2048 \
    -dict="$root/Fuzz/piec.dict" -artifact_prefix="$work/artifacts/" -print_final_stats=1 \
    ${FUZZ_KEEP_GOING:+-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1} >"$work/log.txt" 2>&1
status=$?
set -e

# Summary: the last status line (runs, cov, ft, corpus) and what landed in artifacts/.
grep -E '^#[0-9]+' "$work/log.txt" | tail -1 || true
grep -E '^stat::' "$work/log.txt" || true
count() { find "$work/artifacts" -name "$1-*" | wc -l; }
echo "artifacts: $(count crash) crash, $(count timeout) timeout, $(count oom) oom, $(count slow-unit) slow (in $work/artifacts)"
if [[ $status -ne 0 ]]; then
    grep -E 'Fatal error|ERROR: (AddressSanitizer|libFuzzer)|SUMMARY' "$work/log.txt" | head -5 || true
    echo "libFuzzer stopped with status $status; see $work/log.txt, then scripts/fuzz.sh --promote $target" >&2
fi
exit $status
