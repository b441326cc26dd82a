#!/usr/bin/env bash
# `make dist-test`: checks the release archive made by `make dist` as a user would meet it.
#
#   - the checksum file verifies the archive; entries are sorted, owned by 0:0, one mtime;
#   - it unpacks into an empty folder; no executable needs a libswift*.so (ldd); piec-render
#     needs only the system's librsvg, cairo, giflib and libwebp (dynamic), and renders a GIF;
#   - with PATH = the archive's bin/ + /usr/bin:/bin (no Swift toolchain: swift lives
#     elsewhere, checked), `piec build specs` and the transition examples build, and the
#     bundles are byte-identical to the debug build's (when .build/debug/piec exists);
#   - the man page renders without warnings; `piec watch --serve` runs the piec-preview
#     beside it.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo="$(pwd)"
fail() { echo "dist-test: FAIL: $*" >&2; exit 1; }
say() { echo "dist-test: $*"; }

archive="$(ls -t dist/piec-*-linux-x86_64.tar.gz 2>/dev/null | head -n 1)"
[ -n "$archive" ] || fail "no dist/piec-*-linux-x86_64.tar.gz: run make dist"
name="$(basename "$archive" .tar.gz)"
(cd dist && sha256sum --quiet -c "$name.tar.gz.sha256") || fail "checksum mismatch"
say "checksum ok: $archive"

listing="$(tar -tvzf "$archive")"
names="$(tar -tzf "$archive")"
[ "$names" = "$(LC_ALL=C sort <<< "$names")" ] || fail "entries are not sorted by name"
awk '$2 != "0/0" { bad = 1 } END { exit bad }' <<< "$(tar --numeric-owner -tvzf "$archive")" || fail "an entry is not owned by 0/0"
[ "$(awk '{ print $4 " " $5 }' <<< "$listing" | sort -u | wc -l)" = 1 ] || fail "entries have different mtimes"
for f in bin/piec bin/piec-preview bin/piec-render share/man/man1/piec.1 share/bash-completion/completions/piec \
         share/zsh/site-functions/_piec share/fish/vendor_completions.d/piec.fish README.md LICENSE; do
    grep -qx "$name/$f" <<< "$names" || fail "missing $f"
done
say "archive layout ok ($(wc -l <<< "$names") entries)"

work="$(mktemp -d)"
trap 'kill "${watch_pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
tar -xzf "$archive" -C "$work"
root="$work/$name"
for exe in piec piec-preview piec-render; do
    deps="$(ldd "$root/bin/$exe" 2>&1 || true)"
    if grep -q 'libswift' <<< "$deps"; then fail "$exe needs the Swift runtime:"$'\n'"$deps"; fi
    say "$exe: $(head -n 1 <<< "$deps" | sed 's/^[[:space:]]*//')"
done

cp -R specs "$work/specs"
path="$root/bin:/usr/bin:/bin"
run() { (cd "$work" && env -i PATH="$path" HOME="$work" LC_ALL=C.UTF-8 "$@"); }
if run bash -c 'command -v swift' > /dev/null; then fail "swift is on the test PATH ($path)"; fi
[ "$(run bash -c 'command -v piec')" = "$root/bin/piec" ] || fail "piec on PATH is not the archive's"
run piec --version
run piec build specs -o OUT
run bash -c 'piec build specs/transitions/*.yaml -o OUT --from specs/transitions/before'
count="$(find "$work/OUT" -name chart.svg | wc -l)"
[ "$count" -gt 0 ] || fail "no chart.svg built"
say "built $count charts with the archive's piec"
run piec render specs/transitions/reorder.yaml --from specs/transitions/before -o reorder.gif
[ "$(head -c 6 "$work/reorder.gif")" = GIF89a ] || fail "piec render -o reorder.gif made no GIF"
say "rendered a GIF with the archive's piec-render"

if [ -x .build/debug/piec ]; then
    mkdir "$work/REF"
    (cd "$work" && "$repo/.build/debug/piec" build specs -o REF > /dev/null 2>&1 &&
        "$repo/.build/debug/piec" build specs/transitions/*.yaml -o REF --from specs/transitions/before > /dev/null 2>&1)
    diff -r "$work/REF" "$work/OUT" > /dev/null || fail "bundles differ from the debug build's"
    say "bundles byte-identical to .build/debug/piec's"
else
    say "note: no .build/debug/piec, bundles not compared with a debug build"
fi

warnings="$(MANWIDTH=80 man --warnings -l "$root/share/man/man1/piec.1" 2>&1 > /dev/null)"
[ -z "$warnings" ] || fail "man page warnings: $warnings"
say "man page renders without warnings"

# watch --serve: piec execs the piec-preview beside it, which prints its address.
(cd "$work" && exec env -i PATH="$path" HOME="$work" piec watch specs -o SERVED --serve --port 0 --poll > "$work/watch.log" 2>&1) &
watch_pid=$!
for _ in $(seq 1 120); do
    grep -q 'preview at http://127.0.0.1:' "$work/watch.log" && break
    sleep 0.5
done
grep -q 'preview at http://127.0.0.1:' "$work/watch.log" || fail "no preview server:"$'\n'"$(cat "$work/watch.log")"
[ "$(readlink "/proc/$watch_pid/exe")" = "$root/bin/piec-preview" ] || fail "the server is not the archive's piec-preview"
kill -INT "$watch_pid"
wait "$watch_pid" || fail "piec watch --serve exited $? after SIGINT"
watch_pid=
say "watch --serve ran the archive's piec-preview"
say "ok"
