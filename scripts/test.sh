#!/usr/bin/env bash
# The README's test command: prepares what the tests need where it can, then runs them all.
#
#   scripts/test.sh [extra Maven arguments, e.g. -Dtest='RunReplayTest']
#
# On Debian/Ubuntu as root it installs the packages the tests need (a JDK, docker.io and
# busybox-static for the private engines, openssh-server and openssl for the sshd and TLS engine, Xvfb and the libraries JavaFX needs); the tests start
# their own private Docker engines through scripts/test-engines.sh. Maven comes from ./mvnw.
# Elsewhere it says what is missing and how to get it, then runs what can run (without the
# engines, the integration tests are skipped with the reason; under CI=true they fail).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(openjdk-17-jdk-headless docker.io busybox-static xvfb xauth libgtk-3-0 libxtst6 libgl1 openssh-server openssh-client openssl)
if command -v dpkg >/dev/null && command -v apt-get >/dev/null; then
  missing=()
  for p in "${packages[@]}"; do
    # any dockerd will do (Docker's own docker-ce conflicts with Debian's docker.io: never replace it)
    [[ $p == docker.io ]] && { command -v dockerd >/dev/null || [[ -x /usr/sbin/dockerd ]]; } && continue
    [[ $p == busybox-static && -x /bin/busybox ]] && continue
    # a JDK 17+ from elsewhere (SDKMAN, Temurin) will do too
    [[ $p == openjdk-17-jdk-headless ]] && command -v javac >/dev/null && continue
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if ((${#missing[@]})); then
    if [[ $(id -u) == 0 ]]; then
      echo "test.sh: installing ${missing[*]}" >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq
      apt-get install -y -qq "${missing[@]}" >/dev/null
    else
      echo "test.sh: missing ${missing[*]}: install them with  sudo apt-get install ${missing[*]}  (or run this as root)" >&2
    fi
  fi
fi

if ! command -v java >/dev/null || ! java -version 2>&1 | grep -Eq 'version "(1[7-9]|[2-9][0-9])'; then
  echo "test.sh: needs a JDK 17 or later on PATH (Debian/Ubuntu: apt-get install openjdk-17-jdk-headless; macOS: brew install openjdk@17, then export PATH=\"$(brew --prefix openjdk@17)/bin:$PATH\")" >&2
  exit 1
fi
if [[ $(uname -s) == Linux && $(id -u) != 0 ]]; then
  echo "test.sh: not root: the private Docker engines cannot start, so the integration tests are skipped (run as root for all of them)" >&2
fi

if [[ $(uname -s) == Linux && -z ${DISPLAY:-} ]]; then
  if ! command -v xvfb-run >/dev/null; then
    echo "test.sh: the window tests need a display: install Xvfb (apt-get install xvfb xauth) or set DISPLAY" >&2
    exit 1
  fi
  exec xvfb-run -a -s "-screen 0 1440x900x24" ./mvnw -B verify "$@"
fi
exec ./mvnw -B verify "$@"
