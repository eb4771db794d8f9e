#!/usr/bin/env bash
# Benchmark: listing MST's containers on 3 contexts (one dead) stays within the
# probe timeout + 0.5 s; a silent engine (accepts, never answers) costs its timeout once.
#
#   scripts/bench/containers-list.sh [RUNS]     (Linux, root; builds the jar first if missing)
#
# Starts 2 private engines (engine-1, engine-2) and the "dead" context (no socket; the implicit
# "default" context, /var/run/docker.sock, is absent too and fails as fast), runs 2 labelled
# MST containers per engine (running, so each listing also reads their memory once), then reports
# the listing time the command measures itself (`containers --timing`):
#  A. cold JVM, timeout 3 s: each run's listing time, and the bound 3.5 s;
#  B. warm (one JVM, 10 listings after 3 warm-up ones), timeout 3 s: median;
#  C. with a silent context added, timeout 2 s: cold listing time vs the bound 2.5 s.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-5}
dir=/tmp/mstp-bench-containers
jar=$root/app/target/mst-panel.jar
[[ -f $jar ]] || (cd "$root" && mvn -B -q package -DskipTests)
bash "$root/scripts/test-engines.sh" start "$dir" 2 >/dev/null 2>&1
export DOCKER_CONFIG=$dir/config MST_PANEL_HOME=$dir/panel-home
unset DOCKER_HOST DOCKER_CONTEXT
host=$(cat /proc/sys/kernel/hostname)
names=()
cleanup() {
  for n in "${names[@]}"; do docker --context "${n%%/*}" rm -f "${n#*/}" >/dev/null 2>&1 || true; done
  [[ -n ${silent_pid:-} ]] && kill "$silent_pid" 2>/dev/null || true
  docker context rm -f silent >/dev/null 2>&1 || true
}
trap cleanup EXIT
for e in engine-1 engine-2; do
  for i in 1 2; do
    n=mstp-bench-$e-$i
    docker --context "$e" rm -f "$n" >/dev/null 2>&1 || true
    docker --context "$e" run -d --network none --name "$n" --label "mst.owner.host=$host" --label "mst.owner.pid=$$" mst-test/base:1 sleep 900 >/dev/null
    names+=("$e/$n")
  done
done
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "== A. containers --timing, cold JVM, timeout 3 s (bound 3500 ms): engine-1, engine-2, dead (+ default, absent)"
for i in $(seq "$runs"); do
  java -jar "$jar" containers --timing --timeout 3 2>&1 >/dev/null | grep '^listed'
done
echo "== B. warm, one JVM, timeout 3 s: median of 10 listings after 3 warm-up ones"
java -jar "$jar" containers --timing --timeout 3 --repeat 13 2>&1 >/dev/null | grep '^listed' | tail -10 | awk '{print $(NF-1)}' | median | awk '{print "warm listing median " $1 " ms"}'

silent=$dir/silent.sock
rm -f "$silent"
python3 -c "import socket,time,sys; s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(64); time.sleep(900)" "$silent" &
silent_pid=$!
sleep 0.5
docker context inspect silent >/dev/null 2>&1 || docker context create silent --docker "host=unix://$silent" >/dev/null 2>&1
echo "== C. a silent context added, timeout 2 s (bound 2500 ms)"
for i in $(seq "$runs"); do
  java -jar "$jar" containers --timing --timeout 2 2>&1 >/dev/null | grep '^listed'
done
