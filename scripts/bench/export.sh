#!/usr/bin/env bash
# Benchmark: `mst-panel export` of the demo's run (its failed trials with screenshots, logs and
# accessibility dumps) and of its comparison; the file sizes, and the time headless Chromium takes
# to open each (`--dump-dom`, so the page is loaded and laid out), against the time it takes to open
# an empty page (Chromium's own start). Targets: the run's page under 2 MB, opened in under 1 s.
# Usage: scripts/bench/export.sh   (run from anywhere; builds if needed; needs chromium)
#        ROUNDS=N interleaved rounds (default 5); medians are printed.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -f app/target/mst-panel.jar ] || ./mvnw -B -q package -DskipTests
command -v chromium >/dev/null || { echo "export.sh: needs chromium (apt-get install chromium)" >&2; exit 1; }
DIR=$(mktemp -d /tmp/mstp-bench-export.XXXXXX)
trap 'rm -rf "$DIR"' EXIT
(cd "$DIR" && unzip -q "$OLDPWD/app/src/main/resources/dev/mstpanel/demo/demo-results.zip")
RUN=$(ls -d "$DIR"/.mcp-test-results/checkout-flow/runs/* | sort | tail -1)
mkdir -p "$DIR/out"
t() { local TIMEFORMAT='%R'; { time "$@" > /dev/null 2>&1; } 2>&1 | awk '{printf "%d\n", $1*1000}'; }
echo "export of the run:        $(t java -jar app/target/mst-panel.jar export "$RUN" -o "$DIR/out/run.html") ms (JVM start included)"
echo "export of the comparison: $(t java -jar app/target/mst-panel.jar export --compare "$RUN" -o "$DIR/out/compare.html") ms"
echo "export of a trial:        $(t java -jar app/target/mst-panel.jar export "$RUN/traces/baseline/gift-card/0.json" -o "$DIR/out/trial.html") ms"
printf '<!DOCTYPE html><title>empty</title>\n' > "$DIR/out/empty.html"
for f in run compare trial; do
  printf "%-8s %9d bytes\n" "$f.html" "$(stat -c %s "$DIR/out/$f.html")"
done
open_ms() {
  local profile; profile=$(mktemp -d "$DIR/profile.XXXXXX")
  t chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$profile" --dump-dom "file://$1"
}
ROUNDS=${ROUNDS:-5}
LOG="$DIR/times"
echo "load average before: $(uptime | sed 's/.*load average: //')"
for i in $(seq "$ROUNDS"); do   # interleaved, so load from other work hits all alike
  for f in empty run compare trial; do echo "$f $(open_ms "$DIR/out/$f.html")" >> "$LOG"; done
done
echo "load average after:  $(uptime | sed 's/.*load average: //')"
med() { grep "^$1 " "$LOG" | awk '{print $2}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
empty=$(med empty)
echo "headless Chromium, median of $ROUNDS (wall ms; 'page' = minus the empty page's, Chromium's start):"
printf "  empty page  %6d\n" "$empty"
for f in run compare trial; do
  m=$(med $f); printf "  %-10s  %6d   page %5d\n" "$f" "$m" $((m - empty))
done
