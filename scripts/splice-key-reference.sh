#!/usr/bin/env bash
# splice-key-reference.sh README SECTION: replaces README's generated key reference (from its
# begin marker line through its end marker line) with SECTION, the output of
# `piec schema --markdown`, which starts and ends with those marker lines (`make schema`).
set -euo pipefail
readme="$1" section="$2"
begin='<!-- key reference: generated'
end='<!-- end of the generated key reference -->'
grep -q "^$begin" "$readme" && grep -qx -- "$end" "$readme" || {
    echo "splice-key-reference.sh: $readme lacks the key reference markers" >&2; exit 1; }
head -n1 "$section" | grep -q "^$begin" || { echo "splice-key-reference.sh: $section does not start with the begin marker" >&2; exit 1; }
awk -v begin="$begin" -v end="$end" -v section="$section" '
    index($0, begin) == 1 { while ((getline line < section) > 0) print line; skipping = 1; next }
    skipping && $0 == end { skipping = 0; next }
    !skipping { print }
' "$readme" > "$readme.tmp"
mv "$readme.tmp" "$readme"
