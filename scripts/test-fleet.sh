#!/usr/bin/env bash
# The remote side of mst-panel's integration tests (Linux, root): a real sshd and a real TLS
# engine beside the private engines of scripts/test-engines.sh (run that first, same DIR).
#
#   scripts/test-fleet.sh start DIR     start them (idempotent) and print the variables to export
#   scripts/test-fleet.sh stop DIR      stop them
#
# What it makes under DIR/fleet:
#   sshd          Debian's sshd on 127.0.0.1 (two ports), key-only, root only, its own host key and
#                 config; every login gets DOCKER_HOST=<engine-2's socket> (SetEnv), so
#                 `ssh … docker system dial-stdio` reaches engine-2. Logins on the second port get
#                 PATH=/nonexistent: a host "without Docker". Log: DIR/fleet/sshd/sshd.log
#                 (one "Accepted publickey" line per ssh login).
#   client        a key, a known_hosts and an ssh config; DIR/fleet/bin/ssh is a wrapper adding
#                 `-F <that config>`: put DIR/fleet/bin first on PATH (the machine's ~/.ssh is
#                 never touched). Host aliases: fleet-sshd (port 1), fleet-nodocker (port 2),
#                 fleet-wrongkey (a key the server does not know), fleet-unknownhost (no known_hosts).
#   engine-tls    a third dockerd on tcp://127.0.0.1:<port> with --tlsverify, certificates made by
#                 openssl here (a CA, a server and a client certificate; and another CA's client
#                 certificate for the "wrong CA" context).
#   config        a Docker CLI config (DOCKER_CONFIG) with the contexts engine-1, engine-2, dead,
#                 ssh-engine (ssh://root@fleet-sshd, the same engine as engine-2), ssh-nodocker,
#                 ssh-wrongkey, ssh-unknownhost, tls-engine (right CA) and tls-wrong-ca.
#
# Ports are derived from DIR so that several checkouts coexist. Installs openssh-server and
# openssl with apt-get when missing.
set -euo pipefail
cmd=${1:?usage: test-fleet.sh start|stop DIR}
dir=${2:?usage: test-fleet.sh start|stop DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
f=$dir/fleet
mkdir -p "$f"

stop_pidfile() {
  local pidfile=$1
  [[ -f $pidfile ]] || return 0
  local pid
  pid=$(cat "$pidfile")
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 75); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$pidfile"
}
if [[ $cmd == stop ]]; then
  stop_pidfile "$f/sshd/sshd.pid"
  stop_pidfile "$f/engine-tls/docker.pid"
  exit 0
fi
[[ $cmd == start ]] || { echo "usage: test-fleet.sh start|stop DIR" >&2; exit 2; }
[[ -S $dir/engine-2/docker.sock ]] || { echo "no engine-2 under $dir: run scripts/test-engines.sh start $dir first" >&2; exit 3; }

need=()
[[ -x /usr/sbin/sshd ]] || need+=(openssh-server)
command -v ssh >/dev/null || need+=(openssh-client)
command -v openssl >/dev/null || need+=(openssl)
if ((${#need[@]})); then
  if [[ $(id -u) != 0 ]]; then echo "missing ${need[*]}: install them (apt-get install ${need[*]})" >&2; exit 3; fi
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
docker=$(command -v docker)
dockerd=$(command -v dockerd || echo /usr/sbin/dockerd)
ssh_bin=$(command -v ssh)

hash=$(printf '%s' "$dir" | cksum | cut -d' ' -f1)
base=$((20000 + hash % 20000 / 4 * 4))
ssh_port=$base nodocker_port=$((base + 1)) tls_port=$((base + 2))

# --- sshd ------------------------------------------------------------------------------------
s=$f/sshd
mkdir -p "$s"
chmod 700 "$s"
[[ -f $s/host_key ]] || ssh-keygen -q -t ed25519 -N '' -C fleet-sshd-host -f "$s/host_key"
[[ -f $s/id_ed25519 ]] || ssh-keygen -q -t ed25519 -N '' -C fleet-client -f "$s/id_ed25519"
[[ -f $s/other_key ]] || ssh-keygen -q -t ed25519 -N '' -C fleet-unknown-client -f "$s/other_key"
cp "$s/id_ed25519.pub" "$s/authorized_keys"
mkdir -p "$f/remote-docker-config"
cat >"$s/sshd_config" <<EOF
Port $ssh_port
Port $nodocker_port
ListenAddress 127.0.0.1
HostKey $s/host_key
PidFile $s/sshd.pid
AuthorizedKeysFile $s/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
AllowUsers root
UsePAM no
StrictModes no
PrintMotd no
LogLevel INFO
MaxSessions 100
MaxStartups 100:30:200
SetEnv DOCKER_HOST=unix://$dir/engine-2/docker.sock DOCKER_CONFIG=$f/remote-docker-config
Match LocalPort $nodocker_port
  SetEnv PATH=/nonexistent DOCKER_HOST=unix://$dir/engine-2/docker.sock
EOF
if ! { [[ -f $s/sshd.pid ]] && kill -0 "$(cat "$s/sshd.pid")" 2>/dev/null; }; then
  mkdir -p /run/sshd
  /usr/sbin/sshd -t -f "$s/sshd_config"
  /usr/sbin/sshd -f "$s/sshd_config" -E "$s/sshd.log"
  for _ in $(seq 50); do [[ -f $s/sshd.pid ]] && break; sleep 0.1; done
fi
hostkey=$(cut -d' ' -f1,2 "$s/host_key.pub")
printf '[127.0.0.1]:%s %s\n[127.0.0.1]:%s %s\n' "$ssh_port" "$hostkey" "$nodocker_port" "$hostkey" >"$s/known_hosts"
: >"$s/empty_known_hosts"
# ssh takes the first value it reads for each option: the per-alias blocks come first.
cat >"$s/ssh_config" <<EOF
Host fleet-nodocker
  Port $nodocker_port
Host fleet-wrongkey
  IdentityFile $s/other_key
Host fleet-unknownhost
  UserKnownHostsFile $s/empty_known_hosts
Host fleet-sshd fleet-nodocker fleet-unknownhost
  IdentityFile $s/id_ed25519
Host fleet-sshd fleet-nodocker fleet-wrongkey fleet-unknownhost
  HostName 127.0.0.1
  User root
  IdentitiesOnly yes
  UserKnownHostsFile $s/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking yes
  BatchMode yes
  Port $ssh_port
EOF
mkdir -p "$f/bin"
cat >"$f/bin/ssh" <<EOF
#!/bin/sh
# Test wrapper: the tests' ssh client config (never the machine's ~/.ssh).
exec $ssh_bin -F $s/ssh_config "\$@"
EOF
chmod 755 "$f/bin/ssh"

# --- the TLS engine --------------------------------------------------------------------------
t=$f/engine-tls
mkdir -p "$t/certs"
c=$t/certs
if [[ ! -f $c/client-key.pem ]]; then
  (
    cd "$c"
    openssl req -x509 -newkey rsa:2048 -nodes -keyout ca-key.pem -out ca.pem -days 3650 -subj "/CN=mst-panel test CA" 2>/dev/null
    openssl req -newkey rsa:2048 -nodes -keyout server-key.pem -out server.csr -subj "/CN=127.0.0.1" 2>/dev/null
    printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' >server.ext
    openssl x509 -req -in server.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -out server-cert.pem -days 3650 -extfile server.ext 2>/dev/null
    openssl req -newkey rsa:2048 -nodes -keyout client-key.pem -out client.csr -subj "/CN=mst-panel test client" 2>/dev/null
    printf 'extendedKeyUsage=clientAuth\n' >client.ext
    openssl x509 -req -in client.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -out client-cert.pem -days 3650 -extfile client.ext 2>/dev/null
    # another CA, and a client certificate it signed: the "wrong CA" context
    openssl req -x509 -newkey rsa:2048 -nodes -keyout other-ca-key.pem -out other-ca.pem -days 3650 -subj "/CN=another CA" 2>/dev/null
    openssl req -newkey rsa:2048 -nodes -keyout other-client-key.pem -out other-client.csr -subj "/CN=another client" 2>/dev/null
    openssl x509 -req -in other-client.csr -CA other-ca.pem -CAkey other-ca-key.pem -CAcreateserial -out other-client-cert.pem -days 3650 -extfile client.ext 2>/dev/null
    rm -f ./*.csr
  )
fi
tls_ok() { "$docker" -H "tcp://127.0.0.1:$tls_port" --tlsverify --tlscacert "$c/ca.pem" --tlscert "$c/client-cert.pem" --tlskey "$c/client-key.pem" version >/dev/null 2>&1; }
if ! tls_ok; then
  mkdir -p "$t/data"
  [[ -f $t/data/engine-id ]] || cat /proc/sys/kernel/random/uuid >"$t/data/engine-id"
  id_flags=()
  [[ $("$dockerd" --version) =~ version\ (1[0-9]|2[0-2])\. ]] && id_flags=(--config-file "$t/daemon.json") && printf '{"deprecated-key-path": "%s"}\n' "$t/key.json" >"$t/daemon.json"
  nohup "$dockerd" "${id_flags[@]}" --host "tcp://127.0.0.1:$tls_port" --tlsverify --tlscacert "$c/ca.pem" --tlscert "$c/server-cert.pem" \
    --tlskey "$c/server-key.pem" --data-root "$t/data" --exec-root "$t/exec" --pidfile "$t/docker.pid" \
    --bridge=none --iptables=false >"$t/dockerd.log" 2>&1 &
  for _ in $(seq 150); do tls_ok && break; sleep 0.2; done
  tls_ok || { echo "the TLS engine did not start; see $t/dockerd.log" >&2; tail -20 "$t/dockerd.log" >&2; exit 4; }
fi

# --- the contexts ----------------------------------------------------------------------------
export DOCKER_CONFIG=$f/config
mkdir -p "$DOCKER_CONFIG"
ctx() { "$docker" context inspect "$1" >/dev/null 2>&1 || "$docker" context create "$1" --docker "$2" >/dev/null; }
ctx engine-1 "host=unix://$dir/engine-1/docker.sock"
ctx engine-2 "host=unix://$dir/engine-2/docker.sock"
ctx dead "host=unix://$dir/no-such-engine.sock"
ctx ssh-engine "host=ssh://root@fleet-sshd"
ctx ssh-nodocker "host=ssh://root@fleet-nodocker"
ctx ssh-wrongkey "host=ssh://root@fleet-wrongkey"
ctx ssh-unknownhost "host=ssh://root@fleet-unknownhost"
ctx tls-engine "host=tcp://127.0.0.1:$tls_port,ca=$c/ca.pem,cert=$c/client-cert.pem,key=$c/client-key.pem"
ctx tls-wrong-ca "host=tcp://127.0.0.1:$tls_port,ca=$c/other-ca.pem,cert=$c/other-client-cert.pem,key=$c/other-client-key.pem"
"$docker" context use engine-1 >/dev/null
"$docker" -H "tcp://127.0.0.1:$tls_port" --tlsverify --tlscacert "$c/ca.pem" --tlscert "$c/client-cert.pem" --tlskey "$c/client-key.pem" \
  image inspect mst-test/base:1 >/dev/null 2>&1 ||
  tar -C "$dir/rootfs" -c . | "$docker" -H "tcp://127.0.0.1:$tls_port" --tlsverify --tlscacert "$c/ca.pem" --tlscert "$c/client-cert.pem" \
    --tlskey "$c/client-key.pem" import --change 'ENV PATH=/bin' --change 'CMD ["sh"]' - mst-test/base:1 >/dev/null
echo "export DOCKER_CONFIG=$DOCKER_CONFIG PATH=$f/bin:\$PATH"
