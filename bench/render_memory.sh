#!/usr/bin/env bash
# piec render's peak RSS and wall time against the animation's length (issue 42), two
# piec-render builds side by side in one run.
#
#   bench/render_memory.sh BEFORE AFTER [--max-frames N] [CASE ...]
#
# BEFORE and AFTER are piec-render executables (release: `swift build -c release
# --static-swift-stdlib --product piec-render --scratch-path .build-render`, as the Makefile's
# RENDER_FLAGS). A CASE is WIDTHxSECONDS (default: 400x1 400x60 4000x1 4000x60): the enter
# animation of a 3-slice pie with `animation.duration` of SECONDS, rendered to GIF at 30 fps
# with --width WIDTH. AFTER gets `--max-frames N` (default 100000: the cases over the default
# limit are measured, not refused). BEFORE runs under `prlimit --as` of BEFORE_CAP bytes
# (default 8 GiB) so a render that needs far more aborts instead of swapping the machine.
# Prints a markdown table: seconds (wall), peak RSS (GNU time's %M), exit status.
set -euo pipefail
BEFORE="$1" AFTER="$2"
shift 2
MAX=100000
if [ "${1:-}" = "--max-frames" ]; then MAX="$2"; shift 2; fi
CASES=("$@")
[ ${#CASES[@]} -gt 0 ] || CASES=(400x1 400x60 4000x1 4000x60)
CAP="${BEFORE_CAP:-$((8 << 30))}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

measure() {  # label binary args...
    local label="$1"
    shift
    local status=0
    /usr/bin/time -f "%e %M" -o "$WORK/time" "$@" >/dev/null 2>"$WORK/err" || status=$?
    read -r seconds kb < <(tail -1 "$WORK/time")
    printf '%s | %s | %d MB | %s' "$label" "$seconds" $((kb / 1024)) "$status"
}

echo "| case | before: s | before: peak RSS | before: exit | after: s | after: peak RSS | after: exit |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for case in "${CASES[@]}"; do
    width="${case%x*}" seconds="${case#*x}"
    printf 'piec: 1\nanimation: {duration: %ss}\nslices:\n  - {label: North, value: 40}\n  - {label: South, value: 35}\n  - {label: East, value: 25}\n' \
        "$seconds" > "$WORK/spec.yaml"
    before="$(measure "" prlimit --as="$CAP" "$BEFORE" render "$WORK/spec.yaml" -o "$WORK/before.gif" --width "$width")"
    after="$(measure "" "$AFTER" render "$WORK/spec.yaml" -o "$WORK/after.gif" --width "$width" --max-frames "$MAX")"
    same=""
    if [ -f "$WORK/before.gif" ] && [ -f "$WORK/after.gif" ]; then
        cmp -s "$WORK/before.gif" "$WORK/after.gif" && same=" (same bytes)" || same=" (bytes differ)"
    fi
    echo "| ${width} px, ${seconds} s${same} ${before#" "} ${after#" "} |"
    rm -f "$WORK/before.gif" "$WORK/after.gif"
done
