#!/usr/bin/env bash
# Benchmark: `mst-panel diff A B --json` of two 5,000-event traces that differ in the middle, against
# `transcript --json` of one of them, whole processes (JVM start included), files in the page cache.
# Target: diff <= 2x transcript.
# Usage: scripts/bench/diff.sh [EVENTS] [OUTPUT_BYTES]   (run from anywhere; builds if needed)
#        ROUNDS=N interleaved rounds (default 5); medians are printed. LAUNCHER=path/to/bin/mst-panel
#        times an app image's launcher instead of `java -jar`.
set -euo pipefail
cd "$(dirname "$0")/../.."
EVENTS=${1:-5000}
BYTES=${2:-2000}
DIR=${BENCH_DIR:-/tmp/mstp-bench-diff}/$EVENTS-$BYTES
[ -f app/target/mst-panel.jar ] || ./mvnw -B -q package -DskipTests
RUN="$DIR/diff-eval/runs/20260105T101500Z-c0ffee"
A="$RUN/traces/default/long-session/0.json"
B="$RUN/traces/default/long-session/1.json"
if [ ! -f "$B" ]; then
  echo "generating two traces of $EVENTS events (outputs of ~$BYTES bytes) in $DIR"
  python3 - "$RUN" "$EVENTS" "$BYTES" <<'PY'
import json, os, sys
run, n, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(os.path.join(run, "traces/default/long-session"), exist_ok=True)
json.dump({"format": "mst.run/v1", "kind": "run", "runId": os.path.basename(run), "evalName": "diff-eval",
           "createdAt": "2026-01-05T10:15:00.000Z", "variants": [{"name": "default"}],
           "redactStoredResponses": False}, open(os.path.join(run, "run.json"), "w"))
pad = "x" * max(0, size - 40)
def trial(t):
    events = []
    for i in range(n):
        # the second trial goes another way in the middle: 20 calls to another tool, then one call with other arguments
        other = t == 1 and n // 2 <= i < n // 2 + 20
        events.append({"kind": "tool_call", "source": "mcp",
                       "server": "search" if other else ("files" if i % 2 == 0 else "search"),
                       "name": "web" if other else ("read_file" if i % 2 == 0 else "query"),
                       "arguments": {"path": "/work/docs/page-%d.md" % i,
                                     "offset": i * 10 + (1 if t == 1 and i == n // 2 + 40 else 0)},
                       "output": "result %d %s" % (i, pad), "isError": False, "durationMs": 40 + i % 200,
                       "startedAt": "2026-01-05T10:15:%02d.%03dZ" % ((i // 1000) % 60, i % 1000)})
    return {"format": "mst.run/v1", "kind": "trial", "runId": os.path.basename(run), "variant": "default",
            "caseId": "long-session", "trial": t, "durationMs": 600000 + t, "infrastructureError": False,
            "trace": {"events": events, "finalText": "Read %d pages." % n,
                      "usage": {"inputTokens": 2000000, "outputTokens": 40000}}}
for t in (0, 1):
    json.dump(trial(t), open(os.path.join(run, "traces/default/long-session/%d.json" % t), "w"))
PY
fi
echo "traces: $(du -h "$A" | cut -f1) and $(du -h "$B" | cut -f1)"
cat "$A" "$B" > /dev/null   # the page cache
if [ -n "${LAUNCHER:-}" ]; then PANEL=("$LAUNCHER"); else PANEL=(java -jar app/target/mst-panel.jar); fi
ROUNDS=${ROUNDS:-5}
t() { local TIMEFORMAT='%R %U %S'; { time "$@" > /dev/null 2>&1; } 2>&1 | awk '{printf "%d %d\n", $1*1000, ($2+$3)*1000}'; }
LOG=/tmp/mstp-bench-diff.$$
: > "$LOG"
echo "load average before: $(uptime | sed 's/.*load average: //')"
for i in $(seq "$ROUNDS"); do   # interleaved, so load from other work hits both alike
  echo "transcript $(t "${PANEL[@]}" transcript "$A" --json)" >> "$LOG"
  echo "diff $(t "${PANEL[@]}" diff "$A" "$B" --json)" >> "$LOG"
done
echo "load average after:  $(uptime | sed 's/.*load average: //')"
med() { grep "^$1 " "$LOG" | awk "{print \$$2}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
tr_ms=$(med transcript 2); diff_ms=$(med diff 2)
echo "medians of $ROUNDS:                          wall ms   CPU ms (user+sys)"
printf "transcript A --json (one trace)          %7d   %7d\n" "$tr_ms" "$(med transcript 3)"
printf "diff A B --json (two traces)             %7d   %7d\n" "$diff_ms" "$(med diff 3)"
echo "ratio diff / transcript (wall): $(awk "BEGIN{printf \"%.2f\", $diff_ms/$tr_ms}")  (target <= 2)"
echo "ratio diff / transcript (CPU):  $(awk "BEGIN{printf \"%.2f\", $(med diff 3)/$(med transcript 3)}")"
rm -f "$LOG"
"${PANEL[@]}" diff "$A" "$B" | sed -n '1,12p'
