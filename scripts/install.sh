#!/usr/bin/env bash
# Installs or removes piec under a prefix (used by `make install`, `make uninstall`, `make dist`).
#
#   scripts/install.sh install BINDIR PREFIX [RENDERDIR]
#                                             copy BINDIR/piec, BINDIR/piec-preview and
#                                             RENDERDIR/piec-render (default: BINDIR) to
#                                             PREFIX/bin and generate the man page and the
#                                             completions (with BINDIR/piec) under PREFIX/share
#   scripts/install.sh uninstall PREFIX        remove exactly the files `install` writes
#   scripts/install.sh files                   list them, relative to PREFIX
#
# piec, piec-preview and piec-render go to the same directory: `piec watch --serve` execs the
# piec-preview beside the running piec, `piec render` (to PNG, PDF, GIF, WebP, MP4) the
# piec-render. A release piec-render is built apart (it links librsvg, which has no static
# library: see the Makefile), hence RENDERDIR. Files are written through a temporary name and renamed, so a failed
# generation leaves no half-written file.
set -euo pipefail

files=(
    bin/piec
    bin/piec-preview
    bin/piec-render
    share/man/man1/piec.1
    share/bash-completion/completions/piec
    share/zsh/site-functions/_piec
    share/fish/vendor_completions.d/piec.fish
)

usage() { sed -n '2,15p' "$0" >&2; exit 2; }

# put MODE TARGET: stdin to TARGET (its directory created) with MODE.
put() {
    local mode=$1 target=$2
    mkdir -p "$(dirname "$target")"
    cat > "$target.tmp.$$"
    chmod "$mode" "$target.tmp.$$"
    mv -f "$target.tmp.$$" "$target"
}

case "${1:-}" in
    files)
        printf '%s\n' "${files[@]}"
        ;;
    install)
        [ $# -eq 3 ] || [ $# -eq 4 ] || usage
        bindir=$2 prefix=$3 renderdir=${4:-$2}
        piec="$bindir/piec"
        for exe in "$bindir/piec" "$bindir/piec-preview" "$renderdir/piec-render"; do
            [ -x "$exe" ] || { echo "install: no executable $exe (build it first)" >&2; exit 1; }
        done
        put 755 "$prefix/bin/piec" < "$piec"
        put 755 "$prefix/bin/piec-preview" < "$bindir/piec-preview"
        put 755 "$prefix/bin/piec-render" < "$renderdir/piec-render"
        "$piec" man | put 644 "$prefix/share/man/man1/piec.1"
        "$piec" completions bash | put 644 "$prefix/share/bash-completion/completions/piec"
        "$piec" completions zsh | put 644 "$prefix/share/zsh/site-functions/_piec"
        "$piec" completions fish | put 644 "$prefix/share/fish/vendor_completions.d/piec.fish"
        for f in "${files[@]}"; do echo "installed $prefix/$f"; done
        ;;
    uninstall)
        [ $# -eq 2 ] || usage
        prefix=$2
        for f in "${files[@]}"; do
            if [ -e "$prefix/$f" ] || [ -L "$prefix/$f" ]; then
                rm -f "$prefix/$f"
                echo "removed $prefix/$f"
            fi
        done
        ;;
    *) usage ;;
esac
