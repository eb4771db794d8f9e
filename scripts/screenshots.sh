#!/usr/bin/env bash
# Takes a screenshot of each view (and the Settings and About dialogs) of the real app under Xvfb,
# against the private test engines, into docs/screenshots/<id>.png. Rerun it when a view changes.
#
#   scripts/screenshots.sh                       # the demo's pictures, the views below, the dialogs
#   scripts/screenshots.sh demo                  # the README's pictures of the built-in demo (below)
#   scripts/screenshots.sh demo:runs-live        # one of them (names in test class ui/DemoShowcase)
#   scripts/screenshots.sh contexts results      # just these (view ids as in ui/Views.java)
#   scripts/screenshots.sh dialog:settings       # a dialog
#
# `demo` takes the README's pictures of the built-in demo in the real window, driven by
# the test class dev.mstpanel.ui.DemoShowcase as a person gets there: Contexts (the test engines
# named as the demo's contexts, colima-mst-kvm and studio-m2), the empty Runs view, the demo run
# replaying and ended, its failed trial (screenshot, accessibility dump, transcript beside the
# screenshot on a wide window), its two variants compared and their trend. Every other view also
# sees the engines under the demo's context names.
#
# A view that needs data gets it from scripts/screenshots.d/<id>.sh when that file exists: it is
# sourced with SHOT_HOME (a fresh folder: the app's MST_PANEL_HOME is $SHOT_HOME/panel, the
# working folder is $SHOT_HOME/work) and may export variables for the app (e.g. a results folder).
# Needs: a built jar and test classes (mvn -B -q package -DskipTests test-compile), Xvfb, imagemagick,
# and root for the engines.
# The app gets a plain PATH (/usr/local/bin:/usr/bin:/bin: no tool folders of the machine taking them).
# Environment: SHOT_DISPLAY (default :199), SHOT_SETTLE seconds to wait after the first frame
# (default 4), SHOT_THEME light|dark (default light), MST_PANEL_TEST_ENGINES_DIR (default a /tmp folder).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
jar=app/target/mst-panel.jar
[[ -f $jar ]] || { echo "screenshots.sh: $jar is missing: run mvn -B -q package -DskipTests" >&2; exit 1; }
for tool in Xvfb import; do command -v "$tool" >/dev/null || { echo "screenshots.sh: $tool is missing (apt-get install xvfb imagemagick)" >&2; exit 1; }; done

ids=("$@")
if ((${#ids[@]} == 0)); then
  ids=(demo images containers doctor dialog:settings dialog:about)
fi
display=${SHOT_DISPLAY:-:199}
settle=${SHOT_SETTLE:-4}
theme=${SHOT_THEME:-light}
engines=${MST_PANEL_TEST_ENGINES_DIR:-/tmp/mstp-shots-engines}
width=1280 height=800
out=docs/screenshots
mkdir -p "$out"

bash scripts/test-engines.sh start "$engines" 2 >/dev/null
# the app sees the two test engines under the demo's context names (as scripts/make-demo.sh runs it)
# and, as the demo's figures are, as 12 GiB Colima VMs (11.7 GiB and 4 CPUs in docker info), through a proxy
# that changes only those two figures: the test engines report the test machine's memory
docker_config=$(mktemp -d /tmp/mstp-shot-docker.XXXXXX)
proxy_pids=()
for pair in colima-mst-kvm:engine-1 studio-m2:engine-2; do
  python3 scripts/docker-info-proxy.py "$docker_config/${pair%%:*}.sock" "$engines/${pair#*:}/docker.sock" 12566765568 4 &
  proxy_pids+=($!)
done
for _ in $(seq 1 50); do [[ -S $docker_config/colima-mst-kvm.sock && -S $docker_config/studio-m2.sock ]] && break; sleep 0.1; done
DOCKER_CONFIG=$docker_config docker context create colima-mst-kvm --docker "host=unix://$docker_config/colima-mst-kvm.sock" >/dev/null 2>&1
DOCKER_CONFIG=$docker_config docker context create studio-m2 --docker "host=unix://$docker_config/studio-m2.sock" >/dev/null 2>&1
DOCKER_CONFIG=$docker_config docker context use colima-mst-kvm >/dev/null 2>&1
# the screen fits the widest picture (the transcript beside the screenshot); a view's picture is its window's corner
Xvfb "$display" -screen 0 1680x1000x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
app_pid=
cleanup() {
  [[ -n $app_pid ]] && kill "$app_pid" 2>/dev/null || true
  kill "$xvfb_pid" 2>/dev/null || true
  ((${#proxy_pids[@]})) && kill "${proxy_pids[@]}" 2>/dev/null || true
  rm -rf "$docker_config"
}
trap cleanup EXIT
sleep 1
kill -0 "$xvfb_pid" 2>/dev/null || { echo "screenshots.sh: Xvfb could not start on $display (in use? set SHOT_DISPLAY)" >&2; exit 1; }

known_views=$(grep -o 'new AppView("[a-z-]*"' app/src/main/java/dev/mstpanel/ui/Views.java | sed 's/new AppView("//; s/"//' | tr '\n' ' ')
taken=()
demo_shots() { # names...: the demo's pictures through DemoShowcase, in a fresh data folder
  local home
  # the pictures show the data folder's path: a plain home folder when there is none of that name
  if [[ ! -e /home/demo ]] && mkdir -p /home/demo 2>/dev/null; then home=/home/demo; else home=$(mktemp -d /tmp/mstp-shot.XXXXXX); fi
  mkdir -p "$home/.config/mst-panel" "$home/work"
  printf '{ "theme": "%s", "refreshIntervalSeconds": 3600, "probeTimeoutSeconds": 10 }\n' "$(echo "$theme" | tr a-z A-Z)" >"$home/.config/mst-panel/settings.json"
  if (cd "$home/work" && env -u MST_PANEL_HOME -u XDG_CONFIG_HOME -u XDG_DATA_HOME -u XDG_STATE_HOME \
      PATH=/usr/local/bin:/usr/bin:/bin DISPLAY=$display DOCKER_CONFIG="$docker_config" HOME="$home" MST_PANEL_LOGIN_SHELL=off \
      java -cp "$root/app/target/test-classes:$root/app/target/classes:$root/app/target/lib/*" 'dev.mstpanel.ui.DemoShowcase$Launcher' \
      "$root/$out" "$@" >"$home/stdout" 2>"$home/stderr"); then
    grep '^took ' "$home/stdout" || true
    taken+=($(sed -n 's/^took \([^ ]*\).*/\1/p' "$home/stdout"))
  else
    echo "screenshots.sh: the demo's pictures stopped: $(grep DemoShowcase "$home/stderr" | tail -1)" >&2
    tail -5 "$home/stderr" >&2
  fi
  rm -rf "$home"
}

for id in "${ids[@]}"; do
  if [[ $id == demo || $id == demo:* ]]; then
    [[ -d app/target/test-classes/dev/mstpanel/ui ]] || { echo "screenshots.sh: build the test classes first: ./mvnw -B -q package -DskipTests test-compile" >&2; exit 1; }
    if [[ $id == demo ]]; then demo_shots; else demo_shots "${id#demo:}"; fi
    continue
  fi
  view=$id dialog=
  if [[ $id == dialog:* ]]; then view=contexts; dialog=${id#dialog:}; fi
  if [[ " $known_views " != *" $view "* ]]; then
    echo "skip $id: no such view yet (views: $known_views)"
    continue
  fi
  width=1280 height=800
  [[ $view == containers ]] && width=1600 height=860 # the table's name, context and owner columns in full
  SHOT_HOME=$(mktemp -d /tmp/mstp-shot.XXXXXX)
  mkdir -p "$SHOT_HOME/panel/config" "$SHOT_HOME/work"
  cat >"$SHOT_HOME/panel/config/settings.json" <<JSON
{ "theme": "$(echo "$theme" | tr a-z A-Z)", "windowX": 0, "windowY": 0, "windowWidth": $width, "windowHeight": $height,
  "refreshIntervalSeconds": 60, "probeTimeoutSeconds": 10, "openView": "$view" }
JSON
  (
    export SHOT_HOME
    if [[ -f scripts/screenshots.d/$view.sh ]]; then source "scripts/screenshots.d/$view.sh"; fi
    cd "$SHOT_HOME/work"
    PATH=/usr/local/bin:/usr/bin:/bin MST_PANEL_LOGIN_SHELL=off DISPLAY=$display DOCKER_CONFIG="$docker_config" MST_PANEL_HOME="$SHOT_HOME/panel" HOME="$SHOT_HOME" \
      MST_PANEL_OPEN_VIEW="$view" MST_PANEL_OPEN_DIALOG="$dialog" MST_PANEL_TIMING=1 \
      exec java -jar "$root/$jar" >"$SHOT_HOME/stdout" 2>"$SHOT_HOME/stderr"
  ) &
  app_pid=$!
  for _ in $(seq 1 60); do grep -q first-frame-ms "$SHOT_HOME/stdout" 2>/dev/null && break; sleep 0.5; done
  sleep "$settle"
  name=${id/dialog:/dialog-}
  DISPLAY=$display import -window root -crop ${width}x${height}+0+0 +repage "$out/$name.png"
  kill "$app_pid" 2>/dev/null || true
  wait "$app_pid" 2>/dev/null || true
  app_pid=
  rm -rf "$SHOT_HOME"
  for ctx in engine-1 engine-2; do
    ids_to_remove=$(DOCKER_CONFIG="$engines/config" docker --context "$ctx" ps -aq --filter label=dev.mstpanel.screenshot)
    [[ -z $ids_to_remove ]] || DOCKER_CONFIG="$engines/config" docker --context "$ctx" rm -f $ids_to_remove >/dev/null
  done
  taken+=("$out/$name.png")
  echo "took $out/$name.png"
done
echo "${#taken[@]} screenshots in $out"
