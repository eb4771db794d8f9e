#!/usr/bin/env bash
# Benchmark: probing contexts in parallel, bounded by the timeout.
#
#   scripts/bench/contexts-probe.sh [RUNS]     (Linux, root; builds the jar first if missing)
#
# Starts 3 private engines (engine-1..3) plus a "dead" context (no socket) and a "silent" one
# (a socket that accepts and never answers), then reports:
#  A. probing all 5 contexts (timeout 2 s): the wall time of the parallel probe vs the slowest
#     single probe (the silent one, cut at the timeout): the ratio must stay <= 1.2;
#  B. `contexts --json` on 3 live + dead (a cold JVM, the whole command) vs `docker --context X info`
#     for each context in sequence; medians of RUNS runs, and the ratio.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-5}
dir=/tmp/mstp-bench
jar=$root/app/target/mst-panel.jar
[[ -f $jar ]] || (cd "$root" && mvn -B -q package -DskipTests)
bash "$root/scripts/test-engines.sh" start "$dir" 3 >/dev/null
export DOCKER_CONFIG=$dir/config MST_PANEL_HOME=$dir/panel-home MST_PANEL_TIMING=1
unset DOCKER_HOST DOCKER_CONTEXT

silent=$dir/silent.sock
rm -f "$silent"
python3 -c "import socket,time,sys; s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(64); time.sleep(900)" "$silent" &
silent_pid=$!
trap 'kill $silent_pid 2>/dev/null || true' EXIT
sleep 0.5
docker context inspect silent >/dev/null 2>&1 || docker context create silent --docker "host=unix://$silent" >/dev/null

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
now_ms() { date +%s%3N; }

echo "== A. parallel probe of 3 live + dead + silent contexts (timeout 2 s)"
for i in $(seq "$runs"); do
  out=$(java -jar "$jar" contexts --json --timeout 2 2>"$dir/err.txt")
  all=$(grep -o 'probe-all-ms [0-9]*' "$dir/err.txt" | awk '{print $2}')
  slowest=$(printf '%s' "$out" | python3 -c "import json,sys; print(max(c['probeMillis'] for c in json.load(sys.stdin)))")
  echo "$all $slowest" | awk '{printf "run: all %d ms, slowest single %d ms, ratio %.2f\n", $1, $2, $1/$2}'
done

docker context rm -f silent >/dev/null
echo "== B. contexts --json (cold JVM) vs docker --context X info in sequence, 3 live + dead, $runs runs"
panel=(); cli=()
for i in $(seq "$runs"); do
  t0=$(now_ms); java -jar "$jar" contexts --json >/dev/null 2>&1; t1=$(now_ms)
  for c in engine-1 engine-2 engine-3 dead; do docker --context "$c" info >/dev/null 2>&1 || true; done; t2=$(now_ms)
  panel+=($((t1 - t0))); cli+=($((t2 - t1)))
done
p=$(printf '%s\n' "${panel[@]}" | median); c=$(printf '%s\n' "${cli[@]}" | median)
echo "contexts --json median ${p} ms; docker info x4 in sequence median ${c} ms; ratio panel/cli $(awk -v a="$p" -v b="$c" 'BEGIN{printf "%.2f", a/b}')"

echo "== C. warm probing in one JVM (what the window's refresh costs), 3 live + dead: 10 rounds after 3 warm-up rounds"
java -jar "$jar" contexts --json --repeat 13 2>&1 >/dev/null | grep -o 'probe-all-ms [0-9]*' | awk '{print $2}' | tail -10 | median | awk '{print "warm probe-all median " $1 " ms"}'
