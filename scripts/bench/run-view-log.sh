#!/usr/bin/env bash
# Benchmark: the Runs view while MST (the test stand-in) prints N lines a second.
#   scripts/bench/run-view-log.sh [seconds=60] [lines-per-second=1000]
#   RECORDING=off scripts/bench/run-view-log.sh …   the same run without its recording, to compare
# Prints the longest gap between two FX pulses, the on-screen log size, the panel's CPU and its
# heap after GC every 10 s. Needs the test engines (scripts/test-engines.sh) and a display; without
# DISPLAY it runs under xvfb-run.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
rate=${2:-1000}
mvn -B -q -DskipTests test-compile
cp=$(mvn -B -q -f app/pom.xml dependency:build-classpath -Dmdep.outputFile=/dev/stdout -Dmdep.includeScope=test)
cmd=(java -Xmx1g -Dmstpanel.recording="${RECORDING:-on}" -Dmstpanel.projectRoot="$PWD" -cp "app/target/test-classes:app/target/classes:$cp" dev.mstpanel.bench.RunViewLogBench "$seconds" "$rate")
if [[ -z ${DISPLAY:-} ]]; then
  xvfb-run -a -s "-screen 0 1440x900x24" "${cmd[@]}"
else
  "${cmd[@]}"
fi
