#!/usr/bin/env bash
# bench/history.sh [--piec PATH] [--versions N]: time `piec history` over a spec with N commits
# (default 50: `piec history`'s default --max), each changing the eight values of a donut, in a
# throwaway repository on the disk under bench/ (where users build). Prints hyperfine's summary
# and the bundle's size; BENCHMARKS.md's "History" section quotes it.
set -euo pipefail
BENCH="$(cd "$(dirname "$0")" && pwd)"
PIEC="$BENCH/../.build/release/piec"
N=50
while [ $# -gt 0 ]; do
    case "$1" in
        --piec) PIEC="$(realpath "$2")"; shift 2 ;;
        --versions) N="$2"; shift 2 ;;
        *) echo "usage: bench/history.sh [--piec PATH] [--versions N]" >&2; exit 64 ;;
    esac
done
command -v hyperfine >/dev/null || { echo "hyperfine not found: apt-get install hyperfine" >&2; exit 69; }
WORK="$(mktemp -d "$BENCH/history.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
git -C "$WORK" init -q
mkdir "$WORK/specs"
for ((v = 0; v < N; v++)); do
    {
        printf 'piec: 1\nid: langs\ntitle: Languages\nchart: {innerRadius: 0.5}\nslices:\n'
        for i in 0 1 2 3 4 5 6 7; do printf '  - {id: s%d, label: L%d, value: %d}\n' "$i" "$i" $(( (v * 7 + i * 13) % 50 + 5 )); done
    } > "$WORK/specs/langs.yaml"
    git -C "$WORK" add -A
    GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z" \
        git -C "$WORK" -c user.name=bench -c user.email=bench@example.com commit -qm "version $v"
done
cd "$WORK"
hyperfine -N --style basic --warmup 2 --runs 10 -n "piec history ($N versions)" "$PIEC history specs/langs.yaml -o out --max $N"
/usr/bin/time -f 'peak RSS %M KB' "$PIEC" history specs/langs.yaml -o out --max "$N" 2>&1 | tail -1
wc -c out/langs/chart.svg out/langs/chart.css out/langs/index.html out/langs/manifest.json
