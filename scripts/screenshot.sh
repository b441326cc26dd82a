#!/usr/bin/env bash
# Renders docs/gallery.png for the README: a few built examples side by side, in their final
# state, with headless Chromium.
#
#   scripts/screenshot.sh [ID ...]     default IDs: up to 6 bundles from out/, in name order
#
# Builds the gallery first (`make gallery`, a release build), or with $PIEC if set
# (e.g. PIEC=.build/debug/piec to reuse a debug build). CHROMIUM names the browser binary.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
out="${OUT:-out}"
png="docs/gallery.png"

if [ -n "${PIEC:-}" ]; then
    echo "screenshot: building specs/ with $PIEC"
    "$PIEC" build specs -o "$out"
else
    make --no-print-directory gallery OUT="$out"
fi

chromium="${CHROMIUM:-}"
if [ -z "$chromium" ]; then
    for name in chromium chromium-browser google-chrome google-chrome-stable; do
        if command -v "$name" >/dev/null 2>&1; then chromium="$(command -v "$name")"; break; fi
    done
fi
[ -n "$chromium" ] || { echo "screenshot: no Chromium: run scripts/bootstrap.sh or set CHROMIUM" >&2; exit 1; }

if [ "$#" -gt 0 ]; then
    ids=("$@")
else
    mapfile -t ids < <(find "$out" -mindepth 2 -maxdepth 2 -name manifest.json -printf '%h\n' |
                       xargs -n1 basename | sort | head -n 6)
fi
[ "${#ids[@]}" -gt 0 ] || { echo "screenshot: no bundles in $out/" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
size="$(python3 scripts/gallery_page.py "$out" "$work/gallery.html" "${ids[@]}")"
mkdir -p docs
echo "screenshot: ${ids[*]} -> $png ($size)"
"$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --no-first-run --no-default-browser-check --user-data-dir="$work/profile" \
    --force-prefers-no-reduced-motion --window-size="$size" \
    --screenshot="$work/gallery.png" "file://$work/gallery.html" 2>"$work/chromium.log" ||
    { cat "$work/chromium.log" >&2; exit 1; }
mv "$work/gallery.png" "$png"
echo "screenshot: wrote $png"
