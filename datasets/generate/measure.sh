#!/usr/bin/env bash
# Generates a profile and measures it: wall time, CPU and max RSS (/usr/bin/time -v) and peak disk of the output's
# folder (a du every 20 s: the lake, the staging database and the sort spill all live there), with the load average.
#   datasets/generate/measure.sh bench data/bench [extra generate flags]   → <out>.measure.log
set -euo pipefail
profile=$1; out=$2; shift 2
log="$out.measure.log"
parent=$(dirname "$out")
mkdir -p "$parent"
echo "start $(date -u +%FT%TZ) load: $(cut -d' ' -f1-3 /proc/loadavg)" > "$log"
(
  peak=0
  # ends with the script even when it is killed without its EXIT trap: the loop would otherwise live on, holding
  # whatever the script inherited (e.g. the heavy lock's file descriptor from flock)
  while kill -0 $$ 2>/dev/null; do
    kb=$(du -sk "$parent" 2>/dev/null | cut -f1 || echo 0)
    [ "$kb" -gt "$peak" ] && peak=$kb
    echo "disk $(date -u +%T) now_kb=$kb peak_kb=$peak load: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$log"
    sleep 20
  done
) &
monitor=$!
trap 'kill $monitor 2>/dev/null || true' EXIT
TRONLAKE_GEN_TIMING=1 /usr/bin/time -v npx tsx datasets/generate/main.ts --profile "$profile" --seed 1 --out "$out" "$@" >> "$log" 2>&1
echo "end $(date -u +%FT%TZ) load: $(cut -d' ' -f1-3 /proc/loadavg) final_kb=$(du -sk "$out" | cut -f1)" >> "$log"
