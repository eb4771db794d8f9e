#!/usr/bin/env bash
# Remakes the built-in demo (app/src/main/resources/dev/mstpanel/demo/) with the project's own
# tools: the panel's `run` records a real run of the `mst` stand-in (a test double, in test
# resources) on the private test engines, and this keeps that recording and the run's results.
#
#   ./mvnw -B -q package -DskipTests && scripts/make-demo.sh
#
# The eval `checkout-flow` (Cowork), variants `baseline` and `with-skill`, 4 cases × 2 trials, has four runs
# two days apart, so Results lists them, the trend has four points and a run compares with the one before:
# three earlier runs (made by the stand-in directly, dated back), then the recorded one: 3 shards on two
# contexts (named colima-mst-kvm and studio-m2 here, on the test engines), keep=failed: shard 2 runs out of
# memory (its container is kept, its remaining trials are missing), `baseline/gift-card` fails as in every
# run, and `baseline/café-ü`, which passed in the run before, fails: the regression Compare finds.
# The figures are a Cowork eval's on a 12 GiB Colima VM: `docker info` says 11.7 GiB and 4 CPUs, so MST sizes
# each container at 10.7 GiB (its memory less 1 GiB). The test engines cannot give containers that much, so
# the containers really get 32 MiB and the recording's memory figures are scaled to the size MST gave them.
# Every figure fits the recorded run's own clock: its trials' durations are the ones the recording saw (a few seconds
# each, so the demo plays in half a minute), and the earlier runs' are of the same size; each event of a trace, the
# desktop's logs and the agent's `date` happen inside their trial's time.
# Traces hold transcripts that fit each case's prompt; failed trials carry a failure diagnosis (screenshot,
# accessibility dump, logs, system state) of their own case. Linux, as root (the engines);
# needs imagemagick (the screens) and python3 (the memory figures).
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

# the failure diagnosis' screens, one per case that keeps one (MST_STANDIN_SCREENSHOTS=<folder of <case>.png>), each
# showing its own trial as the transcript tells it: the client's window with the prompt, the steps and where it stopped
window() { # out recents-title: the desktop with the client's window; the rest of the drawing follows as arguments
  local out=$1; shift
  convert -size 1280x800 gradient:'#2b3a55-#1b2233' \
    -fill '#f5f5f7' -draw 'roundrectangle 140,70 1140,730 14,14' \
    -fill '#e4e4e9' -draw 'roundrectangle 140,70 1140,118 14,14' -draw 'rectangle 140,100 1140,118' \
    -fill '#ff5f57' -draw 'circle 170,94 177,94' -fill '#febc2e' -draw 'circle 194,94 201,94' -fill '#28c840' -draw 'circle 218,94 225,94' \
    -font DejaVu-Sans -pointsize 17 -fill '#333' -annotate +590+100 'Claude' \
    -fill '#eef0f4' -draw 'rectangle 140,118 400,716' -pointsize 15 -fill '#555' -annotate +165+160 'Recents' \
    -fill '#ffffff' -draw 'roundrectangle 430,660 1120,712 10,10' -fill '#999' -pointsize 14 -annotate +450+692 'Reply to Claude…' \
    "$@" -strip "$out"
}
mkdir -p "$work/screens"
# baseline/gift-card: graded as failed; the card number went to giftcards.balance with its GC- prefix, and the agent gave up
window "$work/screens/gift-card.png" \
  -pointsize 15 -fill '#222' -annotate +165+195 'Gift card balance' -fill '#777' -annotate +165+228 'Refund order A-7702' \
  -annotate +165+261 'Address of order A-7781' \
  -fill '#e3e8f4' -draw 'roundrectangle 600,145 1110,185 10,10' -fill '#222' -pointsize 15 -annotate +616+171 'What is the balance of gift card GC-5531? Use the shop tools.' \
  -fill '#555' -pointsize 15 -annotate +440+225 'Looking up the card with shop · giftcards.lookup …' \
  -annotate +440+255 'Gift card 5531: active, valid until 31 March 2027.' \
  -annotate +440+285 'Reading the balance with shop · giftcards.balance …' \
  -fill '#fdecea' -draw 'roundrectangle 440,300 1110,336 8,8' -fill '#b3261e' -pointsize 14 \
  -annotate +455+323 'Error: no gift card GC-5531: give the card number without its GC- prefix' \
  -fill '#222' -pointsize 16 -annotate +440+380 'I could not read the balance of gift card GC-5531: the shop says there is' \
  -annotate +440+404 'no such card.' \
  -fill '#d97757' -draw 'roundrectangle 1040,668 1110,704 8,8' -fill '#fff' -pointsize 14 -annotate +1055+692 'Send'
# the out-of-memory shard's trial (refund-order in this run): the desktop app stopped answering mid-task
window "$work/screens/refund-order.png" \
  -pointsize 15 -fill '#222' -annotate +165+195 'Refund order A-7702' -fill '#777' -annotate +165+228 'Gift card balance' \
  -annotate +165+261 'Address of order A-7781' \
  -fill '#e3e8f4' -draw 'roundrectangle 455,145 1110,185 10,10' -fill '#222' -pointsize 15 -annotate +470+171 'Refund order A-7702 of customer c-1042 and tell them when the money arrives.' \
  -fill '#555' -pointsize 15 -annotate +440+225 'Looking up the order with shop · orders.lookup …' \
  -annotate +440+255 'Order A-7702: delivered, 59.90 EUR.' \
  -fill '#999' -pointsize 13 -annotate +440+640 'Working…' \
  -fill '#e8e8ec' -draw 'roundrectangle 1040,668 1110,704 8,8' -fill '#222' -pointsize 14 -annotate +1058+692 'Stop'
# a failed change of address (the first run): the order had shipped
window "$work/screens/change-address.png" \
  -pointsize 15 -fill '#222' -annotate +165+195 'Address of order A-7781' -fill '#777' -annotate +165+228 'Refund order A-7702' \
  -fill '#e3e8f4' -draw 'roundrectangle 470,145 1110,185 10,10' -fill '#222' -pointsize 15 -annotate +485+171 'Change the delivery address of order A-7781 to 12 Rue Cler, Paris.' \
  -fill '#555' -pointsize 15 -annotate +440+225 'Looking up the order with shop · orders.lookup …' \
  -annotate +440+255 'Order A-7781: shipped.' -annotate +440+285 'Updating the address with shop · orders.update …' \
  -fill '#fdecea' -draw 'roundrectangle 440,300 1110,336 8,8' -fill '#b3261e' -pointsize 14 \
  -annotate +455+323 "Error: field 'address' is read-only after shipping" \
  -fill '#222' -pointsize 16 -annotate +440+380 'I could not change the address: order A-7781 has already shipped.' \
  -fill '#d97757' -draw 'roundrectangle 1040,668 1110,704 8,8' -fill '#fff' -pointsize 14 -annotate +1055+692 'Send'
# the regression (the recorded run): the shop refused to cancel the order
window "$work/screens/café-ü.png" \
  -pointsize 15 -fill '#222' -annotate +165+195 'Cancel order A-7815' -fill '#777' -annotate +165+228 'Gift card balance' \
  -fill '#e3e8f4' -draw 'roundrectangle 560,145 1110,185 10,10' -fill '#222' -pointsize 15 -annotate +575+171 'Cancel order A-7815 of Zoë Brückner (Café Über) before it ships.' \
  -fill '#555' -pointsize 15 -annotate +440+225 'Looking up the order with shop · orders.lookup …' \
  -annotate +440+255 'Order A-7815: processing.' -annotate +440+285 'Cancelling it with shop · orders.cancel …' \
  -fill '#fdecea' -draw 'roundrectangle 440,300 1110,336 8,8' -fill '#b3261e' -pointsize 14 \
  -annotate +455+323 'Error: order A-7815 cannot be cancelled: its invoice is locked' \
  -fill '#222' -pointsize 16 -annotate +440+380 'I could not cancel order A-7815: the shop says its invoice is locked.' \
  -fill '#d97757' -draw 'roundrectangle 1040,668 1110,704 8,8' -fill '#fff' -pointsize 14 -annotate +1055+692 'Send'

eval_dir=$work/eval
mkdir -p "$eval_dir"
printf '{\n  "name": "checkout-flow",\n  "client": "cowork"\n}\n' >"$eval_dir/eval.json"
# what every run shares: the eval's grader and judge, the desktop's logs, a 12 GiB Colima VM's docker info
mem_total=12566765568 # 11.7 GiB: what docker info says in a 12 GiB Colima VM
export DOCKER_CONFIG=$work/docker MST_STANDIN_VARIANTS="baseline with-skill" MST_STANDIN_TRANSCRIPTS=1 \
  MST_STANDIN_GRADER=resolution-check MST_STANDIN_JUDGE=judge.customer-outcome MST_STANDIN_DESKTOP_LOGS=1 \
  MST_STANDIN_DOCKER_INFO="$mem_total 4" MST_STANDIN_CONTAINER_MEMORY=32m \
  MST_STANDIN_SCREENSHOTS=$work/screens MST_STANDIN_IMAGE=mst-test/base:1
# the three earlier runs, two days apart (each trial's duration, ms: written, as the runs are dated back): the first fails two baseline cases and one with the skill, the next two
# only baseline/gift-card (the case the skill is for)
earlier() { # days-ago time trial-ms fail-cases
  MST_STANDIN_STARTED="$(date -u -d "$1 days ago" +%F)T$2:00Z" MST_STANDIN_TRIAL_MS=$3 MST_STANDIN_FAIL_CASES=$4 \
    MST_STANDIN_OOM_SHARD=0 MST_STANDIN_TRIAL_DELAY=0.2 \
    app/src/test/resources/mst-standin/mst run --config "$eval_dir/eval.json" --runner docker \
    --runner-option contexts=colima-mst-kvm,studio-m2 --runner-option shards=3 --runner-option keep=never >/dev/null 2>>"$work/earlier.txt" || true
}
earlier 6 09:12 3100 "baseline/gift-card baseline/change-address with-skill/change-address"
earlier 4 14:40 2900 "baseline/gift-card"
earlier 2 10:05 2800 "baseline/gift-card"
[[ $(ls "$eval_dir/.mcp-test-results/checkout-flow/runs" | wc -l) == 3 ]] || { echo "make-demo.sh: the earlier runs were not made" >&2; cat "$work/earlier.txt" >&2; exit 1; }
set +e
MST_PANEL_HOME=$work/panel MST_PANEL_LOGIN_SHELL=off MST_STANDIN_GROW=1 \
  MST_STANDIN_TRIAL_DELAY=${DEMO_TRIAL_DELAY:-2.5} MST_STANDIN_FAIL_CASES="baseline/gift-card baseline/café-ü" \
  java -jar "$jar" run --mst app/src/test/resources/mst-standin/mst --events jsonl -- \
    --config "$eval_dir/eval.json" --runner docker --runner-option contexts=colima-mst-kvm,studio-m2 \
    --runner-option shards=3 --runner-option keep=failed >"$work/events.jsonl" 2>"$work/stderr.txt"
code=$?
set -e
[[ $code == 1 ]] || { echo "make-demo.sh: the run exited $code (expected 1: a graded failure)" >&2; cat "$work/stderr.txt" >&2; exit 1; }
recording=$(tail -1 "$work/events.jsonl" | sed -n 's/.*"recording":"\([^"]*\)".*/\1/p')
[[ -f $recording ]] || { echo "make-demo.sh: no recording named in the finished event" >&2; exit 1; }

mkdir -p "$out"
# the eval folder becomes a placeholder; the panel puts its copy's folder there (DemoData)
# the memory figures at the size MST gave the containers (the spare memory: 1 GiB less than docker info's)
gzip -dc "$recording" | sed "s#$root/app/src/test/resources/mst-standin/mst run#mst run#g; s#$eval_dir#@DEMO_EVAL@#g; s#$work/panel#@DEMO_EVAL@/panel#g" \
  | python3 -c '
import json, sys
shown = int(sys.argv[1]) - 1073741824
real = 32 * 1048576
scale = lambda b: b if b is None else round(b * shown / real)
for line in sys.stdin:
    r = json.loads(line)
    if r.get("k") == "stats":
        r["m"], r["l"] = scale(r["m"]), scale(r["l"])
    elif r.get("k") == "event" and r.get("type") == "container":
        r["f"]["memoryBytes"], r["f"]["memoryLimitBytes"] = scale(r["f"]["memoryBytes"]), scale(r["f"]["memoryLimitBytes"])
    print(json.dumps(r, ensure_ascii=False, separators=(",", ":")))
' "$mem_total" | gzip -9n >"$out/demo.recording.jsonl.gz"
rm -f "$out/demo-results.zip"
(cd "$eval_dir" && jar cfM "$root/$out/demo-results.zip" .mcp-test-results)
echo "demo: $(du -h "$out/demo.recording.jsonl.gz" | cut -f1) recording ($(gzip -dc "$out/demo.recording.jsonl.gz" | wc -l) entries), $(du -h "$out/demo-results.zip" | cut -f1) results; run log $(du -h "${recording%.recording.jsonl.gz}.log" | cut -f1)"
