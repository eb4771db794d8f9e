#!/usr/bin/env bash
# Benchmark: open a 200,000-line accessibility dump and type a search / filter into it.
# Core timings always; the real TextDumpView timings when a DISPLAY is set (e.g. under xvfb-run).
# Usage: scripts/bench/text-dump.sh [LINES]
#
# Measured 2026-11-30 under Xvfb on the 2-core build box (load average 6.4-8.4), 200,000 lines
# (6.2 MB), 3 runs: first open of the dump in the JVM (load + build + first layout) 214/240/514 ms
# (was 634-822 ms before the fixes, 557 ms reported earlier with a pre-warmed loader), later opens
# 99-174 ms; keystrokes (search, backspace, new query, filter) median 1.5 ms, max 48 ms over 75
# (were 12-281 ms: every keystroke rebuilt the list's cells).
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
