#!/usr/bin/env bash
# Benchmark: a 5,000-event trace of ~10 MB.
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
#        ROUNDS=N (default 5; opens per JVM in part 1, medians in part 2), IDLE_MS=N, NICE="nice -n -10" (root only);
#        part 1 only: CONFIGS="on:1000 off:0" (warm-up on/off : idle pause ms; default all four), JVMS=N fresh JVMs per
#        config and build, BASELINE=DIR another checkout built with package + test-compile (its JVMs alternate with
#        this one's), BENCH_JAVA_OPTS (e.g. -XX:StartFlightRecording=filename=/tmp/x.jfr), PART2=off to skip part 2.
#
# Measured 2026-12-01 23:53-00:10 UTC (branch first9) side by side with main (4a09435, built in a copy), part 1 only:
#   ROUNDS=3 JVMS=4 CONFIGS=on:1000 PART2=off BASELINE=/tmp/first9-base NICE="nice -n -15" xvfb-run -a -s "-screen 0 1440x900x24" scripts/bench/transcript.sh
#   (and ROUNDS=2 JVMS=6; and CONFIGS=on:4000, the warm-up done before the click in every JVM); median of the first opens, FX thread CPU:
#   23:53-23:56 load 6.4-7.8, 4+4 JVMs: first open base 533 ms (FX CPU 182 ms), new 568 ms (140 ms)
#   23:58-00:01 load 4.9-6.8, 4+4 JVMs: first open base 464 ms (FX CPU 196 ms), new 522 ms (178 ms)
#   00:01-00:05 load 4.7-9.2, 6+6 JVMs: first open base 708 ms (FX CPU 164 ms), new 689 ms (174 ms; warm-up done in 1 of 6)
#   00:07-00:10 load 8.6-10.6, on:4000, 4+4 JVMs: first open base 1,204 ms (FX CPU 251 ms), new 1,387 ms (189 ms: -25 %)
#   final code (also the case-across-runs cuts), 00:20-00:25, load 4.9-7.4, ROUNDS=2 JVMS=4 twice, 8+8 JVMs:
#   first open base 753 ms (FX CPU 226 ms), new 596 ms (190 ms); warm-up done before the click: base 406 ms, new 299 ms (3 JVMs each)
#   one JFR each at load 5-6: FX thread class loads between the click and the first rows 72 (base) -> 3 (new); best new wall 234.7 ms.
#   so: less FX thread work in a first open when the warm-up ran (20-60 ms of CPU); the wall times at load 5-10 are the
#   scheduler's and the JIT's (300+ compilations, ~1 s of compiler-thread time, in the first open's 500 ms), not to compare.
#   What first9 changed: the warm-up opens the real TrialInspectorView offscreen (header, tabs, split, transcript so far,
#   then whole) and links the records' equals/hashCode on its own thread; its inspector steps no longer wait for its read;
#   the case across runs (ResultsViewModel, CaseHistoryBar) no longer uses streams, lambdas or "+" on the click's path.
# Measured 2026-12-01 20:04-20:09 UTC (branch split9) side by side with main (f0fdeef, built in a copy), part 1 only:
#   ROUNDS=3 JVMS=3 CONFIGS=on:1000 PART2=off BASELINE=/tmp/split9-base NICE="nice -n -15" xvfb-run -a -s "-screen 0 1440x900x24" scripts/bench/transcript.sh
#   load average 12.2-15.4 (three other sessions' builds and tests on the 2 cores); the warm-up finished before the click
#   in 1 of the 6 JVMs (base), so these are first opens without it:
#   first open  base 3,107 / 4,164 / 1,050 ms (FX thread CPU 314 / 359 / 284 ms), new 2,869 / 2,452 / 1,627 ms (307 / 334 / 291 ms)
#   later opens base medians 1,133 / 553 / 264 ms, new 284 / 776 / 885 ms
#   at this load the wall times are the scheduler's (FX thread CPU is 10-30 % of them); no difference to see between the builds.
#   20:12-20:16, load 6.0-8.3, with both cuts (record equals, run header built once per click), warm-up not done at the click:
#   first open  base 1,328 / 1,214 / 1,557 ms (FX thread CPU 211 / 224 / 261 ms), new 729 / 1,042 / 2,166 ms (171 / 194 / 214 ms)
#   20:15-20:19, load 5.0-8.3, CONFIGS=on:5000 (the warm-up done before the click in every JVM):
#   first open  base 1,434 / 612 / 1,545 ms (FX thread CPU 177 / 196 / 205 ms), new 1,561 / 1,015 / 1,006 ms (195 / 186 / 202 ms)
#   so: about 40 ms (17 %) less FX thread CPU on a first open the warm-up did not cover, none to see after it; wall times noise.
#   What split9 cut: the first equals of the Transcript record on the FX thread (a change listener's), 5-27 ms (in a JVM that
#   has linked other records' equals; 130 ms in one that has not) at load 8-10. JFR of a first open at load 10-12 (warm-up not
#   done): FX thread samples 57 % CSS, 29 % layout, half of them in interpreted code; no single hot spot.
# Measured 2026-12-01 17:44-18:14 UTC (branch open9) on the shared 2-core box, load average 1.3-9.5 from other builds,
# NICE="nice -n -15"; "base" = the code before open9 (5a6c0ca), "new" = open9; fresh JVMs, base/new interleaved.
# Part 1, warm-up on, idle 1000 ms, ROUNDS=3 (first rows of the Transcript tab after the click, target 300 ms):
#   load 1.3-1.9, new only: first open 140 / 347 / 400 ms; later opens 60-379 ms
#   load 1.9-3.9:  first open base 918 / 1,131 / 1,167 ms (process CPU 1.4-1.7 s), new 313 / 422 / 659 ms (0.5-0.6 s);
#                  later opens (JVM medians) base 173-402 ms, new 131-155 ms
#   load 3.3-9.5:  first open base 531-2,477 ms (9 JVMs), new 250-1,125 ms (14 JVMs; 250-490 when the warm-up had
#                  finished before the click, 720-1,125 when it had not); later opens base 265-1,501, new 84-482 ms
#   so: later opens meet 300 ms; the first open meets it only when the warm-up finished and the box is quiet.
# Part 2, transcript --json vs python3 json.load, medians of 5-7 interleaved rounds, wall:
#   launcher bin/mst-panel, load 2.2-2.4: python 200 ms; base 740 ms (start 310) = 2.15x without its start;
#                                         new 640 ms (start 240) = 2.0x without its start (3.2x with it); CPU base
#                                         899 ms, new 799 ms. At load 5-7: new 1.25x; at load 2-2.8 another set 2.8x.
#   java -jar, load 2-7: new 3.4-4.5x, base 5.0-5.2x without the JVM start (CPU ~2 s: C2 compiling); target 2x not met.
# Before (base, README, load ~1): first open 587 ms, later 236-243 ms; launcher 2.3x without its start.
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
  # BASELINE=DIR: another checkout, built (package + test-compile), measured in turn with this one, a fresh JVM each
  BUILDS="new"
  if [ -n "${BASELINE:-}" ]; then
    BUILDS="base new"
    BASE_CP="$BASELINE/app/target/test-classes:$BASELINE/app/target/classes:$(ls "$BASELINE"/app/target/lib/*.jar | tr '\n' ':')"
  fi
  for cfg in ${CONFIGS:-on:${IDLE_MS:-1000} on:0 off:${IDLE_MS:-1000} off:0}; do
    for j in $(seq "${JVMS:-1}"); do
      for b in $BUILDS; do
        cp=$CP
        [ "$b" = base ] && cp=$BASE_CP
        echo "-- [$b] warm-up ${cfg%%:*}, idle pause ${cfg#*:} ms after the listing shows; load average $(uptime | sed 's/.*load average: //')"
        ${NICE_CMD[@]+"${NICE_CMD[@]}"} java ${BENCH_JAVA_OPTS:-} -Dmstpanel.transcriptWarmUp="${cfg%%:*}" -cp "$cp" dev.mstpanel.ui.results.TranscriptFirstOpenBench \
          "$RUN" long-session "${cfg#*:}" "$ROUNDS" 2>/dev/null | grep -E '^(listing|open|later)' || true
      done
    done
  done
else
  echo "no DISPLAY: skipping the Transcript tab part (run under xvfb-run)"
fi
if [ "${PART2:-on}" = off ]; then
  echo "load average after:  $(uptime | sed 's/.*load average: //')"
  exit 0
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
