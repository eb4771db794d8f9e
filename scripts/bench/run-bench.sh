#!/usr/bin/env bash
# Issue 4 benchmarks (not tests). Needs a build (mvn -B -q package -DskipTests test-compile) and
# the test engines (scripts/test-engines.sh). Usage:
#   scripts/bench/run-bench.sh lines [SECONDS=60] [RATE=1000]   supervisor+parser+model, heap before/after
#   scripts/bench/run-bench.sh stats [SECONDS=60] [N=10]        docker stats of N containers: panel CPU
#   scripts/bench/run-bench.sh cancel honour|ignore              time until no container of the run is left
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
engines=${MST_PANEL_TEST_ENGINES_DIR:-/tmp/mstp-eng-$(python3 -c "
h=0
for c in '$root': h=(31*h+ord(c)) & 0xffffffff
print('%08x'%h)")}
[[ $1 == lines ]] || bash scripts/test-engines.sh start "$engines" 2 >/dev/null
export DOCKER_CONFIG=$engines/config
cp="app/target/classes:app/target/test-classes:$(ls app/target/lib/*.jar | tr '\n' ':')"
case $1 in
  lines) exec java -Xmx256m -cp "$cp" dev.mstpanel.bench.RunBench lines "${2:-60}" "${3:-1000}" ;;
  stats) exec java -Xmx256m -cp "$cp" dev.mstpanel.bench.RunBench stats "${2:-60}" "${3:-10}" ;;
  cancel) exec java -Xmx256m -cp "$cp" dev.mstpanel.bench.RunBench cancel "$root/app/src/test/resources/mst-standin/mst" "${2:-honour}" ;;
  *) echo "usage: $0 lines|stats|cancel ..." >&2; exit 2 ;;
esac
