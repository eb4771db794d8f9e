#!/usr/bin/env bash
# Benchmarks (not tests): an ssh:// context through the panel's bridge, against the
# real sshd of scripts/test-fleet.sh (its logins reach engine-2 with `docker system dial-stdio`).
#
#   scripts/bench/ssh-fleet.sh [RUNS=5] [STATS_SECONDS=20]      (Linux, root)
#
# Needs a build: mvn -B -q package -DskipTests test-compile. Reports:
#  A. `docker --context ssh-engine info` (the CLI logs in with ssh each time): median of RUNS;
#  B. the panel probing the same context in a running JVM (docker-java loaded by probing engine-2
#     first, as in the app): the first probe (the bridge logs in) and the next five (the bridge is
#     reused, as by the Contexts view's refreshes), with the ratios to A;
#  C. the whole `contexts --json --repeat 6` command (a cold JVM, 6 probe rounds) on a Docker
#     config holding only that context, and the ssh logins counted in sshd's log ("Accepted
#     publickey") meanwhile: one per JVM, whatever the number of rounds;
#  D. the rate of the stats stream of one running container through engine-2's socket and
#     through ssh-engine, STATS_SECONDS each.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
runs=${1:-5}
stats_seconds=${2:-20}
engines=${MST_PANEL_TEST_ENGINES_DIR:-/tmp/mstp-eng-$(python3 -c "
h=0
for c in '$root': h=(31*h+ord(c)) & 0xffffffff
print('%08x'%h)")}
jar=app/target/mst-panel.jar
[[ -f $jar && -d app/target/test-classes ]] || { echo "build first: mvn -B -q package -DskipTests test-compile" >&2; exit 1; }
bash scripts/test-engines.sh start "$engines" 2 >/dev/null 2>&1
bash scripts/test-fleet.sh start "$engines" >/dev/null 2>&1
fleet=$engines/fleet
export PATH=$fleet/bin:$PATH
unset DOCKER_HOST DOCKER_CONTEXT SSH_AUTH_SOCK
log=$fleet/sshd/sshd.log
logins() { grep -c 'Accepted publickey' "$log" || true; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
now_ms() { date +%s%3N; }

# a Docker config with the ssh context only
only=$(mktemp -d /tmp/mstp-bench-ssh.XXXXXX)
trap 'rm -rf "$only"' EXIT
DOCKER_CONFIG=$only docker context create ssh-engine --docker host=ssh://root@fleet-sshd >/dev/null 2>&1

echo "== A. docker --context ssh-engine info ($runs runs)"
a=()
for i in $(seq "$runs"); do
  t0=$(now_ms); DOCKER_CONFIG=$only docker --context ssh-engine info --format '{{.ID}}' >/dev/null; t1=$(now_ms)
  a+=($((t1 - t0)))
done
cli=$(printf '%s\n' "${a[@]}" | median)
echo "runs: ${a[*]} ms; median $cli ms"

cp="app/target/classes:app/target/test-classes:$(ls app/target/lib/*.jar | tr '\n' ':')"
echo "== B. the panel's probe of ssh-engine in a running JVM ($runs JVMs: first probe, then 5 on the reused bridge)"
firsts=() warms=()
for i in $(seq "$runs"); do
  out=$(DOCKER_CONFIG=$fleet/config java -cp "$cp" dev.mstpanel.bench.SshProbeBench ssh-engine engine-2 5)
  f=$(awk '/^first/ {print $2}' <<<"$out")
  w=$(awk '/^reused/ {print $2}' <<<"$out" | median)
  firsts+=("$f"); warms+=("$w")
  echo "jvm $i: first $f ms, reused $(awk '/^reused/ {printf "%s ", $2}' <<<"$out")ms"
done
first=$(printf '%s\n' "${firsts[@]}" | median)
warm=$(printf '%s\n' "${warms[@]}" | median)
awk -v f="$first" -v w="$warm" -v c="$cli" 'BEGIN {printf "first probe median %d ms (%.2fx the CLI), reused bridge median %d ms (%.2fx the CLI)\n", f, f/c, w, w/c}'

echo "== C. contexts --json --repeat 6 (cold JVM) and the ssh logins it makes ($runs runs)"
for i in $(seq "$runs"); do
  before=$(logins)
  DOCKER_CONFIG=$only MST_PANEL_TIMING=1 java -jar "$jar" contexts --json --repeat 6 --timeout 15 >/dev/null 2>"$only/err.txt"
  after=$(logins)
  echo "run $i: rounds $(grep -o 'probe-all-ms [0-9]*' "$only/err.txt" | awk '{printf "%s ", $2}')ms; ssh logins $((after - before))"
done

echo "== D. stats stream of one container: engine-2 (socket) vs ssh-engine (bridge), $stats_seconds s each"
name=mstp-bench-stats-$$
DOCKER_CONFIG=$fleet/config docker --context engine-2 run -d --name "$name" --network none mst-test/base:1 \
  sh -c 'while true; do i=0; while [ $i -lt 2000 ]; do i=$((i+1)); done; sleep 1; done' >/dev/null
DOCKER_CONFIG=$fleet/config java -cp "$cp" dev.mstpanel.bench.SshStatsBench "$stats_seconds" "$name" engine-2 ssh-engine || true
DOCKER_CONFIG=$fleet/config docker --context engine-2 rm -f "$name" >/dev/null
