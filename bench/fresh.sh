#!/bin/sh
# bench/fresh.sh TRASH DIR...: hyperfine's --prepare for builds into a fresh output folder.
# Moves each DIR that exists into TRASH under a unique name instead of deleting it: on an ext4
# disk mounted with `discard`, removing thousands of files right before a run made the run
# itself pay for the deletion (1 s instead of 0.13 s for the C floor). run.sh empties TRASH
# between groups, outside the measurements.
trash=$1; shift
mkdir -p "$trash"
for d in "$@"; do
    if [ -e "$d" ]; then mv "$d" "$trash/$(basename "$d").$$"; fi
done
