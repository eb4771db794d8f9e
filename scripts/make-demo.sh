#!/usr/bin/env bash
# Remakes the built-in demo (app/src/main/resources/dev/mstpanel/demo/) with the project's own
# tools: the panel's `run` records a real run of the `mst` stand-in (a test double, in test
# resources) on the private test engines, and this keeps that recording and the run's results.
#
#   ./mvnw -B -q package -DskipTests && scripts/make-demo.sh
#
# The run: eval `checkout-flow` (Cowork), variants `baseline` and `with-skill`, 4 cases × 2 trials,
# 3 shards on two contexts (named colima-mst-kvm and studio-m2 here, on the test engines), keep=failed:
# shard 2 runs out of memory (its container is kept, its remaining trials are missing), and
# `baseline/gift-card` is graded as failed. Traces hold transcripts; failed trials carry a failure
# diagnosis (screenshot, accessibility dump, logs, system state). Linux, as root (the engines).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
jar=app/target/mst-panel.jar
[[ -f $jar ]] || { echo "make-demo.sh: build first: ./mvnw -B -q package -DskipTests" >&2; exit 1; }
out=app/src/main/resources/dev/mstpanel/demo
work=$(mktemp -d /tmp/mstp-demo.XXXXXX)
engines=${MST_PANEL_TEST_ENGINES_DIR:-/tmp/mstp-demo-engines}
started_engines=0
if [[ -z ${MST_PANEL_TEST_ENGINES_DIR:-} ]]; then started_engines=1; fi
cleanup() {
  for c in colima-mst-kvm studio-m2; do
    DOCKER_CONFIG=$work/docker docker --context "$c" ps -aq --filter label=mst.owner.pid --filter name=mst- 2>/dev/null \
      | xargs -r env DOCKER_CONFIG="$work/docker" docker --context "$c" rm -f >/dev/null 2>&1 || true
  done
  ((started_engines)) && bash scripts/test-engines.sh stop "$engines" || true
  rm -rf "$work"
}
trap cleanup EXIT
bash scripts/test-engines.sh start "$engines" 2 >/dev/null

# two contexts with the names a user would have, on the two test engines
mkdir -p "$work/docker"
DOCKER_CONFIG=$work/docker docker context create colima-mst-kvm --docker "host=unix://$engines/engine-1/docker.sock" >/dev/null
DOCKER_CONFIG=$work/docker docker context create studio-m2 --docker "host=unix://$engines/engine-2/docker.sock" >/dev/null
DOCKER_CONFIG=$work/docker docker context use colima-mst-kvm >/dev/null

# the failed trial's screen: a desktop with the client's window, stopped at a permission prompt
convert -size 1280x800 gradient:'#2b3a55-#1b2233' \
  -fill '#f5f5f7' -draw 'roundrectangle 140,70 1140,730 14,14' \
  -fill '#e4e4e9' -draw 'roundrectangle 140,70 1140,118 14,14' -draw 'rectangle 140,100 1140,118' \
  -fill '#ff5f57' -draw 'circle 170,94 177,94' -fill '#febc2e' -draw 'circle 194,94 201,94' -fill '#28c840' -draw 'circle 218,94 225,94' \
  -font DejaVu-Sans -pointsize 17 -fill '#333' -annotate +590+100 'Claude' \
  -fill '#eef0f4' -draw 'rectangle 140,118 400,730' \
  -pointsize 15 -fill '#555' -annotate +165+160 'Recents' -fill '#222' -annotate +165+195 'Change the address of order A-7781' \
  -fill '#777' -annotate +165+228 'Refund order A-7702' -annotate +165+261 'Gift card balance' \
  -fill '#222' -pointsize 16 -annotate +440+170 'Change the delivery address of order A-7781 to 12 Rue Cler, Paris.' \
  -fill '#555' -pointsize 15 -annotate +440+215 'Looking up the order with shop · orders.lookup …' \
  -annotate +440+245 'Order A-7781: shipped on 28 Nov.' \
  -annotate +440+275 'Updating the address with shop · orders.update …' \
  -fill 'rgba(0,0,0,0.35)' -draw 'rectangle 140,118 1140,730' \
  -fill '#ffffff' -draw 'roundrectangle 470,300 880,500 12,12' \
  -fill '#111' -pointsize 18 -annotate +500+345 'Allow "shop" to use orders.update?' \
  -fill '#555' -pointsize 14 -annotate +500+378 'The tool will change order A-7781.' \
  -fill '#e8e8ec' -draw 'roundrectangle 560,430 700,470 8,8' -fill '#d97757' -draw 'roundrectangle 715,430 855,470 8,8' \
  -fill '#222' -pointsize 15 -annotate +600+456 'Deny' -fill '#fff' -annotate +760+456 'Allow' \
  -fill '#999' -pointsize 13 -annotate +440+715 'Working…' \
  -strip "$work/screen.png"

eval_dir=$work/eval
mkdir -p "$eval_dir"
printf '{\n  "name": "checkout-flow",\n  "client": "cowork"\n}\n' >"$eval_dir/eval.json"
set +e
DOCKER_CONFIG=$work/docker MST_PANEL_HOME=$work/panel MST_PANEL_LOGIN_SHELL=off \
  MST_STANDIN_VARIANTS="baseline with-skill" MST_STANDIN_TRANSCRIPTS=1 MST_STANDIN_GROW=1 \
  MST_STANDIN_TRIAL_DELAY=${DEMO_TRIAL_DELAY:-2.5} MST_STANDIN_FAIL_CASES="baseline/gift-card" \
  MST_STANDIN_SCREENSHOT=$work/screen.png MST_STANDIN_IMAGE=mst-test/base:1 \
  java -jar "$jar" run --mst app/src/test/resources/mst-standin/mst --events jsonl -- \
    --config "$eval_dir/eval.json" --runner docker --runner-option contexts=colima-mst-kvm,studio-m2 \
    --runner-option shards=3 --runner-option keep=failed --runner-option memory=32m >"$work/events.jsonl" 2>"$work/stderr.txt"
code=$?
set -e
[[ $code == 1 ]] || { echo "make-demo.sh: the run exited $code (expected 1: a graded failure)" >&2; cat "$work/stderr.txt" >&2; exit 1; }
recording=$(tail -1 "$work/events.jsonl" | sed -n 's/.*"recording":"\([^"]*\)".*/\1/p')
[[ -f $recording ]] || { echo "make-demo.sh: no recording named in the finished event" >&2; exit 1; }

mkdir -p "$out"
# the eval folder becomes a placeholder; the panel puts its copy's folder there (DemoData)
gzip -dc "$recording" | sed "s#$root/app/src/test/resources/mst-standin/mst run#mst run#g; s#$eval_dir#@DEMO_EVAL@#g; s#$work/panel#@DEMO_EVAL@/panel#g" | gzip -9n >"$out/demo.recording.jsonl.gz"
rm -f "$out/demo-results.zip"
(cd "$eval_dir" && jar cfM "$root/$out/demo-results.zip" .mcp-test-results)
echo "demo: $(du -h "$out/demo.recording.jsonl.gz" | cut -f1) recording ($(gzip -dc "$out/demo.recording.jsonl.gz" | wc -l) entries), $(du -h "$out/demo-results.zip" | cut -f1) results; run log $(du -h "${recording%.recording.jsonl.gz}.log" | cut -f1)"
