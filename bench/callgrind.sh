#!/usr/bin/env bash
# Counts instructions of one `piec build` with callgrind (repeatable on a noisy machine) and
# prints the top functions, demangled.
#
#   bench/callgrind.sh [--specs N | --cold | --slices N] [--piec PATH] [--top N] [--keep] [-- PIEC_ARGS...]
#
#   --specs N     build N generated 8-slice specs in one run (default 100)
#   --cold        build the one 5-slice spec (start-up cost)
#   --slices N    build one generated spec with N slices
#   --piec PATH   profile this binary (default: the static release build bench/run.sh makes,
#                 .build/release/piec)
#   --top N       functions to list (default 40)
#   --keep        keep the work directory with callgrind.out (open it with kcachegrind)
#   -- ARGS       extra arguments for `piec build` (e.g. --svg-only, -j 1)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SPECS=100 MODE=specs SLICES=0 PIEC="" TOP=40 KEEP=0 EXTRA=()
while [ $# -gt 0 ]; do
    case "$1" in
        --specs) MODE=specs; SPECS="$2"; shift ;;
        --cold) MODE=cold ;;
        --slices) MODE=big; SLICES="$2"; shift ;;
        --piec) PIEC="$2"; shift ;;
        --top) TOP="$2"; shift ;;
        --keep) KEEP=1 ;;
        --) shift; EXTRA=("$@"); break ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "callgrind.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind; } >&2
if [ -z "$PIEC" ]; then
    (cd "$ROOT" && swift build -c release --product piec --static-swift-stdlib -Xswiftc -static-executable) >&2
    PIEC="$ROOT/.build/release/piec"
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/piec-callgrind.XXXXXX")"
cleanup() { if [ "$KEEP" = 1 ]; then echo "kept: $WORK (callgrind.out)" >&2; else rm -rf "$WORK"; fi; }
trap cleanup EXIT

case "$MODE" in
    specs) python3 "$ROOT/bench/gen_workloads.py" "$WORK/wl" --specs "$SPECS" --big ""; INPUT="$WORK/wl/specs" ;;
    cold) python3 "$ROOT/bench/gen_workloads.py" "$WORK/wl" --specs 0 --big ""; INPUT="$WORK/wl/cold/cold.yaml" ;;
    big) python3 "$ROOT/bench/gen_workloads.py" "$WORK/wl" --specs 0 --big "$SLICES"; INPUT="$WORK/wl/big-$SLICES/big-$SLICES.yaml" ;;
esac

# valgrind 3.19 gives up on the release binary's DWARF ("possibly corrupted debuginfo"): profile a
# copy without debug info (the symbol table stays, so functions keep their names).
if command -v objcopy >/dev/null && objcopy --strip-debug "$PIEC" "$WORK/piec" 2>/dev/null; then PIEC="$WORK/piec"; fi

echo "== valgrind --tool=callgrind $PIEC build $INPUT -o OUT ${EXTRA[*]}" >&2
valgrind --tool=callgrind --callgrind-out-file="$WORK/callgrind.out" \
    "$PIEC" build "$INPUT" -o "$WORK/out" "${EXTRA[@]}" >/dev/null 2>"$WORK/valgrind.log" || {
    tail -20 "$WORK/valgrind.log" >&2; exit 1; }
grep -E 'Collected|refs' "$WORK/valgrind.log" >&2 || true

demangle() { if command -v swift >/dev/null; then swift demangle --simplified; else cat; fi; }
annotate() {  # annotate yes|no: the function table only, top $TOP rows (head may cut the pipe)
    set +o pipefail
    callgrind_annotate --inclusive="$1" "$WORK/callgrind.out" 2>/dev/null |
        awk '/file:function/ {f = 1; next} f && !/^-+$/ && NF' | head -n "$TOP" | demangle
}
echo "total instructions: $(callgrind_annotate "$WORK/callgrind.out" 2>/dev/null | awk '/PROGRAM TOTALS/ {print $1; exit}')"
echo
echo "## self cost (instructions), top $TOP"
annotate no
echo
echo "## inclusive cost, top $TOP"
annotate yes
