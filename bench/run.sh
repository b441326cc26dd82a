#!/usr/bin/env bash
# piec benchmarks: piec vs the C floor vs the peers, side by side in one run (issue 7).
#
#   bench/run.sh [--smoke] [--no-peers] [--write] [--piec PATH] [--piec-release PATH] [--peer-specs N]
#                [--disk | --tmpfs] [--keep]
#
#   --smoke        tiny sizes (10 specs, 100 and 1000 slices, 1-2 runs, no peers): for CI
#   --no-peers     skip vl-convert, pygal and matplotlib (and their virtualenv)
#   --peers        run the peers even with --smoke
#   --write        also replace BENCHMARKS.md with the results
#   --piec PATH    use this piec binary (rows "piec") instead of building what `make gallery`
#                  and `make install` build (`swift build -c release` with the Makefile's
#                  RELEASE_FLAGS: on Linux a fully static executable)
#   --piec-release PATH  also measure this binary, in rows "piec release" (a second build to
#                  compare side by side; targets are then judged on it)
#   --peer-specs N run the peers' batch on the first N specs only (per chart = total / N)
#   --disk         measure on the disk only: a work folder under bench/ (the repository's own
#                  disk, where users build); the default measures there AND on the tmpfs /dev/shm,
#                  side by side, each medium with the C floor on the same medium
#   --tmpfs        measure on the tmpfs only
#   --keep         keep the temporary work directories (workloads and outputs)
#   --no-browser   skip the browser harness (bench/browser/frames.py: frame cost of piec, Chart.js
#                  and D3 in Chromium, and Firefox in full runs)
#
# Needs what scripts/dependencies.txt lists (groups build and test; bench too with the peers),
# installed by scripts/bootstrap.sh when missing. The peers live in bench/.venv (created with pip
# from the list's bench group when missing).
# Prints a markdown report on stdout; progress and hyperfine's own output go to stderr.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/bench"
VENV="$BENCH/.venv"
SMOKE=0 PEERS=1 FORCE_PEERS=0 WRITE=0 KEEP=0 BROWSER=1 MEDIA="disk tmpfs" PIEC="" PIEC_REL="" PEER_SPECS=""
COMMAND_LINE="bench/run.sh${*:+ $*}"

while [ $# -gt 0 ]; do
    case "$1" in
        --smoke) SMOKE=1 ;;
        --no-peers) PEERS=0 ;;
        --peers) FORCE_PEERS=1 ;;
        --write) WRITE=1 ;;
        --keep) KEEP=1 ;;
        --no-browser) BROWSER=0 ;;
        --disk) MEDIA="disk" ;;
        --tmpfs) MEDIA="tmpfs" ;;
        --piec) PIEC="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift ;;
        --piec-release) PIEC_REL="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift ;;
        --peer-specs) PEER_SPECS="$2"; shift ;;
        -h|--help) sed -n '2,29p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

if [ "$SMOKE" = 1 ]; then
    [ "$FORCE_PEERS" = 1 ] || PEERS=0; SPECS=10; BIG_SMALL=100; BIG_LARGE=1000; BIG_HUGE=10000; WATCH_SAVES=5
    COLD=(--runs 2); BATCH=(--runs 2); BIGR=(--runs 1); HUGER=(--runs 1); PEER_COLD=(--runs 1); PEER_BATCH=(--runs 1)
    FRAMES=(--sizes 8 --runs 1 --no-busy)
else
    SPECS=1000; BIG_SMALL=10000; BIG_LARGE=100000; BIG_HUGE=1000000; WATCH_SAVES=100
    COLD=(--warmup 3 --runs 30); BATCH=(--warmup 1 --runs 10); BIGR=(--warmup 1 --runs 5); HUGER=(--runs 3)
    PEER_COLD=(--warmup 1 --runs 5); PEER_BATCH=(--runs 2)
    FRAMES=(--sizes 8,64,512 --runs 5 --firefox)
fi
PEER_SPECS="${PEER_SPECS:-$SPECS}"

log() { printf '\n== %s\n' "$*" >&2; }

# --- tools ---------------------------------------------------------------------------------
# Everything comes from scripts/dependencies.txt: its build and test groups (hyperfine, GNU time,
# libyaml, the browsers, Chart.js and D3) through bootstrap, the bench group's PyPI packages
# (the peers) into bench/.venv below.
if [ "$PEERS" = 1 ]; then "$ROOT/scripts/bootstrap.sh" --bench >&2; else "$ROOT/scripts/bootstrap.sh" >&2; fi

# Work folders: one on the repository's disk (where users build), one on the tmpfs /dev/shm.
# Workloads and results live in the first; each medium gets its own outputs and trash.
TMPFS_OK=0
if [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(stat -f -c %T /dev/shm)" = tmpfs ]; then TMPFS_OK=1; fi
if [ "$TMPFS_OK" = 0 ] && [ "$MEDIA" != disk ]; then
    echo "run.sh: no writable tmpfs at /dev/shm: measuring on the disk only" >&2
    MEDIA="disk"
fi
declare -A MWORK
WORKS=()
for m in $MEDIA; do
    if [ "$m" = disk ]; then MWORK[$m]="$(mktemp -d "$BENCH/.work.XXXXXX")"; else MWORK[$m]="$(mktemp -d /dev/shm/piec-bench.XXXXXX)"; fi
    mkdir -p "${MWORK[$m]}/out"
    WORKS+=("${MWORK[$m]}")
done
FIRST="${MEDIA%% *}"
WORK="${MWORK[$FIRST]}"
RES="$WORK/results"; OUT="$WORK/out"; WL="$WORK/workloads"; TRASH="$WORK/trash"
mkdir -p "$RES"
cleanup() { if [ "$KEEP" = 1 ]; then echo "work directories kept: ${WORKS[*]}" >&2; else rm -rf "${WORKS[@]}"; fi; }
trap cleanup EXIT
METRICS="$RES/metrics.txt"
metric() { printf '%s=%s\n' "$1" "$2" >>"$METRICS"; }

# --- builds --------------------------------------------------------------------------------
if [ -z "$PIEC" ]; then
    # Exactly what `make gallery` and `make install` give users (the Makefile's RELEASE_FLAGS:
    # on Linux a fully static executable, as `make dist`), rows "piec".
    RELEASE_FLAGS="$(make -s -C "$ROOT" --no-print-directory print-release-flags)"
    log "swift build -c release --product piec $RELEASE_FLAGS (make gallery's build)"
    (cd "$ROOT" && swift build -c release --product piec $RELEASE_FLAGS) >&2
    PIEC="$WORK/piec"
    cp "$ROOT/.build/release/piec" "$PIEC"
fi
log "make -C bench/floor"
make -s -C "$BENCH/floor" >&2
FLOOR="$BENCH/floor/floor"
if [ "$PEERS" = 1 ] && [ ! -x "$VENV/bin/python" ]; then
    mapfile -t PEER_PACKAGES < <("$ROOT/scripts/bootstrap.sh" --bench --list | awk '$1 == "pypi" {print $2}' |
        grep -vxF -f <("$ROOT/scripts/bootstrap.sh" --list | awk '$1 == "pypi" {print $2}'))
    log "creating $VENV (pip install ${PEER_PACKAGES[*]}, the bench group of scripts/dependencies.txt)"
    python3 -m venv "$VENV" >&2
    "$VENV/bin/pip" install -q "${PEER_PACKAGES[@]}" >&2
fi
PY="$VENV/bin/python"

# --- workloads -----------------------------------------------------------------------------
log "generating workloads in $WL"
python3 "$BENCH/gen_workloads.py" "$WL" --specs "$SPECS" --big "$BIG_SMALL,$BIG_LARGE,$BIG_HUGE"
COLD_SPEC="$WL/cold/cold.yaml"; SPEC_DIR="$WL/specs"
BIG_S="$WL/big-$BIG_SMALL/big-$BIG_SMALL.yaml"; BIG_L="$WL/big-$BIG_LARGE/big-$BIG_LARGE.yaml"
BIG_H="$WL/big-$BIG_HUGE/big-$BIG_HUGE.yaml"
PEER_DIR="$SPEC_DIR"
if [ "$PEER_SPECS" -lt "$SPECS" ]; then
    PEER_DIR="$WL/peer-specs"; mkdir -p "$PEER_DIR"
    find "$SPEC_DIR" -name '*.yaml' | sort | awk -v n="$PEER_SPECS" 'NR <= n' | xargs cp -t "$PEER_DIR"  # awk reads everything: no SIGPIPE under pipefail
fi

# --- piec capabilities ---------------------------------------------------------------------
PIEC_OK=0; SVG_FLAG="${PIEC_SVG_FLAG:-}"
if [ -x "$PIEC" ] && "$PIEC" build "$COLD_SPEC" -o "$WORK/probe" >/dev/null 2>&1 && [ -f "$WORK/probe/cold/chart.svg" ]; then
    PIEC_OK=1
    if [ -z "$SVG_FLAG" ] && "$PIEC" build --help 2>&1 | grep -q -- '--svg-only'; then SVG_FLAG="--svg-only"; fi
else
    echo "warning: '$PIEC build' does not produce a bundle yet: piec rows are pending" >&2
fi

# --- machine and versions ------------------------------------------------------------------
{
    metric command "$COMMAND_LINE"
    metric smoke "$SMOKE"; metric peers "$PEERS"; metric specs "$SPECS"; metric peer_specs "$PEER_SPECS"
    metric big_small "$BIG_SMALL"; metric big_large "$BIG_LARGE"; metric big_huge "$BIG_HUGE"
    metric piec_ok "$PIEC_OK"; metric svg_flag "$SVG_FLAG"
    metric machine.nproc "$(nproc)"
    metric machine.cpu "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
    metric machine.mem "$(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)"
    metric machine.kernel "$(uname -sr)"
    metric machine.load "$(cut -d' ' -f1-3 /proc/loadavg)"
    metric media "$MEDIA"
    for m in $MEDIA; do metric "workdir.$m" "$(dirname "${MWORK[$m]}") ($(stat -f -c %T "${MWORK[$m]}"), $(df -P "${MWORK[$m]}" | awk 'NR==2 {print $1}'))"; done
    metric piec_release "$([ -n "$PIEC_REL" ] && echo 1 || echo 0)"
    metric version.piec "$([ "$PIEC_OK" = 1 ] && "$PIEC" --version 2>/dev/null | head -1 || echo n/a) ($(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'))"
    metric version.swift "$(swift --version 2>&1 | grep -m1 -o 'Swift version [^ ]*' || echo n/a)"
    metric version.cc "$(cc --version | head -1)"
    metric version.libyaml "$(pkg-config --modversion yaml-0.1)"
    metric version.hyperfine "$(hyperfine --version)"
    metric version.python "$(python3 --version 2>&1)"
    if [ "$PEERS" = 1 ]; then
        metric version.peers "$("$PY" -c 'import importlib.metadata as m; print(", ".join(p + " " + m.version(p) for p in ["vl-convert-python", "pygal", "matplotlib", "PyYAML"]))')"
    fi
} 2>/dev/null

# --- measurement helpers -------------------------------------------------------------------
# hf NAME [hyperfine options] -- then pairs: LABEL 'COMMAND' [PREPARE|-] ...
hf() {
    local name="$1"; shift
    local opts=() args=() prepares=() any_prepare=0
    while [ "$1" != "--" ]; do opts+=("$1"); shift; done; shift
    while [ $# -gt 0 ]; do
        args+=(-n "$1" "$2")
        if [ "$3" = "-" ]; then prepares+=(--prepare true); else prepares+=(--prepare "$3"); any_prepare=1; fi
        shift 3
    done
    [ "$any_prepare" = 1 ] || prepares=()
    log "$name"
    hyperfine -N --style basic "${opts[@]}" "${prepares[@]}" --export-json "$RES/$name.json" "${args[@]}" >&2
}
# rss NAME COMMAND...: peak RSS (KB) of one run, from GNU time.
rss() {
    local f="$WORK/rss.txt"
    /usr/bin/time -o "$f" -f '%M' "${@:2}" >/dev/null 2>&1 || true
    metric "rss.$1" "$(tail -1 "$f")"
}
piec_row() { [ "$PIEC_OK" = 1 ]; }

rel_row() { [ "$PIEC_OK" = 1 ] && [ -n "$PIEC_REL" ]; }
# empty_trash: removes what fresh.sh moved aside, then waits for the disk (not measured).
empty_trash() { rm -rf "$TRASH"; sync; }
FRESH="$BENCH/fresh.sh"
# Sections 1-4 and the watch latency run once per medium: outputs in that medium's work folder,
# the C floor on the same medium, hyperfine exports named GROUP-MEDIUM.
for M in $MEDIA; do
MOUT="${MWORK[$M]}/out"; TRASH="${MWORK[$M]}/trash"
# --- 1. cold start: one 5-slice spec, whole process -----------------------------------------
rows=()
piec_row && rows+=(piec "$PIEC build $COLD_SPEC -o $MOUT/cold-piec" "$FRESH $TRASH $MOUT/cold-piec")
rel_row && rows+=("piec release" "$PIEC_REL build $COLD_SPEC -o $MOUT/cold-rel" "$FRESH $TRASH $MOUT/cold-rel")
rows+=("floor --files 4" "$FLOOR --files 4 -o $MOUT/cold-f4 $COLD_SPEC" "$FRESH $TRASH $MOUT/cold-f4")
rows+=("floor" "$FLOOR -o $MOUT/cold-f1 $COLD_SPEC" "$FRESH $TRASH $MOUT/cold-f1")
hf "cold-$M" "${COLD[@]}" -- "${rows[@]}"
empty_trash
# --- 2. many specs, SVG only ----------------------------------------------------------------
rows=()
piec_row && [ -n "$SVG_FLAG" ] && rows+=(piec "$PIEC build $SVG_FLAG $SPEC_DIR -o $MOUT/svg-piec" "$FRESH $TRASH $MOUT/svg-piec")
rel_row && [ -n "$SVG_FLAG" ] && rows+=("piec release" "$PIEC_REL build $SVG_FLAG $SPEC_DIR -o $MOUT/svg-rel" "$FRESH $TRASH $MOUT/svg-rel")
rows+=("floor -j1" "$FLOOR -j 1 -o $MOUT/svg-f1 $SPEC_DIR" "$FRESH $TRASH $MOUT/svg-f1")
rows+=("floor -j2" "$FLOOR -j 2 -o $MOUT/svg-f2 $SPEC_DIR" "$FRESH $TRASH $MOUT/svg-f2")
hf "svg-$M" "${BATCH[@]}" -- "${rows[@]}"
empty_trash
# --- 3. many specs, full bundles ------------------------------------------------------------
rows=()
piec_row && rows+=(piec "$PIEC build $SPEC_DIR -o $MOUT/full-piec" "$FRESH $TRASH $MOUT/full-piec")
rel_row && rows+=("piec release" "$PIEC_REL build $SPEC_DIR -o $MOUT/full-rel" "$FRESH $TRASH $MOUT/full-rel")
rows+=("floor --files 4 -j1" "$FLOOR --files 4 -j 1 -o $MOUT/full-f1 $SPEC_DIR" "$FRESH $TRASH $MOUT/full-f1")
rows+=("floor --files 4 -j2" "$FLOOR --files 4 -j 2 -o $MOUT/full-f2 $SPEC_DIR" "$FRESH $TRASH $MOUT/full-f2")
hf "full-$M" "${BATCH[@]}" -- "${rows[@]}"
empty_trash
# --- 4. unchanged rebuild (the output already holds these bundles) --------------------------
# Also, side by side: the same rebuild with every bundle file touched first (as a fresh clone's
# checkout leaves them: new ctimes, so no fast path: every spec compiled and compared), and
# `--check` of the bundles, on the fast path and after the same touch (what CI runs).
rows=()
if piec_row; then
    for o in reb-piec reb-clone reb-check reb-check-clone; do "$PIEC" build "$SPEC_DIR" -o "$MOUT/$o" >/dev/null 2>&1; done
    sleep 0.02; "$PIEC" build "$SPEC_DIR" -o "$MOUT/reb-check" >/dev/null 2>&1  # settles the fast path
    rows+=(piec "$PIEC build $SPEC_DIR -o $MOUT/reb-piec" -)
    rows+=("piec, fresh clone" "$PIEC build $SPEC_DIR -o $MOUT/reb-clone" "find $MOUT/reb-clone -type f -exec touch {} +")
    rows+=("piec --check" "$PIEC build --check $SPEC_DIR -o $MOUT/reb-check" -)
    rows+=("piec --check, fresh clone" "$PIEC build --check $SPEC_DIR -o $MOUT/reb-check-clone" "find $MOUT/reb-check-clone -type f -exec touch {} +")
fi
"$FLOOR" --files 4 -j 2 -o "$MOUT/reb-floor" "$SPEC_DIR"
rows+=("floor --files 4 -j2 --if-changed" "$FLOOR --files 4 -j 2 --if-changed -o $MOUT/reb-floor $SPEC_DIR" -)
sync
touch "$WORK/rebuild-marker-$M"; sleep 0.01
hf "rebuild-$M" "${BATCH[@]}" -- "${rows[@]}"
piec_row && metric "rebuild_rewritten.$M" "$(find "$MOUT/reb-piec" -newer "$WORK/rebuild-marker-$M" -type f | wc -l)"
# --- watch: one save to a fresh bundle, inotify ----------------------------------------------
if piec_row; then
    log "watch latency on $M"
    python3 "$BENCH/watch_latency.py" --piec "${PIEC_REL:-$PIEC}" --saves "$WATCH_SAVES" --dir "${MWORK[$M]}" \
        --metrics "$METRICS" --label "watch.$M" >&2
fi
done
OUT="${MWORK[$FIRST]}/out"; TRASH="$WORK/trash"
# --- the peers, once, on the first medium ---------------------------------------------------
if [ "$PEERS" = 1 ]; then
    hf cold-peers "${PEER_COLD[@]}" -- \
        vl-convert "$PY $BENCH/peers/vlconvert_bench.py -o $OUT/cold-vl $COLD_SPEC" - \
        pygal "$PY $BENCH/peers/pygal_bench.py -o $OUT/cold-pygal $COLD_SPEC" - \
        matplotlib "$PY $BENCH/peers/matplotlib_bench.py -o $OUT/cold-mpl $COLD_SPEC" -
    hf svg-peers "${PEER_BATCH[@]}" -- \
        vl-convert "$PY $BENCH/peers/vlconvert_bench.py -o $OUT/svg-vl $PEER_DIR" "$FRESH $TRASH $OUT/svg-vl" \
        pygal "$PY $BENCH/peers/pygal_bench.py -o $OUT/svg-pygal $PEER_DIR" "$FRESH $TRASH $OUT/svg-pygal" \
        matplotlib "$PY $BENCH/peers/matplotlib_bench.py -o $OUT/svg-mpl $PEER_DIR" "$FRESH $TRASH $OUT/svg-mpl"
    empty_trash
fi
# --- 5. big specs ---------------------------------------------------------------------------
rows=()
if piec_row; then
    rows+=("piec $BIG_SMALL" "$PIEC build $BIG_S -o $OUT/big-s-piec" "$FRESH $TRASH $OUT/big-s-piec")
    rows+=("piec $BIG_LARGE" "$PIEC build $BIG_L -o $OUT/big-l-piec" "$FRESH $TRASH $OUT/big-l-piec")
fi
rows+=("floor $BIG_SMALL" "$FLOOR --files 4 -o $OUT/big-s-f $BIG_S" "$FRESH $TRASH $OUT/big-s-f")
rows+=("floor $BIG_LARGE" "$FLOOR --files 4 -o $OUT/big-l-f $BIG_L" "$FRESH $TRASH $OUT/big-l-f")
hf big "${BIGR[@]}" -- "${rows[@]}"
empty_trash
# A million slices (issue 27: linear time), fewer runs: each takes seconds. The spec is over the
# default limits (8 MiB, 100,000 slices), so piec builds it with `--max-slices`; a piec without
# that option (an older build compared side by side) refuses it and its cells stay pending.
rows=()
HUGE_OK=0
HUGE_FLAG="--max-slices $BIG_HUGE"
piec_row && "$PIEC" build "$BIG_H" -o "$WORK/probe-huge" $HUGE_FLAG >/dev/null 2>&1 && HUGE_OK=1
rm -rf "$WORK/probe-huge"
metric piec_huge_ok "$HUGE_OK"
[ "$HUGE_OK" = 1 ] && rows+=("piec $BIG_HUGE" "$PIEC build $BIG_H -o $OUT/big-h-piec $HUGE_FLAG" "$FRESH $TRASH $OUT/big-h-piec")
rows+=("floor $BIG_HUGE" "$FLOOR --files 4 -o $OUT/big-h-f $BIG_H" "$FRESH $TRASH $OUT/big-h-f")
hf big-huge "${HUGER[@]}" -- "${rows[@]}"
empty_trash

# --- 6. bytes and peak RSS ------------------------------------------------------------------
log "bytes and peak RSS"
if piec_row; then
    metric dir.piec "$OUT/full-piec"; metric dir.piec_big "$OUT/big-s-piec"
    "$PIEC" build "$WL/donut/donut.yaml" -o "$OUT/donut-piec" >/dev/null 2>&1 && metric dir.piec_donut "$OUT/donut-piec"
    [ -n "$SVG_FLAG" ] && metric dir.piec_svg "$OUT/svg-piec"
    # The same charts without animation: `piec render` writes the final frame as a static SVG
    # (the first 100 specs; the bytes of what any animation is added to).
    mkdir -p "$OUT/static-piec" "$OUT/static-donut"
    for spec in $(ls "$SPEC_DIR"/*.yaml | head -100); do
        "$PIEC" render "$spec" -o "$OUT/static-piec/$(basename "$spec" .yaml).svg" >/dev/null 2>&1 || true
    done
    metric dir.piec_static "$OUT/static-piec"
    "$PIEC" render "$WL/donut/donut.yaml" -o "$OUT/static-donut/donut.svg" >/dev/null 2>&1 && metric dir.piec_donut_static "$OUT/static-donut"
    rss "piec cold" "$PIEC" build "$COLD_SPEC" -o "$OUT/rss-cold"
    rss "piec $SPECS specs" "$PIEC" build "$SPEC_DIR" -o "$OUT/rss-many"
    rss "piec $BIG_SMALL slices" "$PIEC" build "$BIG_S" -o "$OUT/rss-big-s"
    rss "piec $BIG_LARGE slices" "$PIEC" build "$BIG_L" -o "$OUT/rss-big"
    [ "$HUGE_OK" = 1 ] && rss "piec $BIG_HUGE slices" "$PIEC" build "$BIG_H" -o "$OUT/rss-big-h" $HUGE_FLAG
fi
metric dir.floor "$OUT/svg-f2"; metric dir.floor_big "$OUT/big-s-f"
rss "floor cold" "$FLOOR" --files 4 -o "$OUT/rss-f-cold" "$COLD_SPEC"
rss "floor $SPECS specs -j2" "$FLOOR" --files 4 -j 2 -o "$OUT/rss-f-many" "$SPEC_DIR"
rss "floor $BIG_LARGE slices" "$FLOOR" --files 4 -o "$OUT/rss-f-big" "$BIG_L"
rss "floor $BIG_HUGE slices" "$FLOOR" --files 4 -o "$OUT/rss-f-big-h" "$BIG_H"
if [ "$PEERS" = 1 ]; then
    metric dir.vl-convert "$OUT/svg-vl"; metric dir.pygal "$OUT/svg-pygal"; metric dir.matplotlib "$OUT/svg-mpl"
    rss "vl-convert cold" "$PY" "$BENCH/peers/vlconvert_bench.py" -o "$OUT/rss-vl" "$COLD_SPEC"
    rss "pygal cold" "$PY" "$BENCH/peers/pygal_bench.py" -o "$OUT/rss-pygal" "$COLD_SPEC"
    rss "matplotlib cold" "$PY" "$BENCH/peers/matplotlib_bench.py" -o "$OUT/rss-mpl" "$COLD_SPEC"
fi
# --- 7. frame cost in the browser ----------------------------------------------------------
if piec_row && [ "$BROWSER" = 1 ]; then
    log "frame cost in the browser (bench/browser/frames.py ${FRAMES[*]})"
    "$("$ROOT/scripts/python.sh" 2>/dev/null || echo python3)" "$BENCH/browser/frames.py" --piec "${PIEC_REL:-$PIEC}" --out "$WORK/browser" \
        "${FRAMES[@]}" --json "$RES/frames.json" >&2
fi
metric machine.load_after "$(cut -d' ' -f1-3 /proc/loadavg)"

# --- report ---------------------------------------------------------------------------------
report_args=("$RES")
[ "$WRITE" = 1 ] && report_args+=(--write "$ROOT/BENCHMARKS.md")
python3 "$BENCH/report.py" "${report_args[@]}"
