#!/usr/bin/env bash
# Benchmark: `mst-panel trials RUN --grep TEXT --json` over a generated 10,000-trial run (traces of
# ~20 KB of tool calls) against `grep -rli TEXT` (and `grep -rl`) of the same text over its traces
# folder, warm cache (target at most 3x grep -rl). Two texts: one in 1 trial in 10 (the
# failed trials' error), one in no trial (grep reads every byte).
# Usage: scripts/bench/trials-grep.sh [TRIALS] [TRACE_BYTES]   ROUNDS=N (default 5); medians printed.
#        NICE="nice -n -10" runs every measured command (baselines too) at that priority (root only).
#        BASELINE=/path/to/another/app-image/bin/mst-panel also times that build's launcher, interleaved with
#        this one's in every round (A/B at the same load), with a panel home of its own: the trials cache
#        is kept per build (TrialCache's code stamp), so two builds sharing one would re-read every trial.
# The installed launcher (the app image's bin/mst-panel, with its AppCDS archive, C1 only) is measured
# too when it is built: ./mvnw -B -q -o -Ppackage package -DskipTests (MST_PANEL_PACKAGE_INSTALLER=no
# skips the .deb). It is what a user runs; `java -jar` is the plain jar on the system JDK.
#
# Measured 2026-12-01 on the shared 2-core box (load average 2-9), 10,000 traces, 198 MB, ROUNDS=3:
#   text in 1,000 traces: trials --grep 5,508 ms, grep -rl 390 ms, grep -rli 742 ms, JVM start 1,862 ms
#   text in none:         trials --grep 4,870 ms, grep -rl 606 ms, grep -rli 1,016 ms, JVM start 2,072 ms
#
# Measured 2026-12-01 16:00 (load 2.5), ROUNDS=3 NICE="nice -n -10": text in 1,000 traces: launcher
# 1,014 ms vs grep -rl 192 ms (5.3x; 3.1x grep -rli); text in none: 657 vs 188 ms (3.5x; 2.0x grep -rli).
#
# Measured 2026-12-01 17:55 (load 4.0 rising to 6.2: the box was never quiet), ROUNDS=5 NICE="nice -n -10",
# after the byte pass that checks a found text is in a value (core/results/search/TraceTextScanner), the
# one-table Horspool loop and the listing's quick look at one-trial case folders:
#   text in 1,000 traces: launcher 1,533 ms (CPU 1,444) vs grep -rl 227 ms (CPU 222): 6.8x; launcher start 383 ms
#   text in none:         launcher   921 ms (CPU   933) vs grep -rl 223 ms (CPU 205): 4.1x; launcher start 307 ms
# The launcher's start alone took 1.5-2x its quiet time (180-220 ms), so these ratios are the load's as
# much as the search's. Interleaved A/B against main's app image at the same load (load 5.2-5.7, 11
# rounds each, each build with its own MST_PANEL_HOME listed before: the trials cache is kept per
# build, so two builds sharing one home make each other re-read every trial they find):
#   text in 1,000 traces: main 1,760 ms (CPU 1,690) -> 1,400 ms (CPU 1,380); grep -rl 250 ms
#   text in none:         main 1,230 ms (CPU 1,210) -> 1,130 ms (CPU   960); grep -rl 230 ms
# Same A/B, 9 rounds, load 4.8-5.3: 1,490 -> 1,220 ms (CPU 1,490 -> 1,290) and 1,070 -> 920 ms (CPU
# 1,050 -> 960); grep -rl 200-220 ms. This script with BASELINE= (main's image), ROUNDS=5, load 4.4-5.5:
#   text in 1,000 traces: launcher 1,396 ms (CPU 1,337), main 1,614 ms (CPU 1,732), grep -rl 243 ms: 5.7x (main 6.6x)
#   text in none:         launcher 1,204 ms (CPU 1,052), main 1,091 ms (CPU   972), grep -rl 227 ms: 5.3x (main 4.8x)
# Again at 18:03, load 3.1-4.5: 1,811 ms (CPU 1,718) vs main 1,840 (CPU 1,736), grep -rl 265: 6.8x (main 6.9x);
# 1,142 ms (CPU 1,150) vs main 1,374 (CPU 1,290), grep -rl 254: 4.5x (main 5.4x). At this load a 5-round
# median moves by 100-200 ms from run to run; the 9- and 11-round CPU figures above are the steadier ones.
#
# Measured 2026-12-01 20:08-20:13 (load 8.2-10.8: three other builds on the 2-core box), ROUNDS=5 NICE="nice -n -10"
# BASELINE=<main f0fdeef's app image>, after the search says which traces it could not search, the text's
# aligned columns and the serial collector for headless commands (packaging/linux/launcher.sh):
#   text in 1,000 traces: launcher 2,148 ms (CPU 1,873), main 1,679 ms (CPU 1,793), grep -rl 295 ms: 7.3x (main 5.7x)
#   text in none:         launcher 1,549 ms (CPU 1,091), main 1,664 ms (CPU 1,242), grep -rl 427 ms: 3.6x (main 3.9x)
# At that load a 5-round median moves by 20-30 %. Interleaved A/B (11 rounds, text in 1,000 traces, load 8-9):
# main 2,045 ms (CPU 1,402), this build 2,005 ms (CPU 1,363), this build with G1 (JAVA_TOOL_OPTIONS=-XX:+UseG1GC)
# 1,891 ms (CPU 1,329): no difference the noise lets one see. Earlier 7-9-round A/Bs of G1 against serial on this
# build gave serial 4-7 % less CPU (1,203 vs 1,292; 1,782 vs 1,904; 1,401 vs 1,482 ms). Where the time goes
# (perf and JFR of one search, text in 1,000 traces): reading threads ~40 % (Horspool ~30 % of theirs, reading
# files ~15 %, the value check ~12 %), main thread ~33 % (picocli's start ~1/3 of it: its classes are Java 5
# class files, which CDS does not archive, so they load from the jar through the old verifier; TrialCache.load
# ~10 %; ObjectMapper and logback setup; the JSON output), C1 compiling ~21 % (about 900 methods, 0.24 s CPU).
# Again at 20:31, load 4.6-6.0, same command: text in 1,000 traces: launcher 1,872 ms (CPU 1,778), main 1,623 ms
# (CPU 2,014), grep -rl 328 ms: 5.7x (main 4.9x); text in none: 953 ms (CPU 1,137), main 1,268 ms (CPU 1,324),
# grep -rl 277 ms: 3.4x (main 4.6x). Interleaved A/B, 11 rounds, text in 1,000 traces, load 4.5-5.3: main 1,110 ms
# (CPU 1,815), this build 1,144 ms (CPU 1,778), with G1 1,112 ms (CPU 1,810): the same within the noise.
# Measured 2026-12-02 03:29 (load ~2), ROUNDS=5 NICE="nice -n -10": the launcher, JVM start included, text in none 673 ms vs
# grep -rl 234 ms (2.88x), text in 1 trial in 10 718 ms vs 234 ms (3.07x); launcher start 275-280 ms.
# Measured 2026-12-02 07:00 (load 1.1-1.9), ROUNDS=5 NICE="nice -n -10", after picocli's class files were re-encoded for
# the class-data archive: text in none: launcher 439 ms vs grep -rl 197 ms (2.23x); text in 1,000 traces: 639 vs 238 ms (2.68x).
set -euo pipefail
cd "$(dirname "$0")/../.."
TRIALS=${1:-10000}
BYTES=${2:-20000}
DIR=${BENCH_DIR:-/tmp/mstp-bench-results}/$TRIALS-$BYTES-v3   # v3: traces of tool_call events as MST writes them
[ -f app/target/mst-panel.jar ] || mvn -B -q package -DskipTests
[ -d app/target/test-classes/dev/mstpanel/bench ] || mvn -B -q test-compile
CP="app/target/test-classes:app/target/classes:$(ls app/target/lib/*.jar | tr '\n' ':')"
RUN="$DIR/big-eval/runs/20260110T080000Z-bbbbbb"
if [ ! -d "$RUN/traces" ]; then
  echo "generating $TRIALS trials of ~$BYTES bytes in $DIR"
  java -Djava.awt.headless=true -cp "$CP" dev.mstpanel.testsupport.GenerateRun big "$DIR" "$TRIALS" "$BYTES" >/dev/null
fi
echo "trace bytes: $(find "$RUN/traces" -name "*.json" -printf "%s\n" | awk "{s+=\$1} END {print s}")  files: $(find "$RUN/traces" -name "*.json" | wc -l)"
find "$RUN" -type f -print0 | xargs -0 cat > /dev/null   # warm the cache
ROUNDS=${ROUNDS:-5}
LAUNCHER=app/target/dist/mst-panel/bin/mst-panel
# The panel keeps what it listed in its cache folder (core/results/cache/TrialCache); a search still reads
# every trace's bytes, and takes the trials it found from the cache instead of parsing them. Measured
# with the run listed once before ("listed before") and with an empty cache folder each time.
CACHED_HOME=$(mktemp -d /tmp/mstp-bench-grep-home.XXXXXX)
FIRST_HOME=$(mktemp -d /tmp/mstp-bench-grep-first.XXXXXX)
BASE_HOME=$(mktemp -d /tmp/mstp-bench-grep-base.XXXXXX)
trap 'rm -rf "$CACHED_HOME" "$FIRST_HOME" "$BASE_HOME"' EXIT
BASELINE=${BASELINE:-}
if [ -n "$BASELINE" ]; then
  MST_PANEL_HOME="$BASE_HOME" "$BASELINE" trials "$RUN" --json > /dev/null
  MST_PANEL_HOME="$BASE_HOME" "$BASELINE" trials "$RUN" --grep "task did not submit" --json > /dev/null
fi
MST_PANEL_HOME="$CACHED_HOME" java -jar app/target/mst-panel.jar trials "$RUN" --json > /dev/null
fresh() { rm -rf "$FIRST_HOME/cache/trials"; }   # the cache of listed trials only (not the launcher's class-data archives)
export MST_PANEL_HOME="$CACHED_HOME"
# the launcher's first start of a command after a build writes its class-data archive (1-3 s more): not measured
[ -x "$LAUNCHER" ] && "$LAUNCHER" trials "$RUN" --grep "task did not submit" --json > /dev/null
read -r -a NICE_CMD <<< "${NICE:-}"
# wall ms and CPU ms (user + system) of one run: on the shared box the CPU time moves less with the load
t() { local TIMEFORMAT='%R %U %S'; { time ${NICE_CMD[@]+"${NICE_CMD[@]}"} "$@" > /dev/null 2>&1; } 2>&1 | awk '{printf "%d %d\n", $1*1000, ($2+$3)*1000}'; }
echo "load average before: $(uptime | sed 's/.*load average: //')"
for TEXT in "task did not submit" "no trace holds this text"; do
  : > /tmp/mstp-bench-grep.$$
  for i in $(seq "$ROUNDS"); do
    echo "grepi $(t grep -rli "$TEXT" "$RUN/traces")" >> /tmp/mstp-bench-grep.$$
    echo "grep $(t grep -rl "$TEXT" "$RUN/traces")" >> /tmp/mstp-bench-grep.$$
    echo "cli $(t java -jar app/target/mst-panel.jar trials "$RUN" --grep "$TEXT" --json)" >> /tmp/mstp-bench-grep.$$
    echo "jvm $(t java -jar app/target/mst-panel.jar --version)" >> /tmp/mstp-bench-grep.$$
    if [ -x "$LAUNCHER" ]; then
      echo "app $(t "$LAUNCHER" trials "$RUN" --grep "$TEXT" --json)" >> /tmp/mstp-bench-grep.$$
      echo "appf $(fresh; t env MST_PANEL_HOME="$FIRST_HOME" "$LAUNCHER" trials "$RUN" --grep "$TEXT" --json)" >> /tmp/mstp-bench-grep.$$
      echo "appv $(t "$LAUNCHER" --version)" >> /tmp/mstp-bench-grep.$$
    fi
    if [ -n "$BASELINE" ]; then
      echo "base $(t env MST_PANEL_HOME="$BASE_HOME" "$BASELINE" trials "$RUN" --grep "$TEXT" --json)" >> /tmp/mstp-bench-grep.$$
    fi
  done
  med() { grep "^$1 " /tmp/mstp-bench-grep.$$ | awk '{print $2}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
  cpu() { grep "^$1 " /tmp/mstp-bench-grep.$$ | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
  gi=$(med grepi); g=$(med grep); cli=$(med cli); jvm=$(med jvm)
  found=$(java -jar app/target/mst-panel.jar trials "$RUN" --grep "$TEXT" --json | grep -c '"caseId"' || true)
  echo "== \"$TEXT\": $found trials found (grep -rli: $(grep -rli "$TEXT" "$RUN/traces" | wc -l) files); medians of $ROUNDS, wall ms"
  printf "grep -rli                                   %6d\n" "$gi"
  printf "grep -rl                                    %6d   (CPU %d)\n" "$g" "$(cpu grep)"
  printf "mst-panel trials --grep --json              %6d\n" "$cli"
  printf "  of which JVM start (--version)            %6d\n" "$jvm"
  echo "ratio trials --grep / grep -rl:               $(awk "BEGIN{printf \"%.2f\", $cli/$g}")  (/ grep -rli: $(awk "BEGIN{printf \"%.2f\", $cli/$gi}"))"
  echo "ratio (trials --grep - JVM start) / grep -rl: $(awk "BEGIN{printf \"%.2f\", ($cli-$jvm)/$g}")"
  if [ -x "$LAUNCHER" ]; then
    app=$(med app); appv=$(med appv)
    printf "launcher bin/mst-panel trials --grep --json %6d   (CPU %d)\n" "$app" "$(cpu app)"
    printf "  of which launcher start (--version)        %6d   (CPU %d)\n" "$appv" "$(cpu appv)"
    printf "  with an empty cache folder                 %6d\n" "$(med appf)"
    echo "ratio launcher / grep -rl (JVM start included): $(awk "BEGIN{printf \"%.2f\", $app/$g}")  (/ grep -rli: $(awk "BEGIN{printf \"%.2f\", $app/$gi}"))"
  fi
  if [ -n "$BASELINE" ]; then
    printf "baseline launcher (BASELINE) --grep --json  %6d   (CPU %d)\n" "$(med base)" "$(cpu base)"
    echo "ratio baseline / grep -rl: $(awk "BEGIN{printf \"%.2f\", $(med base)/$g}")"
  fi
  echo "load average: $(uptime | sed 's/.*load average: //')"
  rm -f /tmp/mstp-bench-grep.$$
done
echo "load average after:  $(uptime | sed 's/.*load average: //')"
