#!/usr/bin/env bash
# Private Docker engines for mst-panel's integration tests (Linux, root).
#
#   scripts/test-engines.sh start DIR [N]   start N engines (default 2) under DIR
#   scripts/test-engines.sh stop DIR        stop them, and the sshd and TLS engine of test-fleet.sh in DIR
#
# Each engine is Debian's dockerd on a unix socket under DIR, without a bridge or
# iptables so that several coexist; containers must use `--network none`. Every engine
# gets a tiny local image `mst-test/base:1` (busybox in an empty file system, users root
# and mst), because no registry is reachable on the test machines. A Docker CLI config in
# DIR/config names the engines as contexts engine-1..N plus `dead` (a socket that does not
# exist): `export DOCKER_CONFIG=DIR/config`.
#
# Installs docker.io and busybox-static with apt-get when they are missing.
set -euo pipefail
cmd=${1:?usage: test-engines.sh start|stop DIR [N]}
dir=${2:?usage: test-engines.sh start|stop DIR [N]}
count=${3:-2}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

stop_engines() {
  for pidfile in "$dir"/engine-*/docker.pid; do
    [[ -f $pidfile ]] || continue
    pid=$(cat "$pidfile")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 75); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
  done
}

# stop takes the fleet in the same folder too (scripts/test-fleet.sh: the sshd and the TLS engine), so
# one line stops everything the tests started there
if [[ $cmd == stop ]]; then
  stop_engines
  [[ -d $dir/fleet ]] && bash "$(dirname "$0")/test-fleet.sh" stop "$dir"
  exit 0
fi
[[ $cmd == start ]] || { echo "usage: test-engines.sh start|stop DIR [N]" >&2; exit 2; }

need=()
command -v dockerd >/dev/null || [[ -x /usr/sbin/dockerd ]] || need+=(docker.io)
[[ -x /bin/busybox ]] || need+=(busybox-static)
if ((${#need[@]})); then
  if [[ $(id -u) != 0 ]]; then echo "missing ${need[*]}: install them (apt-get install ${need[*]})" >&2; exit 3; fi
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
dockerd=$(command -v dockerd || echo /usr/sbin/dockerd)
docker=$(command -v docker)
# dockerd before 23 takes its ID from a trust key ("deprecated-key-path" in a daemon.json); later ones
# from DATA_ROOT/engine-id.
trust_key=no
[[ $("$dockerd" --version) =~ version\ (1[0-9]|2[0-2])\. ]] && trust_key=yes

rootfs=$dir/rootfs
if [[ ! -d $rootfs ]]; then
  mkdir -p "$rootfs/bin" "$rootfs/tmp" "$rootfs/etc" "$rootfs/home/mst" "$rootfs/root"
  cp /bin/busybox "$rootfs/bin/"
  for applet in $(/bin/busybox --list); do [[ $applet == busybox ]] || ln -sf busybox "$rootfs/bin/$applet"; done
  echo 'root:x:0:0:root:/root:/bin/sh' >"$rootfs/etc/passwd"
  echo 'mst:x:1000:1000:mst:/home/mst:/bin/sh' >>"$rootfs/etc/passwd"
  printf 'root:x:0:\nmst:x:1000:\n' >"$rootfs/etc/group"
  chown 1000:1000 "$rootfs/home/mst"
  chmod 1777 "$rootfs/tmp"
fi

export DOCKER_CONFIG=$dir/config
mkdir -p "$DOCKER_CONFIG"
for i in $(seq "$count"); do
  e=$dir/engine-$i
  mkdir -p "$e"
  sock=$e/docker.sock
  # Each engine gets an ID of its own (`docker info`'s ID): dockerd otherwise derives it from the
  # machine's /etc/docker/key.json, the same for every engine here, and the panel treats contexts
  # with one engine ID as one engine. An engine started before this rule is restarted once.
  if [[ ! -f $e/engine-id.own ]]; then
    if [[ -f $e/docker.pid ]]; then
      pid=$(cat "$e/docker.pid")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 75); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
      rm -f "$e/docker.pid"
    fi
    mkdir -p "$e/data"
    cat /proc/sys/kernel/random/uuid >"$e/data/engine-id"
    touch "$e/engine-id.own"
  fi
  id_flags=()
  [[ $trust_key == yes ]] && id_flags=(--config-file "$e/daemon.json") && printf '{"deprecated-key-path": "%s"}\n' "$e/key.json" >"$e/daemon.json"
  if ! "$docker" -H "unix://$sock" version >/dev/null 2>&1; then
    nohup "$dockerd" --host "unix://$sock" --data-root "$e/data" --exec-root "$e/exec" \
      --pidfile "$e/docker.pid" --bridge=none --iptables=false "${id_flags[@]}" >"$e/dockerd.log" 2>&1 &
    for _ in $(seq 150); do "$docker" -H "unix://$sock" version >/dev/null 2>&1 && break; sleep 0.2; done
    "$docker" -H "unix://$sock" version >/dev/null 2>&1 || { echo "engine-$i did not start; see $e/dockerd.log" >&2; tail -20 "$e/dockerd.log" >&2; exit 4; }
  fi
  "$docker" -H "unix://$sock" image inspect mst-test/base:1 >/dev/null 2>&1 ||
    tar -C "$rootfs" -c . | "$docker" -H "unix://$sock" import \
      --change 'ENV PATH=/bin' --change 'CMD ["sh"]' - mst-test/base:1 >/dev/null
  "$docker" context inspect "engine-$i" >/dev/null 2>&1 ||
    "$docker" context create "engine-$i" --docker "host=unix://$sock" >/dev/null
done
"$docker" context inspect dead >/dev/null 2>&1 ||
  "$docker" context create dead --docker "host=unix://$dir/no-such-engine.sock" >/dev/null
"$docker" context use engine-1 >/dev/null
echo "export DOCKER_CONFIG=$DOCKER_CONFIG"
