#!/usr/bin/env bash
# Benchmark: `mst-panel reliability` of a 10,000-trial run against `trials --json` on the same run,
# whole processes (JVM start included), on a warm cache. Target: reliability <= 1.2x trials.
# Usage: scripts/bench/reliability.sh [TRIALS] [TRACE_BYTES]   (run from anywhere; builds if needed)
#        ROUNDS=N interleaved rounds (default 5); medians are printed.
set -euo pipefail
cd "$(dirname "$0")/../.."
TRIALS=${1:-10000}
BYTES=${2:-20000}
DIR=${BENCH_DIR:-/tmp/mstp-bench-compare}/$TRIALS-$BYTES
[ -f app/target/mst-panel.jar ] || ./mvnw -B -q package -DskipTests
[ -d app/target/test-classes/dev/mstpanel/testsupport ] || ./mvnw -B -q test-compile
CP="app/target/test-classes:app/target/classes:$(ls app/target/lib/*.jar | tr '\n' ':')"
A="$DIR/pair-eval/runs/20260110T080000Z-aaaaaa"
if [ ! -d "$A/traces" ]; then
  echo "generating runs of $TRIALS trials of ~$BYTES bytes in $DIR"
  java -Djava.awt.headless=true -cp "$CP" dev.mstpanel.testsupport.GenerateRun pair "$DIR" "$TRIALS" "$BYTES" >/dev/null
fi
echo "trace files: $(find "$A/traces" -name '*.json' | wc -l)"
find "$A" -type f -print0 | xargs -0 cat > /dev/null   # warm the cache
ROUNDS=${ROUNDS:-5}
t() { local TIMEFORMAT='%R %U %S'; { time "$@" > /dev/null 2>&1; } 2>&1 | awk '{printf "%d %d\n", $1*1000, ($2+$3)*1000}'; }
LOG=/tmp/mstp-bench-reliability.$$
: > "$LOG"
echo "load average before: $(uptime | sed 's/.*load average: //')"
for i in $(seq "$ROUNDS"); do   # interleaved, so load from other work hits both alike
  echo "trials $(t java -Xmx256m -jar app/target/mst-panel.jar trials "$A" --json)" >> "$LOG"
  echo "reliability $(t java -Xmx256m -jar app/target/mst-panel.jar reliability "$A" --json)" >> "$LOG"
done
echo "load average after:  $(uptime | sed 's/.*load average: //')"
med() { grep "^$1 " "$LOG" | awk "{print \$$2}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
tr_ms=$(med trials 2); rel_ms=$(med reliability 2)
echo "medians of $ROUNDS:                          wall ms   CPU ms (user+sys)"
printf "trials RUN --json, -Xmx256m              %7d   %7d\n" "$tr_ms" "$(med trials 3)"
printf "reliability RUN --json, -Xmx256m         %7d   %7d\n" "$rel_ms" "$(med reliability 3)"
echo "ratio reliability / trials (wall): $(awk "BEGIN{printf \"%.2f\", $rel_ms/$tr_ms}")  (target <= 1.2)"
echo "ratio reliability / trials (CPU):  $(awk "BEGIN{printf \"%.2f\", $(med reliability 3)/$(med trials 3)}")"
rm -f "$LOG"
java -Xmx256m -jar app/target/mst-panel.jar reliability "$A" | head -6
