#!/usr/bin/env bash
# Benchmark: open a 200,000-line accessibility dump and type a search / filter into it.
# Core timings always; the real TextDumpView timings when a DISPLAY is set (e.g. under xvfb-run).
# Usage: scripts/bench/text-dump.sh [LINES]
set -euo pipefail
cd "$(dirname "$0")/../.."
LINES=${1:-200000}
DIR=${BENCH_DIR:-/tmp/mstp-bench-results}/dump-$LINES
[ -d app/target/test-classes/dev/mstpanel/bench ] || mvn -B -q test-compile
[ -d app/target/lib ] || mvn -B -q package -DskipTests
CP="app/target/test-classes:app/target/classes:$(ls app/target/lib/*.jar | tr '\n' ':')"
mkdir -p "$DIR"
[ -f "$DIR/accessibility.txt" ] || java -Djava.awt.headless=true -cp "$CP" dev.mstpanel.testsupport.GenerateRun dump "$DIR/accessibility.txt" "$LINES" >/dev/null
echo "dump: $(wc -l < "$DIR/accessibility.txt") lines, $(du -h "$DIR/accessibility.txt" | cut -f1)"
java -cp "$CP" dev.mstpanel.bench.TextDumpBench "$DIR/accessibility.txt" "send message"
