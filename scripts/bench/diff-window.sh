#!/usr/bin/env bash
# Benchmark: the window's aligned view of two 5,000-event trials (11 MB traces each), opened from the trial
# inspector's "Compare with a passing trial of this case" in the real window under Xvfb: how long after the click
# the first rows show, and the longest gap between two FX pulses meanwhile. Targets: 300 ms, 100 ms.
# Each round is a fresh JVM running TrialAlignmentFxTest's long case (which prints both figures).
# Usage: scripts/bench/diff-window.sh [ROUNDS]   (run from anywhere; needs xvfb-run; builds offline)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROUNDS=${1:-3}
echo "load average before: $(uptime | sed 's/.*load average: //')"
for i in $(seq "$ROUNDS"); do
  xvfb-run -a -s "-screen 0 1440x900x24" ./mvnw -B -q -o verify -Dtest='TrialAlignmentFxTest#twoLong*' \
    -Dsurefire.failIfNoSpecifiedTests=false -DskipITs -Dspotless.check.skip=true 2>&1 \
    | grep -o 'first rows [0-9]* ms after the click, longest pulse gap [0-9]* ms' || echo "round $i: no figure (the test failed)"
done
echo "load average after:  $(uptime | sed 's/.*load average: //')"
