#!/usr/bin/env bash
# Benchmark: this build against another, whole processes, interleaved, on generated runs:
# `trials RUN --json` (the listing), `trials RUN --grep TEXT --json` (the search) and
# `compare A B --json`, each round running the baseline's jar and this one's in turn.
#
#   BASELINE=<git ref> scripts/bench/against-baseline.sh [TRIALS=10000] [TRACE_BYTES=20000]
#
# The baseline is exported with git archive into /tmp and built with ./mvnw -o package -DskipTests
# (once per commit). ROUNDS=N rounds (default 5); medians of wall and CPU (user+sys) time in ms,
# and this build's ratio to the baseline's (below 1.00: faster). A warm file cache, -Xmx256m.
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${BASELINE:?set BASELINE to a git ref, e.g. BASELINE=main}"
TRIALS=${1:-10000}
BYTES=${2:-20000}
ROUNDS=${ROUNDS:-5}
ref=$(git rev-parse --short "$BASELINE")
base=/tmp/mstp-bench-baseline-$ref
if [[ ! -f $base/app/target/mst-panel.jar ]]; then
  rm -rf "$base" && mkdir -p "$base"
  git archive "$ref" | tar -x -C "$base"
  (cd "$base" && ./mvnw -B -q -o package -DskipTests) || (cd "$base" && ./mvnw -B -q package -DskipTests)
fi
[[ -f app/target/mst-panel.jar ]] || ./mvnw -B -q package -DskipTests
[[ -d app/target/test-classes/dev/mstpanel/testsupport ]] || ./mvnw -B -q test-compile
CP="app/target/test-classes:app/target/classes:$(ls app/target/lib/*.jar | tr '\n' ':')"
DIR=${BENCH_DIR:-/tmp/mstp-bench-compare}/$TRIALS-$BYTES
A="$DIR/pair-eval/runs/20260110T080000Z-aaaaaa"
B="$DIR/pair-eval/runs/20260111T080000Z-cccccc"
if [[ ! -d $B/traces ]]; then
  echo "generating two runs of $TRIALS trials of ~$BYTES bytes in $DIR"
  java -Djava.awt.headless=true -cp "$CP" dev.mstpanel.testsupport.GenerateRun pair "$DIR" "$TRIALS" "$BYTES" >/dev/null
fi
find "$DIR" -type f -print0 | xargs -0 cat > /dev/null # warm the cache
t() { local TIMEFORMAT='%R %U %S'; { time "$@" > /dev/null 2>&1; } 2>&1 | awk '{printf "%d %d\n", $1*1000, ($2+$3)*1000}'; }
LOG=$(mktemp)
trap 'rm -f "$LOG"' EXIT
echo "baseline $ref against $(git rev-parse --short HEAD)$( [[ -n $(git status --porcelain) ]] && echo ' (with uncommitted changes)'); load before: $(uptime | sed 's/.*load average: //')"
for i in $(seq "$ROUNDS"); do
  for who in base this; do
    jar=app/target/mst-panel.jar
    [[ $who == base ]] && jar=$base/app/target/mst-panel.jar
    # each build its own cache folder, so neither reads the other's cached listing
    export MST_PANEL_HOME=/tmp/mstp-bench-home-$who
    echo "$who listing $(t java -Xmx256m -jar "$jar" trials "$A" --json)" >> "$LOG"
    echo "$who grep $(t java -Xmx256m -jar "$jar" trials "$A" --grep "needle-not-there" --json)" >> "$LOG"
    echo "$who compare $(t java -Xmx256m -jar "$jar" compare "$A" "$B" --json)" >> "$LOG"
  done
done
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2)}'; }
printf '%-8s %12s %12s %12s %12s %8s %8s\n' figure base-wall this-wall base-cpu this-cpu wall× cpu×
for f in listing grep compare; do
  bw=$(awk -v f=$f '$1=="base" && $2==f {print $3}' "$LOG" | median)
  tw=$(awk -v f=$f '$1=="this" && $2==f {print $3}' "$LOG" | median)
  bc=$(awk -v f=$f '$1=="base" && $2==f {print $4}' "$LOG" | median)
  tc=$(awk -v f=$f '$1=="this" && $2==f {print $4}' "$LOG" | median)
  printf '%-8s %12s %12s %12s %12s %8.2f %8.2f\n' "$f" "$bw" "$tw" "$bc" "$tc" "$(awk -v a="$tw" -v b="$bw" 'BEGIN {print a / b}')" "$(awk -v a="$tc" -v b="$bc" 'BEGIN {print a / b}')"
done
echo "load after: $(uptime | sed 's/.*load average: //')"
