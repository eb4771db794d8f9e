#!/usr/bin/env bash
# The Contexts view with the fleet: an ssh:// context, a TLS context and two Colima VMs
# (the colima test double of app/src/test/resources/colima-double) with the memory budget, in the
# real app under its own Xvfb; writes docs/screenshots/contexts-fleet.png.
#
#   scripts/screenshots-fleet.sh        (Linux, root; needs a built jar: mvn -B -q package -DskipTests)
#
# Environment: SHOT_DISPLAY (default :198), SHOT_SETTLE seconds after the first frame (default 8).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
jar=app/target/mst-panel.jar
[[ -f $jar ]] || { echo "screenshots-fleet.sh: $jar is missing: run mvn -B -q package -DskipTests" >&2; exit 1; }
display=${SHOT_DISPLAY:-:198}
settle=${SHOT_SETTLE:-30}
engines=${MST_PANEL_TEST_ENGINES_DIR:-/tmp/mstp-shots-engines}
width=1680 height=1050
bash scripts/test-engines.sh start "$engines" 2 >/dev/null 2>&1
bash scripts/test-fleet.sh start "$engines" >/dev/null 2>&1
fleet=$engines/fleet

SHOT_HOME=$(mktemp -d /tmp/mstp-shot-fleet.XXXXXX)
export COLIMA_HOME=$SHOT_HOME/colima DOCKER_CONFIG=$SHOT_HOME/docker-config
export PATH=$root/app/src/test/resources/colima-double:$fleet/bin:$PATH
mkdir -p "$SHOT_HOME/panel/config" "$DOCKER_CONFIG"
c=$fleet/engine-tls/certs
tls_host=$(DOCKER_CONFIG=$fleet/config docker context inspect tls-engine --format '{{.Endpoints.docker.Host}}')
docker context create build-1 --description "Remote host root@fleet-sshd" --docker host=ssh://root@fleet-sshd >/dev/null 2>&1
docker context create tls-engine --docker "host=$tls_host,ca=$c/ca.pem,cert=$c/client-cert.pem,key=$c/client-key.pem" >/dev/null 2>&1
colima start mst-kvm --vm-type vz --nested-virtualization --cpu 6 --memory 12 --disk 40 2>/dev/null
colima start mst-kvm-2 --vm-type vz --cpu 4 --memory 8 --disk 40 2>/dev/null
colima start small --cpu 2 --memory 4 --disk 20 2>/dev/null
colima stop small 2>/dev/null

Xvfb "$display" -screen 0 ${width}x${height}x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
app_pid=
cleanup() {
  [[ -n $app_pid ]] && kill "$app_pid" 2>/dev/null || true
  kill "$xvfb_pid" 2>/dev/null || true
  for p in mst-kvm mst-kvm-2 small; do colima stop "$p" >/dev/null 2>&1 || true; done
  [[ -n ${SHOT_KEEP:-} ]] || rm -rf "$SHOT_HOME"
}
trap cleanup EXIT
sleep 1
cat >"$SHOT_HOME/panel/config/settings.json" <<JSON
{ "theme": "LIGHT", "windowX": 0, "windowY": 0, "windowWidth": $width, "windowHeight": $height,
  "refreshIntervalSeconds": 12, "openView": "contexts", "probeTimeoutSeconds": 10 }
JSON
(
  cd "$SHOT_HOME"
  DISPLAY=$display MST_PANEL_HOME="$SHOT_HOME/panel" HOME="$SHOT_HOME" MST_PANEL_LOGIN_SHELL=off \
    MST_PANEL_OPEN_VIEW=contexts MST_PANEL_TIMING=1 exec java -jar "$root/$jar" >"$SHOT_HOME/stdout" 2>"$SHOT_HOME/stderr"
) &
app_pid=$!
for _ in $(seq 1 60); do grep -q first-frame-ms "$SHOT_HOME/stdout" 2>/dev/null && break; sleep 0.5; done
sleep "$settle"
mkdir -p docs/screenshots
DISPLAY=$display import -window root docs/screenshots/contexts-fleet.png
echo "took docs/screenshots/contexts-fleet.png"
