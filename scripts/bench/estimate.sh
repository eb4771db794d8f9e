#!/usr/bin/env bash
# Benchmark (not a test): how close `mst-panel run --estimate` comes to a run's actual wall-clock time.
#
#   scripts/bench/estimate.sh [SECONDS_PER_TRIAL=2] [HISTORY_RUNS=2]
#
# Needs the test engines (scripts/test-engines.sh; MST_PANEL_TEST_ENGINES_DIR, default /tmp/mstp-engines)
# and a compiled tree (./mvnw -B -q test-compile). MST is the stand-in test double
# app/src/test/resources/mst-standin/mst: real containers on engine-1 and engine-2, one shard per
# context at a time, each trial taking SECONDS_PER_TRIAL (its durationMs says so).
#  1. history: HISTORY_RUNS runs of an eval (5 cases, 2 variants, 2 trials, 3 shards on 2 contexts),
#     MST run directly, so their files are all the estimate sees;
#  2. the estimate of the next run of the same configuration (`run --estimate --json`);
#  3. that run through the panel (`run`): its actual wall-clock time as the panel kept it beside the
#     estimate (data folder, estimates.json);
#  4. prints both and the error; exits 1 when it is beyond ±25 %.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
per=${1:-2}
history=${2:-2}
engines=${MST_PANEL_TEST_ENGINES_DIR:-/tmp/mstp-engines}
export DOCKER_CONFIG=$engines/config
[[ -d $DOCKER_CONFIG ]] || { echo "no test engines in $engines (scripts/test-engines.sh start $engines 2)" >&2; exit 2; }
mst=$root/app/src/test/resources/mst-standin/mst
work=$(mktemp -d /tmp/mstp-bench-estimate.XXXXXX)
trap 'rm -rf "$work"' EXIT
if [[ -f app/target/mst-panel.jar ]]; then
  panel=(java -jar app/target/mst-panel.jar)
else
  ./mvnw -B -q -o dependency:build-classpath -pl app -Dmdep.outputFile="$work/cp.txt" >/dev/null
  panel=(java -cp "app/target/classes:$(cat "$work/cp.txt")" dev.mstpanel.Main)
fi

cases="refund-order gift-card change-address cafe-order late-delivery"
export MST_STANDIN_CASES=$cases MST_STANDIN_VARIANTS="baseline tool-search-off" MST_STANDIN_TRIALS=2
export MST_STANDIN_TRIAL_DELAY=$per MST_STANDIN_OOM_SHARD=0 MST_STANDIN_FAIL_CASES=""
export MST_PANEL_HOME=$work/panel-home MST_PANEL_LOGIN_SHELL=off
python3 - "$work" "$cases" <<'PY'
import json, sys
work, cases = sys.argv[1], sys.argv[2].split()
json.dump([{"id": c} for c in cases], open(f"{work}/cases.json", "w"))
json.dump({"name": "estimate-bench", "client": "cowork", "datasets": ["cases.json"], "trials": 2,
           "variants": [{"name": "baseline"}, {"name": "tool-search-off"}]}, open(f"{work}/eval.json", "w"),
          indent=1)  # one key a line: the stand-in takes the eval's name from the first "name" line
PY
args=(--config "$work/eval.json" --runner docker --runner-option contexts=engine-1,engine-2 --runner-option shards=3)

for ((i = 1; i <= history; i++)); do
  s=$(date +%s.%N)
  "$mst" run "${args[@]}" >/dev/null 2>&1 || true
  printf 'history run %d: %.1f s\n' "$i" "$(echo "$(date +%s.%N) - $s" | bc)"
done

"${panel[@]}" run --estimate --json -- "${args[@]}" >"$work/estimate.json"
"${panel[@]}" run --estimate -- "${args[@]}" | sed 's/^/  /'
"${panel[@]}" run --mst "$mst" -- "${args[@]}" >/dev/null 2>&1 || true

python3 - "$work/estimate.json" "$work/panel-home/data/estimates.json" <<'PY'
import json, sys
est = json.load(open(sys.argv[1]))
kept = json.load(open(sys.argv[2]))[-1]
expected, actual = est["wallSeconds"]["expected"], kept["actualSeconds"]
err = (expected - actual) / actual * 100
print(f"estimate {expected} s ({est['wallSeconds']['low']}-{est['wallSeconds']['high']}) from {est['basedOnRuns']} runs;"
      f" actual {actual:.1f} s; error {err:+.1f} %  (kept estimate: {kept['expectedSeconds']} s)")
sys.exit(0 if abs(err) <= 25 else 1)
PY
