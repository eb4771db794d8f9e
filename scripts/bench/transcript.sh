#!/usr/bin/env bash
# Benchmark: a 5,000-event trace of ~10 MB (issue 9's figures).
#  1. The Transcript tab's first rows after a click on the failed trial, under a DISPLAY (xvfb-run), as a user
#     meets it: each line a fresh JVM with the real main window (1440 x 900) on the Results view with the run
#     open; after the listing shows, an idle pause (IDLE_MS, default 1000: a user reading the listing), then the
#     click; "first rows" = the first pulse that lays out transcript cells holding rows. Printed: the first open
#     in the JVM, later opens (trial closed, 500 ms, opened again), the longest gap between two pulses during
#     the pause (what the warm-up cost the window), and the same with no pause (what the warm-up cannot cover)
#     and with the warm-up off (-Dmstpanel.transcriptWarmUp=off, the baseline). Target 300 ms.
#  2. `mst-panel transcript FILE --json` against `python3 -c 'import json,sys; json.load(open(sys.argv[1]))'`
#     on the same file, warm cache: whole process, minus the JVM's start (`--version`), and in one warm
#     JVM; target at most 2x python with the JVM start excluded.
# Usage: xvfb-run -a -s "-screen 0 1440x900x24" scripts/bench/transcript.sh [EVENTS] [OUTPUT_CHARS]
#        ROUNDS=N (default 5; opens per JVM in part 1, medians in part 2), IDLE_MS=N, NICE="nice -n -10" (root only).
#
# Part 2 measured 2026-12-01 on the shared 2-core box (load average 4-5), 5,000 events, 11.3 MB, ROUNDS=3:
#   python3 json.load 253 ms; transcript --json 2,045 ms whole process, 925 ms minus JVM start (3.7x);
#   in one warm JVM 160-214 ms.
# Part 1 measured 2026-12-01 15:00-15:03 UTC (branch warm9), 2 JVMs per line, ROUNDS=4, NICE="nice -n -15", on the
# same box under a load average of 5-10 from other builds: wall times moved by seconds from one JVM to the next,
# so the CPU the FX thread used (printed too) is the steadier figure. Target 300 ms: NOT met for the first open.
#   warm-up on, idle 1000 ms:  first open 770 / 1,160 ms (FX thread 267 / 434 ms CPU); later 187-1,393 ms (FX 121-240)
#                              pause: FX 277 / 357 ms CPU, longest pulse gap 167 / 211 ms (without warm-up 67 / 144)
#   warm-up on, idle 3000 ms:  first open 1,442 / 528 ms (FX 424 / 223 ms CPU); later 234-676 ms; gap 124 / 54 ms
#   warm-up off, idle 1000 ms: first open 2,261 / 3,038 ms (FX 414 / 527 ms CPU); later 163-1,030 ms (FX 94-221)
#   no idle pause: on 458 / 450 ms (FX 252 / 274), off 1,860 / 656 ms (FX 379 / 389): the same work both ways (the
#   click came before the warm-up started, so it gave way); the gap between them is the machine, not the code
set -euo pipefail
cd "$(dirname "$0")/../.."
EVENTS=${1:-5000}
CHARS=${2:-1900}
DIR=${BENCH_DIR:-/tmp/mstp-bench-results}/transcript-$EVENTS-$CHARS
ROUNDS=${ROUNDS:-5}
[ -f app/target/mst-panel.jar ] || mvn -B -q package -DskipTests
[ -d app/target/test-classes/dev/mstpanel/bench ] || mvn -B -q test-compile
CP="app/target/test-classes:app/target/classes:$(ls app/target/lib/*.jar | tr '\n' ':')"
if [ ! -f "$DIR/trace-path" ]; then
  mkdir -p "$DIR"
  java -Djava.awt.headless=true -cp "$CP" dev.mstpanel.testsupport.GenerateRun long-trace "$DIR" "$EVENTS" "$CHARS" > "$DIR/trace-path"
fi
TRACE=$(cat "$DIR/trace-path")
RUN=$(dirname "$(dirname "$(dirname "$(dirname "$TRACE")")")")
echo "trace: $TRACE  $(stat -c %s "$TRACE") bytes, $EVENTS events"
cat "$TRACE" > /dev/null
read -r -a NICE_CMD <<< "${NICE:-}"   # NICE="nice -n -10" (root only)
echo "load average before: $(uptime | sed 's/.*load average: //')"
if [ -n "${DISPLAY:-}" ]; then
  echo "== Transcript tab, first rows after the click (target 300 ms); a fresh JVM a line"
  for cfg in "on ${IDLE_MS:-1000}" "on 0" "off ${IDLE_MS:-1000}" "off 0"; do
    set -- $cfg
    echo "-- warm-up $1, idle pause $2 ms after the listing shows; load average $(uptime | sed 's/.*load average: //')"
    ${NICE_CMD[@]+"${NICE_CMD[@]}"} java -Dmstpanel.transcriptWarmUp="$1" -cp "$CP" dev.mstpanel.ui.results.TranscriptFirstOpenBench \
      "$RUN" long-session "$2" "$ROUNDS" 2>/dev/null | grep -E '^(listing|open|later)' || true
  done
else
  echo "no DISPLAY: skipping the Transcript tab part (run under xvfb-run)"
fi
echo "== transcript --json vs python json.load"
# the installed launcher (app image, AppCDS, C1 only) too when built: ./mvnw -B -q -o -Ppackage package -DskipTests
LAUNCHER=app/target/dist/mst-panel/bin/mst-panel
t() { local TIMEFORMAT='%R'; { time ${NICE_CMD[@]+"${NICE_CMD[@]}"} "$@" > /dev/null 2>&1; } 2>&1 | awk '{printf "%d\n", $1*1000}'; }
: > /tmp/mstp-bench-transcript.$$
for i in $(seq "$ROUNDS"); do
  echo "py $(t python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$TRACE")" >> /tmp/mstp-bench-transcript.$$
  echo "cli $(t java -jar app/target/mst-panel.jar transcript "$TRACE" --json)" >> /tmp/mstp-bench-transcript.$$
  echo "jvm $(t java -jar app/target/mst-panel.jar --version)" >> /tmp/mstp-bench-transcript.$$
  if [ -x "$LAUNCHER" ]; then
    echo "app $(t "$LAUNCHER" transcript "$TRACE" --json)" >> /tmp/mstp-bench-transcript.$$
    echo "appv $(t "$LAUNCHER" --version)" >> /tmp/mstp-bench-transcript.$$
  fi
done
med() { grep "^$1 " /tmp/mstp-bench-transcript.$$ | awk '{print $2}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
py=$(med py); cli=$(med cli); jvm=$(med jvm)
mv /tmp/mstp-bench-transcript.$$ /tmp/mstp-bench-transcript.$$.keep
echo "medians of $ROUNDS (wall ms):"
printf "python3 json.load                          %6d\n" "$py"
printf "mst-panel transcript --json (whole process) %5d\n" "$cli"
printf "  of which JVM start + picocli (--version)  %5d\n" "$jvm"
echo "ratio whole process / python:              $(awk "BEGIN{printf \"%.2f\", $cli/$py}")"
echo "ratio (whole process - JVM start) / python: $(awk "BEGIN{printf \"%.2f\", ($cli-$jvm)/$py}")"
if [ -x "$LAUNCHER" ]; then
  app=$(awk '$1=="app"{print $2}' /tmp/mstp-bench-transcript.$$.keep | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  appv=$(awk '$1=="appv"{print $2}' /tmp/mstp-bench-transcript.$$.keep | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  printf "launcher bin/mst-panel transcript --json     %5d\n" "$app"
  printf "  of which launcher start (--version)         %5d\n" "$appv"
  echo "ratio launcher / python:                     $(awk "BEGIN{printf \"%.2f\", $app/$py}")"
  echo "ratio (launcher - launcher start) / python:  $(awk "BEGIN{printf \"%.2f\", ($app-$appv)/$py}")"
fi
rm -f /tmp/mstp-bench-transcript.$$.keep
echo "in one JVM (round 1 cold, later warm; JVM start excluded):"
java -cp "$CP" dev.mstpanel.bench.TranscriptJsonBench "$TRACE" "$ROUNDS"
echo "load average after:  $(uptime | sed 's/.*load average: //')"
