#!/usr/bin/env bash
# Unchanged re-index of one tree by two builds of the CLI, in interleaved pairs (each build its own store, indexed
# once first), printing "<label> <wall s> <user s> <sys s> <peak KB>" per run and the medians at the end.
#   bash bench/reindex-pairs.sh <tree> <checkout A> <checkout B> [pairs=40] [work dir]
# Each checkout must be built (`npm run build`). Nothing is written into the tree or the checkouts.
set -euo pipefail
tree=$1 a=$2 b=$3 pairs=${4:-40} work=${5:-$(mktemp -d)}
mkdir -p "$work"
for v in a b; do
  dir=$a; [ $v = b ] && dir=$b
  node "$dir/dist/cli-bundle/bin.js" index --repo "$tree" --store "$work/$v.sqlite" > /dev/null
done
times="$work/times.txt"
: > "$times"
for _ in $(seq 1 "$pairs"); do
  for v in a b; do
    dir=$a; [ $v = b ] && dir=$b
    /usr/bin/time -f "$v %e %U %S %M" node "$dir/dist/cli-bundle/bin.js" index --repo "$tree" --store "$work/$v.sqlite" > /dev/null 2>> "$times"
  done
done
grep -E '^(a|b) ' "$times"
for v in a b; do
  grep -E "^$v " "$times" | awk -v v="$v" '{w[NR]=$2; c[NR]=$3+$4} END {
    n=asort(w); m=asort(c); printf "%s: wall median %.3f s, cpu median %.3f s (%d runs)\n", v, (w[int((n+1)/2)]+w[int(n/2)+1])/2, (c[int((m+1)/2)]+c[int(m/2)+1])/2, n }'
done
