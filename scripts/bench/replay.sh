#!/usr/bin/env bash
# Benchmark: a recorded run replayed at 16×, and what the recording costs on disk.
#
#   scripts/bench/replay.sh [minutes=10] [speed=16]
#   scripts/bench/replay.sh --lines [lines=1000000] [heap=256m]
#
# Records a run of the `mst` stand-in (a test double) of about MINUTES on the two test engines
# with the panel's own `run --events jsonl` (2 shards, 8 cases × 2 trials, 4 cases on each shard,
# 20 lines a second of worker chatter), then times `replay RECORDING --speed SPEED --events jsonl` and compares its
# events with the live run's, in order, without their times. Prints the wall time of the replay
# (a limit of minutes×60/speed + 2.5 s), whether the events match, and the recording's size
# against the run log's plus the trials' JSON files it points at. Also prints the replay's time at
# --speed max (its fixed cost: the JVM's start, reading) and the load average. Linux, as root (the
# engines); build first: ./mvnw -B -q package -DskipTests. BENCH_NICE=-10 runs the replays at that
# priority (a shared machine); KEEP_WORK=1 keeps the work folder.
#
# --lines: the memory of a long replay. Records a run whose MST (the `mst-hostile` test double,
# mode `lines`) prints LINES short lines, with `run` under -Xmx HEAP, then replays that recording
# at --speed max under the same heap, and prints both exit codes, wall times and peak RSS
# (/usr/bin/time -v), the recording's size and how many lines were played. No engines needed.
set -euo pipefail
cd "$(dirname "$0")/../.."
jar=app/target/mst-panel.jar
[[ -f $jar ]] || { echo "replay.sh: build first: ./mvnw -B -q package -DskipTests" >&2; exit 1; }
if [[ ${1:-} == --lines ]]; then
  lines=${2:-1000000}
  heap=${3:-256m}
  work=$(mktemp -d /tmp/mstp-bench-replay-lines.XXXXXX)
  [[ ${KEEP_WORK:-0} == 1 ]] || trap 'rm -rf "$work"' EXIT
  cp "$jar" "$work/panel.jar" && cp -r app/target/lib "$work/lib"
  mkdir -p "$work/eval" && printf '{"name": "bench-replay-lines"}\n' >"$work/eval/eval.json"
  rss() { sed -n 's/.*Maximum resident set size (kbytes): \([0-9]*\).*/\1/p' "$1" | awk '{printf "%.0f MiB", $1/1024}'; }
  wall() { sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): \(.*\)/\1/p' "$1"; }
  set +e
  MST_PANEL_HOME=$work/home MST_PANEL_LOGIN_SHELL=off MST_HOSTILE_MODE=lines MST_HOSTILE_LINES=$lines \
    /usr/bin/time -v -o "$work/run.time" java -Xmx"$heap" -jar "$work/panel.jar" run --mst app/src/test/resources/mst-hostile/mst \
    -- --config "$work/eval/eval.json" >/dev/null 2>"$work/run.err"
  run_exit=$?
  recording=$(ls "$work"/home/data/runs/*.recording.jsonl.gz 2>/dev/null | head -1)
  [[ -f $recording ]] || { echo "replay.sh: the run left no recording (exit $run_exit)" >&2; tail -5 "$work/run.err" >&2; exit 1; }
  MST_PANEL_HOME=$work/home /usr/bin/time -v -o "$work/replay.time" java -Xmx"$heap" -jar "$work/panel.jar" replay "$recording" \
    --speed max --events jsonl >"$work/replay.jsonl" 2>"$work/replay.err"
  replay_exit=$?
  set -e
  played=$(grep -c '"type":"line"' "$work/replay.jsonl" || true)
  echo "run of $lines lines under -Xmx$heap: exit $run_exit, $(wall "$work/run.time"), peak RSS $(rss "$work/run.time")"
  echo "replay of its recording ($(stat -c %s "$recording") bytes) under -Xmx$heap at --speed max: exit $replay_exit, $(wall "$work/replay.time"), peak RSS $(rss "$work/replay.time"); $played line events played"
  if grep -q -e OutOfMemoryError -e Exception "$work/replay.err"; then echo "replay's stderr holds a stack trace:"; head -5 "$work/replay.err"; fi
  echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
  exit $replay_exit
fi
minutes=${1:-10}
speed=${2:-16}
work=$(mktemp -d /tmp/mstp-bench-replay.XXXXXX)
engines=${MST_PANEL_TEST_ENGINES_DIR:-/tmp/mstp-bench-replay-engines}
keep=${KEEP_WORK:-0} # KEEP_WORK=1 keeps the work folder (the recording, the log, both event streams)
cleanup() {
  DOCKER_CONFIG=$engines/config bash -c 'for c in engine-1 engine-2; do docker --context $c ps -aq --filter label=mst.owner.pid --filter name=mst- | xargs -r docker --context $c rm -f; done' >/dev/null 2>&1 || true
  [[ -n ${MST_PANEL_TEST_ENGINES_DIR:-} ]] || bash scripts/test-engines.sh stop "$engines" || true
  ((keep)) && echo "replay.sh: kept $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT
trap 'keep=1; echo "replay.sh: failed at line $LINENO" >&2' ERR
cp "$jar" "$work/panel.jar" && cp -r app/target/lib "$work/lib" # a rebuild while it runs does not touch the run
jar=$work/panel.jar
bash scripts/test-engines.sh start "$engines" 2 >/dev/null
mkdir -p "$work/eval"
printf '{"name": "bench-replay", "client": "cowork"}\n' >"$work/eval/eval.json"
# 2 shards of 8 trials each in parallel (the stand-in puts c1 c4 c5 c9 on shard 1, c2 c3 c6 c7 on
# shard 2): a trial every minutes*60/8 seconds
delay=$(awk -v m="$minutes" 'BEGIN{printf "%.1f", m*60/8}')
echo "recording a run of about $minutes min (a trial every $delay s per shard)…"
set +e
DOCKER_CONFIG=$engines/config MST_PANEL_HOME=$work/panel MST_PANEL_LOGIN_SHELL=off \
  MST_STANDIN_CASES="c1 c2 c3 c4 c5 c6 c7 c9" MST_STANDIN_TRIALS=2 MST_STANDIN_OOM_SHARD=0 MST_STANDIN_FAIL_CASES=none \
  MST_STANDIN_TRIAL_DELAY=$delay MST_STANDIN_LINES_PER_SECOND=20 MST_STANDIN_TRANSCRIPTS=1 MST_STANDIN_GROW=1 \
  java -jar "$jar" run --mst app/src/test/resources/mst-standin/mst --events jsonl -- --config "$work/eval/eval.json" \
    --runner docker --runner-option contexts=engine-1,engine-2 --runner-option shards=2 >"$work/live.jsonl" 2>"$work/live.err"
set -e
recording=$(tail -1 "$work/live.jsonl" | sed -n 's/.*"recording":"\([^"]*\)".*/\1/p')
[[ -f $recording ]] || { echo "replay.sh: the run named no recording" >&2; tail "$work/live.err" >&2; exit 1; }
prio=()
[[ -n ${BENCH_NICE:-} ]] && prio=(nice -n "$BENCH_NICE") # BENCH_NICE=-10 (root): the replay ahead of the machine's other work
# the fixed cost (JVM start, reading the recording, the model) without waiting: --speed max
start=$(date +%s%N)
"${prio[@]}" java -jar "$jar" replay "$recording" --speed max --events jsonl >/dev/null 2>&1
fixed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
start=$(date +%s%N)
"${prio[@]}" java -jar "$jar" replay "$recording" --speed "$speed" --events jsonl >"$work/replay.jsonl" 2>"$work/replay.err" ||
  { keep=1; echo "replay.sh: replay failed:" >&2; tail -5 "$work/replay.err" >&2; exit 1; }
ms=$(( ($(date +%s%N) - start) / 1000000 ))
strip() { sed -E 's/"time":"[^"]*",//; s/,"recording":"[^"]*"//' "$1"; }
if diff <(strip "$work/live.jsonl") <(strip "$work/replay.jsonl") >"$work/diff.txt"; then match="match (all $(wc -l <"$work/live.jsonl") events: types, shards, trials, statuses, order)"
else keep=1; match="DIFFER in $(grep -c '^[<>]' "$work/diff.txt") lines (first: $(head -3 "$work/diff.txt" | tr '\n' ' '))"; fi
recorded_ms=$(gzip -dc "$recording" | sed -n 's/.*"d":\([0-9]*\).*/\1/p' | awk '{s+=$1} END{print s+0}')
log=${recording%.recording.jsonl.gz}.log
rundir=$(sed -n 's/.*"type":"output".*"runDir":"\([^"]*\)".*/\1/p' "$work/live.jsonl" | sed -n 1p)
trials=$(find "$rundir/traces" -name '*.json' -printf '%s\n' | awk '{s+=$1} END{print s+0}')
rec=$(stat -c %s "$recording"); logb=$(stat -c %s "$log")
limit_ms=$(( minutes * 60000 / speed + 2500 ))
echo "replay of a $((recorded_ms / 1000)) s recording at ${speed}×: $ms ms wall (the run's time / $speed = $((recorded_ms / speed)) ms; limit for $minutes min: $limit_ms ms: $( ((ms <= limit_ms)) && echo met || echo NOT met)); the same at --speed max: $fixed_ms ms; load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "events $match"
awk -v r="$rec" -v l="$logb" -v t="$trials" 'BEGIN{printf "recording %d bytes = %.1f %% of the run log (%d bytes) + the trials'"'"' JSON (%d bytes); %.1f %% of the log alone\n", r, 100*r/(l+t), l, t, 100*r/l}'
