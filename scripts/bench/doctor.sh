#!/usr/bin/env bash
# Benchmark: `doctor` on 3 contexts (engine-1, engine-2, dead) finishes within 10 s,
# the device check container on each live engine included.
#
#   scripts/bench/doctor.sh [RUNS]     (Linux, root; builds the jar first if missing)
#
# Reports, per run, the wall time of the whole command (a cold JVM, `doctor --json`) and the
# time the checks took as the command measured them ("millis").
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-5}
dir=/tmp/mstp-bench-containers
jar=$root/app/target/mst-panel.jar
[[ -f $jar ]] || (cd "$root" && mvn -B -q package -DskipTests)
bash "$root/scripts/test-engines.sh" start "$dir" 2 >/dev/null 2>&1
export DOCKER_CONFIG=$dir/config MST_PANEL_HOME=$dir/panel-home
unset DOCKER_HOST DOCKER_CONTEXT
echo "== doctor --json on engine-1, engine-2, dead (+ default, absent); bound 10000 ms"
for i in $(seq "$runs"); do
  t0=$(date +%s%3N)
  out=$(java -jar "$jar" doctor --json 2>/dev/null || true)
  t1=$(date +%s%3N)
  checks=$(printf '%s' "$out" | python3 -c "import json,sys; print(json.load(sys.stdin)['millis'])")
  echo "run $i: whole command $((t1 - t0)) ms, checks $checks ms"
done
