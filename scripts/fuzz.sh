#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and fuzzes one of them.
#
#   scripts/fuzz.sh [SECONDS] [TARGET]     fuzz TARGET (FuzzCompile | FuzzTransition | FuzzSpecPair |
#                                          FuzzMarkdown)
#                                          for SECONDS (60)
#   scripts/fuzz.sh --promote [TARGET]     move the target's crashes/timeouts/OOMs into
#                                          Tests/Fixtures/fuzz-regressions/ (then run swift test)
#   scripts/fuzz.sh --replay [TARGET]      run every regression input once through the target
#
# The work directory Fuzz/work/TARGET/ (gitignored) holds the corpus (seeded from specs/, the
# diagnostic fixtures and the regressions), artifacts/ (crash-*, timeout-*, oom-*) and log.txt.
# FUZZ_TIMEOUT (default 2) is libFuzzer's -timeout in seconds: on a busy machine a sanitizer
# build can pass 2 s on inputs that take 0.2 s alone, so re-run each timeout-* before promoting
# it (`Fuzz/.build/release/TARGET FILE` prints the time).
# FUZZ_CONFIG picks the build: `release` (default: -c release, -sanitize=fuzzer, thousands of
# runs a second, in Fuzz/.build/release) or `asan` (-c release, -sanitize=fuzzer,address, in
# Fuzz/.build-asan/release: memory errors reported by AddressSanitizer, a few times slower).
# FUZZ_RUNS stops after that many executions instead of SECONDS; FUZZ_JOBS=N runs N processes
# (-jobs/-workers) on the shared corpus, each with its own log (Fuzz/work/TARGET/fuzz-N.log).
# FUZZ_NICE (default 10) is the nice level; FUZZ_MAX_LEN the largest input (262144; 4096 for
# FuzzSpecPair, whose input is decoder bytes, not YAML).
# Runs in one process unless FUZZ_JOBS is set. libFuzzer stops at the first crash; FUZZ_KEEP_GOING=1
# runs it in fork mode (-fork=FUZZ_JOBS, default 1) and keeps going past crashes, timeouts and
# OOMs instead (each lands in artifacts/).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
mode=fuzz
case "${1:-}" in
    --promote) mode=promote; shift ;;
    --replay) mode=replay; shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
if [[ $mode == fuzz ]]; then
    seconds=${1:-60}
    target=${2:-FuzzCompile}
else
    target=${1:-FuzzCompile}
fi
case "$target" in
    FuzzCompile|FuzzTransition|FuzzSpecPair|FuzzMarkdown) ;;
    *) echo "unknown target $target (FuzzCompile, FuzzTransition, FuzzSpecPair or FuzzMarkdown)" >&2; exit 64 ;;
esac

work="$root/Fuzz/work/$target"
regressions="$root/Tests/Fixtures/fuzz-regressions"
config=${FUZZ_CONFIG:-release}
case "$config" in
    release) scratch="$root/Fuzz/.build"; sanitize=fuzzer ;;
    asan) scratch="$root/Fuzz/.build-asan"; sanitize=fuzzer,address ;;
    *) echo "unknown FUZZ_CONFIG $config (release or asan)" >&2; exit 64 ;;
esac
binary="$scratch/release/$target"
nicelevel=${FUZZ_NICE:-10}
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
# main instead of the module's. Release mode: the debug build ran ~20x fewer inputs a second.
echo "building $target ($config: -c release, -sanitize=$sanitize)"
(cd "$root/Fuzz" && nice -n "$nicelevel" swift build -c release --scratch-path "$scratch" --product "$target" \
    --sanitize=fuzzer -Xswiftc -sanitize=$sanitize 2>&1 \
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
elif [[ $target == FuzzTransition ]]; then
    # Pairs of specs joined by a NUL byte: previous, then new.
    for a in "$root"/specs/*.yaml; do
        for b in "$root"/specs/*.yaml; do
            out="$work/corpus/seed-$(basename "$a" .yaml)-$(basename "$b" .yaml)"
            [[ -e $out ]] || { cat "$a"; printf '\0'; cat "$b"; } > "$out"
        done
    done
elif [[ $target == FuzzMarkdown ]]; then
    # Every Markdown file of the repository (the docs show blocks in quotes, lists and fences).
    while IFS= read -r f; do seed "$root/$f" "$work/corpus/seed-$(echo "$f" | tr / -)"; done \
        < <(cd "$root" && git ls-files '*.md')
fi
# FuzzSpecPair decodes any bytes into a spec pair (Tests/SafetyTests/SpecBytes.swift): it starts
# from an empty corpus and its own regressions.
for f in "$regressions"/"$target"-*; do seed "$f" "$work/corpus/regression-$(basename "$f")"; done

limit=(-max_total_time="$seconds")
[[ -n ${FUZZ_RUNS:-} ]] && limit=(-runs="$FUZZ_RUNS")
jobs=()
if [[ -n ${FUZZ_KEEP_GOING:-} ]]; then
    jobs=(-fork="${FUZZ_JOBS:-1}" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
elif [[ -n ${FUZZ_JOBS:-} ]]; then
    jobs=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS")
fi
maxlen=262144
extra=()
# FuzzSpecPair: input bytes are decoder choices, not text; long inputs from the start.
[[ $target == FuzzSpecPair ]] && { maxlen=4096; extra=(-len_control=0); }
maxlen=${FUZZ_MAX_LEN:-$maxlen}
# FuzzMarkdown: Markdown's markers rather than spec keys.
dict="$root/Fuzz/piec.dict"
[[ $target == FuzzMarkdown ]] && dict="$root/Fuzz/markdown.dict"
echo "fuzzing $target (${FUZZ_RUNS:+$FUZZ_RUNS runs}${FUZZ_RUNS:-${seconds}s}); log in $work/log.txt"
set +e
(cd "$work" && nice -n "$nicelevel" "$binary" "$work/corpus" \
    "${limit[@]}" ${jobs[@]+"${jobs[@]}"} ${extra[@]+"${extra[@]}"} -max_len=$maxlen -timeout="${FUZZ_TIMEOUT:-2}" -rss_limit_mb=2048 -malloc_limit_mb=2048 \
    -dict="$dict" -artifact_prefix="$work/artifacts/" -print_final_stats=1 \
    >"$work/log.txt" 2>&1)
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
