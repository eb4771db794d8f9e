#!/usr/bin/env bash
# Benchmark: list a generated 10,000-trial run (traces of ~20 KB) with `mst-panel trials --json`
# under -Xmx256m, against `cat` of all its trace bytes to /dev/null, on a warm cache.
# Usage: scripts/bench/results-listing.sh [TRIALS] [TRACE_BYTES]   (run from anywhere; builds if needed)
set -euo pipefail
cd "$(dirname "$0")/../.."
TRIALS=${1:-10000}
BYTES=${2:-20000}
DIR=${BENCH_DIR:-/tmp/mstp-bench-results}/$TRIALS-$BYTES
[ -f app/target/mst-panel.jar ] || mvn -B -q package -DskipTests
[ -d app/target/test-classes/dev/mstpanel/bench ] || mvn -B -q test-compile
CP="app/target/test-classes:app/target/classes:$(ls app/target/lib/*.jar | tr '\n' ':')"
RUN="$DIR/big-eval/runs/20260110T080000Z-bbbbbb"
if [ ! -d "$RUN/traces" ]; then
  echo "generating $TRIALS trials of ~$BYTES bytes in $DIR"
  java -Djava.awt.headless=true -cp "$CP" dev.mstpanel.testsupport.GenerateRun big "$DIR" "$TRIALS" "$BYTES" >/dev/null
fi
echo "trace bytes: $(du -sb "$RUN/traces" | cut -f1)  files: $(find "$RUN/traces" -name '*.json' | wc -l)"
find "$RUN" -type f -print0 | xargs -0 cat > /dev/null   # warm the cache

best() { sort -n | head -1; }
ms() { local s e; s=$(date +%s%N); "$@" > /dev/null; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
cat_ms=$(for i in 1 2 3 4 5; do ms bash -c "find '$RUN/traces' -name '*.json' -print0 | xargs -0 cat"; done | best)
cli_ms=$(for i in 1 2 3; do ms java -Xmx256m -jar app/target/mst-panel.jar trials "$RUN" --json; done | best)
jvm_ms=$(for i in 1 2 3; do ms java -Xmx256m -jar app/target/mst-panel.jar --version; done | best)
echo "cat of all trace bytes:                 ${cat_ms} ms (best of 5)"
echo "mst-panel trials --json, -Xmx256m:      ${cli_ms} ms (best of 3, whole process)"
echo "  of which JVM start + picocli (--version): ${jvm_ms} ms"
echo "ratio (whole process / cat):            $(awk "BEGIN{printf \"%.2f\", $cli_ms/$cat_ms}")"
echo "in-process listing (ResultsReader, -Xmx256m):"
java -Xmx256m -cp "$CP" dev.mstpanel.bench.ResultsListingBench "$RUN" 5
