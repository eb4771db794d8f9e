#!/usr/bin/env bash
# Benchmark for issue 10: the Compare screen on two 10,000-trial runs shows its figures within 1 s
# of opening and the FX thread never stalls (no pulse gap over 100 ms) while it loads.
#   scripts/bench/compare-screen.sh [TRIALS=10000] [TRACE_BYTES=20000] [ROUNDS=3]
# Uses the runs scripts/bench/compare.sh generates (the same folder; generated here when missing).
# Prints, per round, the time to the figures and to the case table, and the longest FX pulse gap,
# once with the runs already read by the Results view and once read by the screen itself.
# Needs a display; without DISPLAY it runs under xvfb-run.
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
echo "load average before: $(uptime | sed 's/.*load average: //')"
cmd=(java -Xmx1g -cp "$CP" dev.mstpanel.bench.CompareScreenBench "$DIR/pair-eval" 20260110T080000Z-aaaaaa 20260111T080000Z-cccccc "$ROUNDS")
if [[ -z ${DISPLAY:-} ]]; then
  xvfb-run -a -s "-screen 0 1440x900x24" "${cmd[@]}"
else
  "${cmd[@]}"
fi
echo "load average after:  $(uptime | sed 's/.*load average: //')"
