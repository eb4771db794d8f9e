#!/usr/bin/env bash
# Benchmark: the Compare screen on two 10,000-trial runs shows its figures within 1 s
# of opening and the FX thread never stalls (no pulse gap over 100 ms) while it loads.
#   scripts/bench/compare-screen.sh [TRIALS=10000] [TRACE_BYTES=20000] [ROUNDS=3]
# Uses the runs scripts/bench/compare.sh generates (the same folder; generated here when missing).
# Prints, per round, the time to the figures and to the case table, and the longest FX pulse gap,
# once with the runs already read by the Results view and once read by the screen itself.
# Needs a display; without DISPLAY it runs under xvfb-run.
# BASELINE=<git ref> (e.g. main) also builds that commit (exported with git archive into
# $BENCH_DIR/build-<commit>, built once) and alternates its rounds with this checkout's (or with the
# commit CANDIDATE=<git ref>, built the same way), two rounds per JVM, so both are measured side by
# side under the same load.
# SHOTS=<folder> saves pictures of round 1's screen while it loads (compare-load-<mode>-<stage>.png);
# SIZE=1280x800 measures (and pictures) a laptop's window instead of 1440x900.
# ORDER=first,cached,loaded makes each JVM's first comparison that of never-listed runs (default
# loaded,cached,first). JAVA_OPTS="-Dmstpanel.compareWarmUp=off" turns off the warm-up of the first
# comparison (ui/results/compare/CompareWarmUp). This checkout's bench class drives a BASELINE build too.
# IMAGE_JVM=1 starts the bench's JVMs with the installed app's JVM options (the --java-options of
# packaging/common.jpackage: C1 only, the add-opens for the listing's stat), as bin/mst-panel starts
# the window; without it they are the JDK's defaults, as `java -jar app/target/mst-panel.jar` has them.
#
# Measured 2026-12-01 15:40 (load 1.8-2.7), nice -n -10, 3 rounds: runs read by the Results view 54-253 ms;
# listed before (the cache of listed trials) 316-601 ms; never listed 890-2,039 ms (median 1,142 ms);
# longest pulse gap while loading 35-66 ms (120 ms once after the JVM's first figures).
# Measured 2026-12-01 20:17-20:33 (load 4.9-9.6: other builds on the machine), nice -n -10, BASELINE=main
# (6461554) alternating with this branch (265d0a4), 3 JVMs x 2 rounds each. Never listed: figures (from the
# trials' statuses, each trace's ends read) 2,201-3,937 ms, median 3,012 ms, against main's 2,774-4,735 ms,
# median 4,177 ms; the complete comparison (tool calls, tokens, cost of a side without summary.json, traces
# read whole) 5,806-9,970 ms, median ~7,600 ms; first progress line 144-548 ms. Longest pulse gap while
# loading, never listed: 264-1,313 ms (main 58-570 ms; young GC pauses of 140-200 ms under this load, and
# the whole read after the figures). Listed before: 963-2,748 ms (main 759-2,210 ms); read by the Results
# view: 235-588 ms (main 78-1,051 ms). Earlier at load 9-15 (73ab76b vs main): never listed, figures
# median ~2.5 s against ~4.9 s. The 1 s figure at load ~2 could not be measured in this session.
# Measured 2026-12-01 20:30-20:40 (load 4.1-6.0), BASELINE=main (6461554) vs 9cd8ad8 (the whole read only
# counts), 2 JVMs x 2 rounds: never listed, figures 1,582-2,779 ms (median ~1,680 ms) against main's
# 2,138-5,470 ms (median ~4,100 ms); complete 3,884-6,466 ms; longest pulse gap while loading 45-247 ms
# (main 99-188 ms); first progress line 150-238 ms. Listed before 1,100-1,783 ms (main 639-1,773 ms).
# Measured 2026-12-01 23:48-23:55 (load 3.9-7.8: other helpers' builds), nice -n -10, BASELINE=4a09435 vs
# 68240c3 (the warm-up), ORDER=first,cached,loaded, 3 JVMs x 2 rounds each, alternated. First comparison of
# a fresh JVM (never listed): figures 2,580 / 4,197 / 3,994 ms against main's 3,277 / 4,389 / 3,820 ms;
# longest pulse gap 349-543 ms (main 270-1,245 ms). Second round, never listed: 1,320-1,971 ms (main
# 1,186-2,479 ms). At this load the warm-up often had not finished when the comparison opened (pulse gaps
# of 169-315 ms in the idle window before it), so no gain is shown by this bench; in one JVM without a
# window (statuses of both runs + compare, load 6-8) it cut the pair's read from 2.6-3.4 CPU-s / 5.2-5.6 s
# to 1.4-2.3 CPU-s / 1.1-2.2 s once it had run (1.3-2.5 CPU-s of its own, mostly the JIT's).
# Same build, warm-up off / on interleaved (ORDER=first JAVA_OPTS=-Dmstpanel.compareWarmUp=off|on ... 1), first
# comparison of a fresh JVM, never listed: at load 4.4-7.6 (68240c3) 1,755 / 3,818 / 4,464 ms off against
# 1,597 / 2,214 / 2,560 ms on, FX-thread CPU 386-510 ms off, 297-336 ms on; at load 8-10 (de62038) on was
# worse (2,355-7,841 ms against 3,077-3,315 ms: the warm-up had not finished and competed), so 2e44d43 stops
# its reads at once when a comparison opens and skips it above a load of twice the cores; then, forced on at
# load 6.5-7.7: 3,586 / 2,656 ms on against 4,117 / 3,385 ms off, longest gap 599 / 328 ms against 808 / 1,021 ms.
# c201a5e, load 5.2-6.2: 1,966 / 3,261 ms on against 3,171 / 3,659 ms off, longest gap 151 / 479 ms against
# 286 / 297 ms; the warm-up's own steps made 257-300 ms gaps in the idle window before (none when off).
# Measured 2026-12-02 02:36-02:55 (load 7.8-13.5: two other helpers' builds and tests), nice -n -10, BASELINE=fecba60
# (main) alternating with compare13 (45302a7 / a895c38: one pacing for the warm-ups, the compare warm-up styling its view
# part by part, the case table's rows two pulses after the first figures), ORDER=first JAVA_OPTS=-Dmstpanel.compareWarmUp=on,
# 3 JVMs x 2 rounds each, twice. The round lines now give the FX thread's CPU and the whole JVM's CPU to the figures.
# First comparison of a fresh JVM, never listed, at load 7.8-9.7: figures 5,142 / 2,067 / 2,716 ms against main's
# 6,445 / 4,310 / 6,356 ms; FX-thread CPU to the figures 365 / 108 / 107 ms (main 625 / 327 / 460 ms); JVM CPU to the
# figures 3,860 / 3,020 / 2,850 ms (main 4,300 / 3,000 / 4,280 ms); longest pulse gap while loading 1,116 / 216 / 411 ms
# (main 1,545 / 853 / 1,257 ms); idle window before it 424 / 353 / 133 ms (main 668 / 623 / 1,051 ms). Second round
# (never listed, same JVM): 2,079 / 1,223 / 2,149 ms (main 2,346 / 1,814 / 1,379 ms). At load 10.5-13.5 the same
# command gave 8,130 / 4,953 / 2,115 ms against main's 2,927 / 7,521 / 6,682 ms (second rounds 2,339 / 1,772 / 2,076 ms
# against 3,061 / 2,923 / 2,497 ms): at such a load the CPU left to the JVM decides. One JVM at load 6.3
# (8cf230f): figures 1,432 ms, longest gap 70 ms, idle window 73 ms, FX CPU to the figures 74 ms, JVM CPU 2,780 ms.
# Then at load 4.3-5.8 (03:11-03:15, the same command with 2 JVMs, 5c629ea): first comparison of a fresh JVM 2,480 /
# 2,399 ms against main's 1,071 / 2,192 ms (JVM CPU to the figures 3,730 / 2,890 ms against 2,070 / 2,320 ms; longest
# gap 548 / 367 ms against 88 / 208 ms), and again with the compare warm-up stepping in every pulse (not kept) 5,036 /
# 2,752 ms against 1,739 / 2,571 ms: here compare13 was slower in 4 of 4 pairs. In these JVMs the compare warm-up had
# not finished when the bench opened the comparison (its steps share the pulses with the transcript warm-up's, of
# 150-270 ms each at this load). So no gain is shown for the first comparison at load 4-6; the FX work to the figures
# is lower at load 8-10 only. The 1 s / 100 ms target was not met at any load seen; it was not measured at load 1-2.
# Measured 2026-12-02 06:17-06:20 (load 1.1-1.9: no other work on the machine), IMAGE_JVM=1 (C1 only, as the installed
# app runs the window), 6f1dcc2..c3fae15 (statuses with fewer system calls): runs read by the Results view 61-67 ms;
# listed before 302-353 ms; never listed 608-615 ms, longest pulse gap 36-60 ms. First comparison of a fresh JVM
# (ORDER=first, warm-up on, 5 JVMs): 707 / 769 / 733 / 779 / 800 ms, longest gap 91.7 / 91.4 / 118.8 / 54.0 / 79.6 ms
# (after the figures, during the whole read). Without IMAGE_JVM (the JDK's defaults, C2): never listed 956 ms, a fresh
# JVM's first comparison 1,649 ms.
set -euo pipefail
cd "$(dirname "$0")/../.."
TRIALS=${1:-10000}
BYTES=${2:-20000}
ROUNDS=${3:-3}
DIR=${BENCH_DIR:-/tmp/mstp-bench-compare}/$TRIALS-$BYTES
mvn -B -q -o -DskipTests test-compile 2>/dev/null || mvn -B -q -DskipTests test-compile
[ -d app/target/lib ] || mvn -B -q package -DskipTests
CP="app/target/test-classes:app/target/classes:$(ls app/target/lib/*.jar | tr '\n' ':')"
if [ ! -d "$DIR/pair-eval/runs/20260111T080000Z-cccccc/traces" ]; then
  echo "generating two runs of $TRIALS trials of ~$BYTES bytes in $DIR"
  java -Djava.awt.headless=true -cp "$CP" dev.mstpanel.testsupport.GenerateRun pair "$DIR" "$TRIALS" "$BYTES" >/dev/null
fi
find "$DIR" -type f -print0 | xargs -0 cat > /dev/null   # warm the cache
if [[ -n ${IMAGE_JVM:-} ]]; then
  IMAGE_OPTS=$(sed -n 's/^--java-options //p' packaging/common.jpackage | tr '\n' ' ')
  JAVA_OPTS="$IMAGE_OPTS ${JAVA_OPTS:-}"
  echo "the installed app's JVM options: $IMAGE_OPTS"
fi
BENCH_CLASSES=$(mktemp -d)
mkdir -p "$BENCH_CLASSES/dev/mstpanel/bench" && cp app/target/test-classes/dev/mstpanel/bench/CompareScreenBench*.class "$BENCH_CLASSES/dev/mstpanel/bench/"
echo "load average before: $(uptime | sed 's/.*load average: //')"
run_bench() { # $1: the checkout whose classes run; $2: rounds in its JVM; $3: its label
  # this checkout's bench class drives both builds (the same measurement; ORDER works for a baseline that predates it)
  local cp="$BENCH_CLASSES:$1/app/target/test-classes:$1/app/target/classes:$(ls "$1"/app/target/lib/*.jar | tr '\n' ':')"
  local cmd=(java -Xmx1g ${SHOTS:+-Dmstpanel.screenshots=$SHOTS} ${SIZE:+-Dmstpanel.bench.size=$SIZE} ${ORDER:+-Dmstpanel.bench.order=$ORDER}
             ${JAVA_OPTS:-} -cp "$cp" dev.mstpanel.bench.CompareScreenBench "$DIR/pair-eval" 20260110T080000Z-aaaaaa 20260111T080000Z-cccccc "$2")
  echo "== $3 (load $(uptime | sed 's/.*load average: //'))"
  if [[ -z ${DISPLAY:-} ]]; then
    xvfb-run -a -s "-screen 0 1440x900x24" "${cmd[@]}" 2>&1 | grep -E '^round|Exception|Error' || true
  else
    "${cmd[@]}" 2>&1 | grep -E '^round|Exception|Error' || true
  fi
}
build_ref() { # exports a commit with git archive into $BENCH_DIR/build-<commit> and builds it once; prints the folder
  local sha dir
  sha=$(git rev-parse --short "$1")
  dir=${BENCH_DIR:-/tmp/mstp-bench-compare}/build-$sha
  if [ ! -d "$dir/app/target/lib" ] || [ ! -d "$dir/app/target/test-classes" ]; then
    echo "building $1 ($sha) in $dir" >&2
    rm -rf "$dir" && mkdir -p "$dir"
    git archive "$sha" | tar -x -C "$dir"
    (cd "$dir" && { mvn -B -q -o package -DskipTests >/dev/null 2>&1 || mvn -B -q package -DskipTests >/dev/null; } \
      && mvn -B -q -o -DskipTests test-compile >/dev/null) >&2
  fi
  echo "$dir"
}
if [[ -n ${BASELINE:-} ]]; then
  BASE=$(build_ref "$BASELINE")
  # CANDIDATE=<git ref> measures that commit instead of this checkout's build (which may be rebuilt meanwhile)
  if [[ -n ${CANDIDATE:-} ]]; then CAND=$(build_ref "$CANDIDATE"); CLABEL="$CANDIDATE ($(git rev-parse --short "$CANDIDATE"))"
  else CAND=$PWD; CLABEL="this checkout ($(git rev-parse --short HEAD)$(git diff --quiet HEAD -- app || echo ', with changes'))"; fi
  for ((i = 1; i <= ROUNDS; i++)); do
    run_bench "$BASE" 2 "baseline $BASELINE ($(git rev-parse --short "$BASELINE")), JVM $i of $ROUNDS"
    run_bench "$CAND" 2 "$CLABEL, JVM $i of $ROUNDS"
  done
else
  run_bench "$PWD" "$ROUNDS" "this checkout"
fi
echo "load average after:  $(uptime | sed 's/.*load average: //')"
