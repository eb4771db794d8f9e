#!/usr/bin/env bash
# Benchmark: `mst-panel compare` of two 10,000-trial runs against `trials --json` on one
# of them, whole processes (JVM start included), on a warm cache. Target: compare <= 2.5x trials.
# Usage: scripts/bench/compare.sh [TRIALS] [TRACE_BYTES]   (run from anywhere; builds if needed)
#        ROUNDS=N interleaved rounds (default 5); medians are printed.
set -euo pipefail
cd "$(dirname "$0")/../.."
TRIALS=${1:-10000}
BYTES=${2:-20000}
DIR=${BENCH_DIR:-/tmp/mstp-bench-compare}/$TRIALS-$BYTES
[ -f app/target/mst-panel.jar ] || mvn -B -q package -DskipTests
[ -d app/target/test-classes/dev/mstpanel/testsupport ] || mvn -B -q test-compile
CP="app/target/test-classes:app/target/classes:$(ls app/target/lib/*.jar | tr '\n' ':')"
A="$DIR/pair-eval/runs/20260110T080000Z-aaaaaa"
B="$DIR/pair-eval/runs/20260111T080000Z-cccccc"
if [ ! -d "$B/traces" ]; then
  echo "generating two runs of $TRIALS trials of ~$BYTES bytes in $DIR"
  java -Djava.awt.headless=true -cp "$CP" dev.mstpanel.testsupport.GenerateRun pair "$DIR" "$TRIALS" "$BYTES" >/dev/null
fi
echo "trace files: $(find "$A/traces" -name '*.json' | wc -l) + $(find "$B/traces" -name '*.json' | wc -l)"
find "$DIR" -type f -print0 | xargs -0 cat > /dev/null   # warm the cache
ROUNDS=${ROUNDS:-5}
t() { local TIMEFORMAT='%R %U %S'; { time "$@" > /dev/null 2>&1; } 2>&1 | awk '{printf "%d %d\n", $1*1000, ($2+$3)*1000}'; }
LOG=/tmp/mstp-bench-compare.$$
: > "$LOG"
echo "load average before: $(uptime | sed 's/.*load average: //')"
for i in $(seq "$ROUNDS"); do   # interleaved, so load from other work hits both alike
  echo "trials $(t java -Xmx256m -jar app/target/mst-panel.jar trials "$A" --json)" >> "$LOG"
  echo "compare $(t java -Xmx256m -jar app/target/mst-panel.jar compare "$A" "$B" --json)" >> "$LOG"
done
echo "load average after:  $(uptime | sed 's/.*load average: //')"
med() { grep "^$1 " "$LOG" | awk "{print \$$2}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
tr_ms=$(med trials 2); cmp_ms=$(med compare 2)
echo "medians of $ROUNDS:                                   wall ms   CPU ms (user+sys)"
printf "trials RUN_A --json, -Xmx256m (one run)            %7d   %7d\n" "$tr_ms" "$(med trials 3)"
printf "compare RUN_A RUN_B --json, -Xmx256m (two runs)    %7d   %7d\n" "$cmp_ms" "$(med compare 3)"
echo "ratio compare / trials (wall): $(awk "BEGIN{printf \"%.2f\", $cmp_ms/$tr_ms}")  (target <= 2.5)"
echo "ratio compare / trials (CPU):  $(awk "BEGIN{printf \"%.2f\", $(med compare 3)/$(med trials 3)}")"
rm -f "$LOG"
java -Xmx256m -jar app/target/mst-panel.jar compare "$A" "$B" | head -8
