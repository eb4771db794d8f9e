#!/usr/bin/env bash
# Benchmark (not a test): probing the test fleet's ten contexts while the machine is busy.
#
#   scripts/bench/contexts-under-load.sh [ROUNDS=10] [TIMEOUT_S=3]      (Linux, root)
#
# Needs a build (mvn -B -q package -DskipTests) and the engines and fleet of scripts/test-engines.sh
# and scripts/test-fleet.sh (started here when missing, in MST_PANEL_TEST_ENGINES_DIR or
# /tmp/mstp-engines). The fleet's Docker config holds ten contexts: default and dead (no socket),
# engine-1 and engine-2 (unix sockets), tls-engine and tls-wrong-ca (TLS), ssh-engine,
# ssh-nodocker, ssh-wrongkey and ssh-unknownhost (ssh). Two CPU-bound processes run during the
# whole benchmark (one per core of a 2-core machine). Each round is a fresh `contexts --json`
# (a cold JVM, the default timeout unless TIMEOUT_S is given). Reports, per live context
# (engine-1, engine-2, tls-engine, ssh-engine), in how many rounds it was reachable, the
# median of its probeMillis, and the load average at the start and the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-10}
timeout_s=${2:-3}
engines=${MST_PANEL_TEST_ENGINES_DIR:-/tmp/mstp-engines}
jar=app/target/mst-panel.jar
[[ -f $jar ]] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 1; }
[[ -S $engines/engine-2/docker.sock ]] || bash scripts/test-engines.sh start "$engines" 2 >/dev/null 2>&1
[[ -d $engines/fleet/config ]] || bash scripts/test-fleet.sh start "$engines" >/dev/null 2>&1
export DOCKER_CONFIG=$engines/fleet/config PATH=$engines/fleet/bin:$PATH
unset DOCKER_HOST DOCKER_CONTEXT SSH_AUTH_SOCK
home=$(mktemp -d /tmp/mstp-bench-load.XXXXXX)
export MST_PANEL_HOME=$home/panel-home

burners=()
cleanup() { for p in "${burners[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$home"; }
trap cleanup EXIT
for _ in 1 2; do (while :; do :; done) & burners+=($!); done
sleep 2

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$rounds"); do
  java -jar "$jar" contexts --json --timeout "$timeout_s" >"$home/round-$i.json" 2>/dev/null || true
done
echo "load average at end:   $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$home" "$rounds" <<'PY'
import json, sys, statistics
home, rounds = sys.argv[1], int(sys.argv[2])
live = ["engine-1", "engine-2", "tls-engine", "ssh-engine"]
ok = {n: 0 for n in live}; ms = {n: [] for n in live}; why = {n: set() for n in live}
for i in range(1, rounds + 1):
    try:
        data = json.load(open(f"{home}/round-{i}.json"))
    except Exception as e:
        print(f"round {i}: no JSON ({e})"); continue
    for c in data:
        if c["name"] in ok:
            ms[c["name"]].append(c["probeMillis"])
            if c["reachable"]:
                ok[c["name"]] += 1
            else:
                why[c["name"]].add(c.get("errorKind") or "?")
for n in live:
    med = statistics.median(ms[n]) if ms[n] else float("nan")
    extra = f"  failures: {', '.join(sorted(why[n]))}" if why[n] else ""
    print(f"{n:12} reachable in {ok[n]:2} of {rounds} rounds, median probe {med:.0f} ms{extra}")
print("ALL LIVE CONTEXTS REACHABLE IN EVERY ROUND" if all(ok[n] == rounds for n in live) else "SOME LIVE CONTEXT WAS REPORTED DOWN")
PY
