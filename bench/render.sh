#!/usr/bin/env bash
# piec render against a headless browser, side by side in one run (issue 26).
#
#   bench/render.sh [--piec PATH] [--piec-render PATH] [--runs N]
#
# Builds what `make install` installs (release piec with the Makefile's RELEASE_FLAGS,
# piec-render with RENDER_FLAGS in its own build folder) unless both paths are given, then
# measures with hyperfine (whole processes, medians):
#   1. a 1 s transition of an 8-slice pie at 400 px and 30 fps (31 frames: 30 steps + the end)
#      to an animated GIF: `piec render OLD->NEW -o x.gif` (frames, rasterising, palette, LZW);
#   2. the same 31 frames taken from headless Chromium: the bundle's chart.svg seeked to each
#      instant (Web Animations API), first all on one page and one screenshot (the most
#      favourable case for the browser: one launch), then one launch and screenshot per frame
#      (what screenshot-per-frame exporters do), and one browser session that loads the bundle
#      once, then seeks it to each instant and calls Page.captureScreenshot (DevTools protocol,
#      bench/browser/seek_shots.py: how puppeteer- and CDP-based exporters take frames), all
#      without any GIF encoding;
#   3. `piec render NEW --from OLD --at 50% -o x.svg` against `piec build NEW --from OLD` into a
#      fresh folder (the same spec and previous version).
# Prints a markdown table on stdout; hyperfine's own output goes to stderr.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PIEC="" RENDER="" RUNS=10
while [ $# -gt 0 ]; do
    case "$1" in
        --piec) PIEC="$2"; shift ;;
        --piec-render) RENDER="$2"; shift ;;
        --runs) RUNS="$2"; shift ;;
        -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
        *) echo "render.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
command -v hyperfine >/dev/null || { echo "render.sh: needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
CHROMIUM="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome)}"

if [ -z "$PIEC" ] || [ -z "$RENDER" ]; then
    cd "$ROOT"
    release="$(make -s --no-print-directory print-release-flags)" render_flags="$(make -s --no-print-directory print-render-flags)"
    # shellcheck disable=SC2086
    swift build -c release --product piec $release >&2
    # shellcheck disable=SC2086
    swift build -c release --product piec-render $render_flags --scratch-path .build-render >&2
    PIEC="$(swift build -c release --show-bin-path)/piec"
    RENDER="$(swift build -c release --scratch-path .build-render --show-bin-path)/piec-render"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# piec execs the piec-render beside it: put both in one folder.
mkdir "$work/bin"
cp "$PIEC" "$work/bin/piec"
cp "$RENDER" "$work/bin/piec-render"
piec="$work/bin/piec"
mkdir "$work/old"
slices() {
    local i=0 v
    for v in "$@"; do i=$((i + 1)); echo "  - {id: s$i, label: Slice $i, value: $v}"; done
}
spec() {
    printf 'piec: 1\nid: eight\nchart: {size: 400, innerRadius: 0.5}\nlegend: {position: none}\n'
    printf 'animation: {duration: 1s}\nslices:\n'
    slices "$@"
}
spec 30 20 15 10 8 7 6 4 > "$work/eight.yaml"
spec 12 18 25 10 14 5 9 7 > "$work/old/eight.yaml"
"$piec" build "$work/eight.yaml" --from "$work/old/eight.yaml" -o "$work/bundle" > /dev/null 2>&1
python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
svg = open(f"{work}/bundle/eight/chart.svg").read()
times = [k * 1000 / 30 for k in range(30)] + [1000]
seek = ("document.querySelectorAll('.f').forEach(f=>{const t=Number(f.dataset.t);"
        "f.shadowRoot.getAnimations().forEach(a=>{a.pause();a.currentTime=t;});});")
def page(ts, columns):
    cells = "".join(f"<div class='f' data-t='{t}' style='position:absolute;left:{(i % columns) * 400}px;top:{(i // columns) * 400}px;"
                    f"width:400px;height:400px'><template shadowrootmode='open'><style>svg{{width:100%;height:100%}}</style>{svg}"
                    "</template></div>" for i, t in enumerate(ts))
    return f"<!doctype html><body style='margin:0'>{cells}<script>{seek}</script></body>"
open(f"{work}/all.html", "w").write(page(times, 6))
for k, t in enumerate(times):
    open(f"{work}/frame{k}.html", "w").write(page([t], 1))
PY
cat > "$work/frames.sh" <<SH
#!/bin/sh
for k in \$(seq 0 30); do
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 --user-data-dir="$work/profile" \
    --window-size=400,400 --screenshot="$work/shot\$k.png" "file://$work/frame\$k.html" >/dev/null 2>&1
done
SH
chmod +x "$work/frames.sh"
seek_shots="python3 $ROOT/bench/browser/seek_shots.py $work/frame0.html $work/seeked $(python3 -c 'print(" ".join(repr(k * 1000 / 30) for k in range(30)) + " 1000")')"
chrome_page=("$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1
             --user-data-dir="$work/profile" --window-size=2400,2400 --screenshot="$work/all.png" "file://$work/all.html")

json="$work/results.json"
hyperfine -N --warmup 2 --runs "$RUNS" --export-json "$json" \
    -n "piec render -> GIF (31 frames, 400 px)" "$piec render $work/eight.yaml --from $work/old/eight.yaml -o $work/out.gif --width 400" \
    -n "piec render -> WebP (31 frames, 400 px)" "$piec render $work/eight.yaml --from $work/old/eight.yaml -o $work/out.webp --width 400" \
    -n "Chromium: 31 frames on one page, one screenshot" "${chrome_page[*]}" \
    -n "Chromium: one session, seek + Page.captureScreenshot x31" "$seek_shots" \
    -n "piec render --at 50% -> SVG" "$piec render $work/eight.yaml --from $work/old/eight.yaml --at 50% -o $work/out.svg" >&2
# Into a fresh folder each run: into the same one, every run after the first is an up-to-date
# rebuild that writes nothing.
hyperfine -N --warmup 2 --runs "$RUNS" --export-json "$work/build.json" --prepare "rm -rf $work/fresh" \
    -n "piec build --from (same spec)" "$piec build $work/eight.yaml --from $work/old/eight.yaml -o $work/fresh" >&2
hyperfine -N --warmup 0 --runs 2 --export-json "$work/perframe.json" \
    -n "Chromium: one launch and screenshot per frame (31)" "$work/frames.sh" >&2
python3 - "$json" "$work/build.json" "$work/perframe.json" <<'PY'
import json, sys
rows = {}
for path in sys.argv[1:]:
    for r in json.load(open(path))["results"]:
        rows[r["command"]] = r["median"] * 1000
gif = rows["piec render -> GIF (31 frames, 400 px)"]
print("| what | median ms | vs piec render GIF |")
print("|---|---:|---:|")
for name, ms in rows.items():
    print(f"| {name} | {ms:.1f} | {ms / gif:.1f}x |")
svg, build = rows["piec render --at 50% -> SVG"], rows["piec build --from (same spec)"]
print()
baselines = [("one page, one screenshot", "Chromium: 31 frames on one page, one screenshot"),
             ("one session seeking, captureScreenshot x31", "Chromium: one session, seek + Page.captureScreenshot x31"),
             ("one launch per frame", "Chromium: one launch and screenshot per frame (31)")]
print(f"GIF under 1 s: {'met' if gif < 1000 else 'NOT met'} ({gif:.0f} ms); 10x faster than Chromium's frames: "
      + ", ".join(f"{label} {rows[name] / gif:.1f}x ({'met' if rows[name] >= 10 * gif else 'NOT met'})" for label, name in baselines)
      + f"; render --at SVG within 1.5x of build: {'met' if svg <= 1.5 * build else 'NOT met'} ({svg / build:.2f}x)")
PY
