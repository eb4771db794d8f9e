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

display=()
if [[ $(uname -s) == Linux && -z ${DISPLAY:-} ]]; then
  if ! command -v xvfb-run >/dev/null; then
    echo "test.sh: the window tests need a display: install Xvfb (apt-get install xvfb xauth) or set DISPLAY" >&2
    exit 1
  fi
  display=(xvfb-run -a -s "-screen 0 1440x900x24")
fi

reports=app/target/surefire-reports
rm -rf "$reports"
if ${display[@]+"${display[@]}"} ./mvnw -B verify "$@"; then
  exit 0
fi
# All tests share one JVM. JavaFX's scene graph is not thread-safe, and a window test that reads a node
# from its own thread while the FX thread lays it out can leave JavaFX broken for the rest of that JVM,
# so every window test after it fails too. The test classes that failed (each failing test was already
# run again twice in the same JVM) are run once more, each in a JVM of its own: one that fails there
# fails the build. Nothing is run again when no test failed (a compile error, say).
failed=()
if [[ -d $reports ]]; then
  while IFS= read -r f; do
    c=${f##*/TEST-}; failed+=("${c%.xml}")
  done < <(grep -lE '<(error|failure)[ >]' "$reports"/TEST-*.xml 2>/dev/null || true)
fi
if ((${#failed[@]} == 0)); then
  exit 1
fi
list=$(IFS=,; echo "${failed[*]}")
echo "test.sh: ${#failed[@]} test classes failed: running them again, each in a JVM of its own: $list" >&2
${display[@]+"${display[@]}"} ./mvnw -B verify "$@" -Dtest="$list" -Dsurefire.failIfNoSpecifiedTests=false -DreuseForks=false
echo "test.sh: the ${#failed[@]} test classes that failed in the shared JVM passed in JVMs of their own: $list" >&2
