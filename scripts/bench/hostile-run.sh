#!/usr/bin/env bash
# Benchmark (hostile input, the run half): what a hostile MST costs the headless
# `run`, measured on the panel's own process.
#
#   scripts/bench/hostile-run.sh [MEGABYTES]     (Linux; builds the jar first if missing)
#
#  A. MST prints MEGABYTES (default 300) of 'A' on stderr without a newline, then exits 7: the
#     panel runs with -Xmx64m; reports its exit code (MST's, 7, not 141/SIGPIPE or 1/OOM), its
#     peak resident memory (GNU time's "Maximum resident set size") and the wall time.
#     Issue 13's baseline for 4.4 GB of such output: 4.4 GB of memory, an OutOfMemoryError, MST
#     killed by SIGPIPE.
#  B. MST exits at once; the current Docker context is a silent engine (a TCP port that accepts
#     and never answers): wall time of the whole `run`, with and without that context.
#     Issue 13's baseline: about 10 s more with the silent context.
# MST is the hostile test double app/src/test/resources/mst-hostile/mst (a bash script).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
mb=${1:-300}
jar=$root/app/target/mst-panel.jar
[[ -f $jar ]] || (cd "$root" && mvn -B -q package -DskipTests)
mst=$root/app/src/test/resources/mst-hostile/mst
work=$(mktemp -d /tmp/mstp-bench-hostile.XXXXXX)
cleanup() { [[ -n ${silent_pid:-} ]] && kill "$silent_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
echo '{"name": "hostile", "client": "cowork"}' > "$work/eval.json"
export MST_PANEL_LOGIN_SHELL=off MST_PANEL_HOME=$work/panel-home
unset DOCKER_HOST DOCKER_CONTEXT
mkdir -p "$work/empty-docker"

echo "A. $mb MB without a newline, panel with -Xmx64m"
set +e
DOCKER_CONFIG=$work/empty-docker MST_HOSTILE_MODE=no-newline MST_HOSTILE_BYTES=$((mb * 1000000)) MST_HOSTILE_EXIT=7 \
  /usr/bin/time -v -o "$work/time.txt" java -Xmx64m -jar "$jar" run --mst "$mst" -- --config "$work/eval.json" \
  >/dev/null 2>"$work/err.txt"
code=$?
set -e
rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time.txt")
echo "   exit code $code (MST's: 7), peak RSS $((rss / 1024)) MiB, wall $wall"

echo "B. a run whose MST exits at once, the current context silent vs none"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -c "
import socket
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(('127.0.0.1', $port)); s.listen(64); keep = []
while True: keep.append(s.accept()[0])" &
silent_pid=$!
h=$(printf silent | sha256sum | cut -d' ' -f1)
mkdir -p "$work/silent-docker/contexts/meta/$h"
echo "{\"Name\":\"silent\",\"Metadata\":{},\"Endpoints\":{\"docker\":{\"Host\":\"tcp://127.0.0.1:$port\",\"SkipTLSVerify\":false}}}" \
  > "$work/silent-docker/contexts/meta/$h/meta.json"
echo '{"currentContext":"silent"}' > "$work/silent-docker/config.json"
for cfg in empty-docker silent-docker; do
  for i in 1 2 3; do
    s=$(date +%s.%N)
    DOCKER_CONFIG=$work/$cfg MST_HOSTILE_MODE=shards java -jar "$jar" run --mst "$mst" -- --config "$work/eval.json" >/dev/null 2>&1
    printf '   %-13s run %d: %.1f s\n' "$cfg" "$i" "$(echo "$(date +%s.%N) - $s" | bc)"
  done
done
