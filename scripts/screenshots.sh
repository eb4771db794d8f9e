#!/usr/bin/env bash
# Takes a screenshot of each view (and the Settings and About dialogs) of the real app under Xvfb,
# against the private test engines, into docs/screenshots/<id>.png. Rerun it when a view changes.
#
#   scripts/screenshots.sh                       # every view below, and the dialogs
#   scripts/screenshots.sh contexts results      # just these (view ids as in ui/Views.java)
#   scripts/screenshots.sh dialog:settings       # a dialog
#
# A view that needs data gets it from scripts/screenshots.d/<id>.sh when that file exists: it is
# sourced with SHOT_HOME (a fresh folder: the app's MST_PANEL_HOME is $SHOT_HOME/panel, the
# working folder is $SHOT_HOME/work) and may export variables for the app (e.g. a results folder).
# Needs: a built jar and test classes (mvn -B -q package -DskipTests test-compile), Xvfb, imagemagick,
# and root for the engines.
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
  ids=(contexts runs results images containers doctor dialog:settings dialog:about)
fi
display=${SHOT_DISPLAY:-:199}
settle=${SHOT_SETTLE:-4}
theme=${SHOT_THEME:-light}
engines=${MST_PANEL_TEST_ENGINES_DIR:-/tmp/mstp-shots-engines}
width=1280 height=800
out=docs/screenshots
mkdir -p "$out"

bash scripts/test-engines.sh start "$engines" 2 >/dev/null
Xvfb "$display" -screen 0 ${width}x${height}x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
app_pid=
cleanup() {
  [[ -n $app_pid ]] && kill "$app_pid" 2>/dev/null || true
  kill "$xvfb_pid" 2>/dev/null || true
}
trap cleanup EXIT
sleep 1
kill -0 "$xvfb_pid" 2>/dev/null || { echo "screenshots.sh: Xvfb could not start on $display (in use? set SHOT_DISPLAY)" >&2; exit 1; }

known_views=$(grep -o 'new AppView("[a-z-]*"' app/src/main/java/dev/mstpanel/ui/Views.java | sed 's/new AppView("//; s/"//' | tr '\n' ' ')
taken=()
for id in "${ids[@]}"; do
  view=$id dialog=
  if [[ $id == dialog:* ]]; then view=contexts; dialog=${id#dialog:}; fi
  if [[ " $known_views " != *" $view "* ]]; then
    echo "skip $id: no such view yet (views: $known_views)"
    continue
  fi
  SHOT_HOME=$(mktemp -d /tmp/mstp-shot.XXXXXX)
  mkdir -p "$SHOT_HOME/panel/config" "$SHOT_HOME/work"
  cat >"$SHOT_HOME/panel/config/settings.json" <<JSON
{ "theme": "$(echo "$theme" | tr a-z A-Z)", "windowX": 0, "windowY": 0, "windowWidth": $width, "windowHeight": $height,
  "refreshIntervalSeconds": 60, "openView": "$view" }
JSON
  (
    export SHOT_HOME
    if [[ -f scripts/screenshots.d/$view.sh ]]; then source "scripts/screenshots.d/$view.sh"; fi
    cd "$SHOT_HOME/work"
    DISPLAY=$display DOCKER_CONFIG="$engines/config" MST_PANEL_HOME="$SHOT_HOME/panel" HOME="$SHOT_HOME" \
      MST_PANEL_OPEN_VIEW="$view" MST_PANEL_OPEN_DIALOG="$dialog" MST_PANEL_TIMING=1 \
      exec java -jar "$root/$jar" >"$SHOT_HOME/stdout" 2>"$SHOT_HOME/stderr"
  ) &
  app_pid=$!
  for _ in $(seq 1 60); do grep -q first-frame-ms "$SHOT_HOME/stdout" 2>/dev/null && break; sleep 0.5; done
  sleep "$settle"
  name=${id/dialog:/dialog-}
  DISPLAY=$display import -window root "$out/$name.png"
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
