#!/usr/bin/env bash
# Benchmark (not a test): the panel's first probe of an ssh:// context against
# `docker --context ssh-engine info`, interleaved (CLI, panel, CLI, panel…) so both see the same
# machine, through the real sshd of scripts/test-fleet.sh.
#
#   scripts/bench/ssh-first-probe.sh [RUNS=7]      (Linux, root)
#
# Needs a build: mvn -B -q package -DskipTests test-compile. Per run it also times, with the ssh
# client alone, the two steps the panel's bridge takes: the ssh login (`ssh -M` until its control
# socket exists) and one request over a multiplexed `docker system dial-stdio` session, so a
# person sees where the time goes. Reports medians and the ratio panel/CLI.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-7}
engines=${MST_PANEL_TEST_ENGINES_DIR:-/tmp/mstp-engines}
[[ -d app/target/test-classes && -d app/target/lib ]] || { echo "build first: mvn -B -q package -DskipTests test-compile" >&2; exit 1; }
[[ -d $engines/fleet/config ]] || bash scripts/test-fleet.sh start "$engines" >/dev/null 2>&1
export DOCKER_CONFIG=$engines/fleet/config PATH=$engines/fleet/bin:$PATH
unset DOCKER_HOST DOCKER_CONTEXT SSH_AUTH_SOCK
cp="app/target/classes:app/target/test-classes:$(ls app/target/lib/*.jar | tr '\n' ':')"
tmp=$(mktemp -d /tmp/mstp-bench-ssh1.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
now_ms() { date +%s%3N; }
request() { printf 'GET /info HTTP/1.1\r\nHost: docker\r\nConnection: close\r\n\r\n'; }

cli=() panel=() login=() dial=()
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$runs"); do
  t0=$(now_ms); docker --context ssh-engine info --format '{{.ID}}' >/dev/null; t1=$(now_ms)
  cli+=($((t1 - t0)))
  p=$(java -cp "$cp" dev.mstpanel.bench.SshProbeBench ssh-engine engine-2 0 | awk '/^first/ {print $2}')
  panel+=("$p")
  ctl=$tmp/ctl
  rm -f "$ctl"
  t0=$(now_ms)
  ssh -M -S "$ctl" -o ControlPersist=no -o BatchMode=yes -N -T -- fleet-sshd &
  master=$!
  while [[ ! -S $ctl ]]; do sleep 0.01; done
  t1=$(now_ms)
  request | ssh -S "$ctl" -o ControlMaster=no -o BatchMode=yes -T -- fleet-sshd docker system dial-stdio | head -c 64 >/dev/null
  t2=$(now_ms)
  kill "$master"; wait "$master" 2>/dev/null || true
  login+=($((t1 - t0))); dial+=($((t2 - t1)))
  echo "run $i: cli ${cli[-1]} ms, panel first probe $p ms (ssh alone: login ${login[-1]} ms, dial+request ${dial[-1]} ms)"
done
echo "load average at end:   $(cut -d' ' -f1-3 /proc/loadavg)"
c=$(printf '%s\n' "${cli[@]}" | median); p=$(printf '%s\n' "${panel[@]}" | median)
l=$(printf '%s\n' "${login[@]}" | median); d=$(printf '%s\n' "${dial[@]}" | median)
awk -v c="$c" -v p="$p" -v l="$l" -v d="$d" 'BEGIN {printf "median: cli %d ms, panel first probe %d ms, ratio %.2f; ssh alone: login %d ms + dial and request %d ms\n", c, p, p/c, l, d}'
