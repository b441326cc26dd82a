#!/usr/bin/env bash
# `make dist`: the Linux x86-64 release archive, dist/piec-VERSION-linux-x86_64.tar.gz, and its
# checksum beside it (dist/piec-VERSION-linux-x86_64.tar.gz.sha256, for `sha256sum -c`).
#
# The archive holds one folder, piec-VERSION-linux-x86_64/, laid out like an install prefix:
# bin/piec and bin/piec-preview (static executables: no Swift runtime needed), bin/piec-render
# (the Swift runtime linked in, but librsvg, cairo, giflib and libwebp from the system: librsvg
# has no static library; Debian: apt-get install librsvg2-2 libgif7 libwebpmux3), share/man,
# the bash, zsh and fish completions, README.md and LICENSE. Unpack it anywhere and put its
# bin/ on PATH, or `tar -xzf ARCHIVE --strip-components=1 -C ~/.local`.
#
# The archive is deterministic for given executables: names sorted, owner 0:0, every mtime set
# to the last commit's time (or SOURCE_DATE_EPOCH), gzip without a name or time stamp.
#
# Environment: SWIFT (swift), DIST_SCRATCH (.build-dist: the static build's own build folder,
# so it does not thrash the debug and release builds).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
swift="${SWIFT:-swift}"
scratch="${DIST_SCRATCH:-.build-dist}"

[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] ||
    { echo "dist: builds the Linux x86-64 archive only (this is $(uname -s) $(uname -m))" >&2; exit 1; }

# -static-executable: glibc, the Swift runtime and Foundation linked in (the README's recipe);
# both executables, so the archive runs on a machine without Swift.
build=("$swift" build -c release --scratch-path "$scratch" --static-swift-stdlib -Xswiftc -static-executable)
"${build[@]}" --product piec
"${build[@]}" --product piec-preview
bindir="$("${build[@]}" --show-bin-path)"
# piec-render: its own build folder (other flags), Swift runtime static, system libraries shared.
render=("$swift" build -c release --scratch-path "$scratch-render" --static-swift-stdlib)
"${render[@]}" --product piec-render
renderdir="$("${render[@]}" --show-bin-path)"

version="$("$bindir/piec" --version)"
name="piec-$version-linux-x86_64"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
scripts/install.sh install "$bindir" "$stage/$name" "$renderdir" > /dev/null
strip "$stage/$name/bin/piec" "$stage/$name/bin/piec-preview" "$stage/$name/bin/piec-render" 2>/dev/null || true
cp README.md LICENSE "$stage/$name/"
chmod 644 "$stage/$name/README.md" "$stage/$name/LICENSE"

epoch="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}"
mkdir -p dist
archive="dist/$name.tar.gz"
tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner \
    --mode='u+rwX,go+rX,go-w' --format=gnu -C "$stage" -cf - "$name" | gzip -n -9 > "$archive.tmp.$$"
mv -f "$archive.tmp.$$" "$archive"
(cd dist && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "dist: $archive ($(du -h "$archive" | cut -f1))"
cat "$archive.sha256"
